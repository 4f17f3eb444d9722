# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on values people give sideways: a short reply that leaves the
value in the question it answers, a number that is part of a name, a price per another
unit, a title given right after the kind of thing it is, a question that opens with
"any". Everything goes through the CLI (init, capture session, capture source, dream)
into a real git repo, then `ask`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.question import analyse
from agent.spans import names
from tests.test_agent_messy import run

KEYBOARD = """---
date: 2026-02-11
title: essay disaster
---
# essay disaster

## User
pudding walked across the keyboard and deleted half my essay, is there any way to get it back

## Assistant
Try Ctrl+Z first, then check the editor's version history. Is Pudding the dog you got last year?

## User
cat lol

## Assistant
Cats and keyboards, a classic. Version history should have it.
"""

CLIMBING = """---
date: 2026-05-03
title: climbing
---
# climbing

## User
signed up at klimhal 17 in the end, 3 sessions a week. the old gym is history

## Assistant
Great choice! Bouldering gyms usually charge around 60 a month.

## User
48 a month for students which is a steal
"""

BUDGET = """---
date: 2026-01-20
title: budget
---
# budget

## User
climbing was never gonna fit the budget when i was paid 9 cents a word for subtitles

## Assistant
Subtitling rates are low; a bigger client would help.
"""

BOOKCLUB = """---
date: 2026-03-02
title: book club
---
# book club

## User
book club night. we voted and the novel *Última Tarde en Sevilla* by Marisa Prado won, so thats my march reading sorted

## Assistant
Lovely! Spanish literature in translation is having a moment.
"""

COCKTAILS = """---
date: 2026-06-07
title: party drinks
---
# party drinks

## User
need 3 cocktail ideas for saturday, 12 people, nothing too strong

## Assistant
How about a mojito, a piña colada and an elderflower spritz?

## User
swap the colada, no coconut anything, i cant stand coconut
"""

MOVING_IN = """---
date: 2026-04-12
title: moving in
---
# moving in

## User
my girlfriend ana wants me to move in with her in the new year, bit scared tbh

## Assistant
That's a big step! What's worrying you most?

## User
she works nights at the childrens hospital, radiographer, so shes asleep all day and id be rattling round the flat on my own
"""

VAN = """---
date: 2026-08-03
title: moving day
---
# moving day

## User
van booked for the 29th, what do i do with a nervous cat on a 2hr drive

## Assistant
Keep the carrier covered, and ask your vet about a calming spray. Is someone coming with you?

## User
she'll be in the carrier next to me, my cousin maya is driving the van

## Assistant
Good plan: with Maya at the wheel you can keep an eye on the cat.
"""


def dreamed_by_cli(tmp: Path, sessions: dict[str, str]) -> Path:
    """A memory made the way a user makes it: init, capture the Markdown sessions, dream."""
    root = tmp / "memory"
    files = []
    for name, text in sessions.items():
        (tmp / name).write_text(text, encoding="utf-8")
        files.append(str(tmp / name))
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", *files, *m)
    run("dream", *m)
    return root


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return dreamed_by_cli(
        tmp_path_factory.mktemp("replies"),
        {
            "keyboard.md": KEYBOARD,
            "climbing.md": CLIMBING,
            "budget.md": BUDGET,
            "bookclub.md": BOOKCLUB,
            "cocktails.md": COCKTAILS,
            "moving-in.md": MOVING_IN,
            "van.md": VAN,
        },
    )


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_short_reply_answers_with_the_value_of_the_question_it_replies_to(memory: Path):
    # "cat lol" corrects "Is Pudding the dog...?": the name is in the AI's question.
    assert first_line(memory, "what's my cat called?").startswith("Pudding")


def test_a_number_that_ends_a_name_is_no_price(memory: Path):
    # "klimhal 17" is where; "9 cents a word" is a price per another unit.
    assert first_line(memory, "how much does climbing cost me a month?").startswith("48")


def test_a_title_right_after_the_kind_asked_for_is_the_answer(memory: Path):
    assert first_line(memory, "which novel did the book club pick?").startswith(
        "Última Tarde en Sevilla"
    )


def test_a_question_opening_with_any_asks_which(memory: Path):
    q = analyse("any fruit i don't want in the cocktails?")
    assert (q.wh, q.head) == ("which", "fruit")
    assert first_line(memory, "any fruit i don't want in the cocktails?").startswith("coconut")


def test_accented_capitals_start_a_name():
    found = [s.text for s in names("we met Ávila at the Østberg Café in Évora")]
    assert found == ["Ávila", "Østberg Café", "Évora"]


def test_a_sentence_opening_with_she_is_about_her_though_the_speaker_says_id_later(
    memory: Path,
):
    out = json.loads(
        run("ask", "what does ana do for work?", "--json", "--no-record", "--memory", str(memory))
    )
    assert "radiographer" in out["answer"] and out["answer"] != "I don't know", out["answer"]
