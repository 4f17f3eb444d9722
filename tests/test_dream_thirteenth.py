"""What a real user's chats showed Dream reading wrong, each by a general reading:

- "i'm the sole SRE on checkout": the complement of "I am" says what the speaker is (a
  role), never an employer, a bank or a place, though an all-caps role reads as a name;
- a given name that WordNet knows as something else ("florence", a city) is a person
  where the run always uses it as someone; "X and i" stands where a person does;
- a relation word with a verb of its own after a comma ("at X, guy built the place")
  says nothing of X;
- a diary sentence with no "I" ("booked the venue yesterday") is dated by its relative
  day, not by a later date it also names; "this year" is written as a year.
"""

from __future__ import annotations

import re

import pytest

from language import parse
from tests.test_dream_attributes import dreamed_chats, section_text
from tests.test_dream_events import chat

CHATS = [
    chat("2026-01-09", [
        "rough week. i'm the sole SRE on checkout since marek moved teams, pager never stops",
        "A: That sounds exhausting. Is anyone helping?",
        "florence thinks i should push back harder on the on-call rota",
        "A: She may be right.",
    ]),
    chat("2026-02-03", [
        "booked the venue yesterday!! the wedding itself is june 14",
        "A: Congratulations!",
        "my brother has the dog over easter this year so florence and i can go away",
        "A: Where are you thinking of going?",
    ]),
    chat("2026-03-15", [
        "florence found a cheap cottage in the dales for easter",
        "A: Lovely!",
    ]),
    chat("2026-04-20", [
        "update: made an offer on the terrace last night and they took it this morning!!! "
        "completion is june 30. cannot believe it",
        "A: Congratulations!",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("thirteenth"), CHATS)


def _profile(memory) -> str:
    return (memory / "knowledge/people/User.md").read_text()


def test_what_the_speaker_is_is_no_value(memory) -> None:
    values = section_text(_profile(memory), "Current") + section_text(_profile(memory), "History")
    assert "SRE" not in values, values
    pages = [p.stem for p in (memory / "knowledge").rglob("*.md")]
    assert not any("SRE" in p for p in pages), pages


def test_a_given_name_the_dictionary_knows_otherwise_is_someone(memory) -> None:
    page = memory / "knowledge/people/Florence.md"
    assert page.exists(), sorted(p.name for p in (memory / "knowledge").rglob("*.md"))
    assert "[[Florence]]" in _profile(memory)


def test_a_relation_word_with_a_verb_of_its_own_names_nobody() -> None:
    from dream.lowercase import _relation

    doc = parse(["did 20 yrs at copperfield, guy basically built the place"])[0]
    word = next(t for t in doc if t.lower_ == "copperfield")
    assert _relation(word) == (None, False)
    # set beside the name, the relation word still says who it is
    doc = parse(["had lunch with tobiah, my mentor from the old job"])[0]
    assert _relation(next(t for t in doc if t.lower_ == "tobiah"))[0] == "mentor"


def test_a_diary_sentence_is_dated_by_its_own_day(memory) -> None:
    events = section_text(_profile(memory), "Events")
    assert re.search(r"2026-02-02: Booked the venue yesterday", events), events
    assert "2026-06-14: Booked the venue" not in events, events


def test_a_year_said_relatively_is_written_as_a_year(memory) -> None:
    text = "".join(p.read_text() for p in (memory / "knowledge").rglob("*.md"))
    assert "this year (2026)" in text, text
    assert "(2026-01-01)" not in text, text


def test_a_diary_sentence_of_a_bare_past_and_others_is_dated_by_its_day(memory) -> None:
    # "made"/"put"/"set" may read as a bare form; a day before the chat says past, and
    # the diary's own sentence is the speaker's though "they" took the offer
    events = section_text(_profile(memory), "Events")
    assert "2026-04-19: Made an offer on the terrace last night" in events, events
    assert "2026-06-30: Made an offer" not in events, events
