"""Settings, read once from flags and the environment and passed down as arguments.

Each setting has one environment variable, documented in the manual (docs/configuration.md).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ENV_MEMORY = "BRAIN_MEMORY"
DEFAULT_MEMORY = "memory"
ENV_CAPTURE_MAX_BYTES = "BRAIN_CAPTURE_MAX_BYTES"
DEFAULT_CAPTURE_MAX_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class Config:
    memory: Path
    capture_max_bytes: int = DEFAULT_CAPTURE_MAX_BYTES

    @classmethod
    def load(cls, memory: str | os.PathLike[str] | None = None) -> Config:
        chosen = memory or os.environ.get(ENV_MEMORY)
        return cls(
            memory=Path(chosen).expanduser() if chosen else find_memory(Path.cwd()),
            capture_max_bytes=_int_env(ENV_CAPTURE_MAX_BYTES, DEFAULT_CAPTURE_MAX_BYTES),
        )


def find_memory(cwd: Path) -> Path:
    """The memory a command means when none is named: `./memory`, else the memory the
    working directory is in (as git finds its repository: `brain init notes && cd notes
    && brain capture ...` works), else `./memory` (which `brain init` creates)."""
    from memory_schema.layout import is_memory

    default = cwd / DEFAULT_MEMORY
    if is_memory(default):
        return Path(DEFAULT_MEMORY)
    for folder in (cwd, *cwd.parents):
        if is_memory(folder):
            return folder
    return Path(DEFAULT_MEMORY)


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"Error: {name} must be a whole number, not {raw!r}") from None


# -- the foreground agent (brain ask / brain chat) ----------------------------------------


@dataclass(frozen=True)
class AgentConfig:
    """Agent settings: engine, LLM backend, budgets, working set. One env var each."""

    engine: str = "extractive"  # BRAIN_ENGINE: extractive | llm
    llm_backend: str | None = None  # BRAIN_LLM_BACKEND: anthropic, openai, ..., fake
    llm_model: str | None = None  # BRAIN_LLM_MODEL
    llm_base_url: str | None = None  # BRAIN_LLM_BASE_URL (an OpenAI-compatible server)
    anthropic_api_key: str | None = None  # ANTHROPIC_API_KEY
    openai_api_key: str | None = None  # OPENAI_API_KEY
    llm_api_key: str | None = None  # BRAIN_LLM_API_KEY (for the compatible server, if any)
    llm_tool_mode: str = "native"  # BRAIN_LLM_TOOL_MODE: native | text
    llm_timeout: float = 120.0  # BRAIN_LLM_TIMEOUT (seconds per model call)
    fake_script: str | None = None  # BRAIN_FAKE_LLM_SCRIPT (JSON steps for the fake backend)
    max_steps: int = 12  # BRAIN_AGENT_MAX_STEPS (model calls per question)
    max_tokens: int = 60_000  # BRAIN_AGENT_MAX_TOKENS (input + output per question)
    max_output_tokens: int = 1024  # BRAIN_LLM_MAX_OUTPUT_TOKENS (per model call)
    index_budget: int = 2000  # BRAIN_INDEX_BUDGET (tokens of INDEX.md in the first message)
    sandbox: str = "local"  # BRAIN_SANDBOX
    workset_recent: int = 10  # BRAIN_WORKSET_RECENT (recent sessions in the working set)
    workset_include: tuple[str, ...] = ()  # BRAIN_WORKSET_INCLUDE (comma-separated paths)
    search_k: int = 10  # BRAIN_MEMORY_AGENT_K (hits the Memory Agent reads per search)

    @classmethod
    def load(cls) -> AgentConfig:
        env = os.environ.get
        include = tuple(p.strip() for p in env("BRAIN_WORKSET_INCLUDE", "").split(",") if p.strip())
        timeout = env("BRAIN_LLM_TIMEOUT", "").strip()
        try:
            llm_timeout = float(timeout) if timeout else 120.0
        except ValueError:
            raise SystemExit(
                f"Error: BRAIN_LLM_TIMEOUT must be a number, not {timeout!r}"
            ) from None
        return cls(
            engine=env("BRAIN_ENGINE") or "extractive",
            llm_backend=env("BRAIN_LLM_BACKEND") or None,
            llm_model=env("BRAIN_LLM_MODEL") or None,
            llm_base_url=env("BRAIN_LLM_BASE_URL") or None,
            anthropic_api_key=env("ANTHROPIC_API_KEY") or None,
            openai_api_key=env("OPENAI_API_KEY") or None,
            llm_api_key=env("BRAIN_LLM_API_KEY") or None,
            llm_tool_mode=env("BRAIN_LLM_TOOL_MODE") or "native",
            llm_timeout=llm_timeout,
            fake_script=env("BRAIN_FAKE_LLM_SCRIPT") or None,
            max_steps=_int_env("BRAIN_AGENT_MAX_STEPS", 12),
            max_tokens=_int_env("BRAIN_AGENT_MAX_TOKENS", 60_000),
            max_output_tokens=_int_env("BRAIN_LLM_MAX_OUTPUT_TOKENS", 1024),
            index_budget=_int_env("BRAIN_INDEX_BUDGET", 2000),
            sandbox=env("BRAIN_SANDBOX") or "local",
            workset_recent=_int_env("BRAIN_WORKSET_RECENT", 10),
            workset_include=include,
            search_k=_int_env("BRAIN_MEMORY_AGENT_K", 10),
        )

    def backend_settings(
        self, backend: str | None = None, model: str | None = None, base_url: str | None = None
    ) -> Any:
        """The LLM backend's settings (agent.llm.BackendSettings); flags override env."""
        from agent.llm import BackendSettings

        return BackendSettings(
            backend=backend or self.llm_backend,
            model=model or self.llm_model,
            base_url=base_url or self.llm_base_url,
            anthropic_api_key=self.anthropic_api_key,
            openai_api_key=self.openai_api_key,
            compat_api_key=self.llm_api_key,
            tool_mode=self.llm_tool_mode,
            fake_script=self.fake_script,
            timeout=self.llm_timeout,
        )

    def agent_settings(
        self, engine: str | None = None, sandbox: str | None = None, **backend: str | None
    ) -> Any:
        """Settings for agent.runner.Agent: these values, with the given overrides."""
        from agent.runner import AgentSettings

        return AgentSettings(
            engine=engine or self.engine,
            backend=self.backend_settings(**backend),
            max_steps=self.max_steps,
            max_tokens=self.max_tokens,
            max_output_tokens=self.max_output_tokens,
            index_budget=self.index_budget,
            sandbox=sandbox or self.sandbox,
            recent_sessions=self.workset_recent,
            include=self.workset_include,
            search_k=self.search_k,
        )


# -- Dream (brain dream, brain forget) -----------------------------------------------------


@dataclass(frozen=True)
class DreamConfig:
    """Dream run settings. One env var each; flags override them."""

    engine: str = "extractive"  # BRAIN_DREAM_ENGINE: extractive | llm
    max_sessions: int = 50  # BRAIN_DREAM_MAX_SESSIONS (sessions read per run)
    max_seconds: float = 900.0  # BRAIN_DREAM_MAX_SECONDS (time budget per run)
    max_tokens: int = 400_000  # BRAIN_DREAM_MAX_TOKENS (session text read per run)
    wait: float = 0.0  # BRAIN_DREAM_WAIT (seconds to wait for a run already going)
    embed: bool = True  # BRAIN_DREAM_EMBED (embeddings in subject resolution; 0 = off)

    @classmethod
    def load(cls) -> DreamConfig:
        env = os.environ.get
        try:
            max_seconds = float(env("BRAIN_DREAM_MAX_SECONDS") or 900.0)
            wait = float(env("BRAIN_DREAM_WAIT") or 0.0)
        except ValueError:
            raise SystemExit(
                "Error: BRAIN_DREAM_MAX_SECONDS and BRAIN_DREAM_WAIT must be numbers"
            ) from None
        return cls(
            engine=env("BRAIN_DREAM_ENGINE") or "extractive",
            max_sessions=_int_env("BRAIN_DREAM_MAX_SESSIONS", 50),
            max_seconds=max_seconds,
            max_tokens=_int_env("BRAIN_DREAM_MAX_TOKENS", 400_000),
            wait=wait,
            embed=(env("BRAIN_DREAM_EMBED") or "1").strip().lower() not in ("0", "false", "no"),
        )


# -- fleets of memories (brain fleet) ------------------------------------------------------


@dataclass(frozen=True)
class FleetConfig:
    """Settings of `brain fleet` and its Celery workers. One env var each."""

    queue: str | None = None  # BRAIN_FLEET_QUEUE: the broker, redis://host:6379/0
    workers: int = 2  # BRAIN_FLEET_WORKERS (local processes, or a worker's concurrency)
    lock_ttl: float = 60.0  # BRAIN_FLEET_LOCK_TTL (seconds a dead worker's lock outlives it)
    wait: float = 900.0  # BRAIN_FLEET_WAIT (seconds a task waits for a memory in use)
    visibility: float = 3600.0  # BRAIN_FLEET_VISIBILITY (seconds before an unacked task is
    # handed to another worker; keep it above BRAIN_DREAM_MAX_SECONDS)
    retries: int = 5  # BRAIN_FLEET_RETRIES (retries of a run after a rate limit or timeout)
    backoff: float = 30.0  # BRAIN_FLEET_BACKOFF (first retry delay; doubles, max 30 min)
    records: str | None = None  # BRAIN_FLEET_RECORDS (JSON lines; default ROOT/.fleet/runs.jsonl)

    @classmethod
    def load(cls) -> FleetConfig:
        env = os.environ.get
        try:
            lock_ttl = float(env("BRAIN_FLEET_LOCK_TTL") or 60.0)
            wait = float(env("BRAIN_FLEET_WAIT") or 900.0)
            visibility = float(env("BRAIN_FLEET_VISIBILITY") or 3600.0)
            backoff = float(env("BRAIN_FLEET_BACKOFF") or 30.0)
        except ValueError:
            raise SystemExit(
                "Error: BRAIN_FLEET_LOCK_TTL, BRAIN_FLEET_WAIT, BRAIN_FLEET_VISIBILITY and "
                "BRAIN_FLEET_BACKOFF must be numbers"
            ) from None
        return cls(
            queue=env("BRAIN_FLEET_QUEUE") or None,
            workers=max(1, _int_env("BRAIN_FLEET_WORKERS", 2)),
            lock_ttl=max(1.0, lock_ttl),
            wait=max(0.0, wait),
            visibility=max(1.0, visibility),
            retries=max(0, _int_env("BRAIN_FLEET_RETRIES", 5)),
            backoff=max(0.0, backoff),
            records=env("BRAIN_FLEET_RECORDS") or None,
        )
