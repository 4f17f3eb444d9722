"""mcp (memory as an MCP server) and hooks (capture Claude Code sessions automatically)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from brain.cli import Group

from .options import config_from, json_option, memory_option, print_json


@click.command("mcp")
@memory_option
@click.option(
    "--http",
    is_flag=True,
    help="Serve streamable HTTP on 127.0.0.1 (at /mcp) instead of stdio.",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=None,
    help="Port for --http [default 8765].",
)
@click.option(
    "--dream",
    is_flag=True,
    help="Also serve the dream_* tools: the client runs Dream itself (manual: docs/dream-host.md).",
)
@click.option(
    "--read-only",
    is_flag=True,
    help="No tool writes memory: no note tools, no remember; ask records nothing.",
)
def mcp_cmd(memory: str | None, http: bool, port: int | None, dream: bool, read_only: bool) -> None:
    """Serve memory to MCP clients (Claude Code, Claude Desktop, any agent).

    Tools: read_index, search, read (a file or one block), grep, ls, memory_agent, ask,
    remember, and the note tools write_note, edit_note, move_note, delete_note (under
    notes/ only; off with --read-only); with --dream also dream_begin, dream_read,
    dream_write, dream_validate, dream_commit, dream_abort. Resources: INDEX.md, the
    standing instructions, every memory file. Over stdio by default: the client starts
    `brain mcp --memory DIR` itself.
    """
    from brain.mcp import DEFAULT_HTTP_PORT, serve
    from memory_schema import MemoryRepo

    if port is not None and not http:
        raise click.UsageError("--port needs --http (stdio has no port)")
    if dream and read_only:
        raise click.UsageError("--dream writes the wiki; it cannot be --read-only")
    root = MemoryRepo.open(config_from(memory).memory).root  # fail before serving
    if http:
        click.echo(
            f"Serving {root} at http://127.0.0.1:{port or DEFAULT_HTTP_PORT}/mcp (Ctrl+C stops)",
            err=True,
        )
    elif sys.stdin.isatty():
        click.echo(
            "brain mcp speaks MCP on stdin/stdout: let an MCP client start it (see the "
            "manual, docs/mcp.md), or use --http. Ctrl+C stops.",
            err=True,
        )
    serve(root, http=http, port=port or DEFAULT_HTTP_PORT, dream=dream, read_only=read_only)


@click.group("hooks", cls=Group)
def hooks_cmd() -> None:
    """Capture other agents' sessions automatically (Claude Code)."""


@hooks_cmd.command("install")
@click.argument("agent", type=click.Choice(["claude-code"]))
@click.option(
    "--settings",
    "settings",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Claude Code settings file [default ~/.claude/settings.json; a project's "
    ".claude/settings.json works too].",
)
@click.option("--remove", is_flag=True, help="Take Brain's hook out again.")
@memory_option
@json_option
def hooks_install_cmd(
    agent: str, settings: Path | None, remove: bool, memory: str | None, as_json: bool
) -> None:
    """Make AGENT capture each finished session into memory (or --remove that).

    For claude-code: adds a SessionEnd hook running `brain hooks run claude-code` to the
    settings file (every other setting in it is kept as it was), and the /dream command
    (commands/dream.md beside it) with which Claude Code runs Dream through the brain
    MCP server's dream tools (`brain mcp --dream`).
    """
    from brain.hooks import (
        HookError,
        install_claude_code,
        install_dream_command,
        remove_claude_code,
        remove_dream_command,
    )

    try:
        if remove:
            change = remove_claude_code(settings)
            command = remove_dream_command(settings)
        else:
            change = install_claude_code(config_from(memory).memory.resolve(), settings)
            command = install_dream_command(settings)
    except HookError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        print_json({**change.as_dict(), "dream_command": command.as_dict()})
        return
    messages = {
        "installed": f"Installed the Claude Code SessionEnd hook in {change.settings}",
        "updated": f"Updated the Claude Code SessionEnd hook in {change.settings}",
        "unchanged": f"The Claude Code hook in {change.settings} is already installed",
        "removed": f"Removed the Claude Code hook from {change.settings}",
        "absent": f"No Brain hook in {change.settings}; nothing to remove",
    }
    click.echo(messages[change.action])
    if change.command and change.action != "unchanged":
        click.echo(f"  command: {change.command}")
    if command.action in ("installed", "updated", "removed"):
        done = "Removed" if command.action == "removed" else command.action.capitalize()
        click.echo(f"{done} the /dream command: {command.settings}")


@hooks_cmd.command("run")
@click.argument("agent", type=click.Choice(["claude-code"]))
@memory_option
@json_option
@click.pass_context
def hooks_run_cmd(ctx: click.Context, agent: str, memory: str | None, as_json: bool) -> None:
    """Capture the session a hook names (reads the hook's JSON on stdin).

    Claude Code runs this itself at the end of every session; you do not need to.
    """
    from brain.hooks import HookError, run_claude_code

    config = config_from(memory)
    try:
        report = run_claude_code(sys.stdin.read(), config.memory, config.capture_max_bytes)
    except HookError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        print_json(report.as_dict())
    else:
        for o in report.outcomes:
            detail = f" ({o.message})" if o.message else ""
            line = f"{o.status:<10} {o.path or o.origin}{detail}"
            click.echo(line, err=o.status == "rejected")
    if report.rejected:
        ctx.exit(1)
