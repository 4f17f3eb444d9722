"""The working set: a sparse checkout of memory with an initial map, grown in batches."""

from __future__ import annotations

import subprocess

import pytest

from memory_schema import MemoryRepo
from sandbox.errors import PathRefused, SandboxError
from sandbox.workingset import InitialMap, WorkingSet, sparse_pattern
from tests.test_agent_helpers import HIKE, MAYA, NORTHWIND, ONBOARDING, SOURCE, TRIP, build_memory


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    build_memory(memory)
    return memory


def test_initial_map_has_index_wiki_and_recent_sessions(repo: MemoryRepo, tmp_path):
    with WorkingSet.create(repo.root, tmp_path / "ws", InitialMap(recent_sessions=2)) as ws:
        here = set(ws.paths())
        assert {"INDEX.md", MAYA, NORTHWIND, ".brain/instructions.md"} <= here
        # The two most recent sessions, not the older hike nor the document.
        assert ONBOARDING in here and TRIP in here
        assert HIKE not in here and SOURCE not in here
        assert (ws.root / MAYA).read_text() == (repo.root / MAYA).read_text()
        # Everything else is known to Git but not checked out.
        assert HIKE in ws.all_paths() and not (ws.root / HIKE).exists()


def test_initial_map_includes_summaries_and_extra_paths(repo: MemoryRepo, tmp_path):
    summary = ONBOARDING[:-3] + ".summary.md"
    with repo.transaction("summary") as tx:
        tx.write(
            summary, "---\ntitle: s\ntype: note\ncreated: 2026-06-16\nupdated: 2026-06-16\n---\nx\n"
        )
    initial = InitialMap(recent_sessions=5, include=("sources/", "no/such/folder/"))
    with WorkingSet.create(repo.root, tmp_path / "ws", initial) as ws:
        assert summary in ws.paths()
        assert SOURCE in ws.paths()
        assert HIKE in ws.paths()


def test_zero_recent_sessions(repo: MemoryRepo, tmp_path):
    with WorkingSet.create(repo.root, tmp_path / "ws", InitialMap(recent_sessions=0)) as ws:
        assert not [p for p in ws.paths() if p.startswith("sessions/2")]


def test_materialize_is_one_batch_and_returns_new_paths(repo: MemoryRepo, tmp_path):
    with WorkingSet.create(repo.root, tmp_path / "ws", InitialMap(recent_sessions=0)) as ws:
        placed = ws.materialize([HIKE, SOURCE, MAYA, "sessions/2020/01/missing.md", HIKE])
        # Already-present files and files memory does not have are not "new".
        assert placed == [HIKE, SOURCE]
        assert (ws.root / HIKE).read_bytes() == (repo.root / HIKE).read_bytes()
        assert ws.materialize([HIKE]) == []
        # The files carry their history: git log works on them in the working set.
        log = subprocess.run(
            ["git", "log", "--format=%s", "--", HIKE], cwd=ws.root, capture_output=True, text=True
        )
        assert "test: sessions and a source" in log.stdout


def test_materialize_refuses_paths_outside(repo: MemoryRepo, tmp_path):
    with WorkingSet.create(repo.root, tmp_path / "ws") as ws:
        for bad in ("../outside.md", "/etc/passwd", "sessions/../../x.md"):
            with pytest.raises(PathRefused):
                ws.materialize([bad])


def test_materialize_fetches_commits_made_after_creation(repo: MemoryRepo, tmp_path):
    with WorkingSet.create(repo.root, tmp_path / "ws") as ws:
        with repo.transaction("later") as tx:
            tx.write("notes/inbox/later.md", "---\ntitle: Later\ntype: note\n---\nhello\n")
        assert "notes/inbox/later.md" not in ws.all_paths()
        assert ws.materialize(["notes/inbox/later.md"]) == ["notes/inbox/later.md"]
        assert (ws.root / "notes/inbox/later.md").read_text().endswith("hello\n")
        # The initial map is still there after moving to the new commit.
        assert (ws.root / MAYA).is_file()


def test_paths_with_special_characters(repo: MemoryRepo, tmp_path):
    odd = "knowledge/concepts/C++ [draft] #1!.md"
    with repo.transaction("odd") as tx:
        tx.write(odd, "x\n")
        tx.write("notes/a*b?.md", "y\n")
    with WorkingSet.create(repo.root, tmp_path / "ws", InitialMap(recent_sessions=0)) as ws:
        assert odd in ws.paths()
        assert ws.materialize(["notes/a*b?.md"]) == ["notes/a*b?.md"]
        assert sparse_pattern("a*b?.md") == "/a\\*b\\?.md"


def test_temporary_working_set_is_removed_on_close(repo: MemoryRepo):
    ws = WorkingSet.create(repo.root)
    root = ws.root
    assert (root / "INDEX.md").is_file()
    ws.close()
    assert not root.exists()


def test_refuses_non_repo_and_non_empty_destination(repo: MemoryRepo, tmp_path):
    with pytest.raises(SandboxError, match="not a Git repository"):
        WorkingSet.create(tmp_path)
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "x").write_text("x")
    with pytest.raises(SandboxError, match="not empty"):
        WorkingSet.create(repo.root, busy)
