"""The wiki as the extractive engine reads it: pages by name, their lines as facts.

Pages follow memory_schema/FORMAT.md: frontmatter (title, type, aliases), sections,
`[[links]]`, `[cite:N]` markers and a citation list. A fact is one line (or sentence)
of a page with the evidence blocks its citations point at, plus what the line's own
Markdown says about it: a `**label:**` attribute, dates (`since 2025-02-03`,
`2024-05-04 to 2025-02-03`, a leading `2025-01-07:`), the pages it links to, and
whether it is history (a past value) rather than what holds now.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.links import CITE_RE, WIKILINK_RE, LinkResolver, normalize_key
from memory_schema.page import CITATIONS_HEADING, Page
from memory_schema.store import load_pages

from .evidence import Block, EvidenceStore
from .text import sentences, terms

_ISO = r"(\d{4}-\d{2}-\d{2})"
_ATTR = re.compile(r"^\*\*(?P<attr>[^*\n]+?):?\*\*:?\s*(?P<value>.*)$")
_SINCE = re.compile(rf"\bsince\s+{_ISO}")
_RANGE = re.compile(rf"(?:\b{_ISO}\s*)?(?:to|until|–)\s*{_ISO}")
_LEADING = re.compile(rf"^{_ISO}\s*[:·—-]\s*")
_TAIL = re.compile(rf"\s*[—–-]+\s*(?:since\s+{_ISO}|(?:{_ISO}\s*)?(?:to|until)\s+{_ISO})\s*$")
_SAID = re.compile(r"^\[\[([^\]|#]+)(?:\|[^\]]*)?\]\]:\s+")
_HISTORY = re.compile(r"history|earlier|previous|past|former|before", re.I)


@dataclass(frozen=True)
class Fact:
    """One line of a page, with the evidence blocks it cites."""

    page: str
    title: str
    section: str
    text: str  # the line as plain text: links shown by their text, citations removed
    blocks: tuple[Block, ...]
    attr: str | None = None
    value: str | None = None
    links: tuple[str, ...] = ()  # link targets, as written
    since: dt.date | None = None
    until: dt.date | None = None
    day: dt.date | None = None  # a leading date: when it happened or was said
    historic: bool = False
    speaker: str | None = None  # a note line "[[Name]]: ..." says who said it

    @property
    def date(self) -> dt.date | None:
        return self.since or self.day or self.until


def ended_last(facts: list[Fact]) -> Fact | None:
    """Of a page's history lines, the one that ended last (its `until`, else its date):
    the value the current one replaced, which "what did i use before?" asks after."""
    return max(facts, key=lambda f: f.until or f.date or dt.date.min, default=None)


@dataclass
class Wiki:
    """The pages of a working set's knowledge/ folder."""

    root: Path
    store: EvidenceStore
    pages: dict[str, Page] = field(default_factory=dict)
    _resolver: LinkResolver = field(default_factory=LinkResolver)
    _facts: dict[str, list[Fact]] = field(default_factory=dict)

    @classmethod
    def load(cls, root: Path | str, store: EvidenceStore) -> Wiki:
        wiki = cls(Path(root), store)
        try:
            pages = load_pages(wiki.root)
        except (ParseError, OSError):
            pages = []
        for page in pages:
            wiki.pages[page.path] = page
            wiki._resolver.add_file(page.path, page.title, page.aliases)
        return wiki

    def find(self, name: str) -> str | None:
        """A page by title, alias, file name or path; then by a close spelling."""
        name = name.strip()
        if not name or not self.pages:
            return None
        hit = self._resolver.resolve(name)
        if hit in self.pages:
            return hit
        from rapidfuzz import fuzz, process, utils

        choices = {p: [self.pages[p].title, *self.pages[p].aliases] for p in self.pages}
        flat = [(n, p) for p, names in choices.items() for n in names]
        best = process.extractOne(
            name, [n for n, _ in flat], scorer=fuzz.ratio, processor=utils.default_process
        )
        if best and best[1] >= 88:
            return flat[best[2]][1]
        return None

    def profile(self, speakers: list[str]) -> str | None:
        """The asker's own page: a `profile` page, or the page of a user speaker."""
        profiles = sorted(p for p, page in self.pages.items() if page.type == "profile")
        for name in speakers:
            hit = self.find(name)
            if hit:
                return hit
        return profiles[0] if len(profiles) == 1 else None

    def facts(self, path: str) -> list[Fact]:
        if path not in self._facts:
            page = self.pages.get(path)
            self._facts[path] = _facts(page, self.store) if page else []
        return self._facts[path]

    def related(self, path: str, relation: str, before: bool = False) -> list[tuple[str, Fact]]:
        """Who or what stands in `relation` ("sister", "best friend", "vet") to a page:
        (name, the fact that says so). Read from the page's own lines ("[[Idris]] —
        sister", "**Partner:** [[Andres]]") and from lines of other pages that link back
        ("Sister of [[Ingrid]]"). With `before` ("who was my boss before?"), who stood in
        it last before whoever does now, by the page's history, when it has one."""
        want = terms(relation)
        if not want:
            return []
        if before:
            held = self._held_before(path, want)
            if held:
                return held
        page = self.pages.get(path)
        out: list[tuple[str, Fact]] = []
        for f in self.facts(path):
            label = f.attr or _without_links(f)
            if f.historic or not want <= terms(label):
                continue
            if f.links:
                out.append((f.links[0], f))
            elif f.attr and f.value and f.value[:1].isupper():
                # a name, not a state: "**Online clothes store:** open" names nobody
                out.append((f.value, f))
        if page is None:
            return out
        own = {normalize_key(n) for n in (page.title, *page.aliases)}
        for other in sorted(self.pages):
            if other == path:
                continue
            for f in self.facts(other):
                if f.historic or not any(normalize_key(t) in own for t in f.links):
                    continue
                if want <= terms(_without_links(f)) and len(terms(_without_links(f))) <= 4:
                    out.append((self.pages[other].title, f))
        seen: set[str] = set()
        return [(n, f) for n, f in out if not (n.lower() in seen or seen.add(n.lower()))]

    def _held_before(self, path: str, want: set[str]) -> list[tuple[str, Fact]]:
        """The page's historic values of the relation, the one that ended last first."""
        old = [
            f
            for f in self.facts(path)
            if f.historic and f.attr and want <= terms(f.attr) and (f.links or f.value)
        ]
        old.sort(key=lambda f: f.until or f.date or dt.date.min, reverse=True)
        return [(f.links[0] if f.links else f.value or "", f) for f in old]

    def title(self, path: str) -> str:
        page = self.pages.get(path)
        return page.title if page else path


def page_label(path: str, title: str | None = None) -> str:
    """How an answer names a page it read: "Maya Chen (wiki)", "2026-03-20-kickoff
    (summary)" for a session summary, "Standup (note)" for a note."""
    name = path.rsplit("/", 1)[-1].removesuffix(".md")
    if name.endswith(".summary"):
        return f"{name.removesuffix('.summary')} (summary)"
    kind = "note" if path.startswith("notes/") else "wiki"
    return f"{title or name} ({kind})"


def _without_links(f: Fact) -> str:
    text = f.text
    for target in f.links:
        text = text.replace(target, " ")
    return text


def _facts(page: Page, store: EvidenceStore) -> list[Fact]:
    defs = {d.n: d for d in page.citation_defs()}
    body = page.body.split("\n" + CITATIONS_HEADING, 1)[0]
    out: list[Fact] = []
    section = ""
    for raw in body.split("\n"):
        line = raw.strip()
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"^[-*•]\s+", "", line)
        parts = [line] if line.startswith("**") or _LEADING.match(line) else sentences(line)
        for part in parts:
            fact = _fact(page, section, part, defs, store)
            if fact is not None:
                out.append(fact)
    return out


def _fact(page: Page, section: str, line: str, defs: dict, store: EvidenceStore) -> Fact | None:
    blocks: list[Block] = []
    for n in CITE_RE.findall(line):
        d = defs.get(int(n))
        target = store.resolve(d.target) if d else None
        block = store.block(target, d.anchor) if (d and target) else None
        if block is not None and block not in blocks:
            blocks.append(block)
    if not blocks:
        return None  # an uncited line is not evidence of anything
    links = tuple(m.group(2).strip() for m in WIKILINK_RE.finditer(line) if m.group(2).strip())
    plain = plain_text(line)
    since = until = day = None
    if m := _LEADING.match(plain):
        day = _date(m.group(1))
        plain = plain[m.end() :]
    if m := _SINCE.search(plain):
        since = _date(m.group(1))
    elif m := _RANGE.search(plain):
        since, until = _date(m.group(1)), _date(m.group(2))
    plain = _TAIL.sub("", plain).strip()
    # "[[Soren]]: Andres finally bought a violin": a note of what someone said.
    speaker = None
    raw = _LEADING.sub("", line)
    if (m := _SAID.match(raw)) and not line.startswith("**"):
        speaker = m.group(1).strip()
        plain = plain.split(":", 1)[1].strip()
        links = tuple(t for t in links if t != speaker)
    attr = value = None
    if m := _ATTR.match(plain):
        attr, value = m.group("attr").strip(), m.group("value").strip()
        plain = f"{attr}: {value}"
    historic = bool(until) or bool(_HISTORY.search(section))
    return Fact(
        page=page.path,
        title=page.title,
        section=section,
        text=plain,
        blocks=tuple(blocks),
        attr=attr,
        value=value,
        links=links,
        since=since,
        until=until,
        day=day,
        historic=historic,
        speaker=speaker,
    )


def _date(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if text else None
    except ValueError:
        return None


def plain_text(line: str) -> str:
    """Page text without markers: [[A|b]] -> b, [[A]] -> A, [cite:N] removed, spaces
    tidied."""
    text = WIKILINK_RE.sub(lambda m: m.group(4) or m.group(2), line)
    text = CITE_RE.sub("", text)
    return " ".join(text.split()).replace(" .", ".").replace(" ,", ",")


__all__ = ["Fact", "Wiki"]
