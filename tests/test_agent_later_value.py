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
