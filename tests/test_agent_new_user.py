# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""What a new user's own chats asked in their own words taught the reader:

- "28 500 kr" is one amount: much of Europe groups thousands with a space;
- "where did i go to university?" is near "where do i work" and "go" is "work" to
  WordNet, but a university is no workplace the examples name: the profile's Employer
  does not answer it;
- "nah notion is way too slow" only thinks of another app: the one switched to
  still holds;
- a value Dream labels an amount answers only a question for a number;
- "what colour ... when the leafs score?" asks for a colour: the thing after what/which
  types the answer, not a word of numbers in a clause after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_agent_messy import first_line, memory_from

JOB = """---
date: 2025-10-02T18:20:00+00:00
title: new job
---
## User

first week at fenwick joinery done!! my boss is adaeze, shes sound. salary is 28 500 kr a month before tax, 8 to 5 mon-fri

## Assistant

Congratulations on the new job! A steady 8 to 5 will make planning evenings easier.
"""

APPS = """---
date: 2026-01-05T21:05:00+00:00
title: todo apps
---
## User

ok i finally switched from todoist to ticktick. the habit tracker is better

## Assistant

Nice! Have you also looked at Notion? It's very flexible.

## User

nah notion is way too slow for me. ticktick was free
"""

FLAT = """---
date: 2026-01-20T08:40:00+00:00
title: heating
---
## User

the flat in leith is freezing again, landlord says the boiler guy comes thursday

## Assistant

That's frustrating. Keep a note of each time it fails in case you need to escalate.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sessions = {"job.md": JOB, "apps.md": APPS, "flat.md": FLAT}
    return memory_from(tmp_path_factory.mktemp("new-user"), sessions, dream=True)


def test_thousands_grouped_by_a_space_are_one_amount(memory: Path) -> None:
    assert "28 500" in first_line(memory, "whats my salary")


def test_an_app_only_thought_of_does_not_replace_the_one_switched_to(memory: Path) -> None:
    assert "ticktick" in first_line(memory, "what todo app do i use now?").lower()


def test_a_thing_never_said_is_declined(memory: Path) -> None:
    question = "where did i go to university?"
    assert first_line(memory, question).startswith("I don't know"), question


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("what colour does maddie want the lights to flash when the leafs score?", "thing"),
        ("which jersey do i wear when we play for points?", "thing"),
        ("what was my score in the quiz?", "number"),
        ("what price did my offer get accepted at?", "number"),
    ],
)
def test_what_is_asked_is_typed_by_its_head_not_a_word_after_it(question: str, kind: str) -> None:
    """The thing after what/which names the kind of answer; a word of numbers in the
    clause after it ("when the leafs score") does not make it an amount."""
    from agent.question import analyse

    assert analyse(question).answer_type == kind


def test_the_days_of_a_habit_are_all_given(tmp_path: Path) -> None:
    """ "what days ...?" asks for days (a plural too), and every day said is the answer."""
    climbing = """---
date: 2026-03-20T19:00:00+00:00
title: snus
---
## User

day 10 without snus. ive been going bouldering tuesdays and thursdays instead, helps a lot. already doing 6a lol

## Assistant

That's a great swap: exercise helps with cravings.
"""
    memory = memory_from(tmp_path, {"climbing.md": climbing})
    out = first_line(memory, "what days do i go bouldering?")
    assert "Tuesday" in out and "Thursday" in out, out
