"""`brain fleet` on a real queue: a real `redis-server` on a free port (started here, in
tmp_path) and real Celery workers (`brain fleet worker`) in subprocesses.

Workers are slowed where a test needs a run in flight with the test-only hook
BRAIN_DREAM_TEST_PAUSE (dream/run.py), which sleeps inside the run after validation and
before the commit; no test asserts a timing.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from brain.fleet.run import read_records
from tests.fleet_support import (
    all_consumed,
    dream_commits,
    head_is_valid,
    make_fleet,
    poison_with_duplicate_titles,
)

pytestmark = [
    pytest.mark.redis,
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="needs redis-server (apt-get install redis-server)",
    ),
]

#: Every worker: no embeddings (small, fast runs). The lock TTL and visibility timeout
#: are long, as in production, except where a test kills a worker (FAST_RECOVERY): a
#: short TTL lets a live but CPU-starved run lose its lock, and a short visibility
#: timeout hands a slow task out twice, either of which muddles what a test counts.
WORKER_ENV = {
    "BRAIN_DREAM_EMBED": "0",
    "BRAIN_FLEET_LOCK_TTL": "60",
    "BRAIN_FLEET_VISIBILITY": "600",
    "BRAIN_FLEET_WAIT": "120",
}
#: A killed worker's lock frees in 2 s and its task comes back after 4 s.
FAST_RECOVERY = {"BRAIN_FLEET_LOCK_TTL": "2", "BRAIN_FLEET_VISIBILITY": "4"}
DEADLINE = 240.0  # seconds any wait below may take on a loaded machine before failing


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    data = tmp_path / "redis"
    data.mkdir()
    # Loopback only, no persistence: a broker for this test and nothing else.
    args = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(data), "--save", ""]
    proc = subprocess.Popen(
        ["redis-server", *args, "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import redis

    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    url = f"redis://127.0.0.1:{port}/0"
    yield url
    proc.terminate()
    proc.wait(10)


class Workers:
    """Celery workers (`brain fleet worker`) in their own process groups."""

    def __init__(self, url: str, logs: Path):
        self.url = url
        self.logs = logs
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, **env: str) -> subprocess.Popen[bytes]:
        log = self.logs / f"{name}.log"
        cmd = [sys.executable, "-m", "brain.cli", "fleet", "worker", "--queue", self.url]
        cmd += ["--concurrency", "1", "--name", f"{name}@%h"]
        with log.open("wb") as fh:
            proc = subprocess.Popen(
                cmd,
                stdout=fh,
                stderr=subprocess.STDOUT,
                env={**os.environ, **WORKER_ENV, **env},
                start_new_session=True,  # so kill -9 takes the pool process too
            )
        self.procs[name] = proc
        _until(lambda: b" ready." in log.read_bytes(), f"worker {name} ready", log)
        return proc

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)

    def stop_all(self) -> None:
        for proc in self.procs.values():
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(30)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
        self.procs.clear()


@pytest.fixture
def workers(redis_url: str, tmp_path: Path) -> Iterator[Workers]:
    w = Workers(redis_url, tmp_path)
    yield w
    w.stop_all()


def _until(cond, what: str, log: Path | None = None) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.2)
    tail = log.read_text("utf-8", "replace")[-3000:] if log and log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n{tail}")


def fleet(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **WORKER_ENV, **extra}
    return subprocess.run(
        [sys.executable, "-m", "brain.cli", "fleet", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=DEADLINE * 2,
    )


def test_twenty_memories_are_each_dreamt_once(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    root = tmp_path / "fleet"
    repos = make_fleet(root, [f"user{i:02d}" for i in range(20)])
    workers.start("w1")
    workers.start("w2")
    out = fleet("dream", str(root), "--queue", redis_url, "--wait", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["queued"]) == 20 and data["broken"] == []
    assert {r["status"] for r in data["results"]} == {"committed"}
    for name, repo in repos.items():
        assert len(dream_commits(repo)) == 1, name
        assert all_consumed(repo), name
    recs = read_records(root / ".fleet" / "runs.jsonl")
    assert sorted(r["memory"] for r in recs if r["status"] == "committed") == sorted(repos)
    assert len({r["worker"] for r in recs}) == 2  # both workers took a share
    # Enqueue again: nothing has new work, so nothing is queued.
    again = json.loads(fleet("dream", str(root), "--queue", redis_url, "--json").stdout)
    assert again["queued"] == [] and len(again["idle"]) == 20
    status = json.loads(fleet("status", str(root), "--queue", redis_url, "--json").stdout)
    assert all(r["pending_sessions"] == 0 and r["last_run"] for r in status)


def test_a_worker_killed_mid_run_has_its_task_redelivered(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    root = tmp_path / "fleet"
    repo = make_fleet(root, ["victim"], sessions=3)["victim"]
    before = repo.head()
    workers.start("doomed", BRAIN_DREAM_TEST_PAUSE="600", **FAST_RECOVERY)
    out = fleet("dream", str(root), "--queue", redis_url, "--json")
    task_id = json.loads(out.stdout)["queued"][0]["task_id"]
    runs = repo.root / ".brain" / "cache" / "dream"
    # The run is in flight: its validated tree is on disk, nothing is committed yet.
    _until(lambda: runs.is_dir() and any(runs.iterdir()), "the run's transient tree")
    holder = json.loads(fleet("status", str(root), "--queue", redis_url, "--json").stdout)
    assert holder[0]["holder"]["task"] == task_id
    workers.kill("doomed")  # kill -9, the worker and its pool process
    assert repo.head() == before and dream_commits(repo) == []

    workers.start("rescuer", **FAST_RECOVERY)
    records = root / ".fleet" / "runs.jsonl"
    _until(
        lambda: any(r["status"] == "committed" for r in read_records(records)),
        "the redelivered task's run",
        tmp_path / "rescuer.log",
    )
    recs = read_records(records)
    done = [r for r in recs if r["status"] == "committed"]
    assert len(done) == 1 and done[0]["task_id"] == task_id  # the same task, delivered again
    assert len(dream_commits(repo)) == 1 and all_consumed(repo)
    assert head_is_valid(repo, tmp_path / "check") == []
    assert not runs.exists() or not any(runs.iterdir())  # the dead run's tree is gone


def test_two_workers_never_hold_one_memory(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    from brain.fleet.tasks import configure, dream_task

    root = tmp_path / "fleet"
    repo = make_fleet(root, ["shared"])["shared"]
    workers.start("w1", BRAIN_DREAM_TEST_PAUSE="3")
    workers.start("w2", BRAIN_DREAM_TEST_PAUSE="3")
    configure(redis_url)
    records = str(root / ".fleet" / "runs.jsonl")
    # The same memory twice at once (a duplicate enqueue, or a slow task redelivered).
    first = dream_task.apply_async(args=("shared", str(repo.root), records))
    second = dream_task.apply_async(args=("shared", str(repo.root), records))
    results = [first.get(timeout=DEADLINE), second.get(timeout=DEADLINE)]
    assert sorted(r["status"] for r in results) == ["committed", "nothing-new"]
    assert results[0]["worker"] != results[1]["worker"]  # each worker took one
    a, b = sorted(results, key=lambda r: r["locked_at"])
    assert a["notes"] == [] and b["notes"] == []  # no lock was lost
    assert a["released_at"] <= b["locked_at"]  # one after the other, never both
    assert b["message"].startswith("waited ") and "nothing new" in b["message"].lower()
    assert len(dream_commits(repo)) == 1


def test_a_poisoned_memory_leaves_the_others_done(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    root = tmp_path / "fleet"
    repos = make_fleet(root, ["good1", "good2", "good3", "bad"])
    poison_with_duplicate_titles(repos["bad"])
    (root / "notarepo").mkdir()
    workers.start("w1")
    out = fleet("dream", str(root), "--queue", redis_url, "--wait", "--json")
    assert out.returncode == 1  # the exit code says something failed
    data = json.loads(out.stdout)
    assert [b["memory"] for b in data["broken"]] == ["notarepo"]
    by = {r["memory"]: r for r in data["results"]}
    assert by["bad"]["status"] == "failed" and "duplicate-title" in by["bad"]["error"]
    for name in ("good1", "good2", "good3"):
        assert by[name]["status"] == "committed"
        assert len(dream_commits(repos[name])) == 1
    assert dream_commits(repos["bad"]) == []


def test_rate_limits_are_retried_with_backoff_then_reported(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    """A model server that only ever answers 429: each attempt fails without a commit,
    the task is retried BRAIN_FLEET_RETRIES times, then reported as given up."""
    import http.server
    import threading

    hits: list[str] = []

    class TooMany(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            hits.append(self.path)
            body = b'{"error": {"message": "Rate limit reached", "type": "rate_limit"}}'
            self.send_response(429)
            self.send_header("Content-Type", "application/json")
            self.send_header("retry-after-ms", "1")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), TooMany)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        root = tmp_path / "fleet"
        repo = make_fleet(root, ["limited"], sessions=1)["limited"]
        workers.start(
            "w1",
            BRAIN_DREAM_ENGINE="llm",
            BRAIN_LLM_BACKEND="openai-compatible",
            BRAIN_LLM_BASE_URL=f"http://127.0.0.1:{server.server_port}/v1",
            BRAIN_LLM_MODEL="test-model",
            BRAIN_FLEET_RETRIES="2",
            BRAIN_FLEET_BACKOFF="0.2",
        )
        out = fleet("dream", str(root), "--queue", redis_url, "--wait", "--json")
    finally:
        server.shutdown()
    assert out.returncode == 1, out.stderr
    recs = read_records(root / ".fleet" / "runs.jsonl")
    assert [r["status"] for r in recs] == ["retrying"] * 3 + ["failed"], json.dumps(recs)
    assert [r["attempt"] for r in recs[:3]] == [0, 1, 2]
    assert "HTTP 429" in recs[0]["error"] and "gave up after 2 retries" in recs[-1]["error"]
    assert len(hits) >= 3 and dream_commits(repo) == []
    result = json.loads(out.stdout)["results"][0]
    assert result["status"] == "failed" and "gave up" in result["error"]


def test_a_pool_process_killed_mid_run_is_requeued_by_its_worker(
    tmp_path: Path, redis_url: str, workers: Workers
) -> None:
    """kill -9 of the process running the task (not the whole worker): the worker sees
    it lost (task_reject_on_worker_lost) and requeues the task at once."""
    root = tmp_path / "fleet"
    repo = make_fleet(root, ["victim"], sessions=2)["victim"]
    gate = tmp_path / "hold"
    gate.touch()
    # The first attempt sleeps in the run while `gate` exists; later ones go through.
    # A short TTL: the dead pool process's lock must free for the requeued attempt.
    workers.start("w1", BRAIN_DREAM_TEST_PAUSE=f"600:{gate}", BRAIN_FLEET_LOCK_TTL="2")
    out = fleet("dream", str(root), "--queue", redis_url, "--json")
    task_id = json.loads(out.stdout)["queued"][0]["task_id"]
    runs = repo.root / ".brain" / "cache" / "dream"
    _until(lambda: runs.is_dir() and any(runs.iterdir()), "the run's transient tree")
    status = json.loads(fleet("status", str(root), "--queue", redis_url, "--json").stdout)
    holder = status[0]["holder"]
    assert holder["task"] == task_id and holder["pid"] != workers.procs["w1"].pid
    os.kill(holder["pid"], signal.SIGKILL)  # the pool process, mid-run
    gate.unlink()
    records = root / ".fleet" / "runs.jsonl"
    _until(
        lambda: any(r["status"] == "committed" for r in read_records(records)),
        "the requeued task's run",
        tmp_path / "w1.log",
    )
    done = [r for r in read_records(records) if r["status"] == "committed"]
    assert len(done) == 1 and done[0]["task_id"] == task_id
    assert done[0]["worker"] != f"{holder['host']}:{holder['pid']}"  # a new pool process
    assert len(dream_commits(repo)) == 1 and all_consumed(repo)
    assert head_is_valid(repo, tmp_path / "check") == []


def test_capture_goes_through_the_queue(tmp_path: Path, redis_url: str, workers: Workers) -> None:
    root = tmp_path / "fleet"
    repos = make_fleet(root, ["alice", "bob"], sessions=0)
    drop = tmp_path / "drop"
    drop.mkdir()
    for name in ("alice", "bob"):
        msgs = [{"role": "user", "content": f"I am {name} and I moved to Porto."}]
        (drop / f"{name}.json").write_text(json.dumps({"memory": name, "messages": msgs}))
    # No worker yet: the command says so instead of waiting forever; the task stays queued.
    late = fleet(
        "capture", str(root), "--from", str(drop), "--queue", redis_url, BRAIN_FLEET_WAIT="1"
    )
    assert late.returncode == 1 and "is `brain fleet worker` running?" in late.stderr
    workers.start("w1")
    out = fleet("capture", str(root), "--from", str(drop), "--queue", redis_url, "--json")
    assert out.returncode == 0, out.stderr
    results = {r["memory"]: r for r in json.loads(out.stdout)["results"]}
    # The queued task of the first command ran too: the second finds the sessions there.
    assert all(r["error"] is None and r["captured"] + r["unchanged"] == 1 for r in results.values())
    for repo in repos.values():
        assert len(list((repo.root / "sessions").glob("*/*/*.md"))) == 1
