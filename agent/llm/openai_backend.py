"""OpenAI backend (chat completions with tools) and any OpenAI-compatible server.

The same class serves api.openai.com and local servers (Ollama, vLLM, llama.cpp) by
base URL. Small local models often cannot call tools natively; with tool_mode="text"
the tools are described in the system prompt and calls are read back from
`<tool_call>{...}</tool_call>` in the reply. Such tags are read in native mode too, as
a fallback, so a model that writes them instead of calling is still understood.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from ..errors import BackendError, ConfigError
from .base import LLMResponse, Message, ToolCall, ToolSpec, Usage, error_line

API_KEY_ENV = "OPENAI_API_KEY"
COMPAT_KEY_ENV = "BRAIN_LLM_API_KEY"
DEFAULT_MODEL = "gpt-5.4-mini"
TOOL_MODES = ("native", "text")

_TOOL_TAG = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.S)


class OpenAIBackend:
    """Chat completions. `base_url=None` is OpenAI itself; anything else is a compatible server."""

    def __init__(
        self,
        api_key: str | None,
        model: str | None = None,
        *,
        base_url: str | None = None,
        tool_mode: str = "native",
        timeout: float = 120.0,
        max_retries: int = 2,
        http_client: Any = None,
    ):
        """`http_client` (an httpx2.Client, as the SDK uses) is for proxies and tests."""
        if tool_mode not in TOOL_MODES:
            raise ConfigError(f"unknown tool mode {tool_mode!r}; choose from native, text")
        self.compatible = base_url is not None
        self.name = "openai-compatible" if self.compatible else "openai"
        if not api_key:
            if not self.compatible:
                raise ConfigError(f"the openai backend needs an API key: set {API_KEY_ENV}")
            api_key = "none"  # local servers ignore it, the SDK insists on one
        import openai  # imported here: the extractive engine never needs it

        self._errors = (openai.APIError,)
        self.tool_mode = tool_mode
        self.client = openai.OpenAI(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            http_client=http_client,
        )
        self.model = model or (self._first_served_model() if self.compatible else DEFAULT_MODEL)

    def _first_served_model(self) -> str:
        """A compatible server with no model named: use the first one it serves."""
        try:
            models = [m.id for m in self.client.models.list()]
        except self._errors as exc:
            raise BackendError(
                f"cannot list models at {self.client.base_url} ({error_line(exc)}); "
                "set BRAIN_LLM_MODEL",
                backend=self.name,
            ) from exc
        if not models:
            raise ConfigError(f"{self.client.base_url} serves no models; set BRAIN_LLM_MODEL")
        return models[0]

    def complete(
        self, system: str, messages: list[Message], tools: list[ToolSpec], max_tokens: int
    ) -> LLMResponse:
        text_tools = self.tool_mode == "text" and bool(tools)
        if text_tools:
            system = system + "\n\n" + text_tool_prompt(tools)
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": to_wire(system, messages, text_tools=text_tools),
        }
        # OpenAI's newer models take max_completion_tokens; compatible servers know max_tokens.
        kwargs["max_tokens" if self.compatible else "max_completion_tokens"] = max_tokens
        if tools and not text_tools:
            kwargs["tools"] = [
                {
                    "type": "function",
                    "function": {
                        "name": t.name,
                        "description": t.description,
                        "parameters": t.parameters,
                    },
                }
                for t in tools
            ]
        try:
            resp = self.client.chat.completions.create(**kwargs)
        except self._errors as exc:
            raise BackendError(error_line(exc), backend=self.name) from exc
        return from_wire(resp)


def text_tool_prompt(tools: list[ToolSpec]) -> str:
    template = resources.files("agent").joinpath("prompts", "text_tools.md").read_text("utf-8")
    specs = "\n".join(
        json.dumps({"name": t.name, "description": t.description, "parameters": t.parameters})
        for t in tools
    )
    return template.replace("{tools}", specs)


def to_wire(system: str, messages: list[Message], *, text_tools: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": system}]
    for m in messages:
        if m.role == "tool":
            if text_tools:
                status = "error" if m.is_error else "result"
                out.append(
                    {"role": "user", "content": f"<tool_{status} name={m.name}>\n{m.content}"}
                )
            else:
                out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
        elif m.role == "assistant":
            if text_tools:
                calls = "".join(f"\n<tool_call>{_call_json(c)}</tool_call>" for c in m.tool_calls)
                out.append({"role": "assistant", "content": m.content + calls})
                continue
            msg: dict[str, Any] = {"role": "assistant", "content": m.content or None}
            if m.tool_calls:
                msg["tool_calls"] = [
                    {
                        "id": c.id,
                        "type": "function",
                        "function": {
                            "name": c.name,
                            "arguments": c.raw if c.arguments is None else json.dumps(c.arguments),
                        },
                    }
                    for c in m.tool_calls
                ]
            out.append(msg)
        else:
            out.append({"role": "user", "content": m.content})
    return out


def _call_json(c: ToolCall) -> str:
    """A call as the model wrote it in text mode (malformed ones echoed verbatim)."""
    if c.arguments is None:
        return c.raw
    return json.dumps({"name": c.name, "arguments": c.arguments})


def from_wire(resp: Any) -> LLMResponse:
    if not resp.choices:
        raise BackendError("the response has no choices", backend="openai")
    choice = resp.choices[0]
    msg = choice.message
    text = msg.content or ""
    calls = [
        parse_call(c.id, c.function.name, c.function.arguments) for c in (msg.tool_calls or [])
    ]
    if not calls and "<tool_call>" in text:
        text, calls = parse_text_calls(text)
    usage = resp.usage
    return LLMResponse(
        text,
        tuple(calls),
        Usage(getattr(usage, "prompt_tokens", 0) or 0, getattr(usage, "completion_tokens", 0) or 0),
        stop_reason=str(choice.finish_reason or "end"),
    )


def parse_call(call_id: str, name: str, arguments: str | None) -> ToolCall:
    raw = arguments or ""
    try:
        args = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as exc:
        return ToolCall(call_id, name, None, raw=raw, error=f"arguments are not valid JSON: {exc}")
    if not isinstance(args, dict):
        return ToolCall(call_id, name, None, raw=raw, error="arguments must be a JSON object")
    return ToolCall(call_id, name, args, raw=raw)


def parse_text_calls(text: str) -> tuple[str, list[ToolCall]]:
    """Tool calls written as `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`."""
    calls = []
    for i, m in enumerate(_TOOL_TAG.finditer(text), start=1):
        body = m.group(1).strip()
        call_id = f"text-{i}"
        try:
            obj = json.loads(body)
        except json.JSONDecodeError as exc:
            calls.append(
                ToolCall(call_id, "?", None, raw=body, error=f"tool call is not valid JSON: {exc}")
            )
            continue
        if isinstance(obj, list) and len(obj) == 1:
            obj = obj[0]
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            calls.append(
                ToolCall(call_id, "?", None, raw=body, error='a tool call needs {"name": ...}')
            )
            continue
        args = obj.get("arguments", {})
        if isinstance(args, str):
            calls.append(parse_call(call_id, obj["name"], args))
        elif isinstance(args, dict):
            calls.append(ToolCall(call_id, obj["name"], args, raw=body))
        else:
            calls.append(
                ToolCall(call_id, obj["name"], None, raw=body, error="arguments must be an object")
            )
    return _TOOL_TAG.sub("", text).strip(), calls
