"""One page checked before it is written, against the rest of memory as it is on disk.

The MCP note tools validate a note this way before it lands. The checks are the tree's
own (deterministic.py, semantic.py), so a note passes exactly what a page must pass:
frontmatter and schema, citation syntax and targets (the cited turn exists and is
evidence), links and their fragments, each cited claim against the block it cites
(`check_support`, the one support function) and each citation's quote.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import KNOWLEDGE, MAX_FILE_BYTES, NOTES, iter_memory_files
from memory_schema.markdown_io import read_text, split_frontmatter
from memory_schema.memory_config import read_config
from memory_schema.page import Page
from memory_schema.schema import schema_errors

from .deterministic import (
    _check_citation_target,
    _check_links,
    _check_page_citations,
    _inside,
    _Tree,
)
from .findings import Finding, Report, finding
from .semantic import _check_quotes, _EvidenceStore, page_claims, plain_claim
from .support import Judge, check_support


def validate_page(
    root: Path | str,
    rel: str,
    text: str,
    *,
    gone: Iterable[str] = (),
    judge: Judge | None = None,
    max_bytes: int = MAX_FILE_BYTES,
) -> Report:
    """Findings on `text` as the page at `rel`, the other files of `root` as they are
    (less `gone`: files the same change deletes or moves away)."""
    root = Path(root)
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        return Report([finding("too-large", rel, 0, f"{size} bytes, limit {max_bytes}")])
    try:
        meta, _ = split_frontmatter(text, rel)
    except ParseError as exc:
        return Report([finding("bad-yaml", rel, exc.line or 1, exc.message)])
    page = Page.parse(text, rel)
    findings: list[Finding] = [finding("schema", rel, 1, m) for m in schema_errors("page", meta)]
    tree = _tree_without(root, {rel, *gone})
    tree.texts[rel] = text
    tree.pages[rel] = page
    tree.resolver.add_file(rel, page.title, page.aliases)
    findings += _check_page_citations(tree, page)
    # A citation's link is the citation checks' to report, once.
    def_lines = {d.line for d in page.citation_defs()}
    findings += [f for f in _check_links(tree, page) if f.line not in def_lines]
    findings += _check_claims(root, tree, page, judge)
    findings.sort(key=lambda f: (f.line, f.code))
    return Report(findings)


def _tree_without(root: Path, skip: set[str]) -> _Tree:
    """The tree's files and page titles (for link resolution), leaving out `skip`."""
    tree = _Tree(root=root)
    for other in iter_memory_files(root):
        if other in skip or not _inside(root, other):
            continue
        if other.startswith((f"{KNOWLEDGE}/", f"{NOTES}/")):
            try:
                page = Page.parse(read_text((root / other).read_bytes(), other), other)
            except (OSError, ParseError):
                tree.resolver.add_file(other)
                continue
            tree.pages[other] = page
            tree.resolver.add_file(other, page.title, page.aliases)
        else:
            tree.resolver.add_file(other)
    return tree


def _check_claims(root: Path, tree: _Tree, page: Page, judge: Judge | None) -> list[Finding]:
    """Each cited claim against the blocks it cites, and each quote against its block."""
    titles = {rel: " ".join([p.title, *p.aliases]) for rel, p in tree.pages.items()}
    try:
        owner = read_config(root).owner_names
    except ParseError:
        owner = []
    store = _EvidenceStore(root, tree.resolver, titles, owner)
    out = _check_quotes(page, store)
    defs = {d.n: d for d in page.citation_defs()}
    names = [page.title, *page.aliases]
    for claim in page_claims(page):
        evidence = [
            ev
            for n in claim.cites
            if n in defs and (ev := store.block(defs[n].target, defs[n].anchor))
        ]
        if not evidence and not any(
            n in defs and not _check_citation_target(tree, page, defs[n].target, defs[n].anchor, 0)
            for n in claim.cites
        ):
            continue  # a missing or non-evidence target: the citation checks said so
        if page.path.startswith(f"{KNOWLEDGE}/") and all(e.by_ai for e in evidence):
            reason = "only an AI assistant says so, which is no fact about anyone"
        else:
            # An empty `evidence` here is a block that is no evidence (an agent's own
            # transcript): check_support refuses it.
            result = check_support(claim.text, evidence, subject_names=names, judge=judge)
            reason = "" if result.ok else result.reason
        if reason:
            cites = "".join(f"[cite:{n}]" for n in claim.cites)
            out.append(
                finding(
                    "unsupported-claim",
                    page.path,
                    claim.line,
                    f"{cites} {plain_claim(claim.text)!r}: {reason}",
                )
            )
    return out


__all__ = ["validate_page"]
