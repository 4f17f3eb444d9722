"""An answer and what it took: the result of one question, for people and for --json."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .citations import Citation
from .llm.base import Usage
from .tools import ToolRecord


@dataclass(frozen=True)
class Draft:
    """What an engine produced before citations are checked."""

    text: str
    usage: Usage = field(default_factory=Usage)
    steps: int = 0
    stop_reason: str = "answered"  # answered, no-support, step-budget, token-budget


@dataclass
class Answer:
    question: str
    text: str
    citations: list[Citation]
    invalid_citations: int
    files_read: list[str]
    tool_calls: int
    tokens: Usage
    seconds: float
    engine: str
    stop_reason: str = "answered"
    tools: list[ToolRecord] = field(default_factory=list)
    model: str | None = None
    session_path: str | None = None
    #: The engine's own text when it was withheld for citing no real evidence.
    withheld: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The shape `brain ask --json` prints (documented in docs/ask.md)."""
        return {
            "answer": self.text,
            "citations": [c.as_dict() for c in self.citations],
            "files_read": list(self.files_read),
            "tool_calls": self.tool_calls,
            "tokens": {"input": self.tokens.input, "output": self.tokens.output},
            "seconds": round(self.seconds, 3),
            "engine": self.engine,
        }
