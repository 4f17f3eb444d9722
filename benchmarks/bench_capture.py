"""Capture speed: all of LoCoMo, and per-document ingestion of a mixed corpus.

    .venv/bin/python benchmarks/bench_capture.py [--bench-dir DIR] [--docs 48] [--json]

Part 1 captures every LoCoMo session (272 sessions, 5,882 turns) into a fresh memory in
one commit, then captures it all again (the idempotent no-op path). Part 2 generates a
corpus of mixed documents (20-page and 3-page PDFs, DOCX, PPTX, HTML, Markdown, text)
and captures each document on its own, as `brain capture source FILE` does: fetch,
convert, render, one Git commit. It prints P50/P90 per kind. Embeddings are not
involved (search indexing is separate).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest.capture import capture_sessions  # noqa: E402
from ingest.documents import convert, detect_kind  # noqa: E402
from ingest.formats import locomo  # noqa: E402
from ingest.sources import capture_sources  # noqa: E402
from memory_schema import init_memory  # noqa: E402
from tests.fixtures.ingest.docgen import SENTENCE, make_docx, make_pdf, make_pptx  # noqa: E402

DEFAULT_BENCH_DIR = Path(os.environ.get("BRAIN_BENCH_DIR", ROOT.parent / "shared" / "bench"))


def bench_locomo(path: Path, work: Path) -> dict[str, float]:
    t0 = time.perf_counter()
    sessions = locomo.parse(path)
    t_parse = time.perf_counter() - t0
    repo, _ = init_memory(work / "locomo-memory")
    t0 = time.perf_counter()
    report = capture_sessions(repo, sessions)
    t_capture = time.perf_counter() - t0
    t0 = time.perf_counter()
    again = capture_sessions(repo, locomo.parse(path))
    t_again = time.perf_counter() - t0
    turns = sum(len(s.turns) for s in sessions)
    assert len(report.captured) == len(sessions) and again.commit is None
    total = t_parse + t_capture
    return {
        "sessions": len(sessions),
        "turns": turns,
        "parse_s": round(t_parse, 3),
        "capture_s": round(t_capture, 3),
        "total_s": round(total, 3),
        "sessions_per_s": round(len(sessions) / total, 1),
        "turns_per_s": round(turns / total, 1),
        "recapture_noop_s": round(t_again, 3),
    }


def make_corpus(folder: Path, n_docs: int) -> list[tuple[str, Path]]:
    """(kind label, path) for a mixed corpus; a quarter of it is 20-page PDFs."""
    folder.mkdir(parents=True, exist_ok=True)
    kinds = ["pdf-20p", "pdf-3p", "docx", "pptx", "html", "md", "txt", "pdf-20p"]
    docs = []
    for i in range(n_docs):
        kind = kinds[i % len(kinds)]
        stem = folder / f"doc{i:03d}"
        if kind == "pdf-20p":
            path = make_pdf(stem.with_suffix(".pdf"), pages=20, title=f"Report {i}")
        elif kind == "pdf-3p":
            path = make_pdf(stem.with_suffix(".pdf"), pages=3, title=f"Memo {i}")
        elif kind == "docx":
            path = make_docx(stem.with_suffix(".docx"), sections=6, title=f"Handbook {i}")
        elif kind == "pptx":
            path = make_pptx(stem.with_suffix(".pptx"), slides=15, title=f"Review {i}")
        elif kind == "html":
            rows = "".join(
                f"<tr><th>Item {r}</th><td>{r * 3}</td><td>{r * 5}</td></tr>" for r in range(30)
            )
            body = "".join(
                f"<h2>Part {k}</h2><p>{SENTENCE * 4}</p><ul><li>a</li><li>b</li></ul>"
                for k in range(20)
            )
            table = f"<table><tr><th>Item</th><th>Q1</th><th>Q2</th></tr>{rows}</table>"
            path = stem.with_suffix(".html")
            head = f"<html><head><title>Page {i}</title></head>"
            path.write_text(f"{head}<body><nav>menu</nav><main>{body}{table}</main></body></html>")
        elif kind == "md":
            parts = [f"# Notes {i}"]
            for k in range(30):
                parts += [
                    f"## Topic {k}",
                    SENTENCE * 3,
                    "- one\n- two",
                    "| a | b |\n|---|---|\n| 1 | 2 |",
                ]
            path = stem.with_suffix(".md")
            path.write_text("\n\n".join(parts) + "\n")
        else:
            path = stem.with_suffix(".txt")
            path.write_text(f"Log {i}\n\n" + "\n\n".join(SENTENCE * 3 for _ in range(60)) + "\n")
        docs.append((kind, path))
    return docs


def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]


def bench_documents(work: Path, n_docs: int) -> dict[str, object]:
    docs = make_corpus(work / "corpus", n_docs)
    repo, _ = init_memory(work / "docs-memory")
    convert_s: dict[str, list[float]] = {}
    pages: dict[str, int | None] = {}
    total_s: dict[str, list[float]] = {}
    for kind, path in docs:
        data = path.read_bytes()
        t0 = time.perf_counter()
        doc = convert(data, str(path), detect_kind(path.name, data))
        pages[kind] = max(doc.pages or 0, pages.get(kind) or 0) or None
        convert_s.setdefault(kind, []).append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        report = capture_sources(repo, [str(path)])
        total_s.setdefault(kind, []).append(time.perf_counter() - t0)
        assert report.captured, report.as_dict()
    every = [t for ts in total_s.values() for t in ts]
    per_kind = {
        kind: {
            "n": len(ts),
            "pages": pages[kind],
            "convert_p50_s": round(_pct(convert_s[kind], 50), 3),
            "capture_p50_s": round(_pct(ts, 50), 3),
            "capture_p90_s": round(_pct(ts, 90), 3),
            "capture_max_s": round(max(ts), 3),
        }
        for kind, ts in sorted(total_s.items())
    }
    return {
        "documents": len(docs),
        "p50_s": round(_pct(every, 50), 3),
        "p90_s": round(_pct(every, 90), 3),
        "max_s": round(max(every), 3),
        "per_kind": per_kind,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    parser.add_argument("--docs", type=int, default=48, help="documents in the corpus (>= 40)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="bench-capture-") as tmp:
        work = Path(tmp)
        locomo_path = args.bench_dir / "locomo10.json"
        if locomo_path.exists():
            results["locomo"] = bench_locomo(locomo_path, work)
        else:
            print(f"LoCoMo not found at {locomo_path}; skipping part 1", file=sys.stderr)
        results["documents"] = bench_documents(work, args.docs)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    if "locomo" in results:
        lo = results["locomo"]
        assert isinstance(lo, dict)
        print(
            f"LoCoMo: {lo['sessions']} sessions, {lo['turns']} turns captured in "
            f"{lo['total_s']:.2f} s (parse {lo['parse_s']:.2f} s + capture "
            f"{lo['capture_s']:.2f} s, one commit) = {lo['sessions_per_s']:.0f} sessions/s, "
            f"{lo['turns_per_s']:.0f} turns/s; capturing it again (no change): "
            f"{lo['recapture_noop_s']:.2f} s"
        )
    docs = results["documents"]
    assert isinstance(docs, dict)
    print(
        f"Documents: {docs['documents']} captured one by one (convert + render + commit): "
        f"P50 {docs['p50_s']:.3f} s, P90 {docs['p90_s']:.3f} s, max {docs['max_s']:.3f} s"
    )
    print(
        f"{'kind':<8} {'n':>3} {'pages':>5} {'convert P50':>12} {'capture P50':>12} "
        f"{'P90':>8} {'max':>8}"
    )
    for kind, row in docs["per_kind"].items():  # type: ignore[union-attr]
        print(
            f"{kind:<8} {row['n']:>3} {row['pages'] or '-':>5} {row['convert_p50_s']:>11.3f}s "
            f"{row['capture_p50_s']:>11.3f}s {row['capture_p90_s']:>7.3f}s "
            f"{row['capture_max_s']:>7.3f}s"
        )


if __name__ == "__main__":
    main()
