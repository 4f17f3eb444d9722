"""The bundled model through onnxruntime: same vectors as PyTorch, cached, with fallbacks."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import numpy as np
import pytest

from memory_schema import MemoryRepo
from search import BundledEmbedder, SearchError, open_index
from search import onnx_embedder as ox

from .test_search import filled  # noqa: F401 - the fixture: a small real memory


@pytest.fixture(scope="module")
def export_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real export for this module, made through the default embedder's own path."""
    folder = tmp_path_factory.mktemp("brain-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ox.ENV_CACHE, str(folder))
        embedder = BundledEmbedder()
        embedder.embed(["export me"])
        assert embedder.backend == "onnx"
    return folder


@pytest.fixture
def cache(export_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ox.ENV_CACHE, str(export_dir))
    return export_dir


@pytest.fixture(scope="module")
def torch_embedder() -> BundledEmbedder:
    return BundledEmbedder(backend="torch")


SENTENCES = [
    "When did Melanie paint a sunrise?",
    "i went hiking w/ my bro last wknd, it rained the whole time lol",
    "Jon lost his job as a banker and decided to open a dance studio.",
    "¿Dónde está la biblioteca? Straße, façade, 北京",
    "   ",
    "A very long message. " * 200,
]


def test_the_export_is_cached_under_the_configured_folder(cache: Path) -> None:
    folders = list((cache / "models").iterdir())
    assert len(folders) == 1 and folders[0].name.startswith("all-MiniLM-L6-v2-")
    check = json.loads((folders[0] / ox.CHECK_FILE).read_text())
    assert check["ok"] is True and check["max_cosine_gap"] <= ox.MAX_COSINE_GAP
    assert check["sentences"] == len(ox.CHECK_SENTENCES)
    assert (folders[0] / ox.MODEL_FILE).stat().st_size > 10_000_000
    assert ox.cache_dir() == cache


def test_cache_folder_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ox.ENV_CACHE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert ox.cache_dir() == tmp_path / "xdg" / "brain"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert ox.cache_dir() == Path.home() / ".cache" / "brain"


def test_onnx_vectors_match_pytorch(cache: Path, torch_embedder: BundledEmbedder) -> None:
    onnx = BundledEmbedder()
    got = onnx.embed(SENTENCES)
    want = torch_embedder.embed(SENTENCES)
    assert onnx.backend == "onnx" and torch_embedder.backend == "torch"
    assert got.shape == want.shape == (len(SENTENCES), 384) and got.dtype == np.float32
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cosines = (got * want).sum(axis=1)
    assert cosines.min() >= 1 - ox.MAX_COSINE_GAP, cosines
    # One at a time (no padding) gives the same vectors as the padded batch.
    alone = np.vstack([onnx.embed([s]) for s in SENTENCES])
    assert ((alone * got).sum(axis=1)).min() >= 1 - ox.MAX_COSINE_GAP
    # The large-batch session (every core) agrees with the one-thread one.
    many = onnx.embed(SENTENCES * 12)
    assert ((many[: len(SENTENCES)] * got).sum(axis=1)).min() >= 1 - ox.MAX_COSINE_GAP


def test_a_query_imports_no_torch(cache: Path) -> None:
    import subprocess

    code = (
        "import sys\nfrom search import get_embedder\ne = get_embedder()\n"
        "e.embed(['where does maya work'])\nprint(e.backend, 'torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["onnx", "False"], out.stderr


def test_search_results_are_the_same_with_either_embedder(
    filled: MemoryRepo,  # noqa: F811
    cache: Path,
    torch_embedder: BundledEmbedder,
    tmp_path: Path,
) -> None:
    by_torch = open_index(filled.root, embedder=torch_embedder, cache_dir=tmp_path / "t")
    by_onnx = open_index(filled.root, embedder=BundledEmbedder(), cache_dir=tmp_path / "o")
    queries = [
        "When did Caroline go to the support group?",
        "what does melanie paint",
        "counseling career",
        "kids at the beach",
    ]
    for method in ("dense", "hybrid"):
        for q in queries:
            a = [(h.link, round(h.score, 4)) for h in by_torch.search(q, method=method)]
            b = [(h.link, round(h.score, 4)) for h in by_onnx.search(q, method=method)]
            assert a == b, (method, q)


def test_falls_back_to_pytorch_without_onnxruntime(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(ox.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import fails
    embedder = BundledEmbedder()
    with caplog.at_level(logging.WARNING, logger="brain.search"):
        vec = embedder.embed(["hello"])
    assert embedder.backend == "torch" and vec.shape == (1, 384)
    notices = [r.getMessage() for r in caplog.records]
    assert notices == ["brain: embedding with PyTorch (slower start): onnxruntime is not installed"]
    assert not (tmp_path / "cache").exists()  # nothing exported
    with pytest.raises(SearchError, match="onnxruntime is not installed"):
        BundledEmbedder(backend="onnx").embed(["hello"])


def test_a_failed_check_falls_back_and_is_remembered(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(ox.ENV_CACHE, str(tmp_path))
    monkeypatch.setattr(ox, "MAX_COSINE_GAP", -1.0)  # no export can pass
    embedder = BundledEmbedder()
    with caplog.at_level(logging.WARNING, logger="brain.search"):
        embedder.embed(["hello"])
    assert embedder.backend == "torch"
    (folder,) = (tmp_path / "models").iterdir()
    check = json.loads((folder / ox.CHECK_FILE).read_text())
    assert check["ok"] is False and "cosine gap" in check["reason"]
    assert not (folder / ox.MODEL_FILE).exists()
    assert "failed its check" in caplog.records[-1].getMessage()
    # The next process does not export again: it reads the verdict and uses PyTorch.
    monkeypatch.setattr(ox, "_export", lambda *a: pytest.fail("exported twice"))
    again = BundledEmbedder()
    again.embed(["hello"])
    assert again.backend == "torch"


def test_backend_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN_EMBED_BACKEND", "gpu")
    with pytest.raises(SearchError, match="BRAIN_EMBED_BACKEND must be one of"):
        BundledEmbedder()
    monkeypatch.setenv("BRAIN_EMBED_BACKEND", "torch")
    assert BundledEmbedder().requested == "torch"
