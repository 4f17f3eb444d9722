"""A question about two people at once ("What do Dario and Wren both do on weekends?")
is about both: each one's own words answer it, and neither is the other's rival.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.citations import DONT_KNOW
from agent.question import analyse
from agent.runner import Agent, AgentSettings
from memory_schema import MemoryRepo, Session
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/09/mates-1.md"


def _sessions() -> list[Session]:
    start = dt.datetime(2025, 9, 14, 10)
    lines = [
        ("Dario", "morning! back from the climbing gym, my forearms are toast"),
        ("Wren", "ha, jealous. i went climbing on saturday too, fell off everything"),
        ("Dario", "we should go together sometime"),
        ("Wren", "deal. also my landlord finally fixed the boiler"),
    ]
    return [two_people("mates-1", start, "Dario", lines)]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    return build_memory(tmp_path_factory.mktemp("together") / "m", _sessions(), None)


def test_both_peoples_own_words_answer_a_question_about_them_together(memory):
    with Agent(memory.root, AgentSettings(), record=False) as agent:
        a = agent.ask("Did Dario and Wren both go climbing this week?")
    # Asked of Dario alone, Wren's climbing would be someone else's: declined.
    assert a.text != DONT_KNOW
    cited = {(c.path, n) for c in a.citations for n in _turns(c.anchor)}
    assert (S1, "t2") in cited


def _turns(anchor: str) -> list[str]:
    """ "t2-t3" -> ["t2", "t3"]: adjacent turns are cited as one range."""
    first, _, last = anchor.partition("-")
    if not last:
        return [first]
    return [f"t{i}" for i in range(int(first[1:]), int(last[1:]) + 1)]


def test_one_persons_thing_is_still_not_the_others():
    # "Wren's landlord" with Dario beside it is no question about the two of them.
    from agent.engine_extractive import _joined_people
    from agent.wiki import Wiki

    wiki = Wiki(root=None, store=None)  # type: ignore[arg-type]
    people = {"dario", "wren"}
    q = analyse("What did Dario and Wren's landlord fix?")
    assert _joined_people(q, "Dario", people, wiki) == []
    q = analyse("what do Dario and Wren both do on saturdays?")
    assert _joined_people(q, "Dario", people, wiki) == ["Wren"]
    q = analyse("What did Dario tell Wren?")
    assert _joined_people(q, "Dario", people, wiki) == []
