"""fleet: status, dream (local or queued), worker, schedule, capture for many memories."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click

from brain.cli import Group

from .options import json_option, print_json

_ROOT = click.argument("root", type=click.Path(exists=True, path_type=Path))
_QUEUE_HELP = "Redis broker URL, e.g. redis://localhost:6379/0 [env BRAIN_FLEET_QUEUE]."


def _queue_option(func: Any) -> Any:
    return click.option("--queue", default=None, envvar="BRAIN_FLEET_QUEUE", help=_QUEUE_HELP)(func)


@click.group("fleet", cls=Group)
def fleet_cmd() -> None:
    """Many memories: one folder of memory repos, dreamt nightly by local processes or by
    Celery workers on a Redis queue. ROOT is that folder (each sub-folder one memory) or a
    file listing memory paths, one a line."""


@fleet_cmd.command("status")
@_ROOT
@_queue_option
@json_option
def status_cmd(root: Path, queue: str | None, as_json: bool) -> None:
    """Per memory: sessions not yet dreamt, the last run, the last error, the lock holder."""
    from brain.config import FleetConfig
    from brain.fleet.locks import describe
    from brain.fleet.status import fleet_status

    lock = None
    if queue:
        from brain.fleet.locks import RedisLock
        from brain.fleet.tasks import configure, reachable, redis_client

        configure(queue)
        reachable()
        lock = RedisLock(redis_client(), FleetConfig.load().lock_ttl)
    rows = fleet_status(root, FleetConfig.load().records, lock)
    if as_json:
        print_json(rows)
        return
    click.echo(f"{'memory':<20} {'new':>4}  {'last run':<28} {'holder / last error'}")
    for r in rows:
        last = r["last_run"] or "never"
        if r["last_run"] and not r["last_run_committed"]:
            last += " (no commit)"
        extra = f"held by {describe(r['holder'])}" if r["holder"] else ""
        if r["last_error"]:
            extra = (extra + "; " if extra else "") + f"error: {r['last_error']}"
        new = r["pending_sessions"] + r["pending_sources"]
        click.echo(f"{r['memory']:<20} {new:>4}  {last:<28} {extra}".rstrip())
    waiting = sum(1 for r in rows if r["has_work"])
    broken = sum(1 for r in rows if r["last_error"])
    click.echo(f"{len(rows)} memories, {waiting} with new work, {broken} with an error")


@fleet_cmd.command("dream")
@_ROOT
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Local processes [env BRAIN_FLEET_WORKERS; default 2]. Ignored with --queue.",
)
@_queue_option
@click.option("--all", "every", is_flag=True, help="Every memory, not only those with work.")
@click.option(
    "--wait", "wait_all", is_flag=True, help="With --queue: wait for the tasks, print results."
)
@click.option(
    "--engine", type=click.Choice(["extractive", "llm"]), default=None, help="Local runs only."
)
@json_option
@click.pass_context
def dream_cmd(
    ctx: click.Context,
    root: Path,
    workers: int | None,
    queue: str | None,
    every: bool,
    wait_all: bool,
    engine: str | None,
    as_json: bool,
) -> None:
    """Dream every memory with new work: N local processes, or one Celery task each.

    With --queue the engine is the workers' (their BRAIN_DREAM_ENGINE)."""
    from brain.config import FleetConfig

    cfg = FleetConfig.load()
    if queue:
        from brain.fleet.tasks import configure, enqueue, reachable

        configure(queue)
        reachable()
        out = enqueue(root, every=every)
        if wait_all:
            out["results"] = _results(out["queued"])
        if as_json:
            print_json(out)
        else:
            for b in out["broken"]:
                click.echo(f"not queued  {b['memory']}: {b['error']}")
            for r in out.get("results", []):
                click.echo(_line(r))
            click.echo(
                f"{len(out['queued'])} queued, {len(out['idle'])} with nothing new, "
                f"{len(out['broken'])} unreadable; records: {out['records']}"
            )
        if out["broken"] or any(r.get("status") == "failed" for r in out.get("results", [])):
            ctx.exit(1)
        return
    from brain.fleet.local import dream_local

    recs: list[dict[str, Any]] = []
    for rec in dream_local(
        root,
        workers or cfg.workers,
        engine=engine,
        records=cfg.records,
        every=every,
        skipped=recs.append,
    ):
        recs.append(rec)
        if not as_json:
            click.echo(_line(rec))
    if as_json:
        print_json(recs)
    else:
        for rec in recs:
            if rec.get("status") == "failed" and "run_id" not in rec:
                click.echo(_line(rec))
        done = sum(1 for r in recs if r.get("status") == "committed")
        failed = sum(1 for r in recs if r.get("status") in ("failed", "busy"))
        click.echo(f"{len(recs)} memories: {done} committed, {failed} failed or busy")
    if any(r.get("status") in ("failed", "busy") for r in recs):
        ctx.exit(1)


def _line(r: dict[str, Any]) -> str:
    what = r.get("message") or r.get("error") or ""
    secs = f" {r['seconds']:.1f}s" if isinstance(r.get("seconds"), int | float) else ""
    return f"{r.get('status', '?'):<11} {r.get('memory')}{secs}: {what}"


def _results(queued: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Wait for every queued task (retries included) and collect its record."""
    from celery.result import AsyncResult

    from brain.fleet.tasks import app

    out = []
    for q in queued:
        res = AsyncResult(q["task_id"], app=app)
        while not res.ready():
            time.sleep(0.5)
        value = res.result if res.successful() else {"status": "failed", "error": str(res.result)}
        out.append({"memory": q["memory"], **(value if isinstance(value, dict) else {})})
    return out


def _outcome(pending: Any) -> dict[str, Any]:
    """A capture task's result, waiting for a worker at most BRAIN_FLEET_WAIT seconds."""
    from celery.exceptions import TimeoutError as CeleryTimeout

    from brain.config import FleetConfig
    from brain.fleet.errors import FleetError

    wait = FleetConfig.load().wait
    try:
        result: dict[str, Any] = pending.get(timeout=wait)
    except CeleryTimeout:
        raise FleetError(
            f"no worker finished capture task {pending.id} within {wait:g}s; is "
            "`brain fleet worker` running? (the task stays queued)"
        ) from None
    return result


@fleet_cmd.command("worker")
@_queue_option
@click.option(
    "--concurrency",
    type=click.IntRange(min=1),
    default=None,
    help="Dream runs at once in this worker [env BRAIN_FLEET_WORKERS; default 2].",
)
@click.option("--name", default=None, help="Celery node name (default celery@HOST).")
@click.option(
    "--loglevel",
    default="INFO",
    show_default=True,
    help="Celery's log level (DEBUG, INFO, WARNING, ERROR).",
)
def worker_cmd(queue: str | None, concurrency: int | None, name: str | None, loglevel: str) -> None:
    """Start a Celery worker that runs the fleet's tasks (until stopped)."""
    from brain.config import FleetConfig
    from brain.fleet.tasks import QUEUE_NAME, configure

    app = configure(queue)
    argv = [
        "worker",
        f"--loglevel={loglevel}",
        f"--concurrency={concurrency or FleetConfig.load().workers}",
        "--prefetch-multiplier=1",
        "-O",
        "fair",
        "-Q",
        QUEUE_NAME,
    ]
    if name:
        argv.append(f"--hostname={name}")
    app.worker_main(argv)


@fleet_cmd.command("schedule")
@_ROOT
@click.option("--cron", default=None, help='When, e.g. "0 3 * * *" (every night at 3).')
@_queue_option
@click.option(
    "--beat",
    is_flag=True,
    help="Run Celery beat in the foreground instead of installing a crontab line.",
)
@click.option("--remove", is_flag=True, help="Remove the fleet's crontab line.")
@json_option
def schedule_cmd(
    root: Path, cron: str | None, queue: str | None, beat: bool, remove: bool, as_json: bool
) -> None:
    """The nightly enqueue: a crontab line (default) or Celery beat (--beat)."""
    from brain.fleet import schedule

    if remove:
        gone = schedule.remove(root)
        print_json({"removed": gone}) if as_json else click.echo(
            "Removed the fleet's entry." if gone else "No fleet entry was installed."
        )
        return
    if beat:
        from brain.fleet.tasks import beat_schedule, configure

        app = configure(queue)
        app.conf.beat_schedule = beat_schedule(root.resolve(), cron or "0 3 * * *")
        state = (root.resolve() if root.is_dir() else root.resolve().parent) / ".fleet"
        state.mkdir(exist_ok=True)
        app.Beat(schedule=str(state / "beat-schedule"), loglevel="INFO").run()
        return
    if not cron:
        line = schedule.installed(root)
        print_json({"entry": line}) if as_json else click.echo(
            line or "No fleet entry installed (use --cron to add one)."
        )
        return
    line = schedule.install(root, cron, queue)
    print_json({"entry": line}) if as_json else click.echo(f"Installed: {line}")


@fleet_cmd.command("capture")
@_ROOT
@click.option(
    "--from",
    "drop",
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Folder of transcripts to route.",
)
@click.option(
    "--map",
    "mapping",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="YAML/JSON {glob: memory} rules, matched against paths under --from.",
)
@click.option("--key", default="memory", show_default=True, help="Field naming the memory.")
@_queue_option
@json_option
@click.pass_context
def capture_cmd(
    ctx: click.Context,
    root: Path,
    drop: Path,
    mapping: Path | None,
    key: str,
    queue: str | None,
    as_json: bool,
) -> None:
    """Capture transcripts into their memories (one task per memory with --queue)."""
    from brain.fleet.capture import capture_into, route

    routing, fleet = route(root, drop, mapping, key)
    results: list[dict[str, Any]] = []
    if queue:
        from brain.fleet.tasks import capture_task, configure, reachable

        configure(queue)
        reachable()
        pending = [
            capture_task.apply_async(args=(n, str(fleet[n].path), [str(f) for f in fs]))
            for n, fs in sorted(routing.routes.items())
        ]
        results = [_outcome(p) for p in pending]
    else:
        results = [capture_into(n, fleet[n].path, fs) for n, fs in sorted(routing.routes.items())]
    if as_json:
        print_json({"results": results, "unrouted": routing.unrouted})
    else:
        for r in results:
            if r["error"]:
                click.echo(f"failed     {r['memory']}: {r['error']}")
                continue
            click.echo(
                f"{r['memory']:<20} {r['captured']} captured, {r['unchanged']} unchanged, "
                f"{r['rejected']} rejected"
            )
            for why in r.get("rejections", []):
                click.echo(f"  rejected {why}", err=True)
        for u in routing.unrouted:
            click.echo(f"unrouted   {u['file']}: {u['reason']}", err=True)
    if routing.unrouted or any(r["error"] or r["rejected"] for r in results):
        ctx.exit(1)
