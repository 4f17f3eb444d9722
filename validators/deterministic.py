"""Deterministic validators: structure, schema, citations, links and paths of a tree.

They take a directory (the memory repo or a transient Dream tree), never crash on bad
input, and turn every problem into a Finding with a stable code, path and line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import KNOWLEDGE, MAX_FILE_BYTES, NOTES, iter_memory_files
from memory_schema.links import LinkResolver, extract_anchors, heading_key
from memory_schema.markdown_io import read_text, split_frontmatter
from memory_schema.page import Page
from memory_schema.schema import schema_errors
from memory_schema.session import Session
from memory_schema.source import Source
from memory_schema.store import is_session_file, is_source_file

from .findings import Finding, Report, finding


@dataclass
class _Tree:
    """Everything read from the tree once, shared by the rules."""

    root: Path
    texts: dict[str, str] = field(default_factory=dict)
    pages: dict[str, Page] = field(default_factory=dict)
    resolver: LinkResolver = field(default_factory=LinkResolver)
    _anchors: dict[str, set[str]] = field(default_factory=dict)
    _headings: dict[str, set[str]] = field(default_factory=dict)

    def text(self, rel: str) -> str:
        """A file's text: read with the tree, or now (one page checked on its own)."""
        if rel not in self.texts and _inside(self.root, rel) and (self.root / rel).is_file():
            try:
                self.texts[rel] = read_text((self.root / rel).read_bytes(), rel)
            except (OSError, ParseError):
                self.texts[rel] = ""
        return self.texts.get(rel, "")

    def anchors(self, rel: str) -> set[str]:
        if rel not in self._anchors:
            text = self.text(rel)
            self._anchors[rel] = set(extract_anchors(_body(text)))
        return self._anchors[rel]

    def headings(self, rel: str) -> set[str]:
        if rel not in self._headings:
            page = self.pages.get(rel) or Page(path=rel, body=_body(self.text(rel)))
            self._headings[rel] = {heading_key(h) for h in page.headings()}
        return self._headings[rel]


def _body(text: str) -> str:
    try:
        return split_frontmatter(text)[1]
    except ParseError:
        return text


def validate_tree(root: Path | str, max_bytes: int = MAX_FILE_BYTES) -> Report:
    root = Path(root)
    findings: list[Finding] = []
    tree = _Tree(root=root)
    findings += _check_paths(root)
    for rel in iter_memory_files(root):
        if not _inside(root, rel):
            continue
        findings += _read_file(tree, rel, max_bytes)
    for rel, page in tree.pages.items():
        findings += _check_page_citations(tree, page)
        if rel.startswith(f"{KNOWLEDGE}/"):
            findings += _check_links(tree, page)
    findings += _check_unique_titles(tree)
    findings.sort(key=lambda f: (f.path, f.line, f.code))
    return Report(findings)


def _inside(root: Path, rel: str) -> bool:
    real = os.path.realpath(root / rel)
    base = os.path.realpath(root)
    return real == base or real.startswith(base + os.sep)


def _check_paths(root: Path) -> list[Finding]:
    """Symlinks anywhere (outside .git and caches): leaving the tree is an error."""
    out = []
    base = os.path.realpath(root)
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir == ".":
            dirnames[:] = [d for d in dirnames if d != ".git"]
        if rel_dir.replace(os.sep, "/").startswith(".brain/cache"):
            dirnames[:] = []
            continue
        for name in dirnames + filenames:
            full = os.path.join(dirpath, name)
            if not os.path.islink(full):
                continue
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            target = os.path.realpath(full)
            if target != base and not target.startswith(base + os.sep):
                out.append(
                    finding("path-escape", rel, 0, f"symlink points outside the tree: {target}")
                )
            else:
                out.append(finding("symlink", rel, 0, "symlinks are not portable; use a file"))
    return out


def _read_file(tree: _Tree, rel: str, max_bytes: int) -> list[Finding]:
    full = tree.root / rel
    try:
        size = full.stat().st_size
    except OSError as exc:
        return [finding("bad-structure", rel, 0, f"cannot read: {exc.strerror}")]
    if size > max_bytes:
        return [finding("too-large", rel, 0, f"{size} bytes, limit {max_bytes}")]
    try:
        text = read_text(full.read_bytes(), rel)
    except ParseError as exc:
        return [finding("not-utf8", rel, 0, exc.message)]
    tree.texts[rel] = text
    try:
        meta, _ = split_frontmatter(text, rel)
    except ParseError as exc:
        tree.resolver.add_file(rel)
        return [finding("bad-yaml", rel, exc.line or 1, exc.message)]
    out: list[Finding] = []
    if rel.startswith((f"{KNOWLEDGE}/", f"{NOTES}/")):
        page = Page.parse(text, rel)
        tree.pages[rel] = page
        tree.resolver.add_file(rel, page.title, page.aliases)
        out += [finding("schema", rel, 1, m) for m in schema_errors("page", meta)]
        return out
    tree.resolver.add_file(rel)
    if is_session_file(rel):
        out += _check_structure(rel, text, "session", Session.parse, meta)
    elif is_source_file(rel):
        out += _check_structure(rel, text, "source", Source.parse, meta)
    elif rel.endswith(".summary.md"):
        page = Page.parse(text, rel)
        tree.pages[rel] = page  # summaries carry citations too
    return out


def _check_structure(rel: str, text: str, schema: str, parse, meta) -> list[Finding]:  # type: ignore[no-untyped-def]
    out = [finding("schema", rel, 1, m) for m in schema_errors(schema, meta)]
    try:
        parse(text, rel)
    except (ParseError, ValueError) as exc:
        line = getattr(exc, "line", None) or 0
        out.append(finding("bad-structure", rel, line, getattr(exc, "message", str(exc))))
    return out


def _check_page_citations(tree: _Tree, page: Page) -> list[Finding]:
    out = []
    uses = page.citation_uses()
    defs = page.citation_defs()
    used = {n for n, _ in uses}
    defined: dict[int, int] = {}
    for d in defs:
        if d.n in defined:
            out.append(finding("cite-duplicate", page.path, d.line, f"[cite:{d.n}] defined again"))
        defined.setdefault(d.n, d.line)
    for n, line in uses:
        if n not in defined:
            out.append(finding("cite-undefined", page.path, line, f"[cite:{n}] has no definition"))
    for d in defs:
        if d.n not in used:
            out.append(finding("cite-unused", page.path, d.line, f"[cite:{d.n}] is never used"))
        out += _check_citation_target(tree, page, d.target, d.anchor, d.line)
    if defs:
        last_use = max((line for _, line in uses), default=0)
        first_def = min(d.line for d in defs)
        if last_use > first_def:
            out.append(
                finding(
                    "cite-not-at-end", page.path, last_use, "text cites after the citation list"
                )
            )
    return out


def _check_citation_target(
    tree: _Tree, page: Page, target: str, anchor: str, line: int
) -> list[Finding]:
    if ".." in target.split("/") or target.startswith("/"):
        return [
            finding("path-escape", page.path, line, f"citation target {target!r} leaves the tree")
        ]
    rel = tree.resolver.resolve(target)
    if rel is None:
        return [finding("cite-target-missing", page.path, line, f"no file for {target!r}")]
    out = []
    if not (is_session_file(rel) or is_source_file(rel)):
        out.append(
            finding("cite-not-evidence", page.path, line, f"{rel} is not a session or source")
        )
    if anchor not in tree.anchors(rel):
        out.append(finding("cite-anchor-missing", page.path, line, f"{rel} has no block ^{anchor}"))
    return out


def _check_links(tree: _Tree, page: Page) -> list[Finding]:
    out = []
    for link in page.links():
        if ".." in link.target.split("/") or link.target.startswith("/"):
            out.append(
                finding(
                    "path-escape", page.path, link.line, f"link {link.render()} leaves the tree"
                )
            )
            continue
        rel = tree.resolver.resolve(link.target) if link.target else page.path
        if rel is None:
            out.append(
                finding(
                    "link-unresolved", page.path, link.line, f"{link.render()} resolves to no file"
                )
            )
            continue
        if link.block and link.block not in tree.anchors(rel):
            out.append(
                finding(
                    "link-fragment-missing",
                    page.path,
                    link.line,
                    f"{rel} has no block ^{link.block}",
                )
            )
        elif link.heading and heading_key(link.heading) not in tree.headings(rel):
            out.append(
                finding(
                    "link-fragment-missing",
                    page.path,
                    link.line,
                    f"{rel} has no heading {link.heading!r}",
                )
            )
    return out


def _check_unique_titles(tree: _Tree) -> list[Finding]:
    out = []
    owner: dict[str, str] = {}
    for rel, page in sorted(tree.pages.items()):
        if not rel.startswith(f"{KNOWLEDGE}/"):
            continue
        names = [page.title, *page.aliases]
        for name in dict.fromkeys(n.casefold().strip() for n in names):
            other = owner.get(name)
            if other and other != rel:
                out.append(
                    finding(
                        "duplicate-title", rel, 1, f"{name!r} is also a title or alias of {other}"
                    )
                )
            else:
                owner[name] = rel
    return out
