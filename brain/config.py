"""Settings, read once from flags and the environment and passed down as arguments.

Each setting has one environment variable, documented in the README.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

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
        chosen = memory or os.environ.get(ENV_MEMORY) or DEFAULT_MEMORY
        return cls(
            memory=Path(chosen).expanduser(),
            capture_max_bytes=_int_env(ENV_CAPTURE_MAX_BYTES, DEFAULT_CAPTURE_MAX_BYTES),
        )


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"Error: {name} must be a whole number, not {raw!r}") from None
