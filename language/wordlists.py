"""Word lists derived once from a package's data and kept in Brain's cache folder.

The towns of the gazetteer (`places.py`) and the given names (`names.given_names`) are
read out of large package files: 30 MB of JSON, 86 locale modules, about 0.7 s each. A
`brain ask` reading a memory typed in lower case needs both, so each would add that to
every cold start. The lists are written once, one word a line, under `cache_dir()`
(`$BRAIN_CACHE_DIR`, else `~/.cache/brain`), named by the package's version, and read
back in a few milliseconds. A cache that cannot be written (a read-only home) costs only
the time: the list is built in memory as before.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path


def cached_words(name: str, package: str, build: Callable[[], Iterable[str]]) -> frozenset[str]:
    """The words `build()` gives, kept in the cache as `<name>-<package version>.txt`."""
    from search.onnx_embedder import cache_dir

    try:
        stamp = version(package)
    except PackageNotFoundError:
        stamp = "unknown"
    path = cache_dir() / "wordlists" / f"{name}-{stamp}.txt"
    try:
        return frozenset(path.read_text(encoding="utf-8").splitlines())
    except OSError:
        pass
    words = frozenset(w for w in build() if w and "\n" not in w)
    _write(path, "\n".join(sorted(words)))
    return words


def _write(path: Path, text: str) -> None:
    """Write atomically (another process may read the list meanwhile); give up quietly."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        pass
