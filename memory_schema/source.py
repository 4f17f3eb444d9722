"""Captured documents: one block per paragraph, heading, list or table, anchored ^pN."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from .blocks import escape_line, normalize_text, split_anchored, unescape_line
from .errors import ParseError
from .links import slugify
from .markdown_io import join_frontmatter, split_frontmatter

_KNOWN_META = ("title", "origin", "sha256", "captured", "mime", "pages", "blocks")


def block_kind(text: str) -> str:
    """heading, table, list, code or paragraph, from a block's Markdown."""
    first = text.lstrip().split("\n", 1)[0]
    if first.startswith("#"):
        return "heading"
    if "\n|" in text or first.startswith("|"):
        return "table"
    if first.startswith(("```", "~~~")):
        return "code"
    if first[:2] in ("- ", "* ", "+ ") or first.split(".", 1)[0].isdigit():
        return "list"
    return "paragraph"


@dataclass
class Source:
    title: str
    origin: str
    sha256: str
    captured: dt.datetime | dt.date
    mime: str
    blocks: list[str]
    pages: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.blocks = [b for b in (normalize_text(b) for b in self.blocks) if b]

    @property
    def path(self) -> str:
        return source_path(self.title, self.sha256)

    def render(self) -> str:
        meta: dict[str, Any] = {
            "title": self.title,
            "origin": self.origin,
            "sha256": self.sha256,
            "captured": self.captured,
            "mime": self.mime,
            "pages": self.pages,
            "blocks": len(self.blocks),
        }
        meta.update(self.extra)
        parts = [f"# {' '.join(self.title.split())}\n"]
        for i, block in enumerate(self.blocks, start=1):
            parts.append("\n".join(escape_line(ln) for ln in block.split("\n")) + "\n")
            parts.append(f"^p{i}\n")
        return join_frontmatter(meta, "\n".join(parts))

    @classmethod
    def parse(cls, text: str, path: str | None = None) -> Source:
        meta, body = split_frontmatter(text, path)
        for key in ("title", "origin", "sha256", "mime"):
            if not isinstance(meta.get(key), str):
                raise ParseError(f"source frontmatter needs a string '{key}'", path=path, line=1)
        _, raw_blocks = split_anchored(body, "p", path)
        blocks = ["\n".join(unescape_line(ln) for ln in b.split("\n")) for b in raw_blocks]
        return cls(
            title=meta["title"],
            origin=meta["origin"],
            sha256=meta["sha256"],
            captured=meta.get("captured") or dt.date(1970, 1, 1),
            mime=meta["mime"],
            blocks=blocks,
            pages=meta.get("pages"),
            extra={k: v for k, v in meta.items() if k not in _KNOWN_META},
        )


def source_path(title: str, sha256: str) -> str:
    return f"sources/{slugify(title)}-{sha256[:8]}.md"
