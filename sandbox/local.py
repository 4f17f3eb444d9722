"""The local sandbox: a subprocess confined to the working set (the default backend).

Confinement here is by construction, not by the kernel: paths are checked before any
command sees them, commands run with the working set as cwd, a scrubbed environment and
a timeout. Use the bwrap or docker backends for isolation enforced by the kernel.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from memory_schema.errors import PathEscapeError
from memory_schema.layout import safe_relpath
from memory_schema.repo import atomic_write

from .base import RunResult
from .errors import PathRefused, SandboxError

#: Environment passed to sandboxed commands: enough for coreutils, grep and git.
SAFE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "HOME": "/tmp",
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_PAGER": "cat",
    "PAGER": "cat",
}


def check_rel(root: Path, rel: str) -> str:
    """A relative path inside the working set, or PathRefused."""
    try:
        return safe_relpath(root, rel)
    except PathEscapeError as exc:
        raise PathRefused(f"{rel}: {exc.message}") from exc


class LocalSandbox:
    name = "local"

    def __init__(self, root: Path | str):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise SandboxError(f"working set {self.root} does not exist")

    def run(
        self, argv: Sequence[str], *, timeout: float = 30.0, input: bytes | None = None
    ) -> RunResult:
        env = dict(SAFE_ENV)
        env["GIT_CEILING_DIRECTORIES"] = str(self.root.parent)
        try:
            proc = subprocess.run(
                list(argv),
                cwd=self.root,
                input=input,
                capture_output=True,
                env=env,
                timeout=timeout,
            )
        except FileNotFoundError as exc:
            raise SandboxError(f"{argv[0]}: command not found in the local sandbox") from exc
        except subprocess.TimeoutExpired as exc:
            raise SandboxError(f"{argv[0]} timed out after {timeout:.0f}s") from exc
        return RunResult(proc.returncode, proc.stdout, proc.stderr)

    def read_file(self, rel: str) -> bytes:
        path = self.root / check_rel(self.root, rel)
        if not path.is_file():
            raise SandboxError(f"{rel}: no such file in the working set")
        return path.read_bytes()

    def materialize(self, files: Mapping[str, bytes]) -> list[str]:
        placed = []
        for rel, data in files.items():
            clean = check_rel(self.root, rel)
            atomic_write(self.root / clean, data)
            placed.append(clean)
        return placed

    def close(self) -> None:
        return None

    def __enter__(self) -> LocalSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["SAFE_ENV", "LocalSandbox", "check_rel"]
