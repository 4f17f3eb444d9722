"""What Dream put in a built memory, measured against the gold evidence: how much of it
the wiki cites, how much pages and session summaries cite together, and how large the
wiki's prose is next to the transcripts it was written from.

These are properties of a memory, not of an answer: computed once per unit after Dream,
pooled over units in the report (total cited blocks over total gold blocks, total wiki
characters over total transcript characters), so a large unit weighs as much as its
evidence does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_schema.links import CITE_RE
from memory_schema.page import CITATIONS_HEADING, Page

from . import metrics as m

Block = tuple[str, str]  # (memory path with .md, anchor such as "t4" or "p2")


@dataclass
class Coverage:
    """One memory's figures (the raw counts, so units can be pooled)."""

    gold_blocks: int
    cited_by_pages: int
    cited_by_pages_or_summaries: int
    wiki_prose_chars: int
    transcript_chars: int
    pages: int
    #: Prose of the session summaries, measured the same way: with the pages, all Dream wrote.
    summary_prose_chars: int = 0

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def page_citations(pages: Iterable[Page]) -> set[Block]:
    """Every evidence block the pages' citation lists name, ranges expanded."""
    out: set[Block] = set()
    for page in pages:
        for d in page.citation_defs():
            for anchor in m.expand_anchor(d.anchor):
                out.add((m.norm_path(d.target), anchor))
    return out


def load_summaries(root: Path) -> list[Page]:
    """The session summaries Dream wrote beside the transcripts."""
    from memory_schema.errors import ParseError
    from memory_schema.layout import SESSIONS, iter_memory_files
    from memory_schema.store import load_page

    out = []
    for rel in iter_memory_files(root / SESSIONS):
        if rel.endswith(".summary.md"):
            try:
                out.append(load_page(root, f"{SESSIONS}/{rel}"))
            except ParseError:
                continue  # the validators report it; a broken summary cites nothing
    return out


def prose(page: Page) -> str:
    """A page's prose: its body without frontmatter, without the `## Citations` section
    and without `[cite:N]` markers (evidence pointers are not what a reader reads)."""
    body = page.body.split("\n" + CITATIONS_HEADING, 1)[0]
    if body.startswith(CITATIONS_HEADING):
        body = ""
    return CITE_RE.sub("", body)


def prose_chars(pages: Iterable[Page]) -> int:
    """Characters of the pages' prose, each line stripped, blank lines not counted."""
    return sum(len(line.strip()) for p in pages for line in prose(p).split("\n"))


def transcript_chars(sessions: Iterable[Any]) -> int:
    """Characters of the turns' text (no headers, anchors or frontmatter)."""
    return sum(len(t.content) for s in sessions for t in s.turns)


def gold_blocks(evidence: Iterable[Sequence[tuple[str, str]]]) -> set[Block]:
    """Distinct anchored gold blocks (turns ^tN, paragraphs ^pN); a whole-file gold such
    as a note has no block for a page to cite, so it is left out."""
    out: set[Block] = set()
    for blocks in evidence:
        for path, anchor in blocks:
            if anchor:
                out.add((m.norm_path(path), anchor))
    return out


def measure(
    root: Path,
    sessions: Iterable[Any],
    evidence: Iterable[Sequence[tuple[str, str]]],
    pages: list[Page] | None = None,
) -> tuple[Coverage, set[Block], set[Block]]:
    """The coverage of one memory, with the blocks pages cite and the blocks pages or
    summaries cite (for per-question figures)."""
    from memory_schema.store import load_pages

    pages = load_pages(root) if pages is None else pages
    summaries = load_summaries(root)
    by_pages = page_citations(pages)
    by_both = by_pages | page_citations(summaries)
    gold = gold_blocks(evidence)
    cov = Coverage(
        gold_blocks=len(gold),
        cited_by_pages=len(gold & by_pages),
        cited_by_pages_or_summaries=len(gold & by_both),
        wiki_prose_chars=prose_chars(pages),
        transcript_chars=transcript_chars(sessions),
        pages=len(pages),
        summary_prose_chars=prose_chars(summaries),
    )
    return cov, by_pages, by_both


def pooled(units: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Coverage over several memories: shares of the summed counts."""
    rows = list(units)
    tot = {k: sum(int(u.get(k, 0)) for u in rows) for k in Coverage.__dataclass_fields__}
    gold = tot["gold_blocks"]
    return {
        **tot,
        "units": len(rows),
        "gold_cited_by_pages": tot["cited_by_pages"] / gold if gold else None,
        "gold_cited_by_pages_or_summaries": (
            tot["cited_by_pages_or_summaries"] / gold if gold else None
        ),
        "wiki_to_transcript": (
            tot["wiki_prose_chars"] / tot["transcript_chars"] if tot["transcript_chars"] else None
        ),
        "wiki_and_summaries_to_transcript": (
            (tot["wiki_prose_chars"] + tot["summary_prose_chars"]) / tot["transcript_chars"]
            if tot["transcript_chars"]
            else None
        ),
        "pages_per_unit": tot["pages"] / len(rows) if rows else None,
    }
