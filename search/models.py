"""What the index returns and how it is configured."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .blocks import Chunking
from .bm25 import Boosts
from .fusion import Fusion

#: Bump when what the index stores changes; an index of another version is rebuilt.
FORMAT_VERSION = 2  # 2: the agent's own transcripts are kind "agent"

METHODS = ("bm25", "dense", "hybrid")


@dataclass(frozen=True)
class IndexSettings:
    """Index-time choices (a change rebuilds the index) and query-time defaults.

    The defaults are the best measured on LoCoMo; see README, "Search".
    """

    bm25: Chunking = field(default_factory=lambda: Chunking(prev=2, next=2))
    dense: Chunking = field(default_factory=Chunking)
    stopwords: bool = False
    dense_mix: float = 0.2  # add this much of each neighbour's vector to a block's vector
    boosts: Boosts = field(default_factory=Boosts)
    fusion: Fusion = field(default_factory=Fusion)

    def fingerprint(self) -> str:
        """The index-time part: a change of any of these means re-indexing."""
        data = {
            "format": FORMAT_VERSION,
            "bm25": self.bm25.as_dict(),
            "dense": self.dense.as_dict(),
            "stopwords": self.stopwords,
        }
        return json.dumps(data, sort_keys=True)


@dataclass
class Hit:
    """A block that matched: where it is, what it says, how well it matched."""

    path: str  # relative to the memory root
    anchor: str  # "t4", "p2", or the heading of a page section ("" before any heading)
    kind: str  # knowledge, note, session, summary, source, agent
    text: str
    score: float
    date: dt.date | None = None
    title: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    neighbours: list[tuple[str, str]] = field(default_factory=list)  # (anchor, text)
    neighbours_before: int = 0  # how many of the neighbours come before this block
    speaker: str | None = None
    role: str | None = None
    ordinal: int = 0  # 0-based position of the block in its file

    @property
    def link(self) -> str:
        """Obsidian-style target: path#^t4 for blocks, path#Heading for page sections."""
        target = self.path[:-3] if self.path.endswith(".md") else self.path
        if not self.anchor:
            return target
        if self.kind in ("session", "source", "agent"):
            return f"{target}#^{self.anchor}"
        return f"{target}#{self.anchor}"

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["date"] = self.date.isoformat() if self.date else None
        data["neighbours"] = [{"anchor": a, "text": t} for a, t in self.neighbours]
        data["link"] = self.link
        return data


@dataclass
class IndexStats:
    """What an update did."""

    files_seen: int = 0
    files_added: int = 0
    files_changed: int = 0
    files_removed: int = 0
    blocks_added: int = 0
    blocks_removed: int = 0
    blocks_total: int = 0
    embedded: int = 0  # texts run through the model
    vectors_total: int = 0
    rebuilt: str | None = None  # why the whole index was rebuilt, if it was
    errors: dict[str, str] = field(default_factory=dict)  # unparseable files
    seconds: float = 0.0
    embed_seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(self.files_added or self.files_changed or self.files_removed)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
