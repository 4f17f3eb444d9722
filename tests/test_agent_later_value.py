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

SAID = [
    ("2026-01-20", [
        "me and dan are talking about me moving in with him. i pay 480 a month for my room "
        "in the hulme flatshare, his place is 950. is 60/40 fair when he earns more",
    ]),
    ("2026-03-14", [
        "went to the match with my brother, we paid 40 for the tickets and it rained all day",
        "took my dog to the beach at formby, she ran off after a seagull for ages",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("later"), daily_chats(SAID, "Nice."))


@pytest.mark.parametrize(
    "question", ["how much rent do i pay now?", "how much do we pay for rent at the moment"]
)
def test_a_later_amount_about_something_else_is_no_newer_rent(memory, question) -> None:
    out = first_line(memory, question)
    assert "480" in out, out
