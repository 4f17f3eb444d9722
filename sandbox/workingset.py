"""The working set: the part of memory an agent has as ordinary local files.

It is a Git sparse checkout of the memory repo. It starts with an initial map
(INDEX.md, the wiki in knowledge/, standing instructions, the most recent sessions and
their summaries, plus whatever the caller adds) and grows when the Memory Agent
materializes files: one `git sparse-checkout add` for the whole batch, so the files
land at their normal paths with their history, and `git log` works on them as in the
memory repo. The clone copies (or hard-links) the objects, so it stays usable when
mounted somewhere else, e.g. at /memory in a container.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from memory_schema.errors import ParseError, PathEscapeError
from memory_schema.layout import safe_relpath
from memory_schema.markdown_io import split_frontmatter
from memory_schema.session import AGENT_FORMAT

from .errors import PathRefused, SandboxError

#: Always in the initial map when they exist.
MAP_PATHS = ("INDEX.md", "knowledge/", ".brain/instructions.md", "sessions/index.md")
DEFAULT_RECENT_SESSIONS = 10


@dataclass(frozen=True)
class InitialMap:
    """What a new working set holds: the fixed map, N recent sessions, extra paths."""

    recent_sessions: int = DEFAULT_RECENT_SESSIONS
    include: tuple[str, ...] = ()  # extra files or folders ("notes/", "sources/")


def _git(cwd: Path, *args: str, input: str | None = None) -> str:
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1"}
    proc = subprocess.run(
        ["git", "-c", "core.quotepath=off", *args],
        cwd=cwd,
        input=input,
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0:
        raise SandboxError(f"git {args[0]} failed in {cwd}: {proc.stderr.strip()}")
    return proc.stdout


def sparse_pattern(rel: str) -> str:
    """A non-cone sparse-checkout pattern matching exactly this path (or folder)."""
    escaped = "".join("\\" + c if c in "\\*?[]!#" else c for c in rel)
    return "/" + escaped


def is_session_transcript(rel: str) -> bool:
    return (
        rel.startswith("sessions/")
        and rel.endswith(".md")
        and not rel.endswith(".summary.md")
        and rel.count("/") == 3
    )


class WorkingSet:
    """A sparse checkout of a memory repo at `root`."""

    def __init__(self, root: Path, memory_root: Path, *, owned: bool = False):
        self.root = Path(root).resolve()
        self.memory_root = Path(memory_root).resolve()
        self._owned = owned

    @classmethod
    def create(
        cls,
        memory_root: Path | str,
        dest: Path | str | None = None,
        initial: InitialMap | None = None,
    ) -> WorkingSet:
        """Clone `memory_root` sparsely into `dest` (default: a new temporary folder)."""
        memory_root = Path(memory_root).resolve()
        if not (memory_root / ".git").exists():
            raise SandboxError(f"{memory_root} is not a Git repository")
        owned = dest is None
        parent = Path(tempfile.mkdtemp(prefix="brain-ws-")) if owned else None
        root = (parent / "memory") if parent else Path(dest)  # type: ignore[arg-type]
        if root.exists() and any(root.iterdir()):
            raise SandboxError(f"working set folder {root} is not empty")
        try:
            _git(memory_root, "clone", "-q", "--no-checkout", str(memory_root), str(root))
            ws = cls(root, memory_root, owned=owned)
            ws._checkout(ws.initial_paths(initial or InitialMap()))
        except BaseException:
            shutil.rmtree(parent or root, ignore_errors=True)
            raise
        return ws

    def initial_paths(self, initial: InitialMap) -> list[str]:
        """The map's paths that exist at the clone's HEAD (folders end with '/')."""
        everything = self.all_paths()
        present = set(everything)
        folders = {str(p) + "/" for rel in everything for p in PurePosixPath(rel).parents}
        wanted = [p for p in (*MAP_PATHS, *initial.include) if p in present or p in folders]
        sessions = sorted((p for p in everything if is_session_transcript(p)), reverse=True)
        # The agent's own ask/chat transcripts are no evidence; after a few questions they
        # would be all the "recent sessions" the map holds.
        people = (rel for rel in sessions if not self._by_agent(rel))
        for rel in itertools.islice(people, max(0, initial.recent_sessions)):
            wanted.append(rel)
            summary = rel[:-3] + ".summary.md"
            if summary in present:
                wanted.append(summary)
        return wanted

    def _by_agent(self, rel: str) -> bool:
        """A transcript Brain's agent recorded (frontmatter `format: brain-agent`)."""
        try:
            meta, _ = split_frontmatter((self.memory_root / rel).read_text("utf-8"), rel)
        except (OSError, UnicodeDecodeError, ParseError):
            return False  # not for the map to judge; the file is what it is
        return meta.get("format") == AGENT_FORMAT

    def _checkout(self, paths: list[str]) -> None:
        patterns = "".join(sparse_pattern(p) + "\n" for p in paths)
        _git(self.root, "sparse-checkout", "set", "--no-cone", "--stdin", input=patterns)
        _git(self.root, "checkout", "-q")

    # -- what is here --------------------------------------------------------------------

    def all_paths(self) -> list[str]:
        """Every file of memory at the working set's commit, checked out or not."""
        out = subprocess.run(
            ["git", "-c", "core.quotepath=off", "ls-tree", "-r", "-z", "--name-only", "HEAD"],
            cwd=self.root,
            capture_output=True,
            text=True,
        )
        return [p for p in out.stdout.split("\0") if p] if out.returncode == 0 else []

    def paths(self) -> list[str]:
        """Files checked out in the working set."""
        out = _git(self.root, "ls-files", "-z", "-t")
        # -t marks skip-worktree entries (not checked out) with 'S'.
        return [e[2:] for e in out.split("\0") if e and e.startswith("H ")]

    def contains(self, rel: str) -> bool:
        try:
            clean = safe_relpath(self.root, rel)
        except PathEscapeError:
            return False
        return (self.root / clean).is_file()

    # -- growing -------------------------------------------------------------------------

    def materialize(self, paths: Iterable[str]) -> list[str]:
        """Check out memory files into the working set in one batch; returns the new ones.

        Paths must be relative memory paths; files the memory repo does not have are
        skipped. Commits made to memory since the working set was created are fetched
        first when a requested file is newer than the clone.
        """
        wanted = []
        for rel in paths:
            try:
                clean = safe_relpath(self.root, rel)
            except PathEscapeError as exc:
                raise PathRefused(f"{rel}: {exc.message}") from exc
            if clean not in wanted and not (self.root / clean).is_file():
                wanted.append(clean)
        if not wanted:
            return []
        known = set(self.all_paths())
        if any(p not in known for p in wanted):
            self.refresh()
            known = set(self.all_paths())
        todo = [p for p in wanted if p in known]
        if todo:
            patterns = "".join(sparse_pattern(p) + "\n" for p in todo)
            _git(self.root, "sparse-checkout", "add", "--stdin", input=patterns)
        return [p for p in todo if (self.root / p).is_file()]

    def refresh(self) -> None:
        """Move the working set to the memory repo's current commit (same sparse paths)."""
        _git(self.root, "fetch", "-q", "origin", "HEAD")
        _git(self.root, "reset", "-q", "--hard", "FETCH_HEAD")

    # -- lifetime ------------------------------------------------------------------------

    def close(self) -> None:
        """Remove the working set if this object created its folder."""
        if self._owned:
            shutil.rmtree(self.root.parent, ignore_errors=True)
            self._owned = False

    def __enter__(self) -> WorkingSet:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["MAP_PATHS", "InitialMap", "WorkingSet", "sparse_pattern"]
