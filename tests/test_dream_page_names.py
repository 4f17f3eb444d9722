"""A subject gets a page of the right kind under the right name (issue 12, item 2): a
pet's page is named by a name, not by food given to the dog or by its breed; a town of
two lower-case words ("two harbors") keeps both, and where one lives is no employer; a
league is no gym; a note on someone's page is a third-person line, not the turn copied.
The chats are typed the way people type: lower case, typos, no names for the user."""

from __future__ import annotations

import re

import pytest

from tests.test_dream_attributes import daily_chats, dreamed_chats, section

TOWN = [
    ("2026-01-10", [
        "so we finaly moved to two harbors last month, house is right by the lake",
        "my sister maren lives in duluth and she drove up for the weekend",
        "got a job in two harbors at the hardware store, starts monday",
    ]),
    ("2026-02-14", [
        "two harbors is sooo quiet in winter lol",
        "maren says she might move up here too, i told her to do it",
        "i work in two harbors now so no commute at all",
    ]),
    ("2026-03-02", [
        "we live in two harbors now and i still get lost lol",
        "maren and i went ice fishing on saturday, caught nothing",
    ]),
]  # fmt: skip

PETS = [
    ("2026-01-10", [
        "pickles is my dog, corgi beagle mix, shes 4",
        "gave the dog lefse last night and she went nuts for it",
        "joined the Northland Beer League, we play on tuesdays",
    ]),
    ("2026-02-14", [
        "fed the dog krumkake by accident oops, she was fine",
        "biscuit is our other dog, a lab mix, hes a goof",
        "the Northland Beer League is my workout now lol",
    ]),
    ("2026-03-02", [
        "pickles stole a whole lefse off the counter",
        "biscuit and pickles dug up the garden again",
        "gave the dog some krumkake crumbs, shes spoiled",
    ]),
]  # fmt: skip


#: Another town said with another verb: one relocates to a place to live there.
RELOCATED = [
    ("2026-01-10", ["relocated to three lakes for the job, its tiny"]),
    ("2026-02-14", ["three lakes is so quiet, i kinda love it"]),
]


@pytest.fixture(scope="module")
def town(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("town"), daily_chats(TOWN, "Oh nice!"))


@pytest.fixture(scope="module")
def pets(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("pets"), daily_chats(PETS, "Haha cute."))


def _titles(memory, folder: str) -> set[str]:
    return {p.stem for p in (memory / "knowledge" / folder).glob("*.md")}


def _current(memory) -> str:
    return " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))


def test_a_town_of_two_lower_case_words_keeps_both(town) -> None:
    # "moved to two harbors", "we live in two harbors": one town, not a count of harbours
    assert "Two Harbors" in _titles(town, "places"), _titles(town, "places")
    assert "Harbors" not in _titles(town, "places")
    assert "**Lives in:** [[Two Harbors]] — since 2026-01-10" in _current(town), _current(town)
    # "so we finaly moved": the misspelt word the parse took for the subject is no home
    assert not any("inaly" in t for t in _titles(town, "places")), _titles(town, "places")


def test_relocating_to_a_town_is_living_there(tmp_path) -> None:
    memory = dreamed_chats(tmp_path, daily_chats(RELOCATED, "Oh nice!"))
    current = _current(memory)
    # was "For job: lakes": a value named after the purpose, the town cut to its noun
    assert "**Lives in:** [[Three Lakes]]" in current, current
    assert "For job" not in current, current


def test_where_one_lives_is_no_employer(town) -> None:
    # "got a job in two harbors", "i work in two harbors now": where the job is
    current = _current(town)
    assert "Employer" not in current, current
    assert not list((town / "knowledge/organizations").glob("*Harbors*"))
    # ... nor a value of a topic beside Lives in ("Work and money: two harbors")
    assert current.lower().count("harbors") == 1, current


def test_notes_on_a_persons_page_are_third_person_lines(town) -> None:
    maren = (town / "knowledge/people/Maren.md").read_text()
    lines = [x for x in maren.splitlines() if re.match(r"- \d{4}-\d{2}-\d{2} · ", x)]
    assert lines, maren
    for line in lines:
        said = line.split(" [cite:")[0]
        assert "]]: " not in said, line  # no "[[User]]: my sister maren ..." quote
        assert not re.search(r"\b(?:i|my|me)\b", said), line
    assert any("[[User]]'s sister" in x for x in lines), lines


def test_food_given_to_the_dog_names_no_pet(pets) -> None:
    # "gave the dog lefse", "fed the dog krumkake": what the dog got, not who she is
    titles = _titles(pets, "pets")
    assert "Lefse" not in titles and "Krumkake" not in titles, titles
    assert {"Pickles", "Biscuit"} <= titles, titles


def test_a_breed_names_no_pet(pets) -> None:
    # "my dog, corgi beagle mix", "a lab mix": what kind of dog, not its name
    titles = _titles(pets, "pets")
    assert not any("Mix" in t or "Corgi" in t or "Beagle" in t for t in titles), titles
    current = _current(pets)
    assert "mix" not in current.lower(), current


def test_a_league_is_no_gym(pets) -> None:
    # "the Northland Beer League is my workout now": people one plays with, sells nothing
    assert "Gym" not in _current(pets), _current(pets)
