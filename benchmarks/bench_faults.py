"""Fault injection: kill capture, remember, dream and forget at every step of the write path.

Each run copies a prepared memory (one session dreamt, one captured and waiting for the
next Dream), starts one `brain` command with `BRAIN_FAULT_AT=STEP` so that it dies by
SIGKILL at that step (before and after the blobs, tree, commit, journal, inside and
after `update-ref`, half-way through and after the working-tree update, after the index
reset, after the journal is removed; see memory_schema/faults.py), then checks:

- left valid: right after the kill, `git fsck` passes and the tree at HEAD passes the
  validators (HEAD is the old commit or one complete new one);
- recovered: the next command, of a rotating kind (validate, index, search, remember,
  dream), exits 0 and leaves the working tree equal to HEAD, no journal, no git lock,
  no `brain-txn-*` folder;
- data lost: the old HEAD is not an ancestor of the final HEAD, or a file of memory
  (knowledge/, notes/, sessions/, sources/) at the old HEAD is missing at the end, or
  the killed command's commit landed but its files are not in the working tree. Must
  be 0.

    python benchmarks/bench_faults.py [--reps 3] [--json]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dream import DreamOptions, run_dream  # noqa: E402
from memory_schema import MemoryRepo, init_memory  # noqa: E402
from memory_schema.faults import STEPS  # noqa: E402
from memory_schema.recovery import git_lock_files  # noqa: E402
from tests.test_dream_support import JUNE, MAY, add_sessions  # noqa: E402
from validators import validate_tree  # noqa: E402

BRAIN = [sys.executable, "-m", "brain.cli"]
KEPT = ("knowledge/", "notes/", "sessions/", "sources/")
NEXT_COMMANDS = ("validate", "index", "search", "remember", "dream")


def _env(fault: str | None = None) -> dict[str, str]:
    env = {**os.environ, "BRAIN_DREAM_EMBED": "0", "PYTHONPATH": str(ROOT)}
    env.pop("BRAIN_FAULT_AT", None)
    if fault:
        env["BRAIN_FAULT_AT"] = fault
    return env


def prepare(base: Path) -> Path:
    """A memory with one dreamt session and one captured, waiting for Dream."""
    repo, _ = init_memory(base / "memory")
    add_sessions(repo, MAY)
    run_dream(repo, DreamOptions())
    add_sessions(repo, JUNE)
    return repo.root


def command_argv(kind: str, run: int, work: Path) -> list[str]:
    if kind == "capture":
        session = work / f"chat-{run}.jsonl"
        turns = [{"role": "user", "content": f"I adopted a cat called Pixel{run} today."}]
        obj = {"id": f"bench-{run}", "started_at": "2026-07-01T10:00:00", "turns": turns}
        session.write_text(json.dumps(obj) + "\n")
        return ["capture", "session", str(session)]
    if kind == "remember":
        return ["remember", f"The spare key {run} is under the blue pot."]
    if kind == "dream":
        return ["dream"]
    if kind == "forget":
        return ["forget", "short answers"]
    if kind == "validate":
        return ["validate"]
    if kind == "index":
        return ["index", "--no-embed"]
    if kind == "search":
        return ["search", "Maya", "--method", "bm25"]
    raise ValueError(kind)


def brain(args: list[str], memory: Path, fault: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*BRAIN, *args, "--memory", str(memory)],
        capture_output=True,
        text=True,
        env=_env(fault),
        timeout=600,
    )


def git(memory: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(
        ["git", *args], cwd=memory, capture_output=True, text=True, check=check
    ).stdout


def head_valid(memory: Path, scratch: Path) -> bool:
    if subprocess.run(["git", "fsck", "--no-progress"], cwd=memory, capture_output=True).returncode:
        return False
    data = subprocess.run(
        ["git", "archive", "--format=tar", "HEAD"], cwd=memory, capture_output=True
    ).stdout
    dest = Path(tempfile.mkdtemp(dir=scratch))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    ok = validate_tree(dest).ok
    shutil.rmtree(dest, ignore_errors=True)
    return ok


def clean(memory: Path) -> bool:
    repo = MemoryRepo(memory)
    gitdir = memory / ".git"
    leftovers = (
        (gitdir / "brain-journal.json").exists()
        or any(gitdir.glob("brain-txn-*"))
        or bool(git_lock_files(gitdir))
    )
    status = [
        line
        for line in git(memory, "status", "--porcelain").splitlines()
        if not line.endswith(".brain-tmp")
    ]
    return not leftovers and not status and repo.head() is not None


def tree_files(memory: Path, rev: str) -> set[str]:
    out = git(memory, "ls-tree", "-r", "-z", "--name-only", rev)
    return {p for p in out.split("\0") if p.startswith(KEPT)}


def one_run(base: Path, scratch: Path, kind: str, step: str, nth: int, run: int) -> dict:
    work = Path(tempfile.mkdtemp(dir=scratch))
    memory = work / "memory"
    shutil.copytree(base, memory, symlinks=True)
    old = git(memory, "rev-parse", "HEAD").strip()
    before = tree_files(memory, old)
    killed = brain(command_argv(kind, run, work), memory, f"{step}@{nth}")
    was_killed = killed.returncode == -9
    valid = head_valid(memory, scratch)
    after_kill = git(memory, "rev-parse", "HEAD").strip()
    landed = after_kill != old
    nxt = NEXT_COMMANDS[run % len(NEXT_COMMANDS)]
    follow = brain(command_argv(nxt, run + 10_000, work), memory)
    recovered = follow.returncode == 0 and clean(memory)
    final = git(memory, "rev-parse", "HEAD").strip()
    ancestor = (
        subprocess.run(
            ["git", "merge-base", "--is-ancestor", old, final], cwd=memory, capture_output=True
        ).returncode
        == 0
    )
    missing = before - tree_files(memory, final)
    landed_missing = False
    if landed:
        changed = git(memory, "diff", "--name-only", "-z", "--no-renames", old, after_kill)
        for rel in (p for p in changed.split("\0") if p):
            shown = subprocess.run(
                ["git", "cat-file", "-e", f"{final}:{rel}"], cwd=memory, capture_output=True
            )
            if shown.returncode == 0 and not (memory / rel).exists():
                landed_missing = True
    lost = (not ancestor) or bool(missing) or landed_missing
    shutil.rmtree(work, ignore_errors=True)
    return {
        "command": kind,
        "step": f"{step}@{nth}",
        "killed": was_killed,
        "valid": valid,
        "landed": landed,
        "next": nxt,
        "recovered": recovered,
        "lost": lost,
        "detail": "" if recovered else (follow.stderr.strip().splitlines() or [""])[-1][:160],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3, help="runs per command and step")
    parser.add_argument("--json", action="store_true", help="print every run as JSON too")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="bench-faults-"))
    started = time.monotonic()
    try:
        base = prepare(scratch / "base")
        runs = []
        n = 0
        for _ in range(args.reps):
            for kind in ("capture", "remember", "dream", "forget"):
                for step in STEPS:
                    runs.append(one_run(base, scratch, kind, step, 1, n))
                    n += 1
                    r = runs[-1]
                    print(
                        f"{r['command']:9} {r['step']:26} killed={r['killed']!s:5} "
                        f"valid={r['valid']!s:5} landed={r['landed']!s:5} next={r['next']:8} "
                        f"recovered={r['recovered']!s:5} lost={r['lost']!s:5} {r['detail']}",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    keys = ("runs", "killed", "valid", "landed", "recovered", "lost")
    table: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in runs:
        for row in (table[r["command"]], table["all"]):
            row["runs"] += 1
            for key in keys[1:]:
                row[key] += r[key]
    elapsed = time.monotonic() - started
    print(f"fault injection: {len(runs)} runs over {len(STEPS)} steps in {elapsed:.0f} s")
    header = ("command", "runs", "killed", "left valid", "commit landed", "recovered", "data lost")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for kind in (*(k for k in table if k != "all"), "all"):
        print(f"| {kind} | " + " | ".join(str(table[kind][k]) for k in keys) + " |")
    if args.json:
        print(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()
