"""Helpers shared by the session parsers."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from memory_schema.links import slugify
from memory_schema.session import Turn, title_from_turns  # noqa: F401 (re-exported)

from ..errors import RejectedInputError

_ID_BAD = re.compile(r"[^A-Za-z0-9._-]+")


def safe_id(raw: str) -> str:
    """A session id the memory format accepts, kept as close to `raw` as possible."""
    clean = _ID_BAD.sub("-", raw.strip()).strip("-._")
    return clean[:120] or "session"


def derived_id(path: Path, turns: list[Turn]) -> str:
    """Id for formats that carry none: file name plus a hash of the first turn.

    The first turn does not change when a conversation grows, so a grown file keeps its
    id; two different files that share a name do not collide.
    """
    first = turns[0].content if turns else ""
    digest = hashlib.sha256(first.encode("utf-8")).hexdigest()[:8]
    return f"{slugify(path.stem, 60)}-{digest}"


def file_time(path: Path) -> dt.datetime:
    """The file's modification time, for formats with no date of their own."""
    return dt.datetime.fromtimestamp(path.stat().st_mtime).astimezone().replace(microsecond=0)


def parse_iso(value: Any, what: str, name: str) -> dt.datetime:
    if not isinstance(value, str):
        raise RejectedInputError(f"{what} must be an ISO-8601 string", path=name)
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise RejectedInputError(f"{what} {value!r} is not ISO-8601", path=name) from None


def load_json(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RejectedInputError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", path=name
        ) from None
