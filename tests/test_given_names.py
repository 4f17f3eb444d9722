"""Given names typed in lower case ("marcus", "declan", "olivia") are names, though one
letter from a rare dictionary word ("arcus", "declaw"): `language.names.given_names`.
And the pets and people around them: "she" after "got a kitten" is the kitten, a person
memory knows is no cat's name, and "who was my boss at the job i left?" asks for someone."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.question import analyse
from language.names import looks_like_name
from tests.test_agent_messy import first_line, memory_from


def chat(day: str, text: str) -> str:
    head = f"---\ndate: {day}T20:00:00+00:00\ntitle: chat\n---\n"
    return f"{head}## User\n\n{text}\n\n## Assistant\n\nGot it.\n"


SESSIONS = {
    "kitten.md": chat(
        "2025-03-02", "got a kitten last week!! she's called mochi and she already owns the sofa"
    ),
    "boiler.md": chat(
        "2025-04-10",
        "declan says the boiler is making that noise again, he's going to ring the landlord"
        " tomorrow",
    ),
    "second-cat.md": chat(
        "2025-05-20",
        "ok so declan wants to get a second cat and i said absolutely not until we've moved",
    ),
    "landlord.md": chat(
        "2025-06-01", "declan finally got the landlord to send someone round about the boiler"
    ),
}


@pytest.mark.parametrize("word", ["marcus", "declan", "olivia", "sophia", "callum", "lorenzo"])
def test_a_given_name_is_no_misspelling(word: str):
    assert looks_like_name(word)


@pytest.mark.parametrize("word", ["definately", "tomorow", "probaly"])
def test_a_misspelt_word_is_still_no_name(word: str):
    assert not looks_like_name(word)


def test_who_asks_for_someone_though_the_question_says_a_job():
    assert analyse("who was my boss at the job i left?").answer_type == "name"
    assert analyse("what job does she have now?").answer_type == "occupation"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(tmp_path_factory.mktemp("given"), SESSIONS, dream=True)


def test_a_given_name_in_lower_case_gets_a_page(memory: Path):
    assert (memory / "knowledge" / "people" / "Declan.md").exists()


def test_she_after_a_kitten_is_the_kitten_and_a_person_is_no_cats_name(memory: Path):
    # "she's called mochi" follows "got a kitten" in the same turn; Declan, who wants a
    # second cat, is a person memory knows, no cat
    assert first_line(memory, "what's my cat called?").startswith("Mochi")
