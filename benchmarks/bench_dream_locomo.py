"""What Dream puts in the wiki from LoCoMo conversations, without asking anything.

Captures each conversation into its own memory, dreams until done (extractive engine,
the bundled embedding model) and prints, per conversation and overall:

- gold cited by pages: the share of gold evidence turns (categories 1-4) that some
  page in knowledge/ cites;
- + summaries: the same share counting the session summaries' citations too;
- wiki prose: characters of knowledge/ pages, frontmatter and `## Citations` lines
  excluded, as a share of the characters of the transcripts' turns (and the same with
  the session summaries added);
- pages, and Dream seconds.

Tune on conversations 0-4 (the default, `--split tune`); report 5-9 (`--split report`).

Usage: python benchmarks/bench_dream_locomo.py [--path locomo10.json] [--split tune|report|all]
       [--conversation conv-26]... [--keep DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dream import DreamOptions
from evals.qa import dream_until_done
from evals.qa_data import locomo_units
from ingest.capture import capture_sessions
from memory_schema import init_memory
from memory_schema.links import link_target_for_path
from memory_schema.page import Page
from memory_schema.store import load_pages

DEFAULT_PATH = Path(os.environ.get("BRAIN_BENCH_DIR", "../shared/bench")) / "locomo10.json"
SPLITS = {"tune": range(0, 5), "report": range(5, 10), "all": range(0, 10)}


def prose_chars(page: Page) -> int:
    """A page's text without its citation list: what a reader reads."""
    body = page.body.split("\n## Citations", 1)[0]
    return len(body.strip())


def cited(pages: list[Page]) -> set[tuple[str, str]]:
    out = set()
    for page in pages:
        for d in page.citation_defs():
            target = d.target.removesuffix(".md")
            first, _, last = d.anchor.partition("-")
            if last and first[1:].isdigit() and last[1:].isdigit():
                for n in range(int(first[1:]), int(last[1:]) + 1):
                    out.add((target, f"{first[0]}{n}"))
            else:
                out.add((target, d.anchor))
    return out


def summaries(root: Path) -> list[Page]:
    out = []
    for path in sorted((root / "sessions").rglob("*.summary.md")):
        rel = path.relative_to(root).as_posix()
        out.append(Page.parse(path.read_text(encoding="utf-8"), rel))
    return out


def run_unit(unit: Any, workdir: Path) -> dict[str, Any]:
    from search import get_embedder

    root = workdir / unit.id
    repo, _ = init_memory(root)
    report = capture_sessions(repo, unit.sessions)
    if not report.ok:
        raise SystemExit(f"{unit.id}: capture rejected {report.rejected[0].message}")
    t0 = time.perf_counter()
    options = DreamOptions(engine="extractive", embedder=get_embedder(), today=unit.today)
    runs = dream_until_done(repo, options)
    seconds = time.perf_counter() - t0
    pages = load_pages(root)
    sums = summaries(root)
    wiki = cited(pages)
    both = wiki | cited(sums)
    gold = {
        (link_target_for_path(path).removesuffix(".md"), anchor)
        for q in unit.questions
        if q.locomo_category in (1, 2, 3, 4)
        for path, anchor in q.evidence
    }
    turn_chars = sum(len(t.content) for s in unit.sessions for t in s.turns)
    removed = sum(len(r.claims_removed) for r in runs)
    return {
        "conversation": unit.id,
        "gold": len(gold),
        "gold_in_pages": len(gold & wiki),
        "gold_in_pages_summaries": len(gold & both),
        "pages": len(pages),
        "wiki_chars": sum(prose_chars(p) for p in pages),
        "summary_chars": sum(prose_chars(p) for p in sums),
        "transcript_chars": turn_chars,
        "claims_removed": removed,
        "dream_seconds": round(seconds, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--path", type=Path, default=DEFAULT_PATH)
    ap.add_argument("--split", choices=sorted(SPLITS), default="tune")
    ap.add_argument("--conversation", action="append", default=[])
    ap.add_argument("--keep", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not args.path.exists():
        raise SystemExit(f"LoCoMo file not found: {args.path} (--path or BRAIN_BENCH_DIR)")
    units = locomo_units(args.path)
    chosen = set(args.conversation) or {units[k].id for k in SPLITS[args.split]}
    units = [u for u in units if u.id in chosen]
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="bench-dream-locomo-"))
    rows = []
    for unit in units:
        rows.append(run_unit(unit, workdir))
        if not args.json:
            r = rows[-1]
            print(
                f"{r['conversation']:>8}  gold {r['gold']:4d}  pages {pct(r, 'gold_in_pages')}"
                f"  +summaries {pct(r, 'gold_in_pages_summaries')}"
                f"  prose {100 * r['wiki_chars'] / r['transcript_chars']:5.1f}%"
                f" +summaries {share(r, 'wiki_chars', 'summary_chars'):5.1f}%"
                f"  pages {r['pages']:3d}  removed {r['claims_removed']:3d}"
                f"  {r['dream_seconds']:6.1f}s",
                flush=True,
            )
    total = {k: sum(r[k] for r in rows) for k in rows[0] if k != "conversation"}
    summary = {
        "conversations": [r["conversation"] for r in rows],
        "gold_cited_by_pages": total["gold_in_pages"] / total["gold"],
        "gold_cited_by_pages_and_summaries": total["gold_in_pages_summaries"] / total["gold"],
        "wiki_prose_share": total["wiki_chars"] / total["transcript_chars"],
        "wiki_and_summaries_prose_share": (total["wiki_chars"] + total["summary_chars"])
        / total["transcript_chars"],
        "pages_per_conversation": total["pages"] / len(rows),
        "claims_removed": total["claims_removed"],
        "dream_seconds": round(total["dream_seconds"], 1),
        "rows": rows,
        "workdir": str(workdir),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(
        f"\nall ({len(rows)} conversations): gold cited by pages "
        f"{100 * summary['gold_cited_by_pages']:.1f}%, pages+summaries "
        f"{100 * summary['gold_cited_by_pages_and_summaries']:.1f}%, wiki prose "
        f"{100 * summary['wiki_prose_share']:.1f}% of transcripts "
        f"({100 * summary['wiki_and_summaries_prose_share']:.1f}% with summaries), "
        f"{summary['pages_per_conversation']:.1f} pages per conversation, "
        f"{summary['claims_removed']} claims removed, Dream {summary['dream_seconds']} s"
    )
    if args.keep:
        print(f"memories kept in {workdir}")


def share(row: dict[str, Any], *keys: str) -> float:
    return 100 * sum(row[k] for k in keys) / row["transcript_chars"]


def pct(row: dict[str, Any], key: str) -> str:
    return f"{100 * row[key] / max(row['gold'], 1):5.1f}%"


if __name__ == "__main__":
    main()
