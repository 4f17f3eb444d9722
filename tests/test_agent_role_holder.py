# ruff: noqa: E501  (chats are written the way people type, in long lines)
""" "who's my X?" asks who holds the role: in "Dr J. Whitfield, Consultant Cardiologist"
the role's own words are no one's name, and a name's initial ("J.") ends no sentence."""

from __future__ import annotations

import pytest

from agent.text import sentences
from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-02-11",
        [
            "got a letter from the hospital today. Your outpatient appointment is on 3 March at 10.15 with Dr J. Whitfield, Consultant Cardiologist. bit nervous tbh",
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("role"), daily_chats(SAID, "Okay!"))


def test_an_initial_after_a_title_ends_no_sentence() -> None:
    said = (
        "Yours sincerely, Mr A. Okafor, Consultant Orthopaedic Surgeon. Please bring this letter."
    )
    assert sentences(said) == [
        "Yours sincerely, Mr A. Okafor, Consultant Orthopaedic Surgeon.",
        "Please bring this letter.",
    ]
    assert sentences("We chose plan B. It worked.") == ["We chose plan B.", "It worked."]


def test_who_holds_the_role_not_the_role(memory) -> None:
    out = first_line(memory, "who's my cardiologist?")
    assert "Whitfield" in out and "Consultant" not in out, out
