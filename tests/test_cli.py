"""The CLI: every command has help and a manual page; core commands work end to end."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from brain.cli import COMMANDS, cli

from .conftest import PROJECT_ROOT


def all_commands() -> list[tuple[str, click.Command]]:
    out = []
    ctx = click.Context(cli)

    def walk(prefix: str, cmd: click.Command) -> None:
        out.append((prefix, cmd))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(f"{prefix} {name}", cmd.get_command(ctx, name))

    for name in COMMANDS:
        walk(name, cli.get_command(ctx, name))
    return out


@pytest.mark.parametrize(
    ("name", "cmd"), all_commands(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_command_has_help_and_is_documented(name, cmd):
    assert (cmd.help or "").strip(), f"brain {name} has no help text"
    # The manual's pages, not the generated reference (which lists every command anyway).
    manual = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted((PROJECT_ROOT / "docs").glob("*.md"))
        if p.name != "reference.md"
    )
    assert f"brain {name}" in manual, f"no page of docs/ documents `brain {name}`"


#: Commands that build their own memories (or none) and so take no --memory; the fleet's
#: commands take ROOT, a folder of many memories, instead.
NO_MEMORY = {"demo", "eval qa", "eval retrieval", "eval validators", "sandbox build-image"} | {
    f"fleet {c}" for c in ("status", "dream", "worker", "schedule", "capture")
}


def test_memory_option_on_every_leaf_command():
    for name, cmd in all_commands():
        if isinstance(cmd, click.Group) or name in NO_MEMORY:
            continue
        params = {p.name for p in cmd.params}
        assert "memory" in params, f"brain {name} lacks --memory"


def test_help_does_not_import_torch():
    code = (
        "import sys; from brain.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "print('torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().endswith("False")


def test_init_remember_validate(tmp_path):
    runner = CliRunner()
    mem = str(tmp_path / "m")
    r = runner.invoke(cli, ["init", mem, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["commit"]
    r = runner.invoke(
        cli,
        [
            "remember",
            "Prefers tea over coffee",
            "--topic",
            "prefs/drinks",
            "--memory",
            mem,
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    path = json.loads(r.output)["path"]
    assert path.startswith("notes/prefs/drinks/") and (tmp_path / "m" / path).is_file()
    r = runner.invoke(cli, ["validate", "--memory", mem])
    assert r.exit_code == 0 and "OK" in r.output


def test_errors_are_one_clean_line(tmp_path):
    r = CliRunner().invoke(cli, ["remember", "x", "--memory", str(tmp_path)])
    assert r.exit_code == 1
    assert "not a memory repo" in r.output and "Traceback" not in r.output


def test_remember_refuses_empty_text(memory):
    r = CliRunner().invoke(cli, ["remember", "   ", "--memory", str(memory.root)])
    assert r.exit_code == 2 and "needs some text" in r.output


def test_demo_runs_the_whole_loop(tmp_path):
    r = CliRunner().invoke(cli, ["demo", "--keep", str(tmp_path / "d"), "--json"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert len(result["sessions"]) == 5
    assert result["dream"]["committed"] is True
    assert result["validation"]["ok"] is True
    assert "knowledge/people/Maya Chen.md" in result["pages"]
    for answer in result["answers"]:
        assert answer["citations"], answer
        for c in answer["citations"]:
            assert c["path"].startswith(("sessions/", "sources/"))
    lead = result["answers"][1]
    assert "Omar Haddad" in lead["answer"].splitlines()[0]  # the name whole, not "Haddad"


def test_help_lists_commands_without_importing_them():
    """`brain --help` shows each command's own summary, yet imports none of them."""
    from brain.cli import SUMMARIES

    assert set(SUMMARIES) == set(COMMANDS)
    ctx = click.Context(cli)
    for name in COMMANDS:
        cmd = cli.get_command(ctx, name)
        text = cmd.short_help or cmd.help or ""
        first = text.split("\n\n")[0] if "\n\n" in text else text
        assert SUMMARIES[name] == " ".join(first.split()), f"update SUMMARIES[{name!r}]"
    lazy = CliRunner().invoke(cli, ["--help"], terminal_width=80).output
    eager = click.Group.format_commands  # click's own listing, from the imported commands
    formatter = click.HelpFormatter(width=80)
    eager(cli, ctx, formatter)
    assert formatter.getvalue() in lazy
    code = (
        "import sys; from brain.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('brain.commands', 'search'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_commands_find_the_memory_they_are_run_in(tmp_path, monkeypatch):
    """`brain init notes && cd notes && brain remember ...` works, as git finds its
    repository: with no --memory and no BRAIN_MEMORY, a command inside a memory (or in a
    folder under it) uses that memory, not ./memory beneath it."""
    monkeypatch.delenv("BRAIN_MEMORY", raising=False)
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(cli, ["init", "notes"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "notes" / "knowledge")
    r = runner.invoke(cli, ["remember", "the gate code is 4471", "--json"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "notes" / json.loads(r.output)["path"]).is_file()
    assert not (tmp_path / "notes" / "knowledge" / "memory").exists()
    # Outside any memory, the default is still ./memory, and the error says so.
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(cli, ["remember", "x"])
    assert r.exit_code == 1 and "not a memory repo" in r.output
    assert str(tmp_path / "memory") in r.output
