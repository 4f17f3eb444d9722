"""Dense retrieval: every block's embedding in one matrix, searched by dot product.

Brute force is exact and fast enough for one user's memory (6k blocks: about a
millisecond; 100k blocks: tens of milliseconds); a vector index can replace it behind the
same method if memories grow past that. Reading 6k vectors out of SQLite and mixing them
costs a new process ~0.25 s, so the mixed matrix is kept beside the index (`dense.npz`,
keyed by what it was built from) and loaded in a few milliseconds by the next one.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np


class DenseMatrix:
    def __init__(self, rows: Iterable[tuple[int, str, str, int, bytes]], dim: int):
        bids, kinds, paths, days, vecs = [], [], [], [], []
        for bid, kind, path, day, vec in rows:
            v = np.frombuffer(vec, dtype=np.float32)
            if v.shape[0] != dim:
                continue  # a vector of another model; the caller re-embeds
            bids.append(bid)
            kinds.append(kind)
            paths.append(path)
            days.append(day)
            vecs.append(v)
        self.bids = np.asarray(bids, dtype=np.int64)
        self.kinds = np.asarray(kinds, dtype=object)
        self.paths = np.asarray(paths, dtype=object)
        self.days = np.asarray(days, dtype=np.int64)
        self.matrix = np.vstack(vecs) if vecs else np.zeros((0, dim), dtype=np.float32)

    def mixed(self, weight: float) -> DenseMatrix:
        """Each vector plus `weight` times its neighbours' (same file), renormalised.

        Blocks of a file have consecutive ids in document order, so a row's neighbours
        are the rows beside it when they belong to the same path.
        """
        if weight <= 0 or len(self) < 2:
            return self
        out = DenseMatrix([], self.matrix.shape[1])
        out.bids, out.kinds, out.paths, out.days = self.bids, self.kinds, self.paths, self.days
        same = self.paths[1:] == self.paths[:-1]
        m = self.matrix.copy()
        m[1:][same] += weight * self.matrix[:-1][same]
        m[:-1][same] += weight * self.matrix[1:][same]
        norms = np.linalg.norm(m, axis=1, keepdims=True)
        out.matrix = m / np.where(norms > 0, norms, 1.0)
        return out

    def save(self, path: Path, key: str) -> None:
        """Keep this matrix for the next process (best effort: a failure only costs time)."""
        tmp = path.with_name(f"{path.name}.tmp{os.getpid()}.npz")
        try:
            with open(tmp, "wb") as f:
                np.savez(
                    f,
                    key=np.asarray(key),
                    bids=self.bids,
                    kinds=self.kinds.astype(str),
                    paths=self.paths.astype(str),
                    days=self.days,
                    matrix=self.matrix,
                )
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: Path, key: str) -> DenseMatrix | None:
        """The matrix saved under `key`, or None (missing, unreadable or another key)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["key"]) != key:
                    return None
                out = cls([], int(data["matrix"].shape[1]))
                out.bids, out.days, out.matrix = data["bids"], data["days"], data["matrix"]
                out.kinds, out.paths = data["kinds"], data["paths"]
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None
        return out

    def __len__(self) -> int:
        return int(self.bids.shape[0])

    def search(
        self,
        query_vec: np.ndarray,
        *,
        limit: int,
        kinds: Sequence[str] | None = None,
        path_prefix: str | None = None,
        day_from: int | None = None,
        day_to: int | None = None,
    ) -> list[tuple[int, float]]:
        """(bid, cosine similarity), best first, among blocks passing the filters."""
        if len(self) == 0 or limit <= 0:
            return []
        scores = self.matrix @ query_vec.astype(np.float32)
        mask = np.ones(len(self), dtype=bool)
        if kinds is not None:
            mask &= np.isin(self.kinds, list(kinds))
        if path_prefix:
            mask &= np.fromiter((p.startswith(path_prefix) for p in self.paths), bool, len(self))
        if day_from is not None:
            mask &= self.days >= max(day_from, 1)
        if day_to is not None:
            mask &= (self.days <= day_to) & (self.days > 0)
        idx = np.flatnonzero(mask)
        if idx.size == 0:
            return []
        sub = scores[idx]
        n = min(limit, idx.size)
        top = np.argpartition(-sub, n - 1)[:n]
        top = top[np.lexsort((self.bids[idx[top]], -sub[top]))]
        return [(int(self.bids[idx[i]]), float(sub[i])) for i in top]
