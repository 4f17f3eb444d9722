"""The Memory Agent: finds what the working set lacks and brings it in.

Given a description, it runs hybrid search over the WHOLE memory repo, turns the hits
into findings that cite evidence blocks (a wiki or summary hit is followed through its
`[cite:N]` list down to the turns and paragraphs behind it; a note is evidence itself,
since a person wrote it down), writes a short synthesis,
and materializes the supporting files into the working set at their normal paths in
one batch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from memory_schema.errors import ParseError
from memory_schema.links import CITE_RE, short_quote
from memory_schema.session import AGENT_FORMAT
from memory_schema.store import load_page

from .errors import AgentError
from .evidence import Block, EvidenceStore, is_note_file
from .wiki import page_label, plain_text

if TYPE_CHECKING:
    from sandbox.workingset import WorkingSet

PAGE_KINDS = ("knowledge", "note", "summary")
EVIDENCE_KINDS = ("session", "source", "note")  # what people said or wrote
#: How many of the blocks nearest a description in meaning alone join the fused hits.
NEAREST_BY_MEANING = 2
WIKI_KINDS = ("knowledge", "summary")  # what Dream wrote about it, citing the evidence
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


class Searcher(Protocol):
    """What the Memory Agent needs of the search index (search.open_index returns one)."""

    def search(self, query: str, *, k: int = 10, **filters: Any) -> Sequence[Any]: ...


@dataclass(frozen=True)
class Finding:
    """A piece of what memory says, with the evidence blocks that back it."""

    text: str
    blocks: tuple[Block, ...]
    rank: int
    via: str | None = None  # the page it was read from, when it came from the wiki
    context: bool = False  # a neighbour of a hit rather than a hit

    @property
    def links(self) -> str:
        return " ".join(b.link for b in self.blocks)

    def render(self) -> str:
        if self.via:
            return f"- {page_label(self.via)}: {short_quote(self.text, 300)} {self.links}"
        b = self.blocks[0]
        who = ", ".join(x for x in (b.speaker, b.date.isoformat() if b.date else None) if x)
        return f'- {who or b.title}: "{short_quote(self.text, 300)}" {self.links}'


@dataclass
class MemoryReport:
    description: str
    findings: list[Finding] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)
    materialized: list[str] = field(default_factory=list)

    @property
    def evidence(self) -> list[Block]:
        seen: dict[tuple[str, str], Block] = {}
        for f in self.findings:
            for b in f.blocks:
                seen.setdefault((b.path, b.anchor), b)
        return list(seen.values())

    @property
    def files(self) -> list[str]:
        """Every file the report draws on: evidence files and the pages that led there."""
        out: list[str] = []
        for rel in [*self.pages, *(b.path for b in self.evidence)]:
            if rel not in out:
                out.append(rel)
        return out

    def render(self, max_findings: int = 8) -> str:
        hits = [f for f in self.findings if not f.context]
        if not hits:
            return f"Memory Agent: nothing in memory matches {self.description!r}."
        lines = [
            f"Memory Agent: {len(self.evidence)} evidence blocks for {self.description!r}. "
            "Cite them with the block links shown."
        ]
        lines += [f.render() for f in hits[:max_findings]]
        text = "\n".join(lines)
        if self.materialized:
            text += "\n\nMaterialized into your working set: " + ", ".join(self.materialized)
        return text


class MemoryAgent:
    def __init__(
        self,
        memory_root: Path | str,
        *,
        searcher: Searcher | None = None,
        store: EvidenceStore | None = None,
        workset: WorkingSet | None = None,
        k: int = 10,
        window: tuple[int, int] = (1, 1),
    ):
        self.root = Path(memory_root)
        self._searcher = searcher
        self.store = store or EvidenceStore(self.root)
        self.workset = workset
        self.k = k
        self.window = window
        self.reports: list[MemoryReport] = []

    @property
    def searcher(self) -> Searcher:
        if self._searcher is None:
            try:
                import search
            except ImportError as exc:  # pragma: no cover - search ships with brain
                raise AgentError(f"the search package is not available: {exc}") from exc
            self._searcher = search.open_index(self.root)
        return self._searcher

    def run(self, description: str) -> MemoryReport:
        description = " ".join(description.split())
        if not description:
            raise AgentError("the Memory Agent needs a description of what to look for")
        report = MemoryReport(description)
        seen: set[tuple[str, str]] = set()
        cited: set[tuple[str, str]] = set()  # blocks page lines cite (also kept as hits)
        for rank, hit in self._ranked(description):
            if hit.kind in ("session", "source"):
                self._evidence_hit(report, hit, rank, seen)
            elif hit.kind in PAGE_KINDS:
                self._page_hit(report, hit, rank, cited)
        if self.workset is not None:
            report.materialized = self.workset.materialize(report.files)
        self.reports.append(report)
        return report

    def _ranked(self, description: str) -> list[tuple[int, Any]]:
        """Hits with their ranks: the k best blocks of evidence (turns, paragraphs, notes)
        and, searched apart, the best wiki and summary sections, a page hit before the
        evidence hit of the same rank. Searched together, page sections would take the
        evidence's places: with a wiki, the turn that says the answer in its own words
        could fall out of the k best, where without one it was found."""
        evidence = self._search(description, EVIDENCE_KINDS, self.k)
        pages = self._search(description, WIKI_KINDS, max(1, self.k // 2))
        merged = [(r, 0, h) for r, h in enumerate(pages)] + [
            (r, 1, h) for r, h in enumerate(evidence)
        ]
        # The fused ranking weighs words over meaning (`search.fusion`), so a block that
        # says it all in other words ("Annual leave remaining: 17.5 days" for "how much
        # holiday have i got left?") can miss the k best though it is the nearest in
        # meaning: the nearest few by meaning alone join at their own rank.
        found = {(h.path, h.anchor) for h in evidence}
        near = self._search(description, EVIDENCE_KINDS, NEAREST_BY_MEANING, method="dense")
        merged += [(r, 2, h) for r, h in enumerate(near) if (h.path, h.anchor) not in found]
        merged.sort(key=lambda x: (x[0], x[1]))
        return [(r, h) for r, _, h in merged]

    def _search(self, description: str, kinds: Sequence[str], k: int, **how: Any) -> Sequence[Any]:
        from search.errors import SearchError

        try:
            return self.searcher.search(description, k=k, window=self.window, kinds=kinds, **how)
        except SearchError as exc:
            raise AgentError(f"search failed: {exc}") from exc

    def _evidence_hit(
        self, report: MemoryReport, hit: Any, rank: int, seen: set[tuple[str, str]]
    ) -> None:
        # The agent's own transcripts are no evidence: the store does not hand them out.
        block = self.store.block(hit.path, hit.anchor)
        if block is None or (block.path, block.anchor) in seen:
            return
        seen.add((block.path, block.anchor))
        report.findings.append(Finding(block.text, (block,), rank))
        # Window neighbours are context: the answer is often the turn after the question.
        for anchor, _ in getattr(hit, "neighbours", None) or []:
            nb = self.store.block(hit.path, anchor)
            if nb is not None and (nb.path, nb.anchor) not in seen:
                seen.add((nb.path, nb.anchor))
                report.findings.append(Finding(nb.text, (nb,), rank, context=True))

    def _page_hit(
        self, report: MemoryReport, hit: Any, rank: int, seen: set[tuple[str, str]]
    ) -> None:
        """A wiki, note or summary section (and its neighbour sections): follow each
        sentence's [cite:N] down to evidence. A note is evidence in its own right."""
        if is_note_file(hit.path):
            note = self.store.block(hit.path, "")
            if note is not None and (note.path, "") not in seen:
                seen.add((note.path, ""))
                report.findings.append(Finding(note.text, (note,), rank))
        try:
            page = load_page(self.root, hit.path)
        except (ParseError, OSError):
            return
        defs = {d.n: d for d in page.citation_defs()}
        found = self._page_text(report, hit.path, hit.text, defs, rank, seen, context=False)
        for _, text in getattr(hit, "neighbours", None) or []:
            found |= self._page_text(report, hit.path, text, defs, rank, seen, context=True)
        if found and hit.path not in report.pages:
            report.pages.append(hit.path)

    def _page_text(
        self,
        report: MemoryReport,
        path: str,
        text: str,
        defs: dict[int, Any],
        rank: int,
        seen: set[tuple[str, str]],
        *,
        context: bool,
    ) -> bool:
        found_any = False
        for sentence in _sentences(text):
            blocks = []
            for n in CITE_RE.findall(sentence):
                d = defs.get(int(n))
                target = self.store.resolve(d.target) if d else None
                block = self.store.block(target, d.anchor) if (d and target) else None
                if block is not None and block not in blocks:
                    blocks.append(block)
            if not blocks:
                continue  # an uncited sentence is not evidence of anything
            plain = plain_text(sentence)
            if any(f.via == path and f.text == plain for f in report.findings):
                continue
            found_any = True
            for b in blocks:
                seen.add((b.path, b.anchor))
            report.findings.append(Finding(plain, tuple(blocks), rank, via=path, context=context))
        return found_any


def _sentences(text: str) -> list[str]:
    out = []
    for line in text.split("\n"):
        line = line.strip().lstrip("-*> ").strip()
        if line and not line.startswith("#"):
            out += [s for s in _SENTENCE_END.split(line) if s.strip()]
    return out


__all__ = ["AGENT_FORMAT", "Finding", "MemoryAgent", "MemoryReport", "Searcher"]
