"""What Dream put in a memory against the gold evidence, and the wiki's size against the
transcripts: exact figures on a memory whose pages are known, then a real Dream run."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from evals import coverage
from memory_schema import Evidence, MemoryRepo, Session, Turn, build_page
from memory_schema.store import load_pages

S1 = "sessions/2026/03/walk.md"


def _session() -> Session:
    texts = [
        ("user", "ugh the new commute from the flat in leith is brutal"),
        ("assistant", "Have you thought about cycling? Many people in Portobello do."),
        ("user", "i took the job at the bakery on great junction st, start monday"),
        ("user", "also my sister ros is visiting in april"),
    ]
    turns = [Turn(role=r, content=t) for r, t in texts]
    return Session("walk", "walk", "brain", turns, started=dt.datetime(2026, 3, 2, 9, 0))


def _memory(repo: MemoryRepo) -> Session:
    s = _session()
    page = build_page(
        "knowledge/people/Me.md",
        title="Me",
        type="profile",
        summary="",
        sections=[("Current", "- **Lives in:** Leith [cite:1]\n- **Works at:** a bakery [cite:2]")],
        evidence=[Evidence(S1[:-3], "t1", "flat in leith"), Evidence(S1[:-3], "t3", "bakery")],
        created=dt.date(2026, 3, 3),
        updated=dt.date(2026, 3, 3),
    )
    summary = build_page(
        "sessions/2026/03/walk.summary.md",
        title="Summary: walk",
        type="summary",
        summary="",
        sections=[("Key points", "- Sister Ros visits in April. [cite:1]")],
        evidence=[Evidence(S1[:-3], "t4", "sister ros")],
        created=dt.date(2026, 3, 3),
        updated=dt.date(2026, 3, 3),
    )
    with repo.transaction("test: a session, its summary, a page") as tx:
        tx.write(S1, s.render())
        tx.write(summary.path, summary.render())
        tx.write(page.path, page.render())
    return s


def test_coverage_counts_pages_summaries_and_prose(memory: MemoryRepo) -> None:
    s = _memory(memory)
    root = memory.root
    gold = [[(S1, "t1")], [(S1, "t3"), (S1, "t4")], [(S1, "t2")], [("notes/inbox/x.md", "")]]
    cov, by_pages, by_both = coverage.measure(root, [s], gold)
    # t1..t4 are the gold blocks; the note has no block and is left out.
    assert cov.gold_blocks == 4
    assert cov.cited_by_pages == 2  # t1, t3
    assert cov.cited_by_pages_or_summaries == 3  # and t4 from the summary
    assert by_pages <= by_both and (S1, "t4") in by_both - by_pages
    # Prose: what a reader reads on the page, no citation section and no markers.
    page = load_pages(root)[0]
    body = page.body.split("## Citations")[0]
    expected = sum(
        len(ln.strip()) for ln in body.replace(" [cite:1]", "").replace(" [cite:2]", "").split("\n")
    )
    assert cov.wiki_prose_chars == expected
    assert "cite" not in coverage.prose(page) and "flat in leith" not in coverage.prose(page)
    assert cov.transcript_chars == sum(len(t.content) for t in s.turns)
    assert cov.summary_prose_chars == coverage.prose_chars(coverage.load_summaries(root)) > 0
    summary_prose = coverage.prose(coverage.load_summaries(root)[0])
    assert "Sister Ros" in summary_prose and "cite" not in summary_prose
    pooled = coverage.pooled([cov.as_dict(), cov.as_dict()])
    assert pooled["gold_cited_by_pages"] == 0.5
    assert pooled["gold_cited_by_pages_or_summaries"] == 0.75
    assert pooled["wiki_to_transcript"] == cov.wiki_prose_chars / cov.transcript_chars
    assert pooled["pages_per_unit"] == 1.0 and pooled["units"] == 2
    both = (cov.wiki_prose_chars + cov.summary_prose_chars) / cov.transcript_chars
    assert pooled["wiki_and_summaries_to_transcript"] == both


def test_empty_memory_has_no_shares(memory: MemoryRepo) -> None:
    cov, _, _ = coverage.measure(memory.root, [], [])
    pooled = coverage.pooled([cov.as_dict()])
    assert pooled["gold_cited_by_pages"] is None and pooled["wiki_to_transcript"] is None


def test_coverage_of_a_real_dream(tmp_path: Path) -> None:
    """Capture and Dream a small memory: the figures agree with the files Dream wrote."""
    from dream import DreamOptions
    from evals.qa import dream_until_done
    from ingest.capture import capture_sessions
    from memory_schema import init_memory
    from search import get_embedder
    from tests.test_agent_helpers import sessions

    repo, _ = init_memory(tmp_path / "m")
    convo = sessions()
    assert capture_sessions(repo, convo).ok
    dream_until_done(repo, DreamOptions(engine="extractive", embedder=get_embedder()))
    every = [[(s.path, f"t{i}")] for s in convo for i in range(1, len(s.turns) + 1)]
    cov, by_pages, by_both = coverage.measure(repo.root, convo, every)
    assert cov.gold_blocks == sum(len(s.turns) for s in convo)
    pages = load_pages(repo.root)
    assert cov.pages == len(pages) > 0
    # Every cited gold block is one a page (or a summary) names in its citation list.
    for p in pages:
        for d in p.citation_defs():
            assert (d.target + ".md", d.anchor) in by_pages
    assert 0 < cov.cited_by_pages <= cov.cited_by_pages_or_summaries <= cov.gold_blocks
    summaries = coverage.load_summaries(repo.root)
    assert summaries and all(p.path.endswith(".summary.md") for p in summaries)
    assert by_both == by_pages | coverage.page_citations(summaries)
    rendered = sum(len(p.body) for p in pages)
    assert 0 < cov.wiki_prose_chars < rendered
    assert cov.transcript_chars == sum(len(t.content) for s in convo for t in s.turns)
