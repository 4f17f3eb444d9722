"""Forgetting: removed from the wiki, notes and summaries, kept out of later runs."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner

from brain.cli import cli
from dream import DreamOptions, run_dream
from dream import forget as fg
from memory_schema import MemoryRepo
from memory_schema.layout import FORGET_FILE
from memory_schema.notes import write_note
from tests.test_dream_support import JUNE, MAY, add_sessions, make_session
from validators import validate_semantics, validate_tree

MAYA = "knowledge/people/Maya Chen.md"


def _wiki_text(repo: MemoryRepo) -> str:
    files = sorted((repo.root / "knowledge").rglob("*.md")) + sorted(
        (repo.root / "notes").rglob("*.md")
    )
    files += sorted((repo.root / "sessions").rglob("*.summary.md"))
    return "\n".join(p.read_text() for p in files)


def test_forget_removes_and_keeps_out(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    write_note(memory, "Tom Baker likes long meetings.", topic="work")
    run_dream(memory, DreamOptions())
    assert "Tom Baker" in _wiki_text(memory) and memory.exists("knowledge/people/Tom Baker.md")

    out = CliRunner().invoke(cli, ["forget", "Tom Baker", "--memory", str(memory.root)])
    assert out.exit_code == 0, out.output
    assert '"Tom Baker"' in memory.read_text(FORGET_FILE)
    result = run_dream(memory, DreamOptions())
    assert result.committed
    assert "tom baker" not in _wiki_text(memory).lower()
    assert not memory.exists("knowledge/people/Tom Baker.md")
    assert "Lisbon" in memory.read_text(MAYA)  # the rest of the turn's facts stay
    assert validate_tree(memory.root).ok and validate_semantics(memory.root).ok

    # A later session says it again: it does not come back.
    again = make_session(
        "2026-07-01-again", "2026-07-01", [("user", "My manager is Tom Baker. I live in Lisbon.")]
    )
    add_sessions(memory, again)
    run_dream(memory, DreamOptions())
    assert "tom baker" not in _wiki_text(memory).lower()
    assert memory.exists("sessions/2026/07/2026-07-01-again.summary.md")


def test_forget_entry_matching_ignores_case_and_punctuation() -> None:
    import datetime as dt

    entry = fg.ForgetEntry.of("acme corp", dt.date(2026, 6, 1))
    assert fg.matches("- **Employer:** [[Acme Corp]] — since 2026-05-04", [entry])
    assert not fg.matches("Acme Corporation", [entry])
    assert (
        fg.redact("Worked at ACME corp, then left.", [entry]) == "Worked at [forgotten] then left."
    )
    hashed = fg.ForgetEntry.of("acme corp", dt.date(2026, 6, 1), purged=True)
    assert hashed.text is None and "acme" not in hashed.render().lower()
    assert fg.parse_entries(hashed.render())[0].digest == hashed.digest
    assert fg.matches("acme   Corp.", fg.parse_entries(hashed.render()))


def test_purge_history_rewrites_every_commit(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    run_dream(memory, DreamOptions())
    out = CliRunner().invoke(
        cli, ["forget", "Tom Baker", "--purge-history", "--yes", "--memory", str(memory.root)]
    )
    assert out.exit_code == 0, out.output
    assert "WARNING" in out.output and "History rewritten" in out.output
    everything = subprocess.run(
        ["git", "log", "--all", "-p", "--format=%B"],
        cwd=memory.root,
        capture_output=True,
        text=True,
    ).stdout
    assert "Tom Baker" not in everything and "[forgotten]" in everything
    assert "Tom Baker" not in (memory.root / MAY.path).read_text()
    assert validate_tree(memory.root).ok
    status = memory.git("status", "--porcelain").strip()
    assert status == ""
    # The entry is only a hash, and later runs still keep the phrase out.
    assert "sha256:" in memory.read_text(FORGET_FILE)
    add_sessions(
        memory,
        make_session("2026-08-01-x", "2026-08-01", [("user", "My manager is Tom Baker.")]),
    )
    run_dream(memory, DreamOptions())
    assert "tom baker" not in _wiki_text(memory).lower()
