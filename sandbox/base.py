"""The Sandbox protocol: where agent tools run, with the working set as local files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True)
class RunResult:
    returncode: int
    stdout: bytes
    stderr: bytes

    @property
    def text(self) -> str:
        return self.stdout.decode("utf-8", "replace")


class Sandbox(Protocol):
    """Runs commands with the working set as current directory.

    `root` is the working set on the host. Inside the sandbox the working set may live
    elsewhere (Docker mounts it at /memory), so commands take paths relative to it.
    """

    name: str
    root: Path

    def run(
        self, argv: Sequence[str], *, timeout: float = 30.0, input: bytes | None = None
    ) -> RunResult:
        """Run argv inside the sandbox, cwd = working set."""
        ...

    def read_file(self, rel: str) -> bytes:
        """Bytes of a file of the working set (relative path, checked)."""
        ...

    def materialize(self, files: Mapping[str, bytes]) -> list[str]:
        """Place files into the working set at their relative paths; returns them."""
        ...

    def close(self) -> None: ...
