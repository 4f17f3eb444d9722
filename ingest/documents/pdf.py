"""PDF with pypdf: text in reading layout, cut into paragraphs, headings and lists.

pypdf's layout mode keeps the vertical gaps between paragraphs as blank lines, which
is what tells paragraphs apart; within a paragraph, lines are joined and words broken
by a hyphen at a line end are mended. A paragraph that runs over a page break is joined
again. `page_start_blocks` in the source's frontmatter gives, for each page, the block
holding its first words, so a citation can be turned into a page number. PDFs carry no
table structure: tables come out as lines of text (a known limit of text extraction).
"""

from __future__ import annotations

import io
import re
from pathlib import PurePath

from pypdf import PdfReader
from pypdf.errors import PdfReadError, PyPdfError

from ..errors import RejectedInputError
from . import Document

_BULLET = re.compile(r"^\s*(?:[-•●▪◦‣*–]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+")
_SENTENCE_END = (".", "!", "?", ":", ";", '"', "”", ")")


def convert(data: bytes, name: str) -> Document:
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise RejectedInputError("the PDF is encrypted with a password", path=name)
        pages = [_page_text(page) for page in reader.pages]
        info = reader.metadata
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise RejectedInputError(f"not a readable PDF ({reason})", path=name) from None
    blocks: list[str] = []
    starts: list[int] = []
    for text in pages:
        first = True
        for para in _paragraphs(text):
            if first and blocks and _continues(blocks[-1], para):
                blocks[-1] = _join(blocks[-1], para)  # a paragraph split by the page break
            else:
                blocks.append(para)
            if first:
                starts.append(len(blocks))  # the block holding the page's first words
            first = False
        if first:
            starts.append(len(blocks) + 1)  # an empty page: where the next text will be
    if not blocks:
        raise RejectedInputError(
            "no extractable text (a scanned PDF? OCR is not supported)", path=name
        )
    title = str(info.title).strip() if info is not None and info.title else ""
    if not title:
        first = blocks[0].lstrip("#").strip()
        title = first if len(first) <= 100 else PurePath(name).stem
    extra = {"page_start_blocks": [max(1, min(s, len(blocks))) for s in starts]}
    return Document(
        title=title, blocks=blocks, mime="application/pdf", pages=len(pages), extra=extra
    )


def _page_text(page: object) -> str:
    try:
        return page.extract_text(extraction_mode="layout") or ""  # type: ignore[attr-defined]
    except (ValueError, KeyError, TypeError, ZeroDivisionError):
        # Layout mode trips on some odd fonts; the plain mode is the fallback.
        return page.extract_text() or ""  # type: ignore[attr-defined]


def _paragraphs(text: str) -> list[str]:
    out = []
    for chunk in re.split(r"\n\s*\n", text):
        lines = [" ".join(ln.split()) for ln in chunk.split("\n")]
        lines = [ln for ln in lines if ln]
        if not lines:
            continue
        if _BULLET.match(lines[0]):
            out.append(_list_block(lines))
            continue
        para = lines[0]
        for ln in lines[1:]:
            para = _join(para, ln)
        if len(lines) == 1 and _looks_like_heading(para):
            para = f"## {para}"
        out.append(para)
    return out


def _list_block(lines: list[str]) -> str:
    items: list[str] = []
    for ln in lines:
        if _BULLET.match(ln):
            body = _BULLET.sub("", ln, count=1)
            numbered = re.match(r"^\s*\(?\d", ln)
            items.append(f"{'1.' if numbered else '-'} {body}")
        elif items:
            items[-1] = _join(items[-1], ln)
    return "\n".join(items)


def _looks_like_heading(line: str) -> bool:
    """A short line set apart, in Title Case, ALL CAPS or numbered like '2.1 Scope'."""
    words = line.split()
    if len(line) > 80 or len(words) > 10 or line.endswith((".", "!", "?", ",", ";")):
        return False
    if not line[:1].isalnum() or line.replace(" ", "").isdigit():
        return False
    if re.match(r"^\d+(\.\d+)*\.?\s+[A-Z]", line) or (line.isupper() and len(line) > 3):
        return True
    long_words = [w for w in words if len(w) >= 4 and w[:1].isalpha()]
    capitalised = [w for w in long_words if w[:1].isupper()]
    return line[:1].isupper() and len(capitalised) >= max(1, 0.6 * len(long_words))


def _join(left: str, right: str) -> str:
    if left.endswith("-") and len(left) > 1 and left[-2].isalpha() and right[:1].islower():
        return left[:-1] + right
    return f"{left} {right}"


def _continues(prev: str, para: str) -> bool:
    return (
        not prev.startswith(("#", "-", "1.", "|"))
        and not prev.endswith(_SENTENCE_END)
        and para[:1].islower()
    )
