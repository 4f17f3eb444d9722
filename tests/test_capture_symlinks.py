"""`brain capture source|session DIR` and `brain watch` never capture a symlink out of
the folder (a planted `evil.md -> /etc/shadow` was committed as a source)."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from ingest.watch import watch_folder
from memory_schema import MemoryRepo

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"
SECRET = "root:TOPSECRET-shadow-41c7"


def _everything_committed(repo: MemoryRepo) -> str:
    """Every blob of every commit, as text: where a leak would show for good."""
    out = subprocess.run(
        ["git", "log", "--all", "-p", "--format=%B"],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out + "".join(p.read_text() for p in repo.root.rglob("*.md"))


def _plant(tmp_path: Path) -> tuple[Path, Path]:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "shadow.md").write_text(f"# Shadow\n\n{SECRET}\n")
    shutil.copy(FIXTURES / "sessions.jsonl", outside / "secret-sessions.jsonl")
    drop = tmp_path / "drop"
    drop.mkdir()
    (drop / "good.md").write_text("# Good\n\nThe boiler is serviced in May.\n")
    (drop / "evil.md").symlink_to(outside / "shadow.md")
    (drop / "chat.jsonl").symlink_to(outside / "secret-sessions.jsonl")
    (drop / "linked-dir").symlink_to(outside)
    return drop, outside


def test_capture_source_dir_refuses_symlinks_out(memory: MemoryRepo, tmp_path: Path):
    drop, _ = _plant(tmp_path)
    result = CliRunner().invoke(cli, ["capture", "source", "--memory", str(memory.root), str(drop)])
    assert result.exit_code == 1, result.output
    assert "evil.md" in result.output and "symlink" in result.output
    captured = list((memory.root / "sources").glob("good-*.md"))
    assert len(captured) == 1
    assert SECRET not in _everything_committed(memory)


def test_capture_session_dir_refuses_symlinks_out(memory: MemoryRepo, tmp_path: Path):
    drop, _ = _plant(tmp_path)
    result = CliRunner().invoke(
        cli, ["capture", "session", "--memory", str(memory.root), str(drop)]
    )
    assert result.exit_code == 1, result.output
    assert "chat.jsonl" in result.output and "symlink" in result.output
    assert not list((memory.root / "sessions").rglob("2026-06-15-onboarding.md"))


def test_watch_refuses_symlinks_out(memory: MemoryRepo, tmp_path: Path):
    drop, _ = _plant(tmp_path)
    lines: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(
        target=lambda: watch_folder(memory, drop, stop=stop, log=lines.append, debounce=0.3),
        daemon=True,
    )
    thread.start()
    try:
        deadline = time.monotonic() + 30
        want = ("captured good.md", "refused evil.md", "refused chat.jsonl")
        while time.monotonic() < deadline and not all(
            any(w in line for line in lines) for w in want
        ):
            time.sleep(0.05)
        # A symlink dropped while watching is refused too.
        (drop / "late.md").symlink_to(tmp_path / "outside" / "shadow.md")
        while time.monotonic() < deadline and not any("refused late.md" in x for x in lines):
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(timeout=10)
    for w in (*want, "refused late.md"):
        assert any(w in line for line in lines), (w, lines)
    assert SECRET not in _everything_committed(memory)
    assert not list((memory.root / "sessions").rglob("2026-06-15-onboarding.md"))
