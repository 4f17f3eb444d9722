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


ROLES = {
    "2026-02-01-kitchen.md": """---
date: 2026-02-01T23:00:00
---
# kitchen

## User

sandra's the head chef at the anchor, proper scary but she knows her stuff

## Assistant

Sounds like you'll learn a lot. Gordon Ramsay started under Marco Pierre White, after all.

## User

we went to the ivy for my birthday, met gordon the head chef after, lovely bloke
""",
    "2026-03-08-grill.md": """---
date: 2026-03-08T23:30:00
---
# grill

## User

moved onto the grill this week. dev the sous chef showed me the ropes

## Assistant

Nice step up! How is it going?

## User

good, busy saturday but we got through it
""",
}


@pytest.fixture(scope="module")
def kitchen(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(tmp_path_factory.mktemp("kitchen"), ROLES, dream=True)


def test_a_named_head_said_with_the_is_the_speakers_boss(kitchen: Path):
    """ "sandra's the head chef" (the parser reads "sandra's" as a possessive): a role
    over someone at work by WordNet, said of a name with "the", is the speaker's own.
    Gordon, met after dinner, and Dev, a sous chef (no head by WordNet), are not."""
    now = current(kitchen)
    assert re.search(r"\*\*Head chef:\*\* \[\[Sandra\]\]", now), now
    assert "gordon" not in now.lower() and "dev" not in now.lower(), now
    assert first_line(kitchen, "who is my boss now?").startswith("Sandra")
