"""LoCoMo (`locomo10.json`): each `session_N` of each conversation becomes one session.

Only the dialogue is kept. LoCoMo's generated `observation`, `session_summary` and
`event_summary` are never read: they are derived answers, not evidence.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..errors import RejectedInputError
from ..textio import read_input_text
from .common import load_json

NAME = "locomo"
_SESSION_KEY = re.compile(r"^session_(\d+)$")


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(data: Any) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and isinstance(data[0], dict)
        and "conversation" in data[0]
        and "sample_id" in data[0]
    )


def parse_date(text: str) -> dt.datetime:
    """'1:56 pm on 8 May, 2023' -> datetime(2023, 5, 8, 13, 56)."""
    clean = " ".join(text.replace(",", ", ").split()).replace(" ,", ",")
    return dt.datetime.strptime(clean.upper(), "%I:%M %p ON %d %B, %Y")


def parse_text(text: str, path: Path) -> list[Session]:
    name = str(path)
    data = load_json(text, name)
    if not looks_like(data):
        raise RejectedInputError("not a LoCoMo file (a list of {sample_id, conversation})", name)
    sessions = []
    for sample in data:
        sessions += _conversation(sample, name)
    return sessions


def _conversation(sample: dict[str, Any], name: str) -> list[Session]:
    sample_id = str(sample.get("sample_id") or "")
    conv = sample.get("conversation")
    if not sample_id or not isinstance(conv, dict):
        raise RejectedInputError("a LoCoMo sample lacks sample_id or conversation", path=name)
    a, b = conv.get("speaker_a"), conv.get("speaker_b")
    numbers = sorted(
        int(m.group(1)) for key in conv if (m := _SESSION_KEY.match(key)) and conv[key]
    )
    out = []
    for n in numbers:
        when_text = conv.get(f"session_{n}_date_time")
        try:
            started = parse_date(when_text) if isinstance(when_text, str) else None
        except ValueError:
            raise RejectedInputError(
                f"{sample_id} session_{n}: unreadable date {when_text!r}", path=name
            ) from None
        turns = [_turn(raw, a, b, f"{sample_id} session_{n}", name) for raw in conv[f"session_{n}"]]
        title = f"{a} and {b}, session {n}"
        if when_text:
            title += f" ({when_text})"
        out.append(
            Session(
                id=f"{sample_id}-s{n}",
                title=title,
                format=NAME,
                turns=turns,
                started=started,
                participants=[p for p in (a, b) if p],
                extra={"conversation": sample_id, "session_number": n},
            )
        )
    return out


def _turn(raw: Any, a: str | None, b: str | None, where: str, name: str) -> Turn:
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        raise RejectedInputError(f"{where}: a turn without text", path=name)
    speaker = raw.get("speaker")
    content = raw["text"]
    meta: dict[str, Any] = {}
    if raw.get("dia_id"):
        meta["dia_id"] = str(raw["dia_id"])
    caption = raw.get("blip_caption")
    if caption:
        # The image is not kept, its caption is: it is the only trace of what was shared.
        content = f"{content} [shares a photo: {caption}]".strip()
        urls = raw.get("img_url")
        if isinstance(urls, list) and urls:
            meta["img_url"] = str(urls[0])
        elif isinstance(urls, str):
            meta["img_url"] = urls
        if raw.get("query"):
            meta["img_query"] = str(raw["query"])
    role = "assistant" if speaker == b and speaker != a else "user"
    return Turn(role=role, content=content, speaker=speaker, meta=meta)
