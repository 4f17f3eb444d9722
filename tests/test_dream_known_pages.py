"""A page this run made (a home town, a workplace that became a value) gets the
statements that name it, typed in any case, as dated third-person lines: "the lake in
duluth is frozen solid" goes on Duluth's page though the parse found no place in it
(`dream.observe.known_pages_named`). A name the parse found with its capital in one
session ("Northfield Print Works") is the same subject typed in lower case in another.
An organization typed in lower case where a school or a workplace stands ("at uvm") in
two sessions gets a page too (`dream.lowercase`); a brand never said that way does not.
"""

from __future__ import annotations

import pytest

from tests.test_dream_attributes import daily_chats, dreamed_chats, section_text

SAID = [
    ("2026-01-08", [
        "we finally moved to duluth after the lease ran out",
        "i just started at Northfield Print Works, mostly running the folding machine",
        "my son is in his first year at uvm and loves it",
        "duolingo says im on a 40 day streak with my spanish",
    ]),
    ("2026-02-11", [
        "the lake in duluth is frozen solid, kids were skating on it all weekend",
        "northfield print works bought a new label printer and it jams every hour",
        "the dorms at uvm have no heating, he sleeps in two hoodies",
        "duolingo nagged me at midnight again",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("known"), daily_chats(SAID, "ok"))


def test_a_place_typed_in_lower_case_gets_its_lines(memory) -> None:
    page = (memory / "knowledge/places/Duluth.md").read_text()
    assert "2026-02-11 · The lake in [[Duluth" in page, page
    assert "frozen solid" in page


def test_a_workplace_typed_in_lower_case_gets_its_lines(memory) -> None:
    # (the parse calls it a place or an organization: the page is the same subject)
    found = list((memory / "knowledge").rglob("Northfield Print Works.md"))
    assert found, sorted(p.name for p in (memory / "knowledge").rglob("*.md"))
    page = found[0].read_text()
    body = page.split("## Citations")[0]
    assert "label printer" in body, page
    # the speaker's page links to it, not a copy of the line
    profile = (memory / "knowledge/people/User.md").read_text()
    assert "label printer" not in section_text(profile, "Work and money")


def test_an_organization_typed_in_lower_case_gets_a_page(memory) -> None:
    page = memory / "knowledge/organizations/UVM.md"
    assert page.exists(), sorted(p.name for p in (memory / "knowledge").rglob("*.md"))
    assert "no heating" in page.read_text()
    assert not list((memory / "knowledge").rglob("Duolingo.md"))
