"""Claude.ai data export (`conversations.json` from Settings > Privacy > Export data).

A list of conversations `{uuid, name, created_at, updated_at, chat_messages}`; each
message has `uuid`, `sender` (human or assistant), `text` and/or `content` blocks,
`created_at`, `attachments` (`file_name`, `extracted_content`: text the app read out
of a pasted or uploaded file) and `files` (uploaded images and documents, by name).

Text comes from the `text` blocks of `content` when there are any, else from `text`.
Tool uses (web search, artifacts) are kept as short `[tool call: name({...})]` lines in
the assistant turn; tool results and thinking are left out. An attachment becomes
`[attachment: name]` followed by its extracted text (cut at 4,000 characters), a file
`[file: name]`. Where an export carries a message tree (`parent_message_uuid` and
`current_leaf_message_uuid`), only the branch that ends at the current leaf is kept.

The session id is `claude-<conversation uuid>`, dated by `created_at`; turns carry
their messages' own times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..textio import read_input_text
from .common import safe_id, title_from_turns
from .exports import (
    MAX_ATTACHMENT_CHARS,
    MAX_TOOL_INPUT_CHARS,
    ConversationError,
    cut,
    first_item,
    iso_time,
    parse_conversations,
)

NAME = "claude-export"
SPEAKER = "Claude"
_ROLES = {"human": "user", "user": "user", "assistant": "assistant"}


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(data: Any) -> bool:
    """Some of the first conversations have the export's keys (one may be damaged)."""
    items = data[:5] if isinstance(data, list) else [data]
    return any(isinstance(c, dict) and "chat_messages" in c and "uuid" in c for c in items)


def looks_like_text(text: str) -> bool:
    """A Claude.ai export even when the file is cut off after its first conversation."""
    return looks_like(first_item(text))


def parse_text(text: str, path: Path) -> list[Session]:
    return parse_conversations(
        text,
        str(path),
        conversation,
        title_key="name",
        id_keys=("uuid",),
        looks_like=looks_like,
        what="a Claude.ai data export (a list of conversations with 'uuid' and 'chat_messages')",
    )


def conversation(conv: dict[str, Any]) -> Session | None:
    """One conversation as a session (None when it has no message with text)."""
    uuid = conv.get("uuid")
    if not isinstance(uuid, str) or not uuid:
        raise ConversationError("no uuid")
    messages = conv.get("chat_messages")
    if not isinstance(messages, list):
        raise ConversationError("'chat_messages' is missing or not a list")
    turns = [
        t
        for i, m in enumerate(_branch(messages, conv.get("current_leaf_message_uuid")), 1)
        if (t := _turn(m, i)) is not None
    ]
    if not turns:
        return None
    started = iso_time(conv.get("created_at")) or next((t.at for t in turns if t.at), None)
    if started is None:
        raise ConversationError("no created_at and no message with a time")
    sid = safe_id(f"claude-{uuid}")
    title = conv.get("name")
    if not (isinstance(title, str) and title.strip()):
        title = title_from_turns(turns, sid)
    return Session(
        id=sid,
        title=title,
        format=NAME,
        turns=turns,
        started=started,
        extra={"conversation_id": uuid},
    )


def _branch(messages: list[Any], leaf: Any) -> list[Any]:
    """The messages as listed, or, for an export that keeps the tree, the branch from
    the root to the current leaf."""
    by_id = {
        m["uuid"]: m for m in messages if isinstance(m, dict) and isinstance(m.get("uuid"), str)
    }
    if not isinstance(leaf, str) or leaf not in by_id:
        return messages
    path: list[Any] = []
    node: Any = by_id[leaf]
    while isinstance(node, dict):
        if len(path) > len(messages):
            raise ConversationError("the message tree has a cycle")
        path.append(node)
        node = by_id.get(node.get("parent_message_uuid"))
    path.reverse()
    return path


def _turn(m: Any, i: int) -> Turn | None:
    if not isinstance(m, dict):
        raise ConversationError(f"message {i} is not an object")
    role = _ROLES.get(m.get("sender"))  # type: ignore[arg-type]
    if role is None:
        raise ConversationError(f"message {i}: unknown sender {m.get('sender')!r}")
    lines = [_text(m)]
    lines += _attachment_lines(m)
    body = "\n".join(line for line in lines if line).strip()
    if not body:
        return None
    return Turn(
        role=role,
        content=body,
        speaker=SPEAKER if role == "assistant" else None,
        at=iso_time(m.get("created_at")),
    )


def _text(m: dict[str, Any]) -> str:
    blocks = m.get("content")
    if isinstance(blocks, list) and any(
        isinstance(b, dict) and b.get("type") == "text" and b.get("text") for b in blocks
    ):
        return "\n\n".join(p for p in (_block(b) for b in blocks) if p)
    text = m.get("text")
    tools = (
        [_block(b) for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"]
        if isinstance(blocks, list)
        else []
    )
    return "\n\n".join(p for p in [text if isinstance(text, str) else "", *tools] if p)


def _block(b: Any) -> str:
    if not isinstance(b, dict):
        return ""
    kind = b.get("type")
    if kind == "text":
        text = b.get("text")
        return text if isinstance(text, str) else ""
    if kind == "tool_use":
        args = json.dumps(b.get("input", {}), ensure_ascii=False)
        if len(args) > MAX_TOOL_INPUT_CHARS:
            args = args[:MAX_TOOL_INPUT_CHARS] + "…"
        return f"[tool call: {b.get('name') or 'tool'}({args})]"
    return ""  # thinking, tool_result and anything newer


def _attachment_lines(m: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    seen: set[str] = set()
    for a in m.get("attachments") or []:
        if not isinstance(a, dict):
            continue
        name = a.get("file_name") if isinstance(a.get("file_name"), str) else ""
        content = a.get("extracted_content")
        lines.append(f"[attachment: {name or 'pasted text'}]")
        if isinstance(content, str) and content.strip():
            lines.append(cut(content.strip(), MAX_ATTACHMENT_CHARS))
        seen.add(name)
    for key in ("files", "files_v2"):
        for f in m.get(key) or []:
            name = f.get("file_name") if isinstance(f, dict) else None
            if isinstance(name, str) and name and name not in seen:
                lines.append(f"[file: {name}]")
                seen.add(name)
    return lines
