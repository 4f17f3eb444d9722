"""Wiki pages and notes: Markdown with frontmatter, wikilinks and citations."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .links import (
    CitationDef,
    WikiLink,
    extract_anchors,
    extract_citation_defs,
    extract_citation_uses,
    extract_headings,
    extract_wikilinks,
    render_citation_def,
)
from .markdown_io import join_frontmatter, split_frontmatter

CITATIONS_HEADING = "## Citations"


@dataclass
class Page:
    """A Markdown file with frontmatter. The body is kept verbatim for byte-exact rendering."""

    path: str
    meta: dict[str, Any] = field(default_factory=dict)
    body: str = ""

    @classmethod
    def parse(cls, text: str, path: str) -> Page:
        meta, body = split_frontmatter(text, path)
        return cls(path=path, meta=meta, body=body)

    def render(self) -> str:
        return join_frontmatter(self.meta, self.body)

    @property
    def body_line_offset(self) -> int:
        """Lines before the body, so body line numbers map to file lines."""
        return self.render().count("\n") - self.body.count("\n")

    @property
    def title(self) -> str:
        title = self.meta.get("title")
        if isinstance(title, str) and title.strip():
            return title
        name = self.path.rsplit("/", 1)[-1]
        return name[:-3] if name.endswith(".md") else name

    @property
    def aliases(self) -> list[str]:
        value = self.meta.get("aliases") or []
        return [a for a in value if isinstance(a, str)] if isinstance(value, list) else []

    @property
    def type(self) -> str:
        return str(self.meta.get("type") or "")

    @property
    def summary(self) -> str:
        return str(self.meta.get("summary") or "")

    def links(self) -> list[WikiLink]:
        return extract_wikilinks(self.body, self.body_line_offset)

    def citation_uses(self) -> list[tuple[int, int]]:
        return extract_citation_uses(self.body, self.body_line_offset)

    def citation_defs(self) -> list[CitationDef]:
        return extract_citation_defs(self.body, self.body_line_offset)

    def headings(self) -> list[str]:
        return extract_headings(self.body)

    def anchors(self) -> list[str]:
        return extract_anchors(self.body)


@dataclass(frozen=True)
class Evidence:
    """What a citation points at: a block of a session or source."""

    target: str  # path without .md, e.g. sessions/2026/06/s1
    anchor: str  # t4, p2
    quote: str


def build_page(
    path: str,
    *,
    title: str,
    type: str,
    summary: str,
    sections: list[tuple[str | None, str]],
    evidence: list[Evidence],
    created: dt.date,
    updated: dt.date,
    aliases: list[str] | None = None,
    tags: list[str] | None = None,
    extra_meta: dict[str, Any] | None = None,
) -> Page:
    """Assemble a page: H1, sections (heading, Markdown text), then the citation list.

    `evidence[i]` is citation number i+1; section text uses `[cite:N]` to refer to it.
    """
    meta: dict[str, Any] = {
        "title": title,
        "type": type,
        "aliases": list(aliases or []),
        "tags": list(tags or []),
        "created": created,
        "updated": updated,
        "summary": summary,
    }
    meta.update(extra_meta or {})
    parts = [f"# {title}\n"]
    for heading, text in sections:
        if heading:
            parts.append(f"## {heading}\n")
        parts.append(text.strip("\n") + "\n")
    if evidence:
        lines = [
            render_citation_def(i, ev.target, ev.anchor, ev.quote)
            for i, ev in enumerate(evidence, start=1)
        ]
        parts.append(CITATIONS_HEADING + "\n")
        parts.append("\n".join(lines) + "\n")
    return Page(path=path, meta=meta, body="\n".join(parts))
