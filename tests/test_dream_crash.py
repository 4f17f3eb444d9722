"""Crash safety: kill -9 a Dream run at random moments; the repo stays valid.

Each of 20 rounds adds a session, starts `brain dream` in a subprocess and kills it
after a random delay (sometimes before it starts work, sometimes mid-run, sometimes in
the commit). After every kill HEAD is the old commit or one new Dream commit, and the
tree at HEAD passes the validators. A final run completes and consumes every session.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from dream import DreamOptions, run_dream
from dream.state import DreamState
from memory_schema import MemoryRepo
from memory_schema.layout import DREAM_STATE_FILE
from tests.test_dream_support import MAY, add_sessions, filler
from validators import validate_tree

ROUNDS = 20


def _head_tree_findings(repo: MemoryRepo, dest: Path) -> list[str]:
    data = subprocess.run(
        ["git", "archive", "--format=tar", "HEAD"], cwd=repo.root, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    return [str(f) for f in validate_tree(dest).errors]


def _dream_proc(root: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "BRAIN_DREAM_EMBED": "0"}
    return subprocess.Popen(
        [sys.executable, "-m", "brain.cli", "dream", "--memory", str(root), "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )


@pytest.mark.slow
def test_kill_9_at_random_points_never_leaves_an_invalid_repo(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    rng = random.Random(6)
    add_sessions(memory, MAY)
    # Time one whole run to know the window to kill in.
    start = time.monotonic()
    proc = _dream_proc(memory.root)
    assert proc.wait(timeout=120) == 0
    full = time.monotonic() - start
    outcomes = {"killed": 0, "finished": 0}
    for i in range(ROUNDS):
        add_sessions(memory, filler(i))
        old = memory.head()
        proc = _dream_proc(memory.root)
        time.sleep(rng.uniform(0.05, full))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            outcomes["killed"] += 1
        else:
            outcomes["finished"] += 1
            full *= 0.8  # the machine got faster than the timing run: aim earlier
        proc.wait(timeout=60)
        head = memory.head()
        if head != old:
            assert memory.git("rev-parse", "HEAD~1").strip() == old
            assert memory.git("log", "-1", "--format=%s").startswith("dream:")
        bad = _head_tree_findings(memory, tmp_path / f"head-{i}")
        assert not bad, f"invalid HEAD after round {i}: {bad[:3]}"
    assert outcomes["killed"] >= 5, outcomes  # the test must really kill runs
    # The next run completes: everything consumed, the working tree valid and clean.
    result = run_dream(memory, DreamOptions())
    state = DreamState.parse(memory.read_text(DREAM_STATE_FILE))
    assert set(state.sessions) == {MAY.path} | {filler(i).path for i in range(ROUNDS)}
    assert validate_tree(memory.root).ok, [str(f) for f in validate_tree(memory.root).errors]
    # Nothing modified or missing. A kill inside the write path's atomic_write can leave
    # an untracked '.<name>.<random>.brain-tmp' file: ignored by every reader, harmless.
    status = memory.git("status", "--porcelain").splitlines()
    assert all(line.startswith("?? ") and line.endswith(".brain-tmp") for line in status), status
    assert not list((memory.root / ".brain/cache/dream").glob("*")) or result is not None
    for i in range(ROUNDS):
        assert memory.exists(filler(i).path[:-3] + ".summary.md")
