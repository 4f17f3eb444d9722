"""HTML: the page's main content as Markdown blocks; tables through the table model.

Boilerplate (scripts, navigation, headers, footers, asides, forms) is dropped and the
<main> or <article> element is preferred to the whole <body>. Inline markup becomes
Markdown with markdownify.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, NavigableString, Tag
from markdownify import markdownify

from ..textio import decode_text
from . import Document
from .tables import Cell, Table, table_from_cells

_DROP = ("script", "style", "noscript", "nav", "header", "footer", "aside", "form", "svg")
_DROP += ("template", "iframe", "button", "select", "head")
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCKS = {"p", "ul", "ol", "dl", "blockquote", "pre", "table", "hr", "figure", "address"}
_CONTAINERS = {"div", "section", "article", "main", "body", "html", "center", "details"}
_MAX_SPAN = 1000


def convert(data: bytes, name: str) -> Document:
    soup = BeautifulSoup(decode_text(data, name), "lxml")
    title_tag = soup.find("title")
    page_title = title_tag.get_text(" ", strip=True) if title_tag else ""
    for tag in soup.find_all(_DROP):
        tag.decompose()
    root = soup.find("main") or soup.find("article") or soup.body or soup
    walker = _Walker()
    walker.walk(root)
    walker.flush()
    blocks = walker.blocks
    title = page_title
    if blocks and blocks[0].startswith("# "):
        title = title or blocks[0][2:].strip()
        if blocks[0][2:].strip() == title:
            blocks = blocks[1:]
    return Document(title=title or "Untitled page", blocks=blocks, mime="text/html")


def _md(html: str) -> str:
    return markdownify(html, heading_style="ATX", bullets="-", strip=["img"]).strip()


class _Walker:
    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.inline: list[str] = []
        self.heading: str | None = None

    def flush(self) -> None:
        text = _md("".join(self.inline)) if self.inline else ""
        if text:
            self.blocks.append(text)
        self.inline = []

    def walk(self, node: Tag) -> None:
        for child in node.children:
            if isinstance(child, NavigableString):
                if child.strip() and child.__class__ is NavigableString:
                    self.inline.append(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            name = child.name
            if name in _HEADINGS:
                self.flush()
                text = child.get_text(" ", strip=True)
                if text:
                    self.blocks.append(f"{'#' * _HEADINGS[name]} {text}")
                    self.heading = text
            elif name == "table":
                self.flush()
                table = html_table(child, self.heading)
                if table:
                    self.blocks.append(table.render())
            elif name == "pre":
                self.flush()
                code = child.get_text().strip("\n")
                if code.strip():
                    self.blocks.append(f"```\n{code}\n```")
            elif name in _BLOCKS:
                self.flush()
                if name != "hr" and (text := _md(str(child))):
                    self.blocks.append(text)
            elif name in _CONTAINERS or child.find(list(_BLOCKS | set(_HEADINGS))):
                self.flush()
                self.walk(child)
                self.flush()
            else:
                self.inline.append(str(child))


def _span(tag: Tag, attr: str) -> int:
    try:
        return max(1, min(int(str(tag.get(attr, 1))), _MAX_SPAN))
    except ValueError:
        return 1


def _cell_text(cell: Tag) -> str:
    """Cell text; a nested table is flattened into 'row › column: value' pairs."""
    parts = []
    for child in cell.children:
        if isinstance(child, Tag) and child.name == "table":
            nested = html_table(child, None)
            if nested:
                parts.append(nested.flat_text())
        elif isinstance(child, Tag):
            if child.find("table"):
                parts.append(_cell_text(child))
            else:
                parts.append(child.get_text(" ", strip=True))
        elif isinstance(child, NavigableString):
            parts.append(str(child).strip())
    return " ".join(p for p in parts if p)


def html_table(table: Tag, context: str | None) -> Table | None:
    caption_tag = table.find("caption")
    caption = caption_tag.get_text(" ", strip=True) if caption_tag else context
    rows: list[list[Cell]] = []
    head_rows = 0
    for tr in table.find_all("tr"):
        if tr.find_parent("table") is not table:
            continue  # a row of a nested table
        cells = [
            Cell(
                _cell_text(c),
                colspan=_span(c, "colspan"),
                rowspan=_span(c, "rowspan"),
                header=c.name == "th",
            )
            for c in tr.find_all(["th", "td"], recursive=False)
        ]
        if tr.find_parent("thead") is not None and tr.find_parent("table") is table:
            head_rows += 1
        rows.append(cells)
    return table_from_cells(rows, caption, header_rows=head_rows or None)
