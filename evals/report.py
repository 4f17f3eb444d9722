"""Aggregate QA rows into results, and write report.md, results.json and a PNG chart."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import coverage
from . import metrics as m

if TYPE_CHECKING:
    from .qa import QAOptions
    from .qa_data import Unit

#: Per-row metrics averaged per condition and category (rows lacking one are skipped).
RATE_METRICS = (
    "correct",
    "contains",
    "em",
    "f1",
    "evidence_recall",
    "touched_gold",
    "stale",
    "gold_in_wiki",
    "gold_in_wiki_or_summaries",
)
COST_METRICS = ("seconds", "tokens", "chars_returned", "bytes_read", "tool_calls")
#: Metrics compared between conditions, question by question.
PAIRED_METRICS = (
    "correct",
    "f1",
    "evidence_recall",
    "touched_gold",
    "judge",
    "locomo_f1",
    "chars_returned",
    "seconds",
    "tokens",
)
OVERALL, ALL = "overall", "all"
HEADLINE_CATEGORIES = (1, 2, 3, 4)  # LoCoMo's; evals.locomo reports category 5 apart


def _value(row: dict[str, Any], metric: str, key: str = "original") -> float | None:
    """A row's value of a metric; `key="audited"` reads the audit's key where it differs."""
    if metric == "judge":
        v = (row.get("judge") or {}).get("score")
    elif metric == "files_read":
        v = len(row.get("files_read") or [])
    else:
        v = row.get(metric)
        if key == "audited" and metric in (row.get("audited") or {}):
            v = row["audited"][metric]
    return None if v is None else float(v)


def aggregate(rows: Sequence[dict[str, Any]], key: str = "original") -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for metric in (*RATE_METRICS, "judge", "locomo_f1", *COST_METRICS, "files_read"):
        values = [v for r in rows if (v := _value(r, metric, key)) is not None]
        if values:
            out[metric] = round(m.mean(values) or 0.0, 4)
    secs = sorted(r["seconds"] for r in rows)
    if secs:
        out["seconds_p50"] = round(secs[len(secs) // 2], 3)
        out["seconds_p90"] = round(secs[min(len(secs) - 1, int(0.9 * len(secs)))], 3)
    out["abstained"] = round(m.mean([float(r["abstained"]) for r in rows]) or 0.0, 4)
    return out


def groups(rows: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Rows by report line: overall, then each category. For LoCoMo, overall is its
    headline (categories 1-4, as `brain eval retrieval` reports it) and "all" adds the
    adversarial category 5."""
    out: dict[str, list[dict[str, Any]]] = {}
    if any("locomo_category" in r for r in rows):
        out[OVERALL] = [r for r in rows if r.get("locomo_category") in HEADLINE_CATEGORIES]
        out[ALL] = list(rows)
    else:
        out[OVERALL] = list(rows)
    for r in sorted(rows, key=_category_order):
        out.setdefault(r["category"], []).append(r)
    return out


def _category_order(row: dict[str, Any]) -> tuple[int, str]:
    from .handwritten import CATEGORIES as HANDWRITTEN
    from .personas.model import CATEGORIES

    cat = row["category"]
    rank = row.get("locomo_category") or (
        CATEGORIES.index(cat)
        if cat in CATEGORIES
        else 10 + HANDWRITTEN.index(cat)
        if cat in HANDWRITTEN
        else 99
    )
    return int(rank), cat


def _by_category(rows: list[dict[str, Any]], key: str = "original") -> dict[str, Any]:
    return {name: aggregate(rs, key) for name, rs in groups(rows).items()}


def paired(
    rows: list[dict[str, Any]], a: str, b: str, seed: int, key: str = "original"
) -> dict[str, Any]:
    """Per category and overall: mean of (a - b) per question, bootstrap 95% interval."""
    by_id: dict[str, dict[str, dict[str, Any]]] = {}
    for r in rows:
        by_id.setdefault(r["id"], {})[r["condition"]] = r
    partner = {id(p[a]): p[b] for p in by_id.values() if a in p and b in p}
    out: dict[str, Any] = {}
    for cat, rs in groups([r for r in rows if id(r) in partner]).items():
        chosen = [(x, partner[id(x)]) for x in rs]
        out[cat] = {}
        for metric in PAIRED_METRICS:
            va, vb = [], []
            for x, y in chosen:
                u, v = _value(x, metric, key), _value(y, metric, key)
                if u is not None and v is not None:
                    va.append(u)
                    vb.append(v)
            if va:
                out[cat][metric] = m.paired_difference(va, vb, seed=seed)
    return out


def summarize(
    o: QAOptions,
    units: list[Unit],
    rows: list[dict[str, Any]],
    builds: dict[str, Any],
    seconds: float,
) -> dict[str, Any]:
    conds = o.conditions
    totals = {
        k: round(sum(b[k] for b in builds.values()), 3)
        for k in ("sessions", "turns", "pages", "capture_seconds", "dream_seconds", "index_seconds")
    }
    results: dict[str, Any] = {
        "dataset": o.dataset,
        "engine": o.engine,
        "ablation": o.ablation,
        "quick": o.quick,
        "conditions": conds,
        "created": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "judge": o.judge.name if o.judge else None,
        "units": len(units),
        "questions": sum(len(u.questions) for u in units),
        "seconds": round(seconds, 1),
        "build": {"total": totals, "units": builds},
    }
    if o.dataset == "personas":
        results["personas"] = len(units)
    results["keys"] = ["original"]
    if o.dataset == "locomo":
        results["locomo"] = {"file": str(o.locomo_path), "audit": str(o.audit_dir or "")}
        if o.audit_dir:
            results["keys"].append("audited")
    results["seed"] = o.seed
    results["coverage"] = coverage.pooled(b["coverage"] for b in builds.values() if "coverage" in b)
    return score_results(results, rows)


def score_results(results: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Fill summary and paired differences from the rows (also to re-score a results.json
    written by an older version: `score_results(old, old["rows"])`)."""
    conds, keys, seed = results["conditions"], results.get("keys", ["original"]), results["seed"]
    results["summary"] = {
        key: {c: _by_category([r for r in rows if r["condition"] == c], key) for c in conds}
        for key in keys
    }
    if len(conds) == 2:
        results["paired"] = {key: paired(rows, conds[0], conds[1], seed, key) for key in keys}
    results["rows"] = rows
    return results


def headline(results: dict[str, Any]) -> dict[str, Any]:
    """results.json without the per-question rows: what --json prints."""
    return {k: v for k, v in results.items() if k != "rows"}


# ---------------------------------------------------------------------- writing


def _fmt(v: Any, pct: bool = True) -> str:
    if v is None:
        return "–"
    return f"{100 * v:.1f}" if pct else (f"{v:,.0f}" if abs(v) >= 100 else f"{v:.2f}")


def _ci(d: dict[str, Any] | None, pct: bool = True) -> str:
    if not d or d.get("mean") is None:
        return "–"
    scale = 100 if pct else 1
    text = f"{d['mean'] * scale:+.1f}" if pct else f"{d['mean']:+.2f}"
    if d.get("ci95"):
        lo, hi = (x * scale for x in d["ci95"])
        text += f" [{lo:+.1f}, {hi:+.1f}]" if pct else f" [{lo:+.2f}, {hi:+.2f}]"
    return text + (" *" if d.get("significant") else "")


_COLUMNS: list[tuple[str, str, bool]] = [
    ("correct", "correct %", True),
    ("contains", "gold anywhere %", True),
    ("f1", "token F1 %", True),
    ("locomo_f1", "LoCoMo F1 %", True),
    ("judge", "judge 0-5", False),
    ("evidence_recall", "evidence recall %", True),
    ("touched_gold", "touched gold %", True),
    ("gold_in_wiki", "gold in wiki %", True),
    ("gold_in_wiki_or_summaries", "gold in wiki+summaries %", True),
    ("abstained", "abstained %", True),
    ("chars_returned", "chars read", False),
    ("seconds", "s / question", False),
]


def _table(block: dict[str, Any]) -> list[str]:
    cols = [c for c in _COLUMNS if any(c[0] in v for v in block.values())]
    lines = ["| category | n | " + " | ".join(c[1] for c in cols) + " |"]
    lines.append("|---|---:|" + "---:|" * len(cols))
    for cat, agg in block.items():
        cells = [_fmt(agg.get(k), pct) for k, _, pct in cols]
        lines.append(f"| {cat} | {agg['n']} | " + " | ".join(cells) + " |")
    return lines


def _paired_table(block: dict[str, Any]) -> list[str]:
    cols = [
        (k, t, p)
        for k, t, p in [
            ("correct", "correct (pts)", True),
            ("locomo_f1", "LoCoMo F1 (pts)", True),
            ("judge", "judge", False),
            ("evidence_recall", "evidence recall (pts)", True),
            ("touched_gold", "touched gold (pts)", True),
            ("chars_returned", "chars read", False),
            ("seconds", "seconds", False),
        ]
        if any(k in v for v in block.values())
    ]
    lines = ["| category | " + " | ".join(c[1] for c in cols) + " |"]
    lines.append("|---|" + "---:|" * len(cols))
    for cat, d in block.items():
        lines.append(f"| {cat} | " + " | ".join(_ci(d.get(k), p) for k, _, p in cols) + " |")
    return lines


def render_markdown(results: dict[str, Any], chart: str | None) -> str:
    r = results
    title = f"QA evaluation: {r['dataset']}, {r['engine']} engine"
    if len(r["conditions"]) == 2:
        title += ", wiki on vs off"
    b = r["build"]["total"]
    lines = [
        f"# {title}",
        "",
        f"{r['units']} memories, {r['questions']} questions, conditions: "
        f"{', '.join(r['conditions'])}{' (quick subset)' if r['quick'] else ''}. "
        f"Created {r['created']} in {r['seconds']:.0f} s."
        + (f" Judge: {r['judge']}." if r["judge"] else " No LLM judge (none configured)."),
        "",
        f"Built through the production pipeline: {b['sessions']:.0f} sessions "
        f"({b['turns']:.0f} turns) captured in {b['capture_seconds']:.1f} s, dreamed into "
        f"{b['pages']:.0f} wiki pages in {b['dream_seconds']:.1f} s, indexed in "
        f"{b['index_seconds']:.1f} s.",
    ]
    if r.get("coverage"):
        lines += ["", *_coverage_lines(r["coverage"])]
        lines += ["", *_by_memory_lines(r)]
    for key, per_cond in r["summary"].items():
        label = " (audit-corrected key)" if key == "audited" else ""
        if r["dataset"] == "locomo" and key == "original":
            label = " (original answer key)"
        for cond, block in per_cond.items():
            lines += ["", f"## {cond}{label}", "", *_table(block)]
        if "paired" in r:
            a, c = r["conditions"]
            lines += [
                "",
                f"## Paired difference, {a} minus {c}{label}",
                "",
                "Mean per-question difference with a 95% bootstrap interval (2,000 "
                "resamples, seeded); * marks an interval that excludes zero. Percent "
                "metrics are in points.",
                "",
                *_paired_table(r["paired"][key]),
            ]
    if chart:
        lines += ["", f"![by category]({chart})"]
    lines += ["", "## Metrics", "", *_NOTES]
    return "\n".join(lines) + "\n"


def _coverage_lines(c: dict[str, Any]) -> list[str]:
    """The built wiki against the gold evidence and the transcripts (pooled over units)."""
    per = c.get("pages_per_unit")
    return [
        "## The built wiki",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| gold evidence blocks cited by knowledge/ pages | {_fmt(c.get('gold_cited_by_pages'))}% "
        f"({c['cited_by_pages']} of {c['gold_blocks']}) |",
        "| gold evidence blocks cited by pages or session summaries | "
        f"{_fmt(c.get('gold_cited_by_pages_or_summaries'))}% "
        f"({c['cited_by_pages_or_summaries']} of {c['gold_blocks']}) |",
        f"| wiki prose as a share of transcript text | {_fmt(c.get('wiki_to_transcript'))}% "
        f"({c['wiki_prose_chars']:,} of {c['transcript_chars']:,} characters) |",
        "| pages and session summaries' prose as a share of transcript text | "
        f"{_fmt(c.get('wiki_and_summaries_to_transcript'))}% |",
        f"| pages per memory | {'–' if per is None else f'{per:.1f}'} |",
    ]


def _by_memory_lines(r: dict[str, Any]) -> list[str]:
    """One line per memory: its answers in the first condition and what its wiki holds."""
    cond = r["conditions"][0]
    rows: dict[str, list[dict[str, Any]]] = {}
    for row in r.get("rows") or []:
        if row["condition"] == cond:
            rows.setdefault(row["unit"], []).append(row)
    lines = [
        f"### By memory ({cond})",
        "",
        "| memory | n | correct % | evidence recall % | pages | gold cited by pages % "
        "| by pages or summaries % | wiki / transcript % |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for unit, build in r["build"]["units"].items():
        agg = aggregate(rows.get(unit, [])) if rows.get(unit) else {"n": 0}
        c = coverage.pooled([build["coverage"]]) if "coverage" in build else {}
        lines.append(
            f"| {unit} | {agg['n']} | {_fmt(agg.get('correct'))} | "
            f"{_fmt(agg.get('evidence_recall'))} | {build.get('pages', 0)} | "
            f"{_fmt(c.get('gold_cited_by_pages'))} | "
            f"{_fmt(c.get('gold_cited_by_pages_or_summaries'))} | "
            f"{_fmt(c.get('wiki_to_transcript'))} |"
        )
    return lines


_NOTES = [
    "- **correct**: the answer's first line contains a gold answer (lower case, no "
    "punctuation or articles, ordinals as numbers) and the agent did not decline; for "
    "questions memory never answers (abstention, LoCoMo category 5), the agent declined.",
    "- **gold anywhere**: a gold answer appears anywhere in the answer.",
    "- **token F1**: LoCoMo's token F1 (Porter stems) of the answer's first line against "
    "the gold (the lines under it quote evidence); **LoCoMo F1** applies LoCoMo's "
    "per-category rules (category 1 split on commas, 3 first alternative, 5 scored as "
    "abstention).",
    "- **evidence recall**: share of gold evidence turns among the answer's citations.",
    "- **touched gold**: the agent read, or was handed by the Memory Agent, a file holding "
    "gold evidence.",
    "- **gold in wiki**: share of the gold evidence turns that some wiki page cites, i.e. "
    "what Dream put in the wiki (a property of the built memory, shown with wiki-on).",
    "- **gold in wiki+summaries**: the same, counting what pages or session summaries cite.",
    "- **The built wiki** (pooled over memories; questions with a gold answer): distinct "
    "gold evidence blocks (turns, paragraphs; a whole-file note has none) that pages in "
    "`knowledge/` cite, that pages or session summaries cite; and the wiki's prose (page "
    "bodies without frontmatter, the `## Citations` section or `[cite:N]` markers, lines "
    "stripped) in characters over the characters of the captured turns' text; and the same "
    "with the session summaries' prose added (all that Dream wrote).",
    "- **chars read**: characters of tool output the engine received; **s / question**: "
    "time of `ask` (the working set clone excluded).",
    "- wiki-off hides `knowledge/` and `INDEX.md` (one commit deleting them in a copy); "
    "sessions, their summaries, sources and notes stay.",
    "- LoCoMo: **overall** is categories 1-4 (its headline), **all** adds category 5 "
    "(adversarial, never answerable: scored as abstention).",
]


def write_chart(results: dict[str, Any], path: Path) -> bool:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    per_cond = results["summary"]["original"]
    conds = list(per_cond)
    first = "locomo_f1" if results["dataset"] == "locomo" else "correct"
    panels = [(first, "LoCoMo F1" if first == "locomo_f1" else "correct")]
    panels += [("evidence_recall", "evidence recall"), ("touched_gold", "touched gold")]
    cats = [c for c in per_cond[conds[0]] if c not in (OVERALL, ALL)] + [OVERALL]
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.2), sharey=True)
    width = 0.8 / len(conds)
    for ax, (metric, label) in zip(axes, panels, strict=True):
        for i, cond in enumerate(conds):
            vals = [100 * (per_cond[cond].get(c, {}).get(metric) or 0.0) for c in cats]
            xs = [x + (i - (len(conds) - 1) / 2) * width for x in range(len(cats))]
            ax.bar(xs, vals, width, label=cond)
        ax.set_title(label)
        ax.set_xticks(range(len(cats)), cats, rotation=40, ha="right", fontsize=8)
        ax.set_ylim(0, 100)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("%")
    axes[0].legend(fontsize=8)
    fig.suptitle(f"{results['dataset']}, {results['engine']} engine")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_report(results: dict[str, Any], out: Path) -> None:
    chart = "by_category.png"
    write_chart(results, out / chart)
    (out / "results.json").write_text(
        json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / "report.md").write_text(render_markdown(results, chart), encoding="utf-8")
