"""Grep over a 10,000-file working set: on the host, through each sandbox backend, and
file by file from Git's object store; and the time to materialize 50 files.

    .venv/bin/python benchmarks/bench_sandbox.py [--files 10000] [--runs 5]
        [--backends local,bwrap,docker] [--json out.json]

The corpus is synthetic but real memory: N session transcripts rendered by
memory_schema, committed to a memory repo, a rare word planted in 25 of them. The
working set is a sparse checkout (sandbox.workingset) holding all of them.

Rows:
- host rg: ripgrep run directly, no sandbox (the floor).
- sandbox <backend>: the same `rg` through Sandbox.run (bwrap starts fresh namespaces per
  command; docker execs into a running container, its start time is shown apart).
- git show per file: every file read with one `git show HEAD:path`, as a remote
  filesystem makes every read a round trip, then searched in Python.
- git cat-file --batch: the same reads over one pipe (the best an object store does).
Materialize: WorkingSet.materialize of 50 session files in one batch (what the Memory
Agent does after its search), and MemoryAgent.run given 50 hits (search excluded:
building a dense index over 10,000 files takes minutes and is measured by search's
own benchmark).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORD = "zephyrine"
PLANTED = 25
TOPICS = [
    "the quarterly roadmap", "a flaky integration test", "moving to a new flat",
    "the dog's vet visit", "a conference talk", "migrating the ETL jobs", "a climbing trip",
    "the book club pick", "budget approvals", "the on-call rotation", "learning Portuguese",
    "a birthday dinner",
]  # fmt: skip


def build_corpus(base: Path, n: int, seed: int = 7) -> tuple[Path, list[str]]:
    """A memory repo with n session files; returns (root, paths with the planted word)."""
    from memory_schema import Session, Turn, init_memory

    rng = random.Random(seed)
    repo, _ = init_memory(base / "memory")
    planted = set(rng.sample(range(n), PLANTED))
    start = dt.datetime(2024, 1, 1, 9, 0)
    paths = []
    for i in range(n):
        when = start + dt.timedelta(hours=7 * i)
        topic = rng.choice(TOPICS)
        turns = []
        for j in range(6):
            text = (
                f"Turn {j} of session {i}: we talked about {topic}, "
                f"what happened since {when:%B %d} and what to do next. "
                + " ".join(rng.choice(TOPICS) for _ in range(4))
            )
            if i in planted and j == 3:
                text += f" The code name is {WORD}."
            role = "user" if j % 2 == 0 else "assistant"
            turns.append(Turn(role=role, content=text, at=when + dt.timedelta(minutes=j)))
        sid = f"{when:%Y-%m-%d}-s{i:05d}"
        session = Session(id=sid, title=f"Session {i}", format="brain", turns=turns, started=when)
        path = repo.root / session.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(session.render(), encoding="utf-8")
        paths.append(session.path)
    # One commit of synthetic data (the benchmark's setup, not a user's write).
    subprocess.run(["git", "add", "-A"], cwd=repo.root, check=True)
    subprocess.run(["git", "commit", "-q", "-m", f"bench: {n} sessions"], cwd=repo.root, check=True)
    return repo.root, [paths[i] for i in sorted(planted)]


def timed(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    """Median seconds over `runs` calls, and the last result."""
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def files_with_word(out: bytes) -> set[str]:
    return {line for line in out.decode().splitlines() if line}


def bench_grep(ws_root: Path, backends: list[str], runs: int, want: set[str]) -> list[dict]:
    from sandbox import open_sandbox
    from sandbox.errors import SandboxUnavailable

    rows = []
    argv = ["rg", "-l", "--sort=path", WORD]

    def host() -> set[str]:
        proc = subprocess.run(argv, cwd=ws_root, capture_output=True, check=False)
        return files_with_word(proc.stdout)

    secs, found = timed(host, runs)
    rows.append({"how": "host rg (no sandbox)", "seconds": secs, "files_found": len(found)})
    assert found == want, "host rg found the wrong files"

    def host_grep() -> set[str]:
        proc = subprocess.run(
            ["grep", "-rl", "--exclude-dir=.git", WORD, "."], cwd=ws_root, capture_output=True
        )
        return {p[2:] for p in files_with_word(proc.stdout)}

    secs, found = timed(host_grep, runs)
    rows.append({"how": "host grep -r (no sandbox)", "seconds": secs, "files_found": len(found)})

    for backend in backends:
        t0 = time.perf_counter()
        try:
            box = open_sandbox(backend, ws_root)
        except SandboxUnavailable as exc:
            rows.append({"how": f"sandbox {backend}", "skipped": str(exc)})
            continue
        started = time.perf_counter() - t0
        try:
            secs, found = timed(lambda box=box: files_with_word(box.run(argv).stdout), runs)
        finally:
            box.close()
        assert found == want, f"{backend} found the wrong files"
        row = {"how": f"sandbox {backend}", "seconds": secs, "files_found": len(found)}
        row["open_seconds"] = started
        rows.append(row)
    return rows


def bench_object_store(memory: Path, paths: list[str], want: set[str]) -> list[dict]:
    rows = []
    t0 = time.perf_counter()
    found = set()
    for rel in paths:
        proc = subprocess.run(
            ["git", "show", f"HEAD:{rel}"], cwd=memory, capture_output=True, check=True
        )
        if WORD.encode() in proc.stdout:
            found.add(rel)
    secs = time.perf_counter() - t0
    assert found == want, "git show found the wrong files"
    rows.append({"how": "git show per file", "seconds": secs, "files_found": len(found)})

    t0 = time.perf_counter()
    request = "".join(f"HEAD:{rel}\n" for rel in paths).encode()
    proc = subprocess.run(
        ["git", "cat-file", "--batch"], cwd=memory, input=request, capture_output=True, check=True
    )
    found, data, pos = set(), proc.stdout, 0
    for rel in paths:
        header_end = data.index(b"\n", pos)
        size = int(data[pos:header_end].split()[2])
        body = data[header_end + 1 : header_end + 1 + size]
        pos = header_end + 1 + size + 1
        if WORD.encode() in body:
            found.add(rel)
    secs = time.perf_counter() - t0
    assert found == want, "cat-file found the wrong files"
    rows.append({"how": "git cat-file --batch", "seconds": secs, "files_found": len(found)})
    return rows


def bench_materialize(memory: Path, paths: list[str], runs: int, base: Path) -> list[dict]:
    from agent.memory_agent import MemoryAgent
    from sandbox.workingset import InitialMap, WorkingSet
    from search.models import Hit

    rng = random.Random(11)
    rows = []
    ws_times, agent_times, create_times = [], [], []
    for r in range(runs):
        chosen = rng.sample(paths, 50)
        t0 = time.perf_counter()
        ws = WorkingSet.create(memory, base / f"ws-m{r}", InitialMap(recent_sessions=0))
        create_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        placed = ws.materialize(chosen)
        ws_times.append(time.perf_counter() - t0)
        assert sorted(placed) == sorted(chosen), "materialize placed the wrong files"
        ws.close()

        chosen = rng.sample(paths, 50)
        hits = [Hit(path=p, anchor="t2", kind="session", text="", score=1.0) for p in chosen]
        ws = WorkingSet.create(memory, base / f"ws-a{r}", InitialMap(recent_sessions=0))
        agent = MemoryAgent(memory, searcher=_GivenHits(hits), workset=ws, k=50)
        t0 = time.perf_counter()
        report = agent.run("what happened")
        agent_times.append(time.perf_counter() - t0)
        assert len(report.materialized) == 50, "the Memory Agent did not materialize 50 files"
        ws.close()
    rows.append(
        {"how": "working set create (initial map)", "seconds": statistics.median(create_times)}
    )
    rows.append({"how": "WorkingSet.materialize(50 files)", "seconds": statistics.median(ws_times)})
    rows.append(
        {
            "how": "MemoryAgent.run, 50 hits given (no search)",
            "seconds": statistics.median(agent_times),
        }
    )
    return rows


class _GivenHits:
    """The search step replaced by a fixed hit list, so only the agent's own work is timed."""

    def __init__(self, hits: list[Any]):
        self.hits = hits

    def search(self, query: str, *, k: int = 10, **filters: Any) -> list[Any]:
        return self.hits[:k]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--backends", default="local,bwrap,docker")
    parser.add_argument("--json", type=Path, default=None, help="Also write results here.")
    args = parser.parse_args()

    from sandbox.workingset import InitialMap, WorkingSet

    with tempfile.TemporaryDirectory(prefix="bench-sandbox-") as tmp:
        base = Path(tmp)
        t0 = time.perf_counter()
        memory, planted = build_corpus(base, args.files)
        print(f"corpus: {args.files} sessions in {time.perf_counter() - t0:.1f}s", flush=True)
        t0 = time.perf_counter()
        ws = WorkingSet.create(memory, base / "ws", InitialMap(include=("sessions/",)))
        n_files = len(ws.paths())
        print(f"working set: {n_files} files in {time.perf_counter() - t0:.1f}s", flush=True)
        want = set(planted)
        backends = [b for b in args.backends.split(",") if b]
        grep_rows = bench_grep(ws.root, backends, args.runs, want)
        all_paths = ws.paths()
        store_rows = bench_object_store(memory, all_paths, want)
        sessions = [p for p in all_paths if p.startswith("sessions/") and p.endswith(".md")]
        mat_rows = bench_materialize(memory, sessions, max(1, args.runs // 2), base)
        ws.close()

    floor = grep_rows[0]["seconds"]
    print(f"\ngrep for one word over {n_files} files ({PLANTED} match), median of {args.runs}:")
    print(f"{'how':<30} {'seconds':>9} {'x host rg':>10}  notes")
    for row in grep_rows + store_rows:
        if "skipped" in row:
            print(f"{row['how']:<30} {'-':>9} {'-':>10}  skipped: {row['skipped']}")
            continue
        row["ratio"] = row["seconds"] / floor
        note = f"open {row['open_seconds']:.2f}s" if "open_seconds" in row else ""
        print(f"{row['how']:<30} {row['seconds']:>9.3f} {row['ratio']:>10.1f}  {note}")
    print("\nmaterialize (median):")
    for row in mat_rows:
        print(f"{row['how']:<44} {row['seconds']:>7.3f} s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {"files": n_files, "grep": grep_rows + store_rows, "materialize": mat_rows},
                indent=2,
            )
        )


if __name__ == "__main__":
    main()
