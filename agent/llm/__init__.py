"""LLM backends behind one Protocol: Anthropic, OpenAI, OpenAI-compatible, and a fake."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError
from .base import LLMBackend, LLMResponse, Message, ToolCall, ToolSpec, Usage
from .fake import ScriptedLLM

BACKENDS = ("anthropic", "openai", "openai-compatible", "fake")


@dataclass(frozen=True)
class BackendSettings:
    """What opening a backend needs; brain.config fills it from the environment."""

    backend: str | None = None
    model: str | None = None
    base_url: str | None = None
    anthropic_api_key: str | None = None
    openai_api_key: str | None = None
    compat_api_key: str | None = None
    tool_mode: str = "native"
    fake_script: str | None = None
    timeout: float = 120.0


def choose_backend(s: BackendSettings) -> str:
    """The named backend, or the first one whose credentials are present."""
    if s.backend:
        if s.backend not in BACKENDS:
            raise ConfigError(
                f"unknown LLM backend {s.backend!r}; choose from {', '.join(BACKENDS)}"
            )
        return s.backend
    if s.base_url:
        return "openai-compatible"
    if s.anthropic_api_key:
        return "anthropic"
    if s.openai_api_key:
        return "openai"
    raise ConfigError(
        "the llm engine needs a backend: set ANTHROPIC_API_KEY, OPENAI_API_KEY or "
        "BRAIN_LLM_BASE_URL (or BRAIN_LLM_BACKEND=fake for a dry run)"
    )


def open_backend(s: BackendSettings) -> LLMBackend:
    name = choose_backend(s)
    if name == "fake":
        return ScriptedLLM.from_file(s.fake_script) if s.fake_script else ScriptedLLM()
    if name == "anthropic":
        from .anthropic_backend import AnthropicBackend

        return AnthropicBackend(
            s.anthropic_api_key, s.model, base_url=s.base_url, timeout=s.timeout
        )
    from .openai_backend import OpenAIBackend

    if name == "openai-compatible":
        if not s.base_url:
            raise ConfigError(
                "the openai-compatible backend needs a server: set BRAIN_LLM_BASE_URL"
            )
        return OpenAIBackend(
            s.compat_api_key,
            s.model,
            base_url=s.base_url,
            tool_mode=s.tool_mode,
            timeout=s.timeout,
        )
    return OpenAIBackend(s.openai_api_key, s.model, tool_mode=s.tool_mode, timeout=s.timeout)


__all__ = [
    "BACKENDS",
    "BackendSettings",
    "LLMBackend",
    "LLMResponse",
    "Message",
    "ScriptedLLM",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "choose_backend",
    "open_backend",
]
