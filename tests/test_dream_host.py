"""Host Dream runs as a library (dream/host.py): a scripted host on a real memory repo.

The MCP side (the same run driven through `brain mcp --dream` by a real client) is in
tests/test_mcp_dream.py.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from dream import DreamBusyError, DreamOptions, run_dream
from dream.forget import record
from dream.host import HostDream, HostDreamError
from dream.tree import RUNS_DIR
from memory_schema import MemoryRepo
from tests.host_pages import PROFILE, SESSION, SUMMARY, SUMMARY_TEXT, UNSUPPORTED, profile
from tests.test_dream_support import JUNE, MAY, add_sessions


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    add_sessions(memory, MAY)
    return memory


def _status(repo: MemoryRepo) -> tuple[str | None, str]:
    return repo.head(), repo.git("status", "--porcelain")


def test_a_good_run_is_one_commit_with_the_trailers_and_the_state_advances(
    repo: MemoryRepo,
) -> None:
    host = HostDream(repo)
    plan = host.begin("scripted-host")
    rid = plan["run_id"]
    assert [s["path"] for s in plan["sessions"]] == [f"{SESSION}.md"]
    assert plan["sessions"][0]["new_turns"] == "^t1..^t5" and plan["owner"] == "Maya Chen"
    _, turn_text, origin = host.read(rid, f"{SESSION}.md")
    assert origin == "base" and "data analyst at Acme Corp" in turn_text
    assert host.write(rid, PROFILE, profile())["ok"]
    assert host.write(rid, SUMMARY, SUMMARY_TEXT)["ok"]
    # The run sees its own drafts; the repo does not yet.
    assert host.read(rid, PROFILE)[2] == "draft"
    assert host.read(rid, "knowledge/people")[1:] == ("Maya Chen.md", "folder")
    assert "2026-05-04-intro.summary.md" in host.read(rid, "sessions/2026/05")[1]
    assert not (repo.root / PROFILE).exists()
    report = host.validate(rid)
    assert report["ok"], report
    assert report["sessions_without_summary"] == []
    done = host.commit(rid)
    assert done["committed"] and done["pages_created"] == [PROFILE]
    body = repo.git("log", "-1", "--format=%B")
    assert f"Brain-Run: {rid}" in body
    assert "Brain-Engine: host:scripted-host" in body
    assert "Brain-Sessions: 2026-05-04-intro" in body
    shown = repo.git("show", "--name-only", "--format=", "HEAD").splitlines()
    assert set(shown) >= {PROFILE, SUMMARY, ".brain/dream-state.json", "INDEX.md"}
    assert "[[knowledge/people/Maya Chen|Maya Chen]]" in (repo.root / "INDEX.md").read_text()
    assert repo.git("status", "--porcelain") == ""
    assert not (repo.root / RUNS_DIR / rid).exists()
    # The state advanced exactly as after `brain dream`: nothing new for the next run.
    assert run_dream(repo, DreamOptions()).message.startswith("Nothing new")
    assert host.open_run is None


def test_unsupported_claim_reported_refused_then_fixed(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    before = _status(repo)
    written = host.write(rid, PROFILE, profile(UNSUPPORTED))
    # The write itself already names the word the cited turn does not support.
    [early] = written["unsupported_claims"]
    assert written["ok"] and "cello" in early["message"]  # the structure is fine
    host.write(rid, SUMMARY, SUMMARY_TEXT)
    report = host.validate(rid)
    assert not report["ok"]
    [bad] = report["unsupported_claims"]
    assert bad["path"] == PROFILE and "cello" in bad["message"]
    refused = host.commit(rid)
    assert not refused["committed"] and "unsupported" in refused["refused"]
    assert _status(repo) == before
    host.write(rid, PROFILE, profile())
    assert host.commit(rid)["committed"]
    assert "cello" not in (repo.root / PROFILE).read_text()


def test_drop_unsupported_commits_the_rest(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    host.write(rid, PROFILE, profile(UNSUPPORTED))
    done = host.commit(rid, drop_unsupported=True)
    assert done["committed"] and [c["code"] for c in done["claims_removed"]] == [
        "unsupported-claim"
    ]
    page = (repo.root / PROFILE).read_text()
    assert "cello" not in page and "Acme Corp" in page


def test_invented_citation_is_reported_and_never_committed(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    made_up = profile().replace(f"[[{SESSION}#^t5]]", f"[[{SESSION}#^t99]]")
    out = host.write(rid, PROFILE, made_up)
    assert not out["ok"] and "cite-anchor-missing" in {f["code"] for f in out["findings"]}
    before = _status(repo)
    refused = host.commit(rid)
    assert not refused["committed"]
    codes = {f["code"] for f in refused["validation"]["errors"]}
    assert "cite-anchor-missing" in codes
    assert refused["validation"]["unsupported_claims"]  # the claims citing it
    assert _status(repo) == before
    assert host.validate(rid)["broken_links"]  # the block link to ^t99


@pytest.mark.parametrize(
    ("path", "why"),
    [
        (f"{SESSION}.md", "only wiki pages"),
        ("notes/inbox/x.md", "only wiki pages"),
        ("INDEX.md", "only wiki pages"),
        (".brain/dream-state.json", "only Markdown"),
        ("../outside.md", "'..' is not allowed"),
        ("knowledge/../../outside.md", "'..' is not allowed"),
        ("/etc/passwd", "absolute"),
        (".git/config", "not memory"),
        ("knowledge/people/x.txt", "only Markdown"),
        ("sessions/2026/05/no-such.summary.md", "no session"),
    ],
)
def test_writes_outside_pages_and_summaries_are_refused(
    repo: MemoryRepo, path: str, why: str
) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    with pytest.raises(HostDreamError, match=why.replace("(", r"\(")):
        host.write(rid, path, profile())
    assert host.validate(rid)["ok"]  # the refused write left no draft


def test_symlinks_are_refused(repo: MemoryRepo, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("secret\n")
    os.symlink(outside / "secret.md", repo.root / "knowledge" / "people" / "Evil.md")
    os.symlink(outside, repo.root / "knowledge" / "linked")
    inside = repo.root / "knowledge" / "people" / "Real.md"
    os.symlink("../../INDEX.md", inside)  # even a link that stays inside
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    for path in ("knowledge/people/Evil.md", "knowledge/linked/x.md"):
        with pytest.raises(HostDreamError, match="outside the memory"):
            host.write(rid, path, profile())
        with pytest.raises(HostDreamError, match="outside the memory"):
            host.read(rid, path)
    with pytest.raises(HostDreamError, match="symlink"):
        host.write(rid, "knowledge/people/Real.md", profile())
    assert (outside / "secret.md").read_text() == "secret\n"


def test_one_run_at_a_time_and_brain_dream_excluded(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    with pytest.raises(DreamBusyError, match="already open"):
        host.begin("h")
    other = HostDream(repo)  # another host (another server) on the same memory
    busy = rf"a Dream run by the agent host h \({rid}\) is open"
    with pytest.raises(DreamBusyError, match=busy):
        other.begin("h2")
    with pytest.raises(DreamBusyError, match=busy):
        run_dream(repo, DreamOptions())
    host.abort(rid)
    assert other.begin("h2")["run_id"]


def test_abort_leaves_the_repo_unchanged(repo: MemoryRepo) -> None:
    before = _status(repo)
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    host.write(rid, PROFILE, profile())
    host.write(rid, SUMMARY, SUMMARY_TEXT)
    host.validate(rid)
    assert host.abort(rid)["aborted"]
    assert _status(repo) == before
    assert not (repo.root / RUNS_DIR / rid).exists()
    with pytest.raises(HostDreamError, match="no open Dream run"):
        host.write(rid, PROFILE, profile())
    assert run_dream(repo, DreamOptions()).committed  # the lock is free, the work still new


def test_an_idle_run_expires_and_releases_the_lock(repo: MemoryRepo) -> None:
    host = HostDream(repo, ttl=0.5)
    rid = host.begin("h")["run_id"]
    host.write(rid, PROFILE, profile())
    deadline = time.monotonic() + 30
    while host._run is not None and time.monotonic() < deadline:
        time.sleep(0.1)  # the expiry timer fires without any call
    assert host._run is None
    assert run_dream(repo, DreamOptions()).committed  # the lock is free
    with pytest.raises(HostDreamError, match="expired"):
        host.commit(rid)


def test_a_forgotten_phrase_written_by_the_host_is_removed(repo: MemoryRepo) -> None:
    record(repo, "Tom Baker")
    host = HostDream(repo)
    plan = host.begin("h")
    rid = plan["run_id"]
    assert plan["forget"] == ["Tom Baker"]
    out = host.write(rid, PROFILE, profile())
    assert out["forgotten_lines_removed"] >= 1
    host.write(rid, SUMMARY, SUMMARY_TEXT)
    done = host.commit(rid, drop_unsupported=True)
    assert done["committed"]
    for rel in (PROFILE, SUMMARY):
        assert "tom baker" not in (repo.root / rel).read_text().lower(), rel


def test_a_page_that_loses_its_citations_is_refused(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    host.write(rid, PROFILE, profile())
    host.write(rid, SUMMARY, SUMMARY_TEXT)
    assert host.commit(rid)["committed"]
    rid = host.begin("h")["run_id"]
    bare = profile().split("## Citations")[0].replace(" [cite:1]", "")
    bare = bare.replace(" [cite:2]", "").replace(" [cite:3]", "")
    with pytest.raises(HostDreamError, match="had 3 citations"):
        host.write(rid, PROFILE, bare)


def test_agent_transcripts_are_never_summarised(repo: MemoryRepo) -> None:
    import datetime as dt

    from memory_schema import Session, Turn
    from memory_schema.session import AGENT_FORMAT

    ask = Session(
        id="2026-05-05-ask",
        title="brain ask",
        format=AGENT_FORMAT,
        turns=[Turn(role="user", content="What does Maya do?")],
        started=dt.datetime(2026, 5, 5, 9),
    )
    add_sessions(repo, ask)
    host = HostDream(repo)
    plan = host.begin("h")
    assert ask.path in plan["agent_transcripts_left_out"]
    with pytest.raises(HostDreamError, match="Brain's own agent"):
        host.write(plan["run_id"], ask.path[:-3] + ".summary.md", SUMMARY_TEXT)


def test_a_grown_memory_names_the_pages_likely_touched(repo: MemoryRepo) -> None:
    host = HostDream(repo)
    rid = host.begin("h")["run_id"]
    host.write(rid, PROFILE, profile())
    host.write(rid, SUMMARY, SUMMARY_TEXT)
    assert host.commit(rid)["committed"]
    add_sessions(repo, JUNE)
    plan = host.begin("h")
    assert [s["path"] for s in plan["sessions"]] == [JUNE.path]  # only the new one
    likely = plan["pages_likely_touched"]
    assert likely and likely[0]["path"] == PROFILE and likely[0]["title"] == "Maya Chen"
