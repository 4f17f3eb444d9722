"""When a thing ends or starts, and when a balance is due, from a document that states it.

A chat that only talks about a lease is no answer to "when does the lease end?": the day
it was said is when it was talked of. The lease's "from 1 March 2025 to 28 February
2027" bounds the period: its end answers the end, its start the start. And "the deposit
due for sam and lea's party" asks about the deposit, which the contract's paragraph
states without saying "party".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_agent_messy import first_line, run

LEASE = """Greenway Car Leasing - Personal Contract Hire Agreement

Hirer: Oona Malley, 4 Fern Close, Galway.

Vehicle: Toyota Yaris Hybrid, colour grey.

Term: 24 months, from 1 March 2025 to 28 February 2027.

Monthly payment: 239.00 EUR, taken on the 1st of each month.
"""

VENUE = """Harbour Rooms - Event Booking

Event: engagement party of Sam Okafor and Lea Brandt, Saturday 14 June 2025.

The room hire is 900 EUR. A deposit of 300 EUR was paid on booking.

The remaining balance of 600 EUR is due on 30 May 2025.
"""

CHAT = """---
date: 2025-01-20T19:00:00+00:00
title: car
---
## User

thinking of leasing a car instead of buying one, the bus to work takes forever

## Assistant

Leasing gives you a fixed monthly cost. Do you want help comparing offers?

## User

yes pls, and i'm helping plan the party for sam and lea too, so busy lol
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("period")
    root = tmp / "memory"
    for name, text in {"lease.txt": LEASE, "venue.txt": VENUE, "car.md": CHAT}.items():
        (tmp / name).write_text(text, encoding="utf-8")
    run("init", str(root))
    run("capture", "session", str(tmp / "car.md"), "--memory", str(root))
    run("capture", "source", str(tmp / "lease.txt"), str(tmp / "venue.txt"), "--memory", str(root))
    return root


def test_the_end_of_a_stated_period_answers_when_it_ends(memory: Path):
    assert first_line(memory, "when does the car lease end?").startswith("28 February 2027")
    assert first_line(memory, "when does my lease run out?").startswith("28 February 2027")


def test_the_start_of_a_stated_period_answers_when_it_starts(memory: Path):
    assert first_line(memory, "when did the car lease start?").startswith("1 March 2025")


def test_a_possessive_after_a_preposition_is_not_what_is_asked(memory: Path):
    # The balance is what is asked about; "sam and lea's party" says which one.
    answer = first_line(memory, "when is the balance due for sam and lea's party?")
    assert answer.startswith("30 May 2025"), answer
