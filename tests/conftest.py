"""Shared fixtures: real memory repos in tmp_path, benchmark data when present."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memory_schema import MemoryRepo, init_memory

PROJECT_ROOT = Path(__file__).resolve().parent.parent
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
