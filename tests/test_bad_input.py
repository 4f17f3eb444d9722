"""Bad input gets a clear one-line rejection and loses nothing else (issue 13, items
12-14 and 17)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from dream import DreamOptions, run_dream
from ingest.batch import capture_session_files
from memory_schema import MemoryRepo
from memory_schema.layout import MAX_FILE_BYTES
from tests.test_dream_support import JUNE, MAY, add_sessions


def _session(i: int, content: str) -> str:
    return json.dumps(
        {
            "id": f"s-{i:02d}",
            "started_at": f"2026-06-{1 + i % 28:02d}T10:00:00",
            "turns": [{"role": "user", "content": content}],
        },
        ensure_ascii=True,
    )


def test_a_lone_surrogate_rejects_its_session_only(memory: MemoryRepo, tmp_path: Path):
    lines = [_session(i, f"I planted {i} tulips.") for i in range(40)]
    lines.insert(17, _session(99, "broken \ud800 text"))
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert "\\ud800" in path.read_text()
    result = CliRunner().invoke(
        cli, ["capture", "session", "--memory", str(memory.root), str(path)]
    )
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "40 sessions captured" in result.output and "1 rejected" in result.output
    assert "surrogate" in result.output
    assert len(list((memory.root / "sessions").rglob("s-*.md"))) == 40


def test_a_surrogate_from_any_parser_rejects_one_session(memory: MemoryRepo, tmp_path: Path):
    """The capture step itself refuses text UTF-8 cannot hold, whatever parsed it."""
    path = tmp_path / "chat.json"
    path.write_text(
        json.dumps(
            [
                {"role": "user", "content": "ok"},
                {"role": "assistant", "content": "bad \ud800"},
            ]
        )
    )
    good = tmp_path / "good.jsonl"
    good.write_text(_session(1, "I live in Porto.") + "\n" + _session(2, "I cycle.") + "\n")
    report = capture_session_files(memory, [path, good])
    assert len(report.captured) == 2 and len(report.rejected) == 1
    assert "UTF-8" in (report.rejected[0].message or "")


def test_a_raw_line_separator_inside_json_is_kept(memory: MemoryRepo, tmp_path: Path):
    """U+2028 and U+0085 are legal raw characters in JSON strings; lines end at \\n only."""
    text = "first part\u2028second part\u0085third"
    line = json.dumps(
        {
            "id": "ls-1",
            "started_at": "2026-06-01T10:00:00",
            "turns": [{"role": "user", "content": text}],
        },
        ensure_ascii=False,
    )
    path = tmp_path / "ls.jsonl"
    path.write_text(line + "\n" + _session(3, "another") + "\n", encoding="utf-8")
    report = capture_session_files(memory, [path])
    assert not report.rejected, [o.message for o in report.rejected]
    assert len(report.captured) == 2
    stored = next((memory.root / "sessions").rglob("ls-1.md")).read_text("utf-8")
    assert "first part" in stored and "third" in stored


def test_remember_refuses_a_note_over_the_size_limit(memory: MemoryRepo):
    big = "word " * (MAX_FILE_BYTES // 5 + 1000)
    head = memory.head()
    result = CliRunner().invoke(cli, ["remember", big, "--memory", str(memory.root)])
    assert result.exit_code != 0
    assert "limit for memory files" in result.output and "Traceback" not in result.output
    assert memory.head() == head
    validate = CliRunner().invoke(cli, ["validate", "--memory", str(memory.root)])
    assert validate.exit_code == 0, validate.output


def test_pages_updated_lists_only_pages_the_commit_changed(memory: MemoryRepo):
    add_sessions(memory, MAY)
    run_dream(memory, DreamOptions())
    add_sessions(memory, JUNE)
    result = run_dream(memory, DreamOptions())
    assert result.commit
    changed = subprocess.run(
        ["git", "show", "--name-only", "--format=", result.commit],
        cwd=memory.root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert set(result.pages_updated) <= set(changed), set(result.pages_updated) - set(changed)
    assert set(result.pages_created) <= set(changed)
    title = memory.git("log", "-1", "--format=%s")
    assert f"{len(result.pages_updated)} updated" in title
