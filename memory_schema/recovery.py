"""What a killed writer leaves behind, and how it is cleared.

Brain's own write lock is an flock, released by the kernel when its holder dies. Git's
lock files (`HEAD.lock`, `index.lock`, `refs/heads/main.lock`) are plain files: a git
killed while holding one leaves it, and every later ref or index update then fails.
`brain-txn-*` folders (a transaction's blobs and private index) stay too. Both are
cleared only while Brain's write lock is held, so no Brain writer is using them, and a
git lock only when no live process has it open (a person's own `git commit` keeps its
lock open while it works).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

#: A git lock younger than this may belong to a git between closing and renaming it.
SETTLE_SECONDS = 1.0
#: Without /proc (macOS) a lock is taken as stale only after this long.
BLIND_STALE_SECONDS = 60.0


def git_lock_files(git_dir: Path) -> list[Path]:
    """Lock files git itself takes in the places Brain's write path touches."""
    # brain-*.lock are Brain's own flock files (write, dream): held by a live process or
    # free, never stale, and never to be removed while another process may open them.
    found = [p for p in git_dir.glob("*.lock") if not p.name.startswith("brain-")]
    found += [p for p in (git_dir / "refs").rglob("*.lock") if p.is_file()]
    return found


def _open_by_any_process(path: Path) -> bool | None:
    """Whether a live process holds `path` open; None when /proc cannot tell."""
    proc = Path("/proc")
    if not (proc / "self" / "fd").is_dir():
        return None
    target = str(path)
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                try:
                    if os.readlink(fd) == target:
                        return True
                except OSError:
                    continue
        except OSError:
            continue
    return False


def held_open(path: Path) -> bool | None:
    """Whether a live process holds `path` open; None when /proc cannot tell (macOS)."""
    return _open_by_any_process(path)


def clear_stale_git_locks(git_dir: Path) -> list[Path]:
    """Remove git lock files no live process holds (caller holds Brain's write lock)."""
    removed = []
    for lock in git_lock_files(git_dir):
        try:
            age = time.time() - lock.stat().st_mtime
        except FileNotFoundError:
            continue
        held = _open_by_any_process(lock)
        if held is None:
            if age < BLIND_STALE_SECONDS:
                continue
        else:
            if held:
                continue
            if age < SETTLE_SECONDS:
                time.sleep(SETTLE_SECONDS - age)
                if not lock.exists() or _open_by_any_process(lock):
                    continue
        lock.unlink(missing_ok=True)
        removed.append(lock)
    return removed


def remove_txn_folders(git_dir: Path) -> int:
    """Remove transaction folders of killed writers (caller holds Brain's write lock)."""
    count = 0
    for folder in git_dir.glob("brain-txn-*"):
        shutil.rmtree(folder, ignore_errors=True)
        count += 1
    return count


def needs_recovery(git_dir: Path, journal: Path) -> bool:
    """Cheap check: did a killed writer leave anything to finish or clear?"""
    if journal.exists() or git_lock_files(git_dir):
        return True
    return any(git_dir.glob("brain-txn-*"))


__all__ = [
    "BLIND_STALE_SECONDS",
    "clear_stale_git_locks",
    "git_lock_files",
    "held_open",
    "needs_recovery",
    "remove_txn_folders",
]
