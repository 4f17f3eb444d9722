"""`brain doctor`: checks of the install and of one memory, each with its fix.

Every check returns `Check`s: `ok`, `warn` (worth knowing, nothing is broken: an optional
sandbox backend missing, no schedule) or `fail` (something does not work or is out of
date). A `warn` or `fail` carries the exact command that fixes it. Nothing here changes
the memory or sends anything anywhere: the index and the write path are read, not
opened (opening a memory would already repair it), and LLM backends are probed without
their keys. `repair` is what `brain doctor --fix` runs.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATUSES = ("ok", "warn", "fail")


@dataclass
class Check:
    area: str
    status: str  # ok, warn, fail
    summary: str
    fix: str | None = None
    details: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [])}


@dataclass
class Context:
    """What the checks need: the memory and how the commands they suggest name it."""

    memory: Path
    memory_flag: bool = False  # the user named the memory with --memory: fixes do too
    deep: bool = False  # load the embedding model, not only look at its files

    def brain(self, *args: str) -> str:
        """A `brain` command line for a fix, naming the memory when the user did."""
        words = ["brain", *args]
        if self.memory_flag:
            words += ["--memory", str(self.memory)]
        return shlex.join(words)


def run_checks(ctx: Context, env: dict[str, str] | None = None) -> list[Check]:
    """Every check, install first, then the memory (skipped when there is none)."""
    import os

    from . import install, memory, services

    environ = dict(os.environ if env is None else env)
    checks = [install.python_check(), install.git_check(), install.model_check(ctx.deep)]
    repo_check = memory.repo_check(ctx)
    checks.append(repo_check)
    if repo_check.status != "fail":
        checks += memory.write_checks(ctx)
        checks.append(memory.index_check(ctx))
    checks.append(install.sandbox_check(environ))
    checks += services.llm_checks(ctx, environ)
    checks.append(services.schedule_check(ctx, repo_check.status != "fail"))
    return checks


def repair(ctx: Context) -> bool:
    """Finish an interrupted write and clear what a killed writer left (the write path's
    own recovery, which every command that opens the memory runs too)."""
    from memory_schema import MemoryRepo

    return MemoryRepo(ctx.memory).recover()


__all__ = ["STATUSES", "Check", "Context", "repair", "run_checks"]
