"""doctor: check the install and the memory, and say how to fix what is wrong."""

from __future__ import annotations

import click

from .options import config_from, json_option, memory_option, print_json

_MARK = {"ok": "ok  ", "warn": "warn", "fail": "FAIL"}


@click.command("doctor")
@click.option(
    "--deep",
    is_flag=True,
    help="Also load the embedding model offline and embed a sentence (slow: seconds to "
    "a minute); by default only its files are checked.",
)
@click.option(
    "--fix",
    "do_fix",
    is_flag=True,
    help="First finish an interrupted write and clear stale git locks and transaction "
    "folders (what every writing command does on its own), then check.",
)
@memory_option
@json_option
@click.pass_context
def doctor_cmd(
    ctx: click.Context, deep: bool, do_fix: bool, memory: str | None, as_json: bool
) -> None:
    """Check the install and the memory; each problem comes with the command that fixes it.

    Checks Python, git, the bundled model, the memory's write path and index, sandboxes,
    LLM backends and the Dream schedule. The exit code is 1 when any check fails
    (warnings alone exit 0).

    Nothing is changed without --fix, and no API key is sent anywhere: hosted LLM APIs
    get a bare TCP connection, a local server an unauthenticated GET of /models.
    """
    from brain.doctor import Context, repair, run_checks

    source = ctx.get_parameter_source("memory")
    check_ctx = Context(
        memory=config_from(memory).memory.resolve(),
        memory_flag=source == click.core.ParameterSource.COMMANDLINE,
        deep=deep,
    )
    repaired = False
    if do_fix and (check_ctx.memory / ".brain").is_dir():
        repaired = repair(check_ctx)
    checks = run_checks(check_ctx)
    failed = [c for c in checks if c.status == "fail"]
    if as_json:
        print_json(
            {
                "memory": str(check_ctx.memory),
                "ok": not failed,
                "repaired": repaired,
                "checks": [c.as_dict() for c in checks],
            }
        )
    else:
        if repaired:
            click.echo(
                "Repaired: what a killed writer left is cleared (an unfinished write, "
                "stale git locks, transaction folders)."
            )
        for c in checks:
            click.echo(f"{_MARK[c.status]}  {c.area:<9} {c.summary}")
            for line in c.details:
                click.echo(f"      {'':<9} {line}")
            if c.fix and c.status != "ok":
                click.echo(f"      {'':<9} fix: {c.fix}")
        warned = sum(c.status == "warn" for c in checks)
        if failed:
            click.echo(
                f"{len(failed)} problem{'s' if len(failed) != 1 else ''}, {warned} "
                f"warning{'s' if warned != 1 else ''}: run the fix commands, then "
                "`brain doctor` again."
            )
        else:
            click.echo(f"No problems ({warned} warning{'s' if warned != 1 else ''}).")
    if failed:
        ctx.exit(1)
