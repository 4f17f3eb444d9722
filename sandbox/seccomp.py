"""A seccomp filter that takes the network away from a process and its children.

Landlock governs files and TCP only: a confined process could still send UDP, open raw
or netlink sockets, or talk to a Unix socket such as Docker's. The local sandbox
therefore also installs this filter between fork and exec: `socket()` fails with
EACCES for every address family, `io_uring_setup` (which can open sockets without the
`socket` syscall) with ENOSYS, and a syscall from a foreign ABI (x32, 32-bit x86) kills
the process, because its numbers would slip past the checks. `socketpair()` still
works: it makes a connected pair inside the process and reaches nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import platform
import struct

_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2

_BPF_LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_BPF_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_BPF_JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
_BPF_RET_K = 0x06

_RET_ALLOW = 0x7FFF0000
_RET_ERRNO = 0x00050000
_RET_KILL_PROCESS = 0x80000000

#: seccomp_data offsets: syscall number, then the audit architecture.
_NR, _ARCH = 0, 4
_X32_BIT = 0x40000000

#: (audit arch, socket, io_uring_setup, whether x32 syscalls exist) per machine.
_ARCHES = {
    "x86_64": (0xC000003E, 41, 425, True),
    "aarch64": (0xC00000B7, 198, 425, False),
}


def _insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def _program(arch: int, socket_nr: int, uring_nr: int, x32: bool) -> bytes:
    deny_socket = _RET_ERRNO | errno.EACCES
    deny_uring = _RET_ERRNO | errno.ENOSYS
    prog = [
        _insn(_BPF_LD_W_ABS, 0, 0, _ARCH),
        _insn(_BPF_JEQ_K, 1, 0, arch),
        _insn(_BPF_RET_K, 0, 0, _RET_KILL_PROCESS),
        _insn(_BPF_LD_W_ABS, 0, 0, _NR),
    ]
    if x32:
        prog += [_insn(_BPF_JGE_K, 0, 1, _X32_BIT), _insn(_BPF_RET_K, 0, 0, _RET_KILL_PROCESS)]
    prog += [
        _insn(_BPF_JEQ_K, 0, 1, socket_nr),
        _insn(_BPF_RET_K, 0, 0, deny_socket),
        _insn(_BPF_JEQ_K, 0, 1, uring_nr),
        _insn(_BPF_RET_K, 0, 0, deny_uring),
        _insn(_BPF_RET_K, 0, 0, _RET_ALLOW),
    ]
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class NoNetworkFilter:
    """The filter, built once in the parent; `apply()` runs in the child before exec."""

    def __init__(self) -> None:
        spec = _ARCHES.get(platform.machine()) if platform.system() == "Linux" else None
        if spec is None:
            raise OSError(f"no seccomp filter for {platform.system()} {platform.machine()}")
        code = _program(*spec)
        # Kept on the instance: the kernel reads the program when apply() runs.
        self._buf = ctypes.create_string_buffer(code, len(code))
        self._prog = _SockFprog(len(code) // 8, ctypes.addressof(self._buf))
        self._libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)

    def apply(self) -> None:
        """Install the filter on the calling process (and everything it starts)."""
        if self._libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(NO_NEW_PRIVS) failed")
        res = self._libc.prctl(
            _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(self._prog), 0, 0
        )
        if res != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")


def available() -> bool:
    """Whether this machine gets the no-network filter."""
    return platform.system() == "Linux" and platform.machine() in _ARCHES


__all__ = ["NoNetworkFilter", "available"]
