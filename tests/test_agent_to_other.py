# ruff: noqa: E501  (turns are written the way people type, in long lines)
"""Between two people, what one says to the other in the second person ("Glad your son is
okay", "Wishing you the best on your adoption journey!") is about the one addressed: a
question about the speaker's son or adoption is not answered by it, even when the
speaker's own page retells the line. Asked about the addressee, it still counts.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.citations import DONT_KNOW
from memory_schema import Evidence, MemoryRepo, build_page
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2024/03/pals-1.md"
DAY = dt.date(2024, 3, 9)


def _sessions():
    lines = [
        (
            "Nadia",
            "hey Tom! rough week, my son fell off his bike on the way to school and broke his wrist",
        ),
        ("Tom", "Oh no! Glad your son is okay, Nadia. Kids bounce back fast."),
        ("Nadia", "he was so brave about it, he even asked the nurse for a purple cast"),
        (
            "Tom",
            "Haha amazing. Wishing you the best on your adoption journey too, I know the home visit is soon!",
        ),
        ("Nadia", "thanks!! the agency visit is on friday, fingers crossed"),
    ]
    return [two_people("pals-1", dt.datetime(2024, 3, 9, 18), "Nadia", lines)]


def _pages():
    # The speaker's page retells the line, as Dream may write it.
    line = "Tom is wishing Nadia the best on her adoption journey"
    tom = build_page(
        "knowledge/people/Tom.md",
        title="Tom",
        type="person",
        summary="Nadia's friend.",
        sections=[("Notes", f"{line} [cite:1].")],
        evidence=[Evidence(S1[:-3], "t4", _sessions()[0].turns[3].content)],
        created=DAY,
        updated=DAY,
    )
    return [tom]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    return build_memory(tmp_path_factory.mktemp("to-other") / "m", _sessions(), _pages())


def test_the_speaker_s_your_son_is_the_other_person_s_son(memory):
    assert ask(memory, "How did Tom's son handle the accident?").text == DONT_KNOW
    a = ask(memory, "How did Nadia's son handle the accident?")
    assert (a.citations[0].path, a.citations[0].anchor) == (S1, "t1"), a.text
    # Tom's page retells his wish, but the adoption is Nadia's.
    assert ask(memory, "What are Tom's plans with respect to adoption?").text == DONT_KNOW
