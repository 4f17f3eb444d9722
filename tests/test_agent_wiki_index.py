"""The wiki as an index into the turns: the page lines nearest a question in meaning
lead to the turns they cite, which the answer shows beside its own reading, so that a
turn told in words the question does not share is still cited.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.engine_extractive import _dedupe
from agent.evidence import Block, EvidenceStore
from agent.reader import Candidate
from agent.runner import Agent, AgentSettings
from agent.wiki import Wiki
from agent.wiki_index import nearest_lines, question_text
from memory_schema import Evidence, MemoryRepo, Session, build_page
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/02/pals-1.md"
S2 = "sessions/2025/03/pals-2.md"


def _sessions() -> list[Session]:
    return [
        two_people(
            "pals-1",
            dt.datetime(2025, 2, 9, 20),
            "Priya",
            [
                ("Ansel", "Long week? You sounded wiped on the phone."),
                (
                    "Priya",
                    "ugh yes. but the thing i keep coming back to is going back to uni for "
                    "ocean ecology, i think about the reef trip every single day",
                ),
                ("Ansel", "That would suit you so well."),
                ("Priya", "Also I want to study for my driving test this weekend, wish me luck."),
            ],
        ),
        two_people(
            "pals-2",
            dt.datetime(2025, 3, 2, 18),
            "Priya",
            [
                ("Ansel", "Did the test go ok?"),
                ("Priya", "Passed! Now I need a cheap car, any tips?"),
                ("Ansel", "My cousin sells old hatchbacks, I can ask."),
            ],
        ),
    ]


def _pages() -> list:
    day = dt.date(2025, 3, 3)
    s1, s2 = S1[:-3], S2[:-3]
    priya = build_page(
        "knowledge/people/Priya.md",
        title="Priya",
        type="person",
        summary="Ansel's friend.",
        sections=[
            (
                "Plans",
                "- 2025-02-09 · Priya hopes to return to university to study marine "
                "science [cite:1]\n"
                "- 2025-03-02 · Priya passed her driving test and is looking for a car "
                "[cite:2]",
            ),
        ],
        evidence=[
            Evidence(s1, "t2", "the thing i keep coming back to is going back to uni"),
            Evidence(s2, "t2", "Passed! Now I need a cheap car, any tips?"),
        ],
        created=day,
        updated=day,
    )
    return [priya]


def _build(root: Path, wiki: bool) -> MemoryRepo:
    return build_memory(root, _sessions(), _pages() if wiki else None)


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MemoryRepo]:
    base = tmp_path_factory.mktemp("wiki-index")
    return {"on": _build(base / "on", True), "off": _build(base / "off", False)}


def cited(repo: MemoryRepo, question: str) -> set[tuple[str, str]]:
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        answer = agent.ask(question)
    return {(c.path, c.anchor) for c in answer.citations}


def test_a_page_line_near_the_question_leads_to_the_turn_it_cites(memories):
    # "subject ... study" shares no word with "going back to uni for ocean ecology";
    # the page line says it in the question's terms ("study marine science").
    question = "Which subject is Priya hoping to study?"
    assert (S1, "t2") in cited(memories["on"], question)


def test_lines_are_matched_by_words_without_an_embedder(memories):
    root = memories["on"].root
    wiki = Wiki.load(root, EvidenceStore(root))
    found = nearest_lines("What car is Priya looking for?", wiki, {"priya"}, None)
    assert [f.text for f, _ in found][:1] == [
        "Priya passed her driving test and is looking for a car"
    ]
    assert nearest_lines("What about the weather?", wiki, {"priya"}, None) == []


def test_the_question_is_matched_without_whom_and_when_it_names():
    text = question_text("What did Priya's cousin sell in March?", {"priya"})
    assert text == "What did cousin sell?"


def test_a_line_in_other_words_lends_its_meaning_to_the_sentence_it_retells(memories):
    # The line shares no word with either sentence of the turn ("ugh yes." and "but
    # the thing i keep coming back to is going back to uni for ocean ecology, ..."):
    # the one nearest it in meaning is the one it retells, and the one that answers.
    with Agent(memories["on"].root, AgentSettings(), record=False) as agent:
        answer = agent.ask("Which subject is Priya hoping to study?")
    first_two = "\n".join(answer.text.splitlines()[:2])
    assert "ocean ecology" in first_two
    assert '"ugh yes."' not in answer.text


def test_a_sentence_two_pages_retell_is_led_to_by_the_subjects_own():
    # Found through a project's page first, Jon's "I'm expanding my dance studio's social
    # media presence" is his news: his own page retells it too.
    turn = Block(S1, "t3", "I'm expanding my dance studio's social media presence.", speaker="Jon")
    by_project = Candidate(turn.text, (turn,), 1, via="knowledge/projects/Studio.md")
    by_page = Candidate(turn.text, (turn,), 4, via="knowledge/people/Jon.md", retold=("Jon",))
    (merged,) = _dedupe([by_project, by_page], {"knowledge/people/Jon.md"})
    assert merged.via == "knowledge/people/Jon.md" and merged.rank == 1
    assert merged.retold == ("Jon",)
    (plain,) = _dedupe([by_project, by_page])
    assert plain.via == "knowledge/projects/Studio.md"
