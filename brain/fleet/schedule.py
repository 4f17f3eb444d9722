"""`brain fleet schedule`: the nightly enqueue, by cron (one crontab line) or Celery beat.

Cron runs `brain fleet dream ROOT --queue URL` on the machine that has the crontab (it
must see ROOT, to tell which memories have work). Beat needs only the broker: it sends
the fleet's enqueue task, and a worker (which sees ROOT) looks the fleet over.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from dream import schedule as dream_schedule
from dream.errors import ScheduleError
from dream.schedule import _CRON_RE, brain_executable, read_crontab, write_crontab

MARK = "# brain-fleet:"


def cron_line(root: Path, cron: str, queue: str | None) -> str:
    root = root.resolve()
    log = shlex.quote(str((root if root.is_dir() else root.parent) / ".fleet" / "enqueue.out"))
    where = f" --queue {shlex.quote(queue)}" if queue else ""
    cmd = f"{shlex.quote(brain_executable())} fleet dream {shlex.quote(str(root))}{where}"
    return f"{cron} {cmd} >> {log} 2>&1 {MARK}{root}"


def install(root: Path, cron: str, queue: str | None) -> str:
    cron = " ".join(cron.split())
    if not _CRON_RE.fullmatch(cron):
        raise ScheduleError(f"{cron!r} is not a cron schedule (five fields, e.g. '0 3 * * *')")
    mark = f"{MARK}{root.resolve()}"
    line = cron_line(root, cron, queue)
    write_crontab([*(x for x in read_crontab() if not x.endswith(mark)), line])
    return line


def remove(root: Path) -> bool:
    return dream_schedule.remove(root, MARK)


def installed(root: Path) -> str | None:
    return dream_schedule.installed(root, MARK)
