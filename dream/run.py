"""One Dream run: lock, orient, engine, transient tree, validators, controlled sync, log.

Crash safety: until the sync's single commit nothing outside `.brain/cache/` is
written, and the state file that says what was consumed is part of that commit, so a
run killed at any moment leaves the repo at the old commit or the new one; the next run
removes the dead run's tree and does the work again.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from filelock import FileLock, Timeout

from memory_schema.index_md import render_index
from memory_schema.layout import CACHE_DIR, CONFIG_FILE, DREAM_STATE_FILE, INDEX_FILE, KNOWLEDGE
from memory_schema.repo import MemoryRepo
from memory_schema.store import load_pages

from .engine import Observer
from .errors import DreamBusyError, DreamError, DreamValidationError
from .orient import Limits, Plan, orient
from .phases import run_engine
from .sync import diff_text, sync
from .tree import RUNS_DIR, TransientTree, clean_stale_runs

LOG_FILE = f"{CACHE_DIR}/dream.log"
ENGINES = ("extractive", "llm")
TEST_PAUSE_ENV = "BRAIN_DREAM_TEST_PAUSE"  # tests only: see _test_pause


@dataclass
class DreamOptions:
    engine: str = "extractive"
    dry_run: bool = False
    limits: Limits = field(default_factory=Limits)
    wait_seconds: float = 0.0  # how long to wait for another run to finish
    embedder: Any = None  # search.Embedder for subject resolution, optional
    observer: Observer | None = None  # the llm engine's per-session observations
    judge: Callable[[str, str], bool] | None = None  # llm entailment for the validators
    today: dt.date | None = None


@dataclass
class DreamResult:
    run_id: str
    committed: bool
    commit: str | None
    pages_created: list[str]
    pages_updated: list[str]
    sessions_summarized: list[str]
    claims_removed: list[dict[str, Any]]
    validation: dict[str, Any]
    message: str = ""
    diff: str = ""
    deferred: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    owner_learned: str | None = None  # recorded in .brain/config.yaml by this run

    def as_json(self) -> dict[str, Any]:
        keys = (
            "run_id",
            "committed",
            "commit",
            "pages_created",
            "pages_updated",
            "sessions_summarized",
            "claims_removed",
            "validation",
        )
        return {k: getattr(self, k) for k in keys}


def new_run_id(now: dt.datetime) -> str:
    return f"dream-{now:%Y%m%dT%H%M%S}-{secrets.token_hex(2)}"


def run_dream(
    repo: MemoryRepo, options: DreamOptions, progress: Callable[[str], None] | None = None
) -> DreamResult:
    """Run Dream once on a memory repo. Raises DreamBusyError if another run holds it."""
    if options.engine not in ENGINES:
        raise DreamError(f"unknown engine {options.engine!r}; choose from {', '.join(ENGINES)}")
    lock = FileLock(str(repo.git_dir / "brain-dream.lock"))
    try:
        lock.acquire(timeout=options.wait_seconds)
    except Timeout as exc:
        from .host_view import holder

        who = holder(repo) or "another Dream run is working on this memory"
        raise DreamBusyError(f"{who}; nothing done (try again later)") from exc
    now = dt.datetime.now().astimezone()
    run_id = new_run_id(now)
    started = time.monotonic()
    result: DreamResult | None = None
    error: str | None = None
    try:
        clean_stale_runs(repo)
        result = _run(repo, options, run_id, now, progress)
        return result
    except DreamError as exc:
        exc.run_id = exc.run_id or run_id
        error = exc.message
        raise
    finally:
        if not options.dry_run:
            clean_stale_runs(repo)
        _log(repo, run_id, now, time.monotonic() - started, result, error)
        lock.release()


def _run(
    repo: MemoryRepo,
    options: DreamOptions,
    run_id: str,
    now: dt.datetime,
    progress: Callable[[str], None] | None,
) -> DreamResult:
    if not options.dry_run:
        # A page edited by hand and not committed becomes the person's commit first, so
        # this run starts from it and writing the wiki never overwrites it.
        repo.commit_hand_edits()
    plan = orient(repo, options.limits)
    empty = DreamResult(run_id, False, None, [], [], [], [], {"ok": True}, deferred=[])
    if not plan.has_work and not plan.refreshed:
        skipped = len(plan.agent_sessions)
        empty.message = "Nothing new since the last run; no commit." + (
            f" ({skipped} transcripts of brain ask/chat left out: they are never evidence.)"
            if skipped
            else ""
        )
        return empty
    today = options.today or now.date()
    outcome, wiki = run_engine(
        repo,
        plan,
        options.limits,
        today=today,
        embedder=options.embedder,
        observer=options.observer,
        progress=progress,
    )
    from .phases import next_state

    state = next_state(plan, outcome, wiki, run_id, now)
    files = dict(outcome.files)
    if state is not None:
        files[DREAM_STATE_FILE] = state
    for summary in plan.stale_summaries:
        files[summary] = None  # an older run summarised an agent transcript
    owner = learned_owner(plan, wiki.principal)
    if owner is not None:
        files[CONFIG_FILE] = owner
    tree = TransientTree(repo, run_id, plan.base, plan.files)
    tree.build(files)
    validation = tree.validate(options.judge)
    if validation.removed and INDEX_FILE in tree.written:
        # One truth: a claim cut from a page goes from INDEX.md too (its line is the
        # page's summary, which the cut may have changed).
        tree.write(INDEX_FILE, render_index(load_pages(tree.root, KNOWLEDGE)))
    if not validation.ok:
        errors = validation.deterministic.errors + validation.semantic.errors
        listing = "; ".join(str(f) for f in errors[:5])
        raise DreamValidationError(
            f"the run's tree fails validation, nothing committed: {listing}",
            run_id=run_id,
            report=validation,
        )
    _test_pause()
    files = dict(tree.written)
    removed = [f.as_dict() for f in validation.removed]
    created = [p for p in outcome.pages_created if files.get(p) is not None]
    # Only pages whose text differs from the base: the engine rewrites some pages to
    # the same bytes, and those are no update (nor in the commit).
    before = repo.show_many([p for p in outcome.pages_updated if p in files], plan.base)
    updated = [
        p
        for p, old in before.items()
        if (files[p].encode("utf-8") if files[p] is not None else None) != old
    ]
    sessions = [p for p in outcome.sessions]
    result = DreamResult(
        run_id=run_id,
        committed=False,
        commit=None,
        pages_created=created,
        pages_updated=updated,
        sessions_summarized=sessions,
        claims_removed=removed,
        validation=validation.as_dict(),
        deferred=outcome.deferred,
        problems=outcome.problems + [f"unreadable, skipped: {p}" for p in plan.broken],
        owner_learned=wiki.principal if owner is not None else None,
    )
    if options.dry_run:
        result.diff = diff_text(repo, plan.base, files)
        result.message = f"Dry run: {len(files)} files would change; nothing committed."
        result.validation["tree"] = str(tree.root.relative_to(repo.root))
        return result
    ids = [p.rsplit("/", 1)[-1][:-3] for p in sessions]
    shown = ", ".join(ids[:20]) + (f" (+{len(ids) - 20} more)" if len(ids) > 20 else "")
    trailers = {
        "Brain-Command": "dream",
        "Brain-Run": run_id,
        "Brain-Engine": options.engine,
        "Brain-Sessions": shown or "none",
        "Brain-Validation": validation.summary(),
    }
    title = f"dream: {len(sessions)} sessions, {len(created)} pages created, {len(updated)} updated"
    if plan.stale_summaries:
        title += f", {len(plan.stale_summaries)} summaries of agent transcripts removed"
    synced = sync(repo, plan.base, files, title, trailers)
    result.commit = synced.commit.sha if synced.commit else None
    result.committed = synced.commit is not None
    landed = set(synced.commit.paths) if synced.commit else set()
    result.pages_created = [p for p in result.pages_created if p in landed]
    result.pages_updated = [p for p in result.pages_updated if p in landed]
    result.problems += [
        f"changed by another writer meanwhile, kept theirs: {p}" for p in synced.conflicts
    ]
    result.problems += [
        f"left for the next run (its facts met a conflict): {p}" for p in synced.unmarked
    ]
    result.message = (
        f"Committed {result.commit[:8]}: {title[len('dream: ') :]}."
        if result.commit
        else "The wiki is already right; no commit."
    )
    return result


def _test_pause() -> None:
    """For tests only: env BRAIN_DREAM_TEST_PAUSE=SECONDS sleeps here, with the run's lock
    held and its validated tree on disk but nothing committed, so a test can kill a worker
    at the most delicate moment of a run deterministically (tests/test_fleet_queue.py).
    SECONDS:FILE sleeps only while FILE exists (at most SECONDS), so a test can let the
    next attempt through."""
    raw = os.environ.get(TEST_PAUSE_ENV, "").strip()
    if not raw:
        return
    seconds, _, gate = raw.partition(":")
    end = time.monotonic() + float(seconds)
    while time.monotonic() < end and (not gate or os.path.exists(gate)):
        time.sleep(min(0.1, max(0.0, end - time.monotonic())))


def learned_owner(plan: Plan, principal: str | None) -> str | None:
    """The config text recording an owner this run learned, or None when nothing to record.

    An owner set by hand is never overwritten; "User" is the stand-in for an owner whose
    name nobody has said, not a name.
    """
    if plan.config.owner or not principal or principal == "User":
        return None
    config = copy.deepcopy(plan.config)
    config.owner = principal
    return config.render()


def _log(
    repo: MemoryRepo,
    run_id: str,
    now: dt.datetime,
    seconds: float,
    result: DreamResult | None,
    error: str | None,
) -> None:
    """One JSON line per run in .brain/cache/dream.log (derived, never committed)."""
    entry = {
        "run_id": run_id,
        "started": now.isoformat(timespec="seconds"),
        "seconds": round(seconds, 3),
        "committed": bool(result and result.committed),
        "commit": result.commit if result else None,
        "sessions": len(result.sessions_summarized) if result else 0,
        "claims_removed": len(result.claims_removed) if result else 0,
        "error": error,
    }
    path = repo.root / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
    except OSError:
        pass  # a log that cannot be written must not fail the run


__all__ = ["RUNS_DIR", "DreamOptions", "DreamResult", "run_dream"]
