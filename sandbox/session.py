"""A sandbox over memory for people and outside agents (`brain sandbox exec` / `shell`)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import open_sandbox
from .base import Sandbox
from .errors import SandboxError


@contextmanager
def memory_sandbox(
    memory_root: Path | str,
    backend: str,
    *,
    whole: bool = False,
    include: Sequence[str] = (),
    recent_sessions: int | None = None,
    **options: Any,
) -> Iterator[Sandbox]:
    """A sandbox over a fresh working set of memory: what an agent session gets (INDEX.md,
    knowledge/, recent sessions) plus `include`, or with `whole=True` every file. It is a
    sparse checkout, so the sandbox never sees the memory repo itself; it is removed
    afterwards."""
    from .workingset import InitialMap, WorkingSet

    memory_root = Path(memory_root)
    if not (memory_root / ".git").exists():
        raise SandboxError(f"{memory_root}: not a memory repo (run `brain init` first)")
    if whole:
        include = [*include, *_top_level(memory_root)]
    initial = InitialMap(include=tuple(include))
    if recent_sessions is not None:
        initial = InitialMap(recent_sessions, tuple(include))
    with WorkingSet.create(memory_root, None, initial) as workset:
        box = open_sandbox(backend, workset.root, **options)
        try:
            yield box
        finally:
            box.close()


def _top_level(memory_root: Path) -> list[str]:
    """Every top-level entry of memory's HEAD, folders with a trailing slash."""
    proc = subprocess.run(
        ["git", "ls-tree", "-z", "HEAD"], cwd=memory_root, capture_output=True, text=True
    )
    entries = []
    for item in proc.stdout.split("\0"):
        meta, _, name = item.partition("\t")
        if name:
            entries.append(name + "/" if meta.split(" ")[1:2] == ["tree"] else name)
    return entries


def run_interactive(box: Sandbox, argv: Sequence[str], *, tty: bool = True) -> int:
    """Run argv inside `box` on this terminal (stdin, stdout, stderr inherited)."""
    if box.name == "local":
        raise SandboxError(
            "the local backend runs read-only tools only, no shell; "
            "use --backend bwrap or --backend docker"
        )
    if box.name == "docker":
        return subprocess.call(box.interactive_argv(argv, tty=tty))  # type: ignore[attr-defined]
    from .bwrap import BWRAP_ENV

    return subprocess.call(
        box.interactive_argv(argv),  # type: ignore[attr-defined]
        preexec_fn=box.child_setup,  # type: ignore[attr-defined]
        env=BWRAP_ENV,
    )


__all__ = ["memory_sandbox", "run_interactive"]
