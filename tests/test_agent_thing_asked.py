# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""What a question asks about, read from its grammar rather than its first noun:

- "my tax accountant" is an accountant: a sentence about tax is about none;
- "the boiler in my flat" is the boiler, though "my" comes later;
- "X or when is it now?" is a guess and then the question;
- "what year" is answered by a year written alone ("installed 2014");
- "ended up going with a fujifilm xt3 body, 600 quid" prices the camera: a verb
  completing another ("going" of "ended up") is one act with it;
- "from roughly 5% to 3%": the hedged amounts of a change;
- a word of another part of speech ("going" is no dog) mentions nothing asked;
- "which line": the words that say which, before the thing asked, where it is said;
- a report's "BASEMENT:" heads every sentence of its paragraph."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.question import analyse
from tests.test_agent_messy import first_line, memory_with_document

CHATS = {
    "camera.md": """---
date: 2026-02-03T20:10:00+00:00
title: camera
---
## User

old camera finally died on me. ended up going with a secondhand fujifilm xt3 body, 600 quid on marketplace from a guy in didsbury. shutter count is low so happy

## Assistant

The X-T3 is a solid choice; check the sensor for dust when you first use it.
""",
    "flat.md": """---
date: 2026-03-11T08:30:00+00:00
title: flat stuff
---
## User

the boiler is a worcester greenstar, installed 2014 according to the sticker, makes a clanking noise in the mornings

## Assistant

A clanking boiler often has air in the system. Bleeding the radiators may help.

## User

anyway i get the piccadilly line in to work now, much quicker than the bus

## User

filed my tax return myself this year, took forever
""",
    "work.md": """---
date: 2026-04-20T17:00:00+00:00
title: churn
---
## User

good news at standup, monthly churn went from roughly 5% to 3% since we changed the onboarding emails

## Assistant

That's a big improvement. Keep an eye on it over the next quarter.
""",
}

SURVEY = """Home survey: 14 Ashgrove Road

BASEMENT: Walls show old tide marks from water getting in. Recommend fitting a sump pump and checking the drains.

ROOF: Slates in fair condition.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_with_document(tmp_path_factory.mktemp("thing-asked"), CHATS, "survey.txt", SURVEY)


def test_a_noun_compound_asks_for_its_last_noun(memory: Path) -> None:
    assert first_line(memory, "who is my tax accountant?").startswith("I don't know")
    assert analyse("who was my tax accountant last year?").focus == {"account"}


def test_the_thing_a_possessed_phrase_hangs_on_is_asked_about(memory: Path) -> None:
    assert analyse("what year was the boiler in my flat installed?").focus == {"boiler"}
    assert first_line(memory, "what year was the boiler in my flat installed?").startswith("2014")


@pytest.mark.parametrize(
    ("question", "kind", "text"),
    [
        ("are we still on fridays or when is practice now?", "date", "when is practice now?"),
        ("is the meeting still tuesday or what?", "yesno", None),
        ("do i prefer tea or coffee these days?", "choice", None),
    ],
)
def test_a_guess_then_a_question_is_the_question(
    question: str, kind: str, text: str | None
) -> None:
    q = analyse(question)
    assert q.answer_type == kind
    assert q.text == (text or question)


def test_an_amount_said_after_a_verb_it_completes_prices_the_thing(memory: Path) -> None:
    assert first_line(memory, "how much did i pay for the fujifilm?").startswith("600")


def test_a_hedged_change_holds_its_second_amount(memory: Path) -> None:
    assert first_line(memory, "how much is our churn now?").startswith("3%")


def test_a_verb_is_no_thing_asked() -> None:
    """ "lena's been going": WordNet's verb "dog" is a way of going, but no dog is
    mentioned by "going"; a lizard mentions an iguana, a doctor a vet."""
    from agent.mention import _kind_or_form

    assert not _kind_or_form("dog", "going")
    assert _kind_or_form("iguana", "lizard") and _kind_or_form("vet", "doctor")


def test_which_is_said_before_the_thing_asked(memory: Path) -> None:
    assert first_line(memory, "which line do i take to work?").lower().startswith("piccadilly")


def test_a_paragraph_label_heads_each_of_its_sentences(memory: Path) -> None:
    out = first_line(memory, "what did the survey recommend for the basement?")
    assert "sump pump" in out, out


def test_someone_asked_for_is_no_home(memory: Path) -> None:
    from agent.nearness import types_fit_attribute

    assert not types_fit_attribute(
        analyse("what was the name of my letting agent for the flat?"), "Lives in"
    )
    assert types_fit_attribute(analyse("who's my boss now?"), "Manager")
    assert types_fit_attribute(analyse("where is my flat?"), "Lives in")
