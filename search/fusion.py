"""Fusing the BM25 and dense rankings into one.

Two families, both measured on LoCoMo (README, "Search"):
- reciprocal rank fusion: score = sum of w / (k + rank); needs no score calibration;
- convex combination of min-max normalised scores: alpha * dense + (1 - alpha) * bm25.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Ranked = Sequence[tuple[int, float]]  # (block id, score), best first


@dataclass(frozen=True)
class Fusion:
    method: str = "convex"  # "rrf" | "convex"
    k: float = 60.0  # RRF rank constant
    dense_weight: float = 1.0  # RRF weight of the dense list (BM25 has weight 1)
    alpha: float = 0.3  # convex: weight of the dense score
    candidates: int = 100  # how deep each retriever's list goes

    def label(self) -> str:
        if self.method == "rrf":
            return f"rrf(k={self.k:g}, w_dense={self.dense_weight:g})"
        return f"convex(alpha={self.alpha:g})"


def rrf(bm25: Ranked, dense: Ranked, *, k: float = 60.0, dense_weight: float = 1.0) -> Ranked:
    scores: dict[int, float] = {}
    for weight, ranked in ((1.0, bm25), (dense_weight, dense)):
        for rank, (bid, _) in enumerate(ranked, start=1):
            scores[bid] = scores.get(bid, 0.0) + weight / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def _minmax(ranked: Ranked) -> dict[int, float]:
    if not ranked:
        return {}
    values = [s for _, s in ranked]
    lo, hi = min(values), max(values)
    span = hi - lo
    return {bid: (s - lo) / span if span > 0 else 1.0 for bid, s in ranked}


def convex(bm25: Ranked, dense: Ranked, *, alpha: float = 0.5) -> Ranked:
    """alpha * dense + (1 - alpha) * bm25 on min-max normalised scores (missing = 0)."""
    b, d = _minmax(bm25), _minmax(dense)
    scores = {bid: (1 - alpha) * b.get(bid, 0.0) + alpha * d.get(bid, 0.0) for bid in b | d}
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def fuse(bm25: Ranked, dense: Ranked, fusion: Fusion) -> Ranked:
    if fusion.method == "rrf":
        return rrf(bm25, dense, k=fusion.k, dense_weight=fusion.dense_weight)
    if fusion.method == "convex":
        return convex(bm25, dense, alpha=fusion.alpha)
    raise ValueError(f"unknown fusion {fusion.method!r} (rrf or convex)")
