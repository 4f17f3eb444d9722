"""Landlock (Linux >= 5.13): a process confines itself and its children, no root needed.

The local sandbox builds one ruleset per sandbox in the parent and applies it in each
child between fork and exec, so the kernel, not our argument checks, refuses file access
outside the allowed paths, writes to the working set and, with ABI 4 or later, TCP.
Only the few syscalls live here; `Ruleset.restrict_self` is what the child calls.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import platform
from collections.abc import Iterable
from pathlib import Path

# Syscall numbers are the same on every Linux architecture (added after the unification).
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH, _RULE_NET_PORT = 1, 2
_PR_SET_NO_NEW_PRIVS = 38

EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
TRUNCATE = 1 << 14
IOCTL_DEV = 1 << 15
#: Every filesystem right the kernel knows, by ABI version (bits 0-12, REFER, TRUNCATE, IOCTL).
_FS_ALL_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
#: Rights that make sense on a file rather than a directory.
_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
READ_ONLY = READ_FILE | READ_DIR
READ_EXEC = READ_ONLY | EXECUTE
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL | None:
    if platform.system() != "Linux":
        return None
    return ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)


def abi_version() -> int:
    """The kernel's Landlock ABI version, 0 when Landlock is absent or disabled."""
    libc = _libc()
    if libc is None:
        return 0
    version = libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION)
    return max(int(version), 0)


class Ruleset:
    """A Landlock ruleset: what a confined process may still read, run and write."""

    def __init__(self, abi: int | None = None):
        self.abi = abi_version() if abi is None else abi
        if self.abi < 1:
            raise OSError("Landlock is not available on this kernel")
        self._libc = _libc()
        self.fs_all = _FS_ALL_BY_ABI[max(k for k in _FS_ALL_BY_ABI if k <= self.abi)]
        attr = _RulesetAttr(self.fs_all, 0, 0)
        size = 8  # ABI 1-3 know only the filesystem field
        if self.abi >= 4:
            # No net rules are added, so every TCP bind and connect is refused.
            attr.handled_access_net = _NET_BIND_TCP | _NET_CONNECT_TCP
            size = 16
        if self.abi >= 6:
            attr.scoped = _SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL
            size = 24
        fd = self._libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
        self.fd = int(fd)
        self.blocks_tcp = self.abi >= 4

    def allow(self, path: Path | str, access: int) -> bool:
        """Allow `access` beneath `path`; False when the path does not exist."""
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            is_dir = os.path.isdir(path)
            rights = (access if is_dir else access & _FILE_RIGHTS) & self.fs_all
            attr = _PathBeneathAttr(rights, fd)
            res = self._libc.syscall(_ADD_RULE, self.fd, _RULE_PATH_BENEATH, ctypes.byref(attr), 0)
            if res != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(fd)
        return True

    def allow_all(self, paths: Iterable[Path | str], access: int) -> None:
        for path in paths:
            self.allow(path, access)

    def restrict_self(self) -> None:
        """Confine the calling process (call in the child, between fork and exec)."""
        if self._libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(NO_NEW_PRIVS) failed")
        if self._libc.syscall(_RESTRICT_SELF, self.fd, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


__all__ = ["READ_EXEC", "READ_ONLY", "Ruleset", "abi_version"]
