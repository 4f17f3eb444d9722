"""NoteWriter (the work behind the MCP note tools) on a real memory, in process."""

from __future__ import annotations

import pytest
from mcp.server.mcpserver.exceptions import ToolError

from brain.mcp.notes import NoteWriter
from memory_schema import MemoryRepo

PAGE = """---
title: Trips
type: concept
aliases: []
tags: []
created: 2026-06-01
updated: 2026-06-01
---
# Trips

See [[notes/travel/Porto plan]] and [[Lisbon plan]].
"""


@pytest.fixture
def writer(memory: MemoryRepo) -> NoteWriter:
    w = NoteWriter(memory)
    w.write("Porto plan", "Train on Friday.", folder="travel")
    w.write("Lisbon plan", "Fly on Monday.", folder="travel")
    with memory.transaction("a wiki page", {"Brain-Command": "dream"}) as tx:
        tx.write("knowledge/concepts/Trips.md", PAGE)
    return w


def test_a_note_a_wiki_page_links_to_stays_where_the_link_finds_it(writer: NoteWriter) -> None:
    head = writer.repo.head()
    with pytest.raises(ToolError, match=r"knowledge/concepts/Trips.md:\d+ \[\[notes/travel/Porto"):
        writer.move("notes/travel/Porto plan.md", "notes/archive/")
    with pytest.raises(ToolError, match="Dream's"):
        writer.delete("notes/travel/Porto plan.md")
    with pytest.raises(ToolError, match=r"\[\[Lisbon plan\]\]"):
        writer.delete("notes/travel/Lisbon plan.md")
    assert writer.repo.head() == head
    # Linked by its title, a note may move: the link still finds it.
    moved = writer.move("notes/travel/Lisbon plan.md", "notes/archive/")
    assert moved.path == "notes/archive/Lisbon plan.md" and moved.commit


def test_an_edit_is_refused_only_for_what_it_breaks(writer: NoteWriter) -> None:
    rel = "notes/hand.md"
    (writer.root / rel).write_text("# Hand\n\nAsk about [[Someone Dream Has Not Met]].\n")
    done = writer.edit(rel, "append", "Bring the maps.")
    assert done.commit and any("already in the note" in w for w in done.warnings)
    with pytest.raises(ToolError, match="Nobody Else"):
        writer.edit(rel, "append", "And ask [[Nobody Else]].")
    assert "Nobody Else" not in (writer.root / rel).read_text()
    # The hand edit was committed as the person's own change, then the tool's edit.
    log = writer.repo.git("log", "--format=%s", "-3").split("\n")
    assert log[:2] == [f"note: edit {rel} (append)", f"edit: 1 file changed by hand: {rel}"]


def test_write_note_never_replaces_a_note(writer: NoteWriter) -> None:
    with pytest.raises(ToolError, match="exists; change it with edit_note"):
        writer.write("Porto plan", "Something else.", folder="travel")
    assert "Train on Friday." in (writer.root / "notes/travel/Porto plan.md").read_text()
