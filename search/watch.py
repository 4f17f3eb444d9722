"""Keep a search index fresh while a process runs: watch the memory, update what changed.

watchdog reports file events (an edit in Obsidian, a commit by another process, the
process's own writes); changed paths are collected and, once no event has come for
`debounce` seconds, applied with `SearchIndex.update_paths` (only those files). A
folder created, moved or deleted updates from every file instead. Symlinks are never
followed: the observer does not enter linked folders, and update_paths skips any path
with a symlink on the way.

While it has applied everything it saw, the watcher tells the index so (`watched`), and
a search skips comparing every file with the index. A search that comes while changes
wait for their debounce applies them first, so no search is stale.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirModifiedEvent,
    DirMovedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

from .errors import SearchError
from .index import SearchIndex
from .scan import _INDEXED_TOPS

log = logging.getLogger("brain.search")

_DIR_EVENTS = [DirCreatedEvent, DirDeletedEvent, DirMovedEvent]
_EVENTS = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent, *_DIR_EVENTS]

DEFAULT_DEBOUNCE = 0.5


#: How many times a search applies events that keep arriving before it compares every file.
FLUSH_ROUNDS = 3


class IndexWatcher(FileSystemEventHandler):
    """Start with `start()`, stop with `stop()`; or use it as a context manager."""

    def __init__(self, index: SearchIndex, *, debounce: float = DEFAULT_DEBOUNCE):
        self.index = index
        self.root = Path(os.path.realpath(index.root))
        self.debounce = debounce
        self._mu = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._pending: set[str] = set()
        self._everything = False  # a folder changed: update from every file
        self._last_event = 0.0
        self._failed = False
        self._observer: Observer | None = None  # type: ignore[valid-type]
        self._thread: threading.Thread | None = None
        self.applied = 0  # updates applied (for tests and logs)

    # -- life ----------------------------------------------------------------------------

    def start(self) -> IndexWatcher:
        observer = Observer()
        # The indexed folders only (not .git, not the index's own files), and only events
        # that change a file: reading one (the index does) must not look like a change.
        observer.schedule(self, str(self.root), recursive=False, event_filter=_DIR_EVENTS)
        for top in _INDEXED_TOPS:
            self._watch(observer, top)
        observer.daemon = True
        observer.start()
        self._observer = observer
        self._thread = threading.Thread(target=self._run, name="brain-index-watch", daemon=True)
        self._thread.start()
        self.index.watched = self.fresh
        return self

    def _watch(self, observer: Observer, top: str) -> None:  # type: ignore[valid-type]
        folder = self.root / top
        if folder.is_dir() and not folder.is_symlink():
            observer.schedule(
                self, str(folder), recursive=True, follow_symlink=False, event_filter=_EVENTS
            )

    def stop(self) -> None:
        self.index.watched = None
        self._stop.set()
        self._wake.set()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> IndexWatcher:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- events --------------------------------------------------------------------------

    def _rel(self, path: str | bytes) -> str | None:
        """The memory path of an event's file when the index may cover it."""
        text = os.fsdecode(path)
        try:
            rel = Path(text).relative_to(self.root).as_posix()
        except ValueError:
            return None
        top = rel.split("/", 1)[0]
        return rel if top in _INDEXED_TOPS else None

    def on_any_event(self, event: FileSystemEvent) -> None:
        if isinstance(event, DirModifiedEvent):
            return  # a file inside changed: its own event says which
        paths = [self._rel(event.src_path)]
        if getattr(event, "dest_path", ""):
            paths.append(self._rel(event.dest_path))
        rels = [p for p in paths if p is not None]
        if not rels:
            return
        top_made = event.is_directory and event.event_type == "created" and "/" not in rels[-1]
        if top_made and self._observer is not None:
            # A top folder (notes/, ...) made after the start: watch it from now on.
            self._watch(self._observer, rels[-1])
        with self._mu:
            if event.is_directory:
                self._everything = True
            else:
                self._pending.update(r for r in rels if r.endswith(".md"))
            self._last_event = time.monotonic()
        self._wake.set()

    # -- applying ------------------------------------------------------------------------

    def fresh(self) -> bool:
        """Called by a search: apply what is waiting now; True when nothing is left."""
        if self._observer is None or not self._observer.is_alive():
            return False
        # One write is several events (modified, closed...), and on a busy machine the
        # last may land while the first are applied: apply those too rather than have
        # the search fall back to comparing every file.
        for _ in range(FLUSH_ROUNDS):
            self.flush()
            with self._mu:
                if self._failed:
                    return False
                if not self._pending and not self._everything:
                    return True
        return False

    def flush(self) -> None:
        """Apply the changes seen so far, without waiting for the debounce."""
        # The index's lock first: a search holds it when it calls fresh().
        with self.index._lock:
            with self._mu:
                paths, everything = sorted(self._pending), self._everything
                self._pending.clear()
                self._everything = False
            if not paths and not everything:
                return
            if not (self.index.folder / "blocks.sqlite").exists():
                return  # no index yet: the first search builds it from every file
            try:
                if everything:
                    self.index.update(embed=self.index.embedder_loaded)
                else:
                    self.index.update_paths(paths, embed=self.index.embedder_loaded)
            except (SearchError, OSError, sqlite3.Error) as exc:
                log.warning("index watcher: update failed (searches rescan): %s", exc)
                with self._mu:
                    self._failed = True
                return
            with self._mu:
                self._failed = False
            self.applied += 1

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=1.0)
            self._wake.clear()
            while not self._stop.is_set():
                with self._mu:
                    waiting = bool(self._pending or self._everything)
                    quiet = time.monotonic() - self._last_event
                if not waiting:
                    break
                if quiet >= self.debounce:
                    self.flush()
                    break
                time.sleep(self.debounce - quiet)


__all__ = ["IndexWatcher"]
