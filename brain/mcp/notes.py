"""What the MCP note tools do: write, edit, move and delete notes under notes/.

Each call is one commit through the write path (`MemoryRepo.transaction`), with
trailers naming the tool and the client. A new version of a note is validated before it
lands, with the checks every page gets (validators.page_check): frontmatter, links,
citations, and each cited claim against its block (`check_support`). The check runs
outside the write lock (it can take a second); the commit then happens only if the note
is still the one that was checked, else the edit is redone on the new text, so two
clients editing one note lose nothing. knowledge/ is Dream's and is never written here.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import PurePosixPath
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field

from memory_schema import LinkResolver, MemoryRepo
from memory_schema.errors import ParseError, PathEscapeError
from memory_schema.layout import KNOWLEDGE, NOTES, iter_memory_files, safe_relpath
from memory_schema.links import safe_filename
from memory_schema.markdown_io import read_text
from memory_schema.repo import Transaction
from memory_schema.store import load_pages

from .note_text import compose_note, edit_text

#: Optimistic tries of an edit (checked outside the lock) before one under the lock.
EDIT_TRIES = 2
#: Findings shown in a refusal (the rest are counted).
MAX_FINDINGS_SHOWN = 10


class NoteChanged(BaseModel):
    path: str = Field(description="The note's path in memory after the call")
    commit: str | None = Field(description="The commit made (None: nothing changed)")
    message: str = Field(description="The commit's subject line")
    warnings: list[str] = Field(default_factory=list, description="Findings that do not block")


def _today() -> dt.date:
    return dt.datetime.now().astimezone().date()


class NoteWriter:
    """The note tools over one memory repo; every refusal is a ToolError."""

    def __init__(self, repo: MemoryRepo):
        self.repo = repo
        self.root = repo.root

    # -- paths ---------------------------------------------------------------------------

    def note_path(self, path: str) -> str:
        """`path` as a note's path under notes/ (".md" added), or a ToolError saying why not."""
        text = (path or "").strip().replace("\\", "/")
        if text.startswith("[[") and text.endswith("]]"):
            text = text[2:-2].split("|", 1)[0].strip()
        if not text:
            raise ToolError("refused: empty path; give a path under notes/")
        if text.startswith("/") or (len(text) > 1 and text[1] == ":"):
            raise ToolError(f"refused: {text!r} is an absolute path; give a path under notes/")
        parts = PurePosixPath(text).parts
        if ".." in parts:
            raise ToolError(f"refused: {text!r}: '..' is not allowed; give a path under notes/")
        clean = "/".join(p for p in parts if p not in ("", "."))
        if clean == KNOWLEDGE or clean.startswith(f"{KNOWLEDGE}/"):
            raise ToolError(
                f"refused: {clean}: knowledge/ is Dream's; write a note under notes/ saying "
                "what should change, and the next Dream folds it into the wiki"
            )
        if not clean.startswith(f"{NOTES}/"):
            raise ToolError(f"refused: {clean}: the note tools write only under notes/")
        if not clean.endswith(".md"):
            clean += ".md"
        try:
            clean = safe_relpath(self.root, clean)
        except PathEscapeError as exc:
            raise ToolError(f"refused: {clean}: {exc.message}") from exc
        # No symlink on the way, even one that stays inside: a link in notes/ could lead
        # a write into knowledge/, or make one file answer to two paths.
        here = self.root
        for part in clean.split("/"):
            here = here / part
            if here.is_symlink():
                raise ToolError(f"refused: {clean}: {here.relative_to(self.root)} is a symlink")
        return clean

    def _folder(self, folder: str) -> str:
        text = (folder or "").strip().replace("\\", "/").rstrip("/")
        if text in ("", "."):
            text = "inbox"
        top = text.split("/", 1)[0]
        if top not in (NOTES, KNOWLEDGE) and not text.startswith("/"):
            text = f"{NOTES}/{text}"
        return text

    def _read(self, rel: str) -> str:
        full = self.root / rel
        if not full.is_file():
            raise ToolError(f"no such note: {rel} (list notes with ls notes)")
        try:
            return read_text(full.read_bytes(), rel)
        except ParseError as exc:
            raise ToolError(str(exc)) from exc

    # -- checks --------------------------------------------------------------------------

    def check(self, rel: str, text: str, before: str | None = None) -> list[str]:
        """Refuse `text` as `rel` with the validators' errors; return their warnings.

        With `before` (the note as it was), an error the note already had is no reason to
        refuse an edit: it comes back as a warning. A person's note may link a page Dream
        has not written yet; an agent appending a line did not cause that.
        """
        from validators.page_check import validate_page

        report = validate_page(self.root, rel, text)
        errors, warnings = report.errors, report.warnings
        if errors and before is not None:
            had = Counter((f.code, f.message) for f in validate_page(self.root, rel, before).errors)
            new, old = [], []
            for f in errors:
                key = (f.code, f.message)
                if had[key] > 0:
                    had[key] -= 1
                    old.append(f)
                else:
                    new.append(f)
            errors, warnings = new, [*old, *warnings]
        if errors:
            shown = [f"- {_where(f)} [{f.code}] {f.message}" for f in errors]
            more = len(shown) - MAX_FINDINGS_SHOWN
            lines = shown[:MAX_FINDINGS_SHOWN] + ([f"- ({more} more)"] if more > 0 else [])
            raise ToolError(
                f"refused: {rel} fails validation; nothing was written:\n" + "\n".join(lines)
            )
        return [
            f"{_where(f)} [{f.code}] {f.message}"
            + (" (already in the note)" if f.severity == "error" else "")
            for f in warnings
        ]

    def links_broken_by(self, gone: str, added: str | None = None) -> list[str]:
        """Links of wiki pages that reach `gone` and would reach nothing once it is gone
        (or moved to `added`): knowledge/ is Dream's, so a note tool may not break them."""
        pages = {p.path: p for p in load_pages(self.root, KNOWLEDGE)}
        notes = {p.path: p for p in load_pages(self.root, NOTES)}
        before, after = LinkResolver(), LinkResolver()
        for rel in iter_memory_files(self.root):
            page = pages.get(rel) or notes.get(rel)
            title, aliases = (page.title, page.aliases) if page else (None, ())
            before.add_file(rel, title, aliases)
            if rel != gone:
                after.add_file(rel, title, aliases)
        if added is not None and gone in notes:
            after.add_file(added, notes[gone].title, notes[gone].aliases)
        broken = []
        for page in pages.values():
            for link in page.links():
                target = link.target
                if target and before.resolve(target) == gone and after.resolve(target) is None:
                    broken.append(f"{page.path}:{link.line} {link.render()}")
        return broken

    def _tx(self, subject: str, tool: str, client: str | None) -> Transaction:
        from dream.host import client_label

        return self.repo.transaction(
            subject,
            {"Brain-Command": tool, "Brain-Author": "mcp", "Brain-Client": client_label(client)},
        )

    # -- the tools -----------------------------------------------------------------------

    def write(
        self,
        title: str,
        content: str,
        *,
        folder: str = "inbox",
        tags: list[str] | None = None,
        path: str | None = None,
        client: str | None = None,
    ) -> NoteChanged:
        title = " ".join((title or "").split())
        if not title:
            raise ToolError("a note needs a title")
        where = path if path and path.strip() else f"{self._folder(folder)}/{safe_filename(title)}"
        rel = self.note_path(where)
        if (self.root / rel).exists():
            raise ToolError(f"refused: {rel} exists; change it with edit_note, or pick a new title")
        try:
            text = compose_note(rel, title, content, tags, _today())
        except ValueError as exc:
            raise ToolError(f"refused: {rel}: {exc}") from exc
        warnings = self.check(rel, text)
        subject = f"note: write {rel}"
        with self._tx(subject, "write_note", client) as tx:
            if tx.exists(rel):
                raise ToolError(f"refused: {rel} was just written by another writer; edit it")
            tx.write(rel, text)
        return _changed(rel, tx, subject, warnings)

    def edit(
        self,
        path: str,
        operation: str,
        content: str,
        *,
        find: str | None = None,
        heading: str | None = None,
        client: str | None = None,
    ) -> NoteChanged:
        rel = self.note_path(path)
        subject = f"note: edit {rel} ({operation})"

        def edited(before: str) -> str:
            try:
                return edit_text(rel, before, operation, content, find, heading, _today())
            except ValueError as exc:
                raise ToolError(f"refused: {rel}: {exc}") from exc

        # Optimistic first: check outside the lock, commit if the note is unchanged.
        for _ in range(EDIT_TRIES):
            before = self._read(rel)
            after = edited(before)
            if after == before:
                return NoteChanged(path=rel, commit=None, message="no change")
            warnings = self.check(rel, after, before)
            with self._tx(subject, "edit_note", client) as tx:
                current = tx.read_text(rel)
                if current is None:
                    raise ToolError(f"refused: {rel} was deleted by another writer meanwhile")
                if current != before:
                    continue  # changed under us: redo the edit on the new text
                tx.write(rel, after)
            return _changed(rel, tx, subject, warnings)
        # Still changing under busy writers: edit and check holding the lock, which
        # always lands (others wait for it).
        with self._tx(subject, "edit_note", client) as tx:
            before = tx.read_text(rel)
            if before is None:
                raise ToolError(f"refused: {rel} was deleted by another writer meanwhile")
            after = edited(before)
            if after == before:
                return NoteChanged(path=rel, commit=None, message="no change")
            warnings = self.check(rel, after, before)
            tx.write(rel, after)
        return _changed(rel, tx, subject, warnings)

    def move(self, path: str, new_path: str, *, client: str | None = None) -> NoteChanged:
        src = self.note_path(path)
        target = (new_path or "").strip()
        if target.endswith("/") or (self.root / target).is_dir():
            target = f"{target.rstrip('/')}/{src.rsplit('/', 1)[-1]}"
        dst = self.note_path(target)
        if dst == src:
            raise ToolError(f"refused: {src} is already there")
        text = self._read(src)
        if (self.root / dst).exists():
            raise ToolError(f"refused: {dst} exists; pick another path")
        broken = self.links_broken_by(src, dst)
        if broken:
            raise ToolError(_breaks("move", src, broken))
        subject = f"note: move {src} to {dst}"
        with self._tx(subject, "move_note", client) as tx:
            if tx.read_text(src) != text or tx.exists(dst):
                raise ToolError(f"refused: {src} or {dst} changed under another writer; try again")
            tx.write(dst, text)
            tx.delete(src)
        return _changed(dst, tx, subject, [])

    def delete(self, path: str, *, client: str | None = None) -> NoteChanged:
        rel = self.note_path(path)
        self._read(rel)
        broken = self.links_broken_by(rel)
        if broken:
            raise ToolError(_breaks("delete", rel, broken))
        subject = f"note: delete {rel}"
        with self._tx(subject, "delete_note", client) as tx:
            if not tx.exists(rel):
                raise ToolError(f"no such note: {rel} (another writer deleted it)")
            tx.delete(rel)
        return _changed(rel, tx, subject, [])


def _changed(rel: str, tx: Transaction, subject: str, warnings: list[str]) -> NoteChanged:
    commit = tx.commit.sha if tx.commit else None
    return NoteChanged(path=rel, commit=commit, message=subject, warnings=warnings)


def _where(f: Any) -> str:
    return f"line {f.line}" if f.line else "file"


def _breaks(verb: str, rel: str, broken: list[str]) -> str:
    shown = "; ".join(broken[:5]) + (f" (+{len(broken) - 5} more)" if len(broken) > 5 else "")
    return (
        f"refused: a {verb} would break links of wiki pages to {rel}: {shown}. knowledge/ is "
        "Dream's: keep this note, and write a note saying what changed for the next Dream"
    )
