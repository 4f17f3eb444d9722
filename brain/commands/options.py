"""Options shared by every command."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from brain.config import Config

if TYPE_CHECKING:
    from memory_schema import MemoryRepo

F = TypeVar("F", bound=Callable[..., Any])


def memory_option(func: F) -> F:
    return click.option(
        "--memory",
        "memory",
        type=click.Path(file_okay=False),
        default=None,
        envvar="BRAIN_MEMORY",
        help=(
            "Memory repo directory [env BRAIN_MEMORY; default ./memory, or the memory the"
            " current folder is in]."
        ),
    )(func)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")(func)


def joined_words(ctx: click.Context, param: click.Parameter, words: tuple[str, ...]) -> str:
    """The words of an argument typed without quotes, as one text: `brain ask where do i
    live now` asks what `brain ask "where do i live now"` asks."""
    return " ".join(words)


def config_from(memory: str | None) -> Config:
    return Config.load(memory)


def open_memory(memory: str | None) -> MemoryRepo:
    """The configured memory, opened: a path that is no memory repo is one clean error
    (nothing is created), and a transaction a killed writer left is finished first."""
    from memory_schema import MemoryRepo

    return MemoryRepo.open(config_from(memory).memory)


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))
