"""`brain fleet status`: per memory, what waits, the last run, the last error, the holder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .locks import local_holder
from .members import last_dream, members, pending, records_path
from .run import read_records


def fleet_status(root: Path, records: str | None = None, lock: Any = None) -> list[dict[str, Any]]:
    """One row per memory; `lock` (a RedisLock) adds holders seen by the queue."""
    history: dict[str, dict[str, Any]] = {}
    for rec in read_records(records_path(root, records)):
        if rec.get("error") and rec.get("status") != "busy":
            history[str(rec.get("path"))] = rec
        elif rec.get("status") in ("committed", "nothing-new"):
            history.pop(str(rec.get("path")), None)  # a later success clears the error
    rows = []
    for m in members(root):
        p = pending(m.path)
        last = last_dream(m.path)
        failed = history.get(str(m.path))
        error = p.error or (failed or {}).get("error") or (last or {}).get("error")
        holder = (lock.holder(m.path) if lock is not None else None) or local_holder(m.path)
        rows.append(
            {
                "memory": m.name,
                "path": str(m.path),
                "pending_sessions": p.sessions,
                "pending_sources": p.sources,
                "has_work": p.has_work,
                "last_run": last.get("run_id") if last else None,
                "last_run_started": last.get("started") if last else None,
                "last_run_committed": last.get("committed") if last else None,
                "last_error": error,
                "holder": holder,
            }
        )
    return rows
