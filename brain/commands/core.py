"""init, remember, validate, demo."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from .options import config_from, joined_words, json_option, memory_option, open_memory, print_json


@click.command("init")
@click.argument("directory", required=False, type=click.Path(file_okay=False))
@click.option(
    "--owner",
    default=None,
    metavar="NAME",
    help="Whose memory this is: unnamed `user` turns and 'I/my' in questions are theirs.",
)
@memory_option
@json_option
def init_cmd(directory: str | None, owner: str | None, memory: str | None, as_json: bool) -> None:
    """Create a memory repo (Git, Brain layout, Obsidian vault) in DIRECTORY.

    On a memory that exists it only adds missing files and, with --owner, changes the
    owner; it says what it changed."""
    from memory_schema import init_memory
    from memory_schema.layout import is_memory
    from memory_schema.memory_config import read_config

    root = Path(directory) if directory else config_from(memory).memory
    # An existing memory is completed, not made again: say what changed (its owner).
    existed = is_memory(root)
    before = read_config(root).get("owner") if existed else None
    try:
        repo, commit = init_memory(root, owner=owner)
    except ValueError as exc:
        raise click.UsageError(f"--owner: {exc}") from exc
    if as_json:
        print_json(
            {
                "memory": str(repo.root),
                "commit": commit.sha if commit else None,
                "owner": " ".join(owner.split()) if owner else None,
            }
        )
    elif existed and commit and owner:
        was = f"changed from {before} to" if before else "set to"
        click.echo(
            f"{repo.root} is already a memory repo; its owner {was} {' '.join(owner.split())}"
            f" (commit {commit.sha[:8]})"
        )
    elif commit:
        whose = f", owner {' '.join(owner.split())}" if owner else ""
        click.echo(f"Initialised memory in {repo.root} (commit {commit.sha[:8]}{whose})")
    else:
        click.echo(f"{repo.root} is already a memory repo; nothing to do")


@click.command("config")
@click.argument("key", required=False)
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Remove the setting KEY.")
@memory_option
@json_option
@click.pass_context
def config_cmd(
    ctx: click.Context,
    key: str | None,
    value: str | None,
    unset: bool,
    memory: str | None,
    as_json: bool,
) -> None:
    """Show or change the memory's own settings (.brain/config.yaml, versioned).

    `brain config` lists them, `brain config owner` shows one, `brain config owner
    "Maya Chen"` sets it (one commit), `brain config --unset owner` removes it.
    """
    from memory_schema import MemoryRepo
    from memory_schema.memory_config import KEYS, read_config, update_config

    repo = MemoryRepo.open(config_from(memory).memory)
    if key is not None and key not in KEYS:
        raise click.UsageError(f"unknown setting {key!r} (known: {', '.join(KEYS)})")
    if unset and (key is None or value is not None):
        raise click.UsageError("--unset takes a setting name and no value")
    if key is None or (value is None and not unset):
        config = read_config(repo.root)
        shown = {k: config.get(k) for k in ([key] if key else KEYS)}
        if as_json:
            print_json(shown)
        elif key:
            if shown[key] is None:
                ctx.exit(1)  # like `git config`: an unset key prints nothing, exit 1
            click.echo(shown[key])
        else:
            for k, v in shown.items():
                click.echo(f"{k}: {v if v is not None else '(not set)'}  # {KEYS[k]}")
        return
    try:
        config, commit = update_config(repo, key, None if unset else value)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    if as_json:
        print_json({key: config.get(key), "commit": commit.sha if commit else None})
    else:
        now = config.get(key)
        what = f"{key} = {now}" if now is not None else f"{key} unset"
        click.echo(what + (f" (commit {commit.sha[:8]})" if commit else "; nothing to change"))


@click.command("remember")
@click.argument("text", nargs=-1, required=True, callback=joined_words)
@click.option("--topic", default="inbox", show_default=True, help="Folder under notes/.")
@click.option("--title", default=None, help="Note title (default: its first line).")
@click.option(
    "--date",
    "when",
    default=None,
    metavar="DAY",
    help="The day it was written, for a note written down earlier: 2026-03-01, '14 march', "
    "'last tuesday' (default: today). Its relative dates are read from that day.",
)
@memory_option
@json_option
def remember_cmd(
    text: str,
    topic: str,
    title: str | None,
    when: str | None,
    memory: str | None,
    as_json: bool,
) -> None:
    """Write TEXT as a note in notes/<topic>/ (one commit)."""
    from memory_schema import MemoryRepo
    from memory_schema.notes import write_note

    repo = MemoryRepo.open(config_from(memory).memory)
    now = _written_on(when) if when else None
    try:
        path, commit = write_note(repo, text, topic=topic, title=title, now=now)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    if as_json:
        print_json({"path": path, "commit": commit.sha if commit else None})
    else:
        click.echo(f"Remembered in {path}" + (f" (commit {commit.sha[:8]})" if commit else ""))


def _written_on(when: str) -> dt.datetime:
    """The day `--date` names, read by the one date parser against today, as the time a
    note was written (noon that day; now when it is today)."""
    from language.dates import dates

    now = dt.datetime.now().astimezone()
    said = dates(when.strip(), now.date())
    day = said[0] if len(said) == 1 else None
    whole = day is not None and day.start == 0 and day.end == len(when.strip())
    if not whole or day is None or day.date is None or day.precision != "day":
        raise click.UsageError(
            f"--date: {when!r} is not one day (write 2026-03-01, '14 march' or 'last tuesday')"
        )
    written = day.date
    if day.yearless and written > now.date():
        # "14 march" said in December: a note was written on the last one, not the next
        try:
            written = written.replace(year=written.year - 1)
        except ValueError:  # 29 February, a year with none
            written = written.replace(year=written.year - 1, day=28)
    if written > now.date():
        raise click.UsageError(f"--date: {written.isoformat()} is after today")
    if written == now.date():
        return now
    return dt.datetime.combine(written, dt.time(12, 0)).astimezone()


@click.command("validate")
@memory_option
@json_option
@click.pass_context
def validate_cmd(ctx: click.Context, memory: str | None, as_json: bool) -> None:
    """Check the memory tree: schema, citations, links, paths, and that every cited claim
    and quote is supported by its block. Exit 1 on errors."""
    from validators import Report, validate_semantics, validate_tree
    from validators.cache import SupportCache

    root = open_memory(memory).root
    report = validate_tree(root)
    # Every claim in the tree, not only the ones a Dream run wrote: verdicts are cached by
    # content under .brain/cache, so a second run re-checks only what changed.
    semantic = validate_semantics(root, cache=SupportCache(root), quotes=True)
    report = Report(sorted(report.findings + semantic.findings, key=lambda f: (f.path, f.line)))
    if as_json:
        print_json(report.as_dict())
    else:
        for f in report.findings:
            click.echo(str(f))
        click.echo(
            f"{'OK' if report.ok else 'FAILED'}: {len(report.errors)} errors, "
            f"{len(report.warnings)} warnings"
        )
    if not report.ok:
        ctx.exit(1)


@click.command("demo")
@click.option(
    "--keep",
    type=click.Path(file_okay=False),
    default=None,
    help="Build the demo memory here and keep it (default: a temporary folder).",
)
@json_option
def demo_cmd(keep: str | None, as_json: bool) -> None:
    """Build an example memory, run the whole loop on it and show what happened."""
    from brain.demo import run_demo

    result = run_demo(Path(keep) if keep else None, echo=None if as_json else click.echo)
    if as_json:
        print_json(result)
