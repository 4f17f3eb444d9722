"""LoCoMo and LongMemEval parsers, on small sample files and (marked) the real data."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ingest.capture import capture_sessions
from ingest.formats import locomo, longmemeval, parse_file
from memory_schema import MemoryRepo
from memory_schema.store import load_session
from validators import validate_tree

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"


def test_locomo_sessions_ids_dates_roles_and_dia_ids() -> None:
    sessions = locomo.parse(FIXTURES / "locomo_small.json")
    assert [s.id for s in sessions] == ["conv-t1-s1", "conv-t1-s2"]  # session_3 has no turns
    s1 = sessions[0]
    assert s1.format == "locomo"
    assert s1.started == dt.datetime(2023, 5, 8, 13, 56)
    assert s1.extra["conversation"] == "conv-t1"
    assert [t.speaker for t in s1.turns] == ["Ana", "Ben", "Ana"]
    assert [t.role for t in s1.turns] == ["user", "assistant", "user"]
    assert [t.meta["dia_id"] for t in s1.turns] == ["D1:1", "D1:2", "D1:3"]
    assert sessions[1].started == dt.datetime(2023, 6, 19, 10, 4)
    assert [t.role for t in sessions[1].turns] == ["assistant", "user"]


def test_locomo_image_turn_keeps_caption_and_drops_generated_summaries(memory: MemoryRepo) -> None:
    sessions = locomo.parse(FIXTURES / "locomo_small.json")
    photo = sessions[0].turns[2]
    assert photo.content == (
        "Look what I painted! [shares a photo: a photo of a painting of a sunrise over a lake]"
    )
    assert photo.meta["img_url"] == "https://example.org/p.jpg"
    capture_sessions(memory, sessions)
    text = "\n".join(p.read_text() for p in (memory.root / "sessions").rglob("*.md"))
    assert "SECRET" not in text and "Ana paints." not in text
    assert "dia_id: D1:3" in text


def test_locomo_date_parser_handles_every_shape() -> None:
    assert locomo.parse_date("1:56 pm on 8 May, 2023") == dt.datetime(2023, 5, 8, 13, 56)
    assert locomo.parse_date("12:17 am on 10 January, 2024") == dt.datetime(2024, 1, 10, 0, 17)
    assert locomo.parse_date("10:04 am on 19 June,2023") == dt.datetime(2023, 6, 19, 10, 4)


def test_longmemeval_dedupes_sessions_and_keeps_has_answer() -> None:
    sessions = longmemeval.parse(FIXTURES / "longmemeval_small.json")
    assert [s.id for s in sessions] == ["sharegpt_abc_0", "answer_x_1", "other-id-9"]
    answer = sessions[1]
    assert answer.format == "longmemeval"
    assert answer.started == dt.datetime(2023, 8, 2, 5, 58)
    assert [t.meta for t in answer.turns] == [{"has_answer": True}, {"has_answer": False}]
    assert answer.title == "I just bought a blue Golf."
    assert sessions[2].extra == {"longmemeval_id": "other/id 9"}
    assert sessions[0].turns[0].meta == {}


def test_detection_picks_the_benchmark_formats() -> None:
    assert parse_file(FIXTURES / "locomo_small.json")[0] == "locomo"
    assert parse_file(FIXTURES / "longmemeval_small.json")[0] == "longmemeval"


@pytest.mark.dataset
def test_whole_locomo_captures_272_sessions_and_5882_turns(
    memory: MemoryRepo, locomo_path: Path
) -> None:
    sessions = locomo.parse(locomo_path)
    report = capture_sessions(memory, sessions)
    assert len(report.captured) == 272 and not report.rejected
    files = [p for p in (memory.root / "sessions").rglob("*.md") if p.name != "index.md"]
    assert len(files) == 272
    total = 0
    dia_ids = set()
    for f in files:
        s = load_session(memory.root, f.relative_to(memory.root).as_posix())
        total += len(s.turns)
        dia_ids |= {t.meta["dia_id"] for t in s.turns}
    assert total == 5882 and len(dia_ids) > 0
    conv26 = load_session(memory.root, "sessions/2023/05/conv-26-s1.md")
    assert conv26.turns[0].meta["dia_id"] == "D1:1"
    assert conv26.participants == ["Caroline", "Melanie"]
    assert validate_tree(memory.root).ok
    # Capturing it all again changes nothing.
    again = capture_sessions(memory, locomo.parse(locomo_path))
    assert again.commit is None and len(again.skipped) == 272


@pytest.mark.dataset
def test_longmemeval_smoke_file_captures(memory: MemoryRepo, longmemeval_path: Path) -> None:
    sessions = longmemeval.parse(longmemeval_path)
    assert len({s.id for s in sessions}) == len(sessions) > 0
    assert any(t.meta.get("has_answer") for s in sessions for t in s.turns)
    report = capture_sessions(memory, sessions)
    assert not report.rejected and report.commit is not None
    assert validate_tree(memory.root).ok
