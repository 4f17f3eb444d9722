"""`brain fleet dream ROOT --workers N`: the fleet's Dream in N local processes.

Each process runs the same task as a queue worker (brain.fleet.run.dream_one), with the
memory's own file lock as the whole lock: one machine needs no broker.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from .members import Member, members, pending, records_path


def _one(member: Member, records: str, engine: str | None) -> dict[str, Any]:
    from .errors import TransientLLMError
    from .run import dream_one

    # A memory busy with another run now is waited for briefly, then reported.
    try:
        return dream_one(member.name, member.path, records=Path(records), engine=engine, wait=5.0)
    except TransientLLMError as exc:  # no queue to retry from: reported, run it again later
        return {"memory": member.name, "status": "failed", "error": exc.message}


def dream_local(
    root: Path,
    workers: int,
    *,
    engine: str | None = None,
    records: str | None = None,
    every: bool = False,
    skipped: Callable[[dict[str, Any]], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Run Dream on every memory with new work; yields each run record as it finishes."""
    target = str(records_path(root, records))
    todo = []
    for m in members(root):
        p = pending(m.path) if not every else None
        if p is not None and p.error:
            if skipped:
                skipped({"memory": m.name, "status": "failed", "error": p.error})
            continue
        if p is None or p.has_work:
            todo.append(m)
    if not todo:
        return
    # spawn, not fork: each process loads spaCy and torch itself, with no threads copied.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=max(1, workers), mp_context=ctx) as pool:
        futures = {pool.submit(_one, m, target, engine): m for m in todo}
        for fut in as_completed(futures):
            try:
                yield fut.result()
            except Exception as exc:  # one memory's crash (or its process's) is its own
                name = futures[fut].name
                yield {"memory": name, "status": "failed", "error": f"{type(exc).__name__}: {exc}"}
