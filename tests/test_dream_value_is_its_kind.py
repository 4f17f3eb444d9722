"""A value is of its attribute's kind because it is that kind of thing, not because one
reading typed it so: a common noun with no person sense is nobody's partner ("put my
notice in"), a title and a surname is a person and no home ("the landlady, mrs hughes"),
what one "lives in" that is worn is no place, a café is no way of getting around, and a
firm said after "my supervisor at" is where the supervisor works, not who. Chats of a
postie in `evals/changes/postie/` (Markdown transcripts)."""

from __future__ import annotations

import pytest

from dream.attributes import _holder, _where_someone_is, titled, value_of_kind
from dream.changes import read_changes
from language import parse
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt
from validators.lexicon import no_conveyance


@pytest.fixture(scope="module")
def postie(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("postie", tmp_path_factory.mktemp("postie") / "memory")


def _read(text: str) -> list[tuple[str | None, str | None]]:
    return [(ch.attr, ch.new) for ch in read_changes(parse([text])[0])]


def test_what_one_lives_in_that_is_worn_is_no_home(postie):
    """ "what do i even wear, i basically live in fleece joggers": no Lives in, no place
    page; a town that is a word as well ("hull", "bath") is still one."""
    current = section_text(postie, "Current")
    assert "Lives in" not in current, current
    assert "Joggers" not in postie, postie
    assert _read("i live in flip flops in the summer") == []
    assert _read("i live in hull now") == [("Lives in", "hull")]
    assert _read("we live in bath") == [("Lives in", "bath")]


def test_a_word_that_modifies_a_noun_is_no_home():
    """The parser of lower-case chat may leave a compound's noun hanging ("i live in hi
    viz vests": "hi" its object): the word before the noun is no value."""
    assert _read("honestly i live in hi viz vests") == []
    assert _read("i live in leeds now") == [("Lives in", "leeds")]


def test_a_title_and_a_surname_is_a_person_no_place():
    """ "mr griffiths", "mrs hughes", "dr. okafor": a form of address (WordNet) before a
    name is someone, whatever reading typed the value."""
    assert not value_of_kind("Lives in", "{{mr griffiths|place}}")
    assert not value_of_kind("Employer", "Mrs Hughes")
    assert value_of_kind("Manager", "{{Mrs Hughes|person}}")
    assert value_of_kind("Lives in", "{{St Helens|place}}")
    assert titled("mr griffiths") and titled("Mrs Hughes") and titled("dr. okafor")
    assert not titled("griffiths") and not titled("st helens") and not titled("market rasen")


def test_a_way_of_getting_around_is_a_conveyance_or_a_make():
    """A café, a pub or a drink takes no one anywhere (WordNet: a physical thing in no
    sense a conveyance); a vehicle, public transport, "foot", and a make's name (a word
    whose usual sense is no thing: "fiesta", "golf"; a surname or an animal: "polo",
    "jaguar"; a word no dictionary knows: "yaris") may be one."""
    assert not value_of_kind("Gets around by", "Services cafe")
    assert value_of_kind("Gets around by", "Scania R450")
    assert value_of_kind("Gets around by", "bus")
    assert no_conveyance("cafe") and no_conveyance("pub") and no_conveyance("coffee")
    for word in ("bus", "cab", "lorry", "bike", "foot", "fiesta", "golf", "jaguar", "yaris"):
        assert not no_conveyance(word), word


def test_a_firm_after_my_supervisor_at_is_where_the_supervisor_works():
    """ "tomasz my supervisor at yodel": yodel is where, tomasz the supervisor, however
    the parser hung the words."""
    doc = parse(["tomasz my supervisor at yodel was gutted lol"])[0]
    yodel = next(t for t in doc if t.lower_ == "yodel")
    span = doc[yodel.i : yodel.i + 1]
    assert _where_someone_is(span)
    assert _holder(span, {"tomasz"}).text == "tomasz"
    i_report = parse(["i report to tomasz now"])[0]
    name = next(t for t in i_report if t.lower_ == "tomasz")
    assert not _where_someone_is(i_report[name.i : name.i + 1])


def test_a_dictionary_word_with_no_person_sense_is_nobody():
    """ "handed my notice in at yodel" after a break-up: "notice" reads a little like a
    first name alone, but WordNet knows it in no sense as a person and the run never
    names anyone so, so it succeeds no partner. "mick" (a person to WordNet), a name no
    dictionary knows, and a pet the run knows by a dictionary word may be someone."""
    from dream.events import EventReader

    reader = object.__new__(EventReader)
    reader.people = {"pickle"}
    assert reader._nobody("notice")
    assert not reader._nobody("truckstop")  # no dictionary word: read by how it is used
    assert not reader._nobody("mick") and not reader._nobody("pickle")
    assert not reader._nobody("tomasz")


def test_a_word_before_the_noun_it_modifies_is_no_name():
    """ "chatting to at the hatfield moor truckstop caff, jade": "truckstop" is part of
    the caff's phrase, and "moor" or "saxon" (people to WordNet) before it is no
    relation word of it, so nothing marks it as someone's name."""
    from dream.lowercase import uses_in

    for text in (
        "theres a lass ive been chatting to at the hatfield moor truckstop caff, jade",
        "been having brews with a fella at the a1 saxon truckstop caff, dean",
    ):
        uses = {u.key: u for u in uses_in(0, "s", parse([text])[0], set())}
        assert uses["truckstop"].relation is None, text
        assert uses["truckstop"].grammar != "person", text
