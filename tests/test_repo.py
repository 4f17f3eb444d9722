"""The memory repo and its one write path, on real Git repos."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from memory_schema import MemoryRepo, NotAMemoryError, PathEscapeError, init_memory
from validators import validate_tree


def commits(repo: MemoryRepo) -> list[str]:
    return repo.git("log", "--format=%s").strip().splitlines()


def test_init_creates_the_tree_and_one_commit(tmp_path):
    repo, commit = init_memory(tmp_path / "m")
    root = repo.root
    for rel in [
        "INDEX.md",
        ".brain/instructions.md",
        ".brain/forget.md",
        ".gitignore",
        ".obsidian/app.json",
        "knowledge/people/.gitkeep",
        "notes/.gitkeep",
        "sessions/.gitkeep",
        "sources/.gitkeep",
    ]:
        assert (root / rel).is_file(), rel
    assert commit is not None
    assert commits(repo) == ["init: create memory"]
    assert ".brain/cache/" in (root / ".gitignore").read_text()
    assert repo.git("status", "--porcelain") == ""
    # Idempotent: a second init makes no commit.
    _, again = init_memory(root)
    assert again is None and len(commits(repo)) == 1


def test_open_refuses_a_plain_directory(tmp_path):
    with pytest.raises(NotAMemoryError):
        MemoryRepo.open(tmp_path)


def test_transaction_makes_exactly_one_commit_with_trailers(memory):
    with memory.transaction(
        "capture: two files", {"Brain-Command": "test", "Brain-Run": "r1"}
    ) as tx:
        tx.write("notes/a.md", "a\n")
        tx.write("notes/b b.md", "b\n")
    assert tx.commit is not None
    assert set(tx.commit.paths) == {"notes/a.md", "notes/b b.md"}
    body = memory.git("log", "-1", "--format=%B")
    assert body.startswith("capture: two files\n\nBrain-Command: test\nBrain-Run: r1")
    trailers = memory.git("log", "-1", "--format=%(trailers:key=Brain-Run,valueonly)").strip()
    assert trailers == "r1"
    assert memory.git("status", "--porcelain") == ""
    assert (memory.root / "notes/b b.md").read_text() == "b\n"


def test_unchanged_writes_make_no_commit(memory):
    with memory.transaction("first") as tx:
        tx.write("notes/a.md", "same\n")
    with memory.transaction("second") as tx2:
        tx2.write("notes/a.md", "same\n")
    assert tx2.commit is None
    assert commits(memory)[0] == "first"


def test_delete_and_read_your_writes(memory):
    with memory.transaction("add") as tx:
        tx.write("notes/a.md", "x\n")
    with memory.transaction("remove") as tx:
        assert tx.read_text("notes/a.md") == "x\n"
        tx.delete("notes/a.md")
        assert tx.read_text("notes/a.md") is None
    assert not (memory.root / "notes/a.md").exists()
    assert memory.git("status", "--porcelain") == ""


def test_an_exception_inside_the_transaction_changes_nothing(memory):
    head = memory.head()
    with pytest.raises(RuntimeError), memory.transaction("boom") as tx:
        tx.write("notes/a.md", "x\n")
        raise RuntimeError("stop")
    assert memory.head() == head
    assert not (memory.root / "notes/a.md").exists()


@pytest.mark.parametrize("bad", ["../outside.md", "/etc/passwd", "notes/../../x.md"])
def test_paths_that_escape_are_refused(memory, bad):
    with pytest.raises(PathEscapeError), memory.transaction("escape") as tx:
        tx.write(bad, "x")
    assert memory.git("status", "--porcelain") == ""


def test_symlink_escape_is_refused(memory, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (memory.root / "notes" / "link").symlink_to(outside)
    with pytest.raises(PathEscapeError), memory.transaction("escape") as tx:
        tx.write("notes/link/evil.md", "x")
    assert not (outside / "evil.md").exists()


def test_crash_after_the_ref_moved_is_finished_by_the_next_writer(memory, monkeypatch):
    """Simulate a crash between update-ref and the working-tree update."""
    original = MemoryRepo._sync_worktree
    calls = {"n": 0}

    def crash_once(self, paths, data=None):
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyboardInterrupt("power cut")
        return original(self, paths, data)

    monkeypatch.setattr(MemoryRepo, "_sync_worktree", crash_once)
    with pytest.raises(KeyboardInterrupt), memory.transaction("interrupted") as tx:
        tx.write("notes/a.md", "committed\n")
    assert commits(memory)[0] == "interrupted"
    assert (memory.git_dir / "brain-journal.json").exists()
    assert not (memory.root / "notes/a.md").exists()  # the crash left the file unwritten
    with memory.transaction("next") as tx:
        tx.write("notes/b.md", "b\n")
    assert (memory.root / "notes/a.md").read_text() == "committed\n"
    assert not (memory.git_dir / "brain-journal.json").exists()
    assert memory.git("status", "--porcelain") == ""


def test_crash_before_the_ref_moved_changes_nothing(memory):
    head = memory.head()
    journal = memory.git_dir / "brain-journal.json"
    journal.write_text(json.dumps({"old": head, "new": "f" * 40, "paths": ["notes/x.md"]}))
    with memory.transaction("next") as tx:
        tx.write("notes/b.md", "b\n")
    assert not (memory.root / "notes/x.md").exists()
    assert len(commits(memory)) == 2


def test_eight_concurrent_remember_processes_lose_nothing(memory):
    brain = [sys.executable, "-m", "brain.cli"]
    procs = [
        subprocess.Popen(
            [
                *brain,
                "remember",
                f"fact number {i}",
                "--topic",
                "race",
                "--memory",
                str(memory.root),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for i in range(8)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1].decode() for o in outs]
    notes = sorted((memory.root / "notes" / "race").glob("*.md"))
    assert len(notes) == 8
    texts = {n.read_text().split("\n\n", 1)[1].strip() for n in notes}
    assert texts == {f"fact number {i}" for i in range(8)}
    assert len([c for c in commits(memory) if c.startswith("remember:")]) == 8
    assert memory.git("status", "--porcelain") == ""
    memory.git("fsck", "--no-progress")  # raises when the object store is damaged
    assert validate_tree(memory.root).ok


def test_recovery_removes_temp_files_of_an_interrupted_write(memory):
    head = memory.head()
    journal = memory.git_dir / "brain-journal.json"
    journal.write_text(json.dumps({"old": head, "new": "f" * 40, "paths": ["notes/x y.md"]}))
    stray = memory.root / "notes" / ".x y.md.abc123.brain-tmp"
    stray.write_text("half")
    assert memory.git("status", "--porcelain") == ""  # ignored, never committed
    with memory.transaction("next") as tx:
        tx.write("notes/b.md", "b\n")
    assert not stray.exists()


def test_memory_files_get_the_usual_mode(memory):
    with memory.transaction("add") as tx:
        tx.write("notes/a.md", "x\n")
    import os

    mask = os.umask(0)
    os.umask(mask)
    assert (memory.root / "notes/a.md").stat().st_mode & 0o777 == 0o666 & ~mask
