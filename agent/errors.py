"""Errors of the agent package. `AgentError` is the root; the CLI shows it as one line."""

from __future__ import annotations


class AgentError(Exception):
    """Root error of agent: an engine, backend, tool or the Memory Agent could not work."""


class ConfigError(AgentError):
    """A backend or engine is misconfigured (missing key, unknown name); says what to set."""


class BackendError(AgentError):
    """An LLM backend call failed (network, HTTP status, unusable response)."""

    def __init__(self, message: str, *, backend: str | None = None):
        super().__init__(f"{backend}: {message}" if backend else message)
        self.backend = backend


class ToolError(AgentError):
    """A tool call was refused or failed; its message goes back to the model, not the user."""
