"""Changes of value in wordings no grammar rule covers, found by what their clause is
nearest to ("goodbye X", "I use X now"), and values that are no values."""

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
    {"id": "2026-01-05-notes", "started_at": "2026-01-05T09:00:00+00:00", "title": "notes",
     "turns": [
         {"role": "user", "content": "ok goodbye evernote, i keep all my notes in Obsidian now"},
         {"role": "assistant", "content": "Nice, Obsidian is great. Many people use Bear."},
         {"role": "user", "content": "my brother swears by Notion these days, he uses it for "
                                     "everything"},
         {"role": "user", "content": "i might try Logseq now, not sure"},
         {"role": "user", "content": "my mother is very happy about the new flat"},
     ]},
    {"id": "2026-02-10-mail", "started_at": "2026-02-10T09:00:00+00:00", "title": "mail",
     "turns": [{"role": "user", "content": "goodbye gmail, I use Fastmail now"}]},
]  # fmt: skip


def section(text: str, name: str) -> list[str]:
    m = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return [x for x in (m.group(1).splitlines() if m else []) if x.startswith("- ")]


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    tmp = tmp_path_factory.mktemp("values")
    f = tmp / "notes.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS))
    repo, _ = init_memory(tmp / "memory")
    assert capture_sessions(repo, parse_file(f)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return (tmp / "memory/knowledge/people/User.md").read_text()


def test_an_ended_value_and_its_successor_become_current_and_history(profile: str) -> None:
    current, history = section(profile, "Current"), section(profile, "History")
    assert any("Obsidian — since 2026-01-05" in x for x in current)
    assert any("evernote" in x.lower() and "to 2026-01-05" in x for x in history)
    assert not any("evernote" in x.lower() for x in current)


def test_someone_elses_tool_hedges_and_moods_are_no_current_values(profile: str) -> None:
    current = " ".join(section(profile, "Current"))
    assert "Notion" not in current and "Logseq" not in current and "Bear" not in current
    assert "Happy" not in current and "Mother" not in current


def test_a_value_is_current_even_when_a_rule_listed_the_tool(profile: str) -> None:
    current, history = section(profile, "Current"), section(profile, "History")
    assert any("Fastmail — since 2026-02-10" in x for x in current)
    assert any("gmail" in x and "to 2026-02-10" in x for x in history)
