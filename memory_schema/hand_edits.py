"""Edits people make by hand (Obsidian, an editor) that are not committed yet.

Brain's write path renames its files into the working tree, so an uncommitted edit to a
file it writes would be overwritten without a word. Instead such edits are committed
first, as the person's own change: authored by the repo's git identity (`user.name`,
`user.email`), with the trailer `Brain-Command: hand-edit`. Then Brain's own commit
follows on top, and the edit is never lost (Dream sees it as another writer's change).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from .layout import KNOWLEDGE, NOTES

if TYPE_CHECKING:
    from .repo import MemoryRepo

TRAILERS = {"Brain-Command": "hand-edit", "Brain-Edit": "uncommitted change found by Brain"}


def worktree_bytes(repo: MemoryRepo, rel: str) -> bytes | None:
    path = repo.root / rel
    if os.path.islink(path) or not path.is_file():
        return None
    return path.read_bytes()


def at_risk(
    repo: MemoryRepo, paths: Iterable[str], committed: Mapping[str, bytes | None]
) -> dict[str, bytes | None]:
    """Of `paths`, those whose working-tree file differs from `committed` (HEAD): the
    person's version of each, to commit before Brain overwrites it."""
    edits: dict[str, bytes | None] = {}
    for rel in paths:
        now = worktree_bytes(repo, rel)
        before = committed.get(rel)
        if now != before and not (now is None and before is None):
            edits[rel] = now
    return edits


def hand_edited(repo: MemoryRepo) -> list[str]:
    """Every file changed by hand: tracked files modified or deleted, and new Markdown
    files in knowledge/ and notes/ (what people create in Obsidian)."""
    out = repo.git(
        "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", check=False
    )
    found = []
    for rec in out.split("\0"):
        if len(rec) < 4:
            continue
        code, rel = rec[:2], rec[3:]
        if rel.endswith(".brain-tmp") or rel.startswith(".brain/cache/"):
            continue
        if code == "??":
            if rel.endswith(".md") and rel.startswith((f"{KNOWLEDGE}/", f"{NOTES}/")):
                found.append(rel)
            continue
        found.append(rel)
    return sorted(found)


def person(repo: MemoryRepo) -> tuple[str, str] | None:
    """The git identity people commit with in this repo, if one is configured."""
    name = repo.git("config", "user.name", check=False).strip()
    email = repo.git("config", "user.email", check=False).strip()
    return (name, email or "unknown@localhost") if name else None


def message(paths: list[str]) -> str:
    shown = ", ".join(paths[:5]) + (f" (+{len(paths) - 5} more)" if len(paths) > 5 else "")
    return f"edit: {len(paths)} file{'s' if len(paths) != 1 else ''} changed by hand: {shown}"


__all__ = ["TRAILERS", "at_risk", "hand_edited", "message", "person"]
