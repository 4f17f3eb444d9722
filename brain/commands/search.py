"""index, search: the hybrid index over memory blocks."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from search.blocks import KINDS as KIND_CHOICES

from .options import joined_words, json_option, memory_option, open_memory, print_json


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A rich progress bar fed by progress(phase, done, total) callbacks (stderr)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    labels = {
        "scan": "reading files",
        "index": "indexing",
        "embed": "embedding",
        "capture": "capturing",
        "search": "searching",
    }
    bar = Progress(
        TextColumn("{task.description:<14}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    tasks: dict[str, Any] = {}

    def update(phase: str, done: int, total: int) -> None:
        if phase not in tasks:
            tasks[phase] = bar.add_task(labels.get(phase, phase), total=total)
        bar.update(tasks[phase], completed=done, total=total)

    with bar:
        yield update


def _stats_line(stats: Any) -> str:
    parts = [
        f"{stats.files_seen} files",
        f"{stats.blocks_total} blocks",
        f"{stats.vectors_total} embedded",
    ]
    changes = []
    if stats.files_added:
        changes.append(f"{stats.files_added} added")
    if stats.files_changed:
        changes.append(f"{stats.files_changed} changed")
    if stats.files_removed:
        changes.append(f"{stats.files_removed} removed")
    if stats.embedded:
        changes.append(f"{stats.embedded} texts embedded")
    line = "Index up to date: " + ", ".join(parts)
    line += f" ({'; '.join(changes) if changes else 'nothing changed'}, {stats.seconds:.1f} s)"
    return line


@click.command("index")
@click.option("--rebuild", is_flag=True, help="Build from scratch (cached embeddings are kept).")
@click.option("--no-embed", is_flag=True, help="BM25 only: skip embeddings (no model is loaded).")
@click.option("--status", "show_status", is_flag=True, help="Show counts and freshness only.")
@memory_option
@json_option
def index_cmd(
    rebuild: bool, no_embed: bool, show_status: bool, memory: str | None, as_json: bool
) -> None:
    """Build or update the search index in .brain/cache/ (incremental by content hash)."""
    from search import open_index

    idx = open_index(open_memory(memory).root)
    if show_status:
        status = idx.status()
        if as_json:
            print_json(status)
        else:
            fresh = "stale (run `brain index`)" if status["stale"] else "up to date"
            click.echo(
                f"{status['files']} files, {status['blocks']} blocks, "
                f"{status['embedded']} embedded; {fresh}"
            )
        return
    with progress_bar(not as_json) as progress:
        if rebuild:
            stats = idx.rebuild(embed=not no_embed, progress=progress)
        else:
            stats = idx.update(embed=not no_embed, progress=progress)
    if as_json:
        print_json(stats.as_dict())
        return
    if stats.rebuilt:
        click.echo(f"Note: {stats.rebuilt}", err=True)
    for path, error in sorted(stats.errors.items()):
        click.echo(f"skipped {path}: {error}", err=True)
    click.echo(_stats_line(stats))


def _parse_window(value: str) -> tuple[int, int]:
    try:
        if ":" in value:
            before, after = (int(x) for x in value.split(":", 1))
        else:
            before = after = int(value)
    except ValueError:
        raise click.BadParameter("use N or BEFORE:AFTER, e.g. 1 or 2:1") from None
    if before < 0 or after < 0:
        raise click.BadParameter("window sizes must not be negative")
    return before, after


def _snippet(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rsplit(" ", 1)[0] + "…"


@click.command("search")
@click.argument("query", nargs=-1, required=True, callback=joined_words)
@click.option(
    "--k",
    "k",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="How many hits to show (each with its window of neighbours).",
)
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    type=click.Choice(KIND_CHOICES),
    help="Only blocks of this kind (repeatable). Default: all but `agent`, the "
    "transcripts of `brain ask`/`chat`, which are never evidence.",
)
@click.option("--path", "path_prefix", default=None, help="Only files under this path prefix.")
@click.option(
    "--from",
    "date_from",
    type=click.DateTime(["%Y-%m-%d"]),
    default=None,
    help="Only blocks dated on or after this day (YYYY-MM-DD); undated blocks never pass.",
)
@click.option(
    "--to",
    "date_to",
    type=click.DateTime(["%Y-%m-%d"]),
    default=None,
    help="Only blocks dated on or before this day (YYYY-MM-DD); undated blocks never pass.",
)
@click.option(
    "--method",
    type=click.Choice(["hybrid", "bm25", "dense"]),
    default="hybrid",
    show_default=True,
    help="bm25 needs no embedding model and starts fastest.",
)
@click.option(
    "--window",
    default="0",
    show_default=True,
    help="Neighbouring blocks shown with each hit: N, or BEFORE:AFTER.",
)
@click.option("--document-order", is_flag=True, help="Sort hits by date and position.")
@memory_option
@json_option
def search_cmd(
    query: str,
    k: int,
    kinds: tuple[str, ...],
    path_prefix: str | None,
    date_from: dt.datetime | None,
    date_to: dt.datetime | None,
    method: str,
    window: str,
    document_order: bool,
    memory: str | None,
    as_json: bool,
) -> None:
    """Find the blocks of memory that best match QUERY (BM25 + embeddings, fused)."""
    from search import open_index

    idx = open_index(open_memory(memory).root)
    hits = idx.search(
        query,
        k=k,
        kinds=list(kinds) or None,
        path_prefix=path_prefix,
        date_from=date_from.date() if date_from else None,
        date_to=date_to.date() if date_to else None,
        method=method,
        window=_parse_window(window),
        document_order=document_order,
    )
    if as_json:
        print_json([h.as_dict() for h in hits])
        return
    if not hits:
        click.echo("No matches.")
        return
    for h in hits:
        when = f" · {h.date.isoformat()}" if h.date else ""
        who = f"{h.speaker}: " if h.speaker else ""
        click.echo(click.style(h.link, bold=True) + f"  [{h.kind}{when} · {h.score:.3f}]")
        cut = h.neighbours_before
        for anchor, text in h.neighbours[:cut]:
            click.echo(f"    {anchor or '·'}: {_snippet(text, 120)}")
        click.echo(f"  {who}{_snippet(h.text)}")
        for anchor, text in h.neighbours[cut:]:
            click.echo(f"    {anchor or '·'}: {_snippet(text, 120)}")
