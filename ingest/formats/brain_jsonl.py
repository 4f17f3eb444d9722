"""Brain JSONL, the project's own interchange format: one session per line.

`{"id", "started_at", "title"?, "turns": [{"role", "content", "at"?, "name"?, "meta"?}]}`
(specified in memory_schema/FORMAT.md). Blank lines are allowed.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

from memory_schema.session import ROLES, SESSION_ID_RE, Session, Turn

from ..errors import RejectedInputError, RejectedSessionWarning
from ..textio import read_input_text
from .common import parse_iso, title_from_turns

NAME = "brain"
_META_TYPES = (str, int, float, bool, type(None))


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(first: Any) -> bool:
    return isinstance(first, dict) and "turns" in first and "id" in first


def parse_text(text: str, path: Path) -> list[Session]:
    """Every good line's session. A bad line rejects that session only (a warning the
    batch reports as rejected); when no line is good, the file is rejected."""
    name = str(path)
    sessions = []
    errors: list[RejectedInputError] = []
    # Lines end at "\n" only: JSON strings may hold U+2028 and other characters that
    # str.splitlines() would split at.
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RejectedInputError(
                    f"line {lineno}: not valid JSON ({exc.msg})", name
                ) from None
            sessions.append(session_from_obj(obj, f"{name}:{lineno}"))
        except RejectedInputError as exc:
            errors.append(exc)
    if errors and not sessions:
        raise errors[0]
    for exc in errors:
        warnings.warn(RejectedSessionWarning(str(exc)), stacklevel=2)
    return sessions


def session_from_obj(obj: Any, where: str) -> Session:
    _check_text(obj, where)
    if not isinstance(obj, dict):
        raise RejectedInputError("a session must be a JSON object", path=where)
    sid = obj.get("id")
    if not isinstance(sid, str) or not SESSION_ID_RE.fullmatch(sid):
        raise RejectedInputError(
            f"'id' must be a string matching {SESSION_ID_RE.pattern}", path=where
        )
    started = parse_iso(obj.get("started_at"), "started_at", where)
    raw_turns = obj.get("turns")
    if not isinstance(raw_turns, list):
        raise RejectedInputError("'turns' must be a list", path=where)
    turns = [_turn(t, i, where) for i, t in enumerate(raw_turns, start=1)]
    title = obj.get("title")
    return Session(
        id=sid,
        title=title if isinstance(title, str) and title.strip() else title_from_turns(turns, sid),
        format=NAME,
        turns=turns,
        started=started,
    )


def _check_text(value: Any, where: str) -> None:
    """Refuse strings Markdown in UTF-8 cannot hold: JSON's "\\ud800" is a lone surrogate."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RejectedInputError(
                "text with a lone surrogate (an invalid \\uD800-\\uDFFF escape)", path=where
            ) from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_text(k, where)
            _check_text(v, where)
    elif isinstance(value, list):
        for v in value:
            _check_text(v, where)


def _turn(raw: Any, i: int, where: str) -> Turn:
    if not isinstance(raw, dict):
        raise RejectedInputError(f"turn {i} must be an object", path=where)
    role, content = raw.get("role"), raw.get("content")
    if role not in ROLES:
        raise RejectedInputError(
            f"turn {i}: role {role!r} is not one of {', '.join(ROLES)}", path=where
        )
    if not isinstance(content, str):
        raise RejectedInputError(f"turn {i}: 'content' must be a string", path=where)
    at = parse_iso(raw["at"], f"turn {i} 'at'", where) if raw.get("at") is not None else None
    name = raw.get("name")
    meta = raw.get("meta") or {}
    if not isinstance(meta, dict) or not all(isinstance(v, _META_TYPES) for v in meta.values()):
        raise RejectedInputError(f"turn {i}: 'meta' must map names to plain values", path=where)
    return Turn(
        role=role,
        content=content,
        speaker=name if isinstance(name, str) and name.strip() else None,
        at=at,
        meta={str(k): v for k, v in meta.items()},
    )


def to_obj(session: Session) -> dict[str, Any]:
    """A session as one Brain JSONL object (the inverse of `session_from_obj`)."""
    started = session.started
    obj: dict[str, Any] = {
        "id": session.id,
        "started_at": started.isoformat() if started is not None else None,
        "title": session.title,
        "turns": [],
    }
    for t in session.turns:
        turn: dict[str, Any] = {"role": t.role, "content": t.content}
        if t.at is not None:
            turn["at"] = t.at.isoformat()
        if t.speaker:
            turn["name"] = t.speaker
        if t.meta:
            turn["meta"] = dict(t.meta)
        obj["turns"].append(turn)
    return obj
