"""Question-answering datasets as units of work: one memory to build, its questions.

Personas come from the seeded generator; LoCoMo conversations are parsed by capture's
own parser (`ingest.formats.locomo`) and their questions read with `evals.locomo`'s
evidence normalization, so every LoCoMo figure here uses the same turn ids.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory_schema.session import Session

from .errors import EvalError

if TYPE_CHECKING:
    from memory_schema import MemoryRepo

#: LoCoMo's categories under the names the reports use; 5 is scored as abstention.
LOCOMO_CATEGORIES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}


@dataclass
class QAItem:
    """A question as the harness sees it: gold strings (none: the agent should abstain)
    and gold evidence blocks (path, anchor)."""

    id: str
    unit: str
    category: str
    question: str
    golds: list[str]
    evidence: list[tuple[str, str]]
    stale: list[str] = field(default_factory=list)
    locomo_category: int | None = None
    #: The audit's corrected key for this question (LoCoMo), when it flags it.
    audited: dict[str, Any] | None = None

    @property
    def abstain(self) -> bool:
        return not self.golds


@dataclass
class Unit:
    """One memory to build (a persona, a LoCoMo conversation) and its questions."""

    id: str
    sessions: list[Session]
    questions: list[QAItem]
    today: dt.date | None = None  # the "today" of Dream runs: just after the last session
    #: Captures the unit into a fresh memory when it brings more than sessions (documents,
    #: notes); None: its sessions are captured as they are.
    capture: Callable[[MemoryRepo], None] | None = None


# ---------------------------------------------------------------------- personas


def persona_units(
    *, seed: int, count: int, quick: bool = False, per_category: int | None = None
) -> list[Unit]:
    from .personas import PER_CATEGORY, generate_personas

    if quick:
        count = min(count, 2)
        per = dict.fromkeys(PER_CATEGORY, 1)
        personas = generate_personas(seed, count, per_category=per, sessions=(14, 16))
    else:
        per = dict.fromkeys(PER_CATEGORY, per_category) if per_category else None
        personas = generate_personas(seed, count, per_category=per)
    units = []
    for p in personas:
        items = [
            QAItem(
                id=q.id,
                unit=p.id,
                category=q.category,
                question=q.question,
                golds=q.golds,
                evidence=[(e.path, e.anchor) for e in q.evidence],
                stale=list(q.stale),
            )
            for q in p.questions
        ]
        units.append(Unit(p.id, p.sessions, items, today=p.asked_at.date()))
    return units


# ---------------------------------------------------------------------- LoCoMo


def locomo_units(
    path: Path,
    *,
    audit_dir: Path | None = None,
    quick: bool = False,
    conversations: list[str] | None = None,
) -> list[Unit]:
    """Each conversation with every one of its questions (none skipped: questions whose
    evidence ids are all malformed are still asked and scored on their answer)."""
    from ingest.errors import IngestError
    from ingest.formats import locomo as locomo_format

    from .locomo import load_audit, load_raw, normalize_evidence, turn_ids

    data = load_raw(path)
    try:
        sessions = locomo_format.parse(Path(path))
    except IngestError as exc:
        raise EvalError(f"LoCoMo conversations unreadable: {exc}", path=str(path)) from exc
    corrections = load_audit(audit_dir) if audit_dir else {}
    units = []
    for k, sample in enumerate(data):
        conv = str(sample.get("sample_id") or f"conv-{k}")
        if conversations and conv not in conversations:
            continue
        convo = [s for s in sessions if s.extra.get("conversation") == conv]
        where = _dia_index(convo)
        ids = turn_ids(sample)
        items = []
        for i, qa in enumerate(sample.get("qa") or []):
            cat = int(qa.get("category") or 0)
            answer = qa.get("answer", qa.get("adversarial_answer", ""))
            fix = corrections.get((k, i))
            audited = None
            if fix is not None and fix.get("question") == qa.get("question"):
                audited = {
                    "golds": [] if cat == 5 else [str(fix.get("correct_answer", answer))],
                    "evidence": _blocks(
                        normalize_evidence(fix.get("correct_evidence") or [], ids), where
                    ),
                    "error_type": fix.get("error_type"),
                }
            items.append(
                QAItem(
                    id=f"{conv}/qa{i}",
                    unit=conv,
                    category=LOCOMO_CATEGORIES.get(cat, str(cat)),
                    question=str(qa.get("question") or ""),
                    golds=[] if cat == 5 else [str(answer)],
                    evidence=_blocks(normalize_evidence(qa.get("evidence") or [], ids), where),
                    locomo_category=cat,
                    audited=audited,
                )
            )
        if quick:
            convo, items = _quick_slice(convo, items)
        last = convo[-1].date if convo else None
        today = last + dt.timedelta(days=1) if last else None
        units.append(Unit(conv, convo, items, today=today))
        if quick:
            break
    if not units:
        raise EvalError("no LoCoMo conversation matched", path=str(path))
    return units


def _dia_index(sessions: list[Session]) -> dict[str, tuple[str, str]]:
    """LoCoMo dialogue id ("D3:7") -> (session path, anchor) in captured memory."""
    out = {}
    for s in sessions:
        for n, t in enumerate(s.turns, start=1):
            dia = t.meta.get("dia_id")
            if dia:
                for tid in _normalized(str(dia)):
                    out[tid] = (s.path, f"t{n}")
    return out


def _normalized(dia: str) -> list[str]:
    from .locomo import normalize_evidence

    return normalize_evidence([dia])


def _blocks(ids: list[str], where: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    return [where[i] for i in ids if i in where]


def _quick_slice(
    sessions: list[Session], items: list[QAItem]
) -> tuple[list[Session], list[QAItem]]:
    """The first three sessions and at most 12 questions answerable from them."""
    keep = sessions[:3]
    paths = {s.path for s in keep}
    chosen = [q for q in items if q.evidence and all(p in paths for p, _ in q.evidence)]
    by_cat: dict[str, list[QAItem]] = {}
    for q in chosen:
        by_cat.setdefault(q.category, []).append(q)
    picked: list[QAItem] = []
    while len(picked) < 12 and any(by_cat.values()):
        for cat in sorted(by_cat):
            if by_cat[cat] and len(picked) < 12:
                picked.append(by_cat[cat].pop(0))
    return keep, picked
