"""LongMemEval (xiaowu0162/LongMemEval): questions, and its official retrieval metrics.

Each question brings its own haystack of sessions; the haystack is captured into a memory
of its own (the sessions are parsed by capture, `ingest.formats.longmemeval`). The
metrics follow the official `src/retrieval` code:
- the corpus is the user turns only; turn `i` (1-based, counting every turn) of session
  `S` has id `S_i`; in an answer session a user turn without `has_answer` is renamed
  `noans`, so the gold turns are the ids that still contain "answer";
- recall_any@k, recall_all@k and ndcg_any@k at turn level, and at session level after
  mapping turns to sessions with k grown until k distinct sessions are covered;
- abstention questions (`_abs` in the id) are skipped.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_schema import MemoryRepo, init_memory
from search import Embedder, IndexSettings, SearchIndex

from .errors import EvalError
from .retrieval import (
    Progress,
    Variant,
    default_workdir,
    index_for,
    mean_metrics,
    percentile,
    resolve_variants,
)

KS = (1, 3, 5, 10, 30, 50)


@dataclass
class LmeQuestion:
    question_id: str
    question_type: str
    question: str
    answer: str
    raw: dict[str, Any]  # the whole record, haystack included

    @property
    def abstention(self) -> bool:
        return "_abs" in self.question_id


def load(path: Path) -> list[LmeQuestion]:
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except FileNotFoundError:
        raise EvalError("LongMemEval file not found", path=str(path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EvalError(f"not a LongMemEval JSON file ({exc})", path=str(path)) from exc
    items = data if isinstance(data, list) else [data]
    out = []
    for item in items:
        if not isinstance(item, dict) or "haystack_sessions" not in item:
            msg = "not a LongMemEval file (questions with haystack_sessions)"
            raise EvalError(msg, path=str(path))
        out.append(
            LmeQuestion(
                question_id=str(item.get("question_id")),
                question_type=str(item.get("question_type") or "unknown"),
                question=str(item.get("question") or ""),
                answer=str(item.get("answer") or ""),
                raw=item,
            )
        )
    return out


def corpus_ids(session_id: str, roles_and_flags: Sequence[tuple[str, bool]]) -> dict[int, str]:
    """Turn position (0-based) -> corpus id, for the user turns of one haystack session."""
    out = {}
    for i, (role, has_answer) in enumerate(roles_and_flags):
        if role != "user":
            continue
        cid = f"{session_id}_{i + 1}"
        if "answer" in session_id and not has_answer:
            cid = cid.replace("answer", "noans")
        out[i] = cid
    return out


def _dcg(relevances: Sequence[float], k: int) -> float:
    rel = list(relevances)[:k]
    if not rel:
        return 0.0
    return rel[0] + sum(r / math.log2(i) for i, r in enumerate(rel[1:], start=2))


def evaluate(ranked: Sequence[str], correct: set[str], corpus: Sequence[str], k: int) -> tuple:
    """(recall_any, recall_all, ndcg_any) at k, as the official evaluate_retrieval."""
    top = set(ranked[:k])
    recall_any = float(any(d in top for d in correct))
    recall_all = float(all(d in top for d in correct))
    ideal = _dcg(sorted((1.0 if c in correct else 0.0 for c in corpus), reverse=True), k)
    actual = _dcg([1.0 if d in correct else 0.0 for d in ranked[:k]], k)
    return recall_any, recall_all, (actual / ideal if ideal else 0.0)


def _strip_turn(cid: str) -> str:
    return "_".join(cid.split("_")[:-1])


def evaluate_sessions(
    ranked: Sequence[str], correct: set[str], corpus: Sequence[str], k: int
) -> tuple:
    """Session-level metrics from a turn ranking (official evaluate_retrieval_turn2session)."""
    sessions = [_strip_turn(c) for c in ranked]
    gold = {_strip_turn(c) for c in correct}
    all_sessions = [_strip_turn(c) for c in corpus]
    eff = k
    while eff <= len(sessions) and len(set(sessions[:eff])) < k:
        eff += 1
    return evaluate(sessions, gold, all_sessions, eff)


def question_metrics(ranked: Sequence[str], corpus: Sequence[str]) -> dict[str, dict[str, float]]:
    """Turn and session metrics of one full ranking of the corpus ids."""
    correct = {c for c in corpus if "answer" in c}
    out: dict[str, dict[str, float]] = {"turn": {}, "session": {}}
    for k in KS:
        for level, fn in (("turn", evaluate), ("session", evaluate_sessions)):
            ra, rl, nd = fn(ranked, correct, corpus, k)
            out[level].update({f"recall_any@{k}": ra, f"recall_all@{k}": rl, f"ndcg_any@{k}": nd})
    return out


def haystack_sessions(q: LmeQuestion, source: Path) -> list[Any]:
    """The question's haystack as memory Sessions, parsed by capture's LongMemEval reader."""
    from ingest.errors import IngestError
    from ingest.formats import longmemeval as lme_format

    try:
        return lme_format.parse_text(json.dumps([q.raw]), source)
    except IngestError as exc:
        raise EvalError(f"question {q.question_id}: {exc}", path=str(source)) from exc


def session_corpus(sessions: Sequence[Any]) -> dict[str, dict[int, str]]:
    """Memory session path -> {turn position: corpus id} for the user turns."""
    out = {}
    for s in sessions:
        sid = str(s.extra.get("longmemeval_id") or s.id)
        flags = [(t.role, bool(t.meta.get("has_answer"))) for t in s.turns]
        out[s.path] = corpus_ids(sid, flags)
    return out


# -- LongMemEval -----------------------------------------------------------------------------


def run_longmemeval(
    path: Path,
    *,
    variants: Sequence[Variant] | None = None,
    workdir: Path | None = None,
    embedder: Embedder | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Official LongMemEval retrieval metrics; each question's haystack is its own memory."""
    from ingest.capture import capture_sessions

    variants = list(variants or resolve_variants(("bm25", "dense", "hybrid")))
    workdir = Path(workdir or default_workdir())
    questions = load(Path(path))
    asked = [q for q in questions if not q.abstention]
    if any(v.method != "bm25" for v in variants) and embedder is None:
        from search import get_embedder

        embedder = get_embedder()
    per: dict[str, list[dict[str, dict[str, float]]]] = {v.name: [] for v in variants}
    types: dict[str, list[str]] = {}
    latency: dict[str, list[float]] = {v.name: [] for v in variants}
    for n, q in enumerate(asked, 1):
        sessions = haystack_sessions(q, Path(path))
        root = workdir / "longmemeval" / q.question_id
        repo = MemoryRepo.open(root) if (root / ".git").exists() else init_memory(root)[0]
        capture_sessions(repo, sessions, command="eval")
        by_path = session_corpus(sessions)
        corpus = [cid for s in sessions for cid in by_path[s.path].values()]
        types.setdefault(q.question_type, []).append(q.question_id)
        indexes: dict[IndexSettings, SearchIndex] = {}
        for v in variants:
            if v.settings not in indexes:
                indexes[v.settings] = index_for(root, v, embedder)
                indexes[v.settings].update(embed=v.method != "bm25")
            idx = indexes[v.settings]
            idx.search("warm up", k=1, method=v.method)
            t0 = time.perf_counter()
            hits = idx.search(
                q.question,
                k=10_000,
                kinds=["session"],
                method=v.method,
                fusion=v.fusion,
                boosts=v.boosts,
            )
            latency[v.name].append((time.perf_counter() - t0) * 1000)
            ranked = [by_path.get(h.path, {}).get(h.ordinal) for h in hits]
            ranking = [c for c in ranked if c]
            # The official ranking orders the whole corpus; unranked turns go last.
            seen = set(ranking)
            ranking += [c for c in corpus if c not in seen]
            per[v.name].append({"qtype": q.question_type, **question_metrics(ranking, corpus)})  # type: ignore[dict-item]
        for idx in indexes.values():
            idx.close()
        if progress:
            progress("search", n, len(asked))
    methods: dict[str, Any] = {}
    for v in variants:
        rows = per[v.name]
        methods[v.name] = {
            level: mean_metrics(r[level] for r in rows) for level in ("turn", "session")
        }
        methods[v.name]["by_type"] = {
            t: {
                level: mean_metrics(r[level] for r in rows if r["qtype"] == t)
                for level in ("turn", "session")
            }
            for t in sorted(types)
        }
        methods[v.name]["latency_ms"] = {
            "p50": round(percentile(latency[v.name], 50), 2),
            "p95": round(percentile(latency[v.name], 95), 2),
        }
        methods[v.name]["description"] = v.describe()
    return {
        "dataset": "longmemeval",
        "path": str(path),
        "n_questions": len(asked),
        "n_abstention_skipped": len(questions) - len(asked),
        "methods": methods,
    }


def format_longmemeval(report: dict[str, Any]) -> str:
    cols = [f"{m}@{k}" for k in (1, 5, 10, 50) for m in ("recall_any",)]
    cols += ["recall_all@10", "ndcg_any@10"]
    lines = [
        f"LongMemEval retrieval (official metrics, user turns): {report['n_questions']} "
        f"questions, {report['n_abstention_skipped']} abstention questions skipped"
    ]
    for level in ("turn", "session"):
        head = f"{level + ' level':<18}" + "".join(
            f"{c.replace('recall_', 'R_').replace('ndcg_any', 'nDCG'):>12}" for c in cols
        )
        lines += ["", head, "-" * len(head)]
        for name, m in report["methods"].items():
            lines.append(f"{name:<18}" + "".join(f"{m[level].get(c, 0.0):>12.3f}" for c in cols))
    lines.append("")
    for name, m in report["methods"].items():
        lat = m["latency_ms"]
        lines.append(
            f"  {name}: {m['description']} (p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms)"
        )
    return "\n".join(lines)
