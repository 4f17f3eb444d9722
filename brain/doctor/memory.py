"""Checks of one memory: it exists, the write path is clear, the index is fresh.

The memory is never opened with `MemoryRepo.open` here: opening finishes an interrupted
write and clears stale locks on its own, and the doctor is there to say what it finds.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from filelock import FileLock, Timeout

from . import Check, Context

if TYPE_CHECKING:
    from memory_schema import MemoryRepo


def repo_check(ctx: Context) -> Check:
    root = ctx.memory
    if not (root / ".git").exists() or not (root / ".brain").is_dir():
        return Check(
            "memory",
            "fail",
            f"no memory repo at {root}",
            fix=f"brain init {root}  (or export BRAIN_MEMORY=<your memory>)",
        )
    from memory_schema import MemoryRepo

    repo = MemoryRepo(root)
    head = repo.head()
    if head is None:
        return Check("memory", "fail", f"{root} has no commit", fix=f"brain init {root}")
    return Check("memory", "ok", f"{root} at commit {head[:8]}")


def write_checks(ctx: Context) -> list[Check]:
    """Interrupted transactions, their leftovers and stale git locks."""
    from memory_schema import MemoryRepo
    from memory_schema.recovery import (
        BLIND_STALE_SECONDS,
        SETTLE_SECONDS,
        git_lock_files,
        held_open,
    )

    repo = MemoryRepo(ctx.memory)
    git_dir = repo.git_dir
    fix = ctx.brain("doctor", "--fix")
    if _held(git_dir / "brain-write.lock"):
        # A live writer cleans up after itself; what it has open now is not stale.
        return [Check("writes", "ok", "a write is in progress (another brain process)")]
    checks: list[Check] = []
    journal = git_dir / "brain-journal.json"
    if journal.exists():
        checks.append(Check("writes", "fail", _journal_summary(repo, journal), fix=fix))
    txns = sorted(p.name for p in git_dir.glob("brain-txn-*"))
    if txns:
        checks.append(
            Check(
                "writes",
                "fail",
                f"{len(txns)} transaction folder(s) a killed writer left in .git "
                f"({', '.join(txns[:3])})",
                fix=fix,
            )
        )
    for lock in git_lock_files(git_dir):
        rel = lock.relative_to(ctx.memory) if ctx.memory in lock.parents else lock
        try:
            age = time.time() - lock.stat().st_mtime
        except FileNotFoundError:
            continue
        held = held_open(lock)
        # Too young to call stale: a git between writing and renaming its lock, or,
        # where /proc cannot tell who holds it, any lock under a minute old.
        young = age < (BLIND_STALE_SECONDS if held is None else SETTLE_SECONDS)
        if held:
            checks.append(Check("locks", "ok", f"{rel} is held by a running git"))
        elif young:
            checks.append(Check("locks", "warn", f"{rel} exists ({age:.0f} s old); check again"))
        else:
            checks.append(
                Check(
                    "locks",
                    "fail",
                    f"stale git lock {rel} ({_age(age)} old, no process holds it): "
                    "every commit to this memory fails until it goes",
                    fix=fix,
                )
            )
    if _held(git_dir / "brain-dream.lock"):
        checks.append(Check("writes", "ok", "a Dream run is in progress"))
    if not checks:
        checks.append(Check("writes", "ok", "no interrupted write, no stale lock"))
    return checks


def _held(path: Path) -> bool:
    """Whether another process holds one of Brain's own flock files now."""
    if not path.exists():
        return False
    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return True
    lock.release()
    return False


def _journal_summary(repo: MemoryRepo, journal: Path) -> str:
    try:
        data = json.loads(journal.read_text("utf-8"))
    except (OSError, ValueError):
        return "an unreadable write journal (.git/brain-journal.json) of an interrupted write"
    new, paths = str(data.get("new") or "")[:8], data.get("paths") or []
    head = repo.head()
    if head and head.startswith(new):
        return (
            f"an interrupted write: commit {new} is in the history but {len(paths)} "
            "file(s) are not yet in the working tree"
        )
    return f"an interrupted write that never committed ({len(paths)} file(s)); nothing is lost"


def _age(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h"


def index_check(ctx: Context) -> Check:
    from search.freshness import index_freshness

    f = index_freshness(ctx.memory)
    if f.error:
        return Check(
            "index",
            "fail",
            f"the search index cannot be read ({f.error})",
            fix=ctx.brain("index", "--rebuild"),
        )
    if not f.exists:
        if not f.on_disk:
            return Check("index", "ok", "nothing to index yet")
        return Check(
            "index",
            "fail",
            f"no search index yet ({f.on_disk} files to index)",
            fix=ctx.brain("index"),
        )
    problems = []
    if f.interrupted:
        problems.append("an update was interrupted")
    if f.settings_changed:
        problems.append("built with other settings or another owner")
    if f.stale:
        parts = [
            f"{len(v)} {k}"
            for k, v in (("new", f.added), ("changed", f.changed), ("removed", f.removed))
            if v
        ]
        problems.append(f"stale: {', '.join(parts)} file(s) since the last update")
    if problems:
        examples = (f.added + f.changed + f.removed)[:5]
        return Check(
            "index",
            "fail",
            "; ".join(problems),
            fix=ctx.brain("index"),
            details=examples,
        )
    if f.unembedded:
        return Check(
            "index",
            "warn",
            f"{f.indexed} files indexed; {f.unembedded} block texts not embedded yet "
            "(BM25 finds them; dense search embeds them on its next run)",
            fix=ctx.brain("index"),
        )
    return Check("index", "ok", f"{f.indexed} files indexed and embedded, none changed since")
