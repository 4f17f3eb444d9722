# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The short answer is the part of the sentence the question asks about (agent/slots.py).

Sessions typed the way people type (lower case, one long sentence of several clauses, an
unnamed user) are captured into a real memory through the CLI and asked with `brain ask`.
Each sentence holds several values of the kind asked for; the first line of the answer
must be the one in the asked slot: the subject of "found" for "who found ...?", the
object of the stranded "from" for "where ... from?", the other half of "me and jess" for
"who do i go ... with?", what the vet "is" for "who is biscuits vet?"; and never the value
of a slot the question fills itself ("the old one chipped").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SESSIONS = {
    "birthday.md": """---
date: 2026-02-20
title: mums birthday
---
# mums birthday

## User
mums birthday is on the 14th of march and we're doing dinner at dishoom cos she loves their black daal, my aunt carol is flying in from dublin for it

## Assistant
That sounds lovely. Dishoom gets busy on weekends, so booking ahead is a good idea.
""",
    "lisbon.md": """---
date: 2026-04-02
title: lisbon trip
---
# lisbon trip

## User
booked flights to lisbon for the 3rd of june with easyjet, came to 180 for both of us and we're staying in an airbnb in alfama that tom found

## Assistant
Alfama is a beautiful area. You might enjoy a day trip to Sintra; the train from Rossio takes about 40 minutes.
""",
    "pottery.md": """---
date: 2026-04-20
title: pottery
---
# pottery

## User
me and jess have been going to a pottery class on thursday nights at the community centre in portobello, the teacher is this lovely woman called margaret who used to work at a ceramics factory in stoke

## Assistant
Pottery is a great hobby. Have you tried the wheel yet, or hand-building?
""",
    "vet.md": """---
date: 2026-03-18
title: biscuit
---
# biscuit

## User
ugh the vet said biscuit has a grass allergy so we're switching him to a salmon based food which costs like 60 a bag, the vet is dr okafor at the practice on leith walk

## Assistant
Grass allergies are common in dogs. Antihistamines are sometimes prescribed, but always check with your vet.
""",
    "flat.md": """---
date: 2026-07-01
title: flat
---
# flat

## User
the landlord finally sent someone round to fix the damp in the bathroom, a bloke called steve from a company in leeds, he said it's coming from a cracked gutter above the window

## Assistant
Damp from a cracked gutter is common and usually straightforward to repair.
""",
}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("slots")
    root = tmp / "memory"
    files = []
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
        files.append(str(tmp / name))
    run("init", str(root))
    run("capture", "session", *files, "--memory", str(root))
    return root


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0].lower()


@pytest.mark.parametrize(
    ("question", "answer", "not_answer"),
    [
        # the object of the preposition the question leaves at its end
        ("where is aunt carol flying in from?", "dublin", "dishoom"),
        # the subject of the verb asked, in a clause at the end of the sentence
        ("who found the airbnb?", "tom", "easyjet"),
        # where the verb asked happens, not the place of another clause
        ("where did margaret use to work?", "ceramics factory", "community"),
        # "me and jess have been going": the one beside the speaker
        ("who do i go to pottery with?", "jess", "margaret"),
        # what "the vet is", not the street after it
        ("who is biscuits vet?", "okafor", "leith"),
        # what "it's coming from", not the person who said so
        ("where is the damp coming from?", "gutter", "steve"),
    ],
)
def test_the_short_answer_fills_the_asked_slot(
    memory: Path, question: str, answer: str, not_answer: str
):
    line = first_line(memory, question)
    assert answer in line and not_answer not in line, line
