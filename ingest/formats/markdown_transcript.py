"""Markdown transcripts: a turn starts at a heading naming its speaker.

`## User`, `## Assistant`, `## System`, `## Tool` (also Human, AI, Claude, ChatGPT...),
or `## Maya (user)` for a named speaker; level 2 or 3, an optional trailing colon. An H1
is the title. Optional frontmatter may give `id`, `title` and `date`/`started`.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from memory_schema.errors import ParseError
from memory_schema.markdown_io import split_frontmatter
from memory_schema.session import Session, Turn

from ..errors import RejectedInputError
from ..textio import read_input_text
from .common import derived_id, file_time, safe_id, title_from_turns

NAME = "markdown"
_WORDS = {
    "user": "user",
    "human": "user",
    "me": "user",
    "you": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "bot": "assistant",
    "claude": "assistant",
    "chatgpt": "assistant",
    "gpt": "assistant",
    "model": "assistant",
    "system": "system",
    "tool": "tool",
}
_HEADING = re.compile(r"^#{2,3}[ \t]+(?P<label>.+?)[ \t]*:?[ \t]*$")
_NAMED = re.compile(r"^(?P<name>.+?)[ \t]*\((?P<role>user|assistant|system|tool)\)$", re.I)
_FENCE = re.compile(r"^(```|~~~)")


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def _role_of(label: str) -> tuple[str, str | None] | None:
    label = label.strip().strip("*").strip()
    m = _NAMED.match(label)
    if m:
        return m["role"].lower(), m["name"].strip()
    role = _WORDS.get(label.lower())
    return (role, None) if role else None


def _turn_headings(lines: list[str]) -> list[tuple[int, str, str | None]]:
    found = []
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        m = None if in_fence else _HEADING.match(line)
        if m and (r := _role_of(m["label"])):
            found.append((i, r[0], r[1]))
    return found


def looks_like(text: str) -> bool:
    """At least two turn headings, one of them by the user."""
    heads = _turn_headings(text.splitlines())
    return len(heads) >= 2 and any(role == "user" for _, role, _ in heads)


def parse_text(text: str, path: Path) -> list[Session]:
    name = str(path)
    try:
        meta, body = split_frontmatter(text.replace("\r\n", "\n"), name)
    except ParseError as exc:
        raise RejectedInputError(f"bad frontmatter: {exc.message}", path=name) from None
    lines = body.split("\n")
    heads = _turn_headings(lines)
    if not heads:
        raise RejectedInputError("no '## User' / '## Assistant' turn headings", path=name)
    title = next((ln[2:].strip() for ln in lines[: heads[0][0]] if ln.startswith("# ")), None)
    turns = []
    for k, (start, role, speaker) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        turns.append(Turn(role=role, content="\n".join(lines[start + 1 : end]), speaker=speaker))
    sid = safe_id(str(meta["id"])) if meta.get("id") else derived_id(path, turns)
    title = str(meta.get("title") or title or title_from_turns(turns, sid))
    return [
        Session(
            id=sid, title=title, format=NAME, turns=turns, started=_started(meta) or file_time(path)
        )
    ]


def _started(meta: dict[str, Any]) -> dt.datetime | dt.date | None:
    for key in ("started", "date", "created"):
        value = meta.get(key)
        if isinstance(value, dt.datetime | dt.date):
            return value
        if isinstance(value, str):
            try:
                return dt.datetime.fromisoformat(value)
            except ValueError:
                continue
    return None
