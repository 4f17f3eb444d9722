"""capture_sources and `brain capture source`: real documents into a real memory repo."""

from __future__ import annotations

import datetime as dt
import http.server
import json
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from ingest.sources import capture_sources
from memory_schema import MemoryRepo, build_page
from memory_schema.page import Evidence
from memory_schema.store import load_source
from tests.fixtures.ingest.docgen import make_docx, make_pdf, make_pptx
from validators import validate_tree

NOW = dt.datetime(2026, 6, 15, 10, 0, tzinfo=dt.UTC)


def _docs(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notes.md").write_text("# Garden notes\n\nTomatoes need sun.\n\n- water daily\n")
    (folder / "todo.txt").write_text("Todo\n\nBuy seeds.\n\nFix the fence.\n")
    (folder / "page.html").write_text(
        "<html><head><title>Soil guide</title></head><body><p>Loam is best.</p></body></html>"
    )
    return [
        folder / "notes.md",
        folder / "todo.txt",
        folder / "page.html",
        make_pdf(folder / "report.pdf", pages=2),
        make_docx(folder / "handbook.docx"),
        make_pptx(folder / "roadmap.pptx"),
    ]


def test_every_kind_is_captured_in_one_commit(memory: MemoryRepo, tmp_path: Path) -> None:
    files = _docs(tmp_path / "docs")
    before = memory.head()
    seen: list[str] = []
    report = capture_sources(memory, [str(f) for f in files], now=NOW, progress=seen.append)
    assert [o.status for o in report.outcomes] == ["captured"] * 6
    assert seen == [str(f) for f in files]  # the progress bar ticks once per document
    assert memory.git("rev-list", "--count", f"{before}..HEAD").strip() == "1"
    assert "Brain-Command: capture" in report.commit.message  # type: ignore[union-attr]
    paths = {Path(o.origin or "").name: o.path for o in report.outcomes}
    notes = load_source(memory.root, paths["notes.md"] or "")
    assert notes.title == "Garden notes" and notes.mime == "text/markdown"
    assert notes.blocks == ["Tomatoes need sun.", "- water daily"]
    assert notes.origin == str((tmp_path / "docs" / "notes.md").resolve())
    pdf = load_source(memory.root, paths["report.pdf"] or "")
    assert pdf.pages == 2 and pdf.mime == "application/pdf"
    assert pdf.extra["page_start_blocks"][0] == 1
    pptx = load_source(memory.root, paths["roadmap.pptx"] or "")
    assert pptx.pages == 3
    docx_text = (memory.root / (paths["handbook.docx"] or "")).read_text()
    assert "| Platform | Ana | Night › Backup: Kim |" in docx_text
    assert "\n^p1\n" in docx_text
    assert validate_tree(memory.root).ok


def test_same_document_again_changes_nothing(memory: MemoryRepo, tmp_path: Path) -> None:
    files = [str(f) for f in _docs(tmp_path / "docs")]
    capture_sources(memory, files, now=NOW)
    head = memory.head()
    again = capture_sources(memory, files)
    assert again.commit is None and memory.head() == head
    assert [o.status for o in again.outcomes] == ["unchanged"] * 6


def test_changed_document_supersedes_and_old_citations_still_resolve(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    doc = tmp_path / "policy.md"
    doc.write_text("# Travel policy\n\nBook trains under 4 hours.\n")
    [first] = capture_sources(memory, [str(doc)], now=NOW).outcomes
    old_path = first.path or ""
    page = build_page(
        path="knowledge/concepts/Travel.md",
        title="Travel",
        type="concept",
        summary="How we travel.",
        sections=[("Rules", "Trains for short trips [cite:1].")],
        evidence=[Evidence(target=old_path[:-3], anchor="p1", quote="Book trains")],
        created=NOW.date(),
        updated=NOW.date(),
    )
    with memory.transaction("write page") as tx:
        tx.write(page.path, page.render())
    old_body = (memory.root / old_path).read_text().split("\n---\n", 1)[1]

    doc.write_text("# Travel policy\n\nBook trains under 5 hours.\n")
    [second] = capture_sources(memory, [str(doc)], now=NOW).outcomes
    assert second.status == "updated" and second.path != old_path
    assert second.message == f"supersedes {old_path}"
    new = load_source(memory.root, second.path or "")
    old = load_source(memory.root, old_path)
    assert new.extra["supersedes"] == old_path
    assert old.extra["superseded_by"] == second.path
    assert (memory.root / old_path).read_text().split("\n---\n", 1)[1] == old_body
    assert validate_tree(memory.root).ok  # the page's citation of the old version resolves

    doc.write_text("# Travel policy\n\nBook trains under 6 hours.\n")
    [third] = capture_sources(memory, [str(doc)], now=NOW).outcomes
    assert load_source(memory.root, second.path or "").extra["superseded_by"] == third.path
    assert load_source(memory.root, old_path).extra["superseded_by"] == second.path


def test_batch_with_bad_files_captures_good_ones(memory: MemoryRepo, tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text("# Good\n\nFine text.\n")
    corrupt = tmp_path / "broken.pdf"
    corrupt.write_bytes(b"%PDF-1.4\nthis is not a pdf body")
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 4)
    sheet = tmp_path / "data.xlsx"
    sheet.write_bytes(b"PK\x03\x04")
    report = capture_sources(memory, [str(good), str(corrupt), str(junk), str(sheet)], now=NOW)
    assert [o.status for o in report.outcomes] == ["rejected", "rejected", "rejected", "captured"]
    messages = {Path(o.origin or "").name: o.message or "" for o in report.rejected}
    assert messages["broken.pdf"].startswith("not a readable PDF")
    assert messages["junk.txt"] == "binary data, not text"
    assert messages["data.xlsx"].startswith("unsupported document type '.xlsx'; supported:")
    assert [p.name for p in (memory.root / "sources").glob("*.md")] == [
        Path(report.captured[0].path or "").name
    ]


def test_only_bad_input_writes_nothing(memory: MemoryRepo, tmp_path: Path) -> None:
    head = memory.head()
    empty = tmp_path / "empty.md"
    empty.write_text("")
    big = tmp_path / "big.txt"
    big.write_text("words " * 100)
    report = capture_sources(
        memory, [str(empty), str(big), str(tmp_path / "nope.md")], max_bytes=100
    )
    assert [o.message for o in report.rejected] == [
        "empty file",
        "600 bytes is over the capture size limit of 100 bytes (BRAIN_CAPTURE_MAX_BYTES)",
        "no such file",
    ]
    assert report.commit is None and memory.head() == head
    assert not list((memory.root / "sources").glob("*.md"))


def test_non_utf8_text_is_captured_with_a_warning(memory: MemoryRepo, tmp_path: Path) -> None:
    f = tmp_path / "old.txt"
    f.write_bytes("Notes\n\nCaf\xe9 at noon.\n".encode("latin-1"))
    report = capture_sources(memory, [str(f)], now=NOW)
    assert report.outcomes[0].status == "captured"
    assert len(report.warnings) == 1 and "not valid UTF-8" in report.warnings[0]
    assert load_source(memory.root, report.outcomes[0].path or "").blocks == ["Caf\ufffd at noon."]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def http_dir(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A real HTTP server on loopback serving a temp folder (no internet)."""
    root = tmp_path / "www"
    root.mkdir()
    handler = partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", root
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_urls_are_fetched_and_converted(memory: MemoryRepo, http_dir: tuple[str, Path]) -> None:
    base, root = http_dir
    (root / "guide.html").write_text(
        "<html><head><title>Pruning guide</title></head><body><nav>menu</nav>"
        "<article><h2>When</h2><p>Prune in late winter.</p></article></body></html>"
    )
    make_pdf(root / "report.pdf", pages=1)
    report = capture_sources(
        memory, [f"{base}/guide.html", f"{base}/report.pdf", f"{base}/missing.html"], now=NOW
    )
    assert [o.status for o in report.outcomes] == ["rejected", "captured", "captured"]
    assert report.rejected[0].message == "HTTP 404 File not found"
    guide = load_source(memory.root, report.captured[0].path or "")
    assert guide.origin == f"{base}/guide.html" and guide.title == "Pruning guide"
    assert guide.blocks == ["## When", "Prune in late winter."]
    assert load_source(memory.root, report.captured[1].path or "").mime == "application/pdf"


def test_cli_capture_source_json_and_exit_code(memory: MemoryRepo, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    _docs(folder)
    (folder / "broken.docx").write_bytes(b"not a zip")
    result = CliRunner().invoke(
        cli, ["capture", "source", "--memory", str(memory.root), "--json", str(folder)]
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert len(data["captured"]) == 6 and data["skipped"] == []
    assert [Path(o["origin"]).name for o in data["rejected"]] == ["broken.docx"]
    assert data["rejected"][0]["message"].startswith("not a readable DOCX file")
    result = CliRunner().invoke(
        cli, ["capture", "source", "--memory", str(memory.root), str(folder / "notes.md")]
    )
    assert result.exit_code == 0
    assert result.stdout.startswith("unchanged  sources/garden-notes-")
    assert "0 documents captured, 1 unchanged, 0 rejected" in result.stdout
