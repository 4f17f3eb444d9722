"""When-questions about an occasion ("when is my dentist appointment?") answered from a
turn that names what it is for and the day, not the occasion's own word ("the dentist
moved me to the 14th at 2pm"): an occasion, no thing one can touch by WordNet, goes
without saying beside the word that says which. A thing never said ("iguana"), or an
occasion nothing says which ("job interview"), is still declined. Memory built through
the CLI's real commands in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SESSIONS = [
    {"id": "2025-03-02-dentist", "started_at": "2025-03-02T09:00:00+00:00", "title": "dentist",
     "turns": [
         {"role": "user", "content": "ugh the dentist moved me to the 14th at 2pm, can u remind "
                                     "me what to ask about the crown"},
         {"role": "assistant", "content": "Sure! Ask about the crown material and the cost."},
     ]},
    {"id": "2025-03-05-vet", "started_at": "2025-03-05T19:00:00+00:00", "title": "cat",
     "turns": [
         {"role": "user", "content": "booked milo in at the vet for his jabs, the 21st at 9"},
         {"role": "assistant", "content": "Good idea."},
     ]},
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("occasions")
    root = tmp / "memory"
    run("init", str(root))
    f = tmp / "chats.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS), encoding="utf-8")
    run("capture", "session", str(f), "--memory", str(root))
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_an_occasion_goes_without_saying_beside_what_it_is_for(memory: Path) -> None:
    assert ask(memory, "when is my dentist appointment?").startswith("14 March 2025")
    assert ask(memory, "what time is my dentist appt?").startswith("2pm")
    assert ask(memory, "when is milo's vet appointment?").startswith("21 March 2025")


def test_an_occasion_or_a_thing_nothing_says_is_declined(memory: Path) -> None:
    assert ask(memory, "when is my job interview?").startswith("I don't know")
    assert ask(memory, "when is my iguana's birthday?").startswith("I don't know")


def test_a_time_of_day_is_no_amount(memory: Path) -> None:
    # The crown's cost is said only by the assistant (no fact of the user's); the user's
    # "at 2pm" beside "crown" is when, not how much.
    from agent.spans import amounts

    said = "ugh the dentist moved me to the 14th at 2pm, 7.30 am works too, paid 14,200"
    assert [a.text for a in amounts(said) if a.text != "14th"] == ["14,200"]
    # a dotted amount is no time: "at USD 0.13 per word: USD 1,846.00"
    rate = "14,200 source words at USD 0.13 per word: USD 1,846.00"
    assert "0.13" in [a.text for a in amounts(rate)]
    assert not ask(memory, "how much does a crown cost?").startswith("2pm")
