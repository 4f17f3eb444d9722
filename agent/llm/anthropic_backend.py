"""Anthropic backend: the Messages API with tool use, through the official SDK."""

from __future__ import annotations

import json
from typing import Any

from ..errors import BackendError, ConfigError
from .base import LLMResponse, Message, ToolCall, ToolSpec, Usage, error_line

API_KEY_ENV = "ANTHROPIC_API_KEY"
DEFAULT_MODEL = "claude-sonnet-5-5"


class AnthropicBackend:
    name = "anthropic"

    def __init__(
        self,
        api_key: str | None,
        model: str | None = None,
        *,
        base_url: str | None = None,
        timeout: float = 120.0,
        max_retries: int = 2,
        http_client: Any = None,
    ):
        """`http_client` (an httpx2.Client, as the SDK uses) is for proxies and tests."""
        if not api_key:
            raise ConfigError(f"the anthropic backend needs an API key: set {API_KEY_ENV}")
        import anthropic  # imported here: `brain ask` with the extractive engine never needs it

        self.model = model or DEFAULT_MODEL
        self._errors = (anthropic.APIError,)
        self.client = anthropic.Anthropic(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            http_client=http_client,
        )

    def complete(
        self, system: str, messages: list[Message], tools: list[ToolSpec], max_tokens: int
    ) -> LLMResponse:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "system": system,
            "messages": to_wire(messages),
        }
        if tools:
            kwargs["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in tools
            ]
        try:
            resp = self.client.messages.create(**kwargs)
        except self._errors as exc:
            raise BackendError(error_line(exc), backend=self.name) from exc
        return from_wire(resp)


def to_wire(messages: list[Message]) -> list[dict[str, Any]]:
    """Neutral messages to Anthropic's: tool results ride in user turns; roles alternate."""
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.role == "tool":
            role = "user"
            blocks: list[dict[str, Any]] = [
                {
                    "type": "tool_result",
                    "tool_use_id": m.tool_call_id,
                    "content": m.content,
                    "is_error": m.is_error,
                }
            ]
        elif m.role == "assistant":
            role = "assistant"
            blocks = [{"type": "text", "text": m.content}] if m.content.strip() else []
            for call in m.tool_calls:
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": call.id,
                        "name": call.name,
                        # A malformed call is echoed as an empty object; its error follows.
                        "input": call.arguments if call.arguments is not None else {},
                    }
                )
        else:
            role = "user"
            blocks = [{"type": "text", "text": m.content}]
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    return out


def from_wire(resp: Any) -> LLMResponse:
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in resp.content or []:
        if block.type == "text":
            texts.append(block.text)
        elif block.type == "tool_use":
            args = block.input
            if isinstance(args, dict):
                calls.append(ToolCall(block.id, block.name, args, raw=json.dumps(args)))
            else:
                calls.append(
                    ToolCall(
                        block.id,
                        block.name,
                        None,
                        raw=json.dumps(args),
                        error="tool input must be a JSON object",
                    )
                )
    usage = Usage(resp.usage.input_tokens or 0, resp.usage.output_tokens or 0)
    return LLMResponse(
        "\n".join(texts), tuple(calls), usage, stop_reason=str(resp.stop_reason or "end")
    )
