"""Two friends talking, asked with the wiki and without it: a page must not make an
answer worse than the sessions alone give it.

The conversation and the pages are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.citations import DONT_KNOW
from memory_schema import Evidence, MemoryRepo, Session, build_page
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/03/mates-1.md"
S2 = "sessions/2025/04/mates-2.md"
S3 = "sessions/2025/05/mates-3.md"


def _sessions() -> list[Session]:
    return [
        two_people(
            "mates-1",
            dt.datetime(2025, 3, 2, 20),
            "Ines",
            [
                ("Ines", "guess what, i signed up for a climbing course at the bouldering gym!"),
                ("Marco", "no way, you? that's brilliant"),
                ("Ines", "can't wait to see where climbing takes me tbh"),
                ("Marco", "i've been drawing again, mostly boats down at the harbour"),
                ("Ines", "also the bakery finally has a name, we're calling it Crumb & Co"),
            ],
        ),
        two_people(
            "mates-2",
            dt.datetime(2025, 4, 10, 19),
            "Ines",
            [
                ("Ines", "topped my first V3 last night, the overhang one by the window"),
                ("Marco", "look at you go"),
                (
                    "Ines",
                    "honestly i only started climbing because the physio said it'd "
                    "strengthen my shoulder after the surgery",
                ),
                ("Ines", "i sketch the harbour every weekend too now, you got me into it"),
                (
                    "Marco",
                    "here's the one i finished today, the old lighthouse in a storm, "
                    "charcoal on grey paper",
                ),
                ("Ines", "omg that's moody, love it"),
            ],
        ),
        two_people(
            "mates-3",
            dt.datetime(2025, 5, 18, 21),
            "Ines",
            [
                ("Marco", "how's the shop?"),
                ("Ines", "the bakery's doing brilliantly, we sold out every day this week"),
                ("Marco", "told you the sourdough would be a hit"),
                ("Ines", "we hired a second baker for the weekend rush"),
            ],
        ),
    ]


def _pages() -> list:
    day = dt.date(2025, 5, 19)
    s1, s2, s3 = S1[:-3], S2[:-3], S3[:-3]
    ines = build_page(
        "knowledge/people/Ines.md",
        title="Ines",
        type="person",
        summary="Hobby: climbing",
        sections=[
            ("Current", "- **Hobby:** climbing — since 2025-03-02 [cite:1]"),
            ("Art", "- Ines sketches the harbour every weekend [cite:2]"),
        ],
        evidence=[
            Evidence(s1, "t3", "can't wait to see where climbing takes me tbh"),
            Evidence(s2, "t4", "i sketch the harbour every weekend too now"),
        ],
        created=day,
        updated=day,
    )
    bakery = build_page(
        "knowledge/projects/Ines's bakery.md",
        title="Ines's bakery",
        type="project",
        summary="Ines's bakery, Crumb & Co",
        sections=[
            (
                "Work",
                "- 2025-03-02 · [[Ines]] named the bakery Crumb & Co [cite:1]\n"
                "- 2025-05-18 · [[Ines]] hired a second baker for the weekends [cite:2]",
            ),
        ],
        evidence=[
            Evidence(s1, "t5", "also the bakery finally has a name, we're calling it Crumb & Co"),
            Evidence(s3, "t4", "we hired a second baker for the weekend rush"),
        ],
        created=day,
        updated=day,
    )
    return [ines, bakery]


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MemoryRepo]:
    base = tmp_path_factory.mktemp("onoff")
    return {
        "on": build_memory(base / "on", _sessions(), _pages()),
        "off": build_memory(base / "off", _sessions(), None),
    }


def _cited(repo: MemoryRepo, question: str) -> list[tuple[str, str]]:
    return [(c.path, c.anchor) for c in ask(repo, question).citations]


@pytest.mark.parametrize("condition", ["on", "off"])
def test_why_is_answered_by_the_sentence_that_gives_a_reason(memories, condition: str):
    # "can't wait to see where climbing takes me" and the page's "Hobby: climbing" say
    # climbing; the turn that says why ("... because the physio said") answers first.
    assert _cited(memories[condition], "Why did Ines take up climbing?")[0] == (S2, "t3")


@pytest.mark.parametrize("condition", ["on", "off"])
def test_a_question_that_only_names_a_page_is_answered(memories, condition: str):
    # "Ines's bakery" has a page: the question's every word names it, and the turn that
    # says how it is doing is still the answer.
    a = ask(memories[condition], "How is Ines's bakery doing?")
    assert a.text != DONT_KNOW
    assert (S3, "t2") in {(c.path, c.anchor) for c in a.citations}


@pytest.mark.parametrize("condition", ["on", "off"])
def test_a_person_the_question_names_is_no_rival(memories, condition: str):
    # Asked what Marco showed Ines, Ines's own sketching (and her page's line on it) is
    # part of the scene, not the other person's thing that declines the question; and
    # Ines is in the chat by her turns, though nobody says her name.
    a = ask(memories[condition], "What drawing did Marco show Ines on April 10, 2025?")
    assert "the old lighthouse in a storm" in a.text
