"""`.brain/dream-state.json`: what the last run consumed, so the next reads only what is new.

Versioned in the memory repo and committed in the same commit as the run's pages, so the
state and the wiki can never disagree, whatever happens to the process.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import DreamError

STATE_VERSION = 1


@dataclass
class DreamState:
    version: int = STATE_VERSION
    last_run: str | None = None
    last_run_at: str | None = None
    principal: str | None = None
    #: session path -> {"blob": git blob sha, "turns": turns consumed}
    sessions: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: source path -> git blob sha
    sources: dict[str, str] = field(default_factory=dict)
    #: ids of forget entries already applied to the wiki
    forget: list[str] = field(default_factory=list)
    #: summaries of older runs were checked for transcripts of Brain's own agent
    agent_checked: bool = False

    @classmethod
    def parse(cls, text: str | None) -> DreamState:
        if not text or not text.strip():
            return cls()
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise DreamError(f".brain/dream-state.json is not JSON: {exc}") from exc
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise DreamError(
                f".brain/dream-state.json has version {data.get('version')!r}; "
                f"this Brain reads version {STATE_VERSION}"
                if isinstance(data, dict)
                else ".brain/dream-state.json is not an object"
            )
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    def render(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
