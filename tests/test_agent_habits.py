# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""A day that comes back is answered as the habit it is, with its time, and a day denied
is the habit no longer: "its fridays now at 4.30 not wednesdays" is "every Friday at
4.30"; "every wednesday at 5", said before, is no date in the calendar."""

from __future__ import annotations

import pytest

from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-05-05",
        [
            "the kids swimming lessons are every wednesday at 5 at the leisure centre so i finish early that day"
        ],
    ),
    (
        "2026-06-16",
        ["swimming got moved, its fridays now at 4.30 not wednesdays, which suits me better tbh"],
    ),
    (
        "2026-07-01",
        [
            "theres a saturday late on the rota most weeks so ive switched mums big shop to sunday mornings"
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("habits"), daily_chats(SAID, "Okay!"))


def test_a_day_denied_is_no_longer_the_habit(memory) -> None:
    out = first_line(memory, "when is swimming now?")
    assert out.startswith("every Friday at 4.30"), out


def test_a_habit_said_before_is_no_day_in_the_calendar(memory) -> None:
    out = first_line(memory, "what day were the swimming lessons before they moved?")
    assert out.startswith("every Wednesday"), out


def test_a_day_with_a_part_of_the_day_in_the_plural_is_a_habit(memory) -> None:
    out = first_line(memory, "what day do i do mums shopping now?")
    assert out.startswith("every Sunday morning"), out
