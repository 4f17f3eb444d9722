"""The hybrid index on small real memories: ranking, filters, windows, freshness, repair."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from memory_schema import Evidence, MemoryRepo, Session, Source, Turn, build_page
from search import (
    HashEmbedder,
    IndexSettings,
    SearchError,
    get_embedder,
    open_index,
)
from search.blocks import split_sections


def chat(sid: str, when: dt.datetime, lines: list[tuple[str, str]], conv: str = "c1") -> Session:
    turns = [
        Turn(
            "user" if i % 2 == 0 else "assistant",
            text,
            speaker=who,
            meta={"dia_id": f"D{sid[-1]}:{i + 1}"},
        )
        for i, (who, text) in enumerate(lines)
    ]
    return Session(id=sid, title=f"chat {sid}", format="test", turns=turns, started=when)


S1 = chat(
    "chat-s1",
    dt.datetime(2023, 5, 8, 13, 56),
    [
        ("Caroline", "Hey Mel! Good to see you! How have you been?"),
        ("Melanie", "Swamped with the kids and work. What's up with you?"),
        ("Caroline", "I went to a LGBTQ support group yesterday and it was so powerful."),
        ("Melanie", "That's great. By the way, take a look at this."),
        ("Melanie", "Yeah, I painted that lake sunrise last year! It's special to me."),
        ("Caroline", "It's beautiful. Painting must help you relax."),
    ],
)
S2 = chat(
    "chat-s2",
    dt.datetime(2023, 6, 20, 9, 0),
    [
        ("Caroline", "I adopted a puppy called Oscar from the shelter."),
        ("Melanie", "Aww! What breed is he?"),
        ("Caroline", "A golden retriever mix. He loves the beach."),
    ],
)
SOURCE = Source(
    title="Tomato growing guide",
    origin="guide.md",
    sha256="a" * 64,
    captured=dt.date(2024, 1, 2),
    mime="text/markdown",
    blocks=[
        "# Tomatoes",
        "Tomatoes need six hours of direct sun and deep watering twice a week.",
        "Pinch off the suckers so the plant puts its energy into fruit.",
    ],
)


def page(repo: MemoryRepo) -> str:
    p = build_page(
        "knowledge/people/Caroline.md",
        title="Caroline",
        type="person",
        summary="Caroline, a counsellor in training.",
        sections=[
            (None, "Caroline is Melanie's friend."),
            ("Work", "She wants to work in mental health counselling [cite:1]."),
            ("Pets", "She adopted Oscar, a golden retriever mix."),
        ],
        evidence=[Evidence("sessions/2023/05/chat-s1", "t3", "support group")],
        created=dt.date(2023, 5, 9),
        updated=dt.date(2023, 7, 1),
    )
    return p.render()


@pytest.fixture
def filled(memory: MemoryRepo) -> MemoryRepo:
    with memory.transaction("test: add memory") as tx:
        tx.write(S1.path, S1.render())
        tx.write(S2.path, S2.render())
        tx.write(SOURCE.path, SOURCE.render())
        tx.write("knowledge/people/Caroline.md", page(memory))
    return memory


@pytest.fixture(scope="session")
def model():
    """The bundled model, loaded at most once per test session (it is process-wide)."""
    return get_embedder()


@pytest.fixture
def hashed() -> HashEmbedder:
    return HashEmbedder()


def links(hits) -> list[str]:
    return [h.link for h in hits]


# -- ranking ---------------------------------------------------------------------------------


def test_bm25_puts_the_evidence_turn_first_with_its_metadata(filled: MemoryRepo) -> None:
    hits = open_index(filled.root).search(
        "When did Caroline go to the support group?", method="bm25"
    )
    top = hits[0]
    assert (top.path, top.anchor, top.kind) == (S1.path, "t3", "session")
    assert top.meta == {"dia_id": "D1:3"}
    assert top.date == dt.date(2023, 5, 8) and top.speaker == "Caroline"
    assert top.text.startswith("I went to a LGBTQ support group")
    assert top.link == "sessions/2023/05/chat-s1#^t3"
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_stemming_matches_other_word_forms(filled: MemoryRepo) -> None:
    hits = open_index(filled.root).search("paintings", method="bm25", kinds=["session"])
    assert {h.anchor for h in hits[:2]} == {"t5", "t6"}


def test_hybrid_and_dense_rank_with_a_pluggable_embedder(filled: MemoryRepo, hashed) -> None:
    idx = open_index(filled.root, embedder=hashed)
    for method in ("dense", "hybrid"):
        hits = idx.search("golden retriever beach", method=method, k=3)
        assert hits[0].path == S2.path and hits[0].anchor == "t3", method


def test_the_bundled_model_finds_a_paraphrase_bm25_cannot(filled: MemoryRepo, model) -> None:
    idx = open_index(filled.root, embedder=model)
    query = "my new dog"
    assert not any(h.path == S2.path and h.anchor == "t1" for h in idx.search(query, method="bm25"))
    dense = idx.search(query, method="dense", k=3, kinds=["session"])
    assert dense[0].path == S2.path and (S2.path, "t1") in [(h.path, h.anchor) for h in dense]
    hybrid = idx.search(query, method="hybrid", k=3, kinds=["session"])
    assert (S2.path, "t1") in [(h.path, h.anchor) for h in hybrid]


def test_page_sections_are_blocks_and_citations_are_not(filled: MemoryRepo) -> None:
    idx = open_index(filled.root)
    hits = idx.search("mental health counselling", method="bm25", kinds=["knowledge"])
    assert hits[0].anchor == "Work" and hits[0].title == "Caroline › Work"
    assert hits[0].link == "knowledge/people/Caroline#Work"
    assert hits[0].date == dt.date(2023, 7, 1)
    every = idx.search("support group", method="bm25", kinds=["knowledge"], k=50)
    assert all(h.anchor != "Citations" for h in every)


def test_split_sections_ignores_headings_in_code() -> None:
    body = "# T\n\nintro\n\n## A\n\n```\n# not a heading\n```\n\n## B ^b1\n\nbee\n"
    assert [h for h, _ in split_sections(body)] == ["", "T", "A", "B"]
    assert split_sections(body)[2][1] == "```\n# not a heading\n```"


# -- filters ---------------------------------------------------------------------------------


def test_kind_path_and_date_filters(filled: MemoryRepo) -> None:
    idx = open_index(filled.root)
    q = "Caroline Oscar tomatoes sun support"
    assert {h.kind for h in idx.search(q, method="bm25", kinds=["source"], k=50)} == {"source"}
    got = idx.search(q, method="bm25", path_prefix="sessions/2023/06/", k=50)
    assert got and {h.path for h in got} == {S2.path}
    june = idx.search(
        q, method="bm25", date_from=dt.date(2023, 6, 1), date_to=dt.date(2023, 6, 30), k=50
    )
    assert june and {h.path for h in june} == {S2.path}
    later = idx.search(q, method="bm25", date_from=dt.date(2023, 6, 21), k=50)
    assert {h.kind for h in later} == {"knowledge", "source"}
    assert idx.search(q, method="bm25", kinds=[], k=50) == []


def test_filters_apply_to_dense_search_too(filled: MemoryRepo, hashed) -> None:
    idx = open_index(filled.root, embedder=hashed)
    q = "Caroline Oscar tomatoes sun support"
    for method in ("dense", "hybrid"):
        got = idx.search(q, method=method, path_prefix="sessions/2023/06/", k=50)
        assert {h.path for h in got} == {S2.path}, method
        got = idx.search(q, method=method, date_to=dt.date(2023, 5, 31), k=50)
        assert {h.path for h in got} == {S1.path}, method
        assert {h.kind for h in idx.search(q, method=method, kinds=["source"], k=50)} == {"source"}


def test_the_dense_matrix_is_kept_for_the_next_process(
    filled: MemoryRepo, hashed, monkeypatch: pytest.MonkeyPatch
) -> None:
    from search.dense import DenseMatrix

    q = "Caroline Oscar tomatoes sun support"
    first = open_index(filled.root, embedder=hashed)
    want = [(h.link, h.score) for h in first.search(q, method="dense", k=50)]
    assert (first.folder / "dense.npz").is_file()
    first.close()

    def refuse(*args: object) -> None:
        raise AssertionError("the dense matrix was built again, not loaded")

    # A new index object (as in a new process) loads it instead of reading every vector.
    with monkeypatch.context() as mp:
        mp.setattr(DenseMatrix, "mixed", refuse)
        again = open_index(filled.root, embedder=hashed)
        assert [(h.link, h.score) for h in again.search(q, method="dense", k=50)] == want
        again.close()
    # A changed file changes the blocks: the kept matrix is not used for it.
    with filled.transaction("test: edit") as tx:
        tx.write(S2.path, S2.render().replace("loves the beach", "loves kayaks"))
    third = open_index(filled.root, embedder=hashed)
    got = third.search("kayaks", method="dense", k=3, path_prefix=S2.path)
    assert "loves kayaks" in got[0].text


def test_bad_arguments_are_clear_errors(filled: MemoryRepo, tmp_path: Path) -> None:
    idx = open_index(filled.root)
    for kwargs, message in [
        ({"kinds": ["wiki"]}, "unknown kind"),
        ({"method": "magic"}, "unknown method"),
        ({"k": 0}, "k must be"),
        ({"window": (-1, 0)}, "negative"),
    ]:
        with pytest.raises(SearchError, match=message):
            idx.search("x", **kwargs)
    with pytest.raises(SearchError, match="empty query"):
        idx.search("   ")
    with pytest.raises(SearchError, match="not a memory repo"):
        open_index(tmp_path / "nowhere").search("x", method="bm25")


# -- windows, document order, dedupe ---------------------------------------------------------


def test_window_attaches_neighbours_and_absorbs_them(filled: MemoryRepo) -> None:
    idx = open_index(filled.root)
    hits = idx.search("lake sunrise painted", method="bm25", kinds=["session"], window=(1, 1))
    top = hits[0]
    assert top.anchor == "t5"
    assert [a for a, _ in top.neighbours] == ["t4", "t6"] and top.neighbours_before == 1
    # t6 ("Painting must help...") matches too, but it is inside t5's window already.
    assert all(not (h.path == S1.path and h.anchor in ("t4", "t6")) for h in hits[1:])
    edge = idx.search("puppy Oscar shelter", method="bm25", kinds=["session"], window=(2, 0))
    assert edge[0].anchor == "t1" and edge[0].neighbours == []


def test_document_order_sorts_by_date_then_position(filled: MemoryRepo) -> None:
    idx = open_index(filled.root)
    hits = idx.search("Caroline Melanie", method="bm25", kinds=["session"], document_order=True)
    keys = [(h.date, h.path, h.ordinal) for h in hits]
    assert len(hits) > 2 and keys == sorted(keys)


def test_repeated_document_passages_are_shown_once(filled: MemoryRepo) -> None:
    newer = Source(**{**SOURCE.__dict__, "sha256": "b" * 64, "extra": {"supersedes": SOURCE.path}})
    with filled.transaction("test: new version") as tx:
        tx.write(newer.path, newer.render())
    hits = open_index(filled.root).search("suckers energy fruit", method="bm25", kinds=["source"])
    assert [h.anchor for h in hits].count("p3") == 1


# -- freshness -------------------------------------------------------------------------------


def test_incremental_update_reindexes_only_what_changed(filled: MemoryRepo, hashed) -> None:
    idx = open_index(filled.root, embedder=hashed)
    first = idx.update()
    assert (first.files_added, first.blocks_total) == (4, first.blocks_added)
    assert first.embedded == first.blocks_total == first.vectors_total
    assert idx.update().changed is False

    grown = Session(**{**S2.__dict__, "turns": [*S2.turns, Turn("assistant", "Cute!")]})
    with filled.transaction("test: grow") as tx:
        tx.write(S2.path, grown.render())
        tx.delete(SOURCE.path)
    calls = hashed.calls
    second = idx.update()
    assert (second.files_added, second.files_changed, second.files_removed) == (0, 1, 1)
    assert second.blocks_removed == 3 + 3 and second.blocks_added == 4
    # Unchanged turns keep their cached vectors: only the new turn is embedded.
    assert second.embedded == 1 and hashed.calls == calls + 1
    assert second.blocks_total == first.blocks_total - 3 + 1

    # A file touched without a change is re-hashed, not re-indexed.
    p = filled.root / S1.path
    p.write_bytes(p.read_bytes())
    assert idx.update().changed is False


def test_a_stale_index_is_noticed_and_fixed_by_search(filled: MemoryRepo, hashed) -> None:
    idx = open_index(filled.root, embedder=hashed)
    idx.update()
    assert idx.search("kayak", method="bm25") == []
    s3 = chat("chat-s3", dt.datetime(2023, 7, 1), [("Melanie", "We rented a kayak on the lake.")])
    with filled.transaction("test: new session") as tx:
        tx.write(s3.path, s3.render())
    assert idx.status()["stale"] is True
    for method in ("bm25", "dense", "hybrid"):
        hits = idx.search("kayak", method=method, k=1)
        assert hits[0].path == s3.path, method
    assert idx.status()["stale"] is False
    # Another process (another index object) sees the same update.
    assert (
        open_index(filled.root, embedder=hashed).search("kayak", method="bm25")[0].path == s3.path
    )


def test_unparseable_files_are_skipped_and_reported(filled: MemoryRepo) -> None:
    bad = filled.root / "sessions/2023/05/broken.md"
    bad.write_text("---\nid: [unclosed\n---\n> hi\n^t1\n", "utf-8")
    idx = open_index(filled.root)
    stats = idx.update(embed=False)
    assert "sessions/2023/05/broken.md" in stats.errors
    assert idx.search("support group", method="bm25")[0].anchor == "t3"
    assert idx.update(embed=False).changed is False  # not re-parsed every time


# -- repair ----------------------------------------------------------------------------------


def _built(repo: MemoryRepo, embedder) -> Path:
    idx = open_index(repo.root, embedder=embedder)
    idx.update()
    idx.close()
    return repo.root / ".brain/cache/search"


@pytest.mark.parametrize(
    "victim",
    ["search/blocks.sqlite", "vectors.sqlite", "search/bm25/meta.json", "search/bm25/*.term"],
)
def test_a_corrupted_index_file_is_rebuilt(filled: MemoryRepo, hashed, victim: str) -> None:
    cache = _built(filled, hashed).parent
    targets = list(cache.glob(victim))
    assert targets
    for target in targets:
        target.write_bytes(b"\x00garbage, not an index\xff" * 64)
        for suffix in ("-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
    idx = open_index(filled.root, embedder=hashed)
    stats = idx.update()
    assert stats.rebuilt and "corrupt" in stats.rebuilt
    assert stats.blocks_total > 0 and stats.vectors_total == stats.blocks_total
    for method in ("bm25", "hybrid"):
        assert idx.search("support group", method=method)[0].anchor == "t3"


def test_a_deleted_index_folder_is_rebuilt_on_search(filled: MemoryRepo, hashed) -> None:
    import shutil

    folder = _built(filled, hashed)
    shutil.rmtree(folder)
    assert open_index(filled.root, embedder=hashed).search("support group")[0].anchor == "t3"


def test_new_settings_or_an_interrupted_update_rebuild(filled: MemoryRepo, hashed) -> None:
    folder = _built(filled, hashed)
    other = IndexSettings(stopwords=True)
    stats = open_index(filled.root, embedder=hashed, settings=other).update()
    assert stats.rebuilt and "settings" in stats.rebuilt and stats.blocks_total > 0
    db = sqlite3.connect(folder / "blocks.sqlite")
    db.execute("UPDATE info SET value = '1' WHERE key = 'dirty'")
    db.commit()
    db.close()
    stats = open_index(filled.root, embedder=hashed, settings=other).update()
    assert stats.rebuilt and "interrupted" in stats.rebuilt
    assert stats.embedded == 0  # vectors are keyed by text: a rebuild re-embeds nothing


def test_format_version_change_rebuilds(filled: MemoryRepo, hashed, monkeypatch) -> None:
    import search.models

    _built(filled, hashed)
    monkeypatch.setattr(search.models, "FORMAT_VERSION", search.models.FORMAT_VERSION + 1)
    stats = open_index(filled.root, embedder=hashed).update()
    assert stats.rebuilt and stats.blocks_total > 0


def test_texts_that_are_not_blocks_are_embedded_once_and_cached(filled: MemoryRepo) -> None:
    """The agent embeds the lines of wiki pages for every question: the second time they
    come from the cache, also in another index object over the same memory."""
    first = HashEmbedder()
    lines = [
        "Rosa keeps bees on the roof",
        "Tam rebuilt a 1970s moped",
        "Rosa keeps bees on the roof",
    ]
    vecs = open_index(filled.root, embedder=first).embed_texts(lines)
    assert vecs.shape == (3, first.dim) and first.calls == 2  # the repeated line once
    assert float(vecs[0] @ vecs[2]) == pytest.approx(1.0)
    again = HashEmbedder()
    cached = open_index(filled.root, embedder=again).embed_texts([*lines[:2], "a new line here"])
    assert again.calls == 1  # only the line it had not seen
    assert cached[:2].tolist() == vecs[:2].tolist()
    assert open_index(filled.root, embedder=again).embed_texts([]).shape == (0, again.dim)
