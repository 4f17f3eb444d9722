"""brain eval validators: the support check on labelled claim/evidence pairs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .options import json_option, print_json

_PROJECT = Path(__file__).resolve().parents[2]
DEFAULT_PAIRS = _PROJECT / "evals" / "validators" / "pairs.jsonl"


def support_judge(mode: str) -> Any:
    """The LLM support judge when a backend is configured (auto) or demanded (on)."""
    if mode == "off":
        return None
    from agent.errors import ConfigError
    from agent.llm import open_backend
    from brain.config import AgentConfig
    from validators.judge import llm_judge

    try:
        return llm_judge(open_backend(AgentConfig.load().backend_settings()))
    except ConfigError:
        if mode == "on":
            raise
        return None


@click.command("validators")
@click.option(
    "--pairs",
    "pairs_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="JSON Lines of {claim, evidence, context, supported} [default: the shipped set].",
)
@click.option(
    "--judge",
    type=click.Choice(["auto", "on", "off"]),
    default="auto",
    show_default=True,
    help="LLM support judge: auto uses it when an LLM backend is configured.",
)
@json_option
@click.pass_context
def validators_cmd(ctx: click.Context, pairs_file: str | None, judge: str, as_json: bool) -> None:
    """Run the support check on claim/evidence pairs: counts, precision, recall, errors."""
    from evals.validator_pairs import evaluate, load_pairs, render

    path = Path(pairs_file) if pairs_file else DEFAULT_PAIRS
    pairs = load_pairs(path)
    report = evaluate(pairs, judge=support_judge(judge))
    report["file"] = str(path)
    if as_json:
        print_json(report)
    else:
        click.echo(render(report))
