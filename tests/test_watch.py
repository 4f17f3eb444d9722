"""`brain watch`: a real watchdog observer on a temp folder, files really dropped in."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ingest.watch import route, watch_folder
from memory_schema import MemoryRepo
from memory_schema.store import load_session
from tests.fixtures.ingest.docgen import make_docx
from validators import validate_tree

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"


def _wait_for(pred: Callable[[], bool], timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


class _Watcher:
    def __init__(self, repo: MemoryRepo, folder: Path) -> None:
        self.lines: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=watch_folder,
            kwargs={
                "repo": repo,
                "folder": folder,
                "stop": self.stop,
                "log": self.lines.append,
                "debounce": 0.3,
            },
            daemon=True,
        )

    def has(self, *parts: str) -> bool:
        return any(all(p in line for p in parts) for line in list(self.lines))


@pytest.fixture
def watcher(memory: MemoryRepo, tmp_path: Path) -> Iterator[tuple[_Watcher, Path]]:
    drop = tmp_path / "drop"
    drop.mkdir()
    shutil.copy(FIXTURES / "openai_list.json", drop / "already-there.json")
    w = _Watcher(memory, drop)
    w.thread.start()
    assert _wait_for(lambda: w.has("watching"))
    try:
        yield w, drop
    finally:
        w.stop.set()
        w.thread.join(timeout=10)
        assert not w.thread.is_alive()


def test_dropped_files_are_captured_with_a_log_line_each(
    watcher: tuple[_Watcher, Path], memory: MemoryRepo
) -> None:
    w, drop = watcher
    assert _wait_for(lambda: w.has("captured already-there.json -> sessions/"))
    shutil.copy(FIXTURES / "sessions.jsonl", drop / "chat.jsonl")
    (drop / "notes.md").write_text("# Notes\n\nThe boiler is serviced in May.\n")
    shutil.copy(FIXTURES / "transcript.md", drop / "talk.md")
    make_docx(drop / "handbook.docx")
    (drop / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    (drop / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    (drop / ".~lock.notes.md#").write_text("editor lock file")
    (drop / "sub").mkdir()
    (drop / "sub" / "deep.txt").write_text("Deep\n\nNested folders are watched too.\n")
    assert _wait_for(
        lambda: (
            w.has("captured chat.jsonl -> sessions/2026/06/2026-06-15-onboarding.md")
            and w.has("captured chat.jsonl -> sessions/2026/06/2026-06-16-standup.md")
            and w.has("captured notes.md -> sources/notes-")
            and w.has("captured talk.md -> sessions/2026/03/")
            and w.has("captured handbook.docx -> sources/team-handbook-")
            and w.has("rejected broken.pdf: not a readable PDF")
            and w.has("ignored photo.jpg")
            and w.has("captured sub/deep.txt -> sources/deep-")
        )
    ), w.lines
    assert not w.has(".~lock")
    assert validate_tree(memory.root).ok


def test_a_file_written_slowly_is_captured_once_and_growth_is_appended(
    watcher: tuple[_Watcher, Path], memory: MemoryRepo
) -> None:
    w, drop = watcher
    lines = (FIXTURES / "claude_code.jsonl").read_text().splitlines(keepends=True)
    target = drop / "live.jsonl"
    with target.open("w") as fh:  # written in pieces faster than the debounce
        for line in lines[:4]:
            fh.write(line)
            fh.flush()
            time.sleep(0.05)
    assert _wait_for(lambda: w.has("captured live.jsonl"))
    time.sleep(0.5)
    assert sum("live.jsonl" in line for line in w.lines) == 1
    with target.open("a") as fh:
        fh.writelines(lines[4:])
    assert _wait_for(lambda: w.has("grown live.jsonl", "(+2 turns)")), w.lines
    rel = "sessions/2025/05/4f35e220-c435-4cf7-b9b9-f40426042847.md"
    assert len(load_session(memory.root, rel).turns) == 5


def test_route_by_extension_and_content(tmp_path: Path) -> None:
    md_chat = tmp_path / "a.md"
    shutil.copy(FIXTURES / "transcript.md", md_chat)
    md_doc = tmp_path / "b.md"
    md_doc.write_text("# Doc\n\ntext\n")
    assert route(md_chat) == "session" and route(md_doc) == "source"
    assert route(tmp_path / "x.jsonl") == "session"
    assert route(tmp_path / "x.pdf") == "source"
    assert route(tmp_path / "x.pdf.part") is None and route(tmp_path / "x.png") is None


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_brain_watch_command_runs_until_interrupted(
    memory: MemoryRepo, tmp_path: Path, signum: int
) -> None:
    drop = tmp_path / "drop"
    drop.mkdir()
    env = {**os.environ, "BRAIN_MEMORY": str(memory.root)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "brain.cli", "watch", str(drop), "--debounce", "0.2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(iter(proc.stdout.readline, "")))  # type: ignore[union-attr]
    reader.start()
    try:
        assert _wait_for(lambda: any("watching" in line for line in out)), out
        (drop / "todo.txt").write_text("Todo\n\nCall the plumber.\n")
        assert _wait_for(lambda: any("captured todo.txt -> sources/" in ln for ln in out)), out
    finally:
        proc.send_signal(signum)
        proc.wait(timeout=20)
        reader.join(timeout=5)
    assert proc.returncode == 0 and out[-1].strip() == "stopped"
    data = json.loads(
        subprocess.run(
            [sys.executable, "-m", "brain.cli", "validate", "--json"],
            capture_output=True,
            text=True,
            env=env,
        ).stdout
    )
    assert data["ok"] is True
