"""A typed attribute's value is of the attribute's kind, whichever reading found it: a
move's successor read as "the keys" or "the new place" is no place to live in, and chat
filler after a possessive ("my gym is all the new ppl tbh") is no gym
(`dream.attributes.value_of_kind`, `dream.changes.possessive_values`)."""

from __future__ import annotations

import pytest

from tests.test_dream_attributes import daily_chats, dreamed_chats, section

SAID = [
    ("2026-01-10", ["we live in leith, the flat is tiny", "my gym is puregym, its fine"]),
    ("2026-02-14", [
        "no more leith for us, picked up the keys to the new place yesterday",
        "my gym is all the new ppl tbh. money is tight",
        "our landlord is a nightmare ngl. rent went up again",
        "i take the 8am train into town most days",
        "cycling to work every day now, legs are dead",
        "our new place is lovely, so much bigger",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("kinds"), daily_chats(SAID, "Oh nice."))


@pytest.fixture(scope="module")
def current(memory) -> str:
    return " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))


def test_a_successor_that_names_no_place_is_not_where_one_lives(current: str) -> None:
    assert "new place" not in current.lower() and "keys" not in current.lower(), current


def test_chat_filler_after_a_possessive_is_no_value(current: str) -> None:
    low = current.lower()
    assert "ppl" not in low and "tbh" not in low, current
    assert "nightmare" not in low and "ngl" not in low, current
    assert "**Gym:** puregym" in current or "**Gym:** [[Puregym" in current, current


def test_how_a_thing_is_is_no_value_of_it(current: str) -> None:
    # "our place is lovely" describes the place: no "Place: lovely"
    assert "lovely" not in current and "bigger" not in current, current


def test_a_habit_of_going_somewhere_names_no_business(memory, current: str) -> None:
    # "into town", "to work": idioms of going, not a gym or a shop called Town
    assert "town" not in current.lower() and "work" not in current.lower(), current
    assert not list((memory / "knowledge/organizations").glob("Town*"))


#: Pets and people said to be one by a kind noun, typed in lower case as people type.
KINDS_SAID = [
    ("2026-01-10", [
        "pickle is our dog, he is a menace",
        "mango is our cat",
        "our kid's name is rosa and she starts school in september",
    ]),
    ("2026-02-14", [
        "pickle chewed my shoe, he is so naughty",
        "my tortoise is called shelly",
        "took pickle to the beach, he loved it",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def kinds(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("subjects"), daily_chats(KINDS_SAID, "Aww."))


def test_a_kind_noun_makes_a_pet_whatever_the_tagger_took_the_name_for(kinds) -> None:
    # "mango" reads as a place or a fruit to the tagger; "our cat" says what it is
    assert (kinds / "knowledge/pets/Mango.md").exists()
    assert not (kinds / "knowledge/places/Mango.md").exists()
    assert not (kinds / "knowledge/people/Pickle.md").exists()
    current = " ".join(section((kinds / "knowledge/people/User.md").read_text(), "Current"))
    assert "**Tortoise:** [[Shelly" in current, current  # "is called": a naming


def test_a_childs_name_is_the_value_of_the_relation(kinds) -> None:
    current = " ".join(section((kinds / "knowledge/people/User.md").read_text(), "Current"))
    assert "**Kid:** [[Rosa" in current, current
    assert (kinds / "knowledge/people/Rosa.md").exists()


def test_a_pet_named_with_a_dictionary_word_gets_its_own_notes(kinds) -> None:
    # "pickle" is a word of the language: "pickle is our dog" makes it a name
    pet = (kinds / "knowledge/pets/Pickle.md").read_text()
    assert "chewed" in pet, pet


#: A pet introduced before it is named, a name that looks like a plural, a partner named
#: in passing.
INTRODUCED = [
    ("2026-01-10", [
        "we got a puppy!! her name is luna",
        "meet waffles, our new kitten",
        "my partner sam is doing most of the driving",
    ]),
    ("2026-02-14", [
        "luna chewed the sofa, she is a nightmare",
        "waffles slept on my keyboard all day",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def introduced(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("introduced"), daily_chats(INTRODUCED, "Ha!"))


def test_a_pet_named_after_it_was_introduced(introduced) -> None:
    assert "chewed the sofa" in (introduced / "knowledge/pets/Luna.md").read_text()
    assert not (introduced / "knowledge/people/Luna.md").exists()


def test_a_name_that_looks_like_a_plural_beside_its_kind(introduced) -> None:
    assert "keyboard" in (introduced / "knowledge/pets/Waffles.md").read_text()


def test_a_partner_named_in_passing_is_the_current_partner(introduced) -> None:
    current = " ".join(section((introduced / "knowledge/people/User.md").read_text(), "Current"))
    assert "**Partner:** [[Sam" in current, current
