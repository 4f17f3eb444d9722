"""A fleet is a folder of memory repos (or a file listing them): who is in it, what each
has waiting, and where its run records go.

Every non-hidden folder directly under ROOT is a member, whether or not it is a valid
memory: a broken one is reported as such, never silently left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FleetError

FLEET_DIR = ".fleet"  # under ROOT: run records, beat's schedule file
RECORDS_FILE = "runs.jsonl"


@dataclass(frozen=True)
class Member:
    name: str  # as shown and in records: the folder's path relative to ROOT
    path: Path  # absolute


def members(root: Path) -> list[Member]:
    """The memories of a fleet: ROOT's folders, or the paths a list file names."""
    root = root.expanduser()
    if root.is_dir():
        found = [
            Member(p.name, p.resolve())
            for p in sorted(root.iterdir())
            if p.is_dir() and not p.name.startswith(".")
        ]
        return found
    if root.is_file():
        out = []
        for line in root.read_text("utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            path = Path(line).expanduser()
            path = path if path.is_absolute() else root.parent / path
            out.append(Member(line, path.resolve()))
        return out
    raise FleetError(f"{root} is neither a folder of memories nor a file listing them")


def records_path(root: Path, configured: str | None = None) -> Path:
    """Where run records go: BRAIN_FLEET_RECORDS, or ROOT/.fleet/runs.jsonl."""
    if configured:
        return Path(configured).expanduser().resolve()
    root = root.expanduser().resolve()
    base = root if root.is_dir() else root.parent
    return base / FLEET_DIR / RECORDS_FILE


@dataclass
class Pending:
    sessions: int  # new or grown sessions not yet dreamt (including those deferred)
    sources: int
    has_work: bool
    error: str | None = None


def pending(path: Path) -> Pending:
    """What a Dream run would do on this memory now (orient only: reads, writes nothing)."""
    from dream.errors import DreamError
    from dream.orient import Limits, orient
    from memory_schema import MemoryRepo
    from memory_schema.errors import SchemaError

    try:
        repo = MemoryRepo.open(path)
        plan = orient(repo, Limits())
    except (SchemaError, DreamError) as exc:
        return Pending(0, 0, False, error=str(exc))
    return Pending(
        sessions=len(plan.items) + len(plan.deferred),
        sources=len(plan.sources),
        has_work=plan.has_work or bool(plan.refreshed),
    )


def last_dream(path: Path) -> dict[str, Any] | None:
    """The last line of the memory's own run log (.brain/cache/dream.log), any runner's."""
    from memory_schema.layout import CACHE_DIR

    log = path / CACHE_DIR / "dream.log"
    try:
        lines = log.read_text("utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            return entry
    return None
