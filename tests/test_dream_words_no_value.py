"""An amount is no words that bound it, and "my <thing>" is no pet.

- The words the tagger takes into an amount ("up to 15.10") are no part of the value
  (`dream/changes.py`).
- What "my <noun>" is by the examples is a pet only when WordNet knows the noun as an
  animal: "my coffee" reads a little like "my dog" (`dream/observe.py`).
- What a wage is measured against ("less than the ER") and a time ("no nights") are no
  things one uses, whatever their clause reads like (`dream/uses.py`, `dream/events.py`).
- A thing handed to someone ("give me settings for ...") is no value that ends
  (`dream/changes.py`), and a new thing's old value is no amount: "sold the d750 ... for
  600 and the fuji xt4 arrived" gave up the d750 (`dream/roles.py`).
"""

from __future__ import annotations

import re

import pytest

from dream.changes import endings
from dream.uses import kinds_by_use
from language.nlp import parse
from search import get_embedder
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-02-03", [
        "got the job at the vets on mill road. 14.20 an hour which isnt amazing but its a start",
        "week two of no sugar, down 3 kilos. my husband thinks im mad because i take my "
        "coffee black now but honestly it works",
    ]),
    ("2026-01-20", [
        "me and dan are talking about me moving in with him. i pay 480 a month for my room "
        "in the hulme flatshare, his place is 950. is 60/40 fair when he earns more",
    ]),
    ("2026-03-14", [
        "went to the match with my brother, we paid 40 for the tickets and it rained all day",
        "took my dog to the beach at formby, she ran off after a seagull for ages",
    ]),
    ("2026-06-11", [
        "also a small update on what i said before, they bumped me up to 15.10 after my "
        "probation review",
        "no sugar thing is over. back on biscuits, sue me. did switch to soy milk in my coffee "
        "tho",
        "my dog ate a whole sock yesterday, vet says she'll be fine",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("pay-pets"), daily_chats(SAID, "Nice."))


def test_an_amount_is_no_words_that_bound_it(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*[^*]+:\*\* 15\.10 — since 2026-06-11", current), current
    assert "up to" not in current + history


def test_a_thing_of_ones_own_is_no_pet(memory):
    pets = sorted(p.name for p in (memory / "knowledge").rglob("*.md") if "/pets/" in str(p))
    assert pets == ["User's dog.md"], pets


CAMERA = [
    ("2026-01-10", [
        "shooting everything on my nikon d750 still, it's old but it never lets me down",
    ]),
    ("2026-04-02", [
        "ok done. sold the d750 and the 50mm to a guy on ebay for 600 and the fuji xt4 arrived "
        "monday. keeping the old lenses on an adapter for now. give me settings for a dark "
        "church ceremony",
    ]),
]  # fmt: skip


def test_a_thing_handed_over_does_not_end():
    def ended(sentence: str) -> list[str | None]:
        return [ch.old for ch in endings(parse([sentence])[0])]

    assert ended("give me settings for a dark church ceremony") == []
    assert ended("drop me the address of the gym please") == []
    # what one gives up, or quits, still ends
    assert ended("i gave up coffee in january") == ["coffee"]
    assert ended("quit my job at the garden centre") == ["garden centre"]


def test_a_new_things_old_value_is_no_price(tmp_path):
    memory = dreamed_chats(tmp_path, daily_chats(CAMERA, "Nice."))
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert "fuji xt4 — since 2026-04-02" in current, current
    assert re.search(r"\*\* d750 — ", history), history
    assert not re.search(r"\*\* (600|settings) — ", history), history


def test_what_a_wage_is_measured_against_is_no_vehicle():
    said = [
        "31 an hour, which is less than the ER but i get my evenings back",
        "14 an hour, less than the warehouse but no nights",
        "the fiesta failed its mot again, 300 quid to fix",
    ]
    used = kinds_by_use(get_embedder(), parse(said))
    assert "er" not in used and "nights" not in used, used
    assert used.get("fiesta") == "Gets around by", used
