"""The memory tree: folder names, path rules and file discovery."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from .errors import PathEscapeError

KNOWLEDGE = "knowledge"
NOTES = "notes"
SESSIONS = "sessions"
SOURCES = "sources"
BRAIN_DIR = ".brain"
CACHE_DIR = ".brain/cache"
INDEX_FILE = "INDEX.md"
INSTRUCTIONS_FILE = ".brain/instructions.md"
FORGET_FILE = ".brain/forget.md"
DREAM_STATE_FILE = ".brain/dream-state.json"
CONFIG_FILE = ".brain/config.yaml"
SESSIONS_INDEX = "sessions/index.md"


def is_memory(root: Path) -> bool:
    """Whether `root` is a memory: a Git repository with the Brain folder."""
    return (root / ".git").exists() and (root / BRAIN_DIR).is_dir()


#: Subject folders of the wiki, one per page type family.
KNOWLEDGE_FOLDERS = (
    "people",
    "projects",
    "organizations",
    "places",
    "concepts",
    "preferences",
    "events",
)

#: Kinds of memory file, named after their top-level folder.
KINDS = {KNOWLEDGE: "knowledge", NOTES: "note", SESSIONS: "session", SOURCES: "source"}

#: Files above this size are findings for the validators and are refused by capture.
MAX_FILE_BYTES = 5 * 1024 * 1024

# Folders never walked: git internals, derived caches, Obsidian settings.
_SKIP_DIRS = {".git", "cache", ".obsidian", ".trash"}


def kind_of(rel_path: str) -> str | None:
    """The kind of a memory file ('knowledge', 'note', 'session', 'source') or None."""
    top = PurePosixPath(rel_path).parts[0] if rel_path else ""
    return KINDS.get(top)


def safe_relpath(root: Path, rel: str | os.PathLike[str]) -> str:
    """Normalise `rel` to a POSIX path inside `root`, or raise PathEscapeError.

    Refuses absolute paths, `..` components and symlinks whose target leaves the tree.
    """
    text = str(rel).replace("\\", "/")
    if not text or text.startswith("/") or (len(text) > 1 and text[1] == ":"):
        raise PathEscapeError("absolute or empty path refused", path=text)
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        # A newline or other control character in a file name breaks every line-based
        # tool that lists or reads files (git's batch modes, logs, the index).
        raise PathEscapeError("control characters are not allowed in memory paths", path=text)
    parts = PurePosixPath(text).parts
    if any(p == ".." for p in parts):
        raise PathEscapeError("'..' is not allowed in memory paths", path=text)
    clean = "/".join(p for p in parts if p not in ("", "."))
    if not clean:
        raise PathEscapeError("path names the memory root itself", path=text)
    root_real = Path(os.path.realpath(root))
    target = Path(os.path.realpath(root / clean))
    if target != root_real and root_real not in target.parents:
        raise PathEscapeError("path resolves outside the memory tree (symlink?)", path=text)
    return clean


def iter_memory_files(root: Path, suffix: str = ".md") -> Iterator[str]:
    """Relative POSIX paths of memory files under root, sorted, skipping caches and .git.

    A symlink whose target leaves `root` is no memory file and is never listed (nor is a
    folder behind a symlink entered), so no reader that walks memory (grep, search, the
    link resolver, Dream) opens what it points to; the validators report it.
    """
    found: list[str] = []
    real_root = os.path.realpath(root)
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(
            d for d in dirnames if d not in _SKIP_DIRS and not (rel_dir == "." and d == ".git")
        )
        for name in filenames:
            if suffix and not name.endswith(suffix):
                continue
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            full = os.path.join(dirpath, name)
            if os.path.islink(full) and not _within(real_root, os.path.realpath(full)):
                continue
            found.append(rel.replace(os.sep, "/"))
    yield from sorted(found)


def _within(real_root: str, real: str) -> bool:
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def session_path(session_id: str, year: int, month: int) -> str:
    return f"{SESSIONS}/{year:04d}/{month:02d}/{session_id}.md"


def summary_path_for(session_rel: str) -> str:
    assert session_rel.endswith(".md")
    return session_rel[: -len(".md")] + ".summary.md"
