"""A pids (and memory) cgroup for the bwrap sandbox when Brain runs as root.

RLIMIT_NPROC does not bind processes whose host uid is root, and bwrap run by root maps
the sandbox user to root, so a root caller caps processes with a cgroup instead. Works
with cgroup v1 (`/sys/fs/cgroup/pids`) and with v2 where the pids controller is
delegated to our cgroup; elsewhere `create` returns None and the caller says so.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")


class Cgroup:
    """One cgroup directory per controller hierarchy; processes join it before exec."""

    def __init__(self, dirs: list[Path]):
        self.dirs = dirs

    @classmethod
    def create(cls, pids: int, memory_bytes: int | None = None) -> Cgroup | None:
        if os.geteuid() != 0:
            return None
        name = f"brain-sandbox-{uuid.uuid4().hex[:12]}"
        try:
            return cls._create(name, pids, memory_bytes)
        except OSError:
            return None

    @classmethod
    def _create(cls, name: str, pids: int, memory_bytes: int | None) -> Cgroup | None:
        v1 = CGROUP_ROOT / "pids"
        if (v1 / "cgroup.procs").exists():
            made = [v1 / name]
            made[0].mkdir()
            group = cls(made)
            try:
                (made[0] / "pids.max").write_text(str(pids))
                mem = CGROUP_ROOT / "memory"
                if memory_bytes and (mem / "cgroup.procs").exists():
                    (mem / name).mkdir()
                    made.append(mem / name)
                    (mem / name / "memory.limit_in_bytes").write_text(str(memory_bytes))
            except OSError:
                group.remove()
                raise
            return group
        if (CGROUP_ROOT / "cgroup.controllers").exists():
            own = _own_v2_path()
            parent = CGROUP_ROOT / own.lstrip("/")
            if "pids" not in (parent / "cgroup.subtree_control").read_text().split():
                return None
            path = parent / name
            path.mkdir()
            group = cls([path])
            try:
                (path / "pids.max").write_text(str(pids))
                if memory_bytes and (path / "memory.max").exists():
                    (path / "memory.max").write_text(str(memory_bytes))
            except OSError:
                group.remove()
                raise
            return group
        return None

    def join(self) -> None:
        """Move the calling process into the cgroup (called between fork and exec)."""
        pid = str(os.getpid())
        for path in self.dirs:
            with open(path / "cgroup.procs", "w") as fh:
                fh.write(pid)

    def remove(self, wait: float = 2.0) -> None:
        """Remove the cgroup; processes killed a moment ago may still be leaving it."""
        deadline = time.monotonic() + wait
        for path in self.dirs:
            while path.exists():
                try:
                    path.rmdir()
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.05)


def _own_v2_path() -> str:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        if line.startswith("0::"):
            return line[3:]
    return "/"


__all__ = ["Cgroup"]
