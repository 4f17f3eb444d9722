"""`brain remember --date`: a note written down earlier keeps the day it was written, and
its relative dates ("tomorrow") are read from that day, not from the day it was typed
in. A new user had no way to record an older note."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from memory_schema.page import Page


def run(*args: str) -> str:
    out = CliRunner().invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def test_a_note_written_earlier_keeps_its_day(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    run("init", str(root))
    said = run("remember", "dentist tomorrow at 3, dr okafor", "--date", "2026-03-03",
               "--topic", "health", "--memory", str(root))  # fmt: skip
    path = said.split("Remembered in ")[1].split()[0]
    assert path.startswith("notes/health/2026-03-03-")
    page = Page.parse((root / path).read_text("utf-8"), path)
    assert page.meta["created"] == dt.date(2026, 3, 3)
    # "tomorrow" is the day after the note was written
    out = run("ask", "when is my dentist appointment?", "--json", "--no-record",
              "--memory", str(root))  # fmt: skip
    assert json.loads(out)["answer"].startswith("4 March 2026"), out


def test_a_day_that_is_no_day_or_still_to_come_is_a_clear_error(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    run("init", str(root))
    runner = CliRunner()
    for when in ("sometime", "march 2025", "2999-01-01"):
        out = runner.invoke(
            cli, ["remember", "gate code 4471", "--date", when, "--memory", str(root)]
        )
        assert out.exit_code == 2 and "--date" in out.output, (when, out.output)
        assert "Traceback" not in out.output
    assert not list((root / "notes").rglob("*gate-code*"))  # nothing written
    # a day and month with no year is the last one, never one still to come
    said = run("remember", "gate code 4471", "--date", "1 jan", "--memory", str(root))
    year = dt.date.today().year
    assert f"notes/inbox/{year}-01-01-" in said
