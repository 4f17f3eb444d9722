# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on what a question asks for: one thing of a kind ("what car do
i drive?" wants a car, and a sentence that names none is no answer), the value held
before ("where did i work before lumen?"), and a thing done ("what did the heating
engineer replace?" wants no amount). Sessions typed in lower case by an unnamed user,
captured through the CLI into a real git repo, with the profile page Dream writes for a
change of job (its Current line cites the turn that tells it).

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from agent.kinds import names_kind
from agent.question import analyse, names_amount
from memory_schema import MemoryRepo
from tests.test_agent_messy import run
from validators.lexicon import concrete, kind_of

SESSIONS = {
    "news.md": """---
date: 2026-01-08
title: new year stuff
---
# new year stuff

## User
happy new year lol. still at harbourview accounting for now but honestly the commute is killing me, 50 min each way

## Assistant
Happy new year! A long commute can be draining. Have you considered a podcast for the drive?

## User
i take the bus so i just doomscroll. my sister just got a puppy, a little beagle called waffles
""",
    "job.md": """---
date: 2026-03-02
title: job news
---
# job news

## User
big news!! i handed in my notice at harbourview, starting at lumen health on the 16th as a data analyst

## Assistant
Congratulations! Lumen Health sounds like a great move.
""",
    "house.md": """---
date: 2026-04-11
title: house
---
# house

## User
the plumber finally came round this morning and sorted the leaky kitchen tap, took him like 20 mins

## Assistant
Glad it is fixed!

## User
then the boiler packed in so a heating engineer came out, turned out the pressure valve was broken. he replaced it for 140

## Assistant
That sounds like a fair price.

## User
we moved out of the flat in headingley last year, new place is in chapel allerton. had my third cello lesson today too!!
""",
}

PROFILE = """---
title: User
type: profile
aliases: []
tags: []
created: 2026-03-03
updated: 2026-03-03
summary: 'Employer: lumen health'
dream: true
---
# User

## Current

- **Employer:** lumen health — since 2026-03-02 [cite:1]
- **Lives in:** chapel allerton — since 2026-04-11 [cite:2]

## Citations

- [cite:1] [[{turn}#^t1]] "big news!! i handed in my notice at harbourview, starting at lumen health on the 16th as a data analyst"
- [cite:2] [[{house}#^t5]] "we moved out of the flat in headingley last year, new place is in chapel allerton. had my third cello lesson today too!!"
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("kinds")
    root = tmp / "memory"
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    run("init", str(root))
    run("capture", "session", *(str(tmp / n) for n in SESSIONS), "--memory", str(root))

    def path(stem: str) -> str:
        found = next((root / "sessions").rglob(f"{stem}*.md"))
        return found.relative_to(root).with_suffix("").as_posix()

    page = PROFILE.replace("{turn}", path("job")).replace("{house}", path("house"))
    with MemoryRepo.open(root).transaction("test: the profile page Dream writes") as tx:
        tx.write("knowledge/people/User.md", page)
    return root


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_sentence_that_names_nothing_of_the_kind_asked_is_no_answer(memory: Path):
    # "a beagle called waffles" is no phone call, "came round" no round of golf, the bus
    # no car: nothing in memory names a phone, a sport or a car.
    for question in ["what phone do i use?", "what sport do i do?", "which car do i drive?"]:
        assert first_line(memory, question) == DONT_KNOW, question
    # ... while a cello is an instrument (WordNet), however the question is put.
    assert first_line(memory, "what instrument am i learning?").startswith("cello")


@pytest.mark.parametrize(
    ("question", "old"),
    [
        ("where did i work before lumen?", "Harbourview"),
        ("where did i use to work?", "Harbourview"),
        ("where did i live before?", "Headingley"),
    ],
)
def test_a_question_about_before_gets_the_value_that_held_before(
    memory: Path, question: str, old: str
):
    # The page's Current lines are lumen health and chapel allerton; the turns they cite
    # say what came before.
    assert first_line(memory, question).lower().startswith(old.lower())
    assert first_line(memory, "where do i work now?").lower().startswith("lumen health")


def test_a_thing_done_is_no_amount(memory: Path):
    line = first_line(memory, "what did the heating engineer replace?")
    assert "140" not in line and "pressure valve" in line


def test_which_questions_can_ask_for_an_amount():
    for q in [
        "what did the plumber fix?",
        "what did the mechanic repair?",
        "what did the vet prescribe?",
    ]:
        assert not names_amount(q), q
    for q in ["what did the plumber charge?", "what did i pay the plumber?", "what did the repair come to?",
              "what do you make a month?", "what do i weigh now?", "what did the plumber bill me?"]:  # fmt: skip
        assert names_amount(q), q


def test_before_is_asked_in_the_question_s_own_clause():
    assert analyse("where did i use to work?").past
    assert analyse("where was my old job?").past
    # The old knife says when; what was wanted then is asked.
    assert not analyse("what kind of knife did i want when the old one chipped?").past


def test_a_kind_is_named_by_a_noun_of_it():
    assert not kind_of("phone", "called")  # a verb of phoning names no phone
    assert not names_kind("the plumber finally came round this morning", "sport", None)
    assert names_kind("my wusthof finally chipped near the heel", "knife", None)
    assert names_kind(
        "ch2 committee meeting friday october 17, 2pm, health sciences 207.", "room", None
    )
    assert not names_kind("car insurance renewal is due july 1st", "car", None)
    assert names_kind("my car is in the garage again", "car", None)
    # Only a physical kind is asked this: "what advice did she give?" is answered by what
    # was advised, which names no advice.
    assert concrete("car") and concrete("knife") and concrete("room")
    assert not concrete("advice") and not concrete("reason")
