"""Claude Code session transcripts (`~/.claude/projects/<project>/<session-id>.jsonl`).

Each `user`/`assistant` record becomes one turn, in file order: the file is
append-only and a record never changes, so a transcript captured while the session
is still running grows cleanly later. Tool uses are kept as readable lines in the
assistant turn, tool results become `tool` turns. Thinking blocks and bookkeeping
records (snapshots, queue operations) are left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_schema.session import Session, Turn

from ..errors import RejectedInputError
from ..textio import read_input_text
from .common import derived_id, file_time, parse_iso, safe_id, title_from_turns

NAME = "claude-code"
#: Tool results longer than this are cut: the transcript is evidence, not a file dump.
MAX_TOOL_RESULT_CHARS = 4000


def parse(path: Path) -> list[Session]:
    return parse_text(read_input_text(path), path)


def looks_like(first: Any) -> bool:
    return isinstance(first, dict) and (
        "sessionId" in first
        or first.get("type") in ("summary", "file-history-snapshot", "queue-operation")
        or ("message" in first and "parentUuid" in first)
    )


def parse_text(text: str, path: Path) -> list[Session]:
    name = str(path)
    turns: list[Turn] = []
    session_id = summary = cwd = branch = None
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RejectedInputError(f"line {lineno}: not valid JSON ({exc.msg})", name) from None
        if not isinstance(rec, dict):
            continue
        session_id = session_id or rec.get("sessionId")
        cwd = cwd or rec.get("cwd")
        branch = branch or rec.get("gitBranch")
        if rec.get("type") == "summary" and isinstance(rec.get("summary"), str):
            summary = summary or rec["summary"]
        turn = _turn(rec, f"{name}:{lineno}")
        if turn is not None:
            turns.append(turn)
    if not turns:
        raise RejectedInputError("no user or assistant messages in this transcript", name)
    sid = safe_id(str(session_id)) if session_id else derived_id(path, turns)
    extra = {k: v for k, v in (("cwd", cwd), ("git_branch", branch)) if v}
    started = next((t.at for t in turns if t.at), None) or file_time(path)
    return [
        Session(
            id=sid,
            title=summary or title_from_turns(turns, f"Claude Code session {sid}"),
            format=NAME,
            turns=turns,
            started=started,
            extra=extra,
        )
    ]


def _turn(rec: dict[str, Any], where: str) -> Turn | None:
    kind = rec.get("type")
    msg = rec.get("message")
    at = parse_iso(rec["timestamp"], "timestamp", where) if rec.get("timestamp") else None
    if kind == "system" and isinstance(rec.get("content"), str) and rec["content"].strip():
        return Turn(role="system", content=rec["content"], at=at)
    if kind not in ("user", "assistant") or not isinstance(msg, dict):
        return None
    content = msg.get("content")
    role = "assistant" if kind == "assistant" else "user"
    meta: dict[str, Any] = {"sidechain": True} if rec.get("isSidechain") else {}
    if isinstance(content, str):
        text = content
    else:
        blocks = content if isinstance(content, list) else []
        if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in blocks):
            role = "tool"
        text = "\n".join(p for p in (_block_text(b) for b in blocks) if p)
    if not text.strip():
        return None
    return Turn(role=role, content=text, at=at, meta=meta)


def _block_text(block: Any) -> str:
    if isinstance(block, str):
        return block
    if not isinstance(block, dict):
        return ""
    kind = block.get("type")
    if kind == "text":
        return str(block.get("text", ""))
    if kind == "tool_use":
        args = json.dumps(block.get("input", {}), ensure_ascii=False)
        return f"[tool call: {block.get('name', 'tool')}({args})]"
    if kind == "tool_result":
        inner = block.get("content")
        if isinstance(inner, list):
            inner = "\n".join(_block_text(b) for b in inner)
        result = str(inner or "")
        if len(result) > MAX_TOOL_RESULT_CHARS:
            cut = len(result) - MAX_TOOL_RESULT_CHARS
            result = result[:MAX_TOOL_RESULT_CHARS] + f"\n[… {cut} more characters]"
        label = "tool error" if block.get("is_error") else "tool result"
        return f"[{label}]\n{result}" if result else f"[{label}]"
    if kind == "image":
        return "[image]"
    return ""  # thinking and anything unknown
