"""capture (session, source) and watch."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from brain.cli import Group

from .options import config_from, json_option, memory_option, print_json

if TYPE_CHECKING:
    from ingest.capture import CaptureReport

#: Up to this many outcomes are listed one per line; more are summarised by counts.
_LIST_LIMIT = 25


class CaptureGroup(Group):
    path_hint = (
        "To capture a file: `brain capture session FILE...` for chat transcripts and "
        "exports, `brain capture source FILE...` for documents (PDF, HTML, text)."
    )


@click.group("capture", cls=CaptureGroup)
def capture_cmd() -> None:
    """Capture sessions and documents into memory (sessions/, sources/)."""


@capture_cmd.command("session")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    default=None,
    metavar="F",
    help="Force a format: brain, openai, claude-code, chatgpt-export, claude-export, "
    "locomo, longmemeval, markdown (default: detected per file).",
)
@memory_option
@json_option
@click.pass_context
def session_cmd(
    ctx: click.Context, files: tuple[Path, ...], fmt: str | None, memory: str | None, as_json: bool
) -> None:
    """Capture conversation transcripts (FILE or folder, many at once) as sessions.

    Each session becomes sessions/YYYY/MM/<id>.md, one block per turn (^t1, ^t2, ...).
    Capturing a session again changes nothing; a grown one gets its new turns appended.
    ChatGPT and Claude.ai data exports (conversations.json) give one session per
    conversation; a newer export adds only what is new.
    """
    from ingest.batch import (
        SESSION_SUFFIXES,
        capture_session_files,
        expand_paths,
        refused_outcomes,
    )
    from memory_schema import MemoryRepo

    config = config_from(memory)
    repo = MemoryRepo.open(config.memory)
    refused: list[Path] = []
    paths = expand_paths(files, SESSION_SUFFIXES, refused)
    with _progress(len(paths), "sessions", quiet=as_json) as tick:
        report = capture_session_files(
            repo, paths, fmt, max_bytes=config.capture_max_bytes, progress=tick
        )
    report.outcomes += refused_outcomes(refused)
    _finish(ctx, report, as_json, "session")


@capture_cmd.command("source")
@click.argument("items", nargs=-1, required=True, metavar="PATH|URL...")
@memory_option
@json_option
@click.pass_context
def source_cmd(
    ctx: click.Context, items: tuple[str, ...], memory: str | None, as_json: bool
) -> None:
    """Capture documents (Markdown, text, HTML, PDF, DOCX, PPTX; files, folders or URLs).

    Each becomes sources/<slug>-<hash8>.md, one block per paragraph, heading, list or
    table (^p1, ^p2, ...). A changed document gets a new file and the old one is marked
    superseded_by it, so citations of the old one keep working.
    """
    from ingest.batch import expand_paths, refused_outcomes
    from ingest.documents import DOCUMENT_SUFFIXES
    from ingest.sources import capture_sources, is_url
    from memory_schema import MemoryRepo

    _quiet_libraries()
    config = config_from(memory)
    repo = MemoryRepo.open(config.memory)
    expanded: list[str] = []
    refused: list[Path] = []
    for item in items:
        if is_url(item):
            expanded.append(item)
        else:
            expanded += [str(p) for p in expand_paths([Path(item)], DOCUMENT_SUFFIXES, refused)]
    with _progress(len(expanded), "documents", quiet=as_json) as tick:
        report = capture_sources(repo, expanded, max_bytes=config.capture_max_bytes, progress=tick)
    report.outcomes += refused_outcomes(refused)
    _finish(ctx, report, as_json, "document", after=lambda: _transcripts_as_documents(report))


@click.command("watch")
@click.argument("folder", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option(
    "--debounce",
    default=1.0,
    show_default=True,
    type=click.FloatRange(min=0.05),
    help="Seconds a file must stay unchanged before it is captured.",
)
@click.option(
    "--existing/--no-existing",
    default=True,
    show_default=True,
    help="Also capture files already in the folder when the watch starts.",
)
@click.option("--format", "fmt", default=None, metavar="F", help="Force a session format.")
@memory_option
def watch_cmd(
    folder: Path, debounce: float, existing: bool, fmt: str | None, memory: str | None
) -> None:
    """Watch a drop FOLDER and capture what lands there (one log line per file).

    Transcripts (.json, .jsonl, Markdown with ## User / ## Assistant) become sessions,
    documents (md, txt, html, pdf, docx, pptx) become sources. Runs until Ctrl-C.
    """
    import datetime as dt
    import signal
    import threading

    from ingest.watch import watch_folder
    from memory_schema import MemoryRepo

    _quiet_libraries()
    config = config_from(memory)
    repo = MemoryRepo.open(config.memory)
    stop = threading.Event()

    def log(line: str) -> None:
        click.echo(f"{dt.datetime.now().strftime('%H:%M:%S')} {line}")

    # Ctrl-C or SIGTERM asks the loop to stop after the file in hand, rather than
    # raising in the middle of a capture.
    def request_stop(_signum: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    watch_folder(
        repo,
        folder,
        stop=stop,
        log=log,
        debounce=debounce,
        existing=existing,
        fmt=fmt,
        max_bytes=config.capture_max_bytes,
    )
    click.echo("stopped")


def print_report(report: CaptureReport, noun: str) -> None:
    """Human lines: every rejection and warning, each capture when there are few, a total."""
    for w in report.warnings:
        click.echo(f"warning: {w}", err=True)
    listed = [o for o in report.outcomes if o.status != "rejected"]
    if len(listed) <= _LIST_LIMIT:
        for o in listed:
            detail = ""
            if o.status == "grown":
                detail = f" (+{o.added} turns, {o.turns} in all"
                detail += f"; {o.message})" if o.message else ")"
            elif o.turns is not None:
                detail = f" ({o.turns} turns" + (f"; {o.message})" if o.message else ")")
            elif o.blocks is not None:
                detail = f" ({o.blocks} blocks" + (f"; {o.message})" if o.message else ")")
            elif o.message:
                detail = f" ({o.message})"
            click.echo(f"{o.status:<10} {o.path}{detail}")
    for o in report.rejected:
        click.echo(f"rejected   {o.origin or o.id}: {o.message}", err=True)
    commit = f" (commit {report.commit.sha[:8]})" if report.commit else ""
    n = len(report.captured)
    click.echo(
        f"{n} {noun}{'' if n == 1 else 's'} captured, {len(report.skipped)} unchanged, "
        f"{len(report.rejected)} rejected{commit}"
    )


def _quiet_libraries() -> None:
    """pypdf logs every oddity of a broken PDF; our one-line rejection says enough."""
    import logging

    logging.getLogger("pypdf").setLevel(logging.ERROR)


def _transcripts_as_documents(report: CaptureReport) -> None:
    """Tell the user which captured documents read as chat transcripts: as documents
    their turns lose speaker and date, and a session captured too is in memory twice."""
    from ingest.batch import SESSION_SUFFIXES
    from ingest.formats import looks_like_session

    for o in report.captured:
        origin = Path(o.origin) if o.origin else None
        if origin is None or origin.suffix.lower() not in SESSION_SUFFIXES:
            continue  # a PDF or DOCX is never a transcript: not read a second time
        if origin.is_file() and looks_like_session(origin):
            click.echo(
                f"note: {origin} reads as a chat transcript; `brain capture session {origin}`"
                " keeps who said what and when.",
                err=True,
            )


def _finish(
    ctx: click.Context,
    report: CaptureReport,
    as_json: bool,
    noun: str,
    after: Callable[[], None] | None = None,
) -> None:
    if as_json:
        print_json(report.as_dict())
    else:
        print_report(report, noun)
        if after is not None:
            after()
    if report.rejected:
        ctx.exit(1)


@contextmanager
def _progress(total: int, what: str, quiet: bool) -> Iterator[Callable[[str], None]]:
    """A rich progress bar on stderr for batches (nothing for one file or --json)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = Console(stderr=True)
    with Progress(
        TextColumn(f"capturing {what}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.description}"),
        console=console,
        transient=True,
        disable=quiet or total < 2 or not console.is_terminal,
    ) as bar:
        task = bar.add_task("", total=total)
        yield lambda name: bar.update(task, advance=1, description=Path(name).name)
