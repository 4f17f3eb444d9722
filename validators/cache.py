"""Verdicts of the support check, cached by content so `brain validate` stays fast.

A claim's key hashes everything its verdict depends on: the claim, the cited blocks with
their context, the page's names, and the checker itself (its source and WordNet data),
so an edit to any of them, or a new version of the check, asks again. The cache lives
in `.brain/cache/validators/support.json` (derived data, never committed) and is
written atomically; a missing or broken file is an empty cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from memory_schema.layout import CACHE_DIR

from .support import Evidence

CACHE_FILE = f"{CACHE_DIR}/validators/support.json"
#: The checker's data; its code is every module of the package (the support check reads
#: claim_words.py, connective.py, polarity.py, predicates.py, ... as much as support.py).
_CHECKER_DATA = ("data/wordnet.json.gz",)


@cache
def checker_version() -> str:
    """A hash of the checker's own code and data: a new check never reuses old verdicts."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    names = [*sorted(p.name for p in here.glob("*.py")), *_CHECKER_DATA]
    for name in names:
        try:
            h.update((here / name).read_bytes())
        except OSError:
            h.update(name.encode())
    return h.hexdigest()[:16]


class SupportCache:
    def __init__(self, root: Path | str):
        self.path = Path(root) / CACHE_FILE
        self.version = checker_version()
        self.entries: dict[str, str] = {}
        self.hits = self.misses = 0
        self._dirty = False
        try:
            data = json.loads(self.path.read_text("utf-8"))
            if isinstance(data, dict) and data.get("version") == self.version:
                self.entries = {str(k): str(v) for k, v in data.get("entries", {}).items()}
        except (OSError, ValueError):
            pass

    def key(self, claim: str, evidence: Sequence[Evidence], names: Sequence[str]) -> str:
        blocks = [
            [
                e.text,
                e.context,
                e.speaker,
                list(e.listeners),
                e.title,
                str(e.said_on),
                sorted(str(d) for d in e.dates),
                e.by_ai,
            ]
            for e in evidence
        ]
        raw = json.dumps([claim, blocks, list(names)], ensure_ascii=False)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()

    def get(self, key: str) -> str | None:
        """The cached reason ('' for supported), or None when not checked yet."""
        got = self.entries.get(key)
        if got is None:
            self.misses += 1
        else:
            self.hits += 1
        return got

    def put(self, key: str, reason: str | None) -> None:
        self.entries[key] = reason or ""
        self._dirty = True

    def save(self) -> None:
        if not self._dirty:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".support-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"version": self.version, "entries": self.entries}, f)
            os.replace(tmp, self.path)
        except OSError:
            Path(tmp).unlink(missing_ok=True)  # a cache that cannot be written is no error
        self._dirty = False
