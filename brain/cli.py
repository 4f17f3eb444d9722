"""The `brain` command line. Thin: parse, call one library function, print.

Subcommands are imported only when run, so `brain search` never pays for modules that
`brain ask` needs and commands without embeddings never import torch.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from typing import Any

import click

#: name -> "module:attribute" of each subcommand; modules import on first use.
COMMANDS = {
    "dream": "brain.commands.dream:dream_cmd",
    "forget": "brain.commands.dream:forget_cmd",
    "init": "brain.commands.core:init_cmd",
    "config": "brain.commands.core:config_cmd",
    "remember": "brain.commands.core:remember_cmd",
    "validate": "brain.commands.core:validate_cmd",
    "demo": "brain.commands.core:demo_cmd",
    "doctor": "brain.commands.doctor:doctor_cmd",
    "capture": "brain.commands.capture:capture_cmd",
    "watch": "brain.commands.capture:watch_cmd",
    "mcp": "brain.commands.integrations:mcp_cmd",
    "hooks": "brain.commands.integrations:hooks_cmd",
    "ask": "brain.commands.agent:ask_cmd",
    "chat": "brain.commands.agent:chat_cmd",
    "index": "brain.commands.search:index_cmd",
    "search": "brain.commands.search:search_cmd",
    "eval": "brain.commands.eval:eval_group",
    "sandbox": "brain.commands.sandbox:sandbox_cmd",
    "fleet": "brain.commands.fleet:fleet_cmd",
}

#: The first paragraph of each command's help, so `brain --help` lists the commands
#: without importing them (a test keeps these equal to the commands' own help).
SUMMARIES = {
    "ask": "Answer QUESTION from memory; every claim cites a session turn or source paragraph.",
    "capture": "Capture sessions and documents into memory (sessions/, sources/).",
    "chat": "Talk with memory: ask questions one after another (Ctrl-D or /quit to stop).",
    "config": "Show or change the memory's own settings (.brain/config.yaml, versioned).",
    "demo": "Build an example memory, run the whole loop on it and show what happened.",
    "doctor": "Check the install and the memory; each problem comes with the command that "
    "fixes it.",
    "dream": "Update the wiki from what is new: summaries, subject pages, INDEX.md; one commit.",
    "eval": "Benchmarks: retrieval (LoCoMo, LongMemEval), question answering, validators.",
    "fleet": "Many memories: one folder of memory repos, dreamt nightly by local processes or "
    "by Celery workers on a Redis queue. ROOT is that folder (each sub-folder one memory) or a "
    "file listing memory paths, one a line.",
    "forget": "Record TEXT in .brain/forget.md; the next Dream run removes it and keeps it out.",
    "hooks": "Capture other agents' sessions automatically (Claude Code).",
    "index": "Build or update the search index in .brain/cache/ (incremental by content hash).",
    "init": "Create a memory repo (Git, Brain layout, Obsidian vault) in DIRECTORY.",
    "mcp": "Serve memory to MCP clients (Claude Code, Claude Desktop, any agent).",
    "remember": "Write TEXT as a note in notes/<topic>/ (one commit).",
    "sandbox": "Run commands in a sandbox over a working set of memory (local, bwrap, docker).",
    "search": "Find the blocks of memory that best match QUERY (BM25 + embeddings, fused).",
    "validate": "Check the memory tree: schema, citations, links, paths, and that every cited "
    "claim and quote is supported by its block. Exit 1 on errors.",
    "watch": "Watch a drop FOLDER and capture what lands there (one log line per file).",
}

#: Root error of each package: their messages are shown as one clean line, exit 1.
ROOT_ERRORS = {
    "memory_schema.errors": "SchemaError",
    "ingest.errors": "IngestError",
    "search.errors": "SearchError",
    "agent.errors": "AgentError",
    "sandbox.errors": "SandboxError",
    "dream.errors": "DreamError",
    "evals.errors": "EvalError",
    "brain.errors": "BrainError",
    "brain.fleet.errors": "FleetError",
}


def known_errors() -> tuple[type[BaseException], ...]:
    """Root errors of the packages this process has imported (never imports more)."""
    found = []
    for module, name in ROOT_ERRORS.items():
        mod = sys.modules.get(module)
        if mod is not None and hasattr(mod, name):
            found.append(getattr(mod, name))
    return tuple(found)


class Group(click.Group):
    """A command group that, for a name it lacks, names the command meant (`brain dreem`:
    did you mean `dream`?) or, for a path (`brain capture notes.txt`), which commands take
    one."""

    #: What to say when a path is given where a command's name goes.
    path_hint = ""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            known = self.list_commands(ctx)
            close = difflib.get_close_matches(name, known, n=2, cutoff=0.6)
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {' or '.join(map(repr, close))}?")
            if self.path_hint and ("/" in name or "." in name):
                ctx.fail(f"No such command {name!r}. {self.path_hint}")
        return super().resolve_command(ctx, args)


class LazyGroup(Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attr = target.split(":")
        cmd: click.Command = getattr(importlib.import_module(module), attr)
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's listing, from SUMMARIES: importing every command would cost `--help`
        the imports of all of Brain."""
        names = [n for n in self.list_commands(ctx) if n in SUMMARIES]
        if len(names) != len(COMMANDS):  # a command without a summary: import them all
            super().format_commands(ctx, formatter)
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [(n, click.Command(n, help=SUMMARIES[n]).get_short_help_str(limit)) for n in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except known_errors() as exc:
            raise click.ClickException(str(exc)) from exc


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="brain-memory", prog_name="brain")
def cli() -> None:
    """Brain: agent memory as files.

    Sessions and documents become Markdown in a Git repo (the memory); agents explore it
    with file tools, a nightly Dream run keeps its wiki true, people read it in Obsidian.
    Every command takes --memory DIR (env BRAIN_MEMORY, default ./memory, or the memory
    the current folder is in).
    """


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
