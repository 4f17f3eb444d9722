"""dream (and dream schedule), forget."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import click

from .options import config_from, joined_words, json_option, memory_option, print_json


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
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="List every page and every removed claim with its reason (default: counts).",
)
@memory_option
@json_option
@click.pass_context
def dream_cmd(
    ctx: click.Context,
    engine: str | None,
    dry_run: bool,
    wait: float | None,
    verbose: bool,
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
    head = repo.head()
    try:
        result = _run_with_progress(repo, options, quiet=as_json)
    except KeyboardInterrupt:
        _interrupted(repo, head)
    if as_json:
        print_json(result.as_json())
        return
    print_result(result, verbose)


def print_result(result: Any, verbose: bool) -> None:
    """A run's report: what it committed, the pages it wrote, what the validators cut."""
    if result.diff:
        click.echo(result.diff, nl=False)
    click.echo(f"{result.run_id}: {result.message}")
    for key, label in (
        ("sessions_summarized", "sessions summarized"),
        ("pages_created", "pages created"),
        ("pages_updated", "pages updated"),
    ):
        items = getattr(result, key)
        if items and verbose:
            click.echo(f"  {label} ({len(items)}):")
            for item in items:
                click.echo(f"    {item}")
        elif items:
            shown = ", ".join(items[:LISTED])
            more = len(items) - LISTED
            click.echo(
                f"  {label} ({len(items)}): {shown}" + (MORE.format(more) if more > 0 else "")
            )
    _print_removed(result.claims_removed, verbose)
    if result.owner_learned and result.committed:
        click.echo(
            f"  owner learned: {result.owner_learned} (recorded in .brain/config.yaml; "
            "`brain config owner NAME` changes it)"
        )
    if result.deferred:
        click.echo(f"  left for the next run (limits): {len(result.deferred)} sessions")
    for problem in result.problems:
        click.echo(f"  note: {problem}")


#: Pages and sessions a run lists by name without --verbose; the rest are counted.
LISTED = 8
MORE = " and {} more (--verbose lists all)"


def _print_removed(claims: list[dict[str, Any]], verbose: bool) -> None:
    """Claims the validators cut: a count and the commonest reasons, or each with --verbose.

    A cut claim is the validators doing their job (the wiki keeps only what its evidence
    says), not an error, so a first run over many sessions must not read like a failure.
    """
    if not claims:
        return
    if verbose:
        click.echo(f"  claims removed by the validators ({len(claims)}):")
        for claim in claims:
            click.echo(f"    {claim['path']}:{claim['line']}: {claim['message']}")
        return
    reasons = Counter(
        "two current values for one attribute"
        if claim.get("code") == "contradiction"
        else _reason_kind(claim["message"])
        for claim in claims
    )
    top = "; ".join(f"{reason} ({n})" for reason, n in reasons.most_common(3))
    others = len(reasons) - 3
    click.echo(
        f"  {len(claims)} claim{'s' if len(claims) != 1 else ''} removed by the validators "
        f"(not supported by their evidence; --verbose lists each): {top}"
        + (f"; {others} other reasons" if others > 0 else "")
    )


#: "[cite:N] 'claim': " or '[cite:N] "claim": ' at the start of a removal message.
_QUOTED_CLAIM = r"""\[cite:[^\]]*\]\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*:\s*"""


def _reason_kind(message: str) -> str:
    """The kind of a removal reason: its text without the claim and the particulars.

    "[cite:2] 'Priya and others moved ...': not in the evidence: others" is "not in the
    evidence"; "date 2026-03-06 is not in the evidence" is "date is not in the evidence".
    """
    # the claim is quoted as Python quotes it: in '...', or in "..." when it has a "'"
    claim = re.match(_QUOTED_CLAIM, message)
    reason = message[claim.end() :] if claim else message
    reason = reason.split(": ", 1)[0]
    reason = re.sub(r"'[^']*'", "a name", reason)
    reason = re.sub(r"\s*\b\d[\d:.-]*\b", "", reason)
    return " ".join(reason.split())


def _interrupted(repo: Any, head_before: str | None) -> None:
    """Ctrl-C: say what state the memory is in and what the next run does, then exit 130."""
    head = repo.head()
    if head == head_before:
        click.echo(
            "\nInterrupted: nothing was committed (the memory is as it was). The next "
            "`brain dream` starts this work again.",
            err=True,
        )
    else:
        click.echo(
            f"\nInterrupted after the run committed {str(head)[:8]}; the next command "
            "finishes updating the files.",
            err=True,
        )
    raise SystemExit(130)


def _run_with_progress(repo: Any, options: Any, quiet: bool) -> Any:
    from rich.console import Console
    from rich.progress import Progress

    from dream import run_dream

    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        # off a terminal the bar cannot be erased and leaves an empty line behind
        return run_dream(repo, options)
    with Progress(console=console, transient=True) as bar:
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
@click.argument("text", nargs=-1, required=True, callback=joined_words)
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
