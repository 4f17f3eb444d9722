# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""A payment asked for by its kind, though the user never says the word (issue 12, item
4): "how much is my rent?" is answered by "paying him 430 a month" after a move, since
rent is a payment, which paying makes (WordNet); a regular payment asked in the present
is the latest one said; and a salary, paid to the asker, is never what the asker pays
(without that guard, "what's my salary?" answered "430").
Sessions typed in lower case by an unnamed user of a memory made with `brain init
--owner`, captured through the CLI into a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SESSIONS = {
    "studio.md": """---
date: 2026-01-12
title: studio
---
# studio

## User
landlord's putting my studio up to 760 a month from feb, for a place where the shower barely works

## Assistant
That's a steep rise. In many cities the average one-bedroom rents for around 1,100 a month, but that doesn't make it fair if repairs aren't being done.

## User
yeah. might be time to look at other options tbh
""",
    "brother.md": """---
date: 2026-05-03
title: brother's place
---
# brother's place

## User
update: moved into my brothers spare room in march. im paying him 430 a month and he sorts the bills, way better than the studio

## Assistant
That sounds like a much better deal. Living with family can save a lot, as long as you agree on house rules early.

## User
yeah he's chill about it. work's still the same, the warehouse pays 12.10 an hour
""",
}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("payments")
    root = tmp / "memory"
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    run("init", str(root), "--owner", "Dani")
    run("capture", "session", *(str(tmp / n) for n in SESSIONS), "--memory", str(root))
    return root


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


@pytest.mark.parametrize("question", ["how much is my rent?", "whats my rent these days"])
def test_the_rent_is_what_the_user_pays_now_though_the_word_is_not_said(
    memory: Path, question: str
):
    # "paying him 430 a month" makes a payment, which rent is a kind of; said after the
    # studio's 760, it is what the rent is now.
    assert first_line(memory, question).startswith("430"), question


def test_a_salary_is_not_what_the_user_pays(memory: Path):
    # A salary is earnings, paid to the asker: "im paying him 430" is the other way round.
    assert not first_line(memory, "what's my salary?").startswith("430")
