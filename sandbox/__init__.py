"""Where agent tools run (local, bubblewrap, Docker) and the working set."""

from __future__ import annotations

from pathlib import Path

from .base import RunResult, Sandbox
from .errors import PathRefused, SandboxError, SandboxUnavailable
from .local import LocalSandbox

BACKENDS = ("local",)


def open_sandbox(backend: str, root: Path | str) -> Sandbox:
    """A sandbox of the named backend over the working set at `root`."""
    if backend == "local":
        return LocalSandbox(root)
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
