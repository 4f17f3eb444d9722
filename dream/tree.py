"""The transient output tree: the run's files laid out under `.brain/cache/dream/<run>/`.

The tree holds the wiki (knowledge/, notes/), INDEX.md, .brain/ and every session or
source that the run's files cite, taken from the base commit, with the run's output
written over it. The validators run on it; unsupported claims are cut out of it; only
when it passes does the sync copy it into the repo. Old history that nothing the run
wrote cites is left out, so validating costs what the run changed, not the history.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import CACHE_DIR, KNOWLEDGE, NOTES
from memory_schema.links import CITE_DEF_RE, WIKILINK_RE
from memory_schema.page import Page
from memory_schema.repo import MemoryRepo
from memory_schema.store import is_session_file, is_source_file
from validators import Finding, Report, validate_tree
from validators.findings import finding
from validators.semantic import (
    Judge,
    claim_list_signatures,
    claim_signatures,
    page_claims,
    validate_semantics,
)

from .summarize import summary_line
from .wiki import WikiPage

RUNS_DIR = f"{CACHE_DIR}/dream"
MAX_REPAIR_ROUNDS = 4
#: Findings about a citation's target; for a citation the base already had, the target
#: was checked then and is not laid out in the tree (see TransientTree.build).
_EVIDENCE_CODES = (
    "cite-target-missing",
    "cite-anchor-missing",
    "link-unresolved",
    "link-fragment-missing",
)


@dataclass
class Validation:
    deterministic: Report
    semantic: Report
    removed: list[Finding] = field(default_factory=list)  # claims cut from the tree
    preexisting: list[Finding] = field(default_factory=list)  # in files the run left alone

    @property
    def ok(self) -> bool:
        return self.deterministic.ok and self.semantic.ok

    def as_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "errors": [f.as_dict() for f in self.deterministic.errors + self.semantic.errors],
            "warnings": [f.as_dict() for f in self.deterministic.warnings],
            "claims_removed": [f.as_dict() for f in self.removed],
            "preexisting": len(self.preexisting),
        }

    def summary(self) -> str:
        errors = len(self.deterministic.errors) + len(self.semantic.errors)
        return (
            f"{'ok' if self.ok else 'FAILED'}; {errors} errors, "
            f"{len(self.deterministic.warnings)} warnings, "
            f"{len(self.removed)} unsupported claims removed"
        )


def _put(path: Path, data: bytes) -> None:
    """Write a tree file. No fsync: the tree is a cache, rebuilt by the next run if lost."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def clean_stale_runs(repo: MemoryRepo, keep: str | None = None) -> None:
    """Remove trees that killed or failed runs left behind (the caller holds the run lock)."""
    runs = repo.root / RUNS_DIR
    if runs.is_dir():
        for child in runs.iterdir():
            if child.name != keep:
                shutil.rmtree(child, ignore_errors=True)


class TransientTree:
    def __init__(self, repo: MemoryRepo, run_id: str, base: str, base_files: dict[str, str]):
        self.repo = repo
        self.base = base
        self.base_files = base_files
        self.root = repo.root / RUNS_DIR / run_id / "tree"
        self.written: dict[str, str | None] = {}
        self.base_texts: dict[str, str] = {}

    def build(self, outputs: dict[str, str | None]) -> None:
        """Lay out the base files the outputs need, then the outputs over them.

        Citations an output already had in the base commit were validated then; only the
        sessions and sources of new citations are laid out, so a page that cites years
        of history does not pull all of it into every run.
        """
        self.root.mkdir(parents=True, exist_ok=True)
        before = self.repo.show_many(sorted(p for p in outputs if p in self.base_files), self.base)
        self.base_texts = {
            p: d.decode("utf-8", "replace") for p, d in before.items() if d is not None
        }
        wanted = {
            p
            for p in self.base_files
            if p.startswith((f"{KNOWLEDGE}/", f"{NOTES}/", ".brain/", ".obsidian/")) or "/" not in p
        }
        wanted |= {p for p in outputs if p in self.base_files}
        wanted |= (self._cited(outputs) - self._cited(self.base_texts)) & set(self.base_files)
        wanted |= self._evidence_of_new_claims(outputs) & set(self.base_files)
        for rel, data in self.repo.show_many(sorted(wanted), self.base).items():
            if data is not None:
                _put(self.root / rel, data)
        for rel, text in outputs.items():
            self.write(rel, text)

    def _cited(self, outputs: Mapping[str, str | None]) -> set[str]:
        """Sessions and sources that the outputs cite or link to."""
        found = set()
        for text in outputs.values():
            for line in (text or "").splitlines():
                m = CITE_DEF_RE.match(line)
                targets = [m.group(2)] if m else [x.group(2) for x in WIKILINK_RE.finditer(line)]
                for target in targets:
                    rel = target if target.endswith(".md") else f"{target}.md"
                    if is_session_file(rel) or is_source_file(rel):
                        found.add(rel)
        return found

    def _evidence_of_new_claims(self, outputs: Mapping[str, str | None]) -> set[str]:
        """Sessions and sources cited by claims that the base version did not have."""
        found = set()
        for rel, text in outputs.items():
            if not text or not rel.endswith(".md"):
                continue
            try:
                page = Page.parse(text, rel)
                old = self.base_texts.get(rel)
                known = claim_signatures(Page.parse(old, rel)) if old else set()
            except ParseError:
                continue
            defs = {d.n: d.target for d in page.citation_defs()}
            for claim, sig in zip(page_claims(page), claim_list_signatures(page), strict=True):
                if sig not in known:
                    found |= {f"{defs[n]}.md" for n in claim.cites if n in defs}
        return found

    def write(self, rel: str, text: str | None) -> None:
        self.written[rel] = text
        path = self.root / rel
        if text is None:
            path.unlink(missing_ok=True)
        else:
            _put(path, text.encode("utf-8"))

    def read(self, rel: str) -> str | None:
        return self.written.get(rel)

    def remove_lines(self, rel: str, lines: set[int]) -> None:
        """Cut lines (1-based, as findings give them) and renumber the citations."""
        text = self.written.get(rel)
        if text is None:
            return
        kept = [x for i, x in enumerate(text.split("\n"), start=1) if i not in lines]
        try:
            page = WikiPage.from_page(Page.parse("\n".join(kept), rel))
            whole = WikiPage.from_page(Page.parse(text, rel))
        except ParseError:
            return
        for fact in whole.facts():
            page.give_back(fact)  # a cut value gives back the one it replaced
        page.auto_summary = bool(page.extra_meta.get("dream")) and page.type != "summary"
        if page.type == "summary" and "Key points" in page.sections:
            page.summary = summary_line(page)  # one truth: no cut point in the frontmatter
        self.write(rel, page.render())

    def validate(self, judge: Judge | None = None) -> Validation:
        """Validate, cutting unsupported claims and contradicting lines until it holds."""
        removed: list[Finding] = []
        for _ in range(MAX_REPAIR_ROUNDS):
            det, sem, pre = self._check(judge)
            cut: dict[str, set[int]] = {}
            for f in sem.errors:
                cut.setdefault(f.path, set()).add(f.line)
            if not cut:
                return Validation(det, sem, removed, pre)
            removed += sem.errors
            removed += self._same_claims_elsewhere(cut)
            for rel, lines in cut.items():
                self.remove_lines(rel, lines)
        det, sem, pre = self._check(judge)
        return Validation(det, sem, removed, pre)

    def _parsed(self, rel: str) -> Page | None:
        text = self.written.get(rel)
        if not text or not rel.endswith(".md"):
            return None
        try:
            return Page.parse(text, rel)
        except ParseError:
            return None

    def _same_claims_elsewhere(self, cut: dict[str, set[int]]) -> list[Finding]:
        """One truth: a claim cut from one file is cut from every file the run wrote.

        The same claim is the same words citing the same blocks (a page line repeated in
        a session summary, say). Adds their lines to `cut`; returns findings for them.
        """
        gone: dict[str, str] = {}
        for rel, lines in cut.items():
            page = self._parsed(rel)
            if page is None:
                continue
            for claim, sig in zip(page_claims(page), claim_list_signatures(page), strict=True):
                if claim.line in lines:
                    gone.setdefault(sig, f"{rel}:{claim.line}")
        out: list[Finding] = []
        if not gone:
            return out
        for rel in sorted(self.written):
            page = self._parsed(rel)
            if page is None:
                continue
            for claim, sig in zip(page_claims(page), claim_list_signatures(page), strict=True):
                if sig in gone and claim.line not in cut.get(rel, set()):
                    cut.setdefault(rel, set()).add(claim.line)
                    out.append(
                        finding(
                            "unsupported-claim",
                            rel,
                            claim.line,
                            f"{sig.split('|', 1)[0]!r}: the same claim was removed at {gone[sig]}",
                        )
                    )
        return out

    def _check(self, judge: Judge | None) -> tuple[Report, Report, list[Finding]]:
        changed = {rel for rel, text in self.written.items() if text is not None}
        names = [re.escape(p) for p in self.written]
        mentions = re.compile("|".join(names)) if names else None
        det = validate_tree(self.root)
        old_defs = self._base_defs()
        ours, pre = [], []
        for f in det.findings:
            touches = f.path in changed or (
                f.code == "duplicate-title" and mentions and mentions.search(f.message)
            )
            if touches and f.code in _EVIDENCE_CODES:
                touches = self._def_at(f.path, f.line) not in old_defs.get(f.path, set())
            (ours if touches else pre).append(f)
        known = {}
        for rel, text in self.base_texts.items():
            try:
                known[rel] = claim_signatures(Page.parse(text, rel))
            except ParseError:
                continue
        sem = validate_semantics(self.root, sorted(changed), judge=judge, known=known)
        return Report(ours), sem, pre

    def _base_defs(self) -> dict[str, set[tuple[str, str]]]:
        out: dict[str, set[tuple[str, str]]] = {}
        for rel, text in self.base_texts.items():
            for line in text.splitlines():
                m = CITE_DEF_RE.match(line)
                if m:
                    out.setdefault(rel, set()).add((m.group(2), m.group(3)))
        return out

    def _def_at(self, rel: str, line: int) -> tuple[str, str] | None:
        lines = (self.written.get(rel) or "").split("\n")
        m = CITE_DEF_RE.match(lines[line - 1]) if 0 < line <= len(lines) else None
        return (m.group(2), m.group(3)) if m else None
