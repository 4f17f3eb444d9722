"""sandbox: build-image, exec, shell."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from brain.cli import Group

from .options import json_option, memory_option, open_memory, print_json

DEFAULT_IMAGE = "brain-sandbox:latest"  # sandbox.image.DEFAULT_IMAGE, without the import


def _backend_option(func: Any) -> Any:
    return click.option(
        "--backend",
        type=click.Choice(["local", "bwrap", "docker"]),
        default=None,
        help="local, bwrap or docker [env BRAIN_SANDBOX; default local].",
    )(func)


def _workset_options(func: Any) -> Any:
    func = click.option(
        "--all", "whole", is_flag=True, help="Check out every memory file, not just the map."
    )(func)
    func = click.option(
        "--include",
        multiple=True,
        metavar="PATH",
        help="Also check out this file or folder (repeatable), e.g. sources/.",
    )(func)
    return click.option(
        "--image", default=DEFAULT_IMAGE, show_default=True, help="Docker image (docker backend)."
    )(func)


def _backend(backend: str | None) -> str:
    from brain.config import AgentConfig

    return backend or AgentConfig.load().sandbox


def _options(backend: str, image: str) -> dict[str, Any]:
    return {"image": image} if backend == "docker" else {}


@click.group("sandbox", cls=Group)
def sandbox_cmd() -> None:
    """Run commands in a sandbox over a working set of memory (local, bwrap, docker).

    The working set is what an agent session gets: INDEX.md, knowledge/ and the recent
    sessions as ordinary files (a Git sparse checkout), read-only inside the sandbox.
    """


@sandbox_cmd.command("exec", context_settings={"ignore_unknown_options": True})
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
@_backend_option
@_workset_options
@click.option("--timeout", default=600.0, show_default=True, help="Seconds before it is killed.")
@memory_option
@click.pass_context
def exec_cmd(
    ctx: click.Context,
    command: tuple[str, ...],
    backend: str | None,
    whole: bool,
    include: tuple[str, ...],
    image: str,
    timeout: float,
    memory: str | None,
) -> None:
    """Run COMMAND in the sandbox with the working set as current directory.

    Put `--` before the command: brain sandbox exec --backend bwrap -- rg -n Maya
    Its output and exit status are the command's.
    """
    from sandbox.session import memory_sandbox

    chosen = _backend(backend)
    root = open_memory(memory).root
    with memory_sandbox(
        root, chosen, whole=whole, include=include, **_options(chosen, image)
    ) as box:
        result = box.run(list(command), timeout=timeout)
    sys.stdout.buffer.write(result.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(result.stderr)
    ctx.exit(result.returncode)


@sandbox_cmd.command("shell")
@click.option(
    "--backend",
    # No `local`: it runs read-only tools only, never a shell.
    type=click.Choice(["bwrap", "docker"]),
    default=None,
    help="bwrap or docker [env BRAIN_SANDBOX when it names one of them; default bwrap].",
)
@_workset_options
@memory_option
@click.pass_context
def shell_cmd(
    ctx: click.Context,
    backend: str | None,
    whole: bool,
    include: tuple[str, ...],
    image: str,
    memory: str | None,
) -> None:
    """Open an interactive shell in the sandbox, in the working set (bwrap or docker).

    Point any agent at memory this way, e.g. start Claude Code's shell commands here.
    The working set is read-only and removed when the shell exits.
    """
    from sandbox.session import memory_sandbox, run_interactive

    chosen = _backend(backend)
    if chosen not in ("bwrap", "docker"):
        chosen = "bwrap"  # BRAIN_SANDBOX=local is for agents' tools; a shell needs a box
    root = open_memory(memory).root
    with memory_sandbox(
        root, chosen, whole=whole, include=include, **_options(chosen, image)
    ) as box:
        if sys.stdin.isatty():
            click.echo(f"{box.name} sandbox over {box.root} (read-only); exit to leave", err=True)
        code = run_interactive(box, ["bash"], tty=sys.stdin.isatty())
    ctx.exit(code)


@sandbox_cmd.command("build-image")
@click.option("--tag", default=DEFAULT_IMAGE, show_default=True, help="Image name to create.")
@click.option("--mirror", default=None, help="Debian mirror (default: the one apt uses).")
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the root filesystem tarball is cached [default ~/.cache/brain/sandbox].",
)
@click.option("--rebuild", is_flag=True, help="Debootstrap again even when cached.")
@memory_option
@json_option
def build_image_cmd(
    tag: str,
    mirror: str | None,
    cache_dir: Path | None,
    rebuild: bool,
    memory: str | None,
    as_json: bool,
) -> None:
    """Build the docker sandbox image with no registry: debootstrap + docker import.

    A Debian bookworm root with coreutils, grep, findutils, ripgrep and git, user brain
    (uid 1000). Needs root, debootstrap and a Docker engine. The root filesystem is
    cached, so a rebuild only re-imports it; an up-to-date image is left as it is.
    """
    from rich.console import Console

    from sandbox.image import build_image

    console = Console(stderr=True, quiet=as_json)
    with console.status("Building the sandbox image…") as status:
        result = build_image(
            image=tag,
            cache_dir=cache_dir,
            mirror=mirror,
            rebuild=rebuild,
            echo=lambda msg: status.update(msg),
        )
    if as_json:
        print_json(
            {
                "image": result.image,
                "id": result.image_id,
                "rootfs": str(result.rootfs),
                "rootfs_cached": result.rootfs_cached,
                "imported": result.imported,
            }
        )
    elif result.imported:
        how = "cached root filesystem" if result.rootfs_cached else "new root filesystem"
        click.echo(f"Built {result.image} ({result.image_id[7:19]}) from the {how} {result.rootfs}")
    else:
        click.echo(f"{result.image} ({result.image_id[7:19]}) is up to date")
