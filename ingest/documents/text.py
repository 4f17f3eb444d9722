"""Plain text: paragraphs are separated by blank lines; a short first line is the title."""

from __future__ import annotations

import re
from pathlib import PurePath

from ..textio import decode_text
from . import Document

_BLANK = re.compile(r"\n[ \t]*\n")


def convert(data: bytes, name: str) -> Document:
    text = decode_text(data, name).replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = [p.strip("\n") for p in _BLANK.split(text) if p.strip()]
    title = PurePath(name.split("?", 1)[0]).stem.replace("_", " ").replace("-", " ")
    if len(paragraphs) > 1 and "\n" not in paragraphs[0] and len(paragraphs[0]) <= 100:
        title = paragraphs.pop(0).strip()
    return Document(title=title or "Untitled", blocks=paragraphs, mime="text/plain")
