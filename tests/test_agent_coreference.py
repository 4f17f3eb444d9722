# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""What "it", "he" and "she" stand for, when the reader takes an answer from a sentence
that says them: the yaris's price is not the insurance's, said just after the insurance
was named; "HE PROPOSED" answers who with the man named a turn earlier. Chats typed the
way people type, with an assistant that names other people and other prices."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.spans import names
from language.refer import refers_to, speaks_of_earlier, things_taken
from tests.test_agent_messy import first_line, memory_from

CAR = """---
date: 2026-03-14
title: car stuff
---
## User
finally picked up the yaris from the dealer in wakefield!! silver 2019 hybrid, 41k on the clock. paid 8,950 for it in the end, they wouldnt budge on price

## Assistant
Congratulations on the Yaris! Hybrids that age usually sell for around £10,500, so that sounds like a fair deal. Have you sorted out insurance yet? First-year policies often cost about £900 a year.

## User
yeah did the insurance last night, went with admiral. it was 61 quid a month which is steep but the others were worse
"""

WEEKEND = """---
date: 2026-06-08
title: weekend
---
## User
soooo big weekend. drove up to york to finally meet tom's parents, his mum made a massive roast and his dad showed me his model trains for like an hour lol

## Assistant
That sounds like a lovely weekend! Meeting the parents is a big step. My friend's partner Daniel did the same thing last year.

## User
and then on sunday we were walking on the city walls and HE PROPOSED!!! im engaged omg. still shaking
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(tmp_path_factory.mktemp("coref"), {"car.md": CAR, "weekend.md": WEEKEND})


def test_an_amount_said_of_it_is_the_price_of_what_it_stands_for(memory: Path):
    # "it was 61 quid a month" follows "did the insurance last night": the insurance's
    # price. "paid 8,950 for it" follows the yaris, two sentences back.
    answer = first_line(memory, "how much did i pay for the yaris?")
    assert answer.startswith("8,950"), answer
    assert first_line(memory, "how much is my car insurance?").startswith("61")


def test_he_is_answered_with_the_man_named_before(memory: Path):
    # The assistant's "Daniel" is nobody of the user's; "tom's parents" names Tom.
    answer = first_line(memory, "who am i engaged to?")
    assert answer.startswith("Tom"), answer


def test_a_choice_said_with_it_names_its_own_thing():
    # "grandview saloon it is" (a choice made) says its thing before "it": the "it"
    # stands for no place of the question before, which the user turned down.
    assert not speaks_of_earlier("grandview saloon it is.")
    assert not speaks_of_earlier("the red one it is then")
    assert speaks_of_earlier("yeah it is")  # agrees about an earlier thing
    assert speaks_of_earlier("it was 61 quid a month")


def test_what_a_pronoun_stands_for():
    assert things_taken("yeah did the insurance last night, went with admiral.") == ["insurance"]
    assert things_taken("silver 2019 hybrid, 41k on the clock.") == []  # no verb: says more
    before = [
        "finally picked up the yaris from the dealer in wakefield!!",
        "silver 2019 hybrid, 41k on the clock.",
    ]
    assert refers_to(before, lambda word: word == "yaris") is True
    assert refers_to([*before, "did the insurance too."], lambda word: word == "yaris") is False
    # A person is no "it": the engineer did the replacing, of the valve.
    engineer = ["a heating engineer came out, turned out the pressure valve was broken."]
    assert refers_to(engineer, lambda word: word in ("heating", "engineer")) is not True


def test_a_possessor_of_someone_is_a_name_and_shouting_is_not():
    found = [n.text for n in names("drove up to meet tom's parents, his mum made a roast")]
    assert found == ["Tom"]
    assert names("and then HE PROPOSED!!! im engaged") == []
    assert [n.text for n in names("the dog's owner came round")] == []
    assert [n.text for n in names("got a letter from the NHS")] == ["NHS"]


def test_a_place_and_the_noun_that_ends_its_name():
    # "a faculty job at oregon state" is at Oregon State, not in Oregon.
    found = [
        n.text
        for n in names("hollis accepted a faculty job at oregon state, shes leaving in august")
    ]
    assert "Oregon State" in found
    assert [n.text for n in names("glasgow weather is grim")] == []
