"""From a fused ranking to hits: deduplicated, windows attached, optionally re-ordered."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from .models import Hit
from .store import BlockRow, Store


def assemble_hits(
    store: Store,
    ranked: Sequence[tuple[int, float]],
    k: int,
    window: tuple[int, int],
    document_order: bool,
) -> list[Hit]:
    """The first k usable blocks of `ranked` ((block id, score), best first) as hits.

    A block inside the window of a better hit is skipped (it is shown with that hit);
    a document passage whose text a better hit already has is skipped too.
    """
    before, after = window
    hits: list[Hit] = []
    covered: dict[str, list[tuple[int, int]]] = {}
    seen_text: set[str] = set()
    pos = 0
    while len(hits) < k and pos < len(ranked):
        chunk = ranked[pos : pos + 2 * k]
        pos += len(chunk)
        rows = store.blocks_by_id(bid for bid, _ in chunk)
        for bid, score in chunk:
            row = rows.get(bid)
            if row is None or any(lo <= row.ord <= hi for lo, hi in covered.get(row.path, [])):
                continue
            if row.kind != "session":
                # Documents repeat themselves (a superseded source and its successor):
                # show a passage once. Turns are kept: each is its own evidence.
                norm = " ".join(row.text.lower().split())
                if norm in seen_text:
                    continue
                seen_text.add(norm)
            hits.append(_hit(store, row, score, before, after))
            covered.setdefault(row.path, []).append((row.ord - before, row.ord + after))
            if len(hits) == k:
                break
    if document_order:
        hits.sort(key=lambda h: (h.date or dt.date.max, h.path, h.ordinal))
    return hits


def _hit(store: Store, row: BlockRow, score: float, before: int, after: int) -> Hit:
    neighbours: list[tuple[str, str]] = []
    n_before = 0
    if before or after:
        for n in store.blocks_in_range(row.path, row.ord - before, row.ord + after):
            if n.ord != row.ord:
                neighbours.append((n.anchor, n.text))
                n_before += n.ord < row.ord
    return Hit(
        path=row.path,
        anchor=row.anchor,
        kind=row.kind,
        text=row.text,
        score=score,
        date=dt.date.fromordinal(row.day) if row.day else None,
        title=row.title or "",
        meta=row.meta,
        neighbours=neighbours,
        neighbours_before=n_before,
        speaker=row.speaker,
        role=row.role,
        ordinal=row.ord,
    )
