"""Dream's cost grows with what is new, not with history.

Builds two memories of one user's chats (a recurring cast of people, employers, places
and tools), with 20 and with 200 sessions already dreamt, then adds the same 5 new
sessions to each and times the Dream run that consumes them. Prints the figures side by
side. Usage: python benchmarks/bench_dream.py [--existing 20,200] [--new 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dream import DreamOptions, Limits, run_dream
from memory_schema import MemoryRepo, Session, Turn, init_memory

PEOPLE = ["Tom Baker", "Anna Lee", "Ravi Shah", "Lena Vogel", "Omar Haddad", "Chloe Martin"]
ORGS = ["Acme Corp", "Northwind Labs", "Globex", "Initech", "Umbrella Health"]
PLACES = ["Lisbon", "Porto", "Berlin", "Madrid", "Oslo"]
TOOLS = ["Jenkins", "GitHub Actions", "CircleCI", "Buildkite"]
RELS = ["friend", "colleague", "sister", "cousin", "mentor", "neighbor"]


def chat(i: int, rng: random.Random, start: dt.date) -> Session:
    day = start + dt.timedelta(days=i)
    when = dt.datetime.combine(day, dt.time(9, 0))
    person, org, place = rng.choice(PEOPLE), rng.choice(ORGS), rng.choice(PLACES)
    lines = [
        f"My {rng.choice(RELS)} {person} now works at {org}.",
        "That sounds like a good move.",
        f"I went to a meetup in {place} yesterday with {person.split()[0]}.",
        "How was it?",
        rng.choice(
            [
                f"We replaced {rng.choice(TOOLS)} with {rng.choice(TOOLS)} for CI.",
                f"I live in {place}.",
                "I prefer short answers with examples.",
                f"I work as a data engineer at {org}.",
            ]
        ),
        "Noted.",
        f"We decided to move the reporting jobs to {org} servers next month.",
    ]
    turns = [
        Turn(
            role="user" if k % 2 == 0 else "assistant",
            content=text,
            speaker="Maya" if k % 2 == 0 else None,
            at=when + dt.timedelta(minutes=k),
        )
        for k, text in enumerate(lines)
    ]
    return Session(id=f"chat-{i:05d}", title=f"Chat {i}", format="brain", turns=turns, started=when)


def add(repo: MemoryRepo, sessions: list[Session]) -> None:
    with repo.transaction("bench: capture", {"Brain-Command": "bench"}) as tx:
        for s in sessions:
            tx.write(s.path, s.render())


def measure(existing: int, new: int, repeat: int, workdir: Path) -> dict[str, float]:
    times, files, pages = [], [], []
    for r in range(repeat):
        rng = random.Random(existing * 1000 + r)
        repo, _ = init_memory(workdir / f"mem-{existing}-{r}")
        start = dt.date(2025, 1, 1)
        add(repo, [chat(i, rng, start) for i in range(existing)])
        run_dream(repo, DreamOptions(limits=Limits(max_sessions=100_000)))  # history, not timed
        add(repo, [chat(existing + i, rng, start) for i in range(new)])
        t0 = time.perf_counter()
        result = run_dream(repo, DreamOptions())
        times.append(time.perf_counter() - t0)
        assert result.committed and len(result.sessions_summarized) == new
        files.append(len(repo.git("show", "--name-only", "--format=", "HEAD").split("\n")) - 1)
        pages.append(len(list((repo.root / "knowledge").rglob("*.md"))))
    return {
        "seconds": statistics.median(times),
        "min": min(times),
        "files": statistics.median(files),
        "pages": statistics.median(pages),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--existing", default="20,200", help="comma-separated history sizes")
    ap.add_argument("--new", type=int, default=5, help="new sessions per run")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    os.environ.setdefault("BRAIN_DREAM_EMBED", "0")
    sizes = [int(x) for x in args.existing.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench-dream-") as tmp:
        rows = [(n, measure(n, args.new, args.repeat, Path(tmp))) for n in sizes]
    print(f"Dream run over {args.new} new sessions (extractive engine, median of {args.repeat})")
    print(
        f"{'existing sessions':>18} {'wiki pages':>11} {'files committed':>16} "
        f"{'seconds (median)':>17} {'seconds (min)':>14}"
    )
    for n, m in rows:
        print(
            f"{n:>18} {m['pages']:>11.0f} {m['files']:>16.0f} {m['seconds']:>17.3f} "
            f"{m['min']:>14.3f}"
        )
    if len(rows) >= 2:
        first, last = rows[0], rows[-1]
        ratio = last[1]["seconds"] / first[1]["seconds"]
        print(f"history x{last[0] / first[0]:.0f} -> Dream run time x{ratio:.2f}")


if __name__ == "__main__":
    main()
