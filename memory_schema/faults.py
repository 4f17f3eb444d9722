"""Fault points on the write path, for crash tests and `benchmarks/bench_faults.py`.

`BRAIN_FAULT_AT=STEP` (or `STEP@N` for the N-th time the step is reached in the
process) makes the process kill itself with SIGKILL at that step, exactly as `kill -9`
would, so the recovery of every intermediate state can be tested deterministically.
Unset, a fault point costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

#: The steps of one transaction, in order (see MemoryRepo._commit).
STEPS = (
    "txn-start",  # lock held, recovery done, nothing written
    "after-blobs",  # blobs in the object store
    "after-tree",  # tree written to the private index
    "after-commit",  # commit object written, no ref moved
    "after-journal",  # journal written, ref not moved
    "in-update-ref",  # git killed while holding HEAD.lock (the lock file stays)
    "after-update-ref",  # HEAD moved, working tree not yet updated
    "in-worktree",  # half of the files written
    "after-worktree",  # files written, index not reset
    "after-index",  # index reset, journal still there
    "after-journal-removed",  # journal gone, temp folder not yet removed
)

_seen: dict[str, int] = {}


def fault(step: str, git_dir: Path | None = None) -> None:
    """Die here with SIGKILL when BRAIN_FAULT_AT names this step."""
    want = os.environ.get("BRAIN_FAULT_AT")
    if not want:
        return
    name, _, nth = want.partition("@")
    if name != step:
        return
    _seen[step] = _seen.get(step, 0) + 1
    if _seen[step] != int(nth or 1):
        return
    if step == "in-update-ref" and git_dir is not None:
        # What a `git update-ref` killed mid-way leaves: its lock file, which blocks
        # every later ref update until someone removes it.
        (git_dir / "HEAD.lock").write_text("0" * 40 + "\n")
    os.kill(os.getpid(), signal.SIGKILL)


__all__ = ["STEPS", "fault"]
