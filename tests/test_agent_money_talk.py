# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""Amounts and months said in passing, as people type them: "1,450 deposit plus first
month (1,200)", "got it ... for 6,800 cash", "mot is due in march". The chats are written
for these tests, not taken from any dataset."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.spans import amounts, money_rank
from tests.test_agent_messy import first_line, memory_from

FLAT = """---
date: 2026-08-03
title: flat
---
# flat

## User
landlord wants 1,450 deposit plus first month (1,200) before keys. ugh. also need to sort the car

## Assistant
That's a typical deposit. Make sure it's protected in a deposit scheme within 30 days.

## User
yeah will check. the car is a 2015 yaris, hybrid, got it off a guy in bedford for 6,800 cash last week
"""

INSURANCE = """---
date: 2026-08-20
title: insurance
---
# insurance

## User
insurance for the yaris came through finally. 61 quid a month with admiral which is daylight robbery for a 12 yr old car lol

## Assistant
Insurance for new drivers is often high. Many pay around £80 a month, so that's not bad.

## User
true. mot is due in march too, last one was 95 at the garage on mill rd
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(
        tmp_path_factory.mktemp("money"), {"flat.md": FLAT, "insurance.md": INSURANCE}
    )


def test_cash_is_money():
    s = "got it off a guy in bedford for 6,800 cash last week"
    (found,) = amounts(s)
    assert money_rank(s, found) == 2


def test_an_amount_said_with_the_word_asked_is_the_one_asked(memory: Path):
    # "1,450 deposit" names no currency, "(1,200)" is bare: the word asked decides.
    assert first_line(memory, "how much was the deposit on the flat?").startswith("1,450")


def test_a_month_said_without_a_year_answers_when(memory: Path):
    # Said on 20 August 2026, "due in march" is the March to come, not the day it was said.
    assert first_line(memory, "when is the mot due?").startswith("March 2027")
