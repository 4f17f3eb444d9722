"""Work values as people type them: a boss introduced as "a woman called bev", no day
of the week glued onto an employer ("interview at northgate foods thurs"), and no person
noun ("a guy", "the engineer") as the value of a thing or an organisation
(`dream/attributes.py`: `_called`, `_untimed`, `_a_kind_of_person`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_agent_messy import first_line, memory_from

CHATS = {
    "2026-01-10-start.md": """---
date: 2026-01-10T20:00:00
---
# start

## User

first shift at northgate foods thurs, bit nervous tbh

## Assistant

Good luck! Greggs and Warburtons both have depots nearby too.

## User

my new team lead is a woman called bev, seems nice

## User

the fault ref is BT-20931, engineer coming fri

## User

got my bike off a guy at work
""",
    "2026-01-12-interview.md": """---
date: 2026-01-12T20:00:00
---
# interview

## User

interview at northgate foods thurs for a packing team leader role, any tips

## Assistant

Good luck! Read up on their products first.
""",
}


def current(root: Path) -> str:
    page = (root / "knowledge" / "people" / "User.md").read_text("utf-8")
    m = re.search(r"^## Current\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    return m.group(1) if m else ""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(tmp_path_factory.mktemp("work"), CHATS, dream=True)


def test_a_boss_introduced_as_a_woman_called_bev(memory: Path):
    assert re.search(r"\*\*Manager:\*\* \[\[Bev\]\]", current(memory)), current(memory)
    assert first_line(memory, "who is my boss now?").startswith("Bev")


def test_no_weekday_glued_onto_the_employer(memory: Path):
    now = current(memory)
    assert re.search(r"\*\*Employer:\*\* \[\[Northgate foods\]\]", now, re.I), now
    assert "thurs" not in now.lower()
    assert not list((memory / "knowledge").rglob("*thurs*"))


def test_a_person_noun_is_no_value(memory: Path):
    now = current(memory).lower()
    for word in ("guy", "engineer", "fri"):
        assert not re.search(rf"\b{word}\b", now), now
