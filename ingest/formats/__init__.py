"""Session formats: one module per format, each with `parse(path) -> list[Session]`.

`detect_format` picks the format from a file's name and first bytes; `--format` forces
one. Every parser is pure: it reads one file and returns typed Sessions; writing them
is `ingest.capture`'s job.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

from memory_schema.session import Session

from ..errors import IngestError, RejectedInputError, UnknownFormatError
from ..textio import DEFAULT_MAX_INPUT_BYTES, decode_text, read_input_bytes

#: format name -> module (under ingest.formats) and a one-line description.
SESSION_FORMATS: dict[str, tuple[str, str]] = {
    "brain": ("brain_jsonl", "Brain JSONL, one session per line (memory_schema/FORMAT.md)"),
    "openai": (
        "openai_chat",
        'OpenAI chat messages: a JSON list, {"messages": [...]}, or a list of those',
    ),
    "claude-code": ("claude_code", "Claude Code transcript (~/.claude/projects/*/*.jsonl)"),
    "chatgpt-export": ("chatgpt_export", "ChatGPT data export (conversations.json)"),
    "claude-export": ("claude_export", "Claude.ai data export (conversations.json)"),
    "locomo": ("locomo", "LoCoMo (locomo10.json)"),
    "longmemeval": ("longmemeval", "LongMemEval (haystack sessions)"),
    "markdown": ("markdown_transcript", "Markdown transcript with ## User / ## Assistant"),
}


def supported() -> str:
    return ", ".join(SESSION_FORMATS)


def module_for(fmt: str) -> ModuleType:
    if fmt not in SESSION_FORMATS:
        raise UnknownFormatError(f"unknown session format {fmt!r}; supported: {supported()}")
    return importlib.import_module(f"{__name__}.{SESSION_FORMATS[fmt][0]}")


def detect_format(path: Path, text: str) -> str:
    """The format of a session file from its extension and content."""
    suffix = path.suffix.lower()
    stripped = text.lstrip()
    if suffix in (".md", ".markdown", ".txt") or not stripped.startswith(("{", "[")):
        if module_for("markdown").looks_like(text):
            return "markdown"
        raise UnknownFormatError(
            f"not a session transcript in any known format; supported: {supported()}",
            path=str(path),
        )
    if suffix == ".jsonl" or _is_json_lines(stripped):
        first = json.loads(stripped.split("\n", 1)[0])
        if module_for("brain").looks_like(first):
            return "brain"
        if module_for("claude-code").looks_like(first):
            return "claude-code"
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            # An export cut off mid-way still has whole conversations worth capturing.
            for fmt in ("chatgpt-export", "claude-export"):
                if module_for(fmt).looks_like_text(text):
                    return fmt
            raise RejectedInputError(
                f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                path=str(path),
            ) from None
        for fmt in ("chatgpt-export", "claude-export", "locomo", "longmemeval", "openai"):
            if module_for(fmt).looks_like(data):
                return fmt
        if isinstance(data, dict) and module_for("brain").looks_like(data):
            return "brain"
    raise UnknownFormatError(
        f"JSON in no known session format; supported: {supported()}", path=str(path)
    )


def looks_like_session(path: Path, max_bytes: int = DEFAULT_MAX_INPUT_BYTES) -> bool:
    """Whether a file given as a document reads as a chat transcript in a known format
    (then `capture session` would keep who said what, and when)."""
    try:
        text = decode_text(read_input_bytes(path, max_bytes), str(path))
        detect_format(path, text)
    except (IngestError, ValueError):
        return False
    return True


def _is_json_lines(text: str) -> bool:
    first = text.split("\n", 1)[0]
    try:
        return isinstance(json.loads(first), dict) and "\n" in text.strip()
    except json.JSONDecodeError:
        return False


def parse_file(
    path: Path, fmt: str | None = None, max_bytes: int = DEFAULT_MAX_INPUT_BYTES
) -> tuple[str, list[Session]]:
    """Read one session file (format detected unless given): (format, sessions).

    Raises RejectedInputError for unreadable, binary, over-size or empty input and
    UnknownFormatError when the format is not known.
    """
    if fmt is not None:
        module_for(fmt)  # fail on an unknown --format before reading anything
    text = decode_text(read_input_bytes(path, max_bytes), str(path))
    if not text.strip():
        raise RejectedInputError("empty file", path=str(path))
    fmt = fmt or detect_format(path, text)
    sessions: list[Session] = module_for(fmt).parse_text(text, path)
    if not sessions:
        raise RejectedInputError(f"no sessions found (format {fmt})", path=str(path))
    if not any(s.turns for s in sessions):
        what = f"session {sessions[0].id!r} is" if len(sessions) == 1 else "every session is"
        raise RejectedInputError(f"empty session: {what} without turns", path=str(path))
    return fmt, sessions
