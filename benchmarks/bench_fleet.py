"""A fleet's nightly Dream on a real Redis queue with 1, then 2, Celery workers.

Builds N small memories (default 200, each with 5 new sessions of one user's chats),
starts a `redis-server` on a free loopback port, and times `brain fleet dream ROOT
--queue URL` until every memory is dreamt: first with one worker, then (on a fresh copy
of the same memories) with two. Prints throughput, the ratio, and the queue overhead per
task: the fleet's wall time per memory with one worker against the same runs made
directly, one after another in one warm process (what a loop of `run_dream` costs), and
against a cold `brain dream` process per memory (what a cron line per memory costs).

Usage: python benchmarks/bench_fleet.py [--memories 200] [--sessions 5] [--direct 10]
Needs redis-server (apt-get install redis-server).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import datetime as dt  # noqa: E402

from bench_dream import chat  # noqa: E402

from brain.fleet.run import read_records  # noqa: E402
from memory_schema import init_memory  # noqa: E402

# One Dream run at a time per worker process: a worker is one unit of capacity here.
ENV = {
    **os.environ,
    "BRAIN_DREAM_EMBED": "0",
    "BRAIN_FLEET_WORKERS": "1",
    "PYTHONPATH": str(HERE.parent),
}


def build(root: Path, count: int, sessions: int) -> None:
    root.mkdir(parents=True)
    rng = random.Random(16)
    for n in range(count):
        repo, _ = init_memory(root / f"user{n:04d}")
        start = dt.date(2026, 1, 1) + dt.timedelta(days=n % 300)
        with repo.transaction("capture: bench sessions", {"Brain-Command": "capture"}) as tx:
            for i in range(sessions):
                s = chat(i, rng, start)
                tx.write(s.path, s.render())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def brain(*args: str) -> list[str]:
    return [sys.executable, "-m", "brain.cli", *args]


def wait_ready(log: Path) -> None:
    end = time.monotonic() + 300
    while b" ready." not in log.read_bytes():
        if time.monotonic() > end:
            raise SystemExit(f"worker did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.2)


def run_fleet(base: Path, source: Path, workers: int, url: str) -> dict[str, float]:
    """Copy the memories, start `workers` workers, warm each up, time the whole fleet."""
    root = base / f"fleet-{workers}"
    shutil.copytree(source, root, symlinks=True)
    warm = base / f"warm-{workers}"
    build(warm, workers * 2, 1)
    procs = []
    for w in range(workers):
        log = base / f"worker-{workers}-{w}.log"
        with log.open("wb") as fh:
            procs.append(
                subprocess.Popen(
                    brain("fleet", "worker", "--queue", url, "--name", f"b{workers}-{w}@%h"),
                    stdout=fh,
                    stderr=subprocess.STDOUT,
                    env=ENV,
                    start_new_session=True,
                )
            )
        wait_ready(log)
    try:
        # Warm-up: each worker loads spaCy and Dream once; not counted.
        subprocess.run(
            brain("fleet", "dream", str(warm), "--queue", url, "--wait"),
            env=ENV,
            check=True,
            capture_output=True,
        )
        start = time.monotonic()
        out = subprocess.run(
            brain("fleet", "dream", str(root), "--queue", url, "--wait", "--json"),
            env=ENV,
            capture_output=True,
            text=True,
        )
        wall = time.monotonic() - start
    finally:
        for p in procs:
            os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            p.wait(60)
    data = json.loads(out.stdout)
    results = data.get("results", [])
    done = sum(1 for r in results if r.get("status") == "committed")
    recs = [r for r in read_records(root / ".fleet" / "runs.jsonl") if r["status"] == "committed"]
    return {
        "wall": wall,
        "committed": done,
        "queued": len(data["queued"]),
        "task_seconds": statistics.mean(r["seconds"] for r in recs) if recs else float("nan"),
    }


def direct(source: Path, base: Path, count: int) -> tuple[float, float]:
    """Mean seconds per memory: run_dream in one warm process; a cold `brain dream`."""
    from brain.commands.dream import dream_options
    from dream import run_dream
    from memory_schema import MemoryRepo

    os.environ["BRAIN_DREAM_EMBED"] = "0"
    names = sorted(p.name for p in source.iterdir() if not p.name.startswith("."))[:count]
    warm_root, cold_root = base / "direct-warm", base / "direct-cold"
    for dest in (warm_root, cold_root):
        dest.mkdir()
        for n in names:
            shutil.copytree(source / n, dest / n, symlinks=True)
    build(base / "direct-warmup", 1, 1)
    run_dream(MemoryRepo.open(base / "direct-warmup" / "user0000"), dream_options(None, False, 0))
    times = []
    for n in names:
        t = time.monotonic()
        result = run_dream(MemoryRepo.open(warm_root / n), dream_options(None, False, 0))
        times.append(time.monotonic() - t)
        assert result.committed, n
    cold = []
    for n in names:
        t = time.monotonic()
        subprocess.run(
            brain("dream", "--memory", str(cold_root / n), "--json"),
            env=ENV,
            check=True,
            capture_output=True,
        )
        cold.append(time.monotonic() - t)
    return statistics.mean(times), statistics.mean(cold)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=200)
    ap.add_argument("--sessions", type=int, default=5)
    ap.add_argument("--direct", type=int, default=10, help="memories timed directly")
    args = ap.parse_args()
    if not shutil.which("redis-server"):
        raise SystemExit("needs redis-server (apt-get install redis-server)")
    base = Path(tempfile.mkdtemp(prefix="bench-fleet-"))
    port = free_port()
    redis = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(base),
            "--save",
            "",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        t = time.monotonic()
        build(base / "source", args.memories, args.sessions)
        print(
            f"built {args.memories} memories x {args.sessions} sessions "
            f"in {time.monotonic() - t:.0f}s; load average {os.getloadavg()}"
        )
        one = run_fleet(base, base / "source", 1, url)
        print(
            f"1 worker : {one['committed']}/{one['queued']} dreamt in {one['wall']:.1f}s, "
            f"{one['committed'] / one['wall']:.2f} memories/s "
            f"(mean run {one['task_seconds']:.2f}s); load {os.getloadavg()}"
        )
        two = run_fleet(base, base / "source", 2, url)
        print(
            f"2 workers: {two['committed']}/{two['queued']} dreamt in {two['wall']:.1f}s, "
            f"{two['committed'] / two['wall']:.2f} memories/s "
            f"(mean run {two['task_seconds']:.2f}s); load {os.getloadavg()}"
        )
        print(f"speed-up 2 workers / 1 worker: {one['wall'] / two['wall']:.2f}x")
        warm, cold = direct(base / "source", base, min(args.direct, args.memories))
        per_task = one["wall"] / max(1, one["committed"])
        print(
            f"direct run_dream in one warm process: {warm:.2f}s per memory; "
            f"cold `brain dream` process: {cold:.2f}s per memory"
        )
        print(
            f"queue overhead per task (1 worker, wall per memory - direct warm run): "
            f"{per_task - warm:+.2f}s; against a cold `brain dream`: {per_task - cold:+.2f}s"
        )
        # The same comparison inside one run, so load changes between runs cancel out:
        # enqueue (orient per memory), delivery, ack and result against the runs' own time.
        print(
            f"queue overhead per task within the 1-worker run (wall per memory - mean task "
            f"time): {per_task - one['task_seconds']:+.2f}s"
        )
        print(f"load average at the end: {os.getloadavg()}")
    finally:
        redis.terminate()
        redis.wait(10)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
