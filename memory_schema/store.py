"""Read memory files into models (read-only; writing goes through repo.Transaction)."""

from __future__ import annotations

from pathlib import Path

from .errors import ParseError
from .layout import KNOWLEDGE, iter_memory_files
from .markdown_io import read_text
from .page import Page
from .session import Session
from .source import Source


def is_session_file(rel: str) -> bool:
    return (
        rel.startswith("sessions/")
        and rel.endswith(".md")
        and not rel.endswith(".summary.md")
        and rel.count("/") == 3
    )


def is_source_file(rel: str) -> bool:
    return rel.startswith("sources/") and rel.endswith(".md") and rel.count("/") == 1


def load_page(root: Path, rel: str) -> Page:
    return Page.parse(read_text((root / rel).read_bytes(), rel), rel)


def load_pages(root: Path, folder: str = KNOWLEDGE) -> list[Page]:
    """Every parseable page under a folder; unparseable ones are the validators' business."""
    pages = []
    for rel in iter_memory_files(root / folder):
        try:
            pages.append(load_page(root, f"{folder}/{rel}"))
        except ParseError:
            continue
    return pages


def load_session(root: Path, rel: str) -> Session:
    return Session.parse(read_text((root / rel).read_bytes(), rel), rel)


def load_source(root: Path, rel: str) -> Source:
    return Source.parse(read_text((root / rel).read_bytes(), rel), rel)
