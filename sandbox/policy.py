"""Which commands the local sandbox runs: read-only tools, no shells, no escape hatches.

A plain subprocess cannot limit processes or hide the network by itself, so the local
backend only runs programs that read (ls, cat, grep, rg, git log, ...), refuses every
option known to run another program or write a file, and, when the kernel has no
Landlock, also refuses arguments that name a path outside the working set.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from .errors import PathRefused, SandboxError

#: Programs the local sandbox runs. None of them writes files or starts other programs
#: except through the options refused below.
_PROGRAM_NAMES = """
    basename cat cmp comm cut diff dirname du echo egrep false fgrep file find fold grep
    head join ls md5sum nl od paste printf pwd readlink realpath rg seq sha1sum sha256sum
    sort stat tac tail test tr tree true uniq wc git
"""
PROGRAMS = frozenset(_PROGRAM_NAMES.split())

#: Git subcommands that only read. Anything else (commit, checkout, fetch, config ...) is
#: refused: memory changes only through Brain's write path, and nothing leaves the box.
_GIT_READ_NAMES = """
    blame cat-file describe diff for-each-ref grep log ls-files ls-tree name-rev rev-list
    rev-parse shortlog show status whatchanged version
"""
GIT_READ_SUBCOMMANDS = frozenset(_GIT_READ_NAMES.split())
#: Options git takes before the subcommand that are safe (everything else, such as -c,
#: -C, --git-dir, --exec-path or --paginate, could run or reach something else).
GIT_GLOBAL_OK = frozenset({"--no-pager", "--literal-pathspecs", "--no-optional-locks", "-P"})

#: Options per program that run another program or write a file.
_REFUSED = {
    "find": (
        "-exec",
        "-execdir",
        "-ok",
        "-okdir",
        "-delete",
        "-fprint",
        "-fprint0",
        "-fprintf",
        "-fls",
    ),
    "rg": ("--pre", "--search-zip", "-z"),
    "git": ("--output", "--ext-diff", "-O", "--open-files-in-pager", "--exec", "--upload-pack"),
    "sort": ("-o", "--output", "--compress-program", "-T", "--temporary-directory"),
    "tree": ("-o", "-R"),
    "diff": ("--to-file", "--from-file"),
    "file": ("-C", "--compile"),
    # -c reads a list of file names from a file, out of reach of the argument checks.
    "md5sum": ("-c", "--check"),
    "sha1sum": ("-c", "--check"),
    "sha256sum": ("-c", "--check"),
}


def check_argv(argv: Sequence[str], programs: frozenset[str] = PROGRAMS) -> None:
    """Refuse a command the local sandbox does not run (SandboxError with the reason)."""
    if not argv:
        raise SandboxError("empty command")
    prog = argv[0]
    if "/" in prog or prog not in programs:
        raise SandboxError(
            f"{prog}: not allowed in the local sandbox (it runs read-only tools only: "
            "ls, cat, grep, rg, find, git log/show/diff ...); use --backend bwrap or docker"
        )
    args = list(argv[1:])
    if prog == "git":
        _check_git(list(args))
    options = args[: args.index("--")] if "--" in args else args
    for refused in _REFUSED.get(prog, ()):
        for arg in options:
            if arg == refused or arg.startswith(refused + "=") or _short_flag_in(arg, refused):
                raise SandboxError(f"{prog} {refused}: refused in the local sandbox")


def _short_flag_in(arg: str, flag: str) -> bool:
    """`-z` hidden in a bundle of short flags such as `-nz`."""
    if len(flag) != 2 or not flag.startswith("-") or arg.startswith("--"):
        return False
    return bool(re.fullmatch(r"-[A-Za-z]+", arg)) and flag[1] in arg[1:]


def _check_git(args: list[str]) -> None:
    while args and args[0].startswith("-"):
        if args[0] not in GIT_GLOBAL_OK:
            raise SandboxError(f"git {args[0]}: refused in the local sandbox")
        args.pop(0)
    if not args or args[0] not in GIT_READ_SUBCOMMANDS:
        sub = args[0] if args else "(none)"
        raise SandboxError(f"git {sub}: only read-only git commands run in the local sandbox")


def check_paths(root: Path, argv: Sequence[str]) -> None:
    """Without Landlock: refuse arguments that name a path outside the working set.

    A heuristic, so it is strict: absolute paths, `~`, `..` components and existing
    relative paths that resolve (through symlinks) outside the working set are refused,
    also as the value of `--option=VALUE`. A regex that starts with `/` is refused too.
    """
    real_root = os.path.realpath(root)
    for arg in argv[1:]:
        for value in {arg, arg.partition("=")[2]} - {""}:
            if value.startswith(("/", "~")):
                raise PathRefused(f"{value}: absolute paths are refused in the local sandbox")
            if ".." in re.split(r"[/:]", value):
                raise PathRefused(f"{value}: '..' is refused in the local sandbox")
            candidate = os.path.join(root, value)
            if os.path.lexists(candidate):
                real = os.path.realpath(candidate)
                if real != real_root and not real.startswith(real_root + os.sep):
                    raise PathRefused(f"{value}: resolves outside the working set")


__all__ = ["GIT_READ_SUBCOMMANDS", "PROGRAMS", "check_argv", "check_paths"]
