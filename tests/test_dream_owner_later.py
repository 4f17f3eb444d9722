"""The owner set after a Dream already wrote the profile under the stand-in "User": the
next Dream moves the profile to the owner's page and every link and line follows."""

from __future__ import annotations

import json
from pathlib import Path

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from memory_schema import init_memory
from memory_schema.memory_config import update_config
from search import get_embedder
from validators import validate_tree

FIRST = [
    {"id": "2026-02-03-a", "started_at": "2026-02-03T08:10:00+00:00", "title": "morning",
     "turns": [
         {"role": "user", "content": "ok so i work at a bakery in porto and my boss is Rui "
                                     "Santos. he is strict but fair"},
         {"role": "assistant", "content": "Sounds like a good place."},
         {"role": "user", "content": "my sister Ines is visiting next week, she lives in Braga"},
     ]},
]  # fmt: skip
LATER = [
    {"id": "2026-03-03-c", "started_at": "2026-03-03T08:10:00+00:00", "title": "third",
     "turns": [
         {"role": "user", "content": "Rui Santos promoted me to head baker today, so happy"},
         {"role": "assistant", "content": "Congrats!"},
     ]},
]  # fmt: skip


def _capture(repo, tmp_path: Path, name: str, sessions: list[dict]) -> None:
    f = tmp_path / name
    f.write_text("".join(json.dumps(s) + "\n" for s in sessions))
    assert capture_sessions(repo, parse_file(f)[1]).ok


def test_owner_set_later_takes_over_the_user_profile(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    repo, _ = init_memory(root)
    embedder = get_embedder()
    _capture(repo, tmp_path, "first.jsonl", FIRST)
    assert run_dream(repo, DreamOptions(embedder=embedder)).committed
    assert (root / "knowledge/people/User.md").exists()

    update_config(repo, "owner", "Marta Silva")
    _capture(repo, tmp_path, "later.jsonl", LATER)
    assert run_dream(repo, DreamOptions(embedder=embedder)).committed

    assert not (root / "knowledge/people/User.md").exists()
    profile = (root / "knowledge/people/Marta Silva.md").read_text()
    assert "type: profile" in profile and "- User" in profile  # the old name, an alias
    # What the first Dream learned is on the owner's page, with its evidence.
    assert "**Boss:** [[Rui Santos]]" in profile
    assert "[[sessions/2026/02/2026-02-03-a#^t1]]" in profile
    assert "promoted" in profile
    boss = (root / "knowledge/people/Rui Santos.md").read_text()
    assert "Boss of [[Marta Silva]]" in boss and "[[User" not in boss
    summary = next((root / "sessions").rglob("2026-02-03-a.summary.md")).read_text()
    assert "User" not in summary and "Marta Silva's sister" in summary
    assert "- Marta Silva\n" in summary  # the frontmatter's subjects
    assert "Marta Silva" in (root / "INDEX.md").read_text()
    assert not validate_tree(root).errors


def test_owner_set_by_hand_from_the_start_moves_nothing(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    repo, _ = init_memory(root, owner="Marta Silva")
    embedder = get_embedder()
    _capture(repo, tmp_path, "first.jsonl", FIRST)
    assert run_dream(repo, DreamOptions(embedder=embedder)).committed
    _capture(repo, tmp_path, "later.jsonl", LATER)
    assert run_dream(repo, DreamOptions(embedder=embedder)).committed
    profile = (root / "knowledge/people/Marta Silva.md").read_text()
    assert "aliases: []" in profile and not (root / "knowledge/people/User.md").exists()
