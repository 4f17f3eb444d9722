# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""A habit said in a long turn keeps its words on the owner's page (issue 12, item 2):
"thursdays are my choir night too, all that standing around on the risers for two hours
straight probably doesnt help" becomes "Thursdays are Niamh's choir night too", a whole
clause, and not a line cut between words ("... on the risers for two") that drops the
"doesnt" and may say what the turn does not (which the validators then remove, losing
the habit). One memory typed in lower case by an unnamed user of a memory made with an
owner, dreamt into a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
import re

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from memory_schema import init_memory
from search import get_embedder

SESSIONS = [
    {"id": "2026-04-12-knees", "started_at": "2026-04-12T09:00:00+00:00", "title": "knees", "turns": [
        {"role": "user", "content": "my knees have been killing me lately, no idea why"},
        {"role": "assistant", "content": "Knee pain has many causes. Has anything changed in your routine?"},
        {"role": "user", "content": "not really. thursdays are my choir night too, all that standing around on the risers for two hours straight probably doesnt help"},
        {"role": "assistant", "content": "Standing still for long stretches can be hard on the joints. Try shifting your weight."},
    ]},
]  # fmt: skip


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    tmp = tmp_path_factory.mktemp("habits")
    chats = tmp / "chats.jsonl"
    chats.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS), encoding="utf-8")
    repo, _ = init_memory(tmp / "memory", owner="Niamh")
    assert capture_sessions(repo, parse_file(chats)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return (tmp / "memory" / "knowledge" / "people" / "Niamh.md").read_text(encoding="utf-8")


def test_a_habit_in_a_long_turn_is_a_whole_clause_on_the_page(profile: str) -> None:
    body = profile.split("## Citations")[0]
    lines = [x for x in body.splitlines() if x.startswith("- ") and "choir" in x]
    assert lines, profile
    for line in lines:
        said = re.sub(r"^- (?:\d{4}-\d\d-\d\d · )?|\s*\[cite:\d+\]$", "", line)
        assert said.startswith("Thursdays are Niamh's choir night")
        # the line ends where a clause ends: the turn's "doesnt" is not cut away
        assert "doesn" in said or said.endswith("night too"), line
