"""A drop folder: files that land in it are captured, one log line each.

watchdog reports file events; a file is captured once no event has touched it for
`debounce` seconds (so a file still being written or copied is not read half-way).
Transcripts (.json, .jsonl, and Markdown with `## User` / `## Assistant` turns) become
sessions; documents become sources. Capture is idempotent, so a file saved twice is
captured once, and a transcript that grows gets its new turns appended.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from memory_schema.errors import SchemaError
from memory_schema.repo import MemoryRepo

from .batch import capture_session_files, inside_folder
from .capture import CaptureReport
from .documents import DOCUMENT_SUFFIXES
from .errors import IngestError
from .formats import markdown_transcript
from .sources import capture_sources
from .textio import DEFAULT_MAX_INPUT_BYTES

SESSION_ONLY_SUFFIXES = (".json", ".jsonl")
#: Names editors and browsers use while a file is still being written.
_TEMP_ENDINGS = ("~", ".tmp", ".part", ".crdownload", ".swp", ".download", ".partial")

Log = Callable[[str], None]


def is_temporary(path: Path) -> bool:
    """Hidden files, editor locks and partial downloads: never captured, never logged."""
    name = path.name
    return name.startswith((".", "~$")) or name.endswith(_TEMP_ENDINGS)


def route(path: Path) -> str | None:
    """'session', 'source' or None (not ours) for a dropped file."""
    if is_temporary(path):
        return None
    suffix = path.suffix.lower()
    if suffix in SESSION_ONLY_SUFFIXES:
        return "session"
    if suffix in (".md", ".markdown", ".txt"):
        try:
            head = path.read_bytes()[:200_000].decode("utf-8", "replace")
        except OSError:
            return None
        return "session" if markdown_transcript.looks_like(head) else "source"
    if suffix in DOCUMENT_SUFFIXES:
        return "source"
    return None


def capture_dropped(
    repo: MemoryRepo,
    path: Path,
    *,
    fmt: str | None = None,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
) -> CaptureReport | None:
    """Capture one dropped file as a session or a source (None when it is not ours)."""
    kind = route(path)
    if kind == "session":
        return capture_session_files(repo, [path], fmt, max_bytes=max_bytes)
    if kind == "source":
        return capture_sources(repo, [str(path)], max_bytes=max_bytes)
    return None


def describe(name: str, report: CaptureReport) -> list[str]:
    """One log line per outcome: status, file, where it went."""
    lines = [f"warning {name}: {w}" for w in report.warnings]
    for o in report.outcomes:
        if o.status == "rejected":
            lines.append(f"rejected {name}: {o.message}")
        else:
            extra = f" (+{o.added} turns)" if o.status == "grown" else ""
            lines.append(f"{o.status} {name} -> {o.path}{extra}")
    return lines


class _Pending(FileSystemEventHandler):
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: dict[Path, float] = {}
        self.wake = threading.Event()

    def touch(self, path: str | bytes) -> None:
        p = Path(path.decode() if isinstance(path, bytes) else path)
        with self.lock:
            self.seen[p] = time.monotonic()
        self.wake.set()

    def on_created(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self.touch(event.src_path)

    def on_modified(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self.touch(event.src_path)

    def on_closed(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self.touch(event.src_path)

    def on_moved(self, event: FileSystemEvent) -> None:
        if not event.is_directory:
            self.touch(event.dest_path)

    def due(self, debounce: float) -> list[Path]:
        now = time.monotonic()
        with self.lock:
            ready = sorted(p for p, t in self.seen.items() if now - t >= debounce)
            for p in ready:
                del self.seen[p]
        return ready


def watch_folder(
    repo: MemoryRepo,
    folder: Path,
    *,
    stop: threading.Event,
    log: Log,
    debounce: float = 1.0,
    existing: bool = True,
    fmt: str | None = None,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
) -> None:
    """Watch `folder` (recursively) until `stop` is set, capturing what lands there."""
    folder = folder.resolve()
    if not folder.is_dir():
        raise IngestError("not a folder", path=str(folder))
    pending = _Pending()
    observer = Observer()
    observer.schedule(pending, str(folder), recursive=True)
    observer.start()
    log(f"watching {folder} (debounce {debounce:g}s); Ctrl-C stops")
    if existing:
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                pending.touch(str(p))
    try:
        while not stop.is_set():
            pending.wake.wait(timeout=min(0.2, debounce / 2) or 0.05)
            pending.wake.clear()
            for path in pending.due(debounce):
                _handle(repo, folder, path, log, fmt, max_bytes)
    finally:
        observer.stop()
        # The observer's threads only read inotify events; never let them hold up exit.
        observer.join(timeout=5)


def _handle(
    repo: MemoryRepo, folder: Path, path: Path, log: Log, fmt: str | None, max_bytes: int
) -> None:
    if not path.is_file() or is_temporary(path):
        return  # deleted or renamed before it settled, or not a finished file
    try:
        rel = path.relative_to(folder)
    except ValueError:
        rel = Path(path.name)
    if any(part.startswith(".") for part in rel.parts):
        return  # inside a hidden folder such as .git
    name = str(rel)
    if not inside_folder(folder, path):
        log(f"refused {name}: a symlink to a file outside {folder}")
        return
    try:
        report = capture_dropped(repo, path, fmt=fmt, max_bytes=max_bytes)
    except (IngestError, SchemaError) as exc:
        log(f"rejected {name}: {exc}")
        return
    if report is None:
        log(f"ignored {name}: not a transcript or a supported document")
        return
    for line in describe(name, report):
        log(line)
