"""Search speed on a LoCoMo-size memory: index build, query latency, freshness, start-up.

    .venv/bin/python benchmarks/bench_search.py [--bench-dir DIR] [--workdir DIR]
                                                [--queries 300] [--json]

One memory holds all of LoCoMo (272 sessions, 5,882 turns, captured once and kept in
--workdir). The script prints:
- index build: BM25 + tables from scratch, and embedding (texts embedded, texts/s; a
  rerun finds them cached by content hash);
- query latency p50/p95 per method with the model already loaded (LoCoMo questions);
- the freshness check every search does (nothing changed), and a search right after a
  new note (the index catches up first);
- CLI start-up: `brain search --method bm25` (no torch) and `--method hybrid`.
Numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evals.locomo import load_questions  # noqa: E402
from ingest.capture import capture_sessions  # noqa: E402
from ingest.formats import locomo  # noqa: E402
from memory_schema import MemoryRepo, init_memory  # noqa: E402
from memory_schema.notes import write_note  # noqa: E402
from search import get_embedder, open_index  # noqa: E402

DEFAULT_BENCH_DIR = Path(os.environ.get("BRAIN_BENCH_DIR", ROOT.parent / "shared" / "bench"))


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def memory_with_all_of_locomo(path: Path, work: Path) -> Path:
    root = work / "locomo-all"
    repo = MemoryRepo.open(root) if (root / ".git").exists() else init_memory(root)[0]
    capture_sessions(repo, locomo.parse(path), command="bench")
    return root


def cli_seconds(root: Path, method: str) -> float:
    env = {**os.environ, "BRAIN_MEMORY": str(root)}
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "brain.cli", "search", "adopted a dog", "--method", method],
        env=env,
        capture_output=True,
        check=True,
    )
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    ap.add_argument("--workdir", type=Path, default=None)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    data = args.bench_dir / "locomo10.json"
    if not data.exists():
        sys.exit(f"LoCoMo not found at {data} (set BRAIN_BENCH_DIR or --bench-dir)")
    work = args.workdir or Path(tempfile.gettempdir()) / "brain-bench-search"
    root = memory_with_all_of_locomo(data, work)
    out: dict[str, object] = {"memory": str(root)}

    embedder = get_embedder()
    t0 = time.perf_counter()
    embedder.embed(["load the model"])
    out["model_load_s"] = round(time.perf_counter() - t0, 2)
    idx = open_index(root, embedder=embedder)
    stats = idx.rebuild(embed=True)
    out["blocks"] = stats.blocks_total
    out["build_bm25_tables_s"] = round(stats.seconds - stats.embed_seconds, 2)
    out["embedded_texts"] = stats.embedded
    out["embed_s"] = round(stats.embed_seconds, 2)
    if stats.embedded:
        out["embed_texts_per_s"] = round(stats.embedded / stats.embed_seconds, 1)

    questions = [q.question for q in load_questions(data)][: args.queries]
    latency: dict[str, dict[str, float]] = {}
    for method in ("bm25", "dense", "hybrid"):
        idx.search("warm up", method=method)
        times = []
        for q in questions:
            t = time.perf_counter()
            idx.search(q, k=10, method=method)
            times.append((time.perf_counter() - t) * 1000)
        latency[method] = {
            "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(pct(times, 95), 2),
        }
    out["query_latency"] = latency
    out["queries"] = len(questions)

    t = time.perf_counter()
    for _ in range(20):
        idx.update(embed=False)
    out["freshness_check_ms"] = round((time.perf_counter() - t) / 20 * 1000, 2)
    write_note(MemoryRepo.open(root), f"bench note {time.time()}: the kayak is blue", topic="bench")
    t = time.perf_counter()
    hits = idx.search("kayak blue", k=1, method="hybrid")
    out["search_after_new_note_ms"] = round((time.perf_counter() - t) * 1000, 2)
    assert hits and hits[0].kind == "note"
    idx.close()
    out["cli_bm25_s"] = round(cli_seconds(root, "bm25"), 2)
    out["cli_hybrid_s"] = round(cli_seconds(root, "hybrid"), 2)

    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"memory: {root} ({out['blocks']} blocks)")
    print(f"model load: {out['model_load_s']} s")
    print(f"index build (BM25 + tables, from scratch): {out['build_bm25_tables_s']} s")
    rate = f", {out['embed_texts_per_s']} texts/s" if stats.embedded else " (all cached)"
    print(f"embeddings: {out['embedded_texts']} texts in {out['embed_s']} s{rate}")
    for method, lat in latency.items():
        print(f"query {method:<7} p50 {lat['p50_ms']:>6.1f} ms   p95 {lat['p95_ms']:>6.1f} ms")
    print(f"freshness check (nothing changed): {out['freshness_check_ms']} ms")
    print(f"first search after a new note (index catches up): {out['search_after_new_note_ms']} ms")
    print(f"CLI `brain search --method bm25`: {out['cli_bm25_s']} s")
    print(f"CLI `brain search --method hybrid` (loads the model): {out['cli_hybrid_s']} s")


if __name__ == "__main__":
    main()
