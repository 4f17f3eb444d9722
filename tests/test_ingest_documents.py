"""Document converters on real files built with the libraries themselves."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ingest.documents import DOCUMENT_SUFFIXES, convert, detect_kind
from ingest.documents.tables import Cell, table_from_cells
from ingest.errors import RejectedInputError, UnknownFormatError
from tests.fixtures.ingest.docgen import make_docx, make_pdf, make_pptx

HTML = b"""<!doctype html><html><head><title>Quarterly report</title>
<script>var tracking = 1;</script></head><body>
<nav>Home | About | Contact</nav>
<main><h1>Quarterly report</h1><p>Revenue <b>grew</b> in the north.</p>
<ul><li>one</li><li>two</li></ul>
<table><caption>Revenue by region</caption>
<thead><tr><th rowspan="2">Region</th><th colspan="2">2024</th></tr><tr><th>Q1</th><th>Q2</th></tr>
</thead><tbody><tr><th>North</th><td>10</td><td>12</td></tr>
<tr><th>South</th><td>8</td><td><table><tr><th></th><th>Plan</th><th>Actual</th></tr>
<tr><td>June</td><td>3</td><td>4</td></tr></table></td></tr></tbody></table>
<pre>code
  indented</pre></main><footer>(c) 2024 Example Corp</footer></body></html>"""

MARKDOWN = """---
title: Runbook
---
# Ignored because frontmatter has the title

Intro paragraph
over two lines.

## Steps

1. Restart the service
2. Check the logs

| Host | Role |
|---|---|
| db1 | primary |
| db2 | replica |

```sh
systemctl restart brain
```
"""


def test_docx_headings_lists_and_merged_and_nested_table(tmp_path: Path) -> None:
    doc = convert(make_docx(tmp_path / "h.docx").read_bytes(), "h.docx", "docx")
    assert doc.title == "Team handbook"
    assert doc.blocks[0] == "# Onboarding part 1"
    assert "## First week" in doc.blocks
    assert (
        "- Get a laptop from IT\n- Meet your buddy\n  - Read the security policy\n"
        "1. Sign the contract"
    ) in doc.blocks
    [table] = [b for b in doc.blocks if "| Team |" in b]
    lines = table.split("\n")
    assert lines[0] == "Table 1: On-call rota (3 rows × 3 columns: Team, Week 1, Week 2)."
    assert lines[1].startswith("Keywords: ") and "rota" in lines[1]
    assert "| Platform | Lee (both weeks) | Lee (both weeks) |" in lines  # merges repeated
    assert "| Platform | Ana | Night › Backup: Kim |" in lines  # vertical merge + nested table
    assert not any(b == "Table 1: On-call rota" for b in doc.blocks)  # caption said once


def test_pptx_slides_bullets_table_and_notes(tmp_path: Path) -> None:
    doc = convert(make_pptx(tmp_path / "r.pptx").read_bytes(), "r.pptx", "pptx")
    assert doc.title == "Roadmap review" and doc.pages == 3
    assert doc.blocks[0] == "## Slide 1: Quarter 1 goals"
    assert doc.blocks[1] == (
        "- Ship the search engine\n  - Measure it on LoCoMo\n- Hire two engineers"
    )
    assert "Speaker notes: Remember to thank the team (1)." in doc.blocks
    [table] = [b for b in doc.blocks if "| Item |" in b]
    assert table.startswith("Table: Budget (2 rows × 3 columns: Item, 2025 H1, 2025 H2).")
    assert "| Travel | 10k per year | 10k per year |" in table  # merged cell keeps both columns


def test_pdf_paragraphs_headings_lists_and_page_breaks(tmp_path: Path) -> None:
    doc = convert(make_pdf(tmp_path / "a.pdf", pages=3).read_bytes(), "a.pdf", "pdf")
    assert doc.title == "Annual report" and doc.pages == 3
    assert doc.blocks[0] == "## Section 1 Results"
    assert doc.blocks[1].startswith("Paragraph 1 of section 1. The northern team")
    assert "- hire two engineers\n- move to the new office" in doc.blocks
    # Every paragraph is whole, including the ones that ran over a page break.
    paragraphs = [b for b in doc.blocks if b.startswith("Paragraph")]
    assert all(b.endswith("throughput doubled.") for b in paragraphs)
    assert not any(b[:1].islower() for b in doc.blocks)
    starts = doc.extra["page_start_blocks"]
    assert starts[0] == 1 and len(starts) == 3 and starts == sorted(starts)


def test_html_main_content_table_spans_and_nested_table() -> None:
    doc = convert(HTML, "r.html", "html")
    assert doc.title == "Quarterly report"
    text = "\n\n".join(doc.blocks)
    assert "tracking" not in text and "Contact" not in text and "Example Corp" not in text
    assert doc.blocks[0] == "Revenue **grew** in the north."
    assert "- one\n- two" in doc.blocks
    [table] = [b for b in doc.blocks if "| Region |" in b]
    assert table.split("\n") == [
        "Table: Revenue by region (2 rows × 3 columns: Region, 2024 › Q1, 2024 › Q2).",
        "Keywords: revenue, region, q1, q2, north, south.",
        "| Region | 2024 › Q1 | 2024 › Q2 |",
        "|---|---|---|",
        "| North | 10 | 12 |",
        "| South | 8 | June › Plan: 3; June › Actual: 4 |",
    ]
    assert "```\ncode\n  indented\n```" in doc.blocks


def test_markdown_blocks_title_and_table() -> None:
    doc = convert(MARKDOWN.encode(), "runbook.md", "markdown")
    assert doc.title == "Runbook"
    assert doc.blocks[0] == "# Ignored because frontmatter has the title"
    assert doc.blocks[1] == "Intro paragraph\nover two lines."
    assert "1. Restart the service\n2. Check the logs" in doc.blocks
    [table] = [b for b in doc.blocks if "| Host |" in b]
    assert table.startswith("Table: Steps (2 rows × 2 columns: Host, Role).")
    assert doc.blocks[-1] == "```sh\nsystemctl restart brain\n```"


def test_text_paragraphs_and_title() -> None:
    doc = convert(b"Meeting notes\n\nFirst point.\nStill first.\n\n\nSecond.\n", "n.txt", "text")
    assert doc.title == "Meeting notes"
    assert doc.blocks == ["First point.\nStill first.", "Second."]
    one = convert(b"Call the plumber.\n", "todo.txt", "text")  # one line: text, not title
    assert (one.title, one.blocks) == ("todo", ["Call the plumber."])


def test_markdown_with_only_a_heading_keeps_it() -> None:
    doc = convert(b"# Boiler serviced every May\n", "boiler.md", "markdown")
    assert doc.title == "Boiler serviced every May"
    assert doc.blocks == ["# Boiler serviced every May"]


def test_table_flattening_keeps_headers_for_every_value() -> None:
    rows = [
        [Cell("Team", rowspan=2, header=True), Cell("2025", colspan=2, header=True)],
        [Cell("H1", header=True), Cell("H2", header=True)],
        [Cell("Data", rowspan=2), Cell("4"), Cell("5")],
        [Cell("6"), Cell("7")],
    ]
    table = table_from_cells(rows, "Headcount")
    assert table is not None
    assert table.columns() == ["Team", "2025 › H1", "2025 › H2"]
    assert table.rows == [["Data", "4", "5"], ["Data", "6", "7"]]
    assert table.flat_text() == (
        "Data › 2025 › H1: 4; Data › 2025 › H2: 5; Data › 2025 › H1: 6; Data › 2025 › H2: 7"
    )


def test_detect_kind_by_name_type_and_bytes(tmp_path: Path) -> None:
    assert detect_kind("a.PDF", b"") == "pdf"
    assert detect_kind("page", b"<html><body>x</body></html>", "text/html; charset=utf-8") == "html"
    assert detect_kind("download", make_docx(tmp_path / "x.docx").read_bytes()) == "docx"
    assert detect_kind("download", make_pptx(tmp_path / "x.pptx").read_bytes()) == "pptx"
    assert detect_kind("blob", b"%PDF-1.7 ...") == "pdf"
    with pytest.raises(UnknownFormatError) as err:
        detect_kind("sheet.xlsx", b"PK\x03\x04")
    assert "unsupported document type '.xlsx'; supported: markdown (.md/.markdown)" in str(
        err.value
    )
    assert set(DOCUMENT_SUFFIXES) >= {".md", ".txt", ".html", ".pdf", ".docx", ".pptx"}


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        ("pdf", b"%PDF-1.4\n%%garbage with no objects at all", "not a readable PDF"),
        ("pdf", b"%PDF-1.4\n" + bytes(range(256)) * 4, "not a readable PDF"),
        ("docx", b"PK\x03\x04 this is not really a zip", "not a readable DOCX file"),
        ("docx", b"plain text pretending", "not a readable DOCX file"),
        ("pptx", b"\x00\x01\x02junk", "not a readable PPTX file"),
        ("text", bytes(range(256)) * 8, "binary data, not text"),
        ("markdown", b"\n\n   \n", "no text found"),
    ],
)
def test_corrupt_documents_are_rejected_in_one_line(kind: str, data: bytes, message: str) -> None:
    with pytest.raises(RejectedInputError) as err:
        convert(data, f"bad.{kind}", kind)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_docx_zip_without_document_part_is_rejected(tmp_path: Path) -> None:
    f = tmp_path / "empty.docx"
    with zipfile.ZipFile(f, "w") as z:
        z.writestr("hello.txt", "hi")
    with pytest.raises(RejectedInputError, match="not a readable DOCX file"):
        convert(f.read_bytes(), str(f), "docx")


def test_pdf_without_text_is_rejected(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.rect(10, 10, 50, 50)  # a drawing, no text: what a scan looks like to pypdf
    f = tmp_path / "scan.pdf"
    pdf.output(str(f))
    with pytest.raises(RejectedInputError, match="no extractable text"):
        convert(f.read_bytes(), str(f), "pdf")
