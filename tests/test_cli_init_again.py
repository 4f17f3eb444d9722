"""`brain init` on a memory that already exists: it completes it, never makes it again,
and says what changed (a new user ran it twice with two owners and was told nothing)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo
from memory_schema.memory_config import read_config


def test_init_again_says_the_memory_exists_and_what_changed(tmp_path: Path) -> None:
    runner = CliRunner()
    root = tmp_path / "mem"
    first = runner.invoke(cli, ["init", str(root), "--owner", "Kieran"])
    assert first.exit_code == 0 and "Initialised memory" in first.output
    same = runner.invoke(cli, ["init", str(root), "--owner", "Kieran"])
    assert same.exit_code == 0 and "already a memory repo; nothing to do" in same.output
    other = runner.invoke(cli, ["init", str(root), "--owner", "Jo  Bloggs"])
    assert other.exit_code == 0, other.output
    assert "already a memory repo; its owner changed from Kieran to Jo Bloggs" in other.output
    assert "Initialised" not in other.output
    assert read_config(root).owner == "Jo Bloggs"
    log = MemoryRepo.open(root).git("log", "--format=%s").split("\n")
    assert log[:2] == ["init: set owner", "init: create memory"]


def test_an_owner_given_later_is_set_not_a_new_memory(tmp_path: Path) -> None:
    runner = CliRunner()
    root = tmp_path / "mem"
    assert runner.invoke(cli, ["init", str(root)]).exit_code == 0
    later = runner.invoke(cli, ["init", str(root), "--owner", "Al"])
    assert "already a memory repo; its owner set to Al" in later.output
    assert read_config(root).owner == "Al"
