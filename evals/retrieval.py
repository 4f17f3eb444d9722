"""The retrieval benchmark: how well search finds the evidence turns of a question.

LoCoMo: each conversation is captured into its own memory (the production capture path),
indexed, and every question is asked of it; the ranked turns (LoCoMo ids `Dx:y`) are
scored against the question's evidence. Several methods and variants run on the same
memories in one run, so their figures are comparable.
"""

from __future__ import annotations

import dataclasses
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory_schema import MemoryRepo, init_memory
from search import Boosts, Chunking, Embedder, Fusion, IndexSettings, SearchIndex, open_index

from . import locomo
from .errors import EvalError

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]

DEPTH = 50  # hits retrieved per question; MRR is computed over these
RECALL_KS = (1, 5, 10, 20)
SESSION_KS = (1, 5)


@dataclass(frozen=True)
class Variant:
    """One retrieval configuration: a method, index settings and query-time options."""

    name: str
    method: str
    settings: IndexSettings = field(default_factory=IndexSettings)
    fusion: Fusion | None = None
    boosts: Boosts | None = None
    note: str = ""

    def describe(self) -> str:
        parts = [self.method]
        if self.method == "hybrid":
            parts.append((self.fusion or self.settings.fusion).label())
        return " ".join(parts) + (f" · {self.note}" if self.note else "")


_D = IndexSettings()
_RAW = dataclasses.replace(
    _D, bm25=Chunking(False, False, False), dense=Chunking(False, False, False), dense_mix=0.0
)
_NO_CTX = Boosts(head=0.0, ctx=0.0)

#: Named variants; `DEFAULT_VARIANTS` run unless others are asked for. Each of the
#: others takes one default choice away, so every choice can be re-measured.
VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in [
        Variant("bm25", "bm25", note="defaults"),
        Variant("dense", "dense", note="defaults"),
        Variant("hybrid", "hybrid", note="defaults"),
        Variant("bm25-raw", "bm25", _RAW, boosts=_NO_CTX, note="turn text only"),
        Variant("dense-raw", "dense", _RAW, note="turn text only"),
        Variant("hybrid-raw", "hybrid", _RAW, boosts=_NO_CTX, note="turn text only"),
        Variant("hybrid-rrf", "hybrid", fusion=Fusion("rrf", k=60.0), note="plain RRF"),
        Variant(
            "bm25-noneighbours",
            "bm25",
            dataclasses.replace(_D, bm25=Chunking()),
            note="no neighbouring turns",
        ),
        Variant(
            "bm25-nohead",
            "bm25",
            dataclasses.replace(_D, bm25=Chunking(False, False, False, 2, 2)),
            note="no speaker or date",
        ),
        Variant(
            "bm25-stopwords",
            "bm25",
            dataclasses.replace(_D, stopwords=True),
            note="English stop words removed",
        ),
        Variant(
            "dense-nodate",
            "dense",
            dataclasses.replace(_D, dense=Chunking(date=False)),
            note="speaker but no date",
        ),
        Variant("dense-nomix", "dense", dataclasses.replace(_D, dense_mix=0.0), note="no mix"),
        Variant(
            "dense-prev1",
            "dense",
            dataclasses.replace(_D, dense=Chunking(prev=1), dense_mix=0.0),
            note="previous turn in the embedded text",
        ),
    ]
}
DEFAULT_VARIANTS = ("bm25", "dense", "hybrid", "bm25-raw", "hybrid-rrf")


def default_workdir() -> Path:
    """Where captured benchmark memories (and their indexes) are kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "brain" / "eval-retrieval"


# -- metrics -------------------------------------------------------------------------------


def ndcg(ranked: Sequence[str], gold: set[str], k: int) -> float:
    dcg = sum(1.0 / math.log2(i + 2) for i, x in enumerate(ranked[:k]) if x in gold)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal if ideal else 0.0


def question_metrics(ranked: Sequence[str], gold: Sequence[str]) -> dict[str, float]:
    """Turn and session metrics of one ranked list of LoCoMo turn ids."""
    g = set(gold)
    out: dict[str, float] = {}
    for k in RECALL_KS:
        out[f"recall_any@{k}"] = float(any(x in g for x in ranked[:k]))
    out["recall_all@10"] = float(g <= set(ranked[:10]))
    out["ndcg@10"] = ndcg(ranked, g, 10)
    first = next((i for i, x in enumerate(ranked) if x in g), None)
    out["mrr"] = 1.0 / (first + 1) if first is not None else 0.0
    sessions: list[str] = []
    for x in ranked:
        s = locomo.session_of(x)
        if s not in sessions:
            sessions.append(s)
    gold_sessions = {locomo.session_of(x) for x in g}
    for k in SESSION_KS:
        out[f"session_recall_any@{k}"] = float(any(s in gold_sessions for s in sessions[:k]))
    return out


def mean_metrics(rows: Iterable[dict[str, float]]) -> dict[str, float]:
    rows = list(rows)
    if not rows:
        return {}
    return {key: round(statistics.fmean(r[key] for r in rows), 4) for key in rows[0]}


def percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[i]


# -- memories ------------------------------------------------------------------------------


def build_locomo_memories(
    path: Path,
    workdir: Path,
    conversations: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> dict[str, Path]:
    """Capture each LoCoMo conversation into its own memory (idempotent between runs)."""
    from ingest.capture import capture_sessions
    from ingest.errors import IngestError
    from ingest.formats import locomo as locomo_format

    try:
        sessions = locomo_format.parse(Path(path))
    except IngestError as exc:
        raise EvalError(f"cannot read LoCoMo conversations: {exc}", path=str(path)) from exc
    by_conv: dict[str, list[Any]] = {}
    for s in sessions:
        by_conv.setdefault(str(s.extra.get("conversation")), []).append(s)
    roots: dict[str, Path] = {}
    for conv, group in by_conv.items():
        if conversations is not None and conv not in conversations:
            continue
        root = workdir / "locomo" / conv
        repo = MemoryRepo.open(root) if (root / ".git").exists() else init_memory(root)[0]
        report = capture_sessions(repo, group, command="eval")
        if not report.ok:
            bad = report.rejected[0]
            raise EvalError(f"capture rejected {bad.id}: {bad.message}", path=str(root))
        roots[conv] = root
        if progress:
            progress("capture", len(roots), len(conversations or by_conv))
    return roots


def index_for(root: Path, variant: Variant, embedder: Embedder | None) -> SearchIndex:
    """The variant's index: the default settings use the memory's own index folder."""
    settings = variant.settings
    if settings.fingerprint() == IndexSettings().fingerprint():
        return open_index(root, embedder=embedder, settings=settings)
    import hashlib

    tag = hashlib.sha256(settings.fingerprint().encode()).hexdigest()[:8]
    cache = root / ".brain" / "cache" / f"search-{tag}"
    return open_index(root, embedder=embedder, settings=settings, cache_dir=cache)


# -- the LoCoMo run ------------------------------------------------------------------------


def resolve_variants(names: Sequence[str] | None) -> list[Variant]:
    chosen = list(names or DEFAULT_VARIANTS)
    unknown = [n for n in chosen if n not in VARIANTS]
    if unknown:
        raise EvalError(f"unknown variant {unknown[0]!r} (one of {', '.join(VARIANTS)})")
    return [VARIANTS[n] for n in chosen]


def run_locomo(
    path: Path,
    *,
    variants: Sequence[Variant] | None = None,
    workdir: Path | None = None,
    conversations: Sequence[str] | None = None,
    max_questions: int | None = None,
    audit_dir: Path | None = None,
    embedder: Embedder | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run the benchmark; returns the report (see `format_locomo` for the table)."""
    variants = list(variants or resolve_variants(None))
    workdir = Path(workdir or default_workdir())
    data = locomo.load_raw(Path(path))
    questions = locomo.load_questions(Path(path), audit_dir=audit_dir, data=data)
    if conversations is not None:
        questions = [q for q in questions if q.conversation in conversations]
    if max_questions is not None:
        questions = questions[:max_questions]
    if not questions:
        raise EvalError("no questions to ask (check --conversations)", path=str(path))
    convs = sorted({q.conversation for q in questions}, key=lambda c: _conv_order(data, c))
    roots = build_locomo_memories(Path(path), workdir, convs, progress)
    needs_dense = any(v.method != "bm25" for v in variants)
    if needs_dense and embedder is None:
        from search import get_embedder

        embedder = get_embedder()
    build = {"seconds": 0.0, "embed_seconds": 0.0, "embedded": 0, "blocks": 0, "indexes": 0}
    ranked: dict[str, dict[str, list[str]]] = {v.name: {} for v in variants}
    latency: dict[str, list[float]] = {v.name: [] for v in variants}
    by_conv = {c: [q for q in questions if q.conversation == c] for c in convs}
    done, total = 0, len(questions) * len(variants)
    for conv in convs:
        indexes: dict[IndexSettings, SearchIndex] = {}
        rebuilt: set[str] = set()
        for v in variants:
            if v.settings not in indexes:
                idx = index_for(roots[conv], v, embedder)
                if v.settings.fingerprint() not in rebuilt:
                    # Built from scratch every run, so the build time is measured.
                    stats = idx.rebuild(embed=needs_dense)
                    build["seconds"] += stats.seconds - stats.embed_seconds
                    build["embed_seconds"] += stats.embed_seconds
                    build["embedded"] += stats.embedded
                    build["blocks"] += stats.blocks_total
                    build["indexes"] += 1
                    rebuilt.add(v.settings.fingerprint())
                indexes[v.settings] = idx
            idx = indexes[v.settings]
            # Warm up: dense matrix loaded, model ready, before anything is timed.
            idx.search("warm up", k=1, kinds=["session"], method=v.method)
            for q in by_conv[conv]:
                t0 = time.perf_counter()
                hits = idx.search(
                    q.question,
                    k=DEPTH,
                    kinds=["session"],
                    method=v.method,
                    fusion=v.fusion,
                    boosts=v.boosts,
                )
                latency[v.name].append((time.perf_counter() - t0) * 1000)
                ids = [str(h.meta.get("dia_id")) for h in hits if h.meta.get("dia_id")]
                ranked[v.name][q.qid] = locomo.normalize_evidence(ids)
                done += 1
                if progress:
                    progress("search", done, total)
        for idx in indexes.values():
            idx.close()
    report = _locomo_report(path, questions, variants, ranked, latency, build)
    if audit_dir is None:
        report["corrected"] = None
    return report


def _conv_order(data: list[dict[str, Any]], conv: str) -> int:
    return next((i for i, s in enumerate(data) if s.get("sample_id") == conv), len(data))


def _scores(
    questions: Sequence[locomo.Question], ranked: dict[str, list[str]], corrected: bool
) -> dict[str, Any]:
    per_cat: dict[int, list[dict[str, float]]] = {}
    for q in questions:
        gold = (
            q.corrected_evidence if corrected and q.corrected_evidence is not None else q.evidence
        )
        if not gold:
            continue  # the audit found no evidence at all for this one
        per_cat.setdefault(q.category, []).append(question_metrics(ranked[q.qid], gold))
    headline = [m for c in locomo.HEADLINE_CATEGORIES for m in per_cat.get(c, [])]
    out: dict[str, Any] = mean_metrics(headline)
    out["n"] = len(headline)
    out["by_category"] = {
        f"{c} {locomo.CATEGORIES[c]}": {**mean_metrics(per_cat[c]), "n": len(per_cat[c])}
        for c in sorted(per_cat)
        if c in locomo.CATEGORIES
    }
    return out


def _locomo_report(
    path: Path,
    questions: Sequence[locomo.Question],
    variants: Sequence[Variant],
    ranked: dict[str, dict[str, list[str]]],
    latency: dict[str, list[float]],
    build: dict[str, Any],
) -> dict[str, Any]:
    headline = [q for q in questions if q.category in locomo.HEADLINE_CATEGORIES]
    cat5 = [q for q in questions if q.category == 5]
    methods: dict[str, Any] = {}
    corrected: dict[str, Any] = {}
    for v in variants:
        scores = _scores(questions, ranked[v.name], corrected=False)
        cat5_scores = scores["by_category"].get("5 adversarial")
        methods[v.name] = {
            **{k: val for k, val in scores.items() if k not in ("by_category", "n")},
            "category5": {k: val for k, val in (cat5_scores or {}).items()},
            "by_category": scores["by_category"],
            "latency_ms": {
                "p50": round(percentile(latency[v.name], 50), 2),
                "p95": round(percentile(latency[v.name], 95), 2),
            },
            "method": v.method,
            "description": v.describe(),
        }
        fixed = _scores(questions, ranked[v.name], corrected=True)
        corrected[v.name] = {
            **{k: val for k, val in fixed.items() if k != "by_category"},
            "by_category": fixed["by_category"],
        }
    flagged = [q for q in headline if q.corrected_evidence is not None]
    return {
        "dataset": "locomo",
        "path": str(path),
        "n_questions": len(headline),
        "n_category5": len(cat5),
        "n_conversations": len({q.conversation for q in questions}),
        "depth": DEPTH,
        "methods": methods,
        "corrected": {
            "note": "audit corrections (locomo-audit correct_evidence) applied",
            "n_questions": corrected[variants[0].name]["n"] if variants else 0,
            "n_flagged": len(flagged),
            "n_changed": sum(1 for q in flagged if q.corrected_evidence != q.evidence),
            "methods": corrected,
        },
        "index": {k: round(v, 2) if isinstance(v, float) else v for k, v in build.items()},
        "settings": {v.name: dataclasses.asdict(v.settings) for v in variants},
    }


# -- the table -----------------------------------------------------------------------------

_COLUMNS = (
    ("R@1", "recall_any@1"),
    ("R@5", "recall_any@5"),
    ("R@10", "recall_any@10"),
    ("R@20", "recall_any@20"),
    ("all@10", "recall_all@10"),
    ("nDCG@10", "ndcg@10"),
    ("MRR", "mrr"),
    ("S@1", "session_recall_any@1"),
    ("S@5", "session_recall_any@5"),
)


def _table(title: str, rows: dict[str, dict[str, Any]], latency: bool) -> list[str]:
    head = f"{'method':<18}" + "".join(f"{c:>8}" for c, _ in _COLUMNS)
    if latency:
        head += f"{'p50 ms':>9}{'p95 ms':>9}"
    lines = [title, head, "-" * len(head)]
    for name, m in rows.items():
        line = f"{name:<18}" + "".join(f"{m.get(key, 0.0):>8.3f}" for _, key in _COLUMNS)
        if latency and "latency_ms" in m:
            line += f"{m['latency_ms']['p50']:>9.1f}{m['latency_ms']['p95']:>9.1f}"
        lines.append(line)
    return lines


def format_locomo(report: dict[str, Any]) -> str:
    """The report as text tables: headline, per category, category 5, audit-corrected."""
    methods = report["methods"]
    lines = _table(
        f"LoCoMo retrieval, original answer key: categories 1-4, "
        f"{report['n_questions']} questions, {report['n_conversations']} conversations",
        methods,
        latency=True,
    )
    first = next(iter(methods.values()), {})
    for cat in first.get("by_category", {}):
        if cat.startswith("5"):
            continue
        rows = {name: m["by_category"].get(cat, {}) for name, m in methods.items()}
        n = next(iter(rows.values()), {}).get("n", 0)
        lines += ["", *_table(f"category {cat} ({n} questions)", rows, latency=False)]
    if report["n_category5"]:
        rows = {name: m["category5"] for name, m in methods.items()}
        lines += [
            "",
            *_table(
                f"category 5 adversarial ({report['n_category5']} questions, not in the headline)",
                rows,
                latency=False,
            ),
        ]
    corr = report["corrected"]
    if corr:
        lines += [
            "",
            *_table(
                f"LoCoMo retrieval, audit-corrected answer key: categories 1-4, "
                f"{corr['n_questions']} questions ({corr['n_changed']} with changed evidence)",
                corr["methods"],
                latency=False,
            ),
        ]
    else:
        lines += ["", "(no audit folder: audit-corrected scores not computed)"]
    ix = report["index"]
    lines += [
        "",
        f"index build: {ix['seconds']:.1f} s for {ix['blocks']} blocks in {ix['indexes']} "
        f"indexes (BM25 + tables); embeddings: {ix['embed_seconds']:.1f} s for "
        f"{ix['embedded']} texts not already cached",
    ]
    for name, m in methods.items():
        lines.append(f"  {name}: {m['description']}")
    return "\n".join(lines)
