"""Wikilinks and citations: grammar, extraction and Obsidian-style resolution."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

# [[target#fragment|shown]] and the embed form ![[...]]
WIKILINK_RE = re.compile(r"(!?)\[\[([^\[\]\n|#]*)(#[^\[\]\n|]*)?(?:\|([^\[\]\n]*))?\]\]")
#: In-text citation: [cite:3]
CITE_RE = re.compile(r"\[cite:(\d+)\]")
#: Citation definition line at the end of a page:
#:   - [cite:3] [[sessions/2026/06/s1#^t4]] "quoted words"
#: A list item, not "[cite:3]: ...", because CommonMark would swallow the latter as a
#: link reference definition and Obsidian would not show it.
CITE_DEF_RE = re.compile(
    r"^- \[cite:(\d+)\] \[\[([^\[\]\n|#]+)#\^([A-Za-z0-9-]+)(?:\|[^\[\]\n]*)?\]\](?: \"(.*)\")?\s*$"
)
#: Block anchor line: ^t12, ^p3 (Obsidian block identifiers)
ANCHOR_RE = re.compile(r"^\^([A-Za-z0-9-]+)$")
_CODE_FENCE_RE = re.compile(r"^(\s{0,3})(`{3,}|~{3,})")
_INLINE_CODE_RE = re.compile(r"`[^`\n]*`")

#: Characters Obsidian does not allow in file names or that break link syntax.
_BAD_NAME_CHARS = re.compile(r'[\\/:*?"<>|#^\[\]\n\r\t]')

QUOTE_MAX_CHARS = 160


@dataclass(frozen=True)
class WikiLink:
    target: str  # the part before '#' and '|'
    heading: str | None  # text after '#', without '^'
    block: str | None  # block id after '#^'
    shown: str | None
    line: int  # 1-based line in the text it was found in
    embed: bool = False

    def render(self) -> str:
        frag = f"#^{self.block}" if self.block else (f"#{self.heading}" if self.heading else "")
        shown = f"|{self.shown}" if self.shown else ""
        return f"{'!' if self.embed else ''}[[{self.target}{frag}{shown}]]"


@dataclass(frozen=True)
class CitationDef:
    n: int
    target: str  # link target, normally a path without .md
    anchor: str  # block id, e.g. "t4"
    quote: str
    line: int

    def render(self) -> str:
        return render_citation_def(self.n, self.target, self.anchor, self.quote)


def render_citation_def(n: int, target: str, anchor: str, quote: str) -> str:
    return f'- [cite:{n}] [[{target}#^{anchor}]] "{short_quote(quote)}"'


def short_quote(text: str, limit: int = QUOTE_MAX_CHARS) -> str:
    """One line of quoted evidence: whitespace collapsed, cut at a word boundary."""
    flat = " ".join(text.replace('"', "'").split())
    if len(flat) <= limit:
        return flat
    cut = flat[:limit].rsplit(" ", 1)[0]
    return cut + " …"


def _prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """Lines outside fenced code, with inline code blanked, as (1-based number, line)."""
    fence: str | None = None
    for i, line in enumerate(text.split("\n"), start=1):
        m = _CODE_FENCE_RE.match(line)
        if m:
            marker = m.group(2)
            if fence is None:
                fence = marker[0] * 3
            elif marker.startswith(fence):
                fence = None
            continue
        if fence is None:
            yield i, _INLINE_CODE_RE.sub(lambda mm: " " * len(mm.group(0)), line)


def parse_wikilink_match(m: re.Match[str], line: int) -> WikiLink:
    frag = m.group(3)
    heading = block = None
    if frag:
        frag = frag[1:]
        if frag.startswith("^"):
            block = frag[1:]
        else:
            heading = frag
    return WikiLink(
        target=m.group(2).strip(),
        heading=heading,
        block=block,
        shown=m.group(4),
        line=line,
        embed=bool(m.group(1)),
    )


def extract_wikilinks(text: str, line_offset: int = 0) -> list[WikiLink]:
    """All wikilinks outside code, including those in citation definitions."""
    out = []
    for n, line in _prose_lines(text):
        for m in WIKILINK_RE.finditer(line):
            out.append(parse_wikilink_match(m, n + line_offset))
    return out


def extract_citation_uses(text: str, line_offset: int = 0) -> list[tuple[int, int]]:
    """(N, line) for every in-text [cite:N] outside code and outside definition lines."""
    out = []
    for n, line in _prose_lines(text):
        if CITE_DEF_RE.match(line):
            continue
        out.extend((int(m.group(1)), n + line_offset) for m in CITE_RE.finditer(line))
    return out


def extract_citation_defs(text: str, line_offset: int = 0) -> list[CitationDef]:
    out = []
    for n, line in _prose_lines(text):
        m = CITE_DEF_RE.match(line)
        if m:
            out.append(
                CitationDef(
                    n=int(m.group(1)),
                    target=m.group(2).strip(),
                    anchor=m.group(3),
                    quote=m.group(4) or "",
                    line=n + line_offset,
                )
            )
    return out


def extract_headings(text: str) -> list[str]:
    """ATX heading texts outside code (block ids at their end stripped)."""
    out = []
    for _, line in _prose_lines(text):
        m = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            out.append(re.sub(r"\s+\^[A-Za-z0-9-]+$", "", m.group(1)))
    return out


def extract_anchors(text: str) -> list[str]:
    """Block ids: lines that are only '^id', and '^id' at the end of a line."""
    out = []
    for _, line in _prose_lines(text):
        m = ANCHOR_RE.match(line.strip())
        if m:
            out.append(m.group(1))
            continue
        m = re.search(r"\s\^([A-Za-z0-9-]+)\s*$", line)
        if m:
            out.append(m.group(1))
    return out


def normalize_key(text: str) -> str:
    """Case- and Unicode-insensitive lookup key, as Obsidian matches link targets."""
    return unicodedata.normalize("NFC", text).strip().casefold()


def heading_key(text: str) -> str:
    return " ".join(normalize_key(text).split())


def link_target_for_path(rel_path: str) -> str:
    """The link target of a file: its path without the .md suffix."""
    return rel_path[:-3] if rel_path.endswith(".md") else rel_path


def safe_filename(title: str, max_len: int = 120) -> str:
    """A file name (without .md) that Obsidian accepts and that links can name."""
    name = _BAD_NAME_CHARS.sub(" ", title)
    name = " ".join(name.split()).strip(" .")
    return name[:max_len].rstrip(" .") or "untitled"


def slugify(text: str, max_len: int = 60) -> str:
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", norm.lower()).strip("-")
    return slug[:max_len].strip("-") or "untitled"


class LinkResolver:
    """Resolve link targets to files the way Obsidian does, plus titles and aliases.

    Order: exact path (with or without .md), file name, then page title or alias.
    Matching ignores case. Among several files with one name the shortest path wins,
    as Obsidian prefers.
    """

    def __init__(self) -> None:
        self._paths: dict[str, str] = {}
        self._names: dict[str, list[str]] = {}
        self._titles: dict[str, list[str]] = {}

    def add_file(
        self, rel_path: str, title: str | None = None, aliases: Iterable[str] = ()
    ) -> None:
        self._paths[normalize_key(rel_path)] = rel_path
        self._paths[normalize_key(link_target_for_path(rel_path))] = rel_path
        stem = PurePosixPath(rel_path).name
        stem = stem[:-3] if stem.endswith(".md") else stem
        self._names.setdefault(normalize_key(stem), []).append(rel_path)
        for name in [title, *aliases]:
            if name:
                self._titles.setdefault(normalize_key(name), []).append(rel_path)

    def resolve(self, target: str) -> str | None:
        key = normalize_key(target)
        if not key:
            return None
        if key in self._paths:
            return self._paths[key]
        for table in (self._names, self._titles):
            hits = table.get(key)
            if hits:
                return min(hits, key=lambda p: (p.count("/"), len(p), p))
        # Obsidian also accepts a trailing part of a path: [[people/Alice]]
        if "/" in key:
            tails = [p for k, p in self._paths.items() if k.endswith("/" + key)]
            if tails:
                return min(tails, key=lambda p: (p.count("/"), len(p), p))
        return None

    def titles(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self._titles.items()}
