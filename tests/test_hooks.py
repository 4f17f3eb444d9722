"""brain hooks: install/remove the Claude Code SessionEnd hook, and run it."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from brain.hooks import (
    HOOK_EVENT,
    HOOK_LOG,
    RUN_MARKER,
    HookError,
    install_claude_code,
    remove_claude_code,
)
from memory_schema import MemoryRepo

FIXTURE = Path(__file__).parent / "fixtures" / "ingest" / "claude_code.jsonl"
SESSION = "sessions/2025/05/4f35e220-c435-4cf7-b9b9-f40426042847.md"

#: A user's settings with other hooks (one of them also on SessionEnd) and other keys.
USER_SETTINGS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm run test:*)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre"}]}],
        "SessionEnd": [{"hooks": [{"type": "command", "command": "~/bin/notify-done"}]}],
    },
}


def _settings(tmp_path: Path, data: dict | None = None) -> Path:
    path = tmp_path / "claude" / "settings.json"
    if data is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=4), "utf-8")
    return path


def _ours(data: dict) -> list[dict]:
    return [
        h
        for g in data.get("hooks", {}).get(HOOK_EVENT, [])
        for h in g["hooks"]
        if RUN_MARKER in h["command"]
    ]


def _hook_input(transcript: Path) -> str:
    return json.dumps(
        {
            "session_id": "4f35e220-c435-4cf7-b9b9-f40426042847",
            "transcript_path": str(transcript),
            "cwd": "/home/me/project",
            "hook_event_name": "SessionEnd",
            "reason": "prompt_input_exit",
        }
    )


def test_install_keeps_the_users_settings_and_remove_restores_them(memory, tmp_path) -> None:
    path = _settings(tmp_path, USER_SETTINGS)
    change = install_claude_code(memory.root, path)
    assert change.action == "installed"
    data = json.loads(path.read_text("utf-8"))
    ours = _ours(data)
    assert len(ours) == 1
    assert ours[0]["type"] == "command" and ours[0]["timeout"] > 0
    assert str(memory.root) in ours[0]["command"]
    # Everything else is exactly as it was, the other SessionEnd hook included.
    rest = copy.deepcopy(data)
    rest["hooks"]["SessionEnd"] = [
        g
        for g in rest["hooks"]["SessionEnd"]
        if not any(RUN_MARKER in h["command"] for h in g["hooks"])
    ]
    assert rest == USER_SETTINGS

    assert remove_claude_code(path).action == "removed"
    assert json.loads(path.read_text("utf-8")) == USER_SETTINGS
    assert remove_claude_code(path).action == "absent"
    assert json.loads(path.read_text("utf-8")) == USER_SETTINGS


def test_install_is_idempotent_and_updates_the_memory_path(memory, tmp_path) -> None:
    path = _settings(tmp_path)  # no file yet, no folder either
    assert install_claude_code(memory.root, path).action == "installed"
    before = path.read_text("utf-8")
    assert install_claude_code(memory.root, path).action == "unchanged"
    assert path.read_text("utf-8") == before

    other = MemoryRepo.open(shutil.copytree(memory.root, tmp_path / "other"))
    assert install_claude_code(other.root, path).action == "updated"
    ours = _ours(json.loads(path.read_text("utf-8")))
    assert len(ours) == 1 and str(other.root) in ours[0]["command"]

    assert remove_claude_code(path).action == "removed"
    assert json.loads(path.read_text("utf-8")) == {}


def test_bad_settings_are_refused_and_left_alone(memory, tmp_path) -> None:
    path = _settings(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('{"hooks": {"SessionEnd": [', "utf-8")
    with pytest.raises(HookError, match="not valid JSON"):
        install_claude_code(memory.root, path)
    with pytest.raises(HookError, match="not valid JSON"):
        remove_claude_code(path)
    assert path.read_text("utf-8") == '{"hooks": {"SessionEnd": ['
    path.write_text('{"hooks": []}', "utf-8")
    with pytest.raises(HookError, match="'hooks' must be a JSON object"):
        install_claude_code(memory.root, path)


def test_cli_install_refuses_a_folder_that_is_not_memory(tmp_path) -> None:
    path = _settings(tmp_path)
    result = CliRunner().invoke(
        cli,
        [
            "hooks",
            "install",
            "claude-code",
            "--memory",
            str(tmp_path / "nope"),
            "--settings",
            str(path),
        ],
    )
    assert result.exit_code == 1
    assert "not a memory repo" in result.output
    assert not path.exists()


def test_installed_command_captures_a_finished_session(memory, tmp_path) -> None:
    """Run the hook exactly as Claude Code does: the command through a shell, JSON on stdin."""
    path = _settings(tmp_path, USER_SETTINGS)
    result = CliRunner().invoke(
        cli,
        [
            "hooks",
            "install",
            "claude-code",
            "--memory",
            str(memory.root),
            "--settings",
            str(path),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["action"] == "installed"
    command = _ours(json.loads(path.read_text("utf-8")))[0]["command"]

    transcript = tmp_path / "project" / "4f35e220.jsonl"
    transcript.parent.mkdir()
    lines = FIXTURE.read_text("utf-8").splitlines(keepends=True)
    transcript.write_text("".join(lines[:4]), "utf-8")  # the session so far

    run = subprocess.run(
        command, shell=True, input=_hook_input(transcript), capture_output=True, text=True,
        cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert f"captured   {SESSION}" in run.stdout
    text = (memory.root / SESSION).read_text("utf-8")
    assert "Please add a config file loader" in text
    assert "config.py" not in text  # not said yet
    log = memory.git("log", "-1", "--format=%B")
    assert "Brain-Command: capture" in log

    # The session is resumed and ends again: only its new turns are appended.
    transcript.write_text("".join(lines), "utf-8")
    run = subprocess.run(
        command, shell=True, input=_hook_input(transcript), capture_output=True, text=True,
        cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert f"grown      {SESSION}" in run.stdout
    grown = (memory.root / SESSION).read_text("utf-8")
    # Earlier turns and their anchors stay exactly where they were.
    assert grown.split("\n---\n", 1)[1].startswith(text.split("\n---\n", 1)[1].rstrip("\n"))
    assert "Added `src/config.py` with a TOML loader." in grown

    hook_log = (memory.root / HOOK_LOG).read_text("utf-8").splitlines()
    assert len(hook_log) == 2 and "prompt_input_exit" in hook_log[0]
    assert memory.git("status", "--porcelain").strip() == ""  # the log is git-ignored


def test_run_rejects_bad_input_with_one_line(memory, tmp_path) -> None:
    runner = CliRunner()
    args = ["hooks", "run", "claude-code", "--memory", str(memory.root)]
    result = runner.invoke(cli, args, input="not json")
    assert result.exit_code == 1
    assert "hook input is not JSON" in result.output
    result = runner.invoke(cli, args, input=_hook_input(tmp_path / "missing.jsonl"))
    assert result.exit_code == 1
    assert "transcript not found" in result.output
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"type":"summary","summary":"nothing"}\n', "utf-8")
    result = runner.invoke(cli, [*args, "--json"], input=_hook_input(empty))
    assert result.exit_code == 1
    assert "no user or assistant messages" in result.output
    assert memory.git("log", "--format=%s").count("\n") == 1  # only the init commit
