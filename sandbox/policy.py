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
    """Refuse a command the local sandbox does not run (SandboxError with the reason).

    Options are matched the way the programs parse them, so a refused option cannot
    slip through in another spelling: git and GNU tools take any unambiguous prefix of a
    long option (`--open-files-in=bash`, `--compress-prog=sh`), short options bundle
    and take their value stuck (`-lO/bin/sh`), and an option's value may itself be
    `--`, after which options still follow (`-e -- -Obash`). So every argument is
    checked, wherever it stands, and a false refusal is preferred to a missed one.
    """
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
    for refused in _REFUSED.get(prog, ()):
        for arg in args:
            if _spells(arg, refused):
                raise SandboxError(f"{prog} {arg}: refused in the local sandbox ({refused})")


def _spells(arg: str, refused: str) -> bool:
    """Whether `arg` is, or contains, the option `refused` in any accepted spelling."""
    if arg == refused or arg.startswith(refused + "="):
        return True
    if refused.startswith("--"):
        # getopt_long and git's parse-options accept any unambiguous prefix.
        name = arg[2:].partition("=")[0] if arg.startswith("--") else ""
        return bool(name) and refused[2:].startswith(name)
    if len(refused) == 2 and arg.startswith("-") and not arg.startswith("--"):
        # A bundle of short flags: the flags are the letters up to the first character
        # that cannot be one; what follows may be the stuck value of the last flag.
        flags = re.match(r"-([A-Za-z0-9]*)", arg)
        return flags is not None and refused[1] in flags.group(1)
    return False


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
