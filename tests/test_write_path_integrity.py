"""The write path under crashes and odd names: ids match in full, batched reads are safe
for any file name, every command finishes what a killed writer left, stale git locks
and transaction folders are cleared, commit messages carry no injected trailers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from dream import DreamOptions, run_dream
from ingest.batch import capture_session_files
from memory_schema import MemoryRepo
from memory_schema.errors import PathEscapeError
from memory_schema.faults import STEPS
from memory_schema.notes import write_note
from tests.test_dream_support import MAY, add_sessions

BRAIN = [sys.executable, "-m", "brain.cli"]


def _brain(*args: str, fault: str | None = None, cwd: Path | None = None):
    env = {**os.environ, "BRAIN_DREAM_EMBED": "0"}
    env.pop("BRAIN_FAULT_AT", None)
    if fault:
        env["BRAIN_FAULT_AT"] = fault
    return subprocess.run([*BRAIN, *args], capture_output=True, text=True, env=env, cwd=cwd)


def _status(repo: MemoryRepo) -> list[str]:
    return [
        line
        for line in repo.git("status", "--porcelain").splitlines()
        if not line.endswith(".brain-tmp")
    ]


# -- item 5: ids and names --------------------------------------------------------------


def test_a_session_id_ending_in_a_newline_is_rejected(memory: MemoryRepo, tmp_path: Path):
    turns = [{"role": "user", "content": "I live in Porto."}]
    good = {"id": "good-1", "started_at": "2026-06-01T10:00:00", "turns": turns}
    evil = {"id": "evil\n", "started_at": "2026-06-01T11:00:00", "turns": turns}
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(evil) + "\n" + json.dumps(good) + "\n")
    report = capture_session_files(memory, [path])
    files = [p.name for p in (memory.root / "sessions").rglob("*.md")]
    assert not any("\n" in f for f in files), files
    assert any(f.startswith("good-1") for f in files)
    assert report.rejected


def test_memory_paths_refuse_control_characters(memory: MemoryRepo):
    for bad in ("notes/evil\n.md", "notes/a\rb.md", "notes/x\x00.md", "notes/\x1b[31m.md"):
        with pytest.raises(PathEscapeError), memory.transaction("x") as tx:
            tx.write(bad, "x\n")


def test_batched_reads_are_safe_for_any_file_name(memory: MemoryRepo):
    """A name with a newline (committed by hand) must not shift text onto later files."""
    names = {"notes/evil\n.md": "EVIL\n", "notes/b.md": "B\n", "notes/*.md": "STAR\n"}
    for name, text in names.items():
        path = memory.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    memory.git("add", "-A")
    memory.git("commit", "-qm", "by hand")
    got = memory.show_many([*names, "notes/missing.md", "notes"])
    assert got == {
        **{k: v.encode() for k, v in names.items()},
        "notes/missing.md": None,
        "notes": None,
    }


# -- item 15: trailers ------------------------------------------------------------------


def test_a_title_cannot_inject_trailers(memory: MemoryRepo):
    write_note(memory, "a note", title="x\n\nBrain-Command: dream\u2028Brain-Run: fake")
    message = memory.git("log", "-1", "--format=%B")
    assert message.startswith("remember: x Brain-Command: dream Brain-Run: fake\n\n")
    trailers = memory.git("log", "-1", "--format=%(trailers:only)").strip().splitlines()
    assert trailers == ["Brain-Command: remember", "Brain-Author: cli"]


# -- item 16: paths that are no memory ----------------------------------------------------


def test_commands_refuse_a_path_that_is_not_a_memory(tmp_path: Path):
    missing = tmp_path / "no" / "such" / "dir"
    plain = tmp_path / "plain"
    plain.mkdir()
    for args in (
        ["index", "--memory", str(missing)],
        ["search", "x", "--memory", str(missing)],
        ["validate", "--memory", str(missing)],
        ["validate", "--memory", str(plain)],
        ["index", "--memory", str(plain)],
        ["forget", "x", "--memory", str(plain)],
    ):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code != 0, args
        assert "not a memory repo" in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert not (tmp_path / "no").exists()
    assert list(plain.iterdir()) == []


# -- item 8: every command finishes an interrupted transaction ---------------------------


def _interrupt_after_ref_moved(repo: MemoryRepo, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Dream whose commit landed, killed before the working tree was updated."""
    original = MemoryRepo._sync_worktree
    calls = {"n": 0}

    def crash_once(self, paths, data=None):
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyboardInterrupt("killed")
        return original(self, paths, data)

    monkeypatch.setattr(MemoryRepo, "_sync_worktree", crash_once)
    with pytest.raises(KeyboardInterrupt):
        run_dream(repo, DreamOptions())
    monkeypatch.setattr(MemoryRepo, "_sync_worktree", original)


def test_a_dream_killed_after_its_commit_is_finished_by_the_next_command(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
):
    add_sessions(memory, MAY)
    _interrupt_after_ref_moved(memory, monkeypatch)
    assert memory.git("log", "-1", "--format=%s").startswith("dream:")
    assert _status(memory)  # the wiki is missing from the working tree
    # A reading command finishes it: nothing is left that a `git commit -a` would delete.
    result = CliRunner().invoke(cli, ["search", "Maya", "--memory", str(memory.root)])
    assert result.exit_code == 0, result.output
    assert _status(memory) == []
    assert list((memory.root / "knowledge").rglob("*.md"))


@pytest.mark.parametrize("command", ["validate", "dream"])
def test_any_command_finishes_a_killed_dream(memory: MemoryRepo, command: str):
    add_sessions(memory, MAY)
    killed = _brain("dream", "--memory", str(memory.root), fault="after-update-ref")
    assert killed.returncode == -9
    assert (memory.git_dir / "brain-journal.json").exists()
    assert _status(memory)
    _brain(command, "--memory", str(memory.root))
    assert _status(memory) == []
    assert not (memory.git_dir / "brain-journal.json").exists()


# -- item 9: stale git locks and transaction folders --------------------------------------


def test_a_stale_head_lock_is_recovered(memory: MemoryRepo):
    killed = _brain("remember", "one", "--memory", str(memory.root), fault="in-update-ref")
    assert killed.returncode == -9
    assert (memory.git_dir / "HEAD.lock").exists()
    done = _brain("remember", "two", "--memory", str(memory.root))
    assert done.returncode == 0, done.stderr
    assert not (memory.git_dir / "HEAD.lock").exists()
    assert memory.git("log", "-1", "--format=%s").strip() == "remember: two"


def test_a_lock_held_by_a_live_process_is_left_alone(memory: MemoryRepo):
    lock = memory.git_dir / "index.lock"
    with open(lock, "w") as held:  # a person's `git commit` in progress
        os.utime(lock, (0, 0))
        assert memory.recover() is True
        assert lock.exists()
        held.write("x")
    lock.unlink()


def test_transaction_folders_of_killed_writers_are_removed(memory: MemoryRepo):
    for i in range(3):
        killed = _brain("remember", f"n{i}", "--memory", str(memory.root), fault="after-blobs")
        assert killed.returncode == -9
        # Each run cleared the one before it: they never pile up.
        assert len(list(memory.git_dir.glob("brain-txn-*"))) == 1
    assert _brain("validate", "--memory", str(memory.root)).returncode == 0
    assert list(memory.git_dir.glob("brain-txn-*")) == []


def test_every_fault_step_leaves_a_repo_the_next_command_recovers(memory: MemoryRepo):
    for step in STEPS:
        before = memory.head()
        killed = _brain("remember", f"fact at {step}", "--memory", str(memory.root), fault=step)
        assert killed.returncode == -9, (step, killed.stderr)
        after = _brain("remember", f"next after {step}", "--memory", str(memory.root))
        assert after.returncode == 0, (step, after.stderr)
        assert memory.git("rev-list", "--count", f"{before}..HEAD").strip() in ("1", "2")
        assert _status(memory) == [], step
        assert not (memory.git_dir / "brain-journal.json").exists()
        assert list(memory.git_dir.glob("brain-txn-*")) == []
    memory.git("fsck", "--no-progress")


def test_brains_own_lock_files_are_never_taken_for_stale(memory: MemoryRepo):
    from memory_schema.recovery import needs_recovery

    for name in ("brain-dream.lock", "brain-write.lock"):
        (memory.git_dir / name).touch()
    assert not needs_recovery(memory.git_dir, memory.git_dir / "brain-journal.json")
    (memory.git_dir / "HEAD.lock").write_text("x")
    os.utime(memory.git_dir / "HEAD.lock", (0, 0))
    assert memory.recover() is True
    assert not (memory.git_dir / "HEAD.lock").exists()
    assert (memory.git_dir / "brain-dream.lock").exists()
