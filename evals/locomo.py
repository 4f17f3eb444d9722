"""LoCoMo (snap-research/LoCoMo, `locomo10.json`): questions, evidence, categories.

The conversations themselves are parsed by capture (`ingest.formats.locomo`); this
module reads the question side: each question's category and its evidence turn ids,
normalized the one way every LoCoMo evaluation here uses:
split on `;` and whitespace, `D:x:y` -> `Dx:y`, `Dx:0y` -> `Dx:y`, ids that are not turns
of the conversation dropped, questions left with no evidence skipped.

The audit (dial481/locomo-audit, `errors_conv_K.json`) corrects the evidence of some
questions; `load_questions(..., audit_dir=...)` applies it as a second answer key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import EvalError

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
#: The headline score covers these; category 5 (adversarial) is reported apart.
HEADLINE_CATEGORIES = (1, 2, 3, 4)

_ID_RE = re.compile(r"^D:?(\d+):(\d+)$")
_AUDIT_ID_RE = re.compile(r"^locomo_(\d+)_qa(\d+)$")


@dataclass
class Question:
    conversation: str  # sample_id, e.g. "conv-26"
    index: int  # position in the conversation's qa list (0-based)
    question: str
    category: int
    evidence: list[str]  # normalized turn ids, e.g. ["D1:3"]
    answer: str = ""
    corrected_evidence: list[str] | None = None  # from the audit, when it flags this one
    raw_evidence: list[str] = field(default_factory=list)

    @property
    def qid(self) -> str:
        return f"{self.conversation}/qa{self.index}"


def normalize_evidence(raw: Iterable[Any], turn_ids: set[str] | None = None) -> list[str]:
    """Evidence strings -> unique turn ids `Dx:y` in order; unknown ids dropped."""
    out: list[str] = []
    for item in raw:
        for token in re.split(r"[;\s]+", str(item)):
            m = _ID_RE.match(token.strip())
            if not m:
                continue
            tid = f"D{int(m.group(1))}:{int(m.group(2))}"
            if (turn_ids is None or tid in turn_ids) and tid not in out:
                out.append(tid)
    return out


def session_of(turn_id: str) -> str:
    """'D3:7' -> 'D3'."""
    return turn_id.split(":", 1)[0]


def load_raw(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError:
        raise EvalError(
            "LoCoMo file not found (set BRAIN_BENCH_DIR or pass --path)", path=str(path)
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EvalError(f"not a LoCoMo JSON file ({exc})", path=str(path)) from exc
    if not isinstance(data, list) or not all(
        isinstance(c, dict) and "qa" in c and "conversation" in c for c in data
    ):
        raise EvalError(
            "not a LoCoMo file (a list of {sample_id, conversation, qa})", path=str(path)
        )
    return data


def turn_ids(sample: dict[str, Any]) -> set[str]:
    """Every dia_id of a conversation's turns, normalized."""
    ids: set[str] = set()
    for key, value in sample["conversation"].items():
        if re.fullmatch(r"session_\d+", key) and isinstance(value, list):
            for turn in value:
                if isinstance(turn, dict) and turn.get("dia_id"):
                    ids.update(normalize_evidence([turn["dia_id"]]))
    return ids


def load_questions(
    path: Path, *, audit_dir: Path | None = None, data: list[dict[str, Any]] | None = None
) -> list[Question]:
    """Every question with at least one evidence turn left after normalization."""
    data = data if data is not None else load_raw(path)
    corrections = load_audit(audit_dir) if audit_dir else {}
    out: list[Question] = []
    for k, sample in enumerate(data):
        conv = str(sample.get("sample_id") or f"conv-{k}")
        ids = turn_ids(sample)
        for i, qa in enumerate(sample.get("qa") or []):
            evidence = normalize_evidence(qa.get("evidence") or [], ids)
            if not evidence:
                continue
            fix = corrections.get((k, i))
            corrected = None
            if fix is not None and fix.get("question") == qa.get("question"):
                corrected = normalize_evidence(fix.get("correct_evidence") or [], ids)
            answer = qa.get("answer", qa.get("adversarial_answer", ""))
            out.append(
                Question(
                    conversation=conv,
                    index=i,
                    question=str(qa.get("question") or ""),
                    category=int(qa.get("category") or 0),
                    evidence=evidence,
                    answer=str(answer),
                    corrected_evidence=corrected,
                    raw_evidence=[str(e) for e in qa.get("evidence") or []],
                )
            )
    return out


def load_audit(folder: Path) -> dict[tuple[int, int], dict[str, Any]]:
    """(conversation index, qa index) -> the audit's record for that question."""
    files = sorted(Path(folder).glob("errors_conv_*.json"))
    if not files:
        raise EvalError("no errors_conv_K.json files in the audit folder", path=str(folder))
    out: dict[tuple[int, int], dict[str, Any]] = {}
    for f in files:
        try:
            records = json.loads(f.read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise EvalError(f"unreadable audit file ({exc})", path=str(f)) from exc
        for rec in records if isinstance(records, list) else []:
            m = _AUDIT_ID_RE.match(str(rec.get("question_id", "")))
            if m:
                out[(int(m.group(1)), int(m.group(2)))] = rec
    return out
