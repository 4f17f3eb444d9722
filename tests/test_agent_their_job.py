# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on another person's job when the asker talks about their own
work a lot: "his name is Dmitri, he is a welder" answers "what does dmitri do for
work?", and the asker's own "work is mad busy" is no rival answer, since it holds no job.
Everything goes through the CLI (init, capture session, dream) into a real git repo,
then `ask`. And a thing of the asker's that the question names ("my narrowboat") may go
unsaid in the answer's sentence when the turns just before it say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_agent_replies import dreamed_by_cli, first_line

PRICING = """---
date: 2026-01-10
title: pricing
---
# pricing

## User
hiya. i do dog grooming from my garage, i charge 35 a dog for a full groom. is that too cheap

## Assistant
Full grooms in most towns go for 40 to 60, so you could raise it a little.

## User
work is mad busy tho, booked solid till easter so maybe i will
"""

DATE = """---
date: 2026-04-20
title: first date
---
# first date

## User
ok random but ive started seeing someone. his name is Dmitri, he is a welder at the shipyard. ideas for a first proper date? he does weekends

## Assistant
How about a weekday evening: a comedy night, a cooking class or a walk along the harbour?

## User
comedy night sounds fun
"""

DINNER = """---
date: 2026-05-15
title: dinner
---
# dinner

## User
Dmitri cooked me dinner last night, stroganoff from his nan's recipe. so sweet

## Assistant
That's lovely! A family recipe is a real gesture.
"""

NARROWBOAT = """---
date: 2026-03-14
title: spring jobs
---
# spring jobs

## User
spring jobs on the narrowboat this weekend, blacking the hull and touching up the roof

## Assistant
Sounds like a big weekend! Owners often have the signwriting redone every few years as well. Is yours due?

## User
no way, Sanjay did the lettering by hand the year we bought her, im not touching it
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return dreamed_by_cli(
        tmp_path_factory.mktemp("their-job"),
        {"pricing.md": PRICING, "date.md": DATE, "dinner.md": DINNER, "narrowboat.md": NARROWBOAT},
    )


def test_a_job_said_of_someone_by_name_answers_what_they_do(memory: Path):
    # Dmitri has a page (named in two sessions); the asker's own talk of work ("work is
    # mad busy", "i charge 35 a dog") says "work" but holds no job, so it is no rival.
    assert (memory / "knowledge" / "people" / "Dmitri.md").exists()
    assert first_line(memory, "what does dmitri do for work?").startswith("welder")


def test_a_thing_of_the_askers_said_in_the_turns_before_need_not_be_said_again(memory: Path):
    # "my narrowboat" is said two turns before "Sanjay did the lettering", not in it.
    assert first_line(memory, "who did the lettering on my narrowboat?").startswith("Sanjay")
