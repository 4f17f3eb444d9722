"""The index watcher (search/watch.py) and incremental updates, on a real memory and a
real watchdog observer: no search call is needed for a change to reach the index."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

import search.index as search_index
from memory_schema import MemoryRepo
from search import open_index
from search.embedder import SentenceTransformerEmbedder
from search.watch import IndexWatcher


def _wait_for(pred: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return pred()


def _paths(index, query: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {h.path for h in index.search(query, method="bm25", k=10)}


@pytest.fixture
def notes(memory: MemoryRepo) -> MemoryRepo:
    with memory.transaction("notes", {"Brain-Command": "test"}) as tx:
        tx.write("notes/a.md", "# A\n\nThe heron stands in the reeds.\n")
        tx.write("notes/b.md", "# B\n\nThe otter swims past the mill.\n")
    return memory


def test_update_paths_applies_only_what_it_is_given(notes: MemoryRepo, tmp_path: Path) -> None:
    index = open_index(notes.root)
    index.update(embed=False)
    (notes.root / "notes/a.md").write_text("# A\n\nThe kingfisher dives for fish.\n")
    (notes.root / "notes/b.md").write_text("# B\n\nThe beaver builds a dam.\n")
    (notes.root / "notes/b2.md").write_text("# B2\n\nA new note about badgers.\n")
    outside = tmp_path / "outside.md"
    outside.write_text("# Secret\n\nThe password is swordfish.\n")
    (notes.root / "notes/evil.md").symlink_to(outside)
    stats = index.update_paths(["notes/a.md", "notes/b2.md", "notes/evil.md", "notes/.x.md"])
    assert (stats.files_added, stats.files_changed) == (1, 1)
    assert index.status()["stale"]  # b.md was not given: still the old text
    # A removed file given to update_paths leaves the index.
    (notes.root / "notes/a.md").unlink()
    assert index.update_paths(["notes/a.md"]).files_removed == 1
    index.update_paths(["notes/b.md"])
    assert not index.status()["stale"]
    assert _paths(index, "beaver") == {"notes/b.md"}
    assert _paths(index, "badgers") == {"notes/b2.md"}
    assert _paths(index, "heron kingfisher") == set()
    assert _paths(index, "swordfish") == set()  # never through a symlink out


def test_the_watcher_updates_the_index_without_a_search(notes: MemoryRepo, tmp_path: Path) -> None:
    # An embedder of its own, never used: the watcher must not load a model to keep up.
    index = open_index(notes.root, embedder=SentenceTransformerEmbedder())
    index.update(embed=False)
    outside = tmp_path / "outside"
    outside.mkdir()
    (notes.root / "notes/linked").symlink_to(outside, target_is_directory=True)
    with IndexWatcher(index, debounce=0.2) as watcher:
        (notes.root / "notes/a.md").write_text("# A\n\nThe kingfisher dives for fish.\n")
        with notes.transaction("another writer", {"Brain-Command": "test"}) as tx:
            tx.write("notes/c.md", "# C\n\nA note about lapwings.\n")
            tx.delete("notes/b.md")
        (outside / "secret.md").write_text("# S\n\nThe password is swordfish.\n")
        assert _wait_for(lambda: not index.status()["stale"]), index.status()
        assert watcher.applied >= 1
    assert not index.embedder_loaded
    assert _paths(index, "kingfisher") == {"notes/a.md"}
    assert _paths(index, "lapwings") == {"notes/c.md"}
    assert _paths(index, "otter") == set()
    assert _paths(index, "swordfish") == set()


def test_a_watched_search_applies_waiting_changes_and_skips_the_full_scan(
    notes: MemoryRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = open_index(notes.root)
    scans: list[int] = []
    real = search_index.scan_files
    monkeypatch.setattr(search_index, "scan_files", lambda root: scans.append(1) or real(root))
    # A debounce far longer than the test: only the search can apply the change.
    with IndexWatcher(index, debounce=600) as watcher:
        assert _paths(index, "heron") == {"notes/a.md"}  # the first search compares all
        first = len(scans)
        (notes.root / "notes/a.md").write_text("# A\n\nThe kingfisher dives for fish.\n")
        assert _wait_for(lambda: bool(watcher._pending))
        assert _paths(index, "kingfisher") == {"notes/a.md"}
        assert _paths(index, "heron") == set()
        assert len(scans) == first  # the watcher's word was enough: no full scan
    # Without a watcher every search compares every file again.
    _paths(index, "kingfisher")
    assert len(scans) == first + 1
