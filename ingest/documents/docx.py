"""DOCX with python-docx: headings, paragraphs, lists and tables, in document order."""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePath

import docx
from docx.document import Document as DocxDocument
from docx.opc.exceptions import OpcError
from docx.table import Table as DocxTable
from docx.text.paragraph import Paragraph
from lxml.etree import XMLSyntaxError

from ..errors import RejectedInputError
from . import Document
from .tables import Cell, Table, table_from_cells

MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def open_docx(data: bytes, name: str) -> DocxDocument:
    try:
        return docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, OpcError, KeyError, ValueError, XMLSyntaxError) as exc:
        raise RejectedInputError(f"not a readable DOCX file ({_reason(exc)})", path=name) from None


def _reason(exc: Exception) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def convert(data: bytes, name: str) -> Document:
    doc = open_docx(data, name)
    blocks: list[str] = []
    title = (doc.core_properties.title or "").strip()
    heading: str | None = None
    caption: str | None = None
    items: list[str] = []  # the list being collected

    def end_list() -> None:
        if items:
            blocks.append("\n".join(items))
            items.clear()

    for part in doc.iter_inner_content():
        if isinstance(part, DocxTable):
            end_list()
            table = docx_table(part, caption or heading)
            caption = None
            if table:
                blocks.append(table.render())
            continue
        text = " ".join(part.text.split())
        if not text:
            continue
        style = (part.style.name if part.style is not None else "") or ""
        level = _list_level(part, style)
        if level is not None:
            marker = "1." if "Number" in style else "-"
            items.append(f"{'  ' * level}{marker} {text}")
            continue
        end_list()
        if style == "Title":
            if not title:
                title = text
                continue
            blocks.append(f"# {text}")
        elif style.startswith("Heading") and style[7:].strip().isdigit():
            depth = min(int(style[7:].strip()), 6)
            blocks.append(f"{'#' * depth} {text}")
            heading = text
        elif style == "Caption":
            caption = text  # said by the table's description line, not twice
        else:
            blocks.append(text)
    end_list()
    if not title:
        title = PurePath(name).stem.replace("_", " ").replace("-", " ") or "Untitled document"
    return Document(title=title, blocks=blocks, mime=MIME)


def _list_level(p: Paragraph, style: str) -> int | None:
    """Indent level of a list paragraph (by list style or numbering), None otherwise."""
    ppr = p._p.pPr
    numpr = ppr.numPr if ppr is not None else None
    if numpr is not None and numpr.numId is not None and numpr.numId.val != 0:
        ilvl = numpr.ilvl
        return int(ilvl.val) if ilvl is not None else 0
    if style.startswith(("List Bullet", "List Number")):
        tail = style.split()[-1]
        return int(tail) - 1 if tail.isdigit() else 0
    return None


def docx_table(table: DocxTable, context: str | None) -> Table | None:
    """Rows of cells; merged cells come back repeated from python-docx, so every position
    keeps its value. A nested table is flattened into its cell's text."""
    rows: list[list[Cell]] = []
    for row in table.rows:
        cells = []
        for cell in row.cells:
            parts = [p.text for p in cell.paragraphs if p.text.strip()]
            for nested in cell.tables:
                inner = docx_table(nested, None)
                if inner is not None:
                    parts.append(inner.flat_text())
            cells.append(Cell(" ".join(parts)))
        rows.append(cells)
    return table_from_cells(rows, context)
