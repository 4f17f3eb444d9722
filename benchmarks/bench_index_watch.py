"""What the index watcher of `brain mcp` saves: searches that need not compare every file.

    .venv/bin/python benchmarks/bench_index_watch.py [--notes 3000] [--searches 50] [--json]

A memory of --notes synthetic notes (one commit), indexed once (BM25 only: no model).
The script prints the BM25 search latency (p50, p95) without a watcher, where every
search compares each file's size and mtime with the index, and with one
(search/watch.py), where a search trusts the watcher; then, with the watcher, the time
from a hand edit to the first search that returns the new text, and the time the
watcher alone takes to apply it (no search). Numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memory_schema import init_memory  # noqa: E402
from search import open_index  # noqa: E402
from search.watch import IndexWatcher  # noqa: E402

WORDS = [
    "heron",
    "otter",
    "badger",
    "kestrel",
    "lapwing",
    "marten",
    "vole",
    "curlew",
    "plover",
    "stoat",
]


def _latencies(index, n: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for i in range(n):
        t = time.perf_counter()
        index.search(WORDS[i % len(WORDS)], k=5, method="bm25")
        out.append((time.perf_counter() - t) * 1000)
    return out


def _stats(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {"p50_ms": round(statistics.median(ms), 2), "p95_ms": round(ms[int(0.95 * len(ms))], 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notes", type=int, default=3000)
    ap.add_argument("--searches", type=int, default=50)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo, _ = init_memory(Path(tmp) / "memory")
        with repo.transaction("bench notes", {"Brain-Command": "bench"}) as tx:
            for i in range(args.notes):
                w = WORDS[i % len(WORDS)]
                tx.write(
                    f"notes/n{i // 500}/note-{i}.md", f"# Note {i}\n\nA {w} seen, number {i}.\n"
                )
        index = open_index(repo.root)
        t = time.perf_counter()
        index.update(embed=False)
        out: dict[str, object] = {"notes": args.notes}
        out["index_build_s"] = round(time.perf_counter() - t, 2)
        out["unwatched"] = _stats(_latencies(index, args.searches))
        target = repo.root / "notes/n0/note-7.md"
        with IndexWatcher(index) as watcher:
            _latencies(index, 1)  # the first watched search still compares every file
            out["watched"] = _stats(_latencies(index, args.searches))
            target.write_text("# Note 7\n\nA nightjar seen.\n")
            t = time.perf_counter()
            while not index.search("nightjar", k=1, method="bm25"):
                time.sleep(0.01)
            out["hand_edit_to_found_ms"] = round((time.perf_counter() - t) * 1000, 1)
            applied = watcher.applied
            target.write_text("# Note 7\n\nA wryneck seen.\n")
            t = time.perf_counter()
            while watcher.applied == applied:
                time.sleep(0.005)
            out["watcher_applies_alone_ms"] = round((time.perf_counter() - t) * 1000, 1)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"notes: {out['notes']}, index build (BM25): {out['index_build_s']} s")
    print(f"search without a watcher (every file compared): {out['unwatched']}")
    print(f"search with the watcher: {out['watched']}")
    print(f"hand edit to the first search that finds it: {out['hand_edit_to_found_ms']} ms")
    print(f"hand edit applied by the watcher alone (debounce 0.5 s): "
          f"{out['watcher_applies_alone_ms']} ms")  # fmt: skip


if __name__ == "__main__":
    main()
