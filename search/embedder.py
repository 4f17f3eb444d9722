"""Embedders: one small Protocol and the bundled default (all-MiniLM-L6-v2, offline).

Nothing here imports torch or sentence-transformers until a text is embedded, so commands
that never embed (BM25 search, `brain index --no-embed`, `--help`) stay fast. The default
embeds with a checked ONNX export of the model (`onnx_embedder`) and needs torch only to
make that export, once; `BRAIN_EMBED_BACKEND=torch` keeps PyTorch.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import SearchError

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger("brain.search")

DEFAULT_MODEL = "all-MiniLM-L6-v2"
ENV_BACKEND = "BRAIN_EMBED_BACKEND"
BACKENDS = ("auto", "onnx", "torch")
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

    @property
    def model_path(self) -> Path:
        if self._path is not None:
            return Path(self._path)
        from .onnx_embedder import bundled_model_path

        return bundled_model_path()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # Never reach for the network: the model ships inside a Python package.
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
                path = str(self.model_path)
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


class BundledEmbedder:
    """A model folder embedded with onnxruntime when its checked ONNX export can be had
    (cached under `brain`'s cache folder), else with PyTorch, the reference.

    Both give the same vectors (checked within 1e-4 cosine on export, in practice about
    1e-7), so they share one name and one cache of embeddings.
    """

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        backend: str | None = None,
        name: str | None = None,
        dim: int = DEFAULT_DIM,
    ):
        self.torch = SentenceTransformerEmbedder(model_path, name=name, dim=dim)
        self.name = self.torch.name
        self.dim = dim
        chosen = (backend or os.environ.get(ENV_BACKEND, "") or "auto").strip().lower()
        if chosen not in BACKENDS:
            raise SearchError(f"{ENV_BACKEND} must be one of {', '.join(BACKENDS)}, not {chosen!r}")
        self.requested = chosen
        self._impl: Embedder | None = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        """Whether embedding now is cheap: a backend is chosen and its model in memory."""
        return self._impl is not None and bool(getattr(self._impl, "loaded", True))

    @property
    def backend(self) -> str | None:
        """ "onnx" or "torch" once the first text was embedded, None before."""
        if self._impl is None:
            return None
        return "torch" if self._impl is self.torch else "onnx"

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._choose().embed(texts)

    def _choose(self) -> Embedder:
        with self._lock:
            if self._impl is None:
                self._impl = self._pick()
            return self._impl

    def _pick(self) -> Embedder:
        if self.requested == "torch":
            return self.torch
        from .onnx_embedder import OnnxUnavailable, load_or_export

        try:
            return load_or_export(self.torch, self.torch.model_path, self.name, self.dim)
        except OnnxUnavailable as exc:
            if self.requested == "onnx":
                raise SearchError(f"{ENV_BACKEND}=onnx, but {exc}") from exc
            log.warning("brain: embedding with PyTorch (slower start): %s", exc)
            return self.torch


_default: BundledEmbedder | None = None
_default_lock = threading.Lock()


def get_embedder() -> Embedder:
    """The process-wide default embedder; its model loads once, on first embed()."""
    global _default
    with _default_lock:
        if _default is None:
            _default = BundledEmbedder()
        return _default
