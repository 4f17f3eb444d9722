"""capture_sessions: files, sessions index, idempotence, growth, conflicts, one commit."""

from __future__ import annotations

import json
from pathlib import Path

from ingest.capture import capture_sessions
from ingest.formats import brain_jsonl, parse_file
from memory_schema import MemoryRepo, Session, Turn
from memory_schema.store import load_session
from validators import validate_tree

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"


def _commits(repo: MemoryRepo) -> int:
    return int(repo.git("rev-list", "--count", "HEAD").strip())


def _session(n: int, sid: str = "chat-1") -> Session:
    turns = [
        Turn(role="user" if i % 2 == 0 else "assistant", content=f"message number {i}")
        for i in range(n)
    ]
    return Session(id=sid, title="A chat", format="brain", turns=turns, started=None)


def test_brain_jsonl_parses_every_field() -> None:
    sessions = brain_jsonl.parse(FIXTURES / "sessions.jsonl")
    assert [s.id for s in sessions] == ["2026-06-15-onboarding", "2026-06-16-standup"]
    first, second = sessions
    assert first.title == "Onboarding with Maya"
    assert first.turns[0].speaker == "Maya" and first.turns[0].at is not None
    assert first.turns[2].meta == {"mood": "busy"}
    assert first.participants == ["Maya", "assistant"]
    assert second.title == "Standup moved to 9:15."  # no title: first user line
    assert [t.role for t in second.turns] == ["system", "user", "tool"]
    assert second.turns[2].speaker == "calendar"
    assert parse_file(FIXTURES / "sessions.jsonl")[0] == "brain"


def test_brain_jsonl_round_trips_through_to_obj(tmp_path: Path) -> None:
    sessions = brain_jsonl.parse(FIXTURES / "sessions.jsonl")
    out = tmp_path / "copy.jsonl"
    out.write_text("\n".join(json.dumps(brain_jsonl.to_obj(s)) for s in sessions))
    again = brain_jsonl.parse(out)
    assert [s.render() for s in again] == [s.render() for s in sessions]


def test_capture_writes_transcripts_index_and_one_commit(memory: MemoryRepo) -> None:
    before = _commits(memory)
    sessions = brain_jsonl.parse(FIXTURES / "sessions.jsonl")
    report = capture_sessions(memory, sessions)
    assert [o.status for o in report.outcomes] == ["captured", "captured"]
    assert _commits(memory) == before + 1
    assert report.commit is not None
    assert "Brain-Command: capture" in report.commit.message
    assert "Brain-Sessions: 2026-06-15-onboarding, 2026-06-16-standup" in report.commit.message
    s = load_session(memory.root, "sessions/2026/06/2026-06-15-onboarding.md")
    assert s.title == "Onboarding with Maya" and len(s.turns) == 3
    index = (memory.root / "sessions/index.md").read_text()
    assert "[[sessions/2026/06/2026-06-16-standup|2026-06-16-standup]]" in index
    assert index.index("2026-06-16-standup") < index.index("2026-06-15-onboarding")  # newest first
    assert validate_tree(memory.root).ok


def test_same_session_again_changes_nothing(memory: MemoryRepo) -> None:
    sessions = brain_jsonl.parse(FIXTURES / "sessions.jsonl")
    capture_sessions(memory, sessions)
    head = memory.head()
    report = capture_sessions(memory, brain_jsonl.parse(FIXTURES / "sessions.jsonl"))
    assert report.commit is None and memory.head() == head
    assert [o.status for o in report.outcomes] == ["unchanged", "unchanged"]
    assert len(report.skipped) == 2 and not report.captured


def test_grown_session_appends_and_keeps_old_anchors(memory: MemoryRepo) -> None:
    capture_sessions(memory, [_session(3)])
    rel = _session(3).path
    old_text = (memory.root / rel).read_text()
    old_body = old_text.split("\n---\n", 1)[1]
    report = capture_sessions(memory, [_session(5)])
    assert report.outcomes[0].status == "grown" and report.outcomes[0].added == 2
    new_text = (memory.root / rel).read_text()
    assert new_text.split("\n---\n", 1)[1].startswith(old_body)  # old blocks byte-identical
    s = load_session(memory.root, rel)
    assert [t.content for t in s.turns][-2:] == ["message number 3", "message number 4"]
    assert "turn_count: 5" in new_text
    assert "5 turns" in (memory.root / "sessions/index.md").read_text()
    # An older, shorter copy arriving later changes nothing.
    assert capture_sessions(memory, [_session(2)]).outcomes[0].status == "unchanged"


def test_conflicting_session_is_rejected_and_others_still_captured(memory: MemoryRepo) -> None:
    capture_sessions(memory, [_session(2)])
    other = Session(
        id="chat-1", title="x", format="brain", turns=[Turn(role="user", content="different")]
    )
    report = capture_sessions(memory, [other, _session(2, "chat-2")])
    statuses = {o.id: o.status for o in report.outcomes}
    assert statuses == {"chat-1": "rejected", "chat-2": "captured"}
    assert "different turns" in (report.rejected[0].message or "")
    assert load_session(memory.root, _session(2).path).turns[0].content == "message number 0"


def test_empty_session_is_rejected_without_a_file(memory: MemoryRepo) -> None:
    empty = Session(id="empty-1", title="nothing", format="brain", turns=[])
    report = capture_sessions(memory, [empty])
    assert report.rejected[0].message == "empty session (no turns)"
    assert report.commit is None
    assert not list((memory.root / "sessions").rglob("empty-1.md"))


def test_index_is_rebuilt_when_missing_or_edited(memory: MemoryRepo) -> None:
    capture_sessions(memory, [_session(2, "a-1")])
    with memory.transaction("edit index by hand") as tx:
        tx.write("sessions/index.md", "# Sessions\n\n- something a person wrote\n")
    capture_sessions(memory, [_session(2, "b-1")])
    index = (memory.root / "sessions/index.md").read_text()
    assert "|a-1]]" in index and "|b-1]]" in index


def test_progress_called_once_per_session(memory: MemoryRepo) -> None:
    seen: list[str] = []
    sessions = brain_jsonl.parse(FIXTURES / "sessions.jsonl")
    capture_sessions(memory, sessions, progress=lambda s: seen.append(s.id))
    assert seen == ["2026-06-15-onboarding", "2026-06-16-standup"]
