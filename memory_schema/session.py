"""Session transcripts: one blockquote per turn, each followed by its anchor ^tN."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from .blocks import escape_line, normalize_text, split_anchored, unescape_line
from .errors import ParseError
from .layout import session_path
from .markdown_io import join_frontmatter, split_frontmatter

ROLES = ("user", "assistant", "system", "tool")
#: Format of the transcripts Brain's own agents record (`brain ask`, `brain chat`): kept
#: for audit, never evidence (Dream does not read them, search and citations skip them).
AGENT_FORMAT = "brain-agent"
#: First words of assistant speakers that are an AI, not a person ("claude 3", "brain
#: extractive"). An assistant turn under any other name is a person's (LoCoMo's second
#: speaker, a colleague in a captured chat).
AI_SPEAKERS = frozenset(
    {
        "assistant",
        "ai",
        "bot",
        "agent",
        "brain",
        "claude",
        "chatgpt",
        "gpt",
        "gpt-4",
        "gpt-4o",
        "copilot",
        "gemini",
    }
)
SESSION_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_HEADER_RE = re.compile(
    r"^> \*\*(?P<speaker>[^*\n]+)\*\* \((?P<role>user|assistant|system|tool)\)(?: · (?P<at>.+))?$"
)
_KNOWN_META = ("id", "title", "started", "participants", "format", "turn_count", "turn_meta")


def clean_speaker(name: str) -> str:
    return " ".join(name.replace("*", "").split()) or "unknown"


@dataclass
class Turn:
    role: str
    content: str
    speaker: str | None = None
    at: dt.datetime | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}; expected one of {', '.join(ROLES)}")
        self.content = normalize_text(self.content)
        if self.speaker is not None:
            self.speaker = clean_speaker(self.speaker)

    @property
    def who(self) -> str:
        return self.speaker or self.role

    @property
    def by_ai(self) -> bool:
        """Said by an AI assistant: an assistant turn without a person's name. What an AI
        says is never a fact about the user or anyone else."""
        if self.role != "assistant":
            return False
        return self.speaker is None or (self.speaker.casefold().split() or [""])[0] in AI_SPEAKERS

    def same_as(self, other: Turn) -> bool:
        return (self.role, self.content, self.who) == (other.role, other.content, other.who)


def title_from_turns(turns: list[Turn], fallback: str, limit: int = 80) -> str:
    """The first line of the first user turn, shortened; `fallback` when there is none."""
    for t in turns:
        if t.role == "user" and t.content.strip():
            line = " ".join(t.content.strip().split("\n", 1)[0].split())
            if len(line) > limit:
                line = line[: limit - 1].rsplit(" ", 1)[0] + "…"
            return line
    return fallback


@dataclass
class Session:
    id: str
    title: str
    format: str
    turns: list[Turn]
    started: dt.datetime | dt.date | None = None
    participants: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not SESSION_ID_RE.fullmatch(self.id):
            raise ValueError(f"session id {self.id!r} must match {SESSION_ID_RE.pattern}")
        if not self.participants:
            seen: list[str] = []
            for t in self.turns:
                if t.who not in seen:
                    seen.append(t.who)
            self.participants = seen

    @property
    def by_agent(self) -> bool:
        """A transcript Brain's agent recorded of itself: never evidence."""
        return self.format == AGENT_FORMAT

    @property
    def path(self) -> str:
        when = self.started or dt.date(1970, 1, 1)
        return session_path(self.id, when.year, when.month)

    @property
    def date(self) -> dt.date | None:
        if isinstance(self.started, dt.datetime):
            return self.started.date()
        return self.started

    def render(self) -> str:
        meta: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "started": self.started,
            "participants": list(self.participants),
            "format": self.format,
            "turn_count": len(self.turns),
        }
        turn_meta = {f"t{i}": dict(t.meta) for i, t in enumerate(self.turns, 1) if t.meta}
        if turn_meta:
            meta["turn_meta"] = turn_meta
        meta.update(self.extra)
        parts = [f"# {' '.join(self.title.split())}\n"]
        for i, turn in enumerate(self.turns, start=1):
            header = f"> **{turn.who}** ({turn.role})"
            if turn.at is not None:
                header += f" · {turn.at.isoformat(sep=' ')}"
            lines = [header]
            if turn.content:
                lines += [f"> {escape_line(ln)}" if ln else ">" for ln in turn.content.split("\n")]
            parts.append("\n".join(lines) + "\n")
            parts.append(f"^t{i}\n")
        return join_frontmatter(meta, "\n".join(parts))

    @classmethod
    def parse(cls, text: str, path: str | None = None) -> Session:
        meta, body = split_frontmatter(text, path)
        for key in ("id", "format"):
            if not isinstance(meta.get(key), str):
                raise ParseError(f"session frontmatter needs a string '{key}'", path=path, line=1)
        _, blocks = split_anchored(body, "t", path)
        turn_meta = meta.get("turn_meta") or {}
        turns = []
        for i, block in enumerate(blocks, start=1):
            lines = block.split("\n")
            m = _HEADER_RE.match(lines[0])
            if not m:
                raise ParseError(f"turn ^t{i} has no '> **speaker** (role)' header", path=path)
            content_lines = []
            for ln in lines[1:]:
                if ln == ">":
                    content_lines.append("")
                elif ln.startswith("> "):
                    content_lines.append(unescape_line(ln[2:]))
                else:
                    raise ParseError(f"turn ^t{i} has a line outside its quote", path=path)
            at = None
            if m.group("at"):
                try:
                    at = dt.datetime.fromisoformat(m.group("at"))
                except ValueError as exc:
                    raise ParseError(f"turn ^t{i} has a bad time", path=path) from exc
            speaker = m.group("speaker")
            turns.append(
                Turn(
                    role=m.group("role"),
                    content="\n".join(content_lines),
                    speaker=None if speaker == m.group("role") else speaker,
                    at=at,
                    meta=dict(turn_meta.get(f"t{i}") or {}),
                )
            )
        if meta.get("turn_count") not in (None, len(turns)):
            raise ParseError(
                f"turn_count {meta.get('turn_count')} but {len(turns)} turns", path=path, line=1
            )
        return cls(
            id=meta["id"],
            title=str(meta.get("title") or meta["id"]),
            format=meta["format"],
            turns=turns,
            started=meta.get("started"),
            participants=list(meta.get("participants") or []),
            extra={k: v for k, v in meta.items() if k not in _KNOWN_META},
        )

    def grown_from(self, old: Session) -> bool:
        """True when this session extends `old`: same first turns, more of them."""
        if len(self.turns) <= len(old.turns):
            return False
        return all(a.same_as(b) for a, b in zip(old.turns, self.turns, strict=False))

    def same_turns(self, other: Session) -> bool:
        return len(self.turns) == len(other.turns) and all(
            a.same_as(b) for a, b in zip(self.turns, other.turns, strict=True)
        )
