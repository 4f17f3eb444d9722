"""The fleet on Celery with a Redis broker: the app, its three tasks, and enqueueing.

Delivery is at least once, and every task is safe to run twice:

- `acks_late` + `task_reject_on_worker_lost` + prefetch 1: a task is acknowledged only
  when it has finished, so a worker killed mid-task (kill -9 of its pool process or of the
  whole worker) leaves the message unacknowledged. A dead pool process is seen by its
  parent, which requeues at once; a dead worker's message goes back to the queue once
  the broker's visibility timeout (BRAIN_FLEET_VISIBILITY) has passed.
- The same visibility timeout also redelivers a task that is merely slow; the memory's
  lock (brain/fleet/locks.py) makes that copy wait, then find the work done.
- Rate limits and timeouts of the model are retried with exponential backoff and
  jitter; anything else wrong with a memory fails that memory's task only.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from celery import Celery
from celery.schedules import crontab

from .errors import FleetError, TransientLLMError

QUEUE_NAME = "brain-fleet"
app = Celery("brain_fleet")
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_default_queue=QUEUE_NAME,
    task_serializer="json",
    result_serializer="json",
    accept_content=["json"],
    result_expires=7 * 24 * 3600,
    broker_connection_retry_on_startup=True,
    worker_hijack_root_logger=False,
)


def configure(url: str | None = None) -> Celery:
    """Point the app at the broker (flag or BRAIN_FLEET_QUEUE); results go there too."""
    from brain.config import FleetConfig

    cfg = FleetConfig.load()
    url = url or cfg.queue
    if not url:
        raise FleetError("no queue: pass --queue redis://HOST:6379/0 or set BRAIN_FLEET_QUEUE")
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise FleetError(f"{url!r} is not a Redis URL (redis://HOST:PORT/DB)")
    # A lost message comes back after `visibility`; sweep for such messages often enough
    # that a short timeout (tests, small fleets) is honoured, but at most once a second.
    sweep = max(1, min(60, int(cfg.visibility / 4)))
    app.conf.update(
        broker_url=url,
        result_backend=url,
        broker_transport_options={
            "visibility_timeout": cfg.visibility,
            "unacked_restore_interval": sweep,
            "unacked_restore_throttle": 1,
        },
        result_backend_transport_options={"visibility_timeout": cfg.visibility},
    )
    return app


def redis_client() -> Any:
    import redis

    return redis.Redis.from_url(app.conf.broker_url)


def reachable() -> None:
    """One clean error when the broker does not answer (commands that enqueue or ask)."""
    import redis

    url = str(app.conf.broker_url)
    shown = url.split("@", 1)[-1] if "@" in url else url.split("://", 1)[-1]
    try:
        redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5).ping()
    except redis.RedisError as exc:
        raise FleetError(f"cannot reach the queue at {shown}: {exc}") from exc


def backoff(retries: int, base: float) -> float:
    """Seconds before retry number `retries` + 1: doubling from base, jittered, capped."""
    delay = min(1800.0, base * (2**retries))
    return delay * (0.5 + random.random() / 2)


@app.task(bind=True, name="brain.fleet.dream", max_retries=None)
def dream_task(self: Any, name: str, path: str, records: str | None) -> dict[str, Any]:
    """One `brain dream` on one memory (see brain.fleet.run.dream_one)."""
    from brain.config import FleetConfig

    from .locks import RedisLock
    from .run import append_record, dream_one

    cfg = FleetConfig.load()
    target = Path(records) if records else None
    try:
        rec = dream_one(
            name,
            Path(path),
            records=target,
            lock=RedisLock(redis_client(), cfg.lock_ttl),
            wait=cfg.wait,
            task_id=self.request.id,
            attempt=self.request.retries,
        )
    except TransientLLMError as exc:
        if self.request.retries >= cfg.retries:
            gave_up = {
                "memory": name,
                "path": path,
                "task_id": self.request.id,
                "attempt": self.request.retries,
                "status": "failed",
                "error": f"gave up after {cfg.retries} retries: {exc.message}",
            }
            append_record(target, gave_up)
            return gave_up
        raise self.retry(exc=exc, countdown=backoff(self.request.retries, cfg.backoff)) from exc
    if rec["status"] == "busy":
        # Held past the whole wait (a very long run, or a `brain dream` by hand): come
        # back later rather than hold a worker; the memory's work is not lost.
        raise self.retry(countdown=backoff(min(self.request.retries, 5), cfg.backoff))
    return rec


@app.task(name="brain.fleet.capture")
def capture_task(name: str, path: str, files: list[str]) -> dict[str, Any]:
    """Capture transcripts into one memory (safe twice: a session captured again is
    unchanged, a grown one gets only its new turns)."""
    from .capture import capture_into

    return capture_into(name, Path(path), [Path(f) for f in files])


@app.task(name="brain.fleet.enqueue")
def enqueue_task(root: str, every: bool = False) -> dict[str, Any]:
    """Beat's nightly job: look over the fleet and enqueue a Dream task per memory."""
    return enqueue(Path(root), every=every)


def enqueue(root: Path, every: bool = False) -> dict[str, Any]:
    """One dream task per memory with new work (every memory with `every`).

    A memory that cannot be read is reported, not enqueued: its run could only fail.
    """
    from brain.config import FleetConfig

    from .members import members, pending, records_path

    records = str(records_path(root, FleetConfig.load().records))
    queued, idle, broken = [], [], []
    for m in members(root):
        if not every:
            p = pending(m.path)
            if p.error:
                broken.append({"memory": m.name, "error": p.error})
                continue
            if not p.has_work:
                idle.append(m.name)
                continue
        res = dream_task.apply_async(args=(m.name, str(m.path), records))
        queued.append({"memory": m.name, "task_id": res.id})
    return {"queued": queued, "idle": idle, "broken": broken, "records": records}


def beat_schedule(root: Path, cron: str) -> dict[str, Any]:
    """Celery beat's table: the fleet's enqueue task on a five-field cron schedule."""
    fields = cron.split()
    if len(fields) != 5:
        raise FleetError(f"{cron!r} is not a cron schedule (five fields, e.g. '0 3 * * *')")
    minute, hour, dom, month, dow = fields
    try:
        when = crontab(minute, hour, dow, dom, month)
    except ValueError as exc:
        raise FleetError(f"{cron!r} is not a cron schedule: {exc}") from exc
    return {
        "brain-fleet-nightly": {"task": enqueue_task.name, "schedule": when, "args": (str(root),)}
    }
