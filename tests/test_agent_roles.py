# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""People known by their role or relation to the owner, said the way people type (issue 12,
items 2 and 4): a birth told as news ("lucija had the baby tuesday, filip") is dated by
the day of the week it names, read against the day it was said; a kinship noun ("im an
aunt!!") is no job. Sessions typed in lower case by an unnamed user of a memory made with
`brain init --owner`, captured through the CLI into a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from tests.test_agent_every_evidence import first_line
from tests.test_agent_messy import run

SESSIONS = {
    "work.md": """---
date: 2026-03-03
title: deadlines
---
# deadlines

## User
ugh my pm at lingua bridge, dana, keeps sending files at 5pm on a friday and wants them monday morning

## Assistant
That sounds stressful. You could agree a cut-off time with Dana, say files after 3pm on Friday are due Tuesday.

## User
yeah maybe. bauer gmbh is like 80% of my work now tho so lingua bridge matters less and less

## Assistant
Good to have one steady client. Just be careful about relying on a single client too much.

## User
true. my business partner tomasz thinks we should raise our rates anyway
""",
    "life.md": """---
date: 2026-04-16
title: big news
---
# big news

## User
im an aunt!! lucija had the baby tuesday, filip, 3.2kg and both doing great

## Assistant
Congratulations! That's wonderful news. How is Lucija feeling?

## User
tired but happy lol. also random but my ex (marco) texted me out of nowhere last night

## Assistant
That must have been a surprise. How do you feel about it?

## User
idk, since marco and i broke up its been quiet. my partner jonas just laughed about it
""",
    "food.md": """---
date: 2026-05-02
title: dinner party
---
# dinner party

## User
doing a dinner party saturday. my fish guy at the supplier, ivan, says the sea bass is good this week

## Assistant
Sea bass is a great choice for a dinner party. You could bake it whole with lemon and herbs.

## User
ooh yes. my neighbour greta is bringing dessert
""",
}


def captured(tmp: Path) -> Path:
    root = tmp / "memory"
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    run("init", str(root), "--owner", "Ana")
    run("capture", "session", *(str(tmp / n) for n in SESSIONS), "--memory", str(root))
    return root


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return captured(tmp_path_factory.mktemp("roles"))


def test_a_birth_told_as_news_is_dated_by_its_day_of_the_week(memory: Path):
    # Said on Thursday 16 April 2026, "had the baby tuesday" (past) is Tuesday 14 April,
    # not the day it was mentioned.
    assert first_line(memory, "when was filip born?").startswith("14 April 2026")


def test_a_kinship_noun_is_no_job(memory: Path):
    # "im an aunt!!" says who she is to someone, not her work.
    assert first_line(memory, "what do i do for a living?") == DONT_KNOW


@pytest.fixture(scope="module")
def dreamed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = captured(tmp_path_factory.mktemp("roles-dreamed"))
    run("dream", "--memory", str(root))
    return root


def test_a_business_partner_is_no_partner_in_life(dreamed: Path):
    # "my business partner tomasz": the noun compounded before "partner" says which
    # relation; Tomasz was never the partner "my partner jonas" replaced.
    owner = (dreamed / "knowledge/people/Ana.md").read_text(encoding="utf-8")
    assert "**Partner:** [[Jonas]]" in owner
    assert "**Partner:** [[Tomasz]]" not in owner
    tomasz = (dreamed / "knowledge/people/Tomasz.md").read_text(encoding="utf-8")
    assert "Business partner of [[Ana]]" in tomasz
    assert first_line(dreamed, "who is my business partner?").startswith("Tomasz")
    assert first_line(dreamed, "who is my partner?").startswith("Jonas")


def test_a_role_named_by_its_apposition_is_no_pet(dreamed: Path):
    # "my fish guy at the supplier, ivan": "guy" is the role, Ivan its name; no pet fish
    # called Guy.
    assert not (dreamed / "knowledge/pets/Guy.md").exists()
    assert first_line(dreamed, "who is my fish guy?").startswith("Ivan")


@pytest.mark.parametrize(
    "question",
    ["who is my project manager at lingua bridge?", "who is my project manager?"],
)
def test_a_role_memory_says_by_its_initials(memory: Path, question: str):
    # Memory only ever says "pm"; a phrase of the question whose initials it is, said
    # nowhere in full, is asked that way (not the "pm" of "5pm").
    assert first_line(memory, question).startswith("Dana"), question
