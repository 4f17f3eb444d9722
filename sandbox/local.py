"""The local sandbox: a subprocess confined to the working set (the default backend).

As far as a plain subprocess goes: only read-only tools run (`policy.py`: no shells, no
option that runs a program or writes a file), with the working set as cwd, a scrubbed
environment, a private HOME/TMPDIR, resource limits, its own process group (killed
whole on timeout) and, on Linux >= 5.13, a Landlock ruleset the kernel enforces: read
only the working set and the system's programs and libraries, write only the private
temp dir, no TCP (Linux >= 6.7), nothing of /proc (other processes' environments), and
a seccomp filter that refuses every socket (UDP, raw, netlink, Unix). What it does not
do: hide other processes from `ps`-like listings, limit the number of processes when run
as root; use bwrap or docker for that.
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path

from memory_schema.errors import PathEscapeError
from memory_schema.layout import safe_relpath
from memory_schema.repo import atomic_write

from . import landlock, seccomp
from .base import RunResult
from .errors import PathRefused, SandboxError
from .policy import PROGRAMS, check_argv, check_paths

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
    # Never write the index (git status would), and trust the working set although a
    # sandbox user other than its owner reads it (git's "dubious ownership" check).
    "GIT_OPTIONAL_LOCKS": "0",
    "GIT_CONFIG_COUNT": "4",
    "GIT_CONFIG_KEY_0": "safe.directory",
    "GIT_CONFIG_VALUE_0": "*",
    # Whatever the working set's config says, git starts no other program: no pager,
    # no file-system monitor, no hooks.
    "GIT_CONFIG_KEY_1": "core.pager",
    "GIT_CONFIG_VALUE_1": "cat",
    "GIT_CONFIG_KEY_2": "core.fsmonitor",
    "GIT_CONFIG_VALUE_2": "false",
    "GIT_CONFIG_KEY_3": "core.hooksPath",
    "GIT_CONFIG_VALUE_3": "/dev/null",
}

#: Limits for every sandboxed process: CPU seconds, address space, file size, processes.
DEFAULT_LIMITS = {"cpu_seconds": 120, "memory_bytes": 2 << 30, "file_bytes": 64 << 20, "pids": 128}

#: Host paths the local sandbox may read and run (programs, libraries, loader config).
SYSTEM_READ_EXEC = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_READ = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    # Not /proc: through /proc/<pid>/environ a command would read the environment (API
    # keys) of Brain, its parent and every process of the same user.
    "/proc/cpuinfo",
    "/proc/meminfo",
    "/sys/devices/system/cpu",
)
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom")


def check_rel(root: Path, rel: str) -> str:
    """A relative path inside the working set, or PathRefused."""
    try:
        return safe_relpath(root, rel)
    except PathEscapeError as exc:
        raise PathRefused(f"{rel}: {exc.message}") from exc


def read_working_file(root: Path, rel: str) -> bytes:
    """Bytes of a working-set file, read on the host after the path check."""
    path = root / check_rel(root, rel)
    if not path.is_file():
        raise SandboxError(f"{rel}: no such file in the working set")
    return path.read_bytes()


def materialize_files(root: Path, files: Mapping[str, bytes]) -> list[str]:
    """Write files into the working set on the host (the only way in: sandboxes see it
    read-only). All paths are checked before anything is written."""
    clean = [(check_rel(root, rel), data) for rel, data in files.items()]
    for rel, data in clean:
        atomic_write(root / rel, data)
        # atomic_write's temp file is private (0600); the sandbox user (uid 1000 in bwrap
        # and docker) must read it like the files git checked out.
        os.chmod(root / rel, 0o644)
    return [rel for rel, _ in clean]


def git_external_paths(root: Path) -> list[Path]:
    """Git data a working set uses from outside itself (worktree gitdir, alternates)."""
    found: list[Path] = []
    dotgit = root / ".git"
    gitdir = dotgit
    if dotgit.is_file():
        text = dotgit.read_text(encoding="utf-8", errors="replace").strip()
        if text.startswith("gitdir:"):
            gitdir = (root / text.split(":", 1)[1].strip()).resolve()
            found.append(gitdir)
            common = gitdir / "commondir"
            if common.is_file():
                found.append((gitdir / common.read_text().strip()).resolve())
    for git in [gitdir, *found]:
        alternates = git / "objects" / "info" / "alternates"
        if alternates.is_file():
            for line in alternates.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.strip() and not line.startswith("#"):
                    found.append((git / "objects" / line.strip()).resolve())
    real_root = root.resolve()
    outside = [p for p in found if p != real_root and real_root not in p.parents]
    return list(dict.fromkeys(p for p in outside if p.exists()))


def nproc_limit(pids: int) -> int:
    """RLIMIT_NPROC that leaves `pids` new processes to a non-root user.

    The limit counts all processes of the user, so it is set above what the user
    already runs. Root ignores it (the local backend cannot limit root's processes).
    """
    uid = os.getuid()
    count = 0
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if entry.stat().st_uid == uid:
                        count += 1
    return count + pids


def set_limits(limits: Mapping[str, int], nproc: int | None) -> None:
    """Apply resource limits to the calling process (called between fork and exec)."""
    resource.setrlimit(resource.RLIMIT_CPU, (limits["cpu_seconds"], limits["cpu_seconds"]))
    resource.setrlimit(resource.RLIMIT_AS, (limits["memory_bytes"], limits["memory_bytes"]))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits["file_bytes"], limits["file_bytes"]))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if nproc is not None:
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))


def communicate(
    proc: subprocess.Popen[bytes], input: bytes | None, timeout: float, what: str
) -> RunResult:
    """Wait for a process started in its own session; kill the whole group on timeout."""
    try:
        out, err = proc.communicate(input=input, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise SandboxError(f"{what} timed out after {timeout:g}s") from exc
    return RunResult(proc.returncode, out, err)


class LocalSandbox:
    """Read-only tools in a subprocess, confined by Landlock where the kernel has it."""

    name = "local"

    def __init__(
        self,
        root: Path | str,
        *,
        programs: frozenset[str] = PROGRAMS,
        use_landlock: bool | None = None,
        limits: Mapping[str, int] | None = None,
    ):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise SandboxError(f"working set {self.root} does not exist")
        self.programs = programs
        self.limits = {**DEFAULT_LIMITS, **(limits or {})}
        self._tmp = Path(tempfile.mkdtemp(prefix="brain-sandbox-"))
        self._ruleset: landlock.Ruleset | None = None
        if use_landlock is None:
            use_landlock = landlock.abi_version() > 0
        if use_landlock:
            self._ruleset = self._build_ruleset()
        self.landlock_abi = self._ruleset.abi if self._ruleset else 0
        self._nproc = nproc_limit(self.limits["pids"]) if os.getuid() != 0 else None
        self._no_network = seccomp.NoNetworkFilter() if seccomp.available() else None
        self._closed = False
        # Release the ruleset and the temp dir even if close() is never called.
        self._finalizer = weakref.finalize(self, _release, self._ruleset, self._tmp)

    def _build_ruleset(self) -> landlock.Ruleset:
        rules = landlock.Ruleset()
        rules.allow_all(SYSTEM_READ_EXEC, landlock.READ_EXEC)
        rules.allow_all(SYSTEM_READ, landlock.READ_ONLY)
        rules.allow_all(DEVICES, landlock.READ_ONLY | landlock.WRITE_FILE)
        rules.allow(self.root, landlock.READ_ONLY)
        rules.allow_all(git_external_paths(self.root), landlock.READ_ONLY)
        rules.allow(self._tmp, rules.fs_all)
        return rules

    @property
    def isolation(self) -> str:
        """One line: what confines commands in this sandbox."""
        net = " + seccomp (no sockets)" if self._no_network else " (sockets not blocked)"
        if not self._ruleset:
            return f"command policy and path checks only (no Landlock on this kernel){net}"
        tcp = ", no TCP" if self._ruleset.blocks_tcp else ""
        return (
            f"command policy + Landlock ABI {self.landlock_abi} (read-only working set{tcp})" + net
        )

    def _child_setup(self) -> None:
        set_limits(self.limits, self._nproc)
        if self._ruleset is not None:
            self._ruleset.restrict_self()
        if self._no_network is not None:
            self._no_network.apply()

    def run(
        self, argv: Sequence[str], *, timeout: float = 30.0, input: bytes | None = None
    ) -> RunResult:
        if self._closed:
            raise SandboxError("the local sandbox is closed")
        check_argv(argv, self.programs)
        if self._ruleset is None:
            check_paths(self.root, argv)
        env = {**SAFE_ENV, "HOME": str(self._tmp), "TMPDIR": str(self._tmp)}
        env["GIT_CEILING_DIRECTORIES"] = str(self.root.parent)
        try:
            proc = subprocess.Popen(
                list(argv),
                cwd=self.root,
                stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,
                preexec_fn=self._child_setup,
            )
        except FileNotFoundError as exc:
            raise SandboxError(f"{argv[0]}: command not found in the local sandbox") from exc
        return communicate(proc, input, timeout, argv[0])

    def read_file(self, rel: str) -> bytes:
        return read_working_file(self.root, rel)

    def materialize(self, files: Mapping[str, bytes]) -> list[str]:
        return materialize_files(self.root, files)

    def close(self) -> None:
        self._closed = True
        self._finalizer()

    def __enter__(self) -> LocalSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _release(ruleset: landlock.Ruleset | None, tmp: Path) -> None:
    if ruleset is not None:
        ruleset.close()
    shutil.rmtree(tmp, ignore_errors=True)


__all__ = [
    "SAFE_ENV",
    "LocalSandbox",
    "check_rel",
    "git_external_paths",
    "materialize_files",
    "read_working_file",
]
