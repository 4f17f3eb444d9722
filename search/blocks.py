"""Index units: the blocks of memory files, and the text each is indexed under.

A block is what a citation points at: a session turn (^tN), a source block (^pN), or a
section of a wiki page, note or session summary (split at its headings). Each block is
indexed with a little of its context (contextual chunking); which context is chosen by
`Chunking`, and the defaults were measured on LoCoMo (README, "Search").
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from memory_schema import Page, Session, Source, Turn
from memory_schema.store import is_session_file, is_source_file

#: Kinds of block, after the folder they live in; summaries are their own kind so that
#: a search for evidence (kind "session") gets turns only. "agent" is a transcript that
#: Brain's own agent recorded (`brain ask`, `brain chat`): kept for audit, never evidence.
KINDS = ("knowledge", "note", "session", "summary", "source", "agent")
#: What a search covers unless kinds are named: everything but the agent's own transcripts,
#: which would otherwise feed earlier answers back as if they were facts.
DEFAULT_KINDS = tuple(k for k in KINDS if k != "agent")

_HEADING_RE = re.compile(r"^ {0,3}(#{1,3})\s+(.*?)\s*#*\s*$")
_FENCE_RE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_BLOCK_ID_RE = re.compile(r"\s+\^[A-Za-z0-9-]+$")
#: Sections that are not prose: the citation list repeats its evidence's words.
_SKIPPED_SECTIONS = {"citations"}


@dataclass(frozen=True)
class Chunking:
    """Which context goes into a block's indexed text besides its own words."""

    speaker: bool = True  # "Caroline: ..." for turns
    date: bool = True  # the session/source/page date, in words ("8 May 2023")
    title: bool = True  # page or source title and section heading (never for turns)
    prev: int = 0  # earlier blocks of the same file
    next: int = 0  # later blocks of the same file

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Block:
    path: str
    ord: int  # 0-based position in its file
    anchor: str  # "t4", "p2", or a heading for page sections
    kind: str
    text: str  # the block's own words, what a hit shows
    title: str = ""  # file title, "Page › Section" for sections
    date: dt.date | None = None
    speaker: str | None = None
    role: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def day(self) -> int:
        """Date as a proleptic ordinal for range filters; 0 when the block has no date."""
        return self.date.toordinal() if self.date else 0

    def meta_json(self) -> str:
        return json.dumps(self.meta, ensure_ascii=False, sort_keys=True, default=str)


def kind_of_file(rel: str) -> str | None:
    """The block kind of an indexable memory file, None for files the index ignores."""
    if not rel.endswith(".md") or any(p.startswith(".") for p in rel.split("/")):
        return None
    top = rel.split("/", 1)[0]
    if top == "knowledge":
        return "knowledge"
    if top == "notes":
        return "note"
    if top == "sessions" and rel.count("/") == 3:
        if rel.endswith(".summary.md"):
            return "summary"
        return "session" if is_session_file(rel) else None
    if top == "sources" and is_source_file(rel):
        return "source"
    return None


def parse_blocks(rel: str, text: str, owner: str | None = None) -> list[Block]:
    """Blocks of one memory file (ParseError when the file is malformed). `owner` is the
    memory's owner, the speaker of unnamed `user` turns."""
    kind = kind_of_file(rel)
    if kind == "session":
        return session_blocks(Session.parse(text, rel), rel, owner)
    if kind == "source":
        return source_blocks(Source.parse(text, rel), rel)
    if kind is None:
        return []
    return page_blocks(Page.parse(text, rel), kind)


def _as_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def session_blocks(session: Session, rel: str, owner: str | None = None) -> list[Block]:
    day = session.date
    kind = "agent" if session.by_agent else "session"
    if session.by_agent:
        owner = None  # the asker of a recorded answer is not evidence of anything

    def who(turn: Turn) -> str:
        # An unnamed user is the owner: "Priya: i live in ..." is found by "where does
        # priya live" (BM25 header and dense text both carry the speaker).
        return owner if owner and turn.role == "user" and turn.speaker is None else turn.who

    blocks = []
    for i, turn in enumerate(session.turns):
        blocks.append(
            Block(
                path=rel,
                ord=i,
                anchor=f"t{i + 1}",
                kind=kind,
                text=turn.content,
                title=session.title,
                date=turn.at.date() if turn.at else day,
                speaker=who(turn),
                role=turn.role,
                meta=dict(turn.meta),
            )
        )
    return blocks


def source_blocks(source: Source, rel: str) -> list[Block]:
    day = _as_date(source.captured)
    blocks = []
    section = ""
    for i, text in enumerate(source.blocks):
        m = _HEADING_RE.match(text.split("\n", 1)[0])
        if m and "\n" not in text.strip():
            section = m.group(2)
        title = f"{source.title} › {section}" if section and section != text else source.title
        blocks.append(
            Block(
                path=rel, ord=i, anchor=f"p{i + 1}", kind="source", text=text, title=title, date=day
            )
        )
    return blocks


def split_sections(body: str) -> list[tuple[str, str]]:
    """(heading, text) for each section of a Markdown body, split at #, ## and ### headings.

    Text before the first heading gets heading "". Headings inside code fences don't split.
    """
    sections: list[tuple[str, list[str]]] = [("", [])]
    fence: str | None = None
    for line in body.split("\n"):
        m = _FENCE_RE.match(line)
        if m:
            marker = m.group(1)[0]
            fence = None if fence == marker else (fence or marker)
        if fence is None and not m:
            h = _HEADING_RE.match(line)
            if h:
                sections.append((_BLOCK_ID_RE.sub("", h.group(2)), []))
                continue
        sections[-1][1].append(line)
    return [(h, "\n".join(lines).strip()) for h, lines in sections]


def page_blocks(page: Page, kind: str) -> list[Block]:
    """One block per non-empty section; the citation list is left out."""
    day = _as_date(page.meta.get("updated")) or _as_date(page.meta.get("created"))
    if kind == "summary":
        day = _as_date(page.meta.get("started")) or _as_date(page.meta.get("date")) or day
    blocks: list[Block] = []
    for heading, text in split_sections(page.body):
        if not text or heading.lower() in _SKIPPED_SECTIONS:
            continue
        title = page.title if not heading or heading == page.title else f"{page.title} › {heading}"
        meta: dict[str, Any] = {"type": page.type} if page.type else {}
        blocks.append(
            Block(
                path=page.path,
                ord=len(blocks),
                anchor=heading,
                kind=kind,
                text=text,
                title=title,
                date=day,
                meta=meta,
            )
        )
    return blocks


def date_words(day: dt.date) -> str:
    """'8 May 2023': the form people ask in, so 'May' and '2023' match as words."""
    return f"{day.day} {day.strftime('%B')} {day.year}"


def header(block: Block, chunking: Chunking) -> str:
    """Context words that describe a block: title, date, speaker."""
    parts = []
    # Session titles are made up by capture (first line, "A and B, session 3"): on
    # LoCoMo they cost BM25 2 points of recall@10, so turns never get theirs.
    if chunking.title and block.title and block.kind != "session":
        parts.append(block.title)
    if chunking.date and block.date:
        parts.append(date_words(block.date))
    if chunking.speaker and block.speaker:
        parts.append(block.speaker)
    return " · ".join(parts)


def neighbour_text(blocks: list[Block], i: int, chunking: Chunking) -> str:
    """The text of up to `prev` earlier and `next` later blocks of the same file."""
    lo, hi = max(0, i - chunking.prev), min(len(blocks), i + chunking.next + 1)
    parts = []
    for j in range(lo, hi):
        if j == i:
            continue
        b = blocks[j]
        who = f"{b.speaker}: " if chunking.speaker and b.speaker else ""
        parts.append(who + b.text)
    return "\n".join(parts)


def dense_text(blocks: list[Block], i: int, chunking: Chunking) -> str:
    """What the embedder sees for block i: context header, neighbours, then its words."""
    b = blocks[i]
    head = header(b, Chunking(speaker=False, date=chunking.date, title=chunking.title))
    own = f"{b.speaker}: {b.text}" if chunking.speaker and b.speaker else b.text
    before = neighbour_text(blocks, i, Chunking(chunking.speaker, prev=chunking.prev))
    after = neighbour_text(blocks, i, Chunking(chunking.speaker, next=chunking.next))
    parts = [p for p in (f"[{head}]" if head else "", before, own, after) if p]
    return "\n".join(parts)
