"""Work that changed, said by use: a new employer named only in talk about a trial shift
and a first week ("did a trial shift at fennel tonight, the little bistro in jesmond"),
a new boss named in passing ("priya the new head chef runs a tight ship"). The employer
is the name, not the description set after it nor the district in it; a dictionary word
used as a name ("fennel") employs; the boss's role keeps its own word on the page and
answers "who is my boss now?". "who is my ex?" is no question for the partner of now.
Real files, a real memory made with the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.runner import Agent, AgentSettings
from brain.cli import cli
from search import open_index
from tests.test_dream_attributes import section_text

SESSIONS = [
    ("2026-01-10-rota", "2026-01-10T23:30:00+00:00", [
        "rota at the old bell is a mess again, four closes in a row",
        "gordon never listens when i ask for a weekend off",
    ]),
    ("2026-02-14-trial", "2026-02-14T23:50:00+00:00", [
        "did a trial shift at fennel tonight, the little bistro in jesmond",
        "they want me to start next month",
    ]),
    ("2026-03-20-firstweek", "2026-03-20T22:10:00+00:00", [
        "first week at fennel done, my feet are dead",
        "priya the new head chef runs a tight ship but shes sound",
    ]),
    ("2026-04-02-dating", "2026-04-02T21:00:00+01:00", [
        "been seeing someone new, his name's tariq. he works in a bike shop",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("work")
    chats = root / "chats.jsonl"
    lines = [
        {"id": sid, "started_at": at, "title": sid[11:],
         "turns": [{"role": "user", "content": t} for t in turns]}
        for sid, at, turns in SESSIONS
    ]  # fmt: skip
    chats.write_text("".join(json.dumps(x) + "\n" for x in lines))
    mem = root / "memory"
    run = CliRunner()
    for args in (
        ["init", str(mem)],
        ["capture", "session", str(chats), "--memory", str(mem)],
        ["dream", "--memory", str(mem)],
    ):
        out = run.invoke(cli, args)
        assert out.exit_code == 0, out.output
    return mem


def _profile(memory: Path) -> str:
    return (memory / "knowledge/people/User.md").read_text()


def _ask(memory: Path, question: str) -> str:
    index = open_index(memory)
    index.update()
    try:
        with Agent(memory, AgentSettings(engine="extractive"), record=False,
                   searcher=index) as agent:  # fmt: skip
            return agent.ask(question).text
    finally:
        index.close()


def test_an_employer_named_by_a_trial_shift_is_the_name_not_its_description(memory):
    """ "did a trial shift at fennel tonight, the little bistro in jesmond": the name is
    read without the apposition after it ("did a trial shift at X tonight"), the
    apposition is no value of its own, and a dictionary word after "at" with no article
    is a name ("fennel", a plant to WordNet)."""
    current = section_text(_profile(memory), "Current")
    assert re.search(r"\*\*Employer:\*\* \[\[Fennel\]\] — since 2026-02-14", current), current
    assert "bistro" not in current.lower() and "jesmond" not in current.lower(), current


def test_a_new_boss_named_before_the_role(memory):
    """ "priya the new head chef runs a tight ship": a name set straight before "the new
    <role>" is that role's value, though the parser reads the two apart."""
    current = section_text(_profile(memory), "Current")
    assert re.search(r"\*\*Head chef:\*\* \[?\[?Priya", current), current


def test_who_is_my_boss_finds_a_role_named_for_a_kind_of_boss(memory):
    """ "who is my boss now?" asks for the attribute Manager; "Head chef" is one by
    WordNet (a head), so the page's value answers, not a turn with "boss" in it."""
    answer = _ask(memory, "who is my boss now?")
    assert answer.splitlines()[0].startswith("Priya"), answer


def test_where_do_i_work_now(memory):
    answer = _ask(memory, "where do i work these days?")
    assert answer.splitlines()[0].startswith("Fennel"), answer


def test_my_ex_asks_for_the_partner_before(memory):
    """ "who is my ex?" asks what held before (WordNet's "ex": a former partner), so the
    partner of now is no answer, and with none on record it is declined."""
    current = section_text(_profile(memory), "Current")
    assert re.search(r"\*\*Partner:\*\* \[?\[?Tariq", current), current
    answer = _ask(memory, "who is my ex?")
    assert "Tariq" not in answer.splitlines()[0], answer
