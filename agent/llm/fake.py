"""A scripted fake LLM: shipped in the library for tests and dry runs.

Each call to `complete` plays the next step of a script. A step is an `LLMResponse`,
a plain string (a final answer), or a function of the messages so far (to answer with
what a tool returned). Calls are kept in `calls` for tests to inspect. Without a script
the fake does a dry run: it asks the Memory Agent about the question, then answers with
the Memory Agent's synthesis, which exercises the whole loop with no model at all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BackendError, ConfigError
from .base import LLMResponse, Message, ToolCall, ToolSpec, Usage

Step = LLMResponse | str | Callable[[list[Message]], LLMResponse]

#: The first user message ends with this marker and the question (see agent.engine_llm).
QUESTION_MARKER = "Question: "


@dataclass(frozen=True)
class RecordedCall:
    system: str
    messages: list[Message]
    tools: list[ToolSpec]
    max_tokens: int


def estimate_tokens(text: str) -> int:
    return (len(text) + 3) // 4


def call(name: str, call_id: str | None = None, **arguments: Any) -> ToolCall:
    """A well-formed tool call, for scripts."""
    return ToolCall(call_id or f"call-{name}", name, arguments, raw=json.dumps(arguments))


def tool_turn(*calls: ToolCall, text: str = "") -> LLMResponse:
    """A response that calls tools (usage is estimated when the loop asks)."""
    return LLMResponse(text, tuple(calls), stop_reason="tool_use")


class ScriptedLLM:
    name = "fake"

    def __init__(self, steps: Sequence[Step] | None = None, model: str = "scripted"):
        self.model = model
        self.steps: list[Step] = list(steps) if steps is not None else []
        self.dry_run = steps is None
        self.calls: list[RecordedCall] = []

    @classmethod
    def from_file(cls, path: Path | str) -> ScriptedLLM:
        """A script as JSON: a list of steps, each a string or
        {"text": str, "tool_calls": [{"name": str, "arguments": {...}} | {"name", "raw"}],
        "usage": {"input": int, "output": int}}."""
        try:
            data = json.loads(Path(path).read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read fake LLM script {path}: {exc}") from exc
        if not isinstance(data, list):
            raise ConfigError(f"fake LLM script {path} must be a JSON list of steps")
        return cls([_step_from_json(s, i) for i, s in enumerate(data, 1)])

    def complete(
        self, system: str, messages: list[Message], tools: list[ToolSpec], max_tokens: int
    ) -> LLMResponse:
        self.calls.append(RecordedCall(system, list(messages), list(tools), max_tokens))
        if self.dry_run:
            step: Step = _dry_run_step(messages)
        elif not self.steps:
            raise BackendError(
                f"script exhausted after {len(self.calls) - 1} calls", backend="fake"
            )
        else:
            step = self.steps.pop(0)
        if isinstance(step, str):
            resp = LLMResponse(step)
        elif isinstance(step, LLMResponse):
            resp = step
        else:
            resp = step(list(messages))
        if resp.usage.total == 0:
            # Count like a real model would, so token budgets mean something in tests.
            seen = system + "".join(m.content for m in messages)
            said = resp.text + "".join(c.raw for c in resp.tool_calls)
            resp = LLMResponse(
                resp.text,
                resp.tool_calls,
                Usage(estimate_tokens(seen), estimate_tokens(said)),
                resp.stop_reason,
            )
        return resp


def _step_from_json(raw: Any, i: int) -> Step:
    if isinstance(raw, str):
        return raw
    if not isinstance(raw, dict):
        raise ConfigError(f"fake LLM script step {i} must be a string or an object")
    calls = []
    for j, c in enumerate(raw.get("tool_calls") or [], 1):
        cid = f"s{i}-c{j}"
        if "raw" in c:
            from .openai_backend import parse_call

            calls.append(parse_call(cid, str(c.get("name", "?")), str(c["raw"])))
        else:
            calls.append(ToolCall(cid, str(c.get("name", "?")), dict(c.get("arguments") or {})))
    usage = raw.get("usage") or {}
    return LLMResponse(
        str(raw.get("text", "")),
        tuple(calls),
        Usage(int(usage.get("input", 0)), int(usage.get("output", 0))),
    )


def _dry_run_step(messages: list[Message]) -> LLMResponse:
    last = messages[-1]
    if last.role == "tool" and last.name == "memory_agent":
        synthesis = last.content.split("\n\nMaterialized", 1)[0]
        return LLMResponse(f"(dry run, no model) {synthesis}")
    if last.role == "tool":
        return LLMResponse("(dry run, no model) I don't know.")
    question = last.content.rsplit(QUESTION_MARKER, 1)[-1].strip()
    return tool_turn(call("memory_agent", "dry-1", description=question))
