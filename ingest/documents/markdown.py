"""Markdown and plain-text-like Markdown: top-level blocks cut at their source lines."""

from __future__ import annotations

from pathlib import PurePath

from markdown_it import MarkdownIt
from markdown_it.token import Token

from memory_schema.errors import ParseError
from memory_schema.markdown_io import split_frontmatter

from ..textio import decode_text
from . import Document
from .tables import Cell, table_from_cells

_MD = MarkdownIt("commonmark").enable("table")


def convert(data: bytes, name: str) -> Document:
    text = decode_text(data, name).replace("\r\n", "\n")
    try:
        meta, body = split_frontmatter(text, name)
    except ParseError:
        meta, body = {}, text  # a broken header is still text worth keeping
    blocks, h1 = markdown_blocks(body)
    title = str(meta.get("title") or h1 or _title_from_name(name))
    if h1 and (h1 != title or not blocks):
        # Keep the H1 when the frontmatter names the document, or when it is all there is.
        blocks.insert(0, f"# {h1}")
    return Document(title=title, blocks=blocks, mime="text/markdown")


def _title_from_name(name: str) -> str:
    stem = PurePath(name.split("?", 1)[0]).stem
    return stem.replace("-", " ").replace("_", " ").strip() or "Untitled"


def markdown_blocks(body: str) -> tuple[list[str], str | None]:
    """(blocks, title): one block per top-level element; the leading H1 becomes the title."""
    lines = body.split("\n")
    tokens = _MD.parse(body)
    blocks: list[str] = []
    title = None
    heading = None
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.level != 0 or tok.nesting == -1 or tok.map is None:
            i += 1
            continue
        end = _close_index(tokens, i)
        start_line, end_line = tok.map
        source = "\n".join(lines[start_line:end_line]).strip("\n")
        if tok.type == "heading_open":
            text = tokens[i + 1].content.strip()
            if tok.tag == "h1" and title is None and not blocks:
                title = text
            else:
                blocks.append(f"{'#' * int(tok.tag[1])} {text}")
            heading = text
        elif tok.type == "table_open":
            table = _table(tokens[i : end + 1], heading)
            blocks.append(table.render() if table else source)
        elif tok.type == "hr":
            pass
        else:
            blocks.append(source)
        i = end + 1
    return blocks, title


def _close_index(tokens: list[Token], i: int) -> int:
    if tokens[i].nesting == 0:
        return i
    depth = 0
    for k in range(i, len(tokens)):
        depth += tokens[k].nesting
        if depth == 0:
            return k
    return len(tokens) - 1


def _table(tokens: list[Token], caption: str | None):  # type: ignore[no-untyped-def]
    rows: list[list[Cell]] = []
    in_head = False
    for k, tok in enumerate(tokens):
        if tok.type == "thead_open":
            in_head = True
        elif tok.type == "thead_close":
            in_head = False
        elif tok.type == "tr_open":
            rows.append([])
        elif tok.type in ("th_open", "td_open"):
            rows[-1].append(Cell(tokens[k + 1].content, header=in_head))
    return table_from_cells(rows, caption, header_rows=1 if rows and rows[0][0].header else 0)
