"""`brain forget --purge-history` says the phrase is gone only when it is: in no blob,
commit message, file name, reflog or search index (issue 13, item 10)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from dream import DreamOptions, run_dream
from memory_schema import MemoryRepo
from memory_schema.layout import FORGET_FILE
from memory_schema.notes import write_note
from tests.test_dream_support import MAY, add_sessions, make_session

PHRASE = re.compile(r"tom[\W_]+baker", re.IGNORECASE)


def _everything(repo: MemoryRepo) -> str:
    """Every object in the store, every file name of every commit, every reflog."""
    objects = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=repo.root,
        capture_output=True,
    ).stdout.decode("utf-8", "replace")
    names = repo.git("log", "--all", "--name-only", "--format=%B")
    logs = "".join(
        p.read_text("utf-8", "replace") for p in (repo.git_dir / "logs").rglob("*") if p.is_file()
    )
    return objects + names + logs


def test_purge_removes_messages_wrapped_turns_file_names_and_the_index(
    memory: MemoryRepo, tmp_path: Path
):
    add_sessions(memory, MAY)
    wrapped = make_session(
        "2026-07-02-wrap",
        "2026-07-02",
        [("user", "The review went well and my manager Tom\nBaker signed it off.")],
    )
    add_sessions(memory, wrapped)
    doc = tmp_path / "tom-baker-notes.md"
    doc.write_text("# Notes\n\nOne-to-one agenda for next week.\n")
    runner = CliRunner()
    mem = ["--memory", str(memory.root)]
    assert runner.invoke(cli, ["capture", "source", str(doc), *mem]).exit_code == 0
    run_dream(memory, DreamOptions())
    # A plain forget first: its commit message and forget.md quote the phrase.
    assert runner.invoke(cli, ["forget", "Tom Baker", *mem]).exit_code == 0
    write_note(memory, "I have forgotten my umbrella at the office again.", topic="life")
    assert runner.invoke(cli, ["index", "--no-embed", *mem]).exit_code == 0
    assert PHRASE.search(_everything(memory))

    out = runner.invoke(cli, ["forget", "Tom Baker", "--purge-history", "--yes", *mem])
    assert out.exit_code == 0, out.output
    assert "the phrase is gone" in out.output

    assert not PHRASE.search(_everything(memory))
    for path in memory.root.rglob("*"):
        if path.is_file() and ".git" not in path.parts:
            assert not PHRASE.search(str(path.relative_to(memory.root)))
            assert not PHRASE.search(path.read_text("utf-8", "replace")), path
    # Search, rebuilt from the files, finds no trace of it either.
    assert runner.invoke(cli, ["index", "--no-embed", *mem]).exit_code == 0
    found = runner.invoke(cli, ["search", "Tom Baker", "--method", "bm25", "--json", *mem])
    assert found.exit_code == 0, found.output
    assert not PHRASE.search(found.output)
    # forget.md keeps only the hash: no entry for "[forgotten]" that would match notes
    # saying "forgotten", so the next Dream leaves the umbrella note alone.
    log = memory.read_text(FORGET_FILE)
    assert "sha256:" in log and '"[forgotten]"' not in log
    umbrella = next((memory.root / "notes" / "life").glob("*.md"))
    before = umbrella.read_text()
    run_dream(memory, DreamOptions())
    assert umbrella.exists() and umbrella.read_text() == before


def test_the_purge_check_finds_a_leftover_anywhere(memory: MemoryRepo):
    """The claim is verified: an unreachable object quoting the phrase fails the check."""
    import pytest

    from dream import forget as fg
    from dream.errors import DreamError

    pattern = re.compile(("(?i)" + fg.phrase_regex("Tom Baker")).encode())
    assert fg._verify_gone(memory, pattern) > 0
    memory.git("hash-object", "-w", "--stdin", input="a dangling blob: TOM -- baker\n")
    with pytest.raises(DreamError, match="still in 1 places"):
        fg._verify_gone(memory, pattern)
