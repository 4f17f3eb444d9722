"""The per-memory lock of a fleet, across processes, workers and machines.

Two locks, each for what it is sound for:

- **Redis** (with a queue): `SET key token NX PX ttl`, renewed every ttl/3 by a thread
  while the run lasts. It is the one lock every worker on every machine sees. A worker
  killed with kill -9 stops renewing, so its lock expires after at most `ttl` seconds
  and the redelivered task takes it; nobody has to clean up after the dead.
- **The memory's own file lock** (`run_dream`, flock on .git/brain-dream.lock), taken
  inside the Redis lock as always. The kernel drops it when its holder dies, and it keeps
  a fleet run and a `brain dream` started by hand or by cron on the same machine apart.

A lock lost while held (Redis restarted, a worker frozen longer than the TTL) is
reported in the run record. It cannot make two runs write one memory blindly: the file
lock still holds on a shared filesystem, and Dream's sync commits on top of whatever
HEAD is, keeping the other writer's version of a file both changed.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory_schema.layout import CACHE_DIR

HOLDER_FILE = f"{CACHE_DIR}/fleet-holder.json"  # in the memory: who runs it now
KEY_PREFIX = "brain:fleet"


def lock_key(path: Path) -> str:
    return f"{KEY_PREFIX}:lock:{path}"


def holder_key(path: Path) -> str:
    return f"{KEY_PREFIX}:holder:{path}"


def me(task_id: str | None = None) -> dict[str, Any]:
    """Who a holder is, as status shows it."""
    who: dict[str, Any] = {"host": socket.gethostname(), "pid": os.getpid()}
    if task_id:
        who["task"] = task_id
    return who


def describe(holder: dict[str, Any] | None) -> str:
    if not holder:
        return "another run"
    task = f", task {holder['task']}" if holder.get("task") else ""
    since = holder.get("since")
    age = f", for {time.time() - since:.0f}s" if isinstance(since, int | float) else ""
    return f"{holder.get('host', '?')} pid {holder.get('pid', '?')}{task}{age}"


@dataclass
class Held:
    """What taking the lock took: how long we waited, for whom, and whether it held."""

    waited: float = 0.0
    waited_for: dict[str, Any] | None = None
    acquired_at: float = 0.0
    released_at: float = 0.0
    lost: bool = False
    notes: list[str] = field(default_factory=list)


class Busy(Exception):
    """The memory stayed locked for the whole wait."""

    def __init__(self, holder: dict[str, Any] | None, waited: float):
        super().__init__(f"held by {describe(holder)}; waited {waited:.0f}s")
        self.holder = holder
        self.waited = waited


class RedisLock:
    """The cross-machine lock of one memory: a Redis key with a TTL, renewed while held."""

    def __init__(self, client: Any, ttl: float):
        self.client = client
        self.ttl_ms = max(1000, int(ttl * 1000))

    def holder(self, path: Path) -> dict[str, Any] | None:
        raw = self.client.get(holder_key(path))
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return None

    @contextmanager
    def hold(self, path: Path, wait: float, who: dict[str, Any]) -> Iterator[Held]:
        token = os.urandom(16).hex()
        key, hkey = lock_key(path), holder_key(path)
        held = Held()
        start = time.monotonic()
        while not self.client.set(key, token, nx=True, px=self.ttl_ms):
            held.waited_for = held.waited_for or self.holder(path)
            if time.monotonic() - start >= wait:
                raise Busy(held.waited_for, time.monotonic() - start)
            time.sleep(0.2)
        held.waited = time.monotonic() - start
        held.acquired_at = time.time()
        info = json.dumps({**who, "since": held.acquired_at})
        self.client.set(hkey, info, px=self.ttl_ms)
        stop = threading.Event()
        renewer = threading.Thread(
            target=self._renew, args=(key, hkey, token, stop, held), daemon=True
        )
        renewer.start()
        try:
            yield held
        finally:
            stop.set()
            renewer.join()
            held.released_at = time.time()
            self._release(key, hkey, token)

    # Compare-and-act in Lua so a lock that expired and went to another worker is never
    # renewed or deleted by its former holder.
    _RENEW = (
        "if redis.call('get', KEYS[1]) == ARGV[1] then "
        "redis.call('pexpire', KEYS[2], ARGV[2]); "
        "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end"
    )
    _RELEASE = (
        "if redis.call('get', KEYS[1]) == ARGV[1] then "
        "redis.call('del', KEYS[2]); return redis.call('del', KEYS[1]) else return 0 end"
    )

    def _renew(self, key: str, hkey: str, token: str, stop: threading.Event, held: Held) -> None:
        while not stop.wait(self.ttl_ms / 3000):
            try:
                ok = self.client.eval(self._RENEW, 2, key, hkey, token, self.ttl_ms)
            except Exception as exc:  # a renewal that fails is reported, never fatal
                held.notes.append(f"lock renewal failed: {exc}")
                continue
            if not ok and not held.lost:
                held.lost = True
                held.notes.append("the Redis lock expired while held (worker stalled?)")

    def _release(self, key: str, hkey: str, token: str) -> None:
        with suppress(Exception):  # the TTL frees it anyway
            self.client.eval(self._RELEASE, 2, key, hkey, token)


class NoLock:
    """Local fleets (`--workers N`): the memory's own file lock is the whole lock."""

    def holder(self, path: Path) -> dict[str, Any] | None:
        return None

    @contextmanager
    def hold(self, path: Path, wait: float, who: dict[str, Any]) -> Iterator[Held]:
        yield Held(acquired_at=time.time())


def write_holder(path: Path, who: dict[str, Any]) -> None:
    """Mark the memory as held (for `brain fleet status` without a queue)."""
    target = path / HOLDER_FILE
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps({**who, "since": time.time()}), "utf-8")
    except OSError:
        pass  # a marker that cannot be written must not fail the run


def clear_holder(path: Path) -> None:
    with suppress(OSError):
        (path / HOLDER_FILE).unlink()


def local_holder(path: Path) -> dict[str, Any] | None:
    """The holder marker, when its process is alive (on this host) or on another host."""
    try:
        info = json.loads((path / HOLDER_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict):
        return None
    if info.get("host") == socket.gethostname():
        try:
            pid = int(info.get("pid", 0))
            if pid <= 0:
                return None
            os.kill(pid, 0)
        except (OSError, ValueError):
            return None  # a dead holder's marker
    return info
