"""One fleet task: one `brain dream` on one memory, under the fleet's lock, with a record.

The run itself is `dream.run_dream`, unchanged: the same transient tree, validators and
controlled sync as `brain dream`. What this adds is what a fleet needs around it: the
cross-machine lock, the verdict on errors (retry later, or report and move on), the
engine's token use, and one JSON line per attempt in the fleet's run records.

Safe to run twice: a run commits its state file in the same commit as its pages, so a
second run of a task (a redelivery after kill -9, a duplicate enqueue) finds nothing new
and commits nothing; a run killed before its commit left nothing behind but a transient
tree, which the next run removes before doing the work again.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock

from .errors import TransientLLMError
from .locks import Busy, NoLock, clear_holder, describe, me, write_holder

#: HTTP statuses that mean "try again later" (timeout, conflict, rate limit, overload).
TRANSIENT_STATUS = {408, 409, 429, 500, 502, 503, 504, 529}
_TRANSIENT_NAMES = ("RateLimit", "Timeout", "Connect", "Overloaded", "InternalServer")


def is_transient(exc: BaseException) -> bool:
    """Whether an LLM backend error is worth retrying (rate limit, timeout, overload)."""
    seen: BaseException | None = exc
    while seen is not None:
        status = getattr(seen, "status_code", None)
        if isinstance(status, int) and status in TRANSIENT_STATUS:
            return True
        if any(n in type(seen).__name__ for n in _TRANSIENT_NAMES):
            return True
        seen = seen.__cause__
    text = str(exc)
    return any(f"HTTP {s}:" in text for s in TRANSIENT_STATUS) or "timed out" in text.lower()


@dataclass
class Counting:
    """An LLM backend that adds up the token use of every call (for the run record)."""

    inner: Any
    input: int = 0
    output: int = 0
    calls: int = field(default=0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def complete(self, *args: Any, **kwargs: Any) -> Any:
        resp = self.inner.complete(*args, **kwargs)
        self.calls += 1
        self.input += resp.usage.input
        self.output += resp.usage.output
        return resp


def _options(engine: str | None, wait: float) -> tuple[Any, Counting | None]:
    """DreamOptions as `brain dream` builds them, plus the counting backend for llm."""
    from brain.commands.dream import dream_options

    options = dream_options(engine, False, wait)
    if options.engine != "llm":
        return options, None
    from agent.llm import open_backend
    from brain.config import AgentConfig

    env = AgentConfig.load()
    counting = Counting(open_backend(env.backend_settings()))
    return options, counting


def dream_one(
    name: str,
    path: Path,
    *,
    records: Path | None,
    engine: str | None = None,
    lock: Any = None,
    wait: float = 0.0,
    task_id: str | None = None,
    attempt: int = 0,
) -> dict[str, Any]:
    """Dream one memory; returns its run record (also appended to `records`).

    Raises TransientLLMError when the model asked us to come back later; every other
    failure is the memory's own (a poisoned memory) and comes back as a record with
    status "failed", so the fleet goes on.
    """
    from agent.errors import AgentError, BackendError
    from dream import run_dream
    from dream.errors import DreamBusyError, DreamError, DreamValidationError
    from memory_schema import MemoryRepo
    from memory_schema.errors import SchemaError

    lock = lock or NoLock()
    who = me(task_id)
    rec: dict[str, Any] = {
        "memory": name,
        "path": str(path),
        "run_id": None,
        "task_id": task_id,
        "attempt": attempt,
        "worker": f"{who['host']}:{who['pid']}",
        "started": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "status": "failed",
        "seconds": 0.0,
        "engine": engine,
        "commit": None,
        "sessions": 0,
        "pages": 0,
        "pages_created": 0,
        "pages_updated": 0,
        "claims_removed": 0,
        "tokens": None,
        "waited": 0.0,
        "message": "",
        "error": None,
    }
    start = time.monotonic()
    counting: Counting | None = None
    transient: BaseException | None = None
    try:
        repo = MemoryRepo.open(path)
        with lock.hold(path, wait, who) as held:
            rec["locked_at"] = held.acquired_at
            rec["waited"] = round(held.waited, 3)
            write_holder(path, who)
            try:
                options, counting = _options(engine, wait)
                rec["engine"] = options.engine
                if counting is not None:
                    _attach_llm(repo, options, counting)
                result = run_dream(repo, options)
            finally:
                clear_holder(path)
                rec["released_at"] = time.time()
            rec["notes"] = held.notes
        rec.update(_from_result(result))
        if held.waited_for is not None:
            rec["message"] = (
                f"waited {held.waited:.1f}s for {describe(held.waited_for)}; " + rec["message"]
            )
    except Busy as exc:
        rec.update(status="busy", error=str(exc), waited=round(exc.waited, 3))
    except DreamBusyError as exc:
        rec.update(status="busy", error=exc.message, run_id=exc.run_id)
    except DreamValidationError as exc:
        rec.update(error=f"validators refused the run: {exc.message}", run_id=exc.run_id)
    except (SchemaError, DreamError) as exc:
        rec.update(error=str(exc), run_id=getattr(exc, "run_id", None))
    except BackendError as exc:
        rec["error"] = f"llm: {exc}"
        if is_transient(exc):
            rec["status"] = "retrying"
            transient = exc
    except AgentError as exc:  # a misconfigured backend: the memory's run cannot go on
        rec["error"] = f"llm: {exc}"
    except (OSError, subprocess.SubprocessError) as exc:  # an unreadable repo, a full disk
        rec["error"] = f"{type(exc).__name__}: {exc}"
    rec["seconds"] = round(time.monotonic() - start, 3)
    if counting is not None:
        rec["tokens"] = {"input": counting.input, "output": counting.output}
    append_record(records, rec)
    if transient is not None:
        raise TransientLLMError(rec["error"]) from transient
    return rec


def _attach_llm(repo: Any, options: Any, backend: Counting) -> None:
    """The llm engine's observer and judge over the counting backend (as `brain dream`)."""
    from brain.config import AgentConfig
    from dream.llm_engine import make_judge, make_observer
    from memory_schema.layout import INSTRUCTIONS_FILE

    env = AgentConfig.load()
    text = repo.read_text(INSTRUCTIONS_FILE) if repo.exists(INSTRUCTIONS_FILE) else ""
    options.observer = make_observer(
        repo,
        backend,
        instructions=text,
        max_steps=env.max_steps,
        max_tokens=env.max_tokens,
        max_output_tokens=env.max_output_tokens,
    )
    options.judge = make_judge(backend)


def _from_result(result: Any) -> dict[str, Any]:
    created, updated = len(result.pages_created), len(result.pages_updated)
    return {
        "run_id": result.run_id,
        "status": "committed" if result.committed else "nothing-new",
        "commit": result.commit,
        "sessions": len(result.sessions_summarized),
        "pages": created + updated,
        "pages_created": created,
        "pages_updated": updated,
        "claims_removed": len(result.claims_removed),
        "message": result.message,
        "problems": result.problems,
    }


def append_record(records: Path | None, rec: dict[str, Any]) -> None:
    """One JSON line per attempt; a file lock keeps lines from several workers whole."""
    if records is None:
        return
    try:
        records.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(records) + ".lock"), records.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec, default=str) + "\n")
    except OSError:
        pass  # records are for operators; a full disk must not fail the run


def read_records(records: Path) -> list[dict[str, Any]]:
    try:
        lines = records.read_text("utf-8").splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            out.append(entry)
    return out
