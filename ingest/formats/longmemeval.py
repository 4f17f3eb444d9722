"""LongMemEval: the haystack sessions of every question, each captured once.

Questions share haystack sessions, so sessions are deduplicated by their id. A turn's
`has_answer` flag is kept in the turn's metadata so evaluations can find the evidence.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..errors import RejectedInputError
from ..textio import read_input_text
from .common import load_json, safe_id, title_from_turns

NAME = "longmemeval"
_DATE = re.compile(r"^(\d{4})/(\d{2})/(\d{2})(?: \(\w+\))?(?: (\d{1,2}):(\d{2}))?$")
_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(data: Any) -> bool:
    first = data[0] if isinstance(data, list) and data else data
    return isinstance(first, dict) and "haystack_sessions" in first


def parse_date(text: str) -> dt.datetime:
    """'2023/07/12 (Wed) 10:14' -> datetime(2023, 7, 12, 10, 14)."""
    m = _DATE.match(text.strip())
    if not m:
        raise ValueError(text)
    y, mo, d, h, mi = m.groups()
    return dt.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0))


def parse_text(text: str, path: Path) -> list[Session]:
    name = str(path)
    data = load_json(text, name)
    if not looks_like(data):
        raise RejectedInputError("not a LongMemEval file (questions with haystack_sessions)", name)
    questions = data if isinstance(data, list) else [data]
    seen: dict[str, Session] = {}
    for q in questions:
        ids = q.get("haystack_session_ids") or []
        dates = q.get("haystack_dates") or []
        hay = q.get("haystack_sessions") or []
        if not (len(ids) == len(dates) == len(hay)):
            raise RejectedInputError(
                f"question {q.get('question_id')}: haystack ids, dates and sessions differ "
                "in length",
                path=name,
            )
        for sid, when, raw_turns in zip(ids, dates, hay, strict=True):
            session_id = safe_id(str(sid))
            if session_id in seen:
                continue
            try:
                started = parse_date(str(when))
            except ValueError:
                raise RejectedInputError(f"session {sid}: unreadable date {when!r}", name) from None
            turns = [_turn(t, str(sid), name) for t in raw_turns]
            seen[session_id] = Session(
                id=session_id,
                title=title_from_turns(turns, f"LongMemEval session {sid}"),
                format=NAME,
                turns=turns,
                started=started,
                extra={"longmemeval_id": str(sid)} if session_id != str(sid) else {},
            )
    return list(seen.values())


def _turn(raw: Any, sid: str, name: str) -> Turn:
    if not isinstance(raw, dict) or not isinstance(raw.get("content"), str):
        raise RejectedInputError(f"session {sid}: a turn without content", path=name)
    role = _ROLES.get(str(raw.get("role")))
    if role is None:
        raise RejectedInputError(f"session {sid}: unknown role {raw.get('role')!r}", path=name)
    meta = {"has_answer": bool(raw["has_answer"])} if "has_answer" in raw else {}
    return Turn(role=role, content=raw["content"], meta=meta)
