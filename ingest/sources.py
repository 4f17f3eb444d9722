"""Documents into `sources/<slug>-<hash8>.md`, one block per paragraph (^pN).

Documents are fetched and converted before the write lock is taken (that is the slow
part), then written in one commit. A document whose bytes were captured before is
skipped. A changed document (same origin, new bytes) gets a new file that names the
old one in `supersedes`, and the old file gets `superseded_by`: only its frontmatter
changes, so every citation of its paragraphs keeps working.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import MAX_FILE_BYTES, SOURCES
from memory_schema.markdown_io import join_frontmatter, split_frontmatter
from memory_schema.repo import MemoryRepo, Transaction
from memory_schema.source import Source

from .capture import CaptureReport, Outcome
from .documents import convert, detect_kind
from .errors import IngestError, RejectedInputError
from .textio import DEFAULT_MAX_INPUT_BYTES, DecodeWarning, read_input_bytes

FETCH_TIMEOUT_S = 30.0


@dataclass
class Fetched:
    origin: str  # absolute path or URL, as recorded in the source
    name: str  # what detection looks at (file name or URL)
    data: bytes
    content_type: str | None = None


def is_url(item: str) -> bool:
    return item.startswith(("http://", "https://"))


def fetch(item: str, max_bytes: int = DEFAULT_MAX_INPUT_BYTES) -> Fetched:
    """The bytes of a local file or a URL (httpx; redirects followed; size capped)."""
    if not is_url(item):
        path = Path(item).expanduser()
        data = read_input_bytes(path, max_bytes)
        return Fetched(origin=str(path.resolve()), name=str(path), data=data)
    import httpx

    try:
        with (
            httpx.Client(follow_redirects=True, timeout=FETCH_TIMEOUT_S) as client,
            client.stream("GET", item, headers={"User-Agent": "brain-capture"}) as resp,
        ):
            if resp.status_code >= 400:
                raise RejectedInputError(f"HTTP {resp.status_code} {resp.reason_phrase}", item)
            chunks, size = [], 0
            for chunk in resp.iter_bytes():
                size += len(chunk)
                if size > max_bytes:
                    raise RejectedInputError(
                        f"over the capture size limit of {max_bytes:,} bytes "
                        "(BRAIN_CAPTURE_MAX_BYTES)",
                        path=item,
                    )
                chunks.append(chunk)
            return Fetched(
                origin=item,
                name=str(resp.url.path) or item,
                data=b"".join(chunks),
                content_type=resp.headers.get("content-type"),
            )
    except httpx.HTTPError as exc:
        raise RejectedInputError(f"could not fetch: {exc}", path=item) from None


def build_source(fetched: Fetched, now: dt.datetime) -> Source:
    """Detect, convert and wrap one fetched document as a Source (not written yet)."""
    if not fetched.data.strip():
        raise RejectedInputError("empty file", path=fetched.origin)
    kind = detect_kind(fetched.name, fetched.data, fetched.content_type)
    doc = convert(fetched.data, fetched.origin, kind)
    return Source(
        title=" ".join(doc.title.split())[:200] or "Untitled",
        origin=fetched.origin,
        sha256=hashlib.sha256(fetched.data).hexdigest(),
        captured=now,
        mime=doc.mime,
        blocks=doc.blocks,
        pages=doc.pages,
        extra=dict(doc.extra),
    )


def prepare_sources(
    items: Sequence[str],
    *,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    progress: Callable[[str], None] | None = None,
    now: dt.datetime | None = None,
) -> tuple[list[Source], CaptureReport]:
    """Fetch and convert every item; bad ones become rejected outcomes."""
    now = now or dt.datetime.now().astimezone().replace(microsecond=0)
    report = CaptureReport()
    sources = []
    for item in items:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", DecodeWarning)
            try:
                sources.append(build_source(fetch(item, max_bytes), now))
            except IngestError as exc:
                report.outcomes.append(Outcome("rejected", origin=item, message=exc.message))
        report.warnings += [str(w.message) for w in caught if issubclass(w.category, DecodeWarning)]
        if progress:
            progress(item)
    return sources, report


def capture_sources(
    repo: MemoryRepo,
    items: Sequence[str],
    *,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    progress: Callable[[str], None] | None = None,
    now: dt.datetime | None = None,
) -> CaptureReport:
    """Capture documents (paths or URLs) as sources, all in one commit."""
    sources, report = prepare_sources(items, max_bytes=max_bytes, progress=progress, now=now)
    if not sources:
        return report
    rendered = {id(s): s.render() for s in sources}
    trailers = {"Brain-Command": "capture", "Brain-Sources": ", ".join(s.path for s in sources)}
    title = sources[0].title if len(sources) == 1 else f"{len(sources)} documents"
    with repo.transaction(f"capture: {title}", trailers) as tx:
        known = _known_sources(repo.root)
        for s in sources:
            report.outcomes.append(_write_source(tx, s, rendered[id(s)], known))
    report.commit = tx.commit
    return report


@dataclass
class _Known:
    path: str
    origin: str
    sha256: str
    superseded_by: str | None


def _known_sources(root: Path) -> dict[str, _Known]:
    """Frontmatter of every captured source, by path."""
    out = {}
    folder = root / SOURCES
    for f in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        rel = f"{SOURCES}/{f.name}"
        try:
            meta, _ = split_frontmatter(f.read_text("utf-8"), rel)
        except (ParseError, UnicodeDecodeError, OSError):
            continue  # a broken file is the validators' business
        if isinstance(meta.get("sha256"), str) and isinstance(meta.get("origin"), str):
            out[rel] = _Known(rel, meta["origin"], meta["sha256"], meta.get("superseded_by"))
    return out


def _write_source(tx: Transaction, s: Source, text: str, known: dict[str, _Known]) -> Outcome:
    same = next((k for k in known.values() if k.sha256 == s.sha256), None)
    if same is not None:
        note = None if same.origin == s.origin else f"same bytes as {same.origin}"
        return Outcome("unchanged", path=same.path, origin=s.origin, message=note)
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        return Outcome(
            "rejected",
            origin=s.origin,
            message=f"converted text is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte "
            "limit for memory files",
        )
    older = [k for k in known.values() if k.origin == s.origin and not k.superseded_by]
    if older:
        s.extra["supersedes"] = older[-1].path
        text = s.render()
    tx.write(s.path, text)
    for k in older:
        _mark_superseded(tx, k, s.path)
    known[s.path] = _Known(s.path, s.origin, s.sha256, None)
    status = "updated" if older else "captured"
    message = f"supersedes {', '.join(k.path for k in older)}" if older else None
    return Outcome(status, path=s.path, origin=s.origin, blocks=len(s.blocks), message=message)


def _mark_superseded(tx: Transaction, old: _Known, new_path: str) -> None:
    """Point the old version at the new one; its body (and so its anchors) stays as is."""
    text = tx.read_text(old.path)
    if text is None:
        return
    meta, body = split_frontmatter(text, old.path)
    meta["superseded_by"] = new_path
    tx.write(old.path, join_frontmatter(meta, body))
    old.superseded_by = new_path
