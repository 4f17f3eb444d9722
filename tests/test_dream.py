"""Dream's four phases on real repos: summaries, subjects, history, sync, no-op runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from brain.cli import cli
from dream import DreamBusyError, DreamOptions, run_dream
from dream.state import DreamState
from memory_schema import MemoryRepo
from memory_schema.layout import DREAM_STATE_FILE
from memory_schema.store import load_pages
from tests.test_dream_support import JUNE, MAY, add_sessions, make_session
from validators import validate_semantics, validate_tree

MAYA = "knowledge/people/Maya Chen.md"


def dream(repo: MemoryRepo, **kw) -> object:  # type: ignore[no-untyped-def]
    return run_dream(repo, DreamOptions(**kw))


def test_four_phases_on_a_session(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    before = memory.head()
    result = dream(memory)
    assert result.committed and memory.head() == result.commit
    # One commit, on top of the base, with trailers.
    assert memory.git("rev-parse", "HEAD~1").strip() == before
    body = memory.git("log", "-1", "--format=%B")
    assert f"Brain-Run: {result.run_id}" in body
    assert "Brain-Sessions: 2026-05-04-intro" in body
    assert "Brain-Validation: ok" in body
    # Orient: the state records what was consumed.
    state = DreamState.parse(memory.read_text(DREAM_STATE_FILE))
    assert state.sessions[MAY.path]["turns"] == 5 and state.principal == "Maya Chen"
    # Summarize: a summary beside the session, bullets citing turns, subjects linked.
    summary = memory.read_text("sessions/2026/05/2026-05-04-intro.summary.md")
    bullets = [ln for ln in summary.splitlines() if ln.startswith("- Maya:")]
    assert 3 <= len(bullets) <= 7 and all("[cite:" in b for b in bullets)
    assert "[[Maya Chen]]" in summary and "participants:" in summary
    # Map + update: the profile page with preferences, linked subject pages.
    profile = memory.read_text(MAYA)
    assert "type: profile" in profile
    assert "- **Employer:** [[Acme Corp]] — since 2026-05-04 [cite:" in profile
    assert "- **Manager:** [[Tom Baker]]" in profile
    assert "- Prefers short answers [cite:" in profile
    assert "- Always answer with Python examples [cite:" in profile
    titles = {p.title: p for p in load_pages(memory.root)}
    assert {"Maya Chen", "Acme Corp", "Lisbon", "Tom Baker"} <= set(titles)
    assert "[[Maya Chen|Maya]]" in memory.read_text("knowledge/organizations/Acme Corp.md")
    assert "[[knowledge/people/Maya Chen|Maya Chen]]" in memory.read_text("INDEX.md")
    # Everything committed passes both validators.
    assert validate_tree(memory.root).ok
    assert validate_semantics(memory.root).ok


def test_job_and_tool_change_keep_dated_history(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    dream(memory)
    add_sessions(memory, JUNE)
    result = dream(memory)
    assert MAYA in result.pages_updated
    page = memory.read_text(MAYA)
    current, history = page.split("## History")
    assert "- **Employer:** [[Northwind Labs]] — since 2026-06-15" in current
    assert "- **Role:** data engineer — since 2026-06-15" in current
    assert "- **Tool for CI:** [[GitHub Actions]] — since 2026-06-15" in current
    assert "Acme Corp" not in current and "Jenkins" not in current
    assert "- **Employer:** [[Acme Corp]] — 2026-05-04 to 2026-06-15" in history
    assert "- **Tool for CI:** [[Jenkins]] — 2026-05-04 to 2026-06-15" in history
    acme = memory.read_text("knowledge/organizations/Acme Corp.md")
    assert "[[Maya Chen|Maya]] (2026-05-04 to 2026-06-15)" in acme
    assert validate_semantics(memory.root).ok and validate_tree(memory.root).ok


def test_second_run_with_nothing_new_commits_nothing(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    dream(memory)
    head = memory.head()
    again = dream(memory)
    assert not again.committed and again.commit is None and memory.head() == head
    assert "Nothing new" in again.message


def test_grown_session_is_read_from_its_new_turns(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    dream(memory)
    grown = make_session(
        MAY.id,
        "2026-05-04",
        [(t.role, t.content) for t in MAY.turns]
        + [
            ("user", "I just moved to Porto."),
        ],
    )
    add_sessions(memory, grown)
    result = dream(memory)
    assert result.sessions_summarized == [MAY.path]
    page = memory.read_text(MAYA)
    assert "- **Lives in:** [[Porto]] — since 2026-05-04" in page
    assert "- **Lives in:** [[Lisbon]]" in page.split("## History")[1]
    state = DreamState.parse(memory.read_text(DREAM_STATE_FILE))
    assert state.sessions[MAY.path]["turns"] == 6


def test_one_subject_one_page(memory: MemoryRepo) -> None:
    """'Tom', 'Tom Baker' and 'Acme Corporation' resolve to the pages that exist."""
    add_sessions(memory, MAY)
    dream(memory)
    later = make_session(
        "2026-05-20-more",
        "2026-05-20",
        [("user", "My manager Tom is great. Tom Baker now works at Acme Corporation.")],
    )
    add_sessions(memory, later)
    dream(memory)
    pages = load_pages(memory.root)
    people = sorted(p.title for p in pages if p.path.startswith("knowledge/people/"))
    orgs = sorted(p.title for p in pages if p.path.startswith("knowledge/organizations/"))
    assert people == ["Maya Chen", "Tom Baker"]
    assert orgs == ["Acme Corp"]
    tom = memory.read_text("knowledge/people/Tom Baker.md")
    assert "- **Employer:** [[Acme Corp|Acme Corporation]]" in tom
    assert validate_tree(memory.root).ok


HAND = """---
title: Maya Chen
type: profile
aliases: [Maya]
created: 2026-05-01
updated: 2026-05-01
summary: Data analyst, page kept by hand
---
# Maya Chen

Maya keeps this page herself; she climbs with [[Tom]] on weekends.

## Hobbies

- Climbing on weekends.
"""


def test_hand_written_page_is_kept_and_extended(memory: MemoryRepo) -> None:
    with memory.transaction("note: by hand") as tx:
        tx.write(MAYA, HAND)
    add_sessions(memory, MAY)
    result = dream(memory)
    page = memory.read_text(MAYA)
    assert result.committed and MAYA in result.pages_updated
    # The hand-written text and summary survive; Dream's sections are added.
    assert "Maya keeps this page herself" in page and "- Climbing on weekends." in page
    assert page.count("# Maya Chen") == 1 and "summary: Data analyst, page kept by hand" in page
    assert "- **Employer:** [[Acme Corp]] — since 2026-05-04 [cite:" in page
    # A link by first name only becomes a link Obsidian resolves (by file name).
    assert "[[Tom Baker|Tom]]" in page and "[[Tom]]" not in page
    assert validate_tree(memory.root).ok


def test_dry_run_prints_the_diff_and_commits_nothing(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    head = memory.head()
    result = dream(memory, dry_run=True)
    assert not result.committed and memory.head() == head
    assert "+++ b/knowledge/people/Maya Chen.md" in result.diff
    assert not memory.exists(MAYA)
    out = CliRunner().invoke(
        cli, ["dream", "--memory", str(memory.root), "--dry-run"], env={"BRAIN_DREAM_EMBED": "0"}
    )
    assert out.exit_code == 0, out.output
    assert "+++ b/sessions/2026/05/2026-05-04-intro.summary.md" in out.output
    assert "nothing committed" in out.output and memory.head() == head


def test_cli_json_has_exactly_the_issue_keys(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    out = CliRunner().invoke(
        cli, ["dream", "--memory", str(memory.root), "--json"], env={"BRAIN_DREAM_EMBED": "0"}
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) == {
        "run_id",
        "committed",
        "commit",
        "pages_created",
        "pages_updated",
        "sessions_summarized",
        "claims_removed",
        "validation",
    }
    assert data["committed"] and data["commit"] == memory.head()
    assert MAYA in data["pages_created"] and data["validation"]["ok"]
    log = (memory.root / ".brain/cache/dream.log").read_text().splitlines()
    assert json.loads(log[-1])["commit"] == data["commit"]


def test_two_runs_at_once_one_exits_cleanly(memory: MemoryRepo) -> None:
    """Another process holds the run lock: a run exits with a clean message, or waits."""
    add_sessions(memory, MAY)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from filelock import FileLock; "
            "lock = FileLock(sys.argv[1]); lock.acquire(); print('held', flush=True); "
            "time.sleep(3)",
            str(memory.git_dir / "brain-dream.lock"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(DreamBusyError, match="another Dream run"):
            dream(memory)
        out = CliRunner().invoke(
            cli, ["dream", "--memory", str(memory.root)], env={"BRAIN_DREAM_EMBED": "0"}
        )
        assert out.exit_code == 1 and "another Dream run" in out.output
        assert "Traceback" not in out.output and not memory.exists(MAYA)
        # With a wait the second run waits for the first to let go, then completes.
        result = dream(memory, wait_seconds=60)
        assert result.committed
    finally:
        holder.kill()
        holder.wait()


def test_repo_that_moved_during_the_run_is_merged(memory: MemoryRepo, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A note and a session committed while the run works are kept, not overwritten."""
    import dream.run as run_mod

    add_sessions(memory, MAY)
    real_sync = run_mod.sync
    late = make_session("2026-05-05-late", "2026-05-05", [("user", "I live in Lisbon.")])

    def moved_then_sync(repo, base, files, message, trailers):  # type: ignore[no-untyped-def]
        from memory_schema.notes import write_note

        write_note(repo, "A note written meanwhile.", topic="misc")
        add_sessions(repo, late)
        return real_sync(repo, base, files, message, trailers)

    monkeypatch.setattr(run_mod, "sync", moved_then_sync)
    result = dream(memory)
    assert result.committed
    assert memory.exists(late.path) and memory.exists(MAYA)
    notes = list((memory.root / "notes/misc").glob("*.md"))
    assert len(notes) == 1
    assert validate_tree(memory.root).ok
    monkeypatch.setattr(run_mod, "sync", real_sync)
    # The late session was not consumed by that run; the next one picks it up.
    nxt = dream(memory)
    assert nxt.sessions_summarized == [late.path]


class _TableEmbedder:
    """A deterministic embedder for tests: names in one group share a vector."""

    dim = 3

    def __init__(self, groups: list[list[str]]):
        self.groups = [[n.casefold() for n in g] for g in groups]

    def embed(self, texts: list[str]):  # type: ignore[no-untyped-def]
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype="float32")
        for i, text in enumerate(texts):
            k = next((j for j, g in enumerate(self.groups) if text.casefold() in g), 2)
            out[i, min(k, 2)] = 1.0
        return out


def test_embeddings_resolve_names_fuzzy_matching_cannot(memory: MemoryRepo) -> None:
    one = make_session("2026-05-01-a", "2026-05-01", [("user", "I live in New York City.")])
    two = make_session("2026-05-09-b", "2026-05-09", [("user", "I just moved to NYC.")])
    add_sessions(memory, one)
    embedder = _TableEmbedder([["New York City", "NYC"], ["Maya"]])
    run_dream(memory, DreamOptions(embedder=embedder))
    add_sessions(memory, two)
    run_dream(memory, DreamOptions(embedder=embedder))
    places = [p for p in load_pages(memory.root) if p.type == "place"]
    assert [p.title for p in places] == ["New York City"] and "NYC" in places[0].aliases
    assert validate_tree(memory.root).ok


def test_sources_feed_third_person_facts(memory: MemoryRepo) -> None:
    import datetime as dt
    import hashlib

    from memory_schema import Source

    add_sessions(memory, MAY)
    dream(memory)
    text = "Team update.\n\nTom Baker now works at Globex as a product lead."
    src = Source(
        title="Team update",
        origin="notes.txt",
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        captured=dt.date(2026, 6, 1),
        mime="text/plain",
        blocks=text.split("\n\n"),
    )
    with memory.transaction("capture: source") as tx:
        tx.write(src.path, src.render())
    result = dream(memory)
    assert "knowledge/people/Tom Baker.md" in result.pages_updated
    tom = memory.read_text("knowledge/people/Tom Baker.md")
    assert "- **Employer:** [[Globex]] — since 2026-06-01 [cite:" in tom
    assert f"[[{src.path[:-3]}#^p2]]" in tom
    assert validate_semantics(memory.root).ok
