"""brain eval: benchmarks. `retrieval` lives here; other subcommands register in SUBCOMMANDS."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import click

from brain.cli import Group

from .options import json_option, print_json
from .search import progress_bar

_PROJECT = Path(__file__).resolve().parents[2]

#: name -> "module:attribute" of each `brain eval` subcommand; imported on first use.
SUBCOMMANDS = {
    "retrieval": "brain.commands.eval:retrieval_cmd",
    "qa": "brain.commands.eval_qa:qa_cmd",
    "validators": "brain.commands.eval_validators:validators_cmd",
}

#: Default dataset file of each benchmark, inside the bench folder.
DATASET_FILES = {
    "locomo": "locomo10.json",
    "longmemeval": "longmemeval_s_2q_thirdparty_subset.json",
}


def bench_dir() -> Path:
    """Benchmark datasets: env BRAIN_BENCH_DIR, default ../shared/bench beside the project."""
    return Path(os.environ.get("BRAIN_BENCH_DIR") or _PROJECT.parent / "shared" / "bench")


class _LazyEvalGroup(Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attr = target.split(":")
        cmd: click.Command = getattr(importlib.import_module(module), attr)
        return cmd


@click.group("eval", cls=_LazyEvalGroup)
def eval_group() -> None:
    """Benchmarks: retrieval (LoCoMo, LongMemEval), question answering, validators."""


@click.command("retrieval")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option(
    "--dataset",
    type=click.Choice(sorted(DATASET_FILES)),
    default="locomo",
    show_default=True,
    help="Which benchmark's evidence to score against.",
)
@click.option(
    "--path",
    "path_opt",
    type=click.Path(dir_okay=False),
    default=None,
    help="Dataset file [default: $BRAIN_BENCH_DIR/<dataset file>].",
)
@click.option(
    "--variant",
    "variant_names",
    multiple=True,
    # Keep this list equal to evals.retrieval.DEFAULT_VARIANTS (a test checks it); the
    # CLI does not import evals here, so --help stays fast.
    help="Method or variant to run (repeatable) [default: bm25, dense, hybrid, bm25-raw, "
    "hybrid-rrf; see --list-variants].",
)
@click.option("--list-variants", is_flag=True, help="Show the variants and exit.")
@click.option(
    "--conversation",
    "conversations",
    multiple=True,
    help="LoCoMo: only this conversation (sample_id, e.g. conv-26; repeatable).",
)
@click.option(
    "--max-questions", type=click.IntRange(min=1), default=None, help="Stop after N questions."
)
@click.option(
    "--audit",
    "audit_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="LoCoMo audit folder [default: $BRAIN_BENCH_DIR/locomo-audit when present].",
)
@click.option(
    "--workdir",
    type=click.Path(file_okay=False),
    default=None,
    help="Where benchmark memories are kept between runs [default: ~/.cache/brain/eval-retrieval].",
)
@json_option
def retrieval_cmd(
    file: str | None,
    dataset: str,
    path_opt: str | None,
    variant_names: tuple[str, ...],
    list_variants: bool,
    conversations: tuple[str, ...],
    max_questions: int | None,
    audit_dir: str | None,
    workdir: str | None,
    as_json: bool,
) -> None:
    """Score search on LoCoMo or LongMemEval evidence: recall, nDCG, MRR, latency."""
    from evals import retrieval

    if list_variants:
        for name, v in retrieval.VARIANTS.items():
            star = "*" if name in retrieval.DEFAULT_VARIANTS else " "
            click.echo(f"{star} {name:<18} {v.describe()}")
        return
    if file and path_opt and file != path_opt:
        raise click.UsageError("give the dataset file once (FILE or --path)")
    path = Path(file or path_opt or bench_dir() / DATASET_FILES[dataset])
    variants = retrieval.resolve_variants(variant_names or None)
    work = Path(workdir) if workdir else None
    with progress_bar(not as_json) as progress:
        if dataset == "locomo":
            audit = Path(audit_dir) if audit_dir else path.parent / "locomo-audit"
            report = retrieval.run_locomo(
                path,
                variants=variants,
                workdir=work,
                conversations=list(conversations) or None,
                max_questions=max_questions,
                audit_dir=audit if audit.is_dir() else None,
                progress=progress,
            )
        else:
            if conversations or max_questions:
                raise click.UsageError("--conversation and --max-questions are for LoCoMo")
            from evals import longmemeval

            report = longmemeval.run_longmemeval(
                path, variants=variants if variant_names else None, workdir=work, progress=progress
            )
    if as_json:
        print_json(report)
    elif dataset == "locomo":
        click.echo(retrieval.format_locomo(report))
    else:
        from evals.longmemeval import format_longmemeval

        click.echo(format_longmemeval(report))
