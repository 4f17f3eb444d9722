"""Options shared by every command."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from brain.config import Config

F = TypeVar("F", bound=Callable[..., Any])


def memory_option(func: F) -> F:
    return click.option(
        "--memory",
        "memory",
        type=click.Path(file_okay=False),
        default=None,
        envvar="BRAIN_MEMORY",
        help="Memory repo directory [env BRAIN_MEMORY; default ./memory].",
    )(func)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")(func)


def config_from(memory: str | None) -> Config:
    return Config.load(memory)


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
