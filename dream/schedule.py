"""`brain dream schedule`: a crontab entry per memory repo, installed with `crontab`.

The crontab command is `crontab` unless env BRAIN_CRONTAB names another program with
the same interface (`-l` prints the table, `-` reads a new one from stdin), which is
how tests stay away from the real user's crontab.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from .errors import ScheduleError

_FIELD = r"[\d*/,\-A-Za-z]+"
_CRON_RE = re.compile(
    rf"^(?:@(?:hourly|daily|weekly|monthly|yearly|annually|midnight)|{_FIELD}(?:\s+{_FIELD}){{4}})$"
)
MARK = "# brain-dream:"


def crontab_command() -> list[str]:
    return shlex.split(os.environ.get("BRAIN_CRONTAB", "crontab"))


def _crontab(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    cmd = crontab_command()
    if not shutil.which(cmd[0]):
        raise ScheduleError(
            f"{cmd[0]!r} not found: install cron (e.g. apt-get install cron) or use the "
            "systemd timer in the manual (docs/dream.md, Scheduling)"
        )
    return subprocess.run([*cmd, *args], input=input, capture_output=True, text=True)


def read_crontab() -> list[str]:
    proc = _crontab("-l")
    if proc.returncode != 0:
        if "no crontab" in proc.stderr.lower():
            return []
        raise ScheduleError(f"crontab -l failed: {proc.stderr.strip()}")
    return proc.stdout.splitlines()


def write_crontab(lines: list[str]) -> None:
    """Install `lines` as the whole crontab (brain fleet schedule uses it too)."""
    proc = _crontab("-", input="".join(f"{line}\n" for line in lines))
    if proc.returncode != 0:
        raise ScheduleError(f"crontab could not install the table: {proc.stderr.strip()}")


def brain_executable() -> str:
    beside = Path(sys.executable).parent / "brain"
    return str(beside) if beside.exists() else (shutil.which("brain") or "brain")


HOSTS = ("claude-code",)


def entry_line(memory: Path, cron: str, engine: str = "extractive", host: str | None = None) -> str:
    mem = memory.resolve()
    log = shlex.quote(str(mem / ".brain" / "cache" / "dream.out"))
    if host == "claude-code":
        # The host's headless mode runs the /dream command (`brain hooks install
        # claude-code`) with the brain MCP server's dream tools allowed; the host's own
        # subscription pays for the model, Brain checks and commits.
        claude = shutil.which("claude") or "claude"
        cmd = (
            f"cd {shlex.quote(str(mem))} && {shlex.quote(claude)} -p /dream "
            f"--allowedTools mcp__brain >> {log} 2>&1"
        )
    elif host is not None:
        raise ScheduleError(f"unknown host {host!r}; choose from {', '.join(HOSTS)}")
    else:
        cmd = (
            f"{shlex.quote(brain_executable())} dream --memory {shlex.quote(str(mem))} "
            f"--engine {engine} >> {log} 2>&1"
        )
    return f"{cron} {cmd} {MARK}{mem}"


def install(memory: Path, cron: str, engine: str = "extractive", host: str | None = None) -> str:
    """Install (or replace) this memory's entry; returns the line written."""
    cron = " ".join(cron.split())
    if not _CRON_RE.fullmatch(cron):
        raise ScheduleError(f"{cron!r} is not a cron schedule (five fields, e.g. '0 3 * * *')")
    mark = f"{MARK}{memory.resolve()}"
    lines = [x for x in read_crontab() if not x.endswith(mark)]
    line = entry_line(memory, cron, engine, host)
    write_crontab([*lines, line])
    return line


def remove(memory: Path, mark: str = MARK) -> bool:
    """Remove this memory's entry (the crontab line ending `mark` and its path); False
    when there was none. `brain fleet schedule` passes its own mark."""
    mark = f"{mark}{memory.resolve()}"
    lines = read_crontab()
    kept = [x for x in lines if not x.endswith(mark)]
    if len(kept) == len(lines):
        return False
    write_crontab(kept)
    return True


def installed(memory: Path, mark: str = MARK) -> str | None:
    mark = f"{mark}{memory.resolve()}"
    return next((x for x in read_crontab() if x.endswith(mark)), None)
