"""Notes: short memories added by hand or by agents (`brain remember`)."""

from __future__ import annotations

import datetime as dt
import hashlib

from .layout import MAX_FILE_BYTES
from .links import slugify
from .page import Page
from .repo import CommitInfo, MemoryRepo

DEFAULT_TOPIC = "inbox"


def note_topic_path(topic: str) -> str:
    parts = [slugify(p) for p in topic.replace("\\", "/").split("/") if p.strip()]
    return "/".join(parts) or DEFAULT_TOPIC


def first_line(text: str, limit: int) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "note")
    line = line.lstrip("#").strip()
    return line if len(line) <= limit else line[: limit - 1].rsplit(" ", 1)[0] + "…"


def build_note(text: str, topic: str, now: dt.datetime, title: str | None = None) -> Page:
    text = text.strip()
    if not text:
        raise ValueError("a note needs some text")
    title = title or first_line(text, 80)
    folder = note_topic_path(topic)
    digest = hashlib.sha256(f"{now.isoformat()}\n{text}".encode()).hexdigest()[:6]
    path = f"notes/{folder}/{now.date().isoformat()}-{slugify(title, 40)}-{digest}.md"
    meta = {
        "title": title,
        "type": "note",
        "aliases": [],
        "tags": [folder.replace("/", "-")],
        "created": now.date(),
        "updated": now.date(),
        "summary": first_line(text, 120),
    }
    return Page(path=path, meta=meta, body=f"# {title}\n\n{text}\n")


def write_note(
    repo: MemoryRepo,
    text: str,
    topic: str = DEFAULT_TOPIC,
    title: str | None = None,
    now: dt.datetime | None = None,
    author: str = "cli",
    trailers: dict[str, str] | None = None,
) -> tuple[str, CommitInfo | None]:
    """Write one note through the write path; returns its path and the commit."""
    now = now or dt.datetime.now().astimezone()
    page = build_note(text, topic, now, title)
    size = len(page.render().encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise ValueError(
            f"the note would be {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit for "
            "memory files; capture a long text as a source (brain capture source FILE)"
        )
    with repo.transaction(
        f"remember: {page.title}",
        {"Brain-Command": "remember", "Brain-Author": author, **(trailers or {})},
    ) as tx:
        tx.write(page.path, page.render())
    return page.path, tx.commit
