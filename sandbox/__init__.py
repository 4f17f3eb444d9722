"""Where agent tools run (local, bubblewrap, Docker) and the working set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .base import RunResult, Sandbox
from .errors import PathRefused, SandboxError, SandboxUnavailable
from .local import LocalSandbox

#: Backends by name; bwrap and docker import their modules only when chosen.
BACKENDS = ("local", "bwrap", "docker")


def open_sandbox(backend: str, root: Path | str, **options: Any) -> Sandbox:
    """A sandbox of the named backend over the working set at `root`.

    `options` go to the backend (e.g. `image=` for docker, `limits=` for all).
    Raises SandboxUnavailable, naming what to install, when bwrap or Docker is missing.
    """
    if backend == "local":
        return LocalSandbox(root, **options)
    if backend == "bwrap":
        from .bwrap import BwrapSandbox

        return BwrapSandbox(root, **options)
    if backend == "docker":
        from .container import DockerSandbox

        return DockerSandbox(root, **options)
    raise SandboxError(f"unknown sandbox backend {backend!r}; choose from {', '.join(BACKENDS)}")


__all__ = [
    "BACKENDS",
    "LocalSandbox",
    "PathRefused",
    "RunResult",
    "Sandbox",
    "SandboxError",
    "SandboxUnavailable",
    "open_sandbox",
]
