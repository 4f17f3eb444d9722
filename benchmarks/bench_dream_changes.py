"""Do changes of value said indirectly reach the owner's profile page?

Each folder of `evals/changes/` is one person's chats (Brain JSONL and Markdown
transcripts, lowercase, as people type) and `expected.yaml`, the values its profile
page's "## Current" and "## History" should hold, and words that are no value
(`absent`: "wednesdays" said with a habit) that neither should hold. The folder is
captured and dreamt with the CLI (`brain init`, `brain capture session`, `brain dream`)
in a temporary memory, and every expected value is looked up on the `type: profile`
pages. A folder's `questions.yaml`, when there is one, is then asked of that memory
with the extractive engine (`brain ask`): right when the answer's first line names one
of `answers` and none of `stale`, or, for a question with no `answers`, when it is
declined. Folders named `check-*` are kept aside: nobody tunes on them, and their
figures are printed apart. A folder's `owner.txt` names whose memory it is (`brain init
--owner`), so that questions may name them ("where does callum work now?"); its
`learns.txt` names whom Dream should learn is the owner when nobody set one (a name
the user signs), checked in `.brain/config.yaml`.

Usage: python benchmarks/bench_dream_changes.py [-v] [--keep DIR] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

import yaml
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from brain.cli import cli

CASES = Path(__file__).resolve().parent.parent / "evals" / "changes"


def says(text: str, value: str) -> bool:
    """`value` as whole words of `text`."""
    return re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", text.lower()) is not None


def section(text: str, name: str) -> str:
    m = re.search(rf"^## {name}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


def dreamt(case: Path, memory: Path) -> list[str]:
    """The case's profile pages after init, capture and dream."""
    run = CliRunner()
    owner = case / "owner.txt"
    for args in (
        ["init", str(memory), *(["--owner", owner.read_text().strip()] if owner.is_file() else [])],
        ["capture", "session", *map(str, sorted(case.glob("*.md")) + sorted(case.glob("*.jsonl"))),
         "--memory", str(memory)],
        ["dream", "--memory", str(memory)],
    ):  # fmt: skip
        out = run.invoke(cli, args)
        if out.exit_code != 0:
            raise SystemExit(f"brain {' '.join(args[:2])}: {out.output}{out.exception or ''}")
    pages = [f.read_text("utf-8") for f in (memory / "knowledge").rglob("*.md")]
    return [t for t in pages if re.search(r"^type: profile$", t, re.M)]


def score(case: Path, profiles: list[str], verbose: bool) -> tuple[int, ...]:
    """(current right, current expected, history right, history expected, no-values kept
    out, no-values listed)."""
    current = "\n".join(section(t, "Current") for t in profiles)
    history = "\n".join(section(t, "History") for t in profiles)
    if verbose:
        print(f"{case.name}\n## Current\n{current.rstrip()}\n## History\n{history.rstrip()}")
    right = total = hright = htotal = aright = atotal = 0
    for item in yaml.safe_load((case / "expected.yaml").read_text()):
        olds = item.get("history", [])
        marks = []
        if item.get("current"):
            total += 1
            ok = says(current, item["current"]) and not any(says(current, o) for o in olds)
            right += ok
            marks.append(f"current {'ok' if ok else '--'}")
        for old in olds:
            htotal += 1
            line = next((x for x in history.splitlines() if says(x, old)), "")
            when = (item.get("ended") or {}).get(old)
            ok = bool(line) and (when is None or f"to {when}" in line)
            hright += ok
            marks.append(f"history {old} {'ok' if ok else '--'}")
        for word in item.get("absent", []):
            atotal += 1
            ok = not says(current, word) and not says(history, word)
            aright += ok
            marks.append(f"absent {word} {'ok' if ok else '--'}")
        print(f"  {case.name}: {item['what']}: {', '.join(marks)}")
    return right, total, hright, htotal, aright, atotal


def asked(case: Path, memory: Path, verbose: bool) -> tuple[int, int]:
    """(right, asked) over the case's questions, asked of its dreamt memory."""
    from agent.runner import Agent, AgentSettings
    from evals import metrics as m
    from search import open_index

    file = case / "questions.yaml"
    if not file.is_file():
        return 0, 0
    index = open_index(memory)
    index.update()
    right = total = 0
    try:
        for item in yaml.safe_load(file.read_text()):
            with Agent(memory, AgentSettings(engine="extractive"), record=False,
                       searcher=index) as agent:  # fmt: skip
                answer = agent.ask(item["question"])
            top = m.first_line(m.strip_citations(answer.text))
            declined = answer.stop_reason == "no-support"
            golds = item.get("answers") or []
            if golds:
                ok = not declined and m.contains(top, golds)
                ok = ok and not m.contains(top, item.get("stale") or [])
            else:
                ok = declined
            right += ok
            total += 1
            said = "(declined)" if declined else top
            print(f"  {case.name}: {'ok' if ok else '--'} {item['question']} -> {said[:90]}")
            if verbose and not ok:
                print(f"      {answer.text[:400]!r}")
    finally:
        index.close()
    return right, total


def learned(case: Path, memory: Path) -> tuple[int, int]:
    """(1 when Dream recorded the owner `learns.txt` names, else 0; 1 when there is one)."""
    from memory_schema.memory_config import read_config

    file = case / "learns.txt"
    if not file.is_file():
        return 0, 0
    want, got = file.read_text().strip(), read_config(memory).owner
    print(f"  {case.name}: owner learned {'ok' if got == want else '--'} ({got!r})")
    return int(got == want), 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--keep", type=Path, help="build the memories here and keep them")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these folders")
    args = ap.parse_args()
    sums = {"tuned": [0] * 10, "checks": [0] * 10}
    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp)
        for case in sorted(p for p in CASES.iterdir() if (p / "expected.yaml").is_file()):
            if args.only and case.name not in args.only:
                continue
            memory = root / case.name
            got = score(case, dreamt(case, memory), args.verbose)
            got += asked(case, memory, args.verbose)
            got += learned(case, memory)
            part = "checks" if case.name.startswith("check-") else "tuned"
            sums[part] = [a + b for a, b in zip(sums[part], got, strict=True)]
    for part, s in sums.items():
        print(f"\n{part}:")
        print(f"new value in Current (old one not): {s[0]} of {s[1]}")
        print(f"old value in History (dated as said): {s[2]} of {s[3]}")
        print(f"no value made of words that are none: {s[4]} of {s[5]}")
        print(f"questions answered right (or declined): {s[6]} of {s[7]}")
        print(f"owner learned from the chats: {s[8]} of {s[9]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
