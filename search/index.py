"""The hybrid index over one memory: kept fresh, searched by BM25, dense or both.

Everything lives in `<memory>/.brain/cache/search/` and is derived from the Markdown:
delete the folder and the next search rebuilds it. Freshness is checked on every search
by comparing each indexable file's size and mtime with what the index saw (content hashes
decide when they differ), so a stale index is updated before it is used, never trusted.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import logging
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from memory_schema.errors import ParseError
from memory_schema.markdown_io import read_text
from memory_schema.memory_config import read_config

from .blocks import (
    DEFAULT_KINDS,
    KINDS,
    Block,
    dense_text,
    header,
    neighbour_text,
    parse_blocks,
)
from .bm25 import Bm25Doc, Bm25Index, Boosts
from .embedder import Embedder, embedder_id, get_embedder
from .errors import CorruptIndexError, SearchError
from .fusion import Fusion, fuse
from .models import METHODS, Hit, IndexSettings, IndexStats
from .results import assemble_hits
from .scan import scan_files, scan_paths
from .store import FileState, Store, vector_key

log = logging.getLogger("brain.search")

CACHE_SUBDIR = ".brain/cache"
INDEX_DIRNAME = "search"
VECTORS_FILE = "vectors.sqlite"
DENSE_FILE = "dense.npz"  # the mixed dense matrix, for the next process
_EMBED_BATCH = 128
#: With a watcher, a search still compares every file at least this often (seconds).
WATCHED_RESCAN_SECONDS = 60.0

#: progress(phase, done, total): "scan", "index", "embed"
Progress = Callable[[str, int, int], None]


class SearchIndex:
    """Open with `open_index(root)`; cheap until the first update or search."""

    def __init__(
        self,
        root: Path,
        *,
        embedder: Embedder | None = None,
        settings: IndexSettings | None = None,
        cache_dir: Path | None = None,
    ):
        self.root = Path(root)
        self.settings = settings or IndexSettings()
        self._embedder = embedder
        self.folder = Path(cache_dir) if cache_dir else self.root / CACHE_SUBDIR / INDEX_DIRNAME
        # Embeddings are keyed by text, so every index folder beside this one shares them.
        self.vectors_path = self.folder.parent / VECTORS_FILE
        self._lock = threading.RLock()
        self._file_lock = FileLock(str(self.folder.parent / f"{self.folder.name}.lock"))
        self._store: Store | None = None
        self._bm25: Bm25Index | None = None
        self._dense: Any = None  # DenseMatrix; numpy is imported only for dense search
        self._dense_gen = -1
        self._seen: dict[str, tuple[int, int]] | None = None
        self._seen_gen = -1
        self._rebuilt: str | None = None
        self._owner: str | None = None
        #: Set by a watcher (search/watch.py): True while it has applied every change it
        #: saw, so a search may skip comparing every file with the index.
        self.watched: Callable[[], bool] | None = None
        self._verified_at: float | None = None  # last full comparison, while watched

    # -- parts ---------------------------------------------------------------------------

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = get_embedder()
        return self._embedder

    def _embedder_key(self) -> str:
        return embedder_id(self.embedder)

    def _open(self) -> tuple[Store, Bm25Index]:
        """Open (or create) the tables and the BM25 index, starting over if unreadable."""
        if self._store is not None and self._bm25 is not None:
            return self._store, self._bm25
        if not (self.root / ".brain").is_dir():
            raise SearchError("not a memory repo (run `brain init` first)", path=str(self.root))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            msg = f"cannot create the index folder: {exc}"
            raise SearchError(msg, path=str(self.folder)) from exc
        try:
            store, bm25 = self._open_parts()
        except CorruptIndexError as exc:
            log.warning("search index unreadable, rebuilding: %s", exc)
            self._rebuilt = f"corrupt index rebuilt ({exc.message})"
            self._wipe()
            self.folder.mkdir(parents=True, exist_ok=True)
            store, bm25 = self._open_parts()
        self._owner = memory_owner(self.root)
        # The owner names unnamed user turns in the index: another owner, another index.
        fingerprint = self.settings.fingerprint() + (f"|owner={self._owner}" if self._owner else "")
        reason = None
        if store.get_info("dirty") == "1":
            reason = "an interrupted update"
        elif store.get_info("settings") not in (None, fingerprint):
            reason = "a new index format or settings"
        elif store.get_info("settings") is None and store.count_blocks():
            reason = "an index without settings"
        if reason:
            log.info("search index rebuilt after %s", reason)
            self._rebuilt = self._rebuilt or f"rebuilt after {reason}"
            store.clear()
            bm25.clear()
        store.set_info("settings", fingerprint)
        store.commit()
        self._store, self._bm25 = store, bm25
        return store, bm25

    def _wipe(self) -> None:
        """Delete the index folder and the embedding cache: all of it is derived data."""
        shutil.rmtree(self.folder, ignore_errors=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.vectors_path}{suffix}").unlink(missing_ok=True)

    def _open_parts(self) -> tuple[Store, Bm25Index]:
        store = Store(self.folder, self.vectors_path)
        try:
            bm25 = Bm25Index(self.folder / "bm25", stopwords=self.settings.stopwords)
        except CorruptIndexError:
            store.close()
            raise
        return store, bm25

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
            self._store = self._bm25 = self._dense = None
            self._seen = None

    # -- updating ------------------------------------------------------------------------

    def update(self, *, embed: bool = True, progress: Progress | None = None) -> IndexStats:
        """Bring the index up to date with the files (content hashes decide what changed).

        With `embed`, also embeds blocks that have no cached vector yet (loads the model).
        """
        with self._lock, self._locked():
            stats = self._update_locked(embed=embed, progress=progress)
        return stats

    def update_paths(self, paths: Iterable[str], *, embed: bool = True) -> IndexStats:
        """Bring only `paths` (files that changed, were added or removed) up to date."""
        with self._lock, self._locked():
            return self._update_locked(embed=embed, progress=None, paths=sorted(set(paths)))

    @property
    def embedder_loaded(self) -> bool:
        """Whether embedding now is cheap: the model is in memory (an embedder without a
        `loaded` attribute has nothing to load)."""
        return self._embedder is not None and bool(getattr(self._embedder, "loaded", True))

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The inter-process lock: one updater at a time per index folder."""
        self.folder.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._file_lock.acquire(timeout=600)
        except Timeout as exc:
            msg = "another process holds the index lock"
            raise SearchError(msg, path=str(self.folder)) from exc
        try:
            yield
        finally:
            self._file_lock.release()

    def _update_locked(
        self, *, embed: bool, progress: Progress | None, paths: list[str] | None = None
    ) -> IndexStats:
        t0 = time.perf_counter()
        try:
            stats = self._sync(progress, paths)
        except CorruptIndexError as exc:
            self._reset_after(exc)
            stats = self._sync(progress)  # a fresh index needs every file
        if embed:
            t1 = time.perf_counter()
            stats.embedded = self._embed_missing(progress)
            stats.embed_seconds = time.perf_counter() - t1
        store = self._store
        assert store is not None
        stats.blocks_total = store.count_blocks()
        stats.vectors_total = store.count_vectors()
        stats.errors = store.file_errors()
        stats.rebuilt, self._rebuilt = self._rebuilt, None
        stats.seconds = time.perf_counter() - t0
        return stats

    def _reset_after(self, exc: CorruptIndexError) -> None:
        log.warning("search index unreadable, rebuilding: %s", exc)
        self.close()
        self._wipe()
        self._open()
        self._rebuilt = f"corrupt index rebuilt ({exc.message})"

    def _sync(self, progress: Progress | None, paths: list[str] | None = None) -> IndexStats:
        """Update the index from every file, or from `paths` only."""
        store, bm25 = self._open()
        stats = IndexStats()
        on_disk = scan_files(self.root) if paths is None else scan_paths(self.root, paths)
        known = store.files()
        stats.files_seen = len(on_disk)
        gone = set(known) if paths is None else set(paths) & set(known)
        removed = sorted(gone - set(on_disk))
        todo = sorted(
            rel
            for rel, (size, mtime) in on_disk.items()
            if rel not in known or (known[rel].size, known[rel].mtime_ns) != (size, mtime)
        )
        reparse: dict[str, tuple[FileState, list[Block] | None, str | None]] = {}
        for n, rel in enumerate(todo, 1):
            if progress:
                progress("scan", n, len(todo))
            size, mtime = on_disk[rel]
            try:
                data = (self.root / rel).read_bytes()
            except OSError:
                continue  # vanished since the scan; the next update sees it gone
            state = FileState(size, mtime, hashlib.sha256(data).hexdigest())
            old = known.get(rel)
            if old is not None and old.sha == state.sha:
                store.touch_file(rel, state)  # touched, not changed
                continue
            try:
                blocks: list[Block] | None = parse_blocks(rel, read_text(data, rel), self._owner)
                error = None
            except ParseError as exc:
                blocks, error = None, str(exc)
            reparse[rel] = (state, blocks, error)
            if old is None:
                stats.files_added += 1
            else:
                stats.files_changed += 1
        stats.files_removed = len(removed)
        if not reparse and not removed:
            store.commit()
            return stats
        # Mark the update in progress: if we die between the BM25 commit and the table
        # commit, the next open sees the mark and rebuilds instead of trusting either.
        store.set_info("dirty", "1")
        store.commit()
        ekey_of = self._embedder_key()
        docs: list[Bm25Doc] = []
        for rel in removed:
            stats.blocks_removed += store.delete_file(rel)
        for n, (rel, (state, blocks, error)) in enumerate(reparse.items(), 1):
            if progress:
                progress("index", n, len(reparse))
            stats.blocks_removed += store.delete_blocks_of(rel)
            for i, b in enumerate(blocks or []):
                etext = dense_text(blocks or [], i, self.settings.dense)
                bid = store.add_block(
                    (b.path, b.ord, b.anchor, b.kind, b.day, b.title, b.text, b.speaker,
                     b.role, b.meta_json(), etext, vector_key(ekey_of, etext))
                )  # fmt: skip
                docs.append(self._bm25_doc(bid, blocks or [], i))
            stats.blocks_added += len(blocks or [])
            store.set_file(rel, state, len(blocks or []), error)
        bm25.apply([*removed, *reparse], docs)
        store.set_info("dirty", "0")
        store.set_info("generation", str(store.generation() + 1))
        store.commit()
        return stats

    def _bm25_doc(self, bid: int, blocks: list[Block], i: int) -> Bm25Doc:
        b, ch = blocks[i], self.settings.bm25
        return Bm25Doc(
            bid=bid,
            path=b.path,
            kind=b.kind,
            day=b.day,
            text=b.text,
            head=header(b, ch),
            ctx=neighbour_text(blocks, i, ch) if (ch.prev or ch.next) else "",
        )

    def _embed_missing(self, progress: Progress | None) -> int:
        store = self._store
        assert store is not None
        missing = store.missing_vectors()
        if not missing:
            return 0
        import numpy as np

        done = 0
        for start in range(0, len(missing), _EMBED_BATCH):
            batch = missing[start : start + _EMBED_BATCH]
            vecs = np.asarray(self.embedder.embed([t for _, t in batch]), dtype=np.float32)
            if vecs.shape != (len(batch), self.embedder.dim):
                raise SearchError(f"embedder returned shape {vecs.shape} for {len(batch)} texts")
            store.put_vectors((key, vecs[i].tobytes()) for i, (key, _) in enumerate(batch))
            store.commit()
            done += len(batch)
            if progress:
                progress("embed", done, len(missing))
        store.prune_vectors()
        store.commit()
        return done

    def _refresh(self, *, embed: bool) -> None:
        """Update before searching when files changed or another process updated."""
        if self._store is not None and memory_owner(self.root) != self._owner:
            self.close()  # reopening sees the new owner and rebuilds
        store, _ = self._open()
        gen = store.generation()
        if self._seen is None or self._seen_gen != gen:
            self._seen = {p: (s.size, s.mtime_ns) for p, s in store.files().items()}
            self._seen_gen = gen
            if self._bm25 is not None:
                self._bm25.index.reload()
        if self._trust_watcher():
            if embed and self._dense_gen != gen and store.missing_vectors():
                self.update_paths((), embed=True)
            return
        if scan_files(self.root) != self._seen:
            self.update(embed=embed)
            self._seen = None
        elif embed and self._dense_gen != gen and store.missing_vectors():
            self.update(embed=True)
        if self.watched is not None:
            self._verified_at = time.monotonic()

    def _trust_watcher(self) -> bool:
        """Whether a watcher keeps the index fresh, so this search need not compare every
        file: it must have applied every change it saw, and a full comparison must have
        run in this process within WATCHED_RESCAN_SECONDS (a net under lost events)."""
        if self.watched is None or self._verified_at is None:
            return False
        if time.monotonic() - self._verified_at > WATCHED_RESCAN_SECONDS:
            return False
        return self.watched()

    def rebuild(self, *, embed: bool = True, progress: Progress | None = None) -> IndexStats:
        """Build the index from scratch; cached embeddings are kept (they are keyed by text)."""
        with self._lock, self._locked():
            self.close()
            for name in ("blocks.sqlite", "blocks.sqlite-wal", "blocks.sqlite-shm", "bm25"):
                target = self.folder / name
                if target.is_dir():
                    shutil.rmtree(target, ignore_errors=True)
                else:
                    target.unlink(missing_ok=True)
            stats = self._update_locked(embed=embed, progress=progress)
        return stats

    # -- searching -----------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        path_prefix: str | None = None,
        date_from: dt.date | None = None,
        date_to: dt.date | None = None,
        method: str = "hybrid",
        window: tuple[int, int] = (0, 0),
        document_order: bool = False,
        fusion: Fusion | None = None,
        boosts: Boosts | None = None,
    ) -> list[Hit]:
        """The k best blocks for `query`, fused from BM25 and dense rankings by default.

        Filters: `kinds` (knowledge, note, session, summary, source, agent; by default
        all but agent, the transcripts Brain's agent recorded of itself), `path_prefix`,
        `date_from`/`date_to` (inclusive; undated blocks never pass a date filter).
        `window=(b, a)` attaches b earlier and a later blocks of the same file to each hit;
        a block already inside a better hit's window is not returned again.
        `document_order` sorts the hits by date, path and position instead of score.
        """
        if not query or not query.strip():
            raise SearchError("empty query")
        if method not in METHODS:
            raise SearchError(f"unknown method {method!r} (one of {', '.join(METHODS)})")
        if k < 1:
            raise SearchError("k must be at least 1")
        if kinds is not None:
            bad = [kd for kd in kinds if kd not in KINDS]
            if bad:
                raise SearchError(f"unknown kind {bad[0]!r} (one of {', '.join(KINDS)})")
        before, after = window
        if before < 0 or after < 0:
            raise SearchError("window sizes must not be negative")
        fusion = fusion or self.settings.fusion
        filters = {
            "kinds": list(kinds) if kinds is not None else list(DEFAULT_KINDS),
            "path_prefix": path_prefix or None,
            "day_from": date_from.toordinal() if date_from else None,
            "day_to": date_to.toordinal() if date_to else None,
        }
        with self._lock:
            self._refresh(embed=method != "bm25")
            depth = max(fusion.candidates, 3 * k)
            bm25_hits: list[tuple[int, float]] = []
            dense_hits: list[tuple[int, float]] = []
            if method in ("bm25", "hybrid"):
                bm25_hits = self._search_bm25(query, depth, boosts, filters)
            if method in ("dense", "hybrid"):
                dense_hits = self._search_dense(query, depth, filters)
            if method == "bm25":
                ranked = bm25_hits
            elif method == "dense":
                ranked = dense_hits
            else:
                ranked = list(fuse(bm25_hits, dense_hits, fusion))
            store, _ = self._open()
            return assemble_hits(store, ranked, k, window, document_order)

    def embed_texts(self, texts: Sequence[str]) -> Any:
        """Embeddings of texts that are not blocks (the lines of wiki pages the agent
        matches a question against), one row per text, cached by text beside the blocks'
        own: a wiki is read again for every question, but embedded once."""
        import numpy as np

        dim = self.embedder.dim
        if not texts:
            return np.zeros((0, dim), dtype=np.float32)
        name = self._embedder_key()
        keys = [vector_key(name, t) for t in texts]
        with self._lock:
            store, _ = self._open()
            cached = store.get_vectors(keys)
            pairs = zip(texts, keys, strict=True)
            todo = list(dict.fromkeys(t for t, key in pairs if key not in cached))
            if todo:
                vecs = np.asarray(self.embedder.embed(todo), dtype=np.float32)
                new = {vector_key(name, t): vecs[i].tobytes() for i, t in enumerate(todo)}
                store.put_vectors(new.items())
                store.commit()
                cached.update(new)
        return np.stack([np.frombuffer(cached[key], dtype=np.float32) for key in keys])

    def _search_bm25(
        self, query: str, depth: int, boosts: Boosts | None, filters: dict[str, Any]
    ) -> list[tuple[int, float]]:
        _, bm25 = self._open()
        try:
            return bm25.search(query, limit=depth, boosts=boosts or self.settings.boosts, **filters)
        except ValueError as exc:
            # A segment went missing or bad under us: start over rather than fail.
            self._reset_after(CorruptIndexError(f"BM25 search failed ({exc})"))
            self.update(embed=False)
            _, bm25 = self._open()
            return bm25.search(query, limit=depth, boosts=boosts or self.settings.boosts, **filters)

    def _search_dense(
        self, query: str, depth: int, filters: dict[str, Any]
    ) -> list[tuple[int, float]]:
        from .dense import DenseMatrix

        store, _ = self._open()
        gen = store.generation()
        if self._dense is None or self._dense_gen != gen:
            dim = self.embedder.dim
            key = f"{self._embedder_key()}|{dim}|{self.settings.dense_mix}|"
            key += store.vectors_fingerprint()
            cached = self.folder / DENSE_FILE
            self._dense = DenseMatrix.load(cached, key)
            if self._dense is None:
                matrix = DenseMatrix(store.iter_vectors(), dim)
                self._dense = matrix.mixed(self.settings.dense_mix)
                self._dense.save(cached, key)
            self._dense_gen = gen
        qvec = self.embedder.embed([query])[0]
        return self._dense.search(qvec, limit=depth, **filters)

    # -- status --------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        """Counts and freshness, without updating anything."""
        with self._lock:
            store, _ = self._open()
            on_disk = scan_files(self.root)
            known = {p: (s.size, s.mtime_ns) for p, s in store.files().items()}
            return {
                "folder": str(self.folder),
                "files": len(known),
                "blocks": store.count_blocks(),
                "embedded": store.count_vectors(),
                "stale": on_disk != known,
                "settings": self.settings.fingerprint(),
            }


def memory_owner(root: Path) -> str | None:
    """The owner in the memory's config; None when unset or unreadable (search does not
    need it; `brain config` reports a broken file)."""
    try:
        return read_config(root).owner
    except ParseError:
        return None


def open_index(
    root: Path | str,
    *,
    embedder: Embedder | None = None,
    settings: IndexSettings | None = None,
    cache_dir: Path | str | None = None,
) -> SearchIndex:
    """The index of the memory at `root` (nothing is read or loaded until it is used)."""
    return SearchIndex(
        Path(root),
        embedder=embedder,
        settings=settings,
        cache_dir=Path(cache_dir) if cache_dir else None,
    )
