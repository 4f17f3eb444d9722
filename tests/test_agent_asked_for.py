# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""Answers of the kind the question asks for (issue 12, item 4): a car or a place is never answered with a person's name
("what car does my sister have?" is not "Jen"), a deadline asked in
other words than the document's label ("when do i have to pay the invoice by?" is the
invoice's "Due date", not its "Invoice date"), and a job asked for that the owner never
states ("what does ruth do for a living?" is declined, not answered with "i work from
home"). Sessions typed in lower case by an unnamed user of a memory made with `brain
init --owner`, a document and a note, captured through the CLI into a real git repo.

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
date: 2026-03-18
title: work chat
---
# work chat

## User
honestly i work from home most days now, the box room is my office. its nice not commuting but i miss people

## Assistant
Working from home can get isolating. Some people book a coworking desk one or two days a week.

## User
maybe. harlow & finch are still sending most of the jobs, theyre my biggest client by miles. priya there is lovely
""",
    "clients.md": """---
date: 2026-05-06
title: clients
---
# clients

## User
bit of a shakeup, harlow & finch got bought out and the new owners use an in house team. so nordvik studio is my main client now

## Assistant
That's a big change. Is Nordvik sending enough work to replace Harlow & Finch?

## User
mostly yeah. told them my rate goes up in june, 45 an hour instead of 40
""",
    "car.md": """---
date: 2026-01-12
title: car stuff
---
# car stuff

## User
the corsa failed its mot again, rust on the sills. mechanic says its not worth fixing

## Assistant
Sorry to hear that. If the repair costs more than the car is worth, it may be time to look at replacements. Small hatchbacks are cheap to run.

## User
ugh. my sister jen says i should just get her old clio off her
""",
    "wardrobes.md": """---
date: 2026-04-15
title: wardrobes
---
# wardrobes

## User
the joiners finished the wardrobes yday, they look amazing. invoice came thru this morning, need to sort that before i forget

## Assistant
Glad they turned out well! Keep the invoice somewhere safe in case anything needs fixing later.
""",
}

INVOICE = """# Invoice INV-0417

From: Bright Lane Joinery Ltd, Unit 4, Ashton Vale Trading Estate, Bristol BS3 2HA

Invoice date: 14 April 2026
Due date: 14 May 2026

Customer: R. Okafor, Flat 2, 17 Cotham Vale, Bristol

Description: fitted wardrobes in the bedroom, oak veneer, 2 doors. Labour 3 days at 180.00 per day. Materials 640.00.

Total: 1,180.00 GBP. Balance to pay: 930.00 GBP
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("asked-for")
    root = tmp / "memory"
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    (tmp / "invoice.md").write_text(INVOICE, encoding="utf-8")
    run("init", str(root), "--owner", "Ruth")
    m = ["--memory", str(root)]
    run("capture", "session", *(str(tmp / n) for n in SESSIONS), *m)
    run("capture", "source", str(tmp / "invoice.md"), *m)
    run("remember", "freelance rates for 2026: hourly rate 45 gbp from june, day rate 320", *m)
    return root


@pytest.mark.parametrize(
    "question", ["when do i have to pay the invoice by?", "when does the invoice need paying?"]
)
def test_a_deadline_asked_in_other_words_is_the_due_date(memory: Path, question: str):
    # "Invoice date" shares "invoice" with the question and the model reads it as
    # nearer; the question asks by when, which is what "Due date" says.
    assert first_line(memory, question).startswith("14 May 2026"), question
    # When the invoice was sent is still its own date.
    assert first_line(memory, "when was the invoice issued?").startswith("14 April 2026")


@pytest.mark.parametrize(
    "question", ["what does ruth do for a living?", "what do i do for work?", "what's my job?"]
)
def test_a_job_never_said_is_declined(memory: Path, question: str):
    # "i work from home" says where, "most of the jobs" what a client sends: neither
    # names a job.
    assert first_line(memory, question) == DONT_KNOW, question


def test_a_thing_of_a_kind_is_never_a_person(memory: Path):
    # "my sister jen": jen is who the sister is, no car. The model does not know a clio
    # for a car, so the sentence itself is the answer.
    answer = first_line(memory, "what car does my sister have?")
    assert not answer.startswith("Jen") and "clio" in answer
