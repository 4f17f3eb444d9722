# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""Asked who, a word that names no one is no answer: a dictionary word in lower case
that is no given name ("band 6 in the oncology unit"), though written with a capital
elsewhere, and a name the sentence uses as a place ("start at the RVH on monday")."""

from __future__ import annotations

import pytest

from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-01-10",
        [
            "also priya my line manager does the rota on a monday so i only get my shifts 2 weeks ahead"
        ],
    ),
    (
        "2026-03-09",
        [
            "finally handed my notice in at the royal today. start at the RVH on monday 13th april, band 6 in the oncology unit. priya was really nice about it, she's been my line manager since 2021 so feel a bit guilty"
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    chats = daily_chats(SAID, "Congratulations! The Oncology Unit sounds like a great next step.")
    return dreamed_chats(tmp_path_factory.mktemp("nobody"), chats)


def test_a_word_that_names_no_one_is_not_who(memory) -> None:
    out = first_line(memory, "who was my line manager at the royal?")
    assert out.startswith("Priya"), out
