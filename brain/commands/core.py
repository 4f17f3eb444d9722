"""init, remember, validate, demo."""

from __future__ import annotations

from pathlib import Path

import click

from .options import config_from, json_option, memory_option, print_json


@click.command("init")
@click.argument("directory", required=False, type=click.Path(file_okay=False))
@memory_option
@json_option
def init_cmd(directory: str | None, memory: str | None, as_json: bool) -> None:
    """Create a memory repo (Git, Brain layout, Obsidian vault) in DIRECTORY."""
    from memory_schema import init_memory

    root = Path(directory) if directory else config_from(memory).memory
    repo, commit = init_memory(root)
    if as_json:
        print_json({"memory": str(repo.root), "commit": commit.sha if commit else None})
    elif commit:
        click.echo(f"Initialised memory in {repo.root} (commit {commit.sha[:8]})")
    else:
        click.echo(f"{repo.root} is already a memory repo; nothing to do")


@click.command("remember")
@click.argument("text")
@click.option("--topic", default="inbox", show_default=True, help="Folder under notes/.")
@click.option("--title", default=None, help="Note title (default: its first line).")
@memory_option
@json_option
def remember_cmd(
    text: str, topic: str, title: str | None, memory: str | None, as_json: bool
) -> None:
    """Write TEXT as a note in notes/<topic>/ (one commit)."""
    from memory_schema import MemoryRepo
    from memory_schema.notes import write_note

    repo = MemoryRepo.open(config_from(memory).memory)
    try:
        path, commit = write_note(repo, text, topic=topic, title=title)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    if as_json:
        print_json({"path": path, "commit": commit.sha if commit else None})
    else:
        click.echo(f"Remembered in {path}" + (f" (commit {commit.sha[:8]})" if commit else ""))


@click.command("validate")
@memory_option
@json_option
@click.pass_context
def validate_cmd(ctx: click.Context, memory: str | None, as_json: bool) -> None:
    """Check the memory tree: schema, citations, links, paths. Exit 1 on errors."""
    from validators import validate_tree

    root = config_from(memory).memory
    if not root.is_dir():
        raise click.ClickException(f"{root}: no such memory directory")
    report = validate_tree(root)
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
