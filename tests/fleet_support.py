"""Fleets of small real memories for the fleet tests and benchmark."""

from __future__ import annotations

import io
import subprocess
import tarfile
from pathlib import Path

from dream.state import DreamState
from memory_schema import MemoryRepo, init_memory
from memory_schema.layout import DREAM_STATE_FILE
from tests.test_dream_support import add_sessions, filler
from validators import validate_tree


def make_fleet(root: Path, names: list[str], sessions: int = 2) -> dict[str, MemoryRepo]:
    """A folder of memories, each with a few short sessions of its own."""
    root.mkdir(parents=True, exist_ok=True)
    out = {}
    for n, name in enumerate(names):
        repo, _ = init_memory(root / name)
        add_sessions(repo, *[filler(n * 100 + i) for i in range(sessions)])
        out[name] = repo
    return out


def poison_with_duplicate_titles(repo: MemoryRepo) -> None:
    """Two hand-written pages with one title that the next run touches: the validators
    refuse every run of this memory until a person fixes it."""
    state = repo.root / "sessions"
    first = next(state.rglob("*.md")).read_text("utf-8")
    company = first.split(" works at ", 1)[1].split(" now", 1)[0]
    with repo.transaction("hand: two pages with one title", {"Brain-Command": "test"}) as tx:
        for stem in ("A", "B"):
            tx.write(
                f"knowledge/organizations/{company} {stem}.md",
                f"---\ntitle: {company}\ntype: organization\n---\n# {company}\n\nA company.\n",
            )


def dream_commits(repo: MemoryRepo) -> list[str]:
    """Commits made by Dream runs (their Brain-Command trailer)."""
    out = repo.git("log", "--format=%H %(trailers:key=Brain-Command,valueonly,separator=)")
    return [line.split()[0] for line in out.splitlines() if line.endswith(" dream")]


def head_is_valid(repo: MemoryRepo, dest: Path) -> list[str]:
    """Validator errors of the tree at HEAD (checked out of git, not the working tree)."""
    data = subprocess.run(
        ["git", "archive", "--format=tar", "HEAD"], cwd=repo.root, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    return [str(f) for f in validate_tree(dest).errors]


def all_consumed(repo: MemoryRepo) -> bool:
    """Every session at HEAD is recorded as dreamt in the committed state."""
    state = DreamState.parse(repo.show_bytes(DREAM_STATE_FILE, "HEAD").decode("utf-8"))
    sessions = [p.relative_to(repo.root).as_posix() for p in repo.root.glob("sessions/*/*/*.md")]
    sessions = [s for s in sessions if not s.endswith(".summary.md")]
    return bool(sessions) and all(s in state.sessions for s in sessions)
