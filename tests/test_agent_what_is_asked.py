# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""What a question asks is read from its own words, not only from the example questions
it is near:

- "which town did i grow up in?" is near "which city am i living in", but its verb says
  something else: the turn that says where the owner grew up answers, not the profile's
  Lives in;
- "who is my dog's vet?" is answered by "Dr Okafor", though nobody ever says "vet": a
  vet is a kind of doctor (WordNet) and "Dr" says a doctor;
- a wife is who someone is to another, no profession;
- "bank" is near "mortgage" in meaning, but the question says "bank" itself: a bank
  where the owner works is no answer to "which bank do i have my mortgage with?";
- "favourite" says how a thing is held, not which thing; "dietary" says which (a diet);
- said to an AI assistant, "your replies" are the assistant's and the request is the
  speaker's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.facets import says_which
from tests.test_agent_messy import first_line, memory_from

HOME = """---
date: 2025-03-02T19:10:00+00:00
title: new flat
---
## User

finally moved into the new flat in harrogate last week, boxes everywhere still

## Assistant

Congratulations on the move! Want a checklist for setting up utilities?
"""

WINTER = """---
date: 2025-01-14T08:05:00+00:00
title: cold
---
## User

everyone at work moaning about the cold lol. i grew up in sunderland so this is nothing

## Assistant

Ha, the North East does build resilience. Stay warm anyway!
"""

DOG = """---
date: 2025-04-09T12:40:00+00:00
title: biscuit
---
## User

biscuit had his jabs with dr okafor this morning, total baby about it

## Assistant

Poor Biscuit! Some dogs are dramatic. Did Dr Okafor say when the booster is due?
"""

SOCKS = """---
date: 2025-03-20T18:00:00+00:00
title: socks
---
## User

my dog biscuit has started stealing socks off the radiator, no idea why

## Assistant

Dogs often steal things that smell of their people. Try a chew toy swap.
"""

CHLOE = """---
date: 2025-01-10T20:00:00+00:00
title: weekend
---
## User

my best friend chloe is coming round saturday, she's been a librarian for ten years now and still loves it

## Assistant

Sounds like a lovely weekend. Want a recipe idea for Saturday?
"""

GUESTS = """---
date: 2025-02-08T10:00:00+00:00
title: guests
---
## User

random but my friend's wife nadia is staying with us this weekend, need to sort the spare room

## Assistant

Here's a quick spare-room checklist: fresh sheets, towels, a clear drawer.
"""

JOB = """---
date: 2025-05-02T18:00:00+00:00
title: first week
---
## User

first week at harlow bank done, the commute is brutal but the team are nice

## Assistant

Well done on surviving week one! Want tips for making the commute easier?
"""

FOOD = """---
date: 2025-02-20T21:00:00+00:00
title: dinner ideas
---
## User

tbh if i had to pick one cuisine for the rest of my days it's lebanese every time

## Assistant

Great choice! Want a recipe for fattoush?
"""

STYLE = """---
date: 2025-02-03T09:00:00+00:00
title: replies
---
## User

can you keep your replies to bullet points from now on, no essays please

## Assistant

Will do.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("asked")
    sessions = {
        "home.md": HOME,
        "winter.md": WINTER,
        "dog.md": DOG,
        "socks.md": SOCKS,
        "chloe.md": CHLOE,
        "guests.md": GUESTS,
        "job.md": JOB,
        "food.md": FOOD,
        "style.md": STYLE,
    }
    return memory_from(tmp, sessions, dream=True)


def test_growing_up_somewhere_is_not_where_one_lives(memory: Path):
    assert first_line(memory, "which town did i grow up in?").startswith("Sunderland")
    assert first_line(memory, "where do i live now?").startswith("Harrogate")


def test_a_vet_is_named_by_a_doctors_title(memory: Path):
    assert "Okafor" in first_line(memory, "who is my dog's vet?")


def test_a_wife_is_no_profession(memory: Path):
    assert first_line(memory, "what is my best friend's profession?").startswith("librarian")


def test_a_word_of_the_question_stands_in_for_no_other(memory: Path):
    answer = first_line(memory, "which bank do i have my mortgage with?")
    assert answer.startswith("I don't know"), answer


def test_a_favourite_is_said_in_other_words(memory: Path):
    assert "lebanese" in first_line(memory, "what is my favourite cuisine?").lower()


def test_a_request_to_the_assistant_is_the_speakers(memory: Path):
    answer = first_line(memory, "how did i ask you to format your replies?")
    assert "bullet points" in answer


def test_an_adjective_of_worth_names_no_thing():
    assert says_which("dietary") and says_which("european")
    assert not says_which("favourite") and not says_which("new")
