"""What the chat-app data exports (ChatGPT, Claude.ai) share: a JSON list of
conversations, read one by one so that one bad conversation, or a file cut off in the
middle, costs only that conversation.

A parser hands `parse_conversations` a function from one conversation object to a
Session (or None for a conversation with nothing to keep). Each conversation's problem
becomes a `RejectedSessionWarning` naming it (its position, title and id), which the
batch reports as a rejected outcome; the other conversations are still captured.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import warnings
from collections.abc import Callable
from typing import Any

from memory_schema.session import Session

from ..errors import RejectedInputError, RejectedSessionWarning, SkippedInputWarning

#: Text pasted or attached longer than this is cut: the transcript is evidence, not a
#: file store (the memory's 5 MiB file limit still applies to the whole transcript).
MAX_ATTACHMENT_CHARS = 4000
#: Tool-call arguments longer than this are cut.
MAX_TOOL_INPUT_CHARS = 1000

_TITLE_GUESS = re.compile(r'"(?:title|name)"\s*:\s*"((?:[^"\\]|\\.){0,200})"')
#: Only the keys that name a conversation: ChatGPT's nodes have an `id` of their own.
_ID_GUESS = re.compile(r'"(?:uuid|conversation_id)"\s*:\s*"([^"\\]{1,100})"')


class ConversationError(Exception):
    """One conversation cannot be read; `parse_conversations` names it in the message."""


def conversation_list(data: Any) -> list[Any] | None:
    """The conversations of an export: the top-level list (or one conversation alone)."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        return [data]
    return None


def first_item(text: str) -> Any:
    """The first element of a JSON list, read even when the rest of the file is cut off
    (None when not even that is whole); used to recognise a truncated export."""
    stripped = text.lstrip()
    if not stripped.startswith("["):
        return None
    start = len(text) - len(stripped) + 1
    start = _skip_space(text, start)
    try:
        item, _ = json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError:
        return None
    return item


def load_items(text: str, name: str) -> tuple[list[Any], str | None]:
    """Every whole conversation of the file, and a one-line note about where it is cut
    off (None for a whole file). Raises RejectedInputError when no element is whole."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        items, problem = _salvage(text, exc)
        if not items:
            where = f"line {exc.lineno}, column {exc.colno}: {exc.msg}"
            raise RejectedInputError(
                f"{problem} (line {exc.lineno})" if problem else f"not valid JSON ({where})",
                name,
            ) from None
        return items, problem
    items = conversation_list(data)
    if items is None:
        raise RejectedInputError("not a list of conversations", name)
    return items, None


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def _salvage(text: str, error: json.JSONDecodeError) -> tuple[list[Any], str]:
    """The whole elements before the point where the list breaks, and what broke."""
    decoder = json.JSONDecoder()
    items: list[Any] = []
    stripped = text.lstrip()
    if not stripped.startswith("["):
        return [], ""
    i = _skip_space(text, len(text) - len(stripped) + 1)
    while i < len(text):
        try:
            item, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            fragment = text[i : i + 20000]
            return items, _broken(len(items) + 1, fragment, exc)
        items.append(item)
        i = _skip_space(text, end)
        if i < len(text) and text[i] == ",":
            i = _skip_space(text, i + 1)
        elif i < len(text) and text[i] == "]":
            return items, f"the file breaks after the list ends ({error.msg})"
        else:
            return items, _broken(len(items) + 1, text[i : i + 20000], error)
    return items, f"conversation {len(items) + 1}: the file ends before the list closes"


def _broken(position: int, fragment: str, exc: json.JSONDecodeError) -> str:
    """'conversation 3 "Trip" (id ab12…): not valid JSON (…)', naming what it can read."""
    title = _TITLE_GUESS.search(fragment)
    ident = _ID_GUESS.search(fragment)
    label = _label(
        position,
        _unescape(title.group(1)) if title else None,
        ident.group(1) if ident else None,
    )
    return f"{label}: cut off or not valid JSON ({exc.msg}); it and anything after it are lost"


def _unescape(raw: str) -> str:
    try:
        return str(json.loads(f'"{raw}"'))
    except json.JSONDecodeError:
        return raw


def _label(position: int, title: str | None, ident: str | None) -> str:
    out = f"conversation {position}"
    if title:
        out += f" {title.strip()[:60]!r}"
    if ident:
        out += f" (id {ident})"
    return out


def label_of(position: int, conv: Any, title_key: str, id_keys: tuple[str, ...]) -> str:
    """How an error names a conversation: its position, title and id where it has them."""
    if not isinstance(conv, dict):
        return f"conversation {position}"
    title = conv.get(title_key)
    ident = next((conv[k] for k in id_keys if isinstance(conv.get(k), str) and conv[k]), None)
    return _label(position, title if isinstance(title, str) else None, ident)


def parse_conversations(
    text: str,
    name: str,
    one: Callable[[dict[str, Any]], Session | None],
    *,
    title_key: str,
    id_keys: tuple[str, ...],
    looks_like: Callable[[Any], bool],
    what: str,
) -> list[Session]:
    """Each conversation through `one`; a bad one is rejected alone (a warning naming
    it). When no conversation can be read at all, the file is rejected with the first
    reason; a file that is not this export at all (`looks_like`) is rejected as not
    being `what`."""
    items, cut = load_items(text, name)
    if not looks_like(items):
        raise RejectedInputError(f"not {what}", name)
    sessions: list[Session] = []
    problems: list[str] = []
    empty = 0
    for position, conv in enumerate(items, start=1):
        label = label_of(position, conv, title_key, id_keys)
        try:
            if not isinstance(conv, dict):
                raise ConversationError("not a JSON object")
            session = one(conv)
        except ConversationError as exc:
            problems.append(f"{label}: {exc}")
            continue
        except (ValueError, TypeError) as exc:
            # A value of the wrong shape deep inside (a number where text belongs):
            # that conversation alone is rejected, named, with the reason.
            problems.append(f"{label}: unreadable ({exc})")
            continue
        if session is None or not session.turns:
            empty += 1
            continue
        sessions.append(session)
    if cut:
        problems.append(cut)
    if problems and not sessions:
        raise RejectedInputError(problems[0], name)
    for problem in problems:
        # The batch puts the file's name before the message.
        warnings.warn(RejectedSessionWarning(problem), stacklevel=2)
    if empty:
        what = "conversation" if empty == 1 else "conversations"
        warnings.warn(
            SkippedInputWarning(f"{name}: {empty} {what} with no visible messages left out"),
            stacklevel=2,
        )
    return sessions


def epoch_time(value: Any) -> dt.datetime | None:
    """A Unix time in seconds (ChatGPT's create_time) as an aware UTC datetime."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return dt.datetime.fromtimestamp(value, dt.UTC).replace(microsecond=0)
    except (OverflowError, OSError, ValueError):
        return None


def iso_time(value: Any) -> dt.datetime | None:
    """An ISO-8601 time (Claude's created_at) to the second; None when absent or bad."""
    if not isinstance(value, str) or not value:
        return None
    try:
        when = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when.replace(microsecond=0)


def cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[… {len(text) - limit} more characters]"
