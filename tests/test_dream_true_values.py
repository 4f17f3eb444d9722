"""A profile's values are of their attribute's kind, whatever the clause reads like.

A van courier's chats (`tests/fixtures/true_values/`, Markdown transcripts as people
type them) once gave "Gets around by: Frenchay" (a route round a place), "Bank: Hartley"
(a payslip from the employer, a surname), "Phone: scaffold" (where a phone was dropped
from), "Gets around by: work" and "Gets around by: 2k" (where and for how much a car was
bought). The profile now holds only values of the attribute's kind, and a bank said
plainly ("moved my current account over to lloyds", a surname too) still counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from dream.attributes import source
from dream.changes import read_changes, value_candidates
from dream.lowercase import relation_marked, uses_in
from language import parse
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt

CHATS = Path(__file__).parent / "fixtures" / "true_values"


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    memory = tmp_path_factory.mktemp("courier") / "memory"
    run = CliRunner()
    for args in (
        ["init", str(memory)],
        ["capture", "session", *map(str, sorted(CHATS.glob("*.md"))), "--memory", str(memory)],
        ["dream", "--memory", str(memory)],
    ):
        out = run.invoke(cli, args)
        assert out.exit_code == 0, out.output
    return (memory / "knowledge/people/User.md").read_text()


def _values(profile: str) -> list[tuple[str, str]]:
    """(attribute, value) of every line of Current and History."""
    lines = section_text(profile, "Current") + section_text(profile, "History")
    return re.findall(r"^- \*\*([^*]+):\*\* (?:\[\[)?([^\]—]+?)(?:\]\])? —", lines, re.M)


def test_a_place_is_no_way_of_getting_around(profile):
    """ "the boss has put me on the lighter route round frenchay", and frenchay named
    again as where a job was: a place, not a vehicle, by either reading."""
    assert not [v for a, v in _values(profile) if "frenchay" in v.lower()], profile


def test_a_surname_a_payslip_came_from_is_no_bank(profile):
    """ "got my first payslip from hartley": who paid, not where the money is kept; "moved
    my current account over to lloyds" says a bank, though Lloyds is a surname too."""
    values = _values(profile)
    assert ("Bank", "Hartley") not in values, values
    assert re.search(r"\*\*Bank:\*\* \[\[Lloyds\]\] — since 2026-06-08", profile), profile


def test_where_a_thing_fell_or_was_bought_is_no_value(profile):
    """ "dropped my pixel 6 off the scaffold on site": no phone "scaffold", no "site";
    "bought a 2012 corsa off a lad at work for 2k": no car "work" or "2k"."""
    said = {v.lower() for _, v in _values(profile)}
    assert not said & {"scaffold", "site", "work", "2k"}, said


def test_a_preposition_read_as_a_noun_still_says_where():
    """The parser reads "round" in "the lighter route round frenchay" as a noun of the
    name; the word after it stands where a place does."""
    doc = parse(["the boss has put me on the lighter route round frenchay for now"])[0]
    uses = {u.key: u for u in uses_in(0, "p", doc, set(), relation_marked([doc])[0])}
    assert uses["frenchay"].grammar == "place"


def test_a_thing_dropped_somewhere_has_not_ended():
    """A verb of ending with where the thing went is a thing moved, not given up; with a
    time after the preposition it still ends something."""
    ended = [ch.old for ch in read_changes(parse(["dropped my pixel 6 off the scaffold"])[0])]
    assert ended == []
    assert [ch.old for ch in read_changes(parse(["i quit my job on friday"])[0])] == ["job"]


def test_a_place_said_bare_is_no_value_candidate():
    """ "on site", "at work": where one is; a town in lower case is a value still."""
    docs = parse(["im on site all week now", "i eat lunch at work now", "we moved to leeds"])
    values = [[c.value for c in value_candidates(doc)] for doc in docs]
    assert values == [[], ["lunch"], ["leeds"]], values


def test_where_a_dropped_thing_fell_from_is_its_source():
    """With the diary's "i" put back the parser reads the object as a noun of manner."""
    doc = parse(["i dropped my pixel 6 off the scaffold on site tues"])[0]
    scaffold = next(t for t in doc if t.text == "scaffold")
    assert source(scaffold)


def test_a_place_succeeds_no_vehicle(tmp_path):
    """ "sold the bike, its the tram now from salford" (`evals/changes/switcher`): the
    bike ends; Salford, where the speaker lives now, is no way of getting around."""
    profile = dreamt("switcher", tmp_path / "memory")
    assert re.search(r"\*\*Gets around by:\*\* bike — to 2026-04-14", profile), profile
    assert ("Gets around by", "Salford") not in _values(profile), profile
