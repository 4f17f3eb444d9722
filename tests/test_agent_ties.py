# ruff: noqa: E501  (chats are written as people type them, in long lines)
"""The value said of the thing asked about, not any value of the kind asked: the amount
that measures what "how much" asks, the name a short reply gives to "what's her name?",
not a name in another clause, the names listed together for "who are the two...", and a
place typed in lower case after "in". Memory built through the CLI in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.ties import apart, measured, measures, named_in_reply
from tests.test_agent_messy import run

DOG = """---
date: 2026-03-02
title: new dog
---
# new dog

## User
we got a rescue dog on saturday!! shes a 2 yr old greyhound, very shy

## Assistant
Congratulations! Greyhounds are gentle and usually settle in within a few weeks. What did you name her?

## User
pepper haha

## User
my brother wants a dog now too and i told him to wait until after marta's graduation
"""

KITTENS = """---
date: 2026-04-11
title: kittens
---
# kittens

## User
update: we adopted 2 kittens from the shelter!! Miso and Tofu.

## Assistant
How lovely. Two kittens keep each other company, and Tofu will have a playmate.

## User
the vet says theyre healthy!

## User
Tofu was living with a foster family in leiria before
"""

BREAD = """---
date: 2026-05-03
title: baking
---
# baking

## User
baked my rye loaf 3 again today with the new flour, best one yet. recipe in my notes

## Assistant
Well done! A long cold proof really helps rye develop flavour.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("ties")
    root = tmp / "memory"
    run("init", str(root))
    m = ["--memory", str(root)]
    for name, text in (("dog.md", DOG), ("kittens.md", KITTENS), ("bread.md", BREAD)):
        (tmp / name).write_text(text, encoding="utf-8")
        run("capture", "session", str(tmp / name), *m)
    run(
        "remember",
        "rye loaf no 3 (the good one)\nloaf 3 rye, 2 days cold proof\n500 g flour\n10 g salt\n350 g water",
        "--topic",
        "baking",
        *m,
    )
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_what_an_amount_measures_is_the_word_after_its_unit() -> None:
    assert measured("how much flour goes in the rye loaf?") == {"flour"}
    assert measured("how many tickets do we still need?") == {"ticket"}
    s = "loaf 3 rye, then 500 g flour"
    assert measures(s, s.index("500"), s.index("500") + 5, {"flour"})
    assert not measures(s, s.index("3"), s.index("3") + 1, {"flour"})


def test_a_name_in_another_clause_is_someone_elses() -> None:
    s = "my brother wants a dog now too and i told him to wait until after marta's graduation"
    assert apart(s, "Marta", {"dog"})
    assert not apart("our dog, Biscotti, is shy", "Biscotti", {"dog"})
    assert named_in_reply("pepper haha", asks_name=True) == "Pepper"
    assert named_in_reply("pepper haha", asks_name=False) is None


def test_how_much_is_answered_by_the_amount_of_that_thing(memory: Path) -> None:
    assert ask(memory, "how much flour goes in my rye loaf?").startswith("500 g")


def test_a_short_reply_names_what_the_question_before_it_asked(memory: Path) -> None:
    # "pepper" is a dictionary word: only the question it replies to makes it a name
    assert ask(memory, "what's my dog called?").startswith("Pepper")


def test_names_said_together_answer_who_are_the_two(memory: Path) -> None:
    assert ask(memory, "who are the two kittens we adopted?").startswith("Miso and Tofu")


def test_a_place_typed_in_lower_case_after_in(memory: Path) -> None:
    assert ask(memory, "where was tofu living before?").startswith("Leiria")


def test_the_verb_asked_about_said_of_something_else_does_not_answer(tmp_path) -> None:
    from agent.ties import said_of_another

    assert said_of_another("finally ditched evernote, everything lives in obsidian", {"live"})
    assert said_of_another("my sister lives in leeds now", {"live"})
    assert not said_of_another("we live in a damp flat in gorgie", {"live"})
    assert not said_of_another("me and jodie live in leith now", {"live"})
    assert not said_of_another("living in leith now, loving it", {"live"})  # no subject
    root = tmp_path / "memory"
    run("init", str(root))
    chats = tmp_path / "chats.jsonl"
    chats.write_text(
        "\n".join(
            json.dumps(
                {
                    "id": sid,
                    "started_at": f"{day}T19:00:00+00:00",
                    "title": sid,
                    "turns": [
                        {"role": "user", "content": text},
                        {"role": "assistant", "content": "Nice, tell me more."},
                    ],
                }
            )
            for sid, day, text in (
                (
                    "flat",
                    "2026-02-14",
                    "we live in a damp flat in gorgie, landlord wont fix anything",
                ),
                (
                    "notes",
                    "2026-04-03",
                    "finally ditched evernote, everything lives in obsidian these days",
                ),
            )
        )
        + "\n"
    )
    run("capture", "session", str(chats), "--memory", str(root))
    out = json.loads(
        run("ask", "where do i live now?", "--json", "--no-record", "--memory", str(root))
    )
    assert out["answer"].startswith("Gorgie"), out["answer"]
