"""Classification by examples: a text gets the label whose example sentences are nearest
in the bundled embedding model's space (mean of the top-k cosine similarities).

The examples live in `data/prototypes.json`, one group per task ("statement",
"topic", "subject"), so a class is changed by editing examples, not code.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import numpy as np


@cache
def prototypes() -> dict[str, dict[str, list[str]]]:
    text = resources.files("language").joinpath("data/prototypes.json").read_text("utf-8")
    data = json.loads(text)
    return {k: v for k, v in data.items() if not k.startswith("_")}


class Classifier:
    """Labels texts by their nearest examples; one embedder call per batch of texts."""

    def __init__(self, embedder: Any, task: str, k: int = 3):
        self.embedder = embedder
        self.k = k
        groups = prototypes()[task]
        self.labels = list(groups)
        self._examples = [embedder.embed(groups[label]) for label in self.labels]

    def scores(self, vectors: np.ndarray) -> np.ndarray:
        """(n texts, n labels): mean of the k best cosine similarities per label."""
        out = np.zeros((len(vectors), len(self.labels)), dtype=np.float32)
        for j, examples in enumerate(self._examples):
            sims = vectors @ examples.T
            k = min(self.k, sims.shape[1])
            out[:, j] = np.sort(sims, axis=1)[:, -k:].mean(axis=1)
        return out

    def label(self, vectors: np.ndarray) -> list[tuple[str, float]]:
        """The best label of each vector and its margin over the runner-up."""
        scores = self.scores(vectors)
        order = np.argsort(-scores, axis=1)
        out = []
        for i, row in enumerate(order):
            best = scores[i, row[0]]
            second = scores[i, row[1]] if len(row) > 1 else 0.0
            out.append((self.labels[row[0]], float(best - second)))
        return out


@lru_cache(maxsize=32)
def classifier_for(embedder: Any, task: str) -> Classifier:
    """One Classifier per embedder and task: its examples are embedded once a process."""
    return Classifier(embedder, task)
