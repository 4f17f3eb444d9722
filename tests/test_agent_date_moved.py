# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""A day said again later and denied ("its not the 14th july any more its the 4th of
august") or moved from ("moved it from the 3rd of september to the 10th") is replaced by the
day said beside it; a day said again beside another, neither denied nor moved, stays."""

from __future__ import annotations

import pytest

from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-05-05",
        [
            "booked the village hall for mams 90th, its on the 14th july, 2 till 6, caterers sorted too",
            "dentist appt is on the 3rd of september at 10, dreading it",
            "our anniversary meal is on the 21st june at the italian place",
        ],
    ),
    (
        "2026-06-02",
        [
            "change of plan, the hall had a double booking so its not the 14th july any more its the 4th of august, same times",
            "the dentist rang and moved my appointment from the 3rd of september to the 10th of september",
            "the 21st june is also when jo flies out to crete, back on the 28th",
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("moved"), daily_chats(SAID, "Okay!"))


@pytest.mark.parametrize("question", ["when is mams party?", "when's the 90th"])
def test_a_day_denied_later_gives_way_to_the_day_beside_it(memory, question: str) -> None:
    out = first_line(memory, question)
    assert out.startswith("4 August 2026"), out


def test_a_day_moved_from_gives_way_to_the_day_moved_to(memory) -> None:
    out = first_line(memory, "when is my dentist appointment?")
    assert out.startswith("10 September"), out


def test_a_day_said_again_beside_another_stays(memory) -> None:
    out = first_line(memory, "when is our anniversary meal?")
    assert out.startswith("21 June"), out
