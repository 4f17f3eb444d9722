# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""Of two amounts in one sentence, the one said in the time asked answers: the parse hangs
each on its own clause, though no comma parts them ("the 60 we were paying" held before,
"is 95 a month now" holds). Asked what it was "before it went up", the telling of the
rise itself answers when it says both ends ("going up from 12 to 15"), though it was
said on the day of the rise, not before it."""

from __future__ import annotations

import re

import pytest

from agent.recency import tense_of_value
from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-02-10",
        [
            "the storage unit went to 95 a month which is loads more than the 60 we were paying at the old one in hunslet",
            "gym membership is still 28, cancelled the swim add on though",
        ],
    ),
    ("2026-03-02", ["got myself a locker at the pool finally, number 31, right by the showers"]),
    (
        "2026-06-09",
        ["the pool emailed, the locker fee is going up from 12 to 15 a month from july, cheeky"],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("tense"), daily_chats(SAID, "Okay!"))


def _tenses(text: str) -> dict[str, int]:
    return {m.group(): tense_of_value(text, m.start(), m.end()) for m in re.finditer(r"\d+", text)}


def test_each_amount_takes_the_time_of_its_own_clause() -> None:
    said = "rents 650 a month which is more than the 575 i was paying on the doncaster flat"
    assert _tenses(said) == {"650": -1, "575": 1}
    assert _tenses("we pay 900 now, it used to be 750 at the old place") == {"900": -1, "750": 1}
    assert _tenses("the new place is 1200 a month, the old one was 950") == {"1200": -1, "950": 1}


def test_the_amount_said_before_answers_before(memory) -> None:
    out = first_line(memory, "how much was the storage unit at the old place?")
    assert "60" in out and "95" not in out, out
    out = first_line(memory, "how much is the storage unit now?")
    assert "95" in out and "60" not in out, out


def test_the_telling_of_a_change_answers_what_held_before_it(memory) -> None:
    out = first_line(memory, "what was the locker fee before it went up?")
    assert out.startswith("12"), out
