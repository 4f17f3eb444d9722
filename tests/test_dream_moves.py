"""A move said as a purchase the speaker had done ("we got our offer accepted on the cottage
in Glossop"): the speaker's own act, though the clause's subject is the offer; the named
place is where they live now, not the common noun beside it ("cottage"), and a house said
with its article is no employer (`dream/attributes.py`, `dream/changes.py`)."""

from __future__ import annotations

import re

import pytest

from tests.test_dream_attributes import dreamed_chats, section

SESSIONS = [
    {"id": "2025-09-14-damp", "started_at": "2025-09-14T10:00:00+00:00", "title": "damp",
     "turns": [
         {"role": "user", "content": "the walls in my rented flat in Stockport are black with "
                                     "mould again, i live in Stockport and the landlord wont "
                                     "answer"},
         {"role": "assistant", "content": "That's a health risk; write to the landlord and "
                                          "keep copies."},
     ]},
    {"id": "2026-01-20-bid", "started_at": "2026-01-20T18:30:00+00:00", "title": "house!!",
     "turns": [
         {"role": "user", "content": "we got our offer accepted on the cottage in Glossop today!! "
                                     "nine years in that mouldy flat and we are finally out"},
         {"role": "assistant", "content": "Congratulations! When do you complete?"},
     ]},
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("moves"), SESSIONS)


def test_an_accepted_offer_on_a_home_in_a_town_is_a_move_there(memory) -> None:
    profile = (memory / "knowledge/people/User.md").read_text()
    current = " ".join(section(profile, "Current"))
    assert re.search(r"\*\*Lives in:\*\* \[\[Glossop", current), profile
    assert "Employer" not in current, current
    history = " ".join(section(profile, "History"))
    assert re.search(r"\*\*Lives in:\*\* \[\[Stockport", history), profile


def test_a_clause_the_speaker_had_done_is_the_speaker_s_act() -> None:
    from dream.changes import _clause, _someone_else
    from language.nlp import parse

    for text, place, theirs in (
        ("we got our offer accepted on the cottage in Glossop", "Glossop", False),
        ("i had my visa approved at the office in Leeds", "Leeds", False),
        ("my brother bought a flat in Glossop", "Glossop", True),
    ):
        doc = parse([text])[0]
        root = next(t for t in doc if t.text == place)
        assert _someone_else(_clause(root), root) is theirs, text


def test_moving_a_thing_or_a_day_is_no_move_of_home(tmp_path) -> None:
    # "the dentist moved me to the 14th" made a place page "14Th" and set where the
    # user lives; an appointment or a thing moved to a day is no new home.
    said = [{"id": "2025-03-02-dentist", "started_at": "2025-03-02T09:00:00+00:00",
             "title": "dentist", "turns": [
                 {"role": "user", "content": "ugh the dentist moved me to the 14th at 2pm"},
                 {"role": "assistant", "content": "Want a reminder?"},
                 {"role": "user", "content": "also we moved the bbq to friday bc of rain"},
                 {"role": "assistant", "content": "Good call."},
                 {"role": "user", "content": "we moved to leith in june btw, still unpacking"},
             ]}]  # fmt: skip
    memory = dreamed_chats(tmp_path, said)
    places = sorted(p.stem for p in (memory / "knowledge/places").glob("*.md"))
    assert places == ["Leith"], places
    current = " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))
    assert re.search(r"\*\*Lives in:\*\* \[\[Leith", current), current
