"""PPTX with python-pptx: a heading per slide, its text, tables and speaker notes."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from pathlib import PurePath

from lxml.etree import XMLSyntaxError
from pptx import Presentation
from pptx.exc import PackageNotFoundError
from pptx.shapes.base import BaseShape
from pptx.shapes.group import GroupShape

from ..errors import RejectedInputError
from . import Document
from .tables import Cell, Table, table_from_cells

MIME = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


def convert(data: bytes, name: str) -> Document:
    try:
        prs = Presentation(io.BytesIO(data))
    except (zipfile.BadZipFile, PackageNotFoundError, KeyError, ValueError, XMLSyntaxError) as e:
        reason = str(e).splitlines()[0][:120] if str(e) else type(e).__name__
        raise RejectedInputError(f"not a readable PPTX file ({reason})", path=name) from None
    blocks: list[str] = []
    first_title = None
    for n, slide in enumerate(prs.slides, start=1):
        title_shape = slide.shapes.title
        title = " ".join(title_shape.text_frame.text.split()) if title_shape is not None else ""
        first_title = first_title or title or None
        blocks.append(f"## Slide {n}" + (f": {title}" if title else ""))
        shapes = [s for s in _flatten(slide.shapes) if title_shape is None or s != title_shape]
        for shape in sorted(shapes, key=lambda s: (s.top or 0, s.left or 0)):
            blocks += _shape_blocks(shape, title or None)
        if slide.has_notes_slide:
            notes = slide.notes_slide.notes_text_frame
            text = notes.text.strip() if notes is not None else ""
            if text:
                blocks.append("Speaker notes: " + " ".join(text.split()))
    title = (prs.core_properties.title or "").strip() or first_title
    if not title:
        title = PurePath(name).stem.replace("_", " ").replace("-", " ") or "Untitled slides"
    return Document(title=title, blocks=blocks, mime=MIME, pages=len(prs.slides))


def _flatten(shapes: Iterable[BaseShape]) -> list[BaseShape]:
    out: list[BaseShape] = []
    for shape in shapes:
        if isinstance(shape, GroupShape):
            out += _flatten(shape.shapes)
        else:
            out.append(shape)
    return out


def _shape_blocks(shape: BaseShape, context: str | None) -> list[str]:
    if getattr(shape, "has_table", False):
        table = pptx_table(shape.table, context)  # type: ignore[attr-defined]
        return [table.render()] if table else []
    if not getattr(shape, "has_text_frame", False):
        return []
    paras = [
        (p.level, " ".join("".join(r.text for r in p.runs).split()))
        for p in shape.text_frame.paragraphs  # type: ignore[attr-defined]
    ]
    paras = [(level, text) for level, text in paras if text]
    if not paras:
        return []
    if len(paras) == 1 and paras[0][0] == 0:
        return [paras[0][1]]
    # Several paragraphs in one text box are the slide's bullet points: keep them one list.
    return ["\n".join(f"{'  ' * level}- {text}" for level, text in paras)]


def pptx_table(table: object, context: str | None) -> Table | None:
    rows: list[list[Cell]] = []
    for row in table.rows:  # type: ignore[attr-defined]
        cells = []
        for cell in row.cells:
            if cell.is_spanned:
                continue  # covered by a merge origin; expand_spans fills it in
            span = (cell.span_height, cell.span_width) if cell.is_merge_origin else (1, 1)
            cells.append(Cell(cell.text, rowspan=span[0], colspan=span[1]))
        rows.append(cells)
    return table_from_cells(rows, context)
