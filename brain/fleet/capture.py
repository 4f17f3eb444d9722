"""`brain fleet capture`: route transcripts in a drop folder to their memories.

A transcript names its memory by a key in the file (default `memory`): a top-level field
of a JSON object (or of its `metadata`), a field of the first JSON line that has it, or
a field of a Markdown transcript's YAML frontmatter. A mapping file (YAML or JSON,
`{glob: memory}` matched against the path under the drop folder, first match wins)
routes files that carry no key, or overrides the key.
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import FleetError
from .members import Member, members

DEFAULT_KEY = "memory"


@dataclass
class Routing:
    routes: dict[str, list[Path]] = field(default_factory=dict)  # memory name -> files
    unrouted: list[dict[str, str]] = field(default_factory=list)  # file, reason


def load_mapping(path: Path) -> list[tuple[str, str]]:
    try:
        data = yaml.safe_load(path.read_text("utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise FleetError(f"cannot read the mapping file {path}: {exc}") from exc
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise FleetError(f"{path}: a mapping file is {{glob: memory}}, e.g. 'alice/*.json: alice'")
    return list(data.items())


def key_in_file(path: Path, key: str) -> str | None:
    """The memory a transcript names for itself, or None."""
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return None
    stripped = text.lstrip()
    if stripped.startswith("---"):
        parts = stripped.split("---", 2)
        if len(parts) == 3:
            try:
                meta = yaml.safe_load(parts[1])
            except yaml.YAMLError:
                meta = None
            return _field(meta, key)
        return None
    if stripped.startswith(("{", "[")):
        try:
            return _field(json.loads(stripped), key)
        except ValueError:
            pass
        for line in stripped.splitlines()[:50]:  # JSON lines: the first that says
            try:
                found = _field(json.loads(line), key)
            except ValueError:
                continue
            if found:
                return found
    return None


def _field(data: Any, key: str) -> str | None:
    if not isinstance(data, dict):
        return None
    value = data.get(key)
    if value is None and isinstance(data.get("metadata"), dict):
        value = data["metadata"].get(key)
    return str(value).strip() or None if value is not None else None


def route(
    root: Path, drop: Path, mapping: Path | None = None, key: str = DEFAULT_KEY
) -> tuple[Routing, dict[str, Member]]:
    """Which memory each transcript in `drop` goes to; files with no home are listed."""
    from ingest.batch import SESSION_SUFFIXES, expand_paths

    if not drop.is_dir():
        raise FleetError(f"{drop} is not a folder")
    fleet = {m.name: m for m in members(root)}
    rules = load_mapping(mapping) if mapping else []
    out = Routing()
    refused: list[Path] = []
    for path in expand_paths([drop], SESSION_SUFFIXES, refused):
        rel = path.relative_to(drop).as_posix()
        name = next((mem for glob, mem in rules if fnmatch.fnmatch(rel, glob)), None)
        name = name or key_in_file(path, key)
        if name is None:
            out.unrouted.append({"file": rel, "reason": f"no {key!r} key and no mapping rule"})
        elif name not in fleet:
            out.unrouted.append({"file": rel, "reason": f"no memory named {name!r} in {root}"})
        else:
            out.routes.setdefault(name, []).append(path.resolve())
    out.unrouted += [{"file": str(p), "reason": "a symlink out of the folder"} for p in refused]
    return out, fleet


def capture_into(name: str, path: Path, files: list[Path]) -> dict[str, Any]:
    """Capture files into one memory: what `brain capture session` does, as a record."""
    from brain.config import Config
    from ingest.batch import capture_session_files
    from memory_schema import MemoryRepo
    from memory_schema.errors import SchemaError

    try:
        repo = MemoryRepo.open(path)
    except SchemaError as exc:
        return {"memory": name, "error": str(exc), "captured": 0, "unchanged": 0, "rejected": 0}
    report = capture_session_files(repo, files, max_bytes=Config.load(path).capture_max_bytes)
    return {
        "memory": name,
        "error": None,
        "captured": len(report.captured),
        "unchanged": len(report.skipped),
        "rejected": len(report.rejected),
        "rejections": [f"{o.origin}: {o.message}" for o in report.rejected],
        "commit": report.commit.sha if report.commit else None,
    }
