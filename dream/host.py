"""A Dream run driven by an agent host (Claude Code, Cursor, any MCP client).

The host is the engine: it reads the plan, reads sessions, and writes pages and session
summaries. Brain keeps everything that protects the memory: the same run lock as
`brain dream` (so a host run and `brain dream` exclude each other, across processes),
the base commit the run reads from, the transient tree, the validators and the
controlled sync. The host's drafts live in memory and in the run's tree under
`.brain/cache/`; nothing in the repo changes before `commit`, which makes one commit,
or none. A run that sees no call for `ttl` seconds expires: its tree is dropped and the
lock released. A process that dies releases the lock with it (an OS file lock).
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
import re
import shutil
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from filelock import FileLock, Timeout

from memory_schema.errors import PathEscapeError
from memory_schema.index_md import render_index
from memory_schema.layout import (
    CACHE_DIR,
    CONFIG_FILE,
    DREAM_STATE_FILE,
    INDEX_FILE,
    KNOWLEDGE,
    safe_relpath,
    summary_path_for,
)
from memory_schema.repo import MemoryRepo
from memory_schema.store import is_session_file, load_pages
from validators import Finding, validate_semantics, validate_tree
from validators.semantic import Judge

from .engine import Outcome, WikiBuilder
from .errors import DreamBusyError, DreamError
from .host_view import (
    HOST_FILE,
    cite_defs,
    cited_targets,
    folder,
    holder,
    plan_view,
    without_forgotten,
)
from .orient import Limits, Plan, orient
from .phases import next_state
from .run import DreamResult, _log, learned_owner, new_run_id
from .sync import sync
from .tree import _EVIDENCE_CODES, RUNS_DIR, TransientTree, Validation, clean_stale_runs

TTL_ENV = "BRAIN_HOST_DREAM_TTL"
DEFAULT_TTL = 1800.0  # seconds without a call before an open run expires
MAX_WRITE_CHARS = 200_000
_CLIENT_RE = re.compile(r"[^A-Za-z0-9._ -]+")
_LINK_CODES = ("link-unresolved", "link-fragment-missing", "cite-target-missing")


class HostDreamError(DreamError):
    """A host's request that the run refuses (bad path, unknown or expired run, ...)."""


def ttl_from_env() -> float:
    raw = os.environ.get(TTL_ENV, "").strip()
    if not raw:
        return DEFAULT_TTL
    try:
        value = float(raw)
    except ValueError:
        raise DreamError(f"{TTL_ENV}={raw!r} is not a number of seconds") from None
    if value <= 0:
        raise DreamError(f"{TTL_ENV} must be a positive number of seconds, not {raw}")
    return value


def client_label(name: str | None) -> str:
    """The host's name as it goes into the commit trailer: one short, plain line."""
    clean = _CLIENT_RE.sub("", name or "").strip()[:40]
    return clean or "unknown"


@dataclass
class HostRun:
    run_id: str
    client: str
    plan: Plan
    wiki: WikiBuilder
    lock: FileLock
    started: dt.datetime
    started_mono: float
    #: files the run writes whatever the host does: forget applied to old pages, removed
    #: summaries of agent transcripts (path -> text, None = delete)
    base_outputs: dict[str, str | None] = field(default_factory=dict)
    drafts: dict[str, str] = field(default_factory=dict)  # the host's writes
    last_used: float = 0.0
    timer: threading.Timer | None = None

    def files(self) -> dict[str, str | None]:
        out: dict[str, str | None] = dict(self.base_outputs)
        out.update(self.drafts)
        return out


class HostDream:
    """At most one open host run per process; the run lock excludes other processes."""

    def __init__(self, repo: MemoryRepo, *, ttl: float | None = None, judge: Judge | None = None):
        self.repo = repo
        self.ttl = ttl if ttl is not None else ttl_from_env()
        self.judge = judge
        self._mu = threading.RLock()
        self._run: HostRun | None = None
        self._expired: set[str] = set()

    # -- life of a run -------------------------------------------------------------------

    def begin(self, client: str | None = None, limits: Limits | None = None) -> dict[str, Any]:
        """Open a run: lock, orient, the run's own outputs; returns the plan for the host."""
        with self._mu:
            self._expire_if_due()
            if self._run is not None:
                raise DreamBusyError(
                    f"a host Dream run is already open ({self._run.run_id}); "
                    "commit or abort it first"
                )
            lock = FileLock(str(self.repo.git_dir / "brain-dream.lock"), thread_local=False)
            try:
                lock.acquire(timeout=0)
            except Timeout as exc:
                who = holder(self.repo) or "another Dream run is working on this memory"
                raise DreamBusyError(f"{who}; nothing done (try again later)") from exc
            try:
                run = self._open(client_label(client), lock, limits or Limits())
            except BaseException:
                lock.release()
                raise
            self._run = run
            self._touch(run)
            return plan_view(run, self.ttl)

    def _open(self, client: str, lock: FileLock, limits: Limits) -> HostRun:
        clean_stale_runs(self.repo)
        # As in `brain dream`: a hand edit becomes the person's commit first.
        self.repo.commit_hand_edits()
        plan = orient(self.repo, limits)
        now = dt.datetime.now().astimezone()
        run_id = new_run_id(now)
        wiki = WikiBuilder(self.repo, plan, now.date())
        wiki.learn_principal(item.session for item in plan.items)
        outcome = Outcome()
        wiki.apply_forget(plan.new_forget)
        wiki.outputs(outcome)
        base_outputs = {p: t for p, t in outcome.files.items() if p != INDEX_FILE}
        for summary in plan.stale_summaries:
            base_outputs[summary] = None  # an older run summarised an agent transcript
        marker = self.repo.root / RUNS_DIR / run_id / HOST_FILE
        marker.parent.mkdir(parents=True, exist_ok=True)
        # Read by `brain dream` when it finds the lock taken, to say who holds it.
        marker.write_text(
            json.dumps({"host": client, "run_id": run_id, "ttl": self.ttl, "pid": os.getpid()}),
            "utf-8",
        )
        return HostRun(
            run_id=run_id,
            client=client,
            plan=plan,
            wiki=wiki,
            lock=lock,
            started=now,
            started_mono=time.monotonic(),
            base_outputs=base_outputs,
        )

    def abort(self, run_id: str) -> dict[str, Any]:
        with self._mu:
            run = self._current(run_id)
            self._close(run, "aborted by the host")
            return {"run_id": run_id, "aborted": True, "message": "Run dropped; nothing changed."}

    def _close(self, run: HostRun, error: str | None, result: DreamResult | None = None) -> None:
        if run.timer is not None:
            run.timer.cancel()
        try:
            shutil.rmtree(self.repo.root / RUNS_DIR / run.run_id, ignore_errors=True)
            _log(
                self.repo,
                run.run_id,
                run.started,
                time.monotonic() - run.started_mono,
                result,
                error,
            )
        finally:
            self._run = None
            run.lock.release(force=True)

    # -- expiry --------------------------------------------------------------------------

    def _touch(self, run: HostRun) -> None:
        run.last_used = time.monotonic()
        if run.timer is not None:
            run.timer.cancel()
        # A host that goes quiet must not hold the memory: the timer releases the lock
        # even when no call ever comes again.
        run.timer = threading.Timer(self.ttl + 0.05, self._expire_if_due)
        run.timer.daemon = True
        run.timer.start()

    def _expire_if_due(self) -> None:
        with self._mu:
            run = self._run
            if run is not None and time.monotonic() - run.last_used >= self.ttl:
                self._expired.add(run.run_id)
                self._close(run, f"expired after {self.ttl:g}s without a call")

    def _current(self, run_id: str) -> HostRun:
        self._expire_if_due()
        run = self._run
        if run is None or run.run_id != (run_id or "").strip():
            if run_id in self._expired:
                raise HostDreamError(
                    f"run {run_id} expired after {self.ttl:g}s without a call ({TTL_ENV}); "
                    "its lock was released and nothing was committed; begin a new run"
                )
            open_one = f" (the open run is {run.run_id})" if run else ""
            raise HostDreamError(f"no open Dream run {run_id!r}{open_one}; call dream_begin")
        self._touch(run)
        return run

    # -- reading and writing -------------------------------------------------------------

    def read(self, run_id: str, path: str) -> tuple[str, str, str]:
        """(path, text, origin) of a file as the run sees it: its drafts over the base."""
        with self._mu:
            run = self._current(run_id)
            rel = self._readable(path)
            files = run.files()
            if rel in files:
                text = files[rel]
                if text is None:
                    raise HostDreamError(f"{rel} is removed by this run")
                return rel, text, "draft" if rel in run.drafts else "run"
            data = self.repo.show_bytes(rel, run.plan.base)
            listing = None if data is not None else folder(rel, run.plan.files, files)
            if listing is not None:
                return rel, listing, "folder"
            if data is None:
                hint = " (a new page: write it with dream_write)" if rel.endswith(".md") else ""
                raise HostDreamError(f"no such file at the run's base commit: {rel}{hint}")
            return rel, data.decode("utf-8", "replace"), "base"

    def _readable(self, path: str) -> str:
        text = (path or "").strip().replace("\\", "/")
        try:
            rel = safe_relpath(self.repo.root, text)
        except PathEscapeError as exc:
            raise HostDreamError(f"refused: {text!r}: {exc.message}") from exc
        if rel == ".git" or rel.startswith((".git/", f"{CACHE_DIR}/")) or rel == CACHE_DIR:
            raise HostDreamError(f"refused: {rel} is not memory")
        return rel

    def writable(self, run: HostRun, path: str) -> str:
        """The path if the host may write it: a wiki page or a session's summary, no link."""
        rel = self._readable(path)
        if not rel.endswith(".md"):
            raise HostDreamError(f"refused: {rel}: only Markdown pages (.md) are written")
        if rel.startswith(f"{KNOWLEDGE}/"):
            pass
        elif rel.startswith("sessions/") and rel.endswith(".summary.md"):
            session = rel[: -len(".summary.md")] + ".md"
            if session not in run.plan.files or not is_session_file(session):
                raise HostDreamError(f"refused: {rel}: no session {session} to summarise")
            agent = run.plan.agent_sessions.keys() | {
                s[: -len(".summary.md")] + ".md" for s in run.plan.stale_summaries
            }
            if session in agent or run.plan.state.sessions.get(session, {}).get("agent"):
                raise HostDreamError(
                    f"refused: {session} is a transcript of Brain's own agent (ask/chat): "
                    "never evidence, never summarised"
                )
        else:
            raise HostDreamError(
                f"refused: {rel}: a host writes only wiki pages (knowledge/...md) and "
                "session summaries (sessions/.../<id>.summary.md)"
            )
        here = self.repo.root
        for part in rel.split("/"):
            here = here / part
            if here.is_symlink():
                link = here.relative_to(self.repo.root)
                raise HostDreamError(f"refused: {rel}: {link} is a symlink")
        mode = self.repo.git("ls-tree", run.plan.base, "--", rel).split(" ", 1)[0]
        if mode == "120000":
            raise HostDreamError(f"refused: {rel} is a symlink in the memory")
        return rel

    def write(self, run_id: str, path: str, text: str) -> dict[str, Any]:
        """Store the host's version of a page or summary; the deterministic findings on it."""
        with self._mu:
            run = self._current(run_id)
            rel = self.writable(run, path)
            if len(text) > MAX_WRITE_CHARS:
                raise HostDreamError(f"refused: {rel}: over {MAX_WRITE_CHARS} characters")
            if not text.strip():
                raise HostDreamError(f"refused: {rel}: empty page (pages are not deleted here)")
            text = text if text.endswith("\n") else text + "\n"
            text, forgotten = without_forgotten(text, rel, run.plan.forget)
            before = run.files().get(rel)
            if before is None:
                old = self.repo.show_bytes(rel, run.plan.base)
                before = old.decode("utf-8", "replace") if old else None
            if before and cite_defs(before) and not cite_defs(text):
                raise HostDreamError(
                    f"refused: {rel} had {len(cite_defs(before))} citations and this version "
                    "has none; keep the evidence of every claim (see the page format)"
                )
            run.drafts[rel] = text
            tree = self._tree(run)
            det = _ours(tree, validate_tree(tree.root).findings, {rel})
            # The support check on this file's cited claims too, the same one
            # dream_validate and brain dream run, so a host can fix a claim while it
            # still has the page in hand (each finding names the unsupported words).
            sem = validate_semantics(tree.root, [rel], judge=self.judge)
            unsupported = [f for f in sem.findings if f.code == "unsupported-claim"]
            out: dict[str, Any] = {
                "path": rel,
                "written": True,
                "ok": not any(f.severity == "error" for f in det),
                "findings": [_finding(f) for f in det],
                "unsupported_claims": [_finding(f) for f in unsupported],
            }
            if forgotten:
                out["forgotten_lines_removed"] = forgotten
            self._touch(run)
            return out

    # -- validation and commit -----------------------------------------------------------

    def _tree(self, run: HostRun) -> TransientTree:
        """A fresh transient tree with every file of the run laid over the base."""
        shutil.rmtree(self.repo.root / RUNS_DIR / run.run_id / "tree", ignore_errors=True)
        tree = TransientTree(self.repo, run.run_id, run.plan.base, run.plan.files)
        tree.build(run.files())
        return tree

    def _validated(self, run: HostRun) -> tuple[TransientTree, Validation, list[Finding]]:
        """The validated tree, and the deterministic findings on the drafts as written.

        The tree's repair cuts a claim whose citation points nowhere (and with it the
        citation), so the broken citation itself is only seen before the repair.
        """
        tree = self._tree(run)
        before = _ours(tree, validate_tree(tree.root).findings, set(run.drafts))
        return tree, tree.validate(self.judge), before

    def validate(self, run_id: str) -> dict[str, Any]:
        """Every validator on the whole tree; the host's drafts are left as they are."""
        with self._mu:
            run = self._current(run_id)
            _, validation, before = self._validated(run)
            self._touch(run)  # idle time starts when the answer goes back
            return self._report(run, validation, before)

    def _report(self, run: HostRun, v: Validation, before: list[Finding]) -> dict[str, Any]:
        det = list(v.deterministic.findings)
        det += [f for f in before if f not in det]
        unsupported = [f for f in v.removed if f.code == "unsupported-claim"]
        contradictions = [f for f in v.removed if f.code == "contradiction"]
        contradictions += [f for f in v.semantic.errors if f.code == "contradiction"]
        summarized = self._summarized(run)
        return {
            "ok": v.ok and not v.removed and not any(f.severity == "error" for f in det),
            "errors": [_finding(f) for f in det if f.severity == "error"],
            "unsupported_claims": [_finding(f) for f in unsupported],
            "contradictions": [_finding(f) for f in contradictions],
            "broken_links": [_finding(f) for f in det if f.code in _LINK_CODES],
            "warnings": [_finding(f) for f in det if f.severity != "error"],
            "sessions_summarized": summarized,
            "sessions_without_summary": [
                it.path for it in run.plan.items if it.path not in summarized
            ],
        }

    def _summarized(self, run: HostRun) -> list[str]:
        return [
            it.path
            for it in run.plan.items
            if isinstance(run.drafts.get(summary_path_for(it.path)), str)
        ]

    def commit(self, run_id: str, drop_unsupported: bool = False) -> dict[str, Any]:
        """The controlled sync: validators again, then one commit (or a refusal)."""
        with self._mu:
            run = self._current(run_id)
            tree, validation, before = self._validated(run)
            report = self._report(run, validation, before)
            if not validation.ok or (not report["ok"] and not drop_unsupported):
                why = (
                    "the tree fails validation"
                    if not validation.ok
                    else "unsupported claims or contradictions remain (fix them, or commit "
                    "with drop_unsupported=true to cut them)"
                )
                self._touch(run)
                return {
                    "committed": False,
                    "refused": f"{why}; nothing committed, the run stays open",
                    "validation": report,
                }
            return self._sync(run, tree, validation, report)

    def _sync(
        self, run: HostRun, tree: TransientTree, validation: Validation, report: dict[str, Any]
    ) -> dict[str, Any]:
        files = dict(tree.written)
        if any(p.startswith(f"{KNOWLEDGE}/") for p in files):
            files[INDEX_FILE] = render_index(load_pages(tree.root, KNOWLEDGE))
        sessions = [p for p in self._summarized(run)]
        cited = cited_targets(files)
        plan = copy.copy(run.plan)
        plan.state = copy.deepcopy(run.plan.state)
        # A source counts as read when a page cites it; one the host left alone stays new.
        plan.sources = [s for s in run.plan.sources if s[0] in cited]
        now = dt.datetime.now().astimezone()
        state = next_state(plan, Outcome(sessions=sessions), run.wiki, run.run_id, now)
        if state is not None:
            files[DREAM_STATE_FILE] = state
        owner = learned_owner(run.plan, run.wiki.principal)
        if owner is not None:
            files[CONFIG_FILE] = owner
        before = self.repo.show_many(sorted(files), run.plan.base)
        created = sorted(
            p for p in files if p.startswith(f"{KNOWLEDGE}/") and before.get(p) is None
        )
        updated = sorted(
            p
            for p in files
            if p.startswith(f"{KNOWLEDGE}/")
            and before.get(p) is not None
            and (files[p] or "").encode("utf-8") != before[p]
        )
        ids = [p.rsplit("/", 1)[-1][:-3] for p in sessions]
        shown = ", ".join(ids[:20]) + (f" (+{len(ids) - 20} more)" if len(ids) > 20 else "")
        trailers = {
            "Brain-Command": "dream",
            "Brain-Run": run.run_id,
            "Brain-Engine": f"host:{run.client}",
            "Brain-Sessions": shown or "none",
            "Brain-Validation": validation.summary(),
        }
        title = (
            f"dream: {len(sessions)} sessions, {len(created)} pages created, "
            f"{len(updated)} updated (host {run.client})"
        )
        result = DreamResult(
            run.run_id, False, None, created, updated, sessions, [], report, message=""
        )
        error: str | None = "commit failed"
        try:
            synced = sync(self.repo, run.plan.base, files, title, trailers)
            result.commit = synced.commit.sha if synced.commit else None
            result.committed = synced.commit is not None
            landed = set(synced.commit.paths) if synced.commit else set()
            error = None
        finally:
            self._close(run, error, result if error is None else None)
        removed = [_finding(f) for f in validation.removed]
        return {
            "committed": result.committed,
            "commit": result.commit,
            "run_id": run.run_id,
            "message": (
                f"Committed {result.commit[:8]}: {title[len('dream: ') :]}."
                if result.commit
                else "The wiki is already right; no commit."
            ),
            "pages_created": [p for p in created if p in landed],
            "pages_updated": [p for p in updated if p in landed],
            "sessions_summarized": sessions,
            "claims_removed": removed,
            "kept_other_writers_version": synced.conflicts,
            "trailers": trailers,
        }

    @property
    def open_run(self) -> str | None:
        with self._mu:
            self._expire_if_due()
            return self._run.run_id if self._run else None


def _ours(tree: TransientTree, findings: list[Finding], paths: set[str]) -> list[Finding]:
    """Findings on `paths`, leaving out citation checks of citations the base already had."""
    old = tree._base_defs()
    out = []
    for f in findings:
        if f.path not in paths:
            continue
        if f.code in _EVIDENCE_CODES and tree._def_at(f.path, f.line) in old.get(f.path, set()):
            continue
        out.append(f)
    return out


def _finding(f: Finding) -> dict[str, Any]:
    return {"path": f.path, "line": f.line, "code": f.code, "message": f.message}
