"""Resolve a name to its subject page, so one subject never gets two pages.

In order: exact title or alias; a person's first or last name when exactly one person
page has it; a fuzzy match (rapidfuzz) of names with company suffixes stripped; and,
when an embedder is given, cosine similarity of the names' embeddings. Matches found by
the fuzzy or embedding steps add the new spelling as an alias, so next time it is exact.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from memory_schema.links import normalize_key, safe_filename

from .wiki import WikiPage

FOLDERS = {
    "person": "people",
    "profile": "people",
    "organization": "organizations",
    "place": "places",
    "project": "projects",
    "concept": "concepts",
    "preference": "preferences",
    "event": "events",
    "pet": "pets",
    "tool": "tools",
}
FUZZY_MIN = 90
EMBED_MIN = 0.9
_SUFFIXES = re.compile(
    r"\b(?:inc|corp|corporation|co|company|ltd|llc|gmbh|plc|the|project)\b\.?", re.I
)


def _core(name: str) -> str:
    return " ".join(_SUFFIXES.sub(" ", normalize_key(name)).split())


class SubjectIndex:
    """Every page of the wiki by title and alias, plus pages created during this run."""

    def __init__(self, pages: dict[str, WikiPage], today: dt.date, embedder: Any = None):
        self.pages = pages  # path -> page (shared with the engine)
        self.today = today
        self.embedder = embedder
        self._names: dict[str, str] = {}
        self._vectors: dict[str, Any] = {}
        for path, page in pages.items():
            self._index(path, page)

    def _index(self, path: str, page: WikiPage) -> None:
        for name in [page.title, *page.aliases]:
            self._names.setdefault(normalize_key(name), path)

    @staticmethod
    def _types_match(page: WikiPage, type_: str) -> bool:
        return page.type == type_ or {page.type, type_} <= {"person", "profile"}

    def resolve(self, name: str, type_: str) -> WikiPage | None:
        key = normalize_key(name)
        if key in self._names:
            return self.pages[self._names[key]]
        candidates = [p for p in self.pages.values() if self._types_match(p, type_)]
        found = self._by_part(name, candidates) if type_ in ("person", "profile") else None
        found = found or self._fuzzy(name, candidates) or self._embedded(name, candidates)
        if found is not None:
            self.add_alias(found, name)
        return found

    def _by_part(self, name: str, candidates: list[WikiPage]) -> WikiPage | None:
        """'Maya' -> 'Maya Chen' and 'Maya Chen' -> 'Maya', when only one person fits."""
        words = normalize_key(name).split()
        hits = []
        for page in candidates:
            for other in [page.title, *page.aliases]:
                o = normalize_key(other).split()
                if (len(words) == 1 and words[0] in (o[0], o[-1]) and len(o) > 1) or (
                    len(o) == 1 and len(words) > 1 and o[0] == words[0]
                ):
                    hits.append(page)
                    break
        return hits[0] if len(hits) == 1 else None

    def _fuzzy(self, name: str, candidates: list[WikiPage]) -> WikiPage | None:
        from rapidfuzz import fuzz

        core = _core(name)
        if len(core) < 4:
            return None
        best, score = None, 0.0
        for page in candidates:
            for other in [page.title, *page.aliases]:
                s = 100.0 if _core(other) == core else fuzz.ratio(core, _core(other))
                if s > score:
                    best, score = page, s
        return best if score >= FUZZY_MIN else None

    def _embedded(self, name: str, candidates: list[WikiPage]) -> WikiPage | None:
        if self.embedder is None or not candidates:
            return None
        import numpy as np

        missing = [p.title for p in candidates if p.title not in self._vectors]
        if missing:
            for title, vec in zip(missing, self.embedder.embed(missing), strict=True):
                self._vectors[title] = vec
        query = self.embedder.embed([name])[0]
        sims = [float(np.dot(query, self._vectors[p.title])) for p in candidates]
        best = int(np.argmax(sims))
        return candidates[best] if sims[best] >= EMBED_MIN else None

    def add_alias(self, page: WikiPage, name: str) -> None:
        key = normalize_key(name)
        if key in self._names or not name.strip():
            return
        page.aliases.append(name)
        self._names[key] = page.path

    def exact(self, name: str) -> WikiPage | None:
        """The page with this title or alias, no guessing."""
        path = self._names.get(normalize_key(name))
        return self.pages.get(path) if path else None

    def retitle(self, page: WikiPage, title: str) -> None:
        """Give a page a new title and the file name that goes with it."""
        del self.pages[page.path]
        self._names = {k: v for k, v in self._names.items() if v != page.path}
        folder = page.path.rsplit("/", 1)[0]
        base = safe_filename(title)
        path, n = f"{folder}/{base}.md", 2
        while path in self.pages:
            path, n = f"{folder}/{base} ({n}).md", n + 1
        page.path, page.title = path, title
        self.pages[path] = page
        self._index(path, page)

    def drop(self, page: WikiPage) -> None:
        """Forget a page merged into another (its names go with it)."""
        del self.pages[page.path]
        self._names = {k: v for k, v in self._names.items() if v != page.path}
        self._vectors.pop(page.title, None)

    def create(self, name: str, type_: str) -> WikiPage:
        folder = FOLDERS.get(type_, "concepts")
        base = safe_filename(name)
        path = f"knowledge/{folder}/{base}.md"
        n = 2
        while path in self.pages:
            path = f"knowledge/{folder}/{base} ({n}).md"
            n += 1
        page = WikiPage(path=path, title=name, type=type_, created=self.today, updated=self.today)
        self.pages[path] = page
        self._index(path, page)
        return page

    def get_or_create(self, name: str, type_: str) -> tuple[WikiPage, bool]:
        found = self.resolve(name, type_)
        return (found, False) if found is not None else (self.create(name, type_), True)
