"""MCP read, grep, resources and title lookup never follow a symlink out of memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp.server.mcpserver.exceptions import ResourceError, ToolError

from brain.mcp.access import MemoryAccess
from memory_schema import MemoryRepo
from memory_schema.layout import iter_memory_files
from memory_schema.store import load_pages
from tests.example_memory import build_example_memory

SECRET = "root:x:0:0:TOPSECRET-shadow-9b1e"


@pytest.fixture
def planted(tmp_path: Path) -> MemoryAccess:
    """Example memory with symlinks out: a note, a wiki page with a title, a folder."""
    memory = build_example_memory(tmp_path / "memory")
    outside = tmp_path / "outside"
    outside.mkdir()
    shadow = outside / "shadow"
    shadow.write_text(SECRET + "\n")
    page = outside / "page.md"
    page.write_text(f"---\ntitle: Evil Page\ntype: person\n---\n# Evil Page\n\n{SECRET}\n")
    (memory / "notes" / "evil.md").symlink_to(shadow)
    (memory / "knowledge" / "people" / "Evil Page.md").symlink_to(page)
    (memory / "notes" / "evil-dir").symlink_to(outside)
    return MemoryAccess(MemoryRepo.open(memory))


def test_read_refuses_a_symlink_out_in_every_spelling(planted: MemoryAccess):
    for path in (
        "notes/evil.md",
        "notes/evil",  # the .md fallback
        "[[notes/evil]]",
        "[[notes/evil|shown]]",
        "notes/evil#^t1",
        "Evil Page",  # title lookup
        "[[Evil Page]]",
        "knowledge/people/Evil Page",
        "notes/evil-dir/shadow",
    ):
        with pytest.raises(ToolError) as err:
            planted.read(path)
        assert SECRET not in str(err.value), path


def test_grep_walks_no_file_behind_a_symlink_out(planted: MemoryAccess):
    for path in (".", "notes", "knowledge", "knowledge/people"):
        out = planted.grep("^root:", path=path)
        assert SECRET not in out and out.startswith("no matches"), (path, out)
    with pytest.raises(ToolError):
        planted.grep("root", path="notes/evil.md")
    with pytest.raises(ToolError):
        planted.grep("root", path="notes/evil-dir")
    assert "Maya" in planted.grep("Maya", path=".")


def test_resources_and_titles_never_open_a_symlink_out(planted: MemoryAccess):
    with pytest.raises(ResourceError):
        planted.file_text("notes/evil.md")
    with pytest.raises(ResourceError):
        planted.file_text("knowledge/people/Evil Page.md")
    names = [r.name for r in planted.page_resources()]
    assert "knowledge/people/Evil Page.md" not in names and names
    assert all(p.title != "Evil Page" for p in load_pages(planted.root))
    assert planted.resolver().resolve("Evil Page") is None
    files = list(iter_memory_files(planted.root))
    assert "notes/evil.md" not in files and not any("evil-dir" in f for f in files)
