"""A move said through its consequences: the place is named with the home weeks before
("my sister found us a cottage in Hebden Bridge"), the move only as "the cottage is
ours" (`dream/attributes.py`). The profile's Lives in follows, citing both turns, the old
town goes to History, and "where do i live now?" finds it."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import dreamed_chats, section

SESSIONS = [
    {"id": "2025-10-04-commute", "started_at": "2025-10-04T08:00:00+00:00", "title": "commute",
     "turns": [
         {"role": "user", "content": "i live in Halifax and the train to work is a nightmare "
                                     "most mornings"},
         {"role": "assistant", "content": "Sorry to hear that. Is driving an option?"},
     ]},
    {"id": "2026-02-03-viewing", "started_at": "2026-02-03T19:00:00+00:00", "title": "viewing",
     "turns": [
         {"role": "user", "content": "right so my sister found us a cottage in Hebden Bridge, "
                                     "2 bed with a tiny garden. can we afford 1100 a month"},
         {"role": "assistant", "content": "Roughly, rent should stay under a third of take-home "
                                          "pay. What do you both bring home?"},
     ]},
    {"id": "2026-04-11-keys", "started_at": "2026-04-11T12:00:00+00:00", "title": "moving day",
     "turns": [
         {"role": "user", "content": "WE GOT THE KEYS!!! the cottage is officially ours as of "
                                     "this morning, boxes everywhere"},
         {"role": "assistant", "content": "Congratulations! Unpack the kettle first."},
     ]},
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("homes"), SESSIONS)


def test_a_home_named_weeks_before_gives_the_place_of_a_move_said_as_its_keys(memory) -> None:
    profile = (memory / "knowledge/people/User.md").read_text()
    current = " ".join(section(profile, "Current"))
    assert re.search(r"\*\*Lives in:\*\* \[\[Hebden Bridge", current), current
    history = " ".join(section(profile, "History"))
    assert re.search(r"\*\*Lives in:\*\* \[\[Halifax", history), profile


def test_where_do_i_live_now_finds_the_move(memory) -> None:
    out = CliRunner().invoke(
        cli, ["ask", "where do i live now?", "--json", "--no-record", "--memory", str(memory)]
    )
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)["answer"]
    assert answer.startswith("Hebden Bridge"), answer
