"""The Docker sandbox: one long-lived container per sandbox, commands run through exec.

The working set is bind-mounted read-only at /memory (the cwd); the container has no
network (`network_mode="none"`), runs as uid 1000 with every capability dropped and
no-new-privileges, a read-only root filesystem with a small tmpfs at /tmp, and memory,
CPU and pids limits. The image is `brain sandbox build-image`'s (or the Dockerfile's).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .base import RunResult
from .bwrap import PROMPT
from .errors import SandboxError, SandboxUnavailable
from .image import DEFAULT_IMAGE, SANDBOX_UID
from .local import (
    DEFAULT_LIMITS,
    SAFE_ENV,
    git_external_paths,
    materialize_files,
    read_working_file,
)

MOUNT_POINT = "/memory"
LABEL = "brain.sandbox"
ENGINE_HINT = (
    "Docker engine not reachable: install and start Docker "
    "(apt-get install docker.io && dockerd, or Docker Desktop), or use --backend bwrap"
)
#: Runs the command under `timeout` (its own process group), then kills whatever the
#: command left running, so a long-lived container does not collect stray processes.
#: stdin goes through fd 3 because sh gives background jobs /dev/null.
_WRAPPER = (
    't=$1; shift; exec 3<&0; timeout -k 2 "$t" "$@" <&3 3<&- & pid=$!; exec 3<&-; '
    "wait $pid; rc=$?; kill -9 -$pid 2>/dev/null; exit $rc"
)
#: `timeout` exits 124 when it stopped the command (125-127: it could not run it).
_TIMED_OUT, _NOT_FOUND = 124, 127


def docker_client() -> Any:
    """A Docker SDK client for a running engine, or SandboxUnavailable saying what to do."""
    try:
        import docker
        import docker.errors
    except ImportError as exc:
        raise SandboxUnavailable("the docker Python SDK is missing: pip install docker") from exc
    try:
        client = docker.from_env(timeout=120)
        client.ping()
    except docker.errors.DockerException as exc:
        raise SandboxUnavailable(ENGINE_HINT) from exc
    return client


class DockerSandbox:
    """Commands via `docker exec` in a locked-down container over the working set."""

    name = "docker"

    def __init__(
        self,
        root: Path | str,
        *,
        image: str = DEFAULT_IMAGE,
        limits: Mapping[str, int] | None = None,
        cpus: float = 1.0,
        tmp_bytes: int = 64 << 20,
    ):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise SandboxError(f"working set {self.root} does not exist")
        self.image = image
        self.limits = {**DEFAULT_LIMITS, **(limits or {})}
        self.client = docker_client()
        import docker
        import docker.errors

        self._errors = docker.errors
        try:
            self.client.images.get(image)
        except docker.errors.ImageNotFound as exc:
            raise SandboxUnavailable(
                f"sandbox image {image} not found: build it with `brain sandbox build-image`"
            ) from exc
        volumes = {str(self.root): {"bind": MOUNT_POINT, "mode": "ro"}}
        for extra in git_external_paths(self.root):
            volumes[str(extra)] = {"bind": str(extra), "mode": "ro"}
        try:
            self.container = self.client.containers.run(
                image,
                # docker-init as PID 1 reaps orphans, so they do not pile up against the
                # pids limit; `sleep` just keeps the container alive between commands.
                ["sleep", "infinity"],
                detach=True,
                init=True,
                user=f"{SANDBOX_UID}:{SANDBOX_UID}",
                working_dir=MOUNT_POINT,
                network_mode="none",
                read_only=True,
                tmpfs={"/tmp": f"rw,nosuid,nodev,size={tmp_bytes},mode=1777"},
                volumes=volumes,
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                pids_limit=self.limits["pids"],
                mem_limit=self.limits["memory_bytes"],
                memswap_limit=self.limits["memory_bytes"],
                nano_cpus=int(cpus * 1e9),
                ulimits=[
                    docker.types.Ulimit(name="core", soft=0, hard=0),
                    docker.types.Ulimit(
                        name="fsize", soft=self.limits["file_bytes"], hard=self.limits["file_bytes"]
                    ),
                ],
                labels={LABEL: "1"},
                environment={**SAFE_ENV, "GIT_CEILING_DIRECTORIES": "/", "TMPDIR": "/tmp"},
                hostname="brain-sandbox",
            )
        except docker.errors.DockerException as exc:
            raise SandboxError(f"could not start the sandbox container: {exc}") from exc
        # Remove the container even if close() is never called.
        self._finalizer = weakref.finalize(self, _remove, self.container)

    @property
    def pids_limited(self) -> bool:
        """Whether the engine enforces the pids limit (it ignores it without the cgroup)."""
        return bool(self.client.info().get("PidsLimit", False))

    @property
    def isolation(self) -> str:
        return (
            f"container {self.container.short_id} ({self.image}): read-only root and working "
            f"set, no network, uid {SANDBOX_UID}, no capabilities, pids {self.limits['pids']}"
        )

    def run(
        self, argv: Sequence[str], *, timeout: float = 30.0, input: bytes | None = None
    ) -> RunResult:
        if not argv:
            raise SandboxError("empty command")
        cmd = ["sh", "-c", _WRAPPER, "sh", f"{timeout:g}", *argv]
        api = self.client.api
        try:
            exec_id = api.exec_create(
                self.container.id,
                cmd,
                stdin=input is not None,
                workdir=MOUNT_POINT,
                user=f"{SANDBOX_UID}:{SANDBOX_UID}",
            )["Id"]
            if input is None:
                out, err = api.exec_start(exec_id, demux=True)
            else:
                out, err = self._exec_with_input(exec_id, input)
            code = api.exec_inspect(exec_id)["ExitCode"]
        except self._errors.DockerException as exc:
            raise SandboxError(f"docker exec failed: {exc}") from exc
        if code == _TIMED_OUT:
            raise SandboxError(f"{argv[0]} timed out after {timeout:g}s")
        if code == _NOT_FOUND and b"No such file or directory" in (err or b""):
            raise SandboxError(f"{argv[0]}: command not found in the docker sandbox")
        return RunResult(int(code), out or b"", err or b"")

    def _exec_with_input(self, exec_id: str, data: bytes) -> tuple[bytes, bytes]:
        from docker.utils.socket import STDERR, frames_iter

        sock = self.client.api.exec_start(exec_id, socket=True)
        raw = getattr(sock, "_sock", sock)
        raw.sendall(data)
        with contextlib.suppress(OSError):
            raw.shutdown(socket.SHUT_WR)
        out, err = bytearray(), bytearray()
        for stream, chunk in frames_iter(sock, tty=False):
            (err if stream == STDERR else out).extend(chunk)
        sock.close()
        return bytes(out), bytes(err)

    def interactive_argv(self, argv: Sequence[str], *, tty: bool = True) -> list[str]:
        """Host argv (the docker CLI) that runs `argv` inside, on the caller's terminal."""
        docker_cli = shutil.which("docker")
        if docker_cli is None:
            raise SandboxUnavailable("the docker command line is missing: install docker.io")
        term = os.environ.get("TERM", "dumb")
        flags = ["-i", "-t"] if tty else ["-i"]
        return [
            docker_cli, "exec", *flags, "-w", MOUNT_POINT, "-u", f"{SANDBOX_UID}:{SANDBOX_UID}",
            "-e", f"TERM={term}", "-e", f"PS1={PROMPT}", self.container.id, *argv,
        ]  # fmt: skip

    def read_file(self, rel: str) -> bytes:
        return read_working_file(self.root, rel)

    def materialize(self, files: Mapping[str, bytes]) -> list[str]:
        return materialize_files(self.root, files)

    def close(self) -> None:
        self._finalizer()

    def __enter__(self) -> DockerSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _remove(container: Any) -> None:
    # Also runs as a finalizer at interpreter exit, where it must never raise.
    with contextlib.suppress(Exception):
        container.remove(force=True)


__all__ = ["MOUNT_POINT", "DockerSandbox", "docker_client"]
