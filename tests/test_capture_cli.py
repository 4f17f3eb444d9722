"""`brain capture session` end to end: real files, a real memory repo, exit codes, --json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo
from validators import validate_tree

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_capture_session_files_human_output(memory: MemoryRepo) -> None:
    code, out, _ = _run(
        "capture",
        "session",
        "--memory",
        str(memory.root),
        str(FIXTURES / "sessions.jsonl"),
        str(FIXTURES / "claude_code.jsonl"),
    )
    assert code == 0, out
    assert "captured   sessions/2026/06/2026-06-15-onboarding.md (3 turns)" in out
    assert "3 sessions captured, 0 unchanged, 0 rejected (commit " in out
    code, out, _ = _run(
        "capture", "session", "--memory", str(memory.root), str(FIXTURES / "sessions.jsonl")
    )
    assert code == 0 and "0 sessions captured, 2 unchanged, 0 rejected" in out
    assert validate_tree(memory.root).ok


def test_capture_folder_and_json_report(memory: MemoryRepo, tmp_path: Path) -> None:
    drop = tmp_path / "drop"
    drop.mkdir()
    for name in ("openai_list.json", "transcript.md"):
        shutil.copy(FIXTURES / name, drop / name)
    (drop / ".hidden.json").write_text("not json at all")
    code, out, _ = _run("capture", "session", "--memory", str(memory.root), "--json", str(drop))
    assert code == 0
    data = json.loads(out)
    assert sorted(Path(o["origin"]).name for o in data["captured"]) == [
        "openai_list.json",
        "transcript.md",
    ]
    assert data["skipped"] == [] and data["rejected"] == [] and data["commit"]


def test_batch_with_a_bad_file_captures_the_good_ones_and_exits_1(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('[{"role": "user", "content": "unterminated')
    code, out, _ = _run(
        "capture",
        "session",
        "--memory",
        str(memory.root),
        "--json",
        str(FIXTURES / "openai_list.json"),
        str(bad),
    )
    assert code == 1
    data = json.loads(out)
    assert [Path(o["origin"]).name for o in data["captured"]] == ["openai_list.json"]
    [rejected] = data["rejected"]
    assert rejected["origin"] == str(bad) and rejected["message"].startswith("not valid JSON")


def test_all_bad_input_makes_no_commit_and_reports_one_line(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    head = memory.head()
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(bytes(range(256)) * 10)
    code, out, err = _run("capture", "session", "--memory", str(memory.root), str(junk))
    assert code == 1
    assert f"rejected   {junk}: binary data, not text" in err
    assert "0 sessions captured, 0 unchanged, 1 rejected" in out
    assert memory.head() == head
    assert not list((memory.root / "sessions").rglob("*.md"))


def test_unknown_forced_format_is_one_clean_error(memory: MemoryRepo) -> None:
    code, _, err = _run(
        "capture",
        "session",
        "--memory",
        str(memory.root),
        "--format",
        "whatsapp",
        str(FIXTURES / "openai_list.json"),
    )
    assert code == 1
    assert err.strip() == (
        "Error: unknown session format 'whatsapp'; supported: brain, openai, claude-code, "
        "chatgpt-export, claude-export, "
        "locomo, longmemeval, markdown"
    )


def test_non_utf8_file_is_captured_with_a_warning(memory: MemoryRepo, tmp_path: Path) -> None:
    f = tmp_path / "old.md"
    f.write_bytes("## User\n\nna\xefve question\n\n## Assistant\n\nanswer\n".encode("latin-1"))
    code, out, err = _run("capture", "session", "--memory", str(memory.root), str(f))
    assert code == 0
    assert "warning:" in err and "not valid UTF-8" in err
    assert "1 session captured" in out


def test_missing_memory_is_one_clean_error(tmp_path: Path) -> None:
    code, _, err = _run(
        "capture", "session", "--memory", str(tmp_path / "nope"), str(FIXTURES / "openai_list.json")
    )
    assert code == 1 and err.startswith("Error:") and "brain init" in err
