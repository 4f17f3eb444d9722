"""dream (and dream schedule), forget."""

from __future__ import annotations

from typing import Any

import click

from .options import config_from, json_option, memory_option, print_json


def _llm_parts(repo: Any) -> tuple[Any, Any]:
    """The llm engine's observer and judge, from the agent's backend settings."""
    from agent.llm import open_backend
    from brain.config import AgentConfig
    from dream.llm_engine import make_judge, make_observer
    from memory_schema.layout import INSTRUCTIONS_FILE

    env = AgentConfig.load()
    backend = open_backend(env.backend_settings())
    instructions = repo.read_text(INSTRUCTIONS_FILE) if repo.exists(INSTRUCTIONS_FILE) else ""
    observer = make_observer(
        repo,
        backend,
        instructions=instructions,
        max_steps=env.max_steps,
        max_tokens=env.max_tokens,
        max_output_tokens=env.max_output_tokens,
    )
    return observer, make_judge(backend)


def _embedder(enabled: bool) -> Any:
    """The bundled embedder for subject resolution (loaded on first use), if enabled."""
    if not enabled:
        return None
    try:
        from search import get_embedder
    except ImportError:
        return None
    return get_embedder()


def dream_options(engine: str | None, dry_run: bool, wait: float | None) -> Any:
    """DreamOptions from flags over the environment (brain.config.DreamConfig)."""
    from brain.config import DreamConfig
    from dream import DreamOptions, Limits

    env = DreamConfig.load()
    engine = engine or env.engine
    if engine not in ("extractive", "llm"):
        raise click.UsageError(f"BRAIN_DREAM_ENGINE must be extractive or llm, not {engine!r}")
    return DreamOptions(
        engine=engine,
        dry_run=dry_run,
        limits=Limits(env.max_sessions, env.max_seconds, env.max_tokens),
        wait_seconds=wait if wait is not None else env.wait,
        embedder=_embedder(env.embed),
    )


@click.group("dream", invoke_without_command=True)
@click.option(
    "--engine",
    type=click.Choice(["extractive", "llm"]),
    default=None,
    help="extractive (default, offline) or llm [env BRAIN_DREAM_ENGINE].",
)
@click.option(
    "--dry-run", is_flag=True, help="Print the diff the run would commit; commit nothing."
)
@click.option(
    "--wait",
    type=float,
    default=None,
    help="Seconds to wait for another run to finish [env BRAIN_DREAM_WAIT; default 0].",
)
@memory_option
@json_option
@click.pass_context
def dream_cmd(
    ctx: click.Context,
    engine: str | None,
    dry_run: bool,
    wait: float | None,
    memory: str | None,
    as_json: bool,
) -> None:
    """Update the wiki from what is new: summaries, subject pages, INDEX.md; one commit."""
    if ctx.invoked_subcommand is not None:
        return
    from memory_schema import MemoryRepo

    repo = MemoryRepo.open(config_from(memory).memory)
    options = dream_options(engine, dry_run, wait)
    if options.engine == "llm":
        options.observer, options.judge = _llm_parts(repo)
    result = _run_with_progress(repo, options, quiet=as_json)
    if as_json:
        print_json(result.as_json())
        return
    if dry_run and result.diff:
        click.echo(result.diff, nl=False)
    click.echo(f"{result.run_id}: {result.message}")
    for key, label in (
        ("sessions_summarized", "sessions summarized"),
        ("pages_created", "pages created"),
        ("pages_updated", "pages updated"),
    ):
        items = getattr(result, key)
        if items:
            click.echo(
                f"  {label} ({len(items)}): "
                + ", ".join(items[:8])
                + (" …" if len(items) > 8 else "")
            )
    for claim in result.claims_removed:
        click.echo(
            f"  removed unsupported claim: {claim['path']}:{claim['line']}: {claim['message']}"
        )
    if result.owner_learned and result.committed:
        click.echo(
            f"  owner learned: {result.owner_learned} (recorded in .brain/config.yaml; "
            "`brain config owner NAME` changes it)"
        )
    if result.deferred:
        click.echo(f"  left for the next run (limits): {len(result.deferred)} sessions")
    for problem in result.problems:
        click.echo(f"  note: {problem}")


def _run_with_progress(repo: Any, options: Any, quiet: bool) -> Any:
    from rich.console import Console
    from rich.progress import Progress

    from dream import run_dream

    if quiet:
        return run_dream(repo, options)
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("Dreaming", total=None)
        return run_dream(repo, options, progress=lambda p: bar.update(task, description=p))


@dream_cmd.command("schedule")
@click.option("--cron", default=None, help='When to run, e.g. "0 3 * * *" (every night at 3).')
@click.option("--remove", is_flag=True, help="Remove this memory's entry.")
@click.option(
    "--engine",
    type=click.Choice(["extractive", "llm"]),
    default="extractive",
    show_default=True,
    help="Engine of the scheduled runs.",
)
@click.option(
    "--host",
    type=click.Choice(["claude-code"]),
    default=None,
    help="Let the agent host be the engine: runs `claude -p /dream` in the memory "
    "(needs `brain hooks install claude-code` and the brain MCP server with --dream).",
)
@memory_option
@json_option
def schedule_cmd(
    cron: str | None,
    remove: bool,
    engine: str,
    host: str | None,
    memory: str | None,
    as_json: bool,
) -> None:
    """Install (or --remove) a crontab entry that runs Dream on this memory."""
    from dream import schedule
    from memory_schema import MemoryRepo

    repo = MemoryRepo.open(config_from(memory).memory)
    if remove:
        gone = schedule.remove(repo.root)
        if as_json:
            print_json({"removed": gone})
        else:
            click.echo("Removed the Dream entry." if gone else "No Dream entry was installed.")
        return
    if not cron:
        line = schedule.installed(repo.root)
        if as_json:
            print_json({"entry": line})
        else:
            click.echo(line or "No Dream entry installed (use --cron to add one).")
        return
    line = schedule.install(repo.root, cron, engine, host)
    if as_json:
        print_json({"entry": line})
    else:
        click.echo(f"Installed: {line}")


@click.command("forget")
@click.argument("text")
@click.option(
    "--purge-history",
    is_flag=True,
    help="Also rewrite Git history so TEXT is gone from every commit (irreversible).",
)
@click.option("--yes", is_flag=True, help="Do not ask before rewriting history.")
@memory_option
@json_option
def forget_cmd(
    text: str, purge_history: bool, yes: bool, memory: str | None, as_json: bool
) -> None:
    """Record TEXT in .brain/forget.md; the next Dream run removes it and keeps it out."""
    from dream import forget as fg
    from dream import run_dream
    from memory_schema import MemoryRepo

    repo = MemoryRepo.open(config_from(memory).memory)
    if purge_history:
        click.echo(
            "WARNING: --purge-history rewrites every commit of this memory. All commit ids "
            "change, other clones and remotes keep the old history until you replace them "
            "(force-push, re-clone), and it cannot be undone.",
            err=True,
        )
        if not yes and not click.confirm("Rewrite history now?", err=True):
            raise click.ClickException("nothing done")
    entry, commit = fg.record(repo, text, purge=purge_history)
    out: dict[str, Any] = {"entry": entry.render(), "commit": commit.sha if commit else None}
    if purge_history:
        result = run_dream(repo, dream_options("extractive", False, 60.0))
        out["dream_commit"] = result.commit
        purged = fg.purge_history(repo, text)
        out["commits_rewritten"] = purged.commits
        out["files_removed"] = purged.removed_paths
        out["objects_checked"] = purged.objects_checked
    if as_json:
        print_json(out)
        return
    click.echo(f"Recorded in .brain/forget.md: {entry.render()}")
    if purge_history:
        click.echo(
            f"History rewritten: {purged.commits} commits, {purged.removed_paths} files named "
            f"after it removed; searched {purged.objects_checked} objects, every file of .git "
            "and the working tree: the phrase is gone. The search index was deleted "
            "(run `brain index` to rebuild it)."
        )
    else:
        click.echo("The next `brain dream` removes it from the wiki, notes and summaries.")
