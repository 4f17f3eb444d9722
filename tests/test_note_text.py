"""edit_note's operations and write_note's note text, as pure functions over strings."""

from __future__ import annotations

import datetime as dt

import pytest

from brain.mcp.note_text import compose_note, edit_text
from memory_schema.page import Page

DAY = dt.date(2026, 6, 1)
LATER = dt.date(2026, 6, 9)
REL = "notes/inbox/Trip.md"
T = "sessions/2026/05/s1"


def note(body: str) -> str:
    return compose_note(REL, "Trip", body, ["travel"], DAY)


def edit(text: str, op: str, content: str = "", **kw: str) -> str:
    return edit_text(REL, text, op, content, kw.get("find"), kw.get("heading"), LATER)


def test_a_new_note_has_frontmatter_a_title_and_its_citations_at_the_end() -> None:
    text = note(f'Flights booked [cite:1].\n- [cite:1] [[{T}#^t2]] "booked"\n\nHotel next.')
    page = Page.parse(text, REL)
    assert page.meta["type"] == "note" and page.meta["tags"] == ["travel"]
    assert page.meta["created"] == DAY and page.summary == "Flights booked."
    assert page.body.startswith("# Trip\n\nFlights booked [cite:1].\n\nHotel next.\n\n## Citations")
    assert page.body.endswith(f'## Citations\n\n- [cite:1] [[{T}#^t2]] "booked"\n')
    with pytest.raises(ValueError, match="needs some content"):
        note("  \n")


def test_append_and_prepend_keep_the_citation_list_last_and_renumber() -> None:
    text = note(f'Flights booked [cite:1].\n\n- [cite:1] [[{T}#^t2]] "booked"')
    text = edit(text, "append", f'Hotel in Porto [cite:1].\n- [cite:1] [[{T}#^t4]] "Porto"')
    text = edit(text, "prepend", "Status: planning.")
    body = Page.parse(text, REL).body
    assert body.index("# Trip") < body.index("Status: planning.") < body.index("Flights")
    assert body.index("Hotel in Porto [cite:2]") < body.index("## Citations")
    assert body.rstrip().endswith(f'- [cite:2] [[{T}#^t4]] "Porto"')
    assert Page.parse(text, REL).meta["updated"] == LATER
    assert Page.parse(text, REL).meta["created"] == DAY


def test_find_replace_needs_exactly_one_place() -> None:
    text = note("Pack the red bag. Pack the red coat.")
    with pytest.raises(ValueError, match="occurs 2 times"):
        edit(text, "find_replace", "blue", find="the red")
    with pytest.raises(ValueError, match="not in the note"):
        edit(text, "find_replace", "blue", find="green")
    with pytest.raises(ValueError, match="needs `find`"):
        edit(text, "find_replace", "blue")
    assert "the blue coat" in edit(text, "find_replace", "the blue coat", find="the red coat")


def test_replace_section_by_heading() -> None:
    text = note("## Plan\n\nFly on Monday.\n\n### Detail\n\nGate 4.\n\n## Budget\n\n500 EUR.")
    out = edit(text, "replace_section", "Take the train on Tuesday.", heading="## plan")
    body = Page.parse(out, REL).body
    assert "Take the train on Tuesday." in body and "Fly on Monday" not in body
    assert "Gate 4" not in body  # a subsection goes with its section
    assert "## Budget\n\n500 EUR." in body
    with pytest.raises(ValueError, match=r"no heading 'Packing'.*'Plan'"):
        edit(text, "replace_section", "x", heading="Packing")
    twice = note("## A\n\nx\n\n## A\n\ny")
    with pytest.raises(ValueError, match="2 headings"):
        edit(twice, "replace_section", "z", heading="A")


def test_a_note_written_by_hand_without_frontmatter_gets_what_the_schema_needs() -> None:
    out = edit("Just a line from Obsidian.\n", "append", "Another line.")
    page = Page.parse(out, REL)
    assert page.meta["title"] == "Trip" and page.meta["type"] == "note"
    assert page.meta["created"] == LATER and "Another line." in page.body
    assert edit(out, "find_replace", "Another line.", find="Another line.") == out
    with pytest.raises(ValueError, match="unknown operation"):
        edit(out, "overwrite", "x")
