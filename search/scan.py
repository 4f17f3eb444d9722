"""Which files the index covers, and their size and mtime (what freshness compares)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .blocks import kind_of_file

_INDEXED_TOPS = ("knowledge", "notes", "sessions", "sources")


def scan_files(root: Path) -> dict[str, tuple[int, int]]:
    """rel path -> (size, mtime_ns) of every file the index covers."""
    found: dict[str, tuple[int, int]] = {}

    def walk(folder: Path, rel: str) -> None:
        try:
            entries = list(os.scandir(folder))
        except (FileNotFoundError, NotADirectoryError):
            return
        for e in entries:
            if e.name.startswith("."):
                continue
            sub = f"{rel}/{e.name}"
            if e.is_dir(follow_symlinks=False):
                walk(Path(e.path), sub)
            elif e.is_file(follow_symlinks=False) and kind_of_file(sub):
                st = e.stat(follow_symlinks=False)
                found[sub] = (st.st_size, st.st_mtime_ns)

    for top in _INDEXED_TOPS:
        walk(root / top, top)
    return found


def scan_paths(root: Path, rels: Iterable[str]) -> dict[str, tuple[int, int]]:
    """scan_files for some paths only: those that exist and that scan_files would list
    (a regular file of an indexed kind, no hidden part, no symlink on the way)."""
    found: dict[str, tuple[int, int]] = {}
    for rel in rels:
        parts = rel.split("/")
        if parts[0] not in _INDEXED_TOPS or not kind_of_file(rel):
            continue
        if any(not p or p.startswith(".") for p in parts):
            continue
        here, st = root, None
        try:
            for part in parts:
                here = here / part
                st = os.lstat(here)
                if stat.S_ISLNK(st.st_mode):
                    break
        except OSError:
            continue
        if st is not None and stat.S_ISREG(st.st_mode):
            found[rel] = (st.st_size, st.st_mtime_ns)
    return found
