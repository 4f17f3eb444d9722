"""INDEX.md: the compact index of the wiki that agents get in their first message."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from .links import link_target_for_path
from .page import Page

DEFAULT_BUDGET_TOKENS = 2000
_TYPE_ORDER = ("profile", "person", "project", "organization", "place", "preference", "event")


def estimate_tokens(text: str) -> int:
    """Rough token count (4 characters a token), enough to keep a prefill in budget."""
    return (len(text) + 3) // 4


def _updated(page: Page) -> dt.date:
    value = page.meta.get("updated") or page.meta.get("created")
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else dt.date.min


def index_line(page: Page) -> str:
    summary = " ".join(page.summary.split()) or "(no summary)"
    updated = _updated(page)
    when = f" · updated {updated.isoformat()}" if updated != dt.date.min else ""
    return f"- [[{link_target_for_path(page.path)}|{page.title}]] — {summary}{when}"


def render_index(pages: Iterable[Page], budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> str:
    """Group pages by type under a token budget.

    When the budget cannot hold every page, the least recently updated pages are left
    out first and the index says how many and of which types, so nothing is dropped
    silently and the newest pages are always listed.
    """
    pages = sorted(pages, key=lambda p: (p.type, p.title.casefold()))
    header = "# Index\n\nThe wiki in `knowledge/`, one line per page: link, summary, last update.\n"
    if not pages:
        return header + "\n_No pages yet. Dream writes them from sessions and sources._\n"
    by_recency = sorted(pages, key=lambda p: (_updated(p), p.path), reverse=True)
    kept = list(by_recency)
    while True:
        text = _render_groups(header, kept, omitted=[p for p in pages if p not in kept])
        if estimate_tokens(text) <= budget_tokens or len(kept) <= 1:
            return text
        # Drop the oldest tenth (at least one) and try again.
        kept = kept[: max(1, len(kept) - max(1, len(kept) // 10))]


def _render_groups(header: str, kept: list[Page], omitted: list[Page]) -> str:
    groups: dict[str, list[Page]] = {}
    for page in sorted(kept, key=lambda p: p.title.casefold()):
        groups.setdefault(page.type or "other", []).append(page)
    order = sorted(groups, key=lambda t: (_TYPE_ORDER.index(t) if t in _TYPE_ORDER else 99, t))
    parts = [header]
    for type_ in order:
        parts.append(f"\n## {type_}\n\n" + "\n".join(index_line(p) for p in groups[type_]) + "\n")
    if omitted:
        counts: dict[str, int] = {}
        for p in omitted:
            counts[p.type or "other"] = counts.get(p.type or "other", 0) + 1
        newest = max(_updated(p) for p in omitted)
        listing = ", ".join(f"{n} {t}" for t, n in sorted(counts.items()))
        parts.append(
            f"\n_Left out to fit the index budget: {len(omitted)} older pages ({listing}; "
            f"last updated {newest.isoformat()} or earlier). Find them with grep or the "
            f"Memory Agent._\n"
        )
    return "".join(parts)
