"""The bubblewrap sandbox: every command in fresh Linux namespaces.

Each `run` starts `bwrap` with new user, mount, PID, network, IPC, UTS and cgroup
namespaces: the working set is bound read-only at /memory (the cwd), the system's
/usr is bound read-only, the root is read-only, /tmp is a private tmpfs, there is no
network device but an unconnected loopback, the process runs as uid 1000 with no
capabilities, dies with its parent and has resource limits. Processes are capped by
RLIMIT_NPROC for a non-root caller, and by a pids cgroup for root (whose sandbox user
maps to host root, which the rlimit ignores).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

from .base import RunResult
from .cgroup import Cgroup
from .errors import SandboxError, SandboxUnavailable
from .local import (
    DEFAULT_LIMITS,
    SAFE_ENV,
    communicate,
    git_external_paths,
    materialize_files,
    nproc_limit,
    read_working_file,
    set_limits,
)

MOUNT_POINT = "/memory"
SANDBOX_UID = 1000
#: Host /etc files a command needs (dynamic loader, alternatives symlinks, time zone).
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime")
PROMPT = r"brain-sandbox:\w\$ "
#: bwrap's own environment. Not the caller's: bwrap's process inside the PID namespace
#: (pid 1) keeps the environment it was started with, and a command in the sandbox can
#: read it through /proc/1/environ, API keys included.
BWRAP_ENV: dict[str, str] = {}
INSTALL_HINT = (
    "bubblewrap is missing: install it (apt-get install bubblewrap / dnf install bubblewrap)"
)


def bwrap_path() -> str:
    found = shutil.which("bwrap")
    if found is None:
        raise SandboxUnavailable(INSTALL_HINT)
    return found


class BwrapSandbox:
    """Commands in throwaway bubblewrap namespaces over a read-only working set."""

    name = "bwrap"

    def __init__(
        self,
        root: Path | str,
        *,
        limits: Mapping[str, int] | None = None,
        tmp_bytes: int = 64 << 20,
    ):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise SandboxError(f"working set {self.root} does not exist")
        self.bwrap = bwrap_path()
        self.limits = {**DEFAULT_LIMITS, **(limits or {})}
        self.tmp_bytes = tmp_bytes
        # RLIMIT_NPROC binds a non-root caller (counting all its processes, so leave room
        # above what it already runs); a root caller's sandbox maps to host root, which
        # the rlimit ignores, so root gets a pids cgroup instead.
        pids = self.limits["pids"]
        self._nproc = None if os.getuid() == 0 else nproc_limit(pids)
        self._cgroup = (
            Cgroup.create(pids, self.limits["memory_bytes"]) if self._nproc is None else None
        )
        if self._cgroup is not None:
            weakref.finalize(self, self._cgroup.remove)
        self._prefix = self._build_prefix()
        self._check_works()

    def _build_prefix(self) -> list[str]:
        args = [
            self.bwrap,
            "--unshare-all",
            "--unshare-user",
            "--uid",
            str(SANDBOX_UID),
            "--gid",
            str(SANDBOX_UID),
            "--disable-userns",
            "--die-with-parent",
            "--new-session",
            "--cap-drop",
            "ALL",
            "--hostname",
            "brain-sandbox",
            "--clearenv",
            "--ro-bind",
            "/usr",
            "/usr",
        ]
        for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
            host = Path("/") / top
            if host.is_symlink():
                args += ["--symlink", os.readlink(host), f"/{top}"]
            elif host.is_dir():
                args += ["--ro-bind", str(host), f"/{top}"]
        for name in ETC_FILES:
            if (Path("/etc") / name).exists():
                args += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
        args += ["--proc", "/proc", "--dev", "/dev"]
        args += ["--size", str(self.tmp_bytes), "--tmpfs", "/tmp"]
        for extra in git_external_paths(self.root):
            args += ["--ro-bind", str(extra), str(extra)]
        args += ["--ro-bind", str(self.root), MOUNT_POINT, "--chdir", MOUNT_POINT]
        # bwrap's own root is a throwaway tmpfs; make it read-only like docker's, so the
        # only writable place is /tmp.
        args += ["--remount-ro", "/"]
        env = {**SAFE_ENV, "GIT_CEILING_DIRECTORIES": "/", "TMPDIR": "/tmp"}
        for key, value in env.items():
            args += ["--setenv", key, value]
        return args

    def _check_works(self) -> None:
        """bwrap can exist yet be unusable (no user namespaces); say so at once."""
        proc = subprocess.run(
            [*self._prefix, "--", "true"], capture_output=True, timeout=30, env=BWRAP_ENV
        )
        if proc.returncode != 0:
            reason = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise SandboxUnavailable(
                f"bubblewrap cannot create a sandbox here ({reason[-1] if reason else '?'}); "
                "it needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1)"
            )

    @property
    def pids_limited(self) -> bool:
        """Whether the number of processes in this sandbox is capped."""
        return self._cgroup is not None or self._nproc is not None

    @property
    def isolation(self) -> str:
        """One line: what confines commands in this sandbox."""
        if self._cgroup is not None:
            pids = f"pids cgroup ({self.limits['pids']})"
        elif self._nproc is not None:
            pids = f"RLIMIT_NPROC ({self._nproc})"
        else:
            pids = "no pids limit (root without a writable pids cgroup)"
        return f"bubblewrap namespaces, read-only working set, no network, {pids}"

    def child_setup(self) -> None:
        if self._cgroup is not None:
            self._cgroup.join()
        set_limits(self.limits, self._nproc)

    def run(
        self, argv: Sequence[str], *, timeout: float = 30.0, input: bytes | None = None
    ) -> RunResult:
        if not argv:
            raise SandboxError("empty command")
        proc = subprocess.Popen(
            [*self._prefix, "--", *argv],
            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=self.child_setup,
            env=BWRAP_ENV,
        )
        result = communicate(proc, input, timeout, argv[0])
        if result.returncode == 1 and result.stderr.startswith(b"bwrap: execvp"):
            raise SandboxError(f"{argv[0]}: command not found in the bwrap sandbox")
        return result

    def interactive_argv(self, argv: Sequence[str]) -> list[str]:
        """Host argv that runs `argv` inside, attached to the caller's terminal.

        Without --new-session (a shell wants the terminal), but still its own namespaces;
        the caller runs it with `preexec_fn=self.child_setup` for the limits and with
        `env=BWRAP_ENV`.
        """
        prefix = [a for a in self._prefix if a != "--new-session"]
        term = os.environ.get("TERM", "dumb")
        return [*prefix, "--setenv", "TERM", term, "--setenv", "PS1", PROMPT, "--", *argv]

    def read_file(self, rel: str) -> bytes:
        return read_working_file(self.root, rel)

    def materialize(self, files: Mapping[str, bytes]) -> list[str]:
        return materialize_files(self.root, files)

    def close(self) -> None:
        if self._cgroup is not None:
            self._cgroup.remove()

    def __enter__(self) -> BwrapSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["BWRAP_ENV", "MOUNT_POINT", "BwrapSandbox", "bwrap_path"]
