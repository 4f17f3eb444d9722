"""Word and phrase similarity with the bundled embedding model (all-MiniLM-L6-v2).

The support check asks it about the few claim words that no form, synonym or broader
word in the evidence accounts for. Vectors are cached per text for the life of the
process, and asked for in one batch per claim, so a run pays for each word once.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any


class PhraseSimilarity:
    """Cosine similarity between short texts; None-safe when the model is missing."""

    def __init__(self, embedder: Any = None):
        self._embedder = embedder
        self._vectors: dict[str, Any] = {}
        self._lock = threading.Lock()
        self.available = True

    def _model(self) -> Any:
        if self._embedder is None:
            # The process-wide model search and Dream already use: loaded once, if at all.
            from search.embedder import get_embedder

            self._embedder = get_embedder()
        return self._embedder

    def _embed(self, texts: Sequence[str]) -> None:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if not missing or not self.available:
            return
        try:
            vectors = self._model().embed(missing)
        except Exception:
            self.available = False
            return
        for text, vec in zip(missing, vectors, strict=True):
            self._vectors[text] = vec

    def best(self, words: Sequence[str], candidates: Sequence[str]) -> dict[str, tuple[str, float]]:
        """For each word, the most similar candidate and its cosine similarity."""
        if not words or not candidates:
            return {}
        with self._lock:
            self._embed([*words, *candidates])
            if not self.available:
                return {}
            import numpy as np

            cand = [c for c in dict.fromkeys(candidates) if c in self._vectors]
            if not cand:
                return {}
            mat = np.stack([self._vectors[c] for c in cand])
            out = {}
            for w in words:
                if w not in self._vectors:
                    continue
                sims = mat @ self._vectors[w]
                i = int(sims.argmax())
                out[w] = (cand[i], float(sims[i]))
            return out

    def vectors(self, texts: Sequence[str]) -> Any:
        """The unit vectors of the texts as one matrix (a row each), or None without the
        model; it serves language.classify as an embedder does (`embed`)."""
        with self._lock:
            self._embed(texts)
            if not self.available or any(t not in self._vectors for t in texts):
                return None
            import numpy as np

            return np.stack([self._vectors[t] for t in texts])

    def embed(self, texts: list[str]) -> Any:
        return self.vectors(texts)

    def vector(self, text: str) -> Any:
        """The unit vector of one text, or None without the model."""
        with self._lock:
            self._embed([text])
            return self._vectors.get(text)

    def pair(self, a: str, b: str) -> float:
        return self.best([a], [b]).get(a, ("", 0.0))[1]


_DEFAULT: PhraseSimilarity | None = None


def default_similarity() -> PhraseSimilarity:
    """The process-wide instance over the bundled model, loaded on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = PhraseSimilarity()
    return _DEFAULT
