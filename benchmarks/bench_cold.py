"""Cold start: how long `brain` takes in a new process, on a LoCoMo-size memory.

    .venv/bin/python benchmarks/bench_cold.py [--memory PATH | --dataset locomo10.json]
        [--runs 10] [--workdir DIR] [--src DIR] [--no-retrieval] [--questions N] [--json]

Agents call `brain search` and `brain ask` as tools, one process per call, so what counts
is a new interpreter each time. The script:
- builds (or reuses) one memory holding all ten LoCoMo conversations (272 sessions, 5,882
  turns), unless --memory names one;
- runs `brain --help`, `brain search --method bm25`, `brain search` (hybrid) and
  `brain ask` (extractive, --no-record) as fresh subprocesses, round-robin, --runs times
  each after one untimed warm-up, and prints p50/p95 wall time and CPU time. "Cold
  process", not cold machine: the OS page cache cannot be dropped here, and Python's
  bytecode cache is allowed (PYTHONDONTWRITEBYTECODE is removed for the children, as an
  installed package has its bytecode compiled);
- measures indexing: BM25 + tables from scratch, and embedding throughput with PyTorch and
  with the ONNX export (each builds its own index, vectors not shared);
- checks that search gives the same top 10 with either embedder on every LoCoMo question
  (hybrid and dense), and the same when the index holds PyTorch vectors and the query is
  embedded by ONNX (an index built before the ONNX embedder existed).
The load average is printed before and after: the machine may be shared. Nothing is
asserted; --src DIR runs the commands from another checkout (to compare with a commit).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATASET = (
    Path(os.environ.get("BRAIN_BENCH_DIR", ROOT.parent / "shared" / "bench")) / "locomo10.json"
)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def build_memory(dataset: Path, work: Path) -> Path:
    from ingest.capture import capture_sessions
    from ingest.formats import locomo
    from memory_schema import MemoryRepo, init_memory

    root = work / "locomo-all"
    repo = MemoryRepo.open(root) if (root / ".git").exists() else init_memory(root)[0]
    capture_sessions(repo, locomo.parse(dataset), command="bench")
    return root


def questions_of(dataset: Path | None) -> list[str]:
    if dataset is None or not dataset.exists():
        return ["what did she adopt", "When did Caroline go to the support group?"]
    from evals.locomo import load_questions

    return [q.question for q in load_questions(dataset)]


def run_cold(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one `brain` process, run from the checkout being timed
    (`python -m` puts the working folder first on the path)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "brain.cli", *argv],
        env=env,
        cwd=env["PYTHONPATH"],
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"brain {' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def cold_timings(root: Path, questions: list[str], runs: int, src: Path) -> dict[str, dict]:
    env = {**os.environ, "BRAIN_MEMORY": str(root), "PYTHONPATH": str(src)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {
        "brain --help": lambda q: ["--help"],
        "search --method bm25": lambda q: ["search", q, "--method", "bm25"],
        "search (hybrid)": lambda q: ["search", q],
        "ask (extractive)": lambda q: ["ask", q, "--no-record", "--engine", "extractive"],
    }
    for make in commands.values():  # warm-up: bytecode, page cache, the index up to date
        run_cold(make(questions[0]), env)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(runs):
        q = questions[(i * 97 + 1) % len(questions)]
        for name, make in commands.items():  # round-robin: load changes hit every command
            wall, cpu = run_cold(make(q), env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {
        name: {
            "p50_s": round(statistics.median(walls[name]), 2),
            "p95_s": round(pct(walls[name], 95), 2),
            "cpu_p50_s": round(statistics.median(cpus[name]), 2),
        }
        for name in commands
    }


def indexing_and_retrieval(
    root: Path, questions: list[str], work: Path, retrieval: bool
) -> dict[str, object]:
    from search import BundledEmbedder, open_index

    out: dict[str, object] = {}
    scratch = Path(tempfile.mkdtemp(prefix="bench-cold-", dir=work))
    try:
        idx = open_index(root, cache_dir=scratch / "bm25" / "search")
        stats = idx.rebuild(embed=False)
        out["blocks"] = stats.blocks_total
        out["bm25_tables_s"] = round(stats.seconds, 2)
        idx.close()
        embedders = {"torch": BundledEmbedder(backend="torch"), "onnx": BundledEmbedder()}
        indexes = {}
        for name, embedder in embedders.items():
            embedder.embed(["load the model"])  # loading is not indexing
            # Each in its own parent folder: the vector cache lives beside the index.
            idx = open_index(root, embedder=embedder, cache_dir=scratch / name / "search")
            stats = idx.rebuild(embed=True)
            out[f"embed_{name}_texts_per_s"] = round(stats.embedded / stats.embed_seconds, 1)
            out[f"embed_{name}_texts"] = stats.embedded
            indexes[name] = idx
        out["onnx_backend"] = embedders["onnx"].backend
        if not retrieval:
            return out
        # An index of PyTorch vectors queried through ONNX: a memory indexed before.
        mixed = open_index(root, embedder=embedders["onnx"], cache_dir=scratch / "torch" / "search")
        pairs = {"onnx": indexes["onnx"], "torch index, onnx query": mixed}
        for method in ("hybrid", "dense"):
            want = [
                [h.link for h in indexes["torch"].search(q, k=10, method=method)] for q in questions
            ]
            for label, other in pairs.items():
                same = same_set = 0
                for q, a in zip(questions, want, strict=True):
                    b = [h.link for h in other.search(q, k=10, method=method)]
                    same += a == b
                    same_set += set(a) == set(b)
                out[f"top10_{method}_{label}"] = f"{same}/{len(questions)}"
                out[f"top10set_{method}_{label}"] = f"{same_set}/{len(questions)}"
        return out
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--memory", type=Path, help="an existing memory (default: build LoCoMo)")
    ap.add_argument("--dataset", type=Path, default=DEFAULT_DATASET)
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "bench-cold")
    ap.add_argument("--runs", type=int, default=10, help="0: no cold timings")
    ap.add_argument("--src", type=Path, default=ROOT, help="checkout whose brain is timed")
    ap.add_argument("--no-retrieval", action="store_true", help="skip indexing and top-10")
    ap.add_argument("--questions", type=int, default=None, help="top-10 check on N questions")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.memory is None and not args.dataset.exists():
        sys.exit(f"LoCoMo not found at {args.dataset} (--dataset, or --memory PATH)")
    args.workdir.mkdir(parents=True, exist_ok=True)
    root = args.memory or build_memory(args.dataset, args.workdir)
    questions = questions_of(args.dataset)
    out: dict[str, object] = {"memory": str(root), "src": str(args.src), "runs": args.runs}
    out["load_before"] = [round(x, 2) for x in os.getloadavg()]
    out["cold"] = cold_timings(root, questions, args.runs, args.src) if args.runs > 0 else {}
    out["load_after_cold"] = [round(x, 2) for x in os.getloadavg()]
    if not args.no_retrieval:
        checked = questions[: args.questions] if args.questions else questions
        out["questions_checked"] = len(checked)
        out.update(indexing_and_retrieval(root, checked, args.workdir, retrieval=True))
        out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"memory: {root}   code: {args.src}")
    print(f"load average (1, 5, 15 min) before: {out['load_before']}")
    print(f"cold process, {args.runs} runs each (wall seconds; CPU seconds of the process):")
    print(f"  {'command':<22} {'p50':>6} {'p95':>6} {'CPU p50':>8}")
    for name, row in out["cold"].items():  # type: ignore[union-attr]
        print(f"  {name:<22} {row['p50_s']:>6.2f} {row['p95_s']:>6.2f} {row['cpu_p50_s']:>8.2f}")
    print(f"load average after: {out['load_after_cold']}")
    if args.no_retrieval:
        return
    print(
        f"indexing: BM25 + tables for {out['blocks']} blocks in {out['bm25_tables_s']} s; "
        f"embedding {out['embed_torch_texts_per_s']} texts/s with PyTorch, "
        f"{out['embed_onnx_texts_per_s']} texts/s with ONNX ({out['onnx_backend']})"
    )
    print(f"same top 10 as PyTorch, {out['questions_checked']} LoCoMo questions (order; as a set):")
    for method in ("hybrid", "dense"):
        for label in ("onnx", "torch index, onnx query"):
            print(
                f"  {method:<6} {label:<24} {out[f'top10_{method}_{label}']:>10}"
                f"  {out[f'top10set_{method}_{label}']:>10}"
            )
    print(f"load average after: {out['load_after']}")


if __name__ == "__main__":
    main()
