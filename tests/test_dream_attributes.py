"""Values of typed attributes said in other words: where the user lives, who employs
them, who they report to, by example clauses, a value only when it is of the
attribute's kind; and a "now" question that shares no word with the statement finds
the value by the same attributes (`dream/attributes.py`, `agent.reader`)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from memory_schema import init_memory
from search import get_embedder

SESSIONS = [
    {"id": "2026-01-12-start", "started_at": "2026-01-12T18:00:00+00:00", "title": "day one",
     "turns": [
         {"role": "user", "content": "survived day one!! junior designer at fernwood studio. "
                                     "the offer letter is still on my fridge lol"},
         {"role": "assistant", "content": "Congratulations! How is the team?"},
         {"role": "user", "content": "good i think. i report to the art director there, "
                                     "priscilla okafor, she seems sharp but fair"},
         {"role": "user", "content": "my sister's boyfriend marco lives in glasgow, he came "
                                     "down for the weekend"},
     ]},
    {"id": "2026-04-02-team", "started_at": "2026-04-02T19:00:00+00:00", "title": "new lead",
     "turns": [
         {"role": "user", "content": "big reshuffle at work. the team lead there now, rashid, "
                                     "is so relaxed compared to priscilla"},
         {"role": "user", "content": "been seeing someone for a month now. his name is Ravi "
                                     "and he works nights"},
     ]},
]  # fmt: skip


def section_text(text: str, name: str) -> str:
    m = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


def section(text: str, name: str) -> list[str]:
    return [x for x in section_text(text, name).splitlines() if x.startswith("- ")]


def daily_chats(said: list[tuple[str, list[str]]], reply: str) -> list[dict]:
    """One chat a day: each (day, lines) a chat whose user lines each get `reply`."""
    chats = []
    for day, lines in said:
        turns = []
        for line in lines:
            turns.append({"role": "user", "content": line})
            turns.append({"role": "assistant", "content": reply})
        chats.append({"id": f"{day}-chat", "started_at": f"{day}T18:00:00+00:00",
                      "title": "chat", "turns": turns})  # fmt: skip
    return chats


def dreamed_chats(tmp, sessions: list[dict]):
    """A memory of the chats (one OpenAI-style JSON object per line), captured and dreamed."""
    f = tmp / "chats.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in sessions))
    repo, _ = init_memory(tmp / "memory")
    assert capture_sessions(repo, parse_file(f)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return tmp / "memory"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("attributes"), SESSIONS)


def test_an_employer_and_a_manager_said_without_those_words(memory) -> None:
    profile = (memory / "knowledge/people/User.md").read_text()
    current = " ".join(section(profile, "Current"))
    assert re.search(r"\*\*Employer:\*\* \[\[Fernwood Studio", current, re.I)
    # "the team lead there, rashid" is the newer manager; priscilla goes to History
    assert re.search(r"\*\*Manager:\*\* \[\[Rashid", current)
    history = " ".join(section(profile, "History"))
    assert re.search(r"\*\*Manager:\*\* \[\[Priscilla", history, re.I)


def test_a_naming_clause_gives_the_partner(memory) -> None:
    current = " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))
    assert re.search(r"\*\*Partner:\*\* \[\[Ravi", current), current


def test_values_not_of_the_attributes_kind_or_someone_elses_are_no_values(memory) -> None:
    current = " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))
    assert "offer letter" not in current.lower()  # a document employs nobody
    assert "glasgow" not in current.lower()  # the sister's boyfriend lives there
    assert "Marco" not in current and "Boyfriend" not in current


def test_a_now_question_in_other_words_finds_the_attributes_value(memory) -> None:
    out = CliRunner().invoke(
        cli, ["ask", "who's my boss now?", "--json", "--no-record", "--memory", str(memory)]
    )
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)["answer"]
    assert answer.lower().startswith("rashid"), answer
