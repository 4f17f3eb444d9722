"""How good is the wiki Dream writes? Planted facts, citations, currency and the graph.

Runs the extractive Dream engine over synthetic personas (evals.personas: months of
everyday chats with planted facts, gold answers and gold evidence turns) and reports,
per question category:

- gold in wiki: the share of gold evidence turns that some page in knowledge/ cites
  (the measure `brain eval qa` reports);
- stated: the share of questions whose gold answer is written on a wiki line that cites
  a gold evidence turn (the fact is on a page, not only its evidence);
- current (knowledge updates): the new value is in a `## Current` line and the earlier
  value is not, on the page that states it.

And for the wiki as a graph: pages, links, connected components (links taken both ways)
and the share of pages in the largest one, links that Obsidian resolves (by file name),
and claims the semantic validators removed. No questions are asked: this measures only
what Dream wrote, in a few minutes instead of the QA suite's half hour.

Usage: python benchmarks/bench_dream_wiki.py [--personas 5] [--seed 7] [--no-embed]
       [--keep DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dream import DreamOptions
from evals.metrics import contains
from evals.personas import CATEGORIES, generate_personas
from evals.qa import dream_until_done
from ingest.capture import capture_sessions
from memory_schema import init_memory
from memory_schema.links import CITE_RE, WIKILINK_RE, link_target_for_path
from memory_schema.page import Page
from memory_schema.store import load_pages
from validators.semantic import plain_claim

_HEADING = re.compile(r"^## (.+)$")


def wiki_lines(pages: list[Page]) -> list[dict[str, Any]]:
    """Every line of every knowledge page with its section and the (path, anchor) it cites."""
    out = []
    for page in pages:
        defs = {d.n: (d.target, d.anchor) for d in page.citation_defs()}
        section = ""
        for line in page.body.split("\n"):
            m = _HEADING.match(line)
            if m:
                section = m.group(1).strip()
                continue
            if section == "Citations":
                break
            cites = {defs[int(n)] for n in CITE_RE.findall(line) if int(n) in defs}
            text = plain_claim(line)  # [[Acme Corp|Acme]] -> Acme
            out.append({"page": page.path, "section": section, "text": text, "cites": cites})
    return out


def graph(pages: list[Page]) -> dict[str, Any]:
    """Components of the link graph of knowledge/ (undirected) and Obsidian-resolvable links."""
    stems = {p.path.rsplit("/", 1)[-1][:-3].casefold(): p.path for p in pages}
    parent = {p.path: p.path for p in pages}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    links = resolved = 0
    for p in pages:
        for m in WIKILINK_RE.finditer(p.body):
            target = m.group(2)
            if target.startswith(("sessions/", "sources/")):
                continue
            links += 1
            dst = stems.get(target.rsplit("/", 1)[-1].casefold())
            if dst is None:
                continue
            resolved += 1
            parent[find(p.path)] = find(dst)
    sizes: dict[str, int] = defaultdict(int)
    for p in pages:
        sizes[find(p.path)] += 1
    biggest = max(sizes.values(), default=0)
    return {
        "pages": len(pages),
        "links": links,
        "links_resolving_by_file_name": resolved,
        "components": len(sizes),
        "largest_component_share": biggest / len(pages) if pages else 0.0,
    }


def score_persona(persona: Any, pages: list[Page]) -> list[dict[str, Any]]:
    lines = wiki_lines(pages)
    cited = set().union(*(x["cites"] for x in lines)) if lines else set()
    rows = []
    for q in persona.questions:
        if not q.evidence:
            continue
        gold = {(link_target_for_path(e.path), e.anchor) for e in q.evidence}
        row = {
            "category": q.category,
            "gold_in_wiki": sum(g in cited for g in gold) / len(gold),
            "stated": float(any(x["cites"] & gold and contains(x["text"], q.golds) for x in lines)),
        }
        if q.category == "knowledge-update":
            pages = {
                x["page"]
                for x in lines
                if x["section"] == "Current" and contains(x["text"], q.golds)
            }
            stale = any(
                x["page"] in pages and x["section"] == "Current" and contains(x["text"], q.stale)
                for x in lines
            )
            row["current"] = float(bool(pages) and not stale)
        rows.append(row)
    return rows


def run(personas: int, seed: int, embed: bool, workdir: Path) -> dict[str, Any]:
    embedder = None
    if embed:
        from search import get_embedder

        embedder = get_embedder()
    rows: list[dict[str, Any]] = []
    graphs, removed, seconds = [], 0, 0.0
    for persona in generate_personas(seed, personas):
        repo, _ = init_memory(workdir / persona.id)
        capture_sessions(repo, persona.sessions)
        today = persona.asked_at.date()
        t0 = time.perf_counter()
        results = dream_until_done(repo, DreamOptions(embedder=embedder, today=today))
        removed += sum(len(r.claims_removed) for r in results)
        seconds += time.perf_counter() - t0
        pages = load_pages(repo.root)
        rows += score_persona(persona, pages)
        graphs.append(graph(pages))
    by_cat: dict[str, dict[str, float]] = {}
    for cat in CATEGORIES:
        mine = [r for r in rows if r["category"] == cat]
        if not mine:
            continue
        keys = [k for k in ("gold_in_wiki", "stated", "current") if k in mine[0]]
        by_cat[cat] = {k: sum(r[k] for r in mine) / len(mine) for k in keys} | {"n": len(mine)}
    overall = {k: sum(r[k] for r in rows) / len(rows) for k in ("gold_in_wiki", "stated")} | {
        "n": len(rows)
    }
    g = {
        k: sum(x[k] for x in graphs) / len(graphs)
        for k in ("pages", "components", "largest_component_share")
    }
    g["links_resolving_by_file_name"] = sum(
        x["links_resolving_by_file_name"] for x in graphs
    ) / max(1, sum(x["links"] for x in graphs))
    return {
        "personas": personas,
        "seed": seed,
        "by_category": by_cat,
        "overall": overall,
        "graph_mean_per_persona": g,
        "claims_removed": removed,
        "dream_seconds": round(seconds, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--personas", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-embed", action="store_true", help="no embeddings for name matching")
    ap.add_argument("--keep", type=Path, help="build the memories here and keep them")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        res = run(args.personas, args.seed, not args.no_embed, args.keep)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            res = run(args.personas, args.seed, not args.no_embed, Path(tmp))
    if args.json:
        print(json.dumps(res, indent=2))
        return
    print(f"Dream wiki quality, {res['personas']} personas (seed {res['seed']}), extractive")
    print(f"{'category':<18}{'n':>4}{'gold in wiki':>14}{'stated':>9}{'current':>9}")
    for cat, v in res["by_category"].items():
        cur = f"{v['current']:.1%}" if "current" in v else "-"
        print(f"{cat:<18}{v['n']:>4}{v['gold_in_wiki']:>14.1%}{v['stated']:>9.1%}{cur:>9}")
    o = res["overall"]
    print(f"{'all':<18}{o['n']:>4}{o['gold_in_wiki']:>14.1%}{o['stated']:>9.1%}")
    g = res["graph_mean_per_persona"]
    print(
        f"graph per persona: {g['pages']:.1f} pages, {g['components']:.1f} components, "
        f"largest holds {g['largest_component_share']:.0%}; "
        f"{g['links_resolving_by_file_name']:.0%} of links resolve by file name"
    )
    print(
        f"claims removed by the validators: {res['claims_removed']}; Dream {res['dream_seconds']} s"
    )


if __name__ == "__main__":
    main()
