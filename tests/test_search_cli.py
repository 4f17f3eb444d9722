"""`brain index` and `brain search`: output, errors, and no torch where none is needed."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo, Session, Turn

SESSION = Session(
    id="trip-1",
    title="Trip planning",
    format="test",
    started=dt.datetime(2024, 3, 2, 10, 0),
    turns=[
        Turn("user", "Book the train to Lyon for Friday morning.", speaker="Ana"),
        Turn("assistant", "Done: the 8:04 from Paris Gare de Lyon, seat 42.", speaker="Bot"),
        Turn("user", "Also find a vegetarian restaurant near the station.", speaker="Ana"),
    ],
)


@pytest.fixture
def trip(memory: MemoryRepo) -> MemoryRepo:
    with memory.transaction("test: trip") as tx:
        tx.write(SESSION.path, SESSION.render())
    return memory


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_index_then_search_json_and_human(trip: MemoryRepo) -> None:
    code, out = run("index", "--no-embed", "--memory", str(trip.root), "--json")
    assert code == 0, out
    stats = json.loads(out)
    assert stats["files_added"] == 1 and stats["blocks_total"] == 3 and stats["embedded"] == 0

    code, out = run(
        "search", "train to Lyon", "--method", "bm25", "--memory", str(trip.root), "--json"
    )
    assert code == 0, out
    hits = json.loads(out)
    assert hits[0]["path"] == SESSION.path and hits[0]["anchor"] == "t1"
    assert hits[0]["link"] == "sessions/2024/03/trip-1#^t1" and hits[0]["date"] == "2024-03-02"

    code, out = run(
        "search", "seat", "--method", "bm25", "--window", "1", "--memory", str(trip.root)
    )
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("sessions/2024/03/trip-1#^t2")
    assert "Bot: Done: the 8:04 from Paris" in out and "t1: Book the train" in out
    assert out.index("t1: Book") < out.index("Bot: Done") < out.index("t3: Also find")

    code, out = run("index", "--status", "--memory", str(trip.root))
    assert code == 0 and "3 blocks" in out and "up to date" in out


def test_search_errors_are_one_clean_line(trip: MemoryRepo, tmp_path: Path) -> None:
    code, out = run("search", "x", "--method", "bm25", "--memory", str(tmp_path / "none"))
    assert code == 1 and "not a memory repo" in out and "Traceback" not in out
    code, out = run("search", " ", "--method", "bm25", "--memory", str(trip.root))
    assert code == 1 and "empty query" in out
    code, out = run("search", "x", "--window", "a:b", "--memory", str(trip.root))
    assert code == 2 and "BEFORE:AFTER" in out
    code, out = run("search", "zzzz", "--method", "bm25", "--memory", str(trip.root))
    assert code == 0 and "No matches." in out


def _imports(args: list[str], memory: Path) -> tuple[int, str, set[str]]:
    """Run `python -X importtime -m brain.cli ARGS`; return code, stdout, imported modules."""
    env = {**os.environ, "PYTHONWARNINGS": "ignore", "BRAIN_MEMORY": str(memory)}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "brain.cli", *args],
        capture_output=True,
        text=True,
        cwd=memory.parent,
        env=env,
        timeout=300,
    )
    mods = {
        line.split("|")[-1].strip().split(".")[0]
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return proc.returncode, proc.stdout, mods


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["index", "--help"],
        ["search", "--help"],
        ["eval", "retrieval", "--help"],
        ["index", "--no-embed"],
        ["search", "Lyon", "--method", "bm25"],
    ],
    ids=lambda a: " ".join(a),
)
def test_commands_without_embeddings_never_import_torch(trip: MemoryRepo, args) -> None:
    code, out, mods = _imports(args, trip.root)
    assert code == 0, out
    assert "torch" not in mods and "sentence_transformers" not in mods
    assert "brain" in mods  # the probe does see imports
