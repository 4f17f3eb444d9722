"""Evidence blocks: the session turns, source paragraphs and notes that citations point at.

`EvidenceStore` reads them from the memory repo (not the working set: a citation is
checked against memory itself) and caches each parsed file. A note (`brain remember`,
the MCP note tools) is what a person wrote down on purpose: it is evidence as a whole,
one block with no anchor, cited as `[[notes/topic/file]]`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import NOTES, SESSIONS, SOURCES, iter_memory_files
from memory_schema.links import LinkResolver
from memory_schema.memory_config import read_config
from memory_schema.page import CITATIONS_HEADING, Page
from memory_schema.session import Session, Turn, title_from_turns
from memory_schema.source import Source
from memory_schema.store import (
    is_session_file,
    is_source_file,
    load_page,
    load_session,
    load_source,
)

from .text import heading

_ANCHOR = re.compile(r"^([tp])(\d+)$")


@dataclass(frozen=True)
class Block:
    """One turn (`t4`) or paragraph (`p2`) of a session or source."""

    path: str
    anchor: str
    text: str
    speaker: str | None = None
    date: dt.date | None = None
    title: str = ""
    role: str | None = None  # user, assistant, ... for turns; None for paragraphs and notes
    #: What the block is about by its file: a document's or note's title, a conversation's
    #: title when one was given ("New chef knife"), not one capture made of its first line.
    topic: str = ""

    @property
    def index(self) -> int:
        return int(self.anchor[1:]) if self.anchor else 0

    @property
    def is_note(self) -> bool:
        return not self.anchor

    @property
    def link(self) -> str:
        """The block as an Obsidian block link, the way answers cite it (a note: the file)."""
        if not self.anchor:
            return f"[[{self.path[:-3]}]]"
        return f"[[{self.path[:-3]}#^{self.anchor}]]"


def is_note_file(rel: str) -> bool:
    return rel.startswith(f"{NOTES}/") and rel.endswith(".md")


def is_evidence_path(rel: str) -> bool:
    return is_session_file(rel) or is_source_file(rel) or is_note_file(rel)


def note_text(page: Page) -> str:
    """What a note says: its body without the H1 that repeats the title, and without a
    citation list."""
    body = page.body.split("\n" + CITATIONS_HEADING, 1)[0].strip()
    lines = body.split("\n")
    if lines and lines[0].startswith("# "):
        heading = lines[0][2:].strip().rstrip("…")
        rest = "\n".join(lines[1:]).strip()
        body = rest if rest and (not heading or heading in rest) else f"{heading}\n{rest}".strip()
    return body


def session_date(session: Session) -> dt.date | None:
    return session.date


class EvidenceStore:
    """Look up blocks of the memory repo's sessions and sources by path and anchor."""

    def __init__(self, memory_root: Path | str):
        self.root = Path(memory_root)
        self._files: dict[str, Session | Source | Page | None] = {}
        self._resolver: LinkResolver | None = None
        self._names: dict[str, tuple[str, ...]] = {}
        self._people: dict[str, frozenset[str]] = {}
        try:
            #: who speaks in an unnamed `user` turn: the memory's owner, when known
            self.owner = read_config(self.root).owner
        except ParseError:
            self.owner = None

    def load(self, rel: str) -> Session | Source | Page | None:
        """The parsed session, source or note at `rel`, or None when it is not evidence.

        A transcript Brain's agent recorded of itself (`brain ask`, `brain chat`) is not
        evidence: citing one would feed old answers back as facts, so it is never found
        here, and so never cited, by the Memory Agent, the engines or the citation check.
        """
        if rel not in self._files:
            doc: Session | Source | Page | None = None
            if (self.root / rel).is_file():
                try:
                    if is_session_file(rel):
                        doc = load_session(self.root, rel)
                    elif is_source_file(rel):
                        doc = load_source(self.root, rel)
                    elif is_note_file(rel):
                        doc = load_page(self.root, rel)
                except (ParseError, ValueError, OSError):
                    doc = None
            if isinstance(doc, Session) and doc.by_agent:
                doc = None
            self._files[rel] = doc
        return self._files[rel]

    def block(self, rel: str, anchor: str) -> Block | None:
        doc = self.load(rel)
        if isinstance(doc, Page):
            return _note_block(doc) if not anchor.strip("^") else None
        m = _ANCHOR.match(anchor)
        if not m or doc is None:
            return None
        i = int(m.group(2))
        if isinstance(doc, Session):
            if m.group(1) != "t" or not 1 <= i <= len(doc.turns):
                return None
            turn = doc.turns[i - 1]
            date = turn.at.date() if turn.at else doc.date
            topic = doc.title if doc.title != title_from_turns(doc.turns, "") else ""
            return Block(
                rel, anchor, turn.content, self._speaker(turn), date, doc.title, turn.role, topic
            )
        if m.group(1) != "p" or not 1 <= i <= len(doc.blocks):
            return None
        captured = doc.captured.date() if isinstance(doc.captured, dt.datetime) else doc.captured
        # "HEATING AND COOLING: Lennox furnace, ... Recommend servicing.": the paragraph's
        # label says what each of its sentences is about
        label, _ = heading(doc.blocks[i - 1])
        topic = " ".join((doc.title, *self._named(rel, doc), label))
        return Block(rel, anchor, doc.blocks[i - 1], None, captured, doc.title, topic=topic)

    def _speaker(self, turn: Turn) -> str:
        """Who speaks a turn: an unnamed `user` turn is the memory's owner's, when known."""
        if self.owner and turn.role == "user" and not turn.speaker:
            return self.owner
        return turn.who

    def people(self, rel: str) -> frozenset[str]:
        """The people who speak in the session at `rel` (lower case): its user turns and
        the assistant-role turns a person holds (a chat between two people), not an AI's,
        a tool's or a system prompt's. Read once per file."""
        if rel not in self._people:
            doc = self.load(rel)
            turns = doc.turns if isinstance(doc, Session) else []
            self._people[rel] = frozenset(
                self._speaker(t).lower()
                for t in turns
                if t.role in ("user", "assistant") and not t.by_ai
            )
        return self._people[rel]

    def _named(self, rel: str, doc: Source) -> tuple[str, ...]:
        """The names a document says anywhere, those with a word no dictionary lists
        ("Alyssa Tran and Kevin Moore", "Hartley Electrical Ltd"; not "Total" or "Net"): a
        contract, a payslip or a letter is about its parties throughout, so its fees
        paragraph is the Tran and Moore wedding's though it names neither."""
        if rel not in self._names:
            from validators.lexicon import known

            from .spans import names
            from .text import stopwords

            words: list[str] = []
            for block in doc.blocks:
                for n in names(block):
                    for part in n.text.split(". "):  # a run across two sentences
                        said = [
                            w
                            for w in re.findall(r"[^\W\d_]{3,}", part)
                            if w.lower() not in stopwords()
                        ]
                        if any(not known(w.lower()) for w in said):
                            words += said
            self._names[rel] = tuple(dict.fromkeys(words))
        return self._names[rel]

    def resolve(self, target: str) -> str | None:
        """A link target (path with or without .md, or a file name) to an evidence file."""
        target = target.strip()
        for cand in (target, target + ".md"):
            if is_evidence_path(cand) and (self.root / cand).is_file():
                return cand
        if self._resolver is None:
            self._resolver = LinkResolver()
            for folder in (SESSIONS, SOURCES, NOTES):
                for rel in iter_memory_files(self.root / folder):
                    full = f"{folder}/{rel}"
                    if is_evidence_path(full):
                        self._resolver.add_file(full)
        found = self._resolver.resolve(target)
        return found if found and is_evidence_path(found) else None


def _note_block(page: Page) -> Block | None:
    text = note_text(page)
    if not text:
        return None
    when = page.meta.get("created") or page.meta.get("updated")
    if isinstance(when, dt.datetime):
        when = when.date()
    date = when if isinstance(when, dt.date) else None
    if date is None and isinstance(when, str):
        try:
            date = dt.date.fromisoformat(when[:10])
        except ValueError:
            date = None
    return Block(page.path, "", text, None, date, page.title, None, page.title)
