# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""A later amount is a newer value only when it is about as near the question as the
nearest good answer, not only as the best one.

A page line ("Pay: 480", read from the room's rent) may score best while meaning little
to the embedding model; "we paid 40 for the tickets", said later, was then taken as the
newer rent. The sentence that says the rent in words near the question ("i pay 480 a
month for my room") sets how near a later one must be."""

from __future__ import annotations

import pytest

from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_pay import SAID as PAY_SAID

#: the room's rent (January) and the match tickets (March), told as the wage test tells them
SAID = PAY_SAID[1:3]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("later"), daily_chats(SAID, "Nice."))


@pytest.mark.parametrize(
    "question", ["how much rent do i pay now?", "how much do we pay for rent at the moment"]
)
def test_a_later_amount_about_something_else_is_no_newer_rent(memory, question) -> None:
    out = first_line(memory, question)
    assert "480" in out, out


def test_who_held_a_relation_before_is_the_one_the_history_ended_last(tmp_path) -> None:
    """ "who was my manager before?": the page's history says who was, not its current
    value."""
    said = [
        (
            "2026-01-19",
            [
                "survived week one at the clinic. my manager is priya, seems fair but very by-the-book"
            ],
        ),
        (
            "2026-06-02",
            [
                "priya got moved to the other site so now femi is my manager. hes way more relaxed about rotas"
            ],
        ),
    ]
    memory = dreamed_chats(tmp_path, daily_chats(said, "Noted."))
    assert first_line(memory, "who was my manager before?").startswith("Priya")
    assert first_line(memory, "who's my manager now?").startswith("Femi")
