"""Settings, read once from flags and the environment and passed down as arguments.

Each setting has one environment variable, documented in the README.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENV_MEMORY = "BRAIN_MEMORY"
DEFAULT_MEMORY = "memory"


@dataclass(frozen=True)
class Config:
    memory: Path

    @classmethod
    def load(cls, memory: str | os.PathLike[str] | None = None) -> Config:
        chosen = memory or os.environ.get(ENV_MEMORY) or DEFAULT_MEMORY
        return cls(memory=Path(chosen).expanduser())
