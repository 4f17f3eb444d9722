"""Write parsed sessions into memory: one transcript per session, one commit per batch.

Idempotent: a session already captured with the same turns changes nothing; one that
has grown gets only its new turns appended, so every existing anchor ^tN stays put.

Conversations from the chat apps' exports can also change in the middle: an earlier
message edited, or an answer regenerated, after the last import. A transcript is
evidence and is never rewritten, so for those formats (`BRANCHING_FORMATS`) the new
branch, from the first turn that differs, becomes a session of its own,
`<id>-b<hash of that turn>`, with `branch_of` and `branch_at` in its frontmatter. The
id depends only on the conversation and the turn, so a later export grows the same
branch session rather than making another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from memory_schema.errors import ParseError
from memory_schema.layout import MAX_FILE_BYTES, SESSIONS_INDEX
from memory_schema.repo import CommitInfo, MemoryRepo, Transaction
from memory_schema.session import Session

from .sessions_index import IndexEntry, parse_index, render_index, scan_sessions

#: Formats whose conversations may be edited in the middle between two imports.
BRANCHING_FORMATS = frozenset({"chatgpt-export", "claude-export"})
#: How many session ids the commit trailer names before it says "and N more".
_TRAILER_IDS = 20


@dataclass
class Outcome:
    """What happened to one input (a session or a document)."""

    status: str  # captured, grown (more turns), updated (new version), unchanged, rejected
    id: str | None = None
    path: str | None = None
    origin: str | None = None
    turns: int | None = None
    added: int | None = None
    blocks: int | None = None
    message: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass
class CaptureReport:
    outcomes: list[Outcome] = field(default_factory=list)
    commit: CommitInfo | None = None
    warnings: list[str] = field(default_factory=list)

    @property
    def captured(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status in ("captured", "grown", "updated")]

    @property
    def skipped(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "unchanged"]

    @property
    def rejected(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status == "rejected"]

    @property
    def ok(self) -> bool:
        return not self.rejected

    def extend(self, other: CaptureReport) -> None:
        self.outcomes += other.outcomes
        self.warnings += other.warnings
        self.commit = other.commit or self.commit

    def as_dict(self) -> dict[str, Any]:
        return {
            "captured": [o.as_dict() for o in self.captured],
            "skipped": [o.as_dict() for o in self.skipped],
            "rejected": [o.as_dict() for o in self.rejected],
            "warnings": list(self.warnings),
            "commit": self.commit.sha if self.commit else None,
        }


def capture_sessions(
    repo: MemoryRepo,
    sessions: Iterable[Session],
    *,
    progress: Callable[[Session], None] | None = None,
    command: str = "capture",
) -> CaptureReport:
    """Capture sessions in one transaction (one commit, or none when nothing changed).

    A session whose id is already taken by different turns (not a continuation) is
    rejected and the others still go in.
    """
    batch = _dedupe(list(sessions))
    report = CaptureReport()
    rendered: dict[str, str] = {}
    unwritable: dict[str, str] = {}
    for s in batch:
        if not s.turns:
            continue
        text = s.render()  # render before taking the lock: it is the slow part
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            # A lone surrogate from any parser: this session cannot be a UTF-8 file;
            # reject it alone rather than aborting the whole batch.
            unwritable[s.id] = f"text that UTF-8 cannot hold ({exc.reason}); rejected"
            continue
        rendered[s.id] = text
    trailers = {"Brain-Command": command, "Brain-Sessions": _session_ids(batch)}
    with repo.transaction(_message(batch), trailers) as tx:
        index = parse_index(tx.read_text(SESSIONS_INDEX))
        if index is None:
            index = scan_sessions(repo.root)
        changed = False
        for s in batch:
            if s.id in unwritable:
                outcome = Outcome("rejected", id=s.id, message=unwritable[s.id])
            else:
                outcome = _capture_one(tx, s, rendered.get(s.id), index)
            report.outcomes.append(outcome)
            changed |= outcome.status in ("captured", "grown")
            if progress:
                progress(s)
        if changed:
            tx.write(SESSIONS_INDEX, render_index(index))
    report.commit = tx.commit
    return report


def _dedupe(sessions: list[Session]) -> list[Session]:
    """One session per id; a later copy that extends an earlier one replaces it."""
    by_id: dict[str, Session] = {}
    for s in sessions:
        prev = by_id.get(s.id)
        if prev is None or s.grown_from(prev):
            by_id[s.id] = s
    return list(by_id.values())


def _capture_one(
    tx: Transaction, s: Session, text: str | None, index: dict[str, IndexEntry]
) -> Outcome:
    if text is None:
        return Outcome("rejected", id=s.id, message="empty session (no turns)")
    entry = index.get(s.id)
    rel = f"{entry.path}.md" if entry else s.path
    old_text = tx.read_text(rel)
    if old_text is None:
        if len(text.encode("utf-8")) > MAX_FILE_BYTES:
            return _too_large(s, len(text.encode("utf-8")))
        tx.write(rel, text)
        index[s.id] = IndexEntry.of(s, rel)
        return Outcome("captured", id=s.id, path=rel, turns=len(s.turns), added=len(s.turns))
    try:
        old = Session.parse(old_text, rel)
    except (ParseError, ValueError) as exc:
        return Outcome("rejected", id=s.id, path=rel, message=f"existing transcript: {exc}")
    if old.same_turns(s) or (len(s.turns) < len(old.turns) and old.grown_from(s)):
        # Same session, or an older, shorter copy of one captured since: nothing to add.
        index.setdefault(s.id, IndexEntry.of(old, rel))
        return Outcome("unchanged", id=s.id, path=rel, turns=len(old.turns), added=0)
    if not s.grown_from(old) and s.format in BRANCHING_FORMATS:
        branch = branch_session(old, s)
        outcome = _capture_one(tx, branch, branch.render(), index)
        if outcome.status in ("captured", "grown", "unchanged"):
            outcome.message = f"branch of {s.id} from ^t{branch.extra['branch_at'][1:]}"
        return outcome
    if not s.grown_from(old):
        return Outcome(
            "rejected",
            id=s.id,
            path=rel,
            message=f"session id {s.id!r} is already captured with different turns "
            "(not a continuation); give this session another id",
        )
    added = s.turns[len(old.turns) :]
    old.turns += added
    for p in s.participants:
        if p not in old.participants:
            old.participants.append(p)
    new_text = old.render()
    if len(new_text.encode("utf-8")) > MAX_FILE_BYTES:
        return _too_large(s, len(new_text.encode("utf-8")))
    tx.write(rel, new_text)
    index[s.id] = IndexEntry.of(old, rel)
    return Outcome("grown", id=s.id, path=rel, turns=len(old.turns), added=len(added))


def branch_session(old: Session, new: Session) -> Session:
    """The part of `new` from its first turn that differs from `old` on, as a session
    of its own (see the module docstring)."""
    k = next(
        (i for i, (a, b) in enumerate(zip(old.turns, new.turns, strict=False)) if not a.same_as(b)),
        min(len(old.turns), len(new.turns)),
    )
    first = new.turns[k]
    digest = hashlib.sha256(f"{k}\n{first.role}\n{first.content}".encode()).hexdigest()[:8]
    return Session(
        id=f"{new.id}-b{digest}",
        title=f"{new.title} (branch from turn {k + 1})",
        format=new.format,
        turns=new.turns[k:],
        started=first.at or new.started,
        extra={**new.extra, "branch_of": new.id, "branch_at": f"t{k + 1}"},
    )


def _too_large(s: Session, size: int) -> Outcome:
    return Outcome(
        "rejected",
        id=s.id,
        message=f"transcript would be {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte "
        "limit for memory files",
    )


def _message(batch: list[Session]) -> str:
    if not batch:
        return "capture: no sessions"
    formats = ", ".join(sorted({s.format for s in batch}))
    what = f"session {batch[0].id}" if len(batch) == 1 else f"{len(batch)} sessions"
    return f"capture: {what} ({formats})"


def _session_ids(batch: list[Session]) -> str:
    ids = [s.id for s in batch[:_TRAILER_IDS]]
    more = f" and {len(batch) - len(ids)} more" if len(batch) > len(ids) else ""
    return ", ".join(ids) + more
