"""What the MCP tools do, over one memory repo: read, grep, search, remember, ask.

Every failure a client can cause (a path outside memory, a missing file or block, a bad
regular expression) raises `ToolError` (or `ResourceError` for resources) with a
one-line message, which the SDK returns to the client as an error result.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import threading
import time
from typing import Any
from urllib.parse import quote

import regex
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp_types import Resource as MCPResource
from pydantic import BaseModel, Field

from memory_schema import LinkResolver, MemoryRepo
from memory_schema.errors import ParseError, PathEscapeError
from memory_schema.layout import INDEX_FILE, iter_memory_files, safe_relpath
from memory_schema.links import WIKILINK_RE, extract_headings, heading_key
from memory_schema.markdown_io import read_text, split_frontmatter
from memory_schema.notes import write_note
from memory_schema.store import is_session_file, is_source_file, load_pages

#: Output limits: an MCP client pays for every character in its context window.
MAX_READ_LINES = 400
MAX_GREP_MATCHES = 100
MAX_LINE_CHARS = 400
MAX_LIST_ENTRIES = 300
#: A pathological pattern (catastrophic backtracking) gives up after this many seconds.
GREP_TIMEOUT_SECONDS = 10.0


class Hit(BaseModel):
    link: str = Field(description="Obsidian link to the block: path#^anchor or path#Heading")
    path: str
    anchor: str
    kind: str
    title: str
    date: str | None
    score: float
    text: str


class SearchResult(BaseModel):
    query: str
    hits: list[Hit]


class Remembered(BaseModel):
    path: str
    commit: str | None


class Cited(BaseModel):
    n: int
    link: str = Field(description="Obsidian block link to the evidence")
    path: str
    anchor: str
    quote: str


class Answered(BaseModel):
    answer: str
    citations: list[Cited]
    engine: str
    files_read: list[str]
    session: str | None = Field(description="Where this exchange was recorded in memory")


def client_name(ctx: Any) -> str | None:
    """The MCP client's name from its initialize request (None when it gave none)."""
    try:
        params = ctx.session.client_params if ctx is not None else None
    except (AttributeError, LookupError, ValueError):
        return None
    return params.client_info.name if params is not None else None


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + " […]"


class MemoryAccess:
    """What the MCP tools do, over one memory repo; failures raise ToolError."""

    def __init__(self, repo: MemoryRepo):
        self.repo = repo
        self.root = repo.root
        self._lock = threading.Lock()
        self._index: Any = None  # search.SearchIndex, opened on first search
        self._resolver: tuple[str | None, LinkResolver] | None = None

    # -- paths ---------------------------------------------------------------------------

    def rel(self, path: str, *, allow_root: bool = False) -> str:
        """A safe relative path inside memory (never .git), or ToolError."""
        text = (path or "").strip().replace("\\", "/")
        if allow_root and text in ("", ".", "./", "/"):
            return "."
        try:
            rel = safe_relpath(self.root, text)
        except PathEscapeError as exc:
            raise ToolError(f"refused: {text!r}: {exc.message}") from exc
        if rel == ".git" or rel.startswith(".git/"):
            raise ToolError("refused: .git is Git's own data, not memory")
        return rel

    def resolver(self) -> LinkResolver:
        """Obsidian-style resolution of link targets; rebuilt when memory has a new commit."""
        head = self.repo.head()
        with self._lock:
            if self._resolver is None or self._resolver[0] != head:
                resolver = LinkResolver()
                titled = {}
                for folder in ("knowledge", "notes"):
                    for page in load_pages(self.root, folder):
                        titled[page.path] = page
                for rel in iter_memory_files(self.root):
                    page = titled.get(rel)
                    resolver.add_file(
                        rel, page.title if page else None, page.aliases if page else ()
                    )
                self._resolver = (head, resolver)
            return self._resolver[1]

    def locate(self, path: str) -> tuple[str, str | None]:
        """(file, fragment) for a path, a path#fragment, or a [[wikilink]] / page title."""
        text = path.strip()
        m = WIKILINK_RE.fullmatch(text)
        if m:
            target, frag = m.group(2).strip(), (m.group(3) or "")[1:] or None
        else:
            target, _, frag_text = text.partition("#")
            target, frag = target.strip(), frag_text.strip() or None
        rel = self.rel(target)
        # Every candidate is checked on its own: `notes/evil` is safe while the file it
        # falls back to, `notes/evil.md`, may be a symlink out of memory.
        for cand in (rel, rel + ".md"):
            if (self.root / self.rel(cand)).is_file():
                return cand, frag
        if (self.root / rel).is_dir():
            raise ToolError(f"{rel} is a folder; list it with ls")
        found = self.resolver().resolve(target)
        if found is None:
            raise ToolError(f"no such file in memory: {target} (find paths with search or grep)")
        return self.rel(found), frag

    def _text(self, rel: str) -> str:
        try:
            return read_text((self.root / self.rel(rel)).read_bytes(), rel)
        except ParseError as exc:
            raise ToolError(str(exc)) from exc
        except OSError as exc:
            raise ToolError(f"{rel}: cannot read ({exc.strerror})") from exc

    # -- tools ---------------------------------------------------------------------------

    def index(self) -> str:
        if not (self.root / INDEX_FILE).is_file():
            raise ToolError(f"{INDEX_FILE} is missing; run `brain init` on the memory")
        return self._text(INDEX_FILE)

    def ls(self, path: str = ".") -> str:
        rel = self.rel(path, allow_root=True)
        folder = self.root if rel == "." else self.root / rel
        if not folder.is_dir():
            raise ToolError(f"no such folder in memory: {rel}")
        entries = sorted(
            f"{e.name}/" if e.is_dir() else e.name
            for e in folder.iterdir()
            if e.name not in (".git", ".gitkeep") and not (rel == "." and e.name == ".obsidian")
        )
        if not entries:
            return f"{rel}: (empty)"
        more = len(entries) - MAX_LIST_ENTRIES
        shown = entries[:MAX_LIST_ENTRIES] + ([f"[{more} more entries]"] if more > 0 else [])
        return "\n".join(shown)

    def read(self, path: str, anchor: str | None = None, start: int = 1, lines: int = 200) -> str:
        rel, frag = self.locate(path)
        anchor = (anchor or frag or "").strip() or None
        if anchor:
            return self._read_block(rel, anchor)
        all_lines = self._text(rel).split("\n")
        if all_lines and all_lines[-1] == "":
            all_lines.pop()
        total = len(all_lines)
        if start > max(total, 1):
            raise ToolError(f"{rel} has {total} lines; start must be 1..{total}")
        end = min(total, start + lines - 1)
        more = f"; read on with start={end + 1}" if end < total else ""
        body = "\n".join(_clip(ln) for ln in all_lines[start - 1 : end])
        return f"[{rel} · lines {start}-{end} of {total}{more}]\n{body}"

    def _read_block(self, rel: str, anchor: str) -> str:
        text = self._text(rel)
        block_id = anchor[1:] if anchor.startswith("^") else anchor
        try:
            if is_session_file(rel) or is_source_file(rel):
                return self._evidence_block(rel, text, block_id)
        except ParseError as exc:
            raise ToolError(f"{rel} cannot be parsed: {exc.message}") from exc
        if anchor.startswith("^"):
            return self._page_block(rel, text, block_id)
        return self._section(rel, text, anchor)

    def _evidence_block(self, rel: str, text: str, block_id: str) -> str:
        from memory_schema import Session, Source

        link = f"{rel[:-3]}#^{block_id}"
        if is_session_file(rel):
            session = Session.parse(text, rel)
            i = _block_number(block_id, "t")
            if not 1 <= i <= len(session.turns):
                raise ToolError(
                    f"{rel} has no block ^{block_id} (turns ^t1..^t{len(session.turns)})"
                )
            turn = session.turns[i - 1]
            when = turn.at or session.started
            head = f"[[{link}]] · {session.title} · {turn.who} ({turn.role})"
            return f"{head}{f' · {when}' if when else ''}\n{turn.content}"
        source = Source.parse(text, rel)
        i = _block_number(block_id, "p")
        if not 1 <= i <= len(source.blocks):
            raise ToolError(
                f"{rel} has no block ^{block_id} (paragraphs ^p1..^p{len(source.blocks)})"
            )
        return f"[[{link}]] · {source.title}, block {i}\n{source.blocks[i - 1]}"

    def _page_block(self, rel: str, text: str, block_id: str) -> str:
        """An Obsidian block id in a page: the paragraph that ends with (or precedes) ^id."""
        paragraphs = text.split("\n\n")
        for i, para in enumerate(paragraphs):
            stripped = para.strip()
            if stripped == f"^{block_id}" and i > 0:
                return f"[[{rel[:-3]}#^{block_id}]]\n{paragraphs[i - 1].strip()}"
            if stripped.endswith(f" ^{block_id}"):
                return f"[[{rel[:-3]}#^{block_id}]]\n{stripped[: -len(block_id) - 2].rstrip()}"
        raise ToolError(f"{rel} has no block ^{block_id}")

    def _section(self, rel: str, text: str, heading: str) -> str:
        """The section under a heading, down to the next heading of the same or higher level."""
        _, body = split_frontmatter(text, rel) if rel.endswith(".md") else ({}, text)
        want = heading_key(heading)
        lines = body.split("\n")
        start = level = None
        for i, line in enumerate(lines):
            m = regex.match(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if not m:
                continue
            if start is None and heading_key(m.group(2)) == want:
                start, level = i, len(m.group(1))
            elif start is not None and level is not None and len(m.group(1)) <= level:
                return f"[[{rel[:-3]}#{heading}]]\n" + "\n".join(lines[start:i]).strip()
        if start is None:
            known = ", ".join(extract_headings(body)) or "none"
            raise ToolError(f"{rel} has no heading {heading!r} (headings: {known})")
        return f"[[{rel[:-3]}#{heading}]]\n" + "\n".join(lines[start:]).strip()

    def grep(
        self,
        pattern: str,
        path: str = ".",
        glob: str | None = None,
        ignore_case: bool = False,
        max_matches: int = MAX_GREP_MATCHES,
    ) -> str:
        rel = self.rel(path, allow_root=True)
        try:
            compiled = regex.compile(pattern, regex.IGNORECASE if ignore_case else 0)
        except regex.error as exc:
            raise ToolError(f"bad regular expression {pattern!r}: {exc}") from exc
        if rel == ".":
            files = list(iter_memory_files(self.root))
        elif (self.root / rel).is_file():
            files = [rel]
        elif (self.root / rel).is_dir():
            files = [f"{rel}/{f}" for f in iter_memory_files(self.root / rel)]
        else:
            raise ToolError(f"no such file or folder in memory: {rel}")
        if glob:
            files = [f for f in files if fnmatch.fnmatch(f, glob)]
        deadline = time.monotonic() + GREP_TIMEOUT_SECONDS
        matches: list[str] = []
        total = 0
        for f in files:
            try:
                text = (self.root / self.rel(f)).read_text("utf-8", errors="replace")
            except (OSError, ToolError):
                continue
            for n, line in enumerate(text.split("\n"), start=1):
                try:
                    hit = compiled.search(line, timeout=max(0.01, deadline - time.monotonic()))
                except TimeoutError as exc:
                    raise ToolError(
                        f"pattern {pattern!r} took over {GREP_TIMEOUT_SECONDS:g}s; simplify it"
                    ) from exc
                if hit:
                    total += 1
                    if len(matches) < max_matches:
                        matches.append(f"{f}:{n}:{_clip(line)}")
        if not matches:
            return f"no matches for /{pattern}/"
        if total > len(matches):
            matches.append(f"[{total - len(matches)} more matches of {total}; narrow the search]")
        return "\n".join(matches)

    def remember(
        self, text: str, topic: str = "inbox", title: str | None = None, client: str | None = None
    ) -> Remembered:
        from dream.host import client_label

        try:
            path, commit = write_note(
                self.repo,
                text,
                topic=topic,
                title=title,
                author="mcp",
                trailers={"Brain-Client": client_label(client)},
            )
        except ValueError as exc:
            raise ToolError(str(exc)) from exc
        return Remembered(path=path, commit=commit.sha if commit else None)

    def search_index(self) -> Any:
        """The memory's search index, opened once; its embedding model loads once."""
        with self._lock:
            if self._index is None:
                from search import open_index

                self._index = open_index(self.root)
            return self._index

    def search(
        self,
        query: str,
        k: int = 8,
        kinds: list[str] | None = None,
        method: str = "hybrid",
        path: str | None = None,
        date_from: dt.date | None = None,
        date_to: dt.date | None = None,
    ) -> SearchResult:
        prefix = self.rel(path) if path and path.strip() not in (".", "./") else None
        hits = self.search_index().search(
            query,
            k=k,
            kinds=kinds,
            method=method,
            path_prefix=prefix,
            date_from=date_from,
            date_to=date_to,
        )
        return SearchResult(
            query=query,
            hits=[
                Hit(
                    link=h.link,
                    path=h.path,
                    anchor=h.anchor,
                    kind=h.kind,
                    title=h.title,
                    date=h.date.isoformat() if h.date else None,
                    score=round(float(h.score), 4),
                    text=h.text,
                )
                for h in hits
            ],
        )

    def memory_agent(self, description: str) -> str:
        from agent.memory_agent import MemoryAgent

        # No working set: the client reads what the report names with `read`.
        report = MemoryAgent(self.root, searcher=self.search_index()).run(description)
        text = report.render()
        if report.files:
            text += "\n\nFiles: " + ", ".join(report.files)
        return text

    def ask(self, question: str, engine: str | None = None, record: bool = True) -> Answered:
        from brain.commands.agent import open_agent

        with open_agent(
            str(self.root),
            "ask",
            engine=engine,
            backend=None,
            model=None,
            base_url=None,
            sandbox_backend=None,
            no_record=not record,
        ) as agent:
            answer = agent.ask(question)
        return Answered(
            answer=answer.text,
            citations=[
                Cited(n=c.n, link=c.link, path=c.path, anchor=c.anchor, quote=c.quote)
                for c in answer.citations
            ],
            engine=answer.engine,
            files_read=list(answer.files_read),
            session=answer.session_path,
        )

    def page_resources(self) -> list[MCPResource]:
        return [
            MCPResource(
                uri=file_uri(p.path),
                name=p.path,
                title=p.title,
                description=p.summary or None,
                mime_type="text/markdown",
            )
            for p in load_pages(self.root)
        ]

    def file_text(self, path: str) -> str:
        try:
            rel = self.rel(path)
        except ToolError as exc:
            raise ResourceError(str(exc)) from exc
        if not (self.root / rel).is_file():
            raise ResourceNotFoundError(f"no such file in memory: {rel}")
        try:
            return self._text(rel)
        except ToolError as exc:
            raise ResourceError(str(exc)) from exc


def _block_number(block_id: str, prefix: str) -> int:
    if block_id[:1] == prefix and block_id[1:].isdigit():
        return int(block_id[1:])
    return 0


def file_uri(rel: str) -> str:
    return "memory://file/" + quote(rel, safe="/")
