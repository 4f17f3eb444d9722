"""brain eval qa: end-to-end question answering, wiki on vs off (registered on `brain eval`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .eval import bench_dir
from .options import json_option, print_json
from .search import progress_bar


def _judge(mode: str, backend: Any) -> Any:
    """The LLM judge when an LLM is configured (auto) or demanded (on); None otherwise."""
    if mode == "off":
        return None
    from agent.errors import ConfigError
    from agent.llm import open_backend
    from evals.judge import Judge

    try:
        return Judge(open_backend(backend))
    except ConfigError:
        if mode == "on":
            raise
        return None


def _agent_settings(engine: str | None) -> Any:
    from brain.config import AgentConfig

    return AgentConfig.load().agent_settings(engine)


@click.command("qa")
@click.option(
    "--dataset",
    type=click.Choice(["personas", "handwritten", "locomo"]),
    default="personas",
    show_default=True,
    help="Synthetic personas (generated, no download), hand-written personas "
    "(evals/handwritten) or LoCoMo end to end.",
)
@click.option(
    "--engine",
    type=click.Choice(["extractive", "llm"]),
    default=None,
    help="Answering engine [env BRAIN_ENGINE; default extractive].",
)
@click.option(
    "--ablation",
    type=click.Choice(["wiki"]),
    default=None,
    help="Also answer with the wiki hidden (knowledge/ and INDEX.md) and compare, paired.",
)
@click.option(
    "--quick",
    is_flag=True,
    help="A smoke test (CI runs it): 2 small personas with one question per category, "
    "LoCoMo's first 3 sessions and 12 questions, or the first hand-written persona.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Folder for report.md, results.json, the chart, answers and the built memories.",
)
@click.option("--seed", type=int, default=7, show_default=True, help="Persona generator seed.")
@click.option("--personas", type=int, default=20, show_default=True, help="Number of personas.")
@click.option(
    "--path",
    "locomo_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="LoCoMo file [default $BRAIN_BENCH_DIR/locomo10.json].",
)
@click.option(
    "--audit",
    "audit_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="LoCoMo audit folder for the corrected key [default $BRAIN_BENCH_DIR/locomo-audit].",
)
@click.option(
    "--conversation",
    "conversations",
    multiple=True,
    help="Only these LoCoMo conversations (sample_id, e.g. conv-26); repeatable.",
)
@click.option(
    "--judge",
    type=click.Choice(["auto", "on", "off"]),
    default="auto",
    show_default=True,
    help="LLM judge (0-5): auto uses it when an LLM backend is configured.",
)
@json_option
def qa_cmd(
    dataset: str,
    engine: str | None,
    ablation: str | None,
    quick: bool,
    out: Path,
    seed: int,
    personas: int,
    locomo_path: Path | None,
    audit_dir: Path | None,
    conversations: tuple[str, ...],
    judge: str,
    as_json: bool,
) -> None:
    """Build memories through capture and Dream, ask every question, score the answers.

    Writes OUT/report.md, OUT/results.json, OUT/by_category.png and OUT/answers.jsonl;
    the memories it built stay in OUT/memories for inspection.
    """
    from evals.qa import QAOptions
    from evals.report import headline

    if personas < 1:
        raise click.UsageError("--personas must be at least 1")
    if dataset == "locomo":
        locomo_path = locomo_path or bench_dir() / "locomo10.json"
        if audit_dir is None and (bench_dir() / "locomo-audit").is_dir():
            audit_dir = bench_dir() / "locomo-audit"
    settings = _agent_settings(engine)
    options = QAOptions(
        out=out,
        dataset=dataset,
        engine=settings.engine,
        ablation=ablation,
        quick=quick,
        seed=seed,
        personas=personas,
        locomo_path=locomo_path,
        audit_dir=audit_dir,
        conversations=list(conversations),
        agent=settings,
        judge=_judge(judge, settings.backend),
    )
    results = _run(options, quiet=as_json)
    if as_json:
        print_json(headline(results))
        return
    click.echo(_summary_lines(results))
    click.echo(f"Report: {out / 'report.md'}")


def _run(options: Any, quiet: bool) -> dict[str, Any]:
    from evals.qa import run_qa

    with progress_bar(not quiet) as progress:
        return run_qa(options, progress)


def _summary_lines(results: dict[str, Any]) -> str:
    """One line per condition (and key): the overall figures."""
    lines = []
    for key, per_cond in results["summary"].items():
        for cond, block in per_cond.items():
            o = block["overall"]
            main = (
                f"LoCoMo F1 {100 * o.get('locomo_f1', 0):.1f}"
                if "locomo_f1" in o
                else f"correct {100 * o.get('correct', 0):.1f}%"
            )
            label = f"{cond}" + (f" ({key} key)" if len(results["summary"]) > 1 else "")
            lines.append(
                f"{label}: {main}, evidence recall {100 * o.get('evidence_recall', 0):.1f}%, "
                f"touched gold {100 * o.get('touched_gold', 0):.1f}%, "
                f"{o.get('seconds', 0):.2f} s/question, n={o['n']}"
            )
        c = results.get("coverage") or {}
        if c.get("gold_cited_by_pages") is not None and key == "original":
            lines.append(
                f"wiki: cites {100 * c['gold_cited_by_pages']:.1f}% of gold evidence "
                f"({100 * c['gold_cited_by_pages_or_summaries']:.1f}% with summaries), "
                f"prose {100 * (c['wiki_to_transcript'] or 0):.1f}% of transcript size, "
                f"{c['pages_per_unit']:.1f} pages per memory"
            )
        paired = (results.get("paired") or {}).get(key)
        if paired:
            d = paired["overall"].get("locomo_f1") or paired["overall"].get("correct")
            if d and d.get("ci95"):
                lo, hi = d["ci95"]
                a, b = results["conditions"]
                lines.append(
                    f"{a} minus {b}: {100 * d['mean']:+.1f} points "
                    f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"
                )
    return "\n".join(lines)
