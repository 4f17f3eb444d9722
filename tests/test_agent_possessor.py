"""A subject reached through a possessive ("Ines's daughter") is spoken of by whose she
is: the possessor's own "my daughter ..." is about the daughter, though the daughter has
a name of her own and the possessor is no longer the subject.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.runner import Agent, AgentSettings
from memory_schema import MemoryRepo, Session
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/10/neighbours-1.md"
S2 = "sessions/2025/10/studio-1.md"


def _sessions() -> list[Session]:
    start = dt.datetime(2025, 10, 5, 17)
    lines = [
        ("Ines", "my daughter Lua turns six next week, can you believe it"),
        ("Bo", "six already! my nephew is the same age, he only talks about dinosaurs"),
        (
            "Ines",
            "ha. ever since the aquarium trip my daughter is obsessed with sea turtles, "
            "she draws them on everything",
        ),
        ("Bo", "cute, get her a turtle plush for the party"),
    ]
    studio = [
        ("Bo", "hows the studio doing? still drowning in admin?"),
        (
            "Dev",
            "a bit less! my dance studio's social media is all done by my niece priya now, "
            "she's a natural",
        ),
        ("Bo", "love that. my cousin runs a gym in leith and his gym's social media is a mess"),
    ]
    return [
        two_people("neighbours-1", start, "Ines", lines),
        two_people("studio-1", start + dt.timedelta(days=3), "Bo", studio),
    ]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    return build_memory(tmp_path_factory.mktemp("possessor") / "m", _sessions(), None)


def test_the_possessors_own_words_are_about_whom_the_chain_reached(memory):
    with Agent(memory.root, AgentSettings(), record=False) as agent:
        a = agent.ask("What animal is Ines's daughter obsessed with?")
    first = a.text.split("\n", 1)[0]
    assert "turtle" in first
    assert (S1, "t3") in {(c.path, c.anchor) for c in a.citations}


def test_the_possessor_the_question_names_is_its_own_chain(memory):
    # "studio's social media" is the chain asked about ("his studio's"), not someone
    # else's social media; and "who" asks for a person, so "a gym in leith" (where) is
    # no answer.
    with Agent(memory.root, AgentSettings(), record=False) as agent:
        a = agent.ask("who runs Dev's studio's social media?")
    assert a.text.split("\n", 1)[0].startswith("Priya")
    assert (S2, "t2") in {(c.path, c.anchor) for c in a.citations}
