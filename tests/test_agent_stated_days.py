"""Dates and amounts as a turn or a document states them: a date the sentence states beats
"today" when the question does not ask about the act done today; a day of the week said as
a habit ("gym is tuesdays") answers "which day"; a start said in the next sentence of a
list of fragments ("40k plus a car, starts may 5") is the asker's own, though the parser
makes "car" its subject; and a house number of an address ("221 Harbour Road") is no
amount. Memory built through the CLI's real commands in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SESSIONS = [
    {"id": "2025-04-02-gig", "started_at": "2025-04-02T18:00:00+00:00", "title": "gig",
     "turns": [
         {"role": "user", "content": "booked the fenwick-osei anniversary party today, aug 23 at "
                                     "the old boathouse. need a setlist"},
         {"role": "assistant", "content": "Nice! Start with something everyone knows."},
     ]},
    {"id": "2025-04-10-job", "started_at": "2025-04-10T20:00:00+00:00", "title": "job",
     "turns": [
         {"role": "user", "content": "gigs are drying up so i said yes to a teaching thing at "
                                     "brightwater academy, they do music lessons in schools. "
                                     "31k plus pension, starts may 5. gigs will be weekends only"},
         {"role": "assistant", "content": "Congratulations on the steady work."},
     ]},
    {"id": "2025-06-01-routine", "started_at": "2025-06-01T09:00:00+00:00", "title": "routine",
     "turns": [
         {"role": "user", "content": "choir is thursdays which is the only night i sing for fun"},
         {"role": "assistant", "content": "That sounds lovely."},
     ]},
]  # fmt: skip

EVENT = (
    "Anniversary party of Priya Fenwick and Sam Osei on Saturday, August 23, 2025, "
    "at The Old Boathouse, 221 Harbour Road, Whitby."
)
BOOKING = f"""# Band Booking Confirmation

This booking is made on March 30, 2025 between Low Tide Band and Priya Fenwick and Sam Osei.

## Event

{EVENT}

## Fees

A deposit of $450 is due on booking. The rest is due two weeks before the party.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("stated")
    root = tmp / "memory"
    run("init", str(root))
    f = tmp / "chats.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS), encoding="utf-8")
    run("capture", "session", str(f), "--memory", str(root))
    (tmp / "booking.md").write_text(BOOKING, encoding="utf-8")
    run("capture", "source", str(tmp / "booking.md"), "--memory", str(root))
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_stated_date_beats_today_unless_the_act_of_today_is_asked(memory: Path) -> None:
    assert ask(memory, "when is the fenwick osei party?").startswith("23 August 2025")
    assert ask(memory, "when did i book the fenwick osei party?").startswith("2 April 2025")


def test_a_weekday_said_as_a_habit_answers_which_day(memory: Path) -> None:
    assert ask(memory, "which day is choir?").startswith("every Thursday")


def test_a_start_in_a_list_of_fragments_is_the_speakers(memory: Path) -> None:
    from agent.ties import said_of_another

    said = "31k plus pension, starts may 5."
    assert not said_of_another(said, {"start"})
    assert said_of_another("my sister, who is a nurse, starts in may", {"start"})
    assert ask(memory, "when did i start at brightwater?").startswith("5 May 2025")


def test_a_house_number_is_no_amount(memory: Path) -> None:
    from agent.spans import amounts

    assert [a.text for a in amounts("at The Old Boathouse, 221 Harbour Road, Whitby")] == []
    assert [a.text for a in amounts("we moved to 14 cedar lane last week")] == []
    assert [a.text for a in amounts("drove 300 miles down the road")] == ["300 miles"]
    assert ask(memory, "how much is the deposit for the fenwick osei party?").startswith("$450")


CATERING = """# Catering Agreement

This agreement is made on May 2, 2025 between Dunmore Kitchen Ltd and Imogen Kallis and Theo Varga.

## Menu

A seated dinner for at least 140 guests, with two vegetarian mains. Dessert is a cake.
"""

CHAT = [
    {"id": "2025-05-20-prep", "started_at": "2025-05-20T21:00:00+00:00", "title": "prep",
     "turns": [
         {"role": "user", "content": "real talk: i have like 320 guests worth of canapes to "
                                     "prep for the summer fair plus a wedding dinner."},
         {"role": "assistant", "content": "Batch the fillings a day ahead."},
     ]},
]  # fmt: skip


def test_a_document_is_about_its_parties_throughout(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    run("init", str(root))
    f = tmp_path / "chat.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in CHAT), encoding="utf-8")
    run("capture", "session", str(f), "--memory", str(root))
    (tmp_path / "catering.md").write_text(CATERING, encoding="utf-8")
    run("capture", "source", str(tmp_path / "catering.md"), "--memory", str(root))
    # The menu paragraph names neither Kallis nor Varga, the chat's count no party.
    q = "how many guests do i have to cook for at kallis and varga's?"
    assert ask(root, q).startswith("140")
