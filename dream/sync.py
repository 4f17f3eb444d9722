"""Controlled sync: the validated tree becomes one commit through the write path.

The run started from a base commit. If the repo moved meanwhile (a capture, a note, a
hand edit), files only the run changed are taken from the run, files only others
changed stay as they are, and a file both changed keeps the other writer's version (the
next run sees it as it is). INDEX.md is then rebuilt from the merged wiki.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field

from memory_schema.errors import ParseError
from memory_schema.index_md import render_index
from memory_schema.layout import DREAM_STATE_FILE, INDEX_FILE, KNOWLEDGE
from memory_schema.links import extract_citation_defs
from memory_schema.page import Page
from memory_schema.repo import CommitInfo, MemoryRepo
from memory_schema.store import load_pages

from .state import DreamState


@dataclass
class SyncResult:
    commit: CommitInfo | None
    conflicts: list[str] = field(default_factory=list)
    moved: bool = False
    #: sessions and sources whose facts went into a page kept in the other version:
    #: left unmarked in dream-state.json, so the next run reads them again
    unmarked: list[str] = field(default_factory=list)


def diff_text(repo: MemoryRepo, base: str, files: Mapping[str, str | None]) -> str:
    """A unified diff of the run's files against the base commit."""
    old = repo.show_many(sorted(files), base)
    parts = []
    for rel in sorted(files):
        before = (old.get(rel) or b"").decode("utf-8", "replace").splitlines(keepends=True)
        after = (files[rel] or "").splitlines(keepends=True)
        parts += difflib.unified_diff(
            before,
            after,
            fromfile=f"a/{rel}" if old.get(rel) is not None else "/dev/null",
            tofile=f"b/{rel}" if files[rel] is not None else "/dev/null",
        )
    return "".join(p if p.endswith("\n") else p + "\n" for p in parts)


def sync(
    repo: MemoryRepo,
    base: str,
    files: Mapping[str, str | None],
    message: str,
    trailers: Mapping[str, str],
) -> SyncResult:
    """Commit the run's files on top of whatever HEAD is now (one commit, or none)."""
    with repo.transaction(message, dict(trailers)) as tx:
        # An edit made by hand during the run is committed as the person's change and so
        # counts as another writer's: never overwritten.
        tx.commit_hand_edits(files)
        head = repo.head()
        result = SyncResult(commit=None, moved=head != base)
        theirs: set[str] = set()
        if head and head != base:
            out = repo.git("diff", "--name-only", "-z", "--no-renames", base, head)
            theirs = {p for p in out.split("\0") if p}
        for rel, text in files.items():
            if rel == INDEX_FILE:
                continue
            if rel in theirs:
                now = repo.show_bytes(rel, head) if head else None
                mine = None if text is None else text.encode("utf-8")
                if now != mine:
                    result.conflicts.append(rel)
                continue
            if text is None:
                if tx.exists(rel):
                    tx.delete(rel)
            else:
                tx.write(rel, text)
        if result.conflicts and isinstance(files.get(DREAM_STATE_FILE), str):
            state = _unmark_lost(repo, head, files, result.conflicts, result)
            if state is not None and DREAM_STATE_FILE not in theirs:
                tx.write(DREAM_STATE_FILE, state)
        wiki_changed = any(p.startswith(f"{KNOWLEDGE}/") for p in tx.writes) or any(
            p.startswith(f"{KNOWLEDGE}/") for p in theirs
        )
        if INDEX_FILE in files and not result.moved:
            tx.write(INDEX_FILE, files[INDEX_FILE] or "")
        elif wiki_changed:
            tx.write(INDEX_FILE, render_index(_merged_pages(repo, tx.writes)))
    result.commit = tx.commit
    return result


def _unmark_lost(
    repo: MemoryRepo,
    head: str | None,
    files: Mapping[str, str | None],
    conflicts: list[str],
    result: SyncResult,
) -> str | None:
    """dream-state.json with the evidence of the run's lost versions unmarked.

    A page both the run and another writer changed keeps the other version; the facts
    the run drew from sessions and sources that only its version cites would be lost for
    good if those stayed marked as consumed.
    """
    theirs = repo.show_many(conflicts, head) if head else {}
    lost: set[str] = set()
    for rel in conflicts:
        if rel.endswith(".summary.md"):
            lost.add(rel[: -len(".summary.md")] + ".md")
            continue
        mine = {f"{c.target}.md" for c in extract_citation_defs(files.get(rel) or "")}
        other = (theirs.get(rel) or b"").decode("utf-8", "replace")
        lost |= mine - {f"{c.target}.md" for c in extract_citation_defs(other)}
    state = DreamState.parse(files[DREAM_STATE_FILE])
    for path in sorted(lost):
        if state.sessions.pop(path, None) is not None or state.sources.pop(path, None):
            result.unmarked.append(path)
    return state.render() if result.unmarked else None


def _merged_pages(repo: MemoryRepo, writes: Mapping[str, bytes | None]) -> list[Page]:
    """Pages of the working tree (at HEAD, under the lock) with the run's writes over them."""
    pages = {p.path: p for p in load_pages(repo.root)}
    for rel, data in writes.items():
        if not rel.startswith(f"{KNOWLEDGE}/"):
            continue
        if data is None:
            pages.pop(rel, None)
            continue
        try:
            pages[rel] = Page.parse(data.decode("utf-8"), rel)
        except (ParseError, UnicodeDecodeError):
            continue
    return list(pages.values())
