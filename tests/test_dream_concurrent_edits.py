"""Dream never loses a person's uncommitted edit, nor its own facts when another commit
changed a page during the run (issue 13, items 6 and 7)."""

from __future__ import annotations

import pytest

import dream.run
from dream import DreamOptions, run_dream
from dream.state import DreamState
from memory_schema import MemoryRepo
from memory_schema.layout import DREAM_STATE_FILE
from tests.test_dream_support import JUNE, MAY, add_sessions

MAYA = "knowledge/people/Maya Chen.md"
HAND = "- Prefers green tea in the morning"


def _hand_edit(text: str) -> str:
    """What a person adds in Obsidian: a line under Preferences, without a citation."""
    assert "## Preferences\n\n" in text
    return text.replace("## Preferences\n\n", f"## Preferences\n\n{HAND}\n")


def _trailers(repo: MemoryRepo, rev: str = "HEAD") -> str:
    return repo.git("log", "-1", "--format=%(trailers:only)", rev)


def test_an_uncommitted_hand_edit_survives_a_dream(memory: MemoryRepo):
    add_sessions(memory, MAY)
    run_dream(memory, DreamOptions())
    page = memory.root / MAYA
    page.write_text(_hand_edit(page.read_text()))  # saved in Obsidian, not committed
    add_sessions(memory, JUNE)
    result = run_dream(memory, DreamOptions())
    assert result.committed
    assert HAND in page.read_text()
    assert HAND in memory.git("show", f"HEAD:{MAYA}")
    log = memory.git("log", "--format=%s%n%(trailers:only)", "-n", "3")
    assert "Brain-Command: hand-edit" in log
    assert memory.git("status", "--porcelain") == ""


def _edit_by_hand_then_write(memory: MemoryRepo) -> None:
    """A hand edit of notes/a.md, then Brain's write of it: the edit is committed first,
    on its own, with the hand-edit trailer."""
    (memory.root / "notes/a.md").write_text("# A\n\nedited by hand\n")
    with memory.transaction("brain writes it") as tx:
        tx.write("notes/a.md", "# A\n\nbrain's version\n")
    assert "Brain-Command: hand-edit" in _trailers(memory, "HEAD~1")
    assert memory.git("show", "HEAD~1:notes/a.md") == "# A\n\nedited by hand\n"
    assert memory.git("show", "HEAD:notes/a.md") == "# A\n\nbrain's version\n"


def test_any_write_commits_a_hand_edit_to_the_file_first(memory: MemoryRepo):
    with memory.transaction("first") as tx:
        tx.write("notes/a.md", "# A\n\nfirst\n")
    _edit_by_hand_then_write(memory)


def test_hand_edits_commit_when_git_names_no_person(
    memory: MemoryRepo, tmp_path, monkeypatch: pytest.MonkeyPatch
):
    """No user.name anywhere (a fresh machine, a CI runner): the hand edit is committed
    under Brain's identity, once, before Brain's write (this recursed without end)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("GIT_CONFIG_GLOBAL", raising=False)
    with memory.transaction("first") as tx:
        tx.write("notes/a.md", "# A\n\nfirst\n")
    assert memory.git("config", "user.name", check=False).strip() == ""
    _edit_by_hand_then_write(memory)
    (memory.root / "notes/a.md").write_text("# A\n\nedited again\n")
    assert memory.commit_hand_edits() is not None
    assert memory.git("show", "HEAD:notes/a.md") == "# A\n\nedited again\n"
    assert memory.git("status", "--porcelain") == ""


def test_a_page_changed_during_the_run_leaves_its_sessions_for_the_next(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
):
    add_sessions(memory, MAY)
    run_dream(memory, DreamOptions())
    add_sessions(memory, JUNE)
    real_sync = dream.run.sync

    def other_writer_first(repo, base, files, message, trailers):
        # Another process commits a change to the owner's page while the run works.
        with repo.transaction("edit: someone else") as tx:
            tx.write(MAYA, _hand_edit((repo.root / MAYA).read_text()))
        return real_sync(repo, base, files, message, trailers)

    monkeypatch.setattr(dream.run, "sync", other_writer_first)
    result = run_dream(memory, DreamOptions())
    monkeypatch.setattr(dream.run, "sync", real_sync)
    assert any("kept theirs" in p and MAYA in p for p in result.problems), result.problems
    assert MAYA not in result.pages_updated  # it is not in the commit
    state = DreamState.parse(memory.read_text(DREAM_STATE_FILE))
    assert JUNE.path not in state.sessions  # not marked done: its facts were not kept
    june_id = JUNE.path.rsplit("/", 1)[-1][:-3]
    assert june_id not in (memory.root / MAYA).read_text()
    # The next run reads it again and its facts land on the page, beside the other edit.
    again = run_dream(memory, DreamOptions())
    assert again.committed
    text = (memory.root / MAYA).read_text()
    assert HAND in text and june_id in text
    state = DreamState.parse(memory.read_text(DREAM_STATE_FILE))
    assert JUNE.path in state.sessions
