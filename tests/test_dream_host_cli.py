"""Claude Code as Dream's host: the /dream command and the nightly headless entry."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from brain.hooks import COMMAND_MARKER
from memory_schema import MemoryRepo
from tests.test_dream_schedule import fake_crontab  # noqa: F401 (fixture)


def _run(*args: str) -> tuple[int, str]:
    out = CliRunner().invoke(cli, list(args), env=dict(os.environ))
    return out.exit_code, out.output


def test_hooks_install_adds_the_dream_command_and_remove_takes_it_out(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    settings = tmp_path / "claude" / "settings.json"
    command = tmp_path / "claude" / "commands" / "dream.md"
    base = ["hooks", "install", "claude-code", "--settings", str(settings)]
    code, out = _run(*base, "--memory", str(memory.root))
    assert code == 0 and f"Installed the /dream command: {command}" in out, out
    text = command.read_text()
    assert text.startswith("---\ndescription:") and COMMAND_MARKER in text
    assert "mcp__brain__dream_begin" in text and "mcp__brain__dream_commit" in text
    code, out = _run(*base, "--memory", str(memory.root), "--json")
    assert code == 0 and json.loads(out)["dream_command"]["action"] == "unchanged"
    code, out = _run(*base, "--remove")
    assert code == 0 and not command.exists()
    assert "Removed the /dream command" in out


def test_a_dream_command_of_the_users_own_is_never_replaced(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    settings = tmp_path / "claude" / "settings.json"
    command = tmp_path / "claude" / "commands" / "dream.md"
    command.parent.mkdir(parents=True)
    command.write_text("my own dream command\n")
    code, out = _run(
        "hooks", "install", "claude-code", "--settings", str(settings), "--memory", str(memory.root)
    )
    assert code != 0 and "is not Brain's; nothing was changed" in out
    assert command.read_text() == "my own dream command\n"
    code, _ = _run("hooks", "install", "claude-code", "--settings", str(settings), "--remove")
    assert code == 0 and command.read_text() == "my own dream command\n"


def test_schedule_with_the_host_runs_claude_headless(
    memory: MemoryRepo,
    fake_crontab: Path,  # noqa: F811
) -> None:
    code, out = _run(
        "dream", "schedule", "--cron", "0 3 * * *", "--host", "claude-code",
        "--memory", str(memory.root),
    )  # fmt: skip
    assert code == 0, out
    [line] = fake_crontab.read_text().splitlines()
    assert line.startswith(f"0 3 * * * cd {memory.root} && ")
    assert "-p /dream --allowedTools mcp__brain >> " in line
    assert line.endswith(f"# brain-dream:{memory.root}")


def test_a_bad_ttl_is_a_one_line_error_before_serving(memory: MemoryRepo) -> None:
    out = CliRunner().invoke(
        cli,
        ["mcp", "--dream", "--memory", str(memory.root)],
        env={**os.environ, "BRAIN_HOST_DREAM_TTL": "soon"},
    )
    assert out.exit_code == 1
    assert out.output.strip() == "Error: BRAIN_HOST_DREAM_TTL='soon' is not a number of seconds"
