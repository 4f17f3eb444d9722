"""The LLM backend Protocol and the provider-neutral messages it speaks.

Every backend turns these into its provider's wire format and back, so the tool-use
loop never sees a provider type. A backend is one class with one method.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Role = Literal["user", "assistant", "tool"]


@dataclass(frozen=True)
class ToolSpec:
    """A tool the model may call: name, one-line description, JSON Schema of arguments."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class ToolCall:
    """A tool call as the model asked for it.

    `arguments` is None when the model's arguments were not a JSON object; `error` then
    says why, and the loop answers the call with that error instead of running it.
    """

    id: str
    name: str
    arguments: dict[str, Any] | None
    raw: str = ""
    error: str | None = None


@dataclass(frozen=True)
class Message:
    """One message of the conversation.

    user: `content`. assistant: `content` and/or `tool_calls`. tool: the result of the
    call `tool_call_id` in `content`, `is_error` when the tool refused or failed.
    """

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    is_error: bool = False


@dataclass(frozen=True)
class Usage:
    input: int = 0
    output: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input + other.input, self.output + other.output)

    @property
    def total(self) -> int:
        return self.input + self.output


@dataclass(frozen=True)
class LLMResponse:
    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    stop_reason: str = "end"


class LLMBackend(Protocol):
    """A language model behind one call: system prompt, messages and tools in, a turn out."""

    name: str
    model: str

    def complete(
        self,
        system: str,
        messages: list[Message],
        tools: list[ToolSpec],
        max_tokens: int,
    ) -> LLMResponse: ...


def error_line(exc: Exception) -> str:
    """An SDK exception as one line, with its HTTP status when it has one."""
    status = getattr(exc, "status_code", None)
    text = " ".join(str(exc).split())
    return f"HTTP {status}: {text}" if status else text
