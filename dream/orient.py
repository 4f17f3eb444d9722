"""Phase 1, orient: instructions, the forget log, the last run's state, the memory's
owner, and what is new.

Everything is read from one commit (the run's base), never from the working tree, so a
capture writing meanwhile cannot hand the run half a change. Transcripts that Brain's
own agent recorded (`brain ask`, `brain chat`) are never work: they are answers, not
evidence, so Dream neither summarises them nor extracts from them, and a summary an
older Dream wrote of one is removed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from memory_schema.errors import ParseError
from memory_schema.layout import (
    DREAM_STATE_FILE,
    FORGET_FILE,
    INSTRUCTIONS_FILE,
    summary_path_for,
)
from memory_schema.memory_config import MemoryConfig, config_at
from memory_schema.repo import MemoryRepo
from memory_schema.session import Session
from memory_schema.source import Source
from memory_schema.store import is_session_file, is_source_file

from .errors import DreamError
from .forget import ForgetEntry, parse_entries
from .state import DreamState


@dataclass(frozen=True)
class Limits:
    """Stop conditions of one run; what is left over waits for the next run."""

    max_sessions: int = 50
    max_seconds: float = 900.0
    max_tokens: int = 400_000  # of session text read, ~4 characters a token


@dataclass
class WorkItem:
    path: str
    blob: str
    session: Session
    old_turns: int  # turns already consumed by earlier runs (0 for a new session)

    @property
    def grown(self) -> bool:
        return self.old_turns > 0


@dataclass
class Plan:
    base: str
    files: dict[str, str]  # path -> blob sha at base
    state: DreamState
    instructions: str
    forget: list[ForgetEntry]
    new_forget: list[ForgetEntry]
    items: list[WorkItem] = field(default_factory=list)
    sources: list[tuple[str, str, Source]] = field(default_factory=list)  # path, blob, source
    deferred: list[str] = field(default_factory=list)  # work left for the next run
    refreshed: dict[str, str] = field(default_factory=dict)  # rewritten, nothing new: path->blob
    broken: list[str] = field(default_factory=list)  # unparseable files skipped
    config: MemoryConfig = field(default_factory=MemoryConfig)  # .brain/config.yaml (owner)
    #: the agent's own transcripts, new or grown: path -> (blob, turns); never read further
    agent_sessions: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: summaries of agent transcripts (written by older runs), removed by this one
    stale_summaries: list[str] = field(default_factory=list)

    @property
    def has_work(self) -> bool:
        return bool(self.items or self.sources or self.new_forget or self.stale_summaries)


def list_tree(repo: MemoryRepo, rev: str) -> dict[str, str]:
    """path -> blob sha of every file at a commit."""
    out = repo.git("ls-tree", "-r", "-z", rev)
    files = {}
    for rec in out.split("\0"):
        if not rec:
            continue
        meta, path = rec.split("\t", 1)
        _, kind, sha = meta.split()
        if kind == "blob":
            files[path] = sha
    return files


def _date_key(session: Session) -> tuple[dt.datetime, str]:
    start = session.started
    if isinstance(start, dt.datetime):
        when = start.replace(tzinfo=None)
    elif isinstance(start, dt.date):
        when = dt.datetime.combine(start, dt.time())
    else:
        when = dt.datetime.min
    return when, session.id


def orient(repo: MemoryRepo, limits: Limits) -> Plan:
    base = repo.head()
    if base is None:
        raise DreamError("the memory repo has no commit yet (run `brain init`)")
    files = list_tree(repo, base)
    texts = repo.show_many([INSTRUCTIONS_FILE, FORGET_FILE, DREAM_STATE_FILE], base)
    try:
        config = config_at(repo, base)
    except ParseError as exc:
        raise DreamError(f"{exc}; fix it (or `brain config owner NAME`) and run again") from exc

    def text(rel: str) -> str:
        data = texts.get(rel)
        return data.decode("utf-8", "replace") if data else ""

    state = DreamState.parse(text(DREAM_STATE_FILE))
    forget = parse_entries(text(FORGET_FILE))
    applied = set(state.forget)
    plan = Plan(
        base=base,
        files=files,
        state=state,
        instructions=text(INSTRUCTIONS_FILE),
        forget=forget,
        new_forget=[e for e in forget if e.digest not in applied],
        config=config,
    )
    changed = [
        p
        for p, sha in files.items()
        if is_session_file(p) and state.sessions.get(p, {}).get("blob") != sha
    ]
    sources = [p for p, sha in files.items() if is_source_file(p) and state.sources.get(p) != sha]
    unchecked = _unchecked_summarised(files, state, set(changed))
    blobs = repo.show_many(changed + sources + unchecked, base)
    for path in unchecked:
        session = _session(blobs.get(path), path)
        if session is not None and session.by_agent:
            plan.stale_summaries.append(summary_path_for(path))
    items = []
    for path in changed:
        session = _session(blobs.get(path), path)
        if session is None:
            plan.broken.append(path)
            continue
        if session.by_agent:
            plan.agent_sessions[path] = (files[path], len(session.turns))
            if summary_path_for(path) in files:
                plan.stale_summaries.append(summary_path_for(path))
            continue
        old = int(state.sessions.get(path, {}).get("turns", 0))
        if len(session.turns) <= old:
            plan.refreshed[path] = files[path]  # rewritten (a purge), nothing new to read
            continue
        items.append(WorkItem(path, files[path], session, old))
    items.sort(key=lambda it: _date_key(it.session))
    tokens = 0
    for item in items:
        size = sum(len(t.content) for t in item.session.turns[item.old_turns :]) // 4
        if plan.items and (
            len(plan.items) >= limits.max_sessions or tokens + size > limits.max_tokens
        ):
            plan.deferred.append(item.path)
            continue
        plan.items.append(item)
        tokens += size
    for path in sources:
        try:
            source = Source.parse(blobs[path].decode("utf-8"), path)  # type: ignore[union-attr]
        except (ParseError, ValueError, UnicodeDecodeError, AttributeError):
            plan.broken.append(path)
            continue
        plan.sources.append((path, files[path], source))
    return plan


def _session(data: bytes | None, path: str) -> Session | None:
    try:
        return Session.parse(data.decode("utf-8"), path)  # type: ignore[union-attr]
    except (ParseError, ValueError, UnicodeDecodeError, AttributeError):
        return None


def _unchecked_summarised(files: dict[str, str], state: DreamState, changed: set[str]) -> list[str]:
    """Sessions an older Dream summarised without asking whether its agent recorded them.

    Checked once: the state remembers the check (and which transcripts are the agent's),
    so later runs read no old session for this.
    """
    if state.agent_checked:
        return []
    out = []
    for path in files:
        if not path.endswith(".summary.md"):
            continue
        session = path[: -len(".summary.md")] + ".md"
        if session in files and session not in changed:
            out.append(session)
    return sorted(out)
