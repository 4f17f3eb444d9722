"""OpenAI chat messages: a JSON list of `{role, content}` or `{"messages": [...]}`, or a
list of such conversations (what a script that saves its chats one after another writes).

Tool calls are kept in the assistant turn as readable lines, tool results become
`tool` turns; content given as a list of parts keeps its text parts (images become a
placeholder). Files carry no date, so a session is dated by `created` when present
(Unix seconds, as the API writes it, or an ISO-8601 date or time, as people write it),
else by the file's modification time. A `created` that is neither is an error: dating the
session by the file's time instead would file it under the wrong month, silently.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..errors import RejectedInputError
from ..textio import read_input_text
from .common import derived_id, file_time, load_json, safe_id, title_from_turns
from .exports import epoch_time, iso_time

NAME = "openai"
_ROLES = {
    "user": "user",
    "assistant": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
}


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def _messages(data: Any) -> list[Any] | None:
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        return list(data["messages"])
    if isinstance(data, list):
        return data
    return None


def _one(data: Any) -> bool:
    msgs = _messages(data)
    return bool(msgs) and all(isinstance(m, dict) and "role" in m for m in msgs or [])


def _conversations(data: Any) -> list[Any]:
    """The conversations of a file: itself, or each item of a list of `{"messages"}`."""
    if (
        isinstance(data, list)
        and data
        and all(isinstance(c, dict) and "messages" in c for c in data)
    ):
        return data
    return [data]


def looks_like(data: Any) -> bool:
    return all(_one(c) for c in _conversations(data))


def parse_text(text: str, path: Path) -> list[Session]:
    name = str(path)
    data = load_json(text, name)
    conversations = _conversations(data)
    if not looks_like(data):
        raise RejectedInputError("not OpenAI chat messages (a list of {role, content})", name)
    many = len(conversations) > 1
    return [
        _session(c, path, f"{name} (conversation {k})" if many else name)
        for k, c in enumerate(conversations, start=1)
    ]


def _session(data: Any, path: Path, name: str) -> Session:
    msgs = _messages(data) or []
    turns = [_turn(m, i, name) for i, m in enumerate(msgs, start=1)]
    meta = data if isinstance(data, dict) else {}
    started = _created(meta.get("created"), name) or file_time(path)
    sid = safe_id(str(meta["id"])) if meta.get("id") else derived_id(path, turns)
    title = meta.get("title")
    if not (isinstance(title, str) and title.strip()):
        title = title_from_turns(turns, sid)
    return Session(id=sid, title=title, format=NAME, turns=turns, started=started)


def _created(value: Any, name: str) -> dt.datetime | None:
    if value is None:
        return None
    when = epoch_time(value) if not isinstance(value, str) else iso_time(value.strip())
    if when is None:
        raise RejectedInputError(
            f"created {value!r} is neither Unix seconds (1718000000) nor an ISO-8601 date or"
            " time (2024-06-10 or 2024-06-10T06:13:20Z)",
            path=name,
        )
    return when


def _text_of(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict):
                kind = part.get("type")
                if kind in ("text", "input_text", "output_text"):
                    parts.append(str(part.get("text", "")))
                elif kind in ("image_url", "input_image", "image"):
                    parts.append("[image]")
                elif kind in ("input_audio", "audio"):
                    parts.append("[audio]")
                elif kind == "refusal":
                    parts.append(str(part.get("refusal", "")))
        return "\n".join(p for p in parts if p)
    return json.dumps(content, ensure_ascii=False)


def _tool_call_line(call: Any) -> str:
    fn = call.get("function", {}) if isinstance(call, dict) else {}
    name = fn.get("name") or "tool"
    args = fn.get("arguments")
    if isinstance(args, str):
        with contextlib.suppress(json.JSONDecodeError):
            args = json.dumps(json.loads(args), ensure_ascii=False)
    elif args is not None:
        args = json.dumps(args, ensure_ascii=False)
    return f"[tool call: {name}({args or ''})]"


def _turn(m: dict[str, Any], i: int, name: str) -> Turn:
    role = _ROLES.get(str(m.get("role")))
    if role is None:
        raise RejectedInputError(f"message {i}: unknown role {m.get('role')!r}", path=name)
    content = _text_of(m.get("content"))
    meta: dict[str, Any] = {}
    calls = m.get("tool_calls") or []
    if m.get("function_call"):  # the legacy single-call form
        calls = [*calls, {"function": m["function_call"]}]
    if calls:
        content = "\n".join([content, *(_tool_call_line(c) for c in calls)]).strip()
        ids = [str(c["id"]) for c in calls if isinstance(c, dict) and c.get("id")]
        if ids:
            meta["tool_call_ids"] = ",".join(ids)
    if role == "tool" and m.get("tool_call_id"):
        meta["tool_call_id"] = str(m["tool_call_id"])
    speaker = m.get("name") if isinstance(m.get("name"), str) else None
    return Turn(role=role, content=content, speaker=speaker, meta=meta)
