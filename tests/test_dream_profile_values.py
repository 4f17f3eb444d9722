"""The profile states what the owner has now, and no words that are no value.

- Someone's own thing handed to the speaker takes the place of the thing the same turn
  says has gone ("my aunt is giving me her old micra ... the fiesta's gone to the
  scrapyard"), though the examples read "micra" alone as a first name
  (`dream/events.py`).
- Words that name no value of the speaker's, whatever their clause reads like: a kind
  of person ("with the baby due"), a pronoun with its "'s" dropped ("whatevers"), a
  model said by its number after "a" ("a 70-200"), several things counted ("two 8tb
  drives") (`dream/changes.py`); a name before the noun it names ("the patel/okafor
  wedding") is no partner, and a place one is near ("apartment hunting near X") no home
  (`dream/attributes.py`).
"""

from __future__ import annotations

import re

import pytest

from dream.attributes import _beside_it, _names_a_thing, _phrases
from dream.changes import value_candidates
from language.nlp import parse
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-01-10", [
        "i drive a little fiesta, mostly to the studio and back",
        "started as a barista at crumb and co last week, the pay is rubbish but its fine",
    ]),
    ("2026-04-18", [
        "my aunt is giving me her old micra since she got a new car, the fiesta's gone to "
        "the scrapyard, got 90 quid for it",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("profile-values"), daily_chats(SAID, "Nice."))


def test_a_thing_handed_to_the_speaker_replaces_the_one_that_went(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Gets around by:\*\* micra — since 2026-04-18", current), current
    assert re.search(r"\*\*Gets around by:\*\* fiesta — .*2026-04-18", history), history
    # what the old car fetched is no car
    assert not re.search(r"\*\*Gets around by:\*\* \d", current + history)


@pytest.mark.parametrize(
    ("sentence", "none", "kept"),
    [
        ("with the baby due in june i took a salaried job with larkspur", "baby", "larkspur"),
        ("yeah thats the killer, so i quit the gym and do pilates now", "killer", "pilates"),
        ("made soup out of whatevers left in the fridge at amazon", "whatevers", "amazon"),
        ("the shop gave me a 70-200 to use, so generous", "70-200", "shop"),
        ("just bought a nas with two 8tb drives for the photos", "drives", "photos"),
        ("orders are down, like 4 commissions for spring", "4 commissions", "orders"),
    ],
)
def test_words_that_name_no_value(sentence, none, kept):
    """The word is no value; another of the sentence still is one."""
    values = [c.value for c in value_candidates(parse([sentence])[0])]
    assert none not in values and kept in values, values


def _phrase(sentence: str, word: str):
    return next(s for s in _phrases(parse([sentence])[0]) if word in s.text)


def test_a_name_before_the_noun_it_names_is_no_one():
    assert _names_a_thing(_phrase("signed the patel/okafor wedding today", "okafor"))
    assert not _names_a_thing(_phrase("i married priya okafor in may", "okafor"))


def test_a_place_one_is_near_is_no_home():
    assert _beside_it(_phrase("apartment hunting near marsh lane", "marsh"))
    assert _beside_it(_phrase("we found a flat close to the old mill", "mill"))
    assert not _beside_it(_phrase("we found a flat in kelham", "kelham"))
