"""Two friends talking: a question about one of them that asks about the other one's
thing is declined, and a page line is read as the turn it retells.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from memory_schema import Evidence, MemoryRepo, Session, build_page
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/04/friends-1.md"
S2 = "sessions/2025/04/friends-2.md"


def _sessions() -> list[Session]:
    return [
        two_people(
            "friends-1",
            dt.datetime(2025, 4, 6, 19),
            "Noor",
            [
                ("Noor", "Hey Tobias! I ran my first half marathon on Sunday."),
                ("Tobias", "No way, congrats Noor! How did it go?"),
                (
                    "Noor",
                    "Slow but steady. The race taught me to pace myself instead of "
                    "sprinting at the start.",
                ),
                ("Tobias", "That half marathon sounds brutal. I could never."),
                (
                    "Tobias",
                    "Meanwhile my cat Pixel knocked a whole mug of coffee onto my keyboard.",
                ),
                ("Noor", "Oh no, poor keyboard!"),
            ],
        ),
        two_people(
            "friends-2",
            dt.datetime(2025, 4, 20, 18),
            "Noor",
            [
                ("Tobias", "How is the training going?"),
                (
                    "Noor",
                    "Great, I joined a running club that meets at the lighthouse every Thursday.",
                ),
                ("Tobias", "I started a pottery class at the community centre."),
                ("Noor", "Pottery sounds so relaxing, I'd love to see what you make."),
            ],
        ),
    ]


def _pages() -> list:
    day = dt.date(2025, 4, 21)
    s1, s2 = S1[:-3], S2[:-3]
    noor = build_page(
        "knowledge/people/Noor.md",
        title="Noor",
        type="person",
        summary="Runner; Tobias's friend.",
        sections=[
            (
                "Running",
                "- 2025-04-20 · Noor joined a club that meets every Thursday [cite:1]\n"
                "- 2025-04-06 · Noor ran a half marathon [cite:2]",
            ),
        ],
        evidence=[
            Evidence(s2, "t2", "Great, I joined a running club that meets at the lighthouse"),
            Evidence(s1, "t1", "Hey Tobias! I ran my first half marathon on Sunday."),
        ],
        created=day,
        updated=day,
    )
    tobias = build_page(
        "knowledge/people/Tobias.md",
        title="Tobias",
        type="person",
        summary="Noor's friend; has a cat.",
        sections=[("Pets", "- Tobias has a cat called Pixel [cite:1]")],
        evidence=[Evidence(s1, "t5", "Meanwhile my cat Pixel knocked a whole mug of coffee")],
        created=day,
        updated=day,
    )
    return [noor, tobias]


def _build(root: Path, wiki: bool) -> MemoryRepo:
    return build_memory(root, _sessions(), _pages() if wiki else None)


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MemoryRepo]:
    base = tmp_path_factory.mktemp("whose")
    return {"on": _build(base / "on", True), "off": _build(base / "off", False)}


@pytest.mark.parametrize("condition", ["on", "off"])
def test_the_other_persons_thing_is_declined(memories, condition: str):
    repo = memories[condition]
    # Noor ran the race; Tobias only said it "sounds brutal".
    assert ask(repo, "When did Tobias run his half marathon?").text == DONT_KNOW
    # The cat is Tobias's; Noor never had one.
    assert ask(repo, "What is the name of Noor's cat?").text == DONT_KNOW


@pytest.mark.parametrize("condition", ["on", "off"])
def test_the_persons_own_thing_is_answered(memories, condition: str):
    repo = memories[condition]
    a = ask(repo, "When did Noor run her half marathon?")
    assert a.text != DONT_KNOW
    assert (S1, "t1") in {(c.path, c.anchor) for c in a.citations}
    a = ask(repo, "What is the name of Tobias's cat?")
    assert a.text.split("\n", 1)[0].startswith("Pixel")


def test_a_page_line_is_read_as_the_turn_it_retells(memories):
    a = ask(memories["on"], "Where does Noor's running club meet?")
    assert (S2, "t2") in {(c.path, c.anchor) for c in a.citations}
    # The turn's own words answer ("at the lighthouse"), which the page line left out.
    assert "lighthouse" in a.text
