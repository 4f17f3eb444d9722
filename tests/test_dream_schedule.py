"""`brain dream schedule`: crontab entries through a fake crontab, never the user's."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo

FAKE = """#!/bin/sh
# A crontab stand-in: -l prints the table file, - replaces it from stdin.
TABLE="$(dirname "$0")/table"
case "$1" in
  -l) if [ -f "$TABLE" ]; then cat "$TABLE"; else echo "no crontab for tester" >&2; exit 1; fi ;;
  -) cat > "$TABLE" ;;
  *) echo "unsupported" >&2; exit 2 ;;
esac
"""


@pytest.fixture
def fake_crontab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    script = tmp_path / "cron" / "crontab"
    script.parent.mkdir()
    script.write_text(FAKE)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("BRAIN_CRONTAB", str(script))
    return script.parent / "table"


def run(*args: str) -> tuple[int, str]:
    out = CliRunner().invoke(cli, list(args), env={"BRAIN_CRONTAB": os.environ["BRAIN_CRONTAB"]})
    return out.exit_code, out.output


def test_install_replace_and_remove(memory: MemoryRepo, fake_crontab: Path) -> None:
    fake_crontab.write_text("MAILTO=me\n15 * * * * /usr/bin/backup\n")
    code, out = run("dream", "schedule", "--cron", "0 3 * * *", "--memory", str(memory.root))
    assert code == 0 and "Installed:" in out
    table = fake_crontab.read_text().splitlines()
    assert table[:2] == ["MAILTO=me", "15 * * * * /usr/bin/backup"]
    assert table[2].startswith("0 3 * * * ")
    assert f"dream --memory {memory.root}" in table[2] and "dream.out" in table[2]
    assert table[2].endswith(f"# brain-dream:{memory.root}")
    # Installing again replaces the entry instead of adding a second one.
    run("dream", "schedule", "--cron", "30 2 * * 1-5", "--memory", str(memory.root))
    table = fake_crontab.read_text().splitlines()
    assert len(table) == 3 and table[2].startswith("30 2 * * 1-5 ")
    code, out = run("dream", "schedule", "--memory", str(memory.root))
    assert code == 0 and out.startswith("30 2 * * 1-5")
    code, out = run("dream", "schedule", "--remove", "--memory", str(memory.root))
    assert code == 0 and "Removed" in out
    assert fake_crontab.read_text().splitlines() == ["MAILTO=me", "15 * * * * /usr/bin/backup"]
    code, out = run("dream", "schedule", "--remove", "--memory", str(memory.root))
    assert code == 0 and "No Dream entry" in out


def test_empty_crontab_and_bad_schedule(memory: MemoryRepo, fake_crontab: Path) -> None:
    code, out = run("dream", "schedule", "--cron", "every night", "--memory", str(memory.root))
    assert code == 1 and "is not a cron schedule" in out and not fake_crontab.exists()
    code, _ = run("dream", "schedule", "--cron", "@daily", "--memory", str(memory.root))
    assert code == 0 and fake_crontab.read_text().startswith("@daily ")


def test_missing_crontab_is_a_clean_error(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAIN_CRONTAB", "/nonexistent/crontab")
    code, out = run("dream", "schedule", "--cron", "0 3 * * *", "--memory", str(memory.root))
    assert code == 1 and "not found" in out and "systemd" in out
