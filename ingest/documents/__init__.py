"""Documents into Markdown blocks: one converter per kind, chosen by name, type or bytes.

Each converter turns the bytes of one document into a `Document`: a title and a list of
Markdown blocks (a heading, a paragraph, a whole list, a whole table, a code block).
They never touch memory; `ingest.sources` writes the result.
"""

from __future__ import annotations

import importlib
import io
import zipfile
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from ..errors import RejectedInputError, UnknownFormatError

#: kind -> (module, MIME type, file endings)
KINDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "markdown": ("markdown", "text/markdown", (".md", ".markdown")),
    "text": ("text", "text/plain", (".txt", ".text")),
    "html": ("html", "text/html", (".html", ".htm", ".xhtml")),
    "pdf": ("pdf", "application/pdf", (".pdf",)),
    "docx": (
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        (".docx",),
    ),
    "pptx": (
        "pptx",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        (".pptx",),
    ),
}
DOCUMENT_SUFFIXES = tuple(s for _, _, suffixes in KINDS.values() for s in suffixes)


@dataclass
class Document:
    title: str
    blocks: list[str]
    mime: str
    pages: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def supported() -> str:
    return ", ".join(f"{k} ({'/'.join(s)})" for k, (_, _, s) in KINDS.items())


def detect_kind(name: str, data: bytes, content_type: str | None = None) -> str:
    """The kind of a document from its file ending, its HTTP type, or its first bytes."""
    suffix = PurePath(name.split("?", 1)[0]).suffix.lower()
    for kind, (_, _, suffixes) in KINDS.items():
        if suffix in suffixes:
            return kind
    ctype = (content_type or "").split(";", 1)[0].strip().lower()
    for kind, (_, mime, _) in KINDS.items():
        if ctype == mime:
            return kind
    if ctype in ("application/xhtml+xml",):
        return "html"
    head = data[:1024].lstrip().lower()
    if data.startswith(b"%PDF"):
        return "pdf"
    if data.startswith(b"PK"):
        try:
            names = zipfile.ZipFile(io.BytesIO(data)).namelist()
        except zipfile.BadZipFile:
            names = []
        if any(n.startswith("word/") for n in names):
            return "docx"
        if any(n.startswith("ppt/") for n in names):
            return "pptx"
    if head.startswith((b"<!doctype html", b"<html")):
        return "html"
    if not suffix and ctype.startswith("text/"):
        return "text"
    raise UnknownFormatError(
        f"unsupported document type{f' {suffix!r}' if suffix else ''}"
        f"{f' ({ctype})' if ctype else ''}; supported: {supported()}",
        path=name,
    )


def convert(data: bytes, name: str, kind: str) -> Document:
    """Convert one document. Raises RejectedInputError for corrupt or empty documents."""
    module = importlib.import_module(f"{__name__}.{KINDS[kind][0]}")
    doc: Document = module.convert(data, name)
    doc.blocks = [b for b in (b.strip() for b in doc.blocks) if b]
    if not doc.blocks:
        raise RejectedInputError(f"no text found in this {kind} document", path=name)
    return doc
