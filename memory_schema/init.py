"""Create a new memory repo with the Brain layout and its first commit."""

from __future__ import annotations

import subprocess
from importlib import resources
from pathlib import Path

from .errors import WriteError
from .index_md import render_index
from .layout import (
    CONFIG_FILE,
    FORGET_FILE,
    INDEX_FILE,
    INSTRUCTIONS_FILE,
    KNOWLEDGE,
    KNOWLEDGE_FOLDERS,
    NOTES,
    SESSIONS,
    SOURCES,
    is_memory,
)
from .memory_config import MemoryConfig, clean_name
from .repo import CommitInfo, MemoryRepo


def _template(name: str) -> str:
    return resources.files("memory_schema").joinpath("templates", name).read_text("utf-8")


def initial_files() -> dict[str, str]:
    files = {
        "README.md": _template("README.md"),
        INDEX_FILE: render_index([]),
        INSTRUCTIONS_FILE: _template("instructions.md"),
        FORGET_FILE: _template("forget.md"),
        ".gitignore": _template("gitignore"),
    }
    for name in ("app.json", "graph.json", "core-plugins.json", "bookmarks.json", "types.json"):
        files[f".obsidian/{name}"] = _template(f"obsidian/{name}")
    # Git does not keep empty folders; .gitkeep files (hidden in Obsidian) hold the tree.
    for folder in [*(f"{KNOWLEDGE}/{f}" for f in KNOWLEDGE_FOLDERS), NOTES, SESSIONS, SOURCES]:
        files[f"{folder}/.gitkeep"] = ""
    return files


def init_memory(root: Path | str, owner: str | None = None) -> tuple[MemoryRepo, CommitInfo | None]:
    """Create (or complete) a memory repo at root. Returns the repo and the commit made.

    `owner` names the person the memory belongs to (`.brain/config.yaml`); on an existing
    memory it replaces the owner set before. ValueError when it is not a name.
    """
    if owner is not None and not clean_name(owner):
        raise ValueError("the owner must be a name")
    root = Path(root)
    # On a memory that exists, only the owner can change: its commit says so.
    existed = is_memory(root)
    root.mkdir(parents=True, exist_ok=True)
    if not (root / ".git").exists():
        proc = subprocess.run(
            ["git", "init", "-q", "-b", "main", str(root)], capture_output=True, text=True
        )
        if proc.returncode != 0:
            raise WriteError(f"git init failed: {proc.stderr.strip()}", path=str(root))
    (root / ".brain" / "cache").mkdir(parents=True, exist_ok=True)
    repo = MemoryRepo(root)
    message = "init: set owner" if existed else "init: create memory"
    with repo.transaction(message, {"Brain-Command": "init"}) as tx:
        for rel, text in initial_files().items():
            if not tx.exists(rel):
                tx.write(rel, text)
        if owner is not None:
            old = tx.read_text(CONFIG_FILE)
            config = MemoryConfig.parse(old)
            config.set("owner", owner)
            if config.render() != old:
                tx.write(CONFIG_FILE, config.render())
    return repo, tx.commit
