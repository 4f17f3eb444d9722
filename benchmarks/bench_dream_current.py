"""Do the owner's profile pages state the current values the hand-written personas ask for?

Reads the memories `brain eval qa --dataset handwritten --out OUT` built (OUT/memories)
and, for every knowledge-update question, prints whether an acceptable answer is in the
"## Current" section of a `type: profile` page, and whether a stale value is in its
"## History". Dream-only: what the reader answers does not count here.

Usage: python benchmarks/bench_dream_current.py OUT/memories [--condition wiki-on] [-v]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evals.handwritten import load_persona, persona_dirs


def says(text: str, value: str) -> bool:
    """`value` as whole words of `text` ("ER" is not in "red bull era")."""
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text) is not None


def section(text: str, name: str) -> str:
    m = re.search(rf"^## {name}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("memories", type=Path)
    ap.add_argument("--condition", default="wiki-on")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    right = historic = total = 0
    for d in persona_dirs():
        p = load_persona(d)
        root = args.memories / p.slug / args.condition
        if not root.is_dir():
            continue
        pages = [f.read_text("utf-8") for f in (root / "knowledge").rglob("*.md")]
        profiles = [t for t in pages if re.search(r"^type: profile$", t, re.M)]
        current = "\n".join(section(t, "Current") for t in profiles).lower()
        history = "\n".join(section(t, "History") for t in profiles).lower()
        print(f"{p.slug}")
        if args.verbose:
            print(current.rstrip() or "  (no Current section)")
        for q in p.questions:
            if q.category != "knowledge-update":
                continue
            total += 1
            ok = any(says(current, a) for a in q.answers)
            old = any(says(history, s) for s in q.stale)
            right += ok
            historic += old
            mark = "current" if ok else "-------"
            print(f"  {mark} {'history' if old else '-------'}  {q.id} {q.question}")
    print(f"\nnew value in Current: {right} of {total}; old in History: {historic} of {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
