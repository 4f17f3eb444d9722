"""Real capture runs for docs/capture.md, written there by cog (`make docs-cli`).

Each example captures one file into a fresh memory with the real CLI and shows the input,
what `brain capture` printed and the Markdown it wrote. Dates, the clock zone and the
commit author are fixed, so the same code gives the same page on every machine; `make
test` checks that the page still matches (`cog --check`).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

from click.testing import CliRunner
from filelock import FileLock

from brain.cli import cli

FIXED = "2026-12-01T09:00:00Z"
MTIME = 1_796_115_600  # 2026-12-01 09:00 UTC: the date of files that carry none
#: A fixed folder, not a random temporary one: a source's frontmatter names its origin,
#: so the path is part of the file and of the commit id shown.
WORK = Path("/tmp/brain-docs-examples")


def _setup() -> None:
    for name in list(os.environ):
        if name.startswith("BRAIN_"):
            del os.environ[name]
    os.environ.update(GIT_AUTHOR_DATE=FIXED, GIT_COMMITTER_DATE=FIXED, TZ="UTC")
    time.tzset()


def _fence(text: str, lang: str = "text", limit: int = 40) -> str:
    lines = text.rstrip("\n").splitlines()
    if len(lines) > limit:
        lines = [*lines[:limit], f"... ({len(lines) - limit} more lines)"]
    fence = "````" if any(line.startswith("```") for line in lines) else "```"
    return f"{fence}{lang}\n" + "\n".join(lines) + f"\n{fence}\n"


def _written(memory: Path, output: str) -> list[Path]:
    """The files the CLI said it captured ("captured   sessions/... (N turns)")."""
    paths = []
    for line in output.splitlines():
        if line.startswith("captured "):
            rel = line.split(None, 1)[1].rsplit(" (", 1)[0]
            paths.append(memory / rel)
    return paths


def example(
    cog, kind: str, file: str, *, fmt: str | None = None, lang: str = "text", show_input=True
) -> None:
    """Capture FILE (`kind` session or source) and write input, output and result to cog."""
    _setup()
    src = Path(file)
    with FileLock(f"{WORK}.lock"):
        shutil.rmtree(WORK, ignore_errors=True)
        WORK.mkdir()
        try:
            _example(cog, kind, src, fmt, lang, show_input, WORK)
        finally:
            shutil.rmtree(WORK, ignore_errors=True)


def _example(cog, kind: str, src: Path, fmt, lang: str, show_input: bool, tmp: Path) -> None:
    memory = tmp / "memory"
    runner = CliRunner()
    assert runner.invoke(cli, ["init", "--memory", str(memory)]).exit_code == 0
    copy = tmp / src.name
    shutil.copy(src, copy)
    os.utime(copy, (MTIME, MTIME))
    args = ["capture", kind, src.name, "--memory", str(memory)]
    if fmt:
        args[3:3] = ["--format", fmt]
    cwd = os.getcwd()
    os.chdir(tmp)
    try:
        result = runner.invoke(cli, args)
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    output = result.output
    if kind == "source":
        # A source records when it was captured, so its commit differs on every run.
        output = re.sub(r"\(commit [0-9a-f]{8}\)", "(commit <id>)", output)
    if show_input:
        text = src.read_text(encoding="utf-8")
        cog.out(f"`{src.as_posix()}`:\n\n" + _fence(text, lang, limit=25) + "\n")
    cog.out(_fence(f"$ brain {' '.join(args[:-2])}\n{output}", "console") + "\n")
    for path in _written(memory, result.output):
        body = path.read_text(encoding="utf-8")
        # The capture time is the one line that changes from run to run.
        body = "\n".join(ln for ln in body.splitlines() if not ln.startswith("captured: "))
        cog.out(f"`{path.relative_to(memory).as_posix()}`:\n\n" + _fence(body, "markdown"))
        cog.out("\n")
