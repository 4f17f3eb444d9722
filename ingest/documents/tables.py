"""Tables kept whole: a grid with flattened headers, rendered as one Markdown block.

Every table becomes one block (never split), led by a one-line description and a
keywords line so that search finds it by what it is about. Spanning cells are copied
into every row and column they cover and multi-row headers are joined ("2024 › Q1"),
so each value keeps its row and column headers. A table nested in a cell is flattened
into "row › column: value" pairs inside that cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_WORD = re.compile(r"[^\W\d_][\w'-]*", re.UNICODE)
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "to",
        "with",
        "per",
        "total",
    ]
)
MAX_KEYWORDS = 15


def clean_cell(text: str) -> str:
    """One line of cell text, pipes escaped so the Markdown table stays a table."""
    return " ".join(text.split()).replace("|", "\\|")


@dataclass
class Cell:
    text: str
    colspan: int = 1
    rowspan: int = 1
    header: bool = False


@dataclass
class Table:
    header_rows: list[list[str]]
    rows: list[list[str]]
    caption: str | None = None
    row_headers: bool = False  # first column labels the rows
    notes: list[str] = field(default_factory=list)

    @property
    def width(self) -> int:
        return max((len(r) for r in [*self.header_rows, *self.rows]), default=0)

    def columns(self) -> list[str]:
        """One header per column, multi-row headers joined with ' › '."""
        names = []
        for j in range(self.width):
            parts: list[str] = []
            for row in self.header_rows:
                text = row[j] if j < len(row) else ""
                if text and (not parts or parts[-1] != text):
                    parts.append(text)
            # A form's columns have no names: its rows are "label | value".
            unnamed = "" if self.row_headers and not self.header_rows else f"Column {j + 1}"
            names.append(" › ".join(parts) or unnamed)
        return names

    def flat_text(self) -> str:
        """The table as 'row › column: value' pairs (for a table nested in a cell)."""
        cols = self.columns()
        pairs = []
        for i, row in enumerate(self.rows, start=1):
            label = row[0] if row and row[0] else f"row {i}"
            for j, value in enumerate(row[1:], start=1):
                if value:
                    pairs.append(f"{label} › {cols[j] if j < len(cols) else j + 1}: {value}")
            if len(row) == 1 and row[0]:
                pairs.append(f"{cols[0]}: {row[0]}")
        return "; ".join(pairs)

    def keywords(self) -> list[str]:
        """Words from the caption, the headers and the row labels, most telling first."""
        sources = [self.caption or "", *self.columns()]
        sources += [r[0] for r in self.rows if r]
        seen: list[str] = []
        for text in sources:
            for word in _WORD.findall(text.replace("\\|", " ")):
                w = word.lower()
                if w not in _STOP and len(w) > 1 and w not in seen:
                    seen.append(w)
        return seen[:MAX_KEYWORDS]

    def description(self) -> str:
        cols = self.columns()
        if not any(cols):  # a form: what its rows are labelled
            cols = [r[0] for r in self.rows if r and r[0]]
        shown = ", ".join(cols[:8]) + (f", … ({len(cols) - 8} more)" if len(cols) > 8 else "")
        what = "Table"
        if self.caption:
            lead = "" if self.caption.lower().startswith("table") else "Table: "
            what = lead + self.caption
        return f"{what} ({len(self.rows)} rows × {self.width} columns: {shown})."

    def render(self) -> str:
        cols = self.columns()
        width = len(cols)
        lines = [self.description(), "Keywords: " + ", ".join(self.keywords()) + "."]
        lines.append("| " + " | ".join(clean_cell(c) for c in cols) + " |")
        lines.append("|" + "---|" * width)
        for row in self.rows:
            cells = [clean_cell(c) for c in row] + [""] * (width - len(row))
            lines.append("| " + " | ".join(cells) + " |")
        lines += self.notes
        return "\n".join(lines)


def expand_spans(rows: list[list[Cell]]) -> list[list[Cell]]:
    """A rectangular grid: each spanning cell copied into every position it covers."""
    grid: dict[tuple[int, int], Cell] = {}
    for i, row in enumerate(rows):
        j = 0
        for cell in row:
            while (i, j) in grid:
                j += 1
            for di in range(max(1, cell.rowspan)):
                for dj in range(max(1, cell.colspan)):
                    grid.setdefault((i + di, j + dj), cell)
            j += max(1, cell.colspan)
    if not grid:
        return []
    height = max(i for i, _ in grid) + 1
    width = max(j for _, j in grid) + 1
    empty = Cell("")
    return [[grid.get((i, j), empty) for j in range(width)] for i in range(height)]


def table_from_cells(
    rows: list[list[Cell]], caption: str | None = None, header_rows: int | None = None
) -> Table | None:
    """Build a Table from raw cells; header rows are the leading all-header rows, or the
    first row when none is marked (the usual shape of document tables)."""
    grid = expand_spans([r for r in rows if r])
    grid = [r for r in grid if any(c.text.strip() for c in r)]
    if not grid:
        return None
    if header_rows is None:
        header_rows = 0
        while header_rows < len(grid) - 1 and all(c.header for c in grid[header_rows]):
            header_rows += 1
        # A form ("<th>Landlord</th><td>Mr Gow</td>" on every row) labels its rows, not
        # its columns: no row of it is a header row.
        form = all(r[0].header and not all(c.header for c in r) for r in grid)
        if header_rows == 0 and len(grid) > 1 and not form:
            header_rows = 1
    texts = [[" ".join(c.text.split()) for c in r] for r in grid]
    row_headers = any(r[0].header for r in grid[header_rows:])
    return Table(
        header_rows=texts[:header_rows],
        rows=texts[header_rows:],
        caption=" ".join(caption.split()) if caption else None,
        row_headers=row_headers,
    )
