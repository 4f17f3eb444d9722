"""ChatGPT data export (`conversations.json` from Settings > Data controls > Export).

A list of conversations, each a tree of messages: `mapping` (node id -> {id, message,
parent, children}) and `current_node`, the last message of the branch the app shows.
The transcript follows that branch from `current_node` up through the parents, so
edited messages and regenerated answers on other branches are left out. Left out too:
system messages, tool messages (browsing results, code output), messages the app hides
(`metadata.is_visually_hidden_from_conversation`, custom instructions) and reasoning
(`thoughts`, `reasoning_recap`). Consecutive assistant messages (a tool call, then the
answer) make one turn, as the app shows them. Images become `[image]`, attachments
`[attachment: name]`, code the assistant ran a fenced block after `[tool call: python]`.

The session id is `chatgpt-<conversation id>`, dated by `create_time`; turns carry
their messages' own times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..textio import read_input_text
from .common import safe_id, title_from_turns
from .exports import ConversationError, epoch_time, first_item, parse_conversations

NAME = "chatgpt-export"
SPEAKER = "ChatGPT"
#: Content types that are never shown as part of the conversation.
_HIDDEN_TYPES = frozenset(
    {"thoughts", "reasoning_recap", "model_editable_context", "user_editable_context"}
)
_ID_KEYS = ("conversation_id", "id")


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(data: Any) -> bool:
    """Some of the first conversations have the export's keys (one may be damaged)."""
    items = data[:5] if isinstance(data, list) else [data]
    return any(isinstance(c, dict) and "mapping" in c and "current_node" in c for c in items)


def looks_like_text(text: str) -> bool:
    """A ChatGPT export even when the file is cut off after its first conversation."""
    return looks_like(first_item(text))


def parse_text(text: str, path: Path) -> list[Session]:
    return parse_conversations(
        text,
        str(path),
        conversation,
        title_key="title",
        id_keys=_ID_KEYS,
        looks_like=looks_like,
        what="a ChatGPT data export (a list of conversations with 'mapping' and 'current_node')",
    )


def conversation(conv: dict[str, Any]) -> Session | None:
    """One conversation as a session (None when it has no visible message)."""
    cid = next((conv[k] for k in _ID_KEYS if isinstance(conv.get(k), str) and conv[k]), None)
    if cid is None:
        raise ConversationError("no conversation_id or id")
    mapping = conv.get("mapping")
    if not isinstance(mapping, dict):
        raise ConversationError("'mapping' is missing or not an object")
    branch = _branch(mapping, conv.get("current_node"))
    turns: list[Turn] = []
    for message in branch:
        turn = _turn(message)
        if turn is None:
            continue
        if turns and turn.role == turns[-1].role == "assistant":
            # One reply made of several messages (a tool call, then the answer).
            last = turns[-1]
            last.content = f"{last.content}\n\n{turn.content}"
            continue
        turns.append(turn)
    if not turns:
        return None
    started = epoch_time(conv.get("create_time")) or next((t.at for t in turns if t.at), None)
    if started is None:
        raise ConversationError("no create_time and no message with a time")
    title = conv.get("title")
    sid = safe_id(f"chatgpt-{cid}")
    if not (isinstance(title, str) and title.strip()):
        title = title_from_turns(turns, sid)
    return Session(
        id=sid,
        title=title,
        format=NAME,
        turns=turns,
        started=started,
        extra={"conversation_id": cid},
    )


def _branch(mapping: dict[str, Any], current: Any) -> list[dict[str, Any]]:
    """The messages from the root to `current`, following parents (cycle-safe)."""
    if not isinstance(current, str) or not current:
        raise ConversationError("'current_node' is missing")
    if current not in mapping:
        raise ConversationError(f"'current_node' {current!r} is not in 'mapping'")
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    node_id: Any = current
    while node_id is not None:
        if node_id in seen:
            raise ConversationError(f"node {node_id!r} is its own ancestor")
        seen.add(node_id)
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            raise ConversationError(f"node {node_id!r} is named as a parent but missing")
        message = node.get("message")
        if isinstance(message, dict):
            path.append(message)
        node_id = node.get("parent")
    path.reverse()
    return path


def _turn(message: dict[str, Any]) -> Turn | None:
    author = message.get("author") if isinstance(message.get("author"), dict) else {}
    role = author.get("role")
    metadata = message.get("metadata") if isinstance(message.get("metadata"), dict) else {}
    content = message.get("content") if isinstance(message.get("content"), dict) else {}
    kind = content.get("content_type")
    if (
        role not in ("user", "assistant")
        or metadata.get("is_visually_hidden_from_conversation")
        or kind in _HIDDEN_TYPES
        or message.get("channel") == "analysis"
    ):
        return None
    attachments = _attachments(metadata)
    text = _content_text(content, attachments)
    recipient = message.get("recipient")
    if role == "assistant" and recipient not in (None, "all") and text:
        text = f"[tool call: {recipient}]\n{text}"
    lines = [text] if text else []
    lines += [f"[attachment: {name}]" for name in attachments.values()]
    body = "\n".join(lines).strip()
    if not body:
        return None
    return Turn(
        role=role,
        content=body,
        speaker=SPEAKER if role == "assistant" else None,
        at=epoch_time(message.get("create_time")),
    )


def _attachments(metadata: dict[str, Any]) -> dict[str, str]:
    """Attached files by id -> name; an image part that shows one takes it out of here."""
    out: dict[str, str] = {}
    raw = metadata.get("attachments")
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        if isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"]:
            out[str(item.get("id") or f"#{i}")] = item["name"]
    return out


def _content_text(content: dict[str, Any], attachments: dict[str, str]) -> str:
    kind = content.get("content_type")
    if kind == "code":
        code = _str(content.get("text"))
        lang = _str(content.get("language"))
        if lang == "unknown":
            lang = ""
        return f"```{lang}\n{code}\n```" if code.strip() else ""
    if kind == "tether_quote":
        title, url, quote = (_str(content.get(k)) for k in ("title", "url", "text"))
        source = " ".join(p for p in (title, f"<{url}>" if url else "") if p)
        head = f"[quote from {source}]" if source else "[quote]"
        return f"{head}\n{quote}".strip()
    if kind == "tether_browsing_display":
        return _str(content.get("result")) or _str(content.get("summary"))
    if kind == "system_error":
        return f"[error: {_str(content.get('text')) or _str(content.get('name'))}]"
    parts = content.get("parts")
    if isinstance(parts, list):
        return "\n".join(p for p in (_part(x, attachments) for x in parts) if p)
    return _str(content.get("text"))  # execution_output, sonic_webpage, anything newer


def _part(part: Any, attachments: dict[str, str]) -> str:
    if isinstance(part, str):
        return part
    if not isinstance(part, dict):
        return ""
    kind = part.get("content_type")
    if kind == "image_asset_pointer":
        pointer = _str(part.get("asset_pointer"))
        file_id = pointer.rsplit("/", 1)[-1]
        name = attachments.pop(file_id, None)
        meta = part.get("metadata") if isinstance(part.get("metadata"), dict) else {}
        dalle = meta.get("dalle") if isinstance(meta.get("dalle"), dict) else {}
        prompt = _str(dalle.get("prompt"))
        if prompt:
            return f"[generated image: {prompt}]"
        return f"[image: {name}]" if name else "[image]"
    if kind == "audio_transcription":
        return _str(part.get("text"))
    if kind in ("audio_asset_pointer", "real_time_user_audio_video_asset_pointer"):
        return ""  # the transcription part beside it carries the words
    text = part.get("text")
    return text if isinstance(text, str) else ""


def _str(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
