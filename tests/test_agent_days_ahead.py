# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The day a thing is still to come on, and how long a habit has gone on (issue 12,
items 2 and 4): "when does the new oven arrive?" is the day it arrives, not the day it
was mentioned, however the day is typed ("arrives 14th", "delivery's on thurs"); "the
lad i met starts on the 19th" is a start still to come; "how long have i been doing
yoga?" is answered by when it began ("since uni"). One memory typed in lower case by an
unnamed user of a memory made with `brain init --owner`, captured through the CLI into
a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SESSIONS = [
    {"id": "2026-03-02-oven", "started_at": "2026-03-02T19:05:00+00:00", "title": "oven", "turns": [
        {"role": "user", "content": "finally caved and ordered a new oven, the old one takes an hour to heat up. oven arrives 14th so no roast this weekend lol"},
        {"role": "assistant", "content": "Good call! Most new ovens need a first burn-off run of about 30 minutes before cooking."},
    ]},
    {"id": "2026-03-10-washer", "started_at": "2026-03-10T08:30:00+00:00", "title": "washer", "turns": [
        {"role": "user", "content": "washing machine delivery's on thurs so ill have to wfh that day"},
        {"role": "assistant", "content": "Makes sense. Check whether they take the old machine away."},
    ]},
    {"id": "2026-04-06-work", "started_at": "2026-04-06T17:45:00+00:00", "title": "work", "turns": [
        {"role": "user", "content": "the lad i interviewed last month starts on the 2nd, hes taking over the payroll stuff from me thank god"},
        {"role": "assistant", "content": "That will free up some of your time. Maybe prepare a handover document."},
    ]},
    {"id": "2026-04-12-back", "started_at": "2026-04-12T09:00:00+00:00", "title": "back pain", "turns": [
        {"role": "user", "content": "my lower back has been sore all week. weird bc ive been doing yoga since uni and it usually sorts it out"},
        {"role": "assistant", "content": "Yoga helps a lot of people. If it persists, a physio might be worth seeing."},
    ]},
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("days-ahead")
    root = tmp / "memory"
    run("init", str(root), "--owner", "Niamh")
    chats = tmp / "chats.jsonl"
    chats.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS), encoding="utf-8")
    run("capture", "session", str(chats), "--memory", str(root))
    return root


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_day_of_the_month_typed_without_the(memory: Path) -> None:
    # not "the weekend of 2 March", the other day in the turn
    assert first_line(memory, "when does the new oven arrive?").startswith("14 March 2026")


def test_a_short_day_of_the_week_after_on(memory: Path) -> None:
    # said on Tuesday 10 March: that Thursday, not the day it was mentioned
    assert first_line(memory, "when is the washing machine being delivered?").startswith(
        "12 March 2026"
    )


def test_a_start_still_to_come_after_a_past_in_the_same_sentence(memory: Path) -> None:
    # "interviewed" is past, "starts" is not: the 2nd after 6 April is 2 May
    assert first_line(memory, "when does the new lad start?").startswith("2 May 2026")


def test_how_long_a_habit_has_gone_on_is_when_it_began(memory: Path) -> None:
    assert first_line(memory, "how long have i been doing yoga?").startswith("since uni")
