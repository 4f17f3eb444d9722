"""`brain eval validators`: the support check against hand-labelled claim/evidence pairs.

A pairs file is JSON Lines, one object per line:

    {"claim": "...", "evidence": "...", "context": {...} or "...", "supported": true|false,
     "kind": "paraphrase|person|place|number|date|polarity|modality|role|relation|..."}

`context` says what is known around the block: who said it (speaker), to whom
(listeners), on which day (date) and in which session (title). As an object it uses
those keys (synonyms such as who/said_on/session are read too); as text, a date in it is
the day said, the first name the speaker, later names the listeners, and a part in
parentheses the title. `kind` is optional and only groups the report.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from language.dates import MONTHS, WEEKDAYS, dates, days_named
from validators.support import Evidence, Judge, check_support
from validators.words import STOPWORDS, tokens

from .errors import EvalError

#: What a context key is about, by the words in its name ('session_date' is a date).
_KEYS = (
    ("date", ("date", "time", "when", "day", "said_on", "at")),
    ("listeners", ("listener", "to", "with", "other", "particip", "audience", "addressee")),
    ("speaker", ("speaker", "who", "author", "said_by", "from", "name", "user")),
    ("title", ("title", "session", "source", "topic", "conversation", "doc")),
    ("role", ("role",)),
)
#: Who speaks in a chat with an AI, when the context names a role and no person.
_ROLE_RE = re.compile(r"\b(user|assistant)\b", re.IGNORECASE)


def _role_of(key: str) -> str | None:
    low = key.lower()
    parts = set(re.split(r"[^a-z]+", low))
    for role, words in _KEYS:
        if any(w in parts or (len(w) > 3 and w in low) for w in words):
            return role
    return None


_PREFIX_RE = re.compile(r"^\s*([A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,2})\s*:\s+")


@dataclass
class Pair:
    line: int
    claim: str
    evidence: str
    context: Any
    supported: bool
    kind: str = ""
    block: Evidence = field(init=False)

    def __post_init__(self) -> None:
        self.block = evidence_of(self.evidence, self.context)


def _day(value: Any) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    text = str(value or "")
    m = re.search(r"\d{4}-\d{2}-\d{2}", text)
    if m:
        try:
            return dt.date.fromisoformat(m.group(0))
        except ValueError:
            return None
    return next((s.date for s in dates(text, None) if s.precision == "day" and s.date), None)


def _names(text: str) -> list[str]:
    """Capitalised runs that are not months, weekdays or function words: 'Caroline'."""
    out, run = [], []
    for t in [*tokens(text), "."]:
        low = t.lower()
        if t[0].isupper() and low not in MONTHS and low not in WEEKDAYS and low not in STOPWORDS:
            run.append(t)
            continue
        if run:
            out.append(" ".join(run))
            run = []
    return out


def evidence_of(evidence: str, context: Any) -> Evidence:
    """The block of a pair with its context read into speaker, listeners, date and title."""
    speaker, title, day, chat_role = "", "", None, ""
    listeners: list[str] = []
    extra: list[str] = []
    if isinstance(context, dict):
        used = set()
        for k, v in context.items():
            key_role = _role_of(str(k))
            if key_role is None or v in (None, "", []):
                continue
            used.add(k)
            if key_role == "speaker":
                speaker = speaker or str(v)
            elif key_role == "date":
                day = day or _day(v)
            elif key_role == "title":
                title = title or str(v)
            elif key_role == "role":
                chat_role = str(v).strip().lower()
            else:
                listeners += [str(x) for x in (v if isinstance(v, list) else [v])]
        extra = [str(v) for k, v in context.items() if k not in used and isinstance(v, str)]
        if day is None:  # a date under a key of another name
            day = next((d for v in extra if (d := _day(v))), None)
    elif context:
        text = str(context)
        m = re.search(r"\(([^)]*)\)", text)
        if m:
            title = m.group(1)
            text = text.replace(m.group(0), " ")
        m = re.search(r"speaker\s*[:=]\s*([^,;.\n]+)", text, re.IGNORECASE)
        names = _names(text)
        speaker = m.group(1).strip() if m else (names[0] if names else "")
        if not speaker and (r := _ROLE_RE.search(text)):
            speaker = r.group(1).lower()  # "user, 2026-02-10": the unnamed user speaks
        listeners = [n for n in names if n != speaker]
        day = _day(text)
    m = _PREFIX_RE.match(evidence)
    if m and not speaker:
        speaker = m.group(1)  # "Caroline: I went ..." names its speaker
    listeners = [n for n in listeners if n and n != speaker]
    days = days_named(evidence, day)
    if day:
        days.add(day)
    context_names = " ".join([speaker, *listeners, title, *extra])
    return Evidence(
        evidence,
        context_names,
        days,
        speaker=speaker,
        listeners=tuple(listeners),
        title=title,
        said_on=day,
        role=chat_role or (speaker.lower() if speaker.lower() in ("user", "assistant") else ""),
    )


def load_pairs(path: Path | str) -> list[Pair]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EvalError(f"cannot read pairs: {exc}", path=str(path)) from exc
    pairs = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalError(f"line {n}: not JSON ({exc.msg})", path=str(path)) from exc
        if not isinstance(obj, dict):
            raise EvalError(f"line {n}: expected an object", path=str(path))
        missing = [k for k in ("claim", "evidence", "supported") if k not in obj]
        if missing:
            raise EvalError(f"line {n}: missing {', '.join(missing)}", path=str(path))
        if not isinstance(obj["supported"], bool):
            raise EvalError(f"line {n}: 'supported' must be true or false", path=str(path))
        pairs.append(
            Pair(
                n,
                str(obj["claim"]),
                str(obj["evidence"]),
                obj.get("context"),
                obj["supported"],
                str(obj.get("kind") or ""),
            )
        )
    if not pairs:
        raise EvalError("no pairs in the file", path=str(path))
    return pairs


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def evaluate(pairs: list[Pair], judge: Judge | None = None, similarity: Any = None) -> dict:
    """Run every pair through check_support; counts per label and kind, and the errors."""
    rows = []
    for p in pairs:
        result = check_support(p.claim, [p.block], judge=judge, similarity=similarity)
        rows.append((p, result))
    by_label: dict[str, dict[str, int]] = {}
    by_kind: dict[str, dict[str, int]] = {}
    for p, r in rows:
        verdict = "accepted" if r.ok else "rejected"
        for table, key in (
            (by_label, "supported" if p.supported else "unsupported"),
            (by_kind, p.kind or "-"),
        ):
            table.setdefault(key, {"accepted": 0, "rejected": 0})[verdict] += 1
    tp = sum(1 for p, r in rows if not p.supported and not r.ok)
    fp = sum(1 for p, r in rows if p.supported and not r.ok)
    fn = sum(1 for p, r in rows if not p.supported and r.ok)
    n_sup = sum(1 for p, _ in rows if p.supported)
    errors = [
        {
            "line": p.line,
            "kind": p.kind,
            "expected": "accepted" if p.supported else "rejected",
            "claim": p.claim,
            "evidence": p.evidence,
            "reason": r.reason or "all of it is supported",
        }
        for p, r in rows
        if r.ok != p.supported
    ]
    return {
        "pairs": len(rows),
        "judge": judge is not None,
        "by_label": by_label,
        "by_kind": dict(sorted(by_kind.items())),
        "rejection_precision": _ratio(tp, tp + fp),
        "rejection_recall": _ratio(tp, tp + fn),
        "paraphrases_accepted": _ratio(n_sup - fp, n_sup),
        "errors": errors,
    }


def render(report: dict) -> str:
    lines = [f"{report['pairs']} pairs, judge {'on' if report['judge'] else 'off'}", ""]
    lines.append(f"{'label':<14}{'accepted':>10}{'rejected':>10}")
    for label in ("supported", "unsupported"):
        c = report["by_label"].get(label, {"accepted": 0, "rejected": 0})
        lines.append(f"{label:<14}{c['accepted']:>10}{c['rejected']:>10}")
    if len(report["by_kind"]) > 1:
        lines += ["", f"{'kind':<14}{'accepted':>10}{'rejected':>10}"]
        for kind, c in report["by_kind"].items():
            lines.append(f"{kind:<14}{c['accepted']:>10}{c['rejected']:>10}")
    pct = lambda x: "n/a" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    lines += [
        "",
        f"rejection precision {pct(report['rejection_precision'])}, "
        f"recall {pct(report['rejection_recall'])}; "
        f"paraphrases accepted {pct(report['paraphrases_accepted'])}",
    ]
    if report["errors"]:
        lines += ["", f"errors ({len(report['errors'])}):"]
        for e in report["errors"]:
            where = f"line {e['line']} [{e['kind'] or '-'}]"
            lines.append(f"  {where} {e['expected'][:-2]} expected: {e['claim']}")
            lines.append(f"      evidence: {e['evidence']}")
            lines.append(f"      reason: {e['reason']}")
    return "\n".join(lines)
