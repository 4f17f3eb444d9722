# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""References and phone numbers in chat: a code answers a question that asks for one,
whatever noun comes with it ("the job ref for the boiler"), and never a question about
money. The chats are written for these tests, not taken from any dataset."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from agent.question import analyse
from tests.test_agent_messy import first_line, memory_from

BOILER = """---
date: 2026-10-02
title: boiler
---
# boiler

## User
boiler packed in again this morning, no hot water. rang the heating guys, warmfront, theyre on 0161 555 0142 if i need them again. the callout ref is WF-20931, engineer coming thurs

## Assistant
Sorry to hear that! Most boiler callouts cost around £90, and engineers usually arrive between 8am and 12pm.

## User
ugh fine. at least the cover pays for it, the plan is £14 a month with them
"""

ROTA = """---
date: 2026-10-05
title: shifts
---
# shifts

## User
got my rota for next week, four lates in a row. ringing the office on 0161 555 0199 tomorrow to swap one

## Assistant
Four late shifts can be tiring. Have you asked a colleague to swap?
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(
        tmp_path_factory.mktemp("codes"), {"boiler.md": BOILER, "rota.md": ROTA}, dream=True
    )


def test_a_word_that_names_a_code_asks_for_one_whatever_noun_comes_with_it(memory: Path):
    # "job" is a kind of answer too (an occupation), but "ref" says what is asked.
    assert analyse("what's the job ref for the boiler?").answer_type == "number"
    assert first_line(memory, "what's the job ref for the boiler?").startswith("WF-20931")
    # "reference" is far from every example question of a code (0.40), and still one.
    assert first_line(memory, "whats the reference for the callout?").startswith("WF-20931")


def test_a_code_question_is_never_answered_with_a_price(memory: Path):
    # "the plan is £14 a month" is said of the heating firm; it is no reference.
    answer = first_line(memory, "what is the contract ref for the heating guys?")
    assert not answer.startswith("£14"), answer


def test_a_phone_number_is_no_amount_of_money(memory: Path):
    # Nothing says what the office is paid; its phone number is no answer.
    assert first_line(memory, "how much do i pay the office?") == DONT_KNOW
    # ... and still answers when a number to ring is asked for.
    assert first_line(memory, "whats the office number?").startswith("0161 555 0199")
