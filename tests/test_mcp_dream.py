"""brain mcp --dream: a scripted host drives a whole Dream run through the real server.

The server runs as its own process (`python -m brain.cli mcp --dream`) and the host is
the official `mcp` client, as Claude Code or any MCP client would be.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from filelock import FileLock, Timeout
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import Implementation

from dream import DreamOptions, run_dream
from memory_schema import MemoryRepo
from tests.host_pages import PROFILE, SESSION, SUMMARY, SUMMARY_TEXT, UNSUPPORTED, profile
from tests.test_dream_support import MAY, add_sessions
from tests.test_mcp import _env, text

HOST = "scripted-host"
DREAM_TOOLS = {
    "dream_begin",
    "dream_read",
    "dream_write",
    "dream_validate",
    "dream_commit",
    "dream_abort",
}


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    add_sessions(memory, MAY)
    return memory


def _params(memory: Path, dream: bool = True, env: dict[str, str] | None = None) -> Any:
    args = ["-m", "brain.cli", "mcp", "--memory", str(memory)] + (["--dream"] if dream else [])
    return StdioServerParameters(command=sys.executable, args=args, env={**_env(), **(env or {})})


def _client(memory: Path, **kw: Any) -> Client:
    return Client(_params(memory, **kw), client_info=Implementation(name=HOST, version="1"))


def run_host(memory: Path, fn: Callable[[Client], Awaitable[Any]], **kw: Any) -> Any:
    async def main() -> Any:
        async with _client(memory, **kw) as client:
            return await fn(client)

    return anyio.run(main)


async def call(c: Client, name: str, **args: Any) -> Any:
    return await c.call_tool(name, args)


async def ok_json(c: Client, name: str, **args: Any) -> dict[str, Any]:
    result = await call(c, name, **args)
    assert not result.is_error, (name, text(result))
    return json.loads(text(result))


def plan_of(begun: Any) -> dict[str, Any]:
    m = re.search(r"```json\n(.*?)\n```", text(begun), re.S)
    assert m, text(begun)[:500]
    return json.loads(m.group(1))


def _lock_free(repo: MemoryRepo) -> bool:
    lock = FileLock(str(repo.git_dir / "brain-dream.lock"), thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return False
    lock.release()
    return True


def test_a_scripted_host_runs_dream_through_the_tools(repo: MemoryRepo) -> None:
    head = repo.head()

    async def host(c: Client) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["tools"] = {t.name for t in (await c.list_tools()).tools}
        begun = await call(c, "dream_begin")
        assert not begun.is_error, text(begun)
        out["begin"] = text(begun)
        plan = plan_of(begun)
        rid = out["rid"] = plan["run_id"]
        out["again"] = await call(c, "dream_begin")
        out["turn"] = text(await call(c, "dream_read", run_id=rid, path=f"[[{SESSION}#^t1]]"))
        out["first_write"] = await ok_json(
            c, "dream_write", run_id=rid, path=PROFILE, text=profile(UNSUPPORTED)
        )
        await ok_json(c, "dream_write", run_id=rid, path=SUMMARY, text=SUMMARY_TEXT)
        out["draft"] = text(await call(c, "dream_read", run_id=rid, path=PROFILE))
        out["validate"] = await ok_json(c, "dream_validate", run_id=rid)
        out["refused"] = await ok_json(c, "dream_commit", run_id=rid)
        out["head_while_open"] = repo.head()
        # The host fixes what was reported, then commits.
        await ok_json(c, "dream_write", run_id=rid, path=PROFILE, text=profile())
        out["validate_fixed"] = await ok_json(c, "dream_validate", run_id=rid)
        out["commit"] = await ok_json(c, "dream_commit", run_id=rid)
        out["after"] = await call(c, "dream_write", run_id=rid, path=PROFILE, text=profile())
        return out

    out = run_host(repo.root, host)
    assert out["tools"] >= DREAM_TOOLS
    assert "## Procedure (skills/dream/SKILL.md)" in out["begin"]
    assert out["again"].is_error and "already open" in text(out["again"])
    assert "data analyst at Acme Corp" in out["turn"] and "^t1" in out["turn"]
    assert out["first_write"]["ok"]  # structure is fine; support is the semantic check's
    assert "cello" in out["first_write"]["unsupported_claims"][0]["message"]
    assert "cello" in out["draft"]
    [bad] = out["validate"]["unsupported_claims"]
    assert "cello" in bad["message"] and bad["path"] == PROFILE
    assert not out["refused"]["committed"]
    assert out["head_while_open"] == head
    assert out["validate_fixed"]["ok"], out["validate_fixed"]
    done = out["commit"]
    assert done["committed"] and done["trailers"]["Brain-Engine"] == f"host:{HOST}"
    body = repo.git("log", "-1", "--format=%B")
    assert f"Brain-Engine: host:{HOST}" in body and f"Brain-Run: {out['rid']}" in body
    assert "Brain-Sessions: 2026-05-04-intro" in body
    assert repo.git("rev-list", "--count", f"{head}..HEAD").strip() == "1"
    assert "cello" not in (repo.root / PROFILE).read_text()
    assert (repo.root / SUMMARY).is_file()
    assert out["after"].is_error and "no open Dream run" in text(out["after"])
    assert repo.git("status", "--porcelain") == ""


def test_dream_tools_are_off_by_default(repo: MemoryRepo) -> None:
    async def host(c: Client) -> set[str]:
        return {t.name for t in (await c.list_tools()).tools}

    tools = run_host(repo.root, host, dream=False)
    assert "read" in tools and not tools & DREAM_TOOLS


def test_refused_writes_and_a_second_host(repo: MemoryRepo, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("keep me\n")
    os.symlink(outside, repo.root / "knowledge" / "people" / "Evil.md")
    head = repo.head()

    async def hosts() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with _client(repo.root) as c:
            rid = plan_of(await call(c, "dream_begin"))["run_id"]
            for path in (
                f"{SESSION}.md",
                "notes/inbox/x.md",
                "../outside.md",
                str(outside),
                "knowledge/people/Evil.md",
                ".git/hooks/post-commit.md",
            ):
                out[path] = await call(c, "dream_write", run_id=rid, path=path, text=profile())
            out["read_escape"] = await call(c, "dream_read", run_id=rid, path="../outside.md")
            # Another host (another server process) on the same memory meanwhile.
            async with _client(repo.root) as other:
                out["second_host"] = await call(other, "dream_begin")
            out["abort"] = await ok_json(c, "dream_abort", run_id=rid)
        return out

    out = anyio.run(hosts)
    for path in (f"{SESSION}.md", "notes/inbox/x.md"):
        assert out[path].is_error and "only wiki pages" in text(out[path]), path
    assert "'..' is not allowed" in text(out["../outside.md"])
    assert "absolute" in text(out[str(outside)])
    assert "outside the memory" in text(out["knowledge/people/Evil.md"])
    assert out[".git/hooks/post-commit.md"].is_error
    assert out["read_escape"].is_error
    second = text(out["second_host"])
    assert out["second_host"].is_error and f"agent host {HOST} (dream-" in second
    assert out["abort"]["aborted"]
    assert outside.read_text() == "keep me\n"
    assert repo.head() == head


def test_a_host_that_disconnects_leaves_the_repo_untouched(repo: MemoryRepo) -> None:
    head = repo.head()
    status = repo.git("status", "--porcelain")

    async def host(c: Client) -> None:
        rid = plan_of(await call(c, "dream_begin"))["run_id"]
        await ok_json(c, "dream_write", run_id=rid, path=PROFILE, text=profile())
        assert not _lock_free(repo)  # held by the server while the run is open
        # ...and the host goes away without commit or abort.

    run_host(repo.root, host)
    assert repo.head() == head and repo.git("status", "--porcelain") == status
    assert not (repo.root / PROFILE).exists()
    assert _lock_free(repo)  # the server's process ended, and its lock with it
    assert run_dream(repo, DreamOptions()).committed


def test_an_idle_run_expires_in_a_live_server(repo: MemoryRepo) -> None:
    async def host(c: Client) -> dict[str, Any]:
        out: dict[str, Any] = {}
        begun = plan_of(await call(c, "dream_begin"))
        out["ttl"] = begun["expires_after_idle_seconds"]
        deadline = time.monotonic() + 60
        while not _lock_free(repo) and time.monotonic() < deadline:
            await anyio.sleep(0.2)  # no call: the server's timer must release the lock
        out["free"] = _lock_free(repo)
        out["late"] = await call(c, "dream_commit", run_id=begun["run_id"])
        out["new"] = await call(c, "dream_begin")
        return out

    out = run_host(repo.root, host, env={"BRAIN_HOST_DREAM_TTL": "1"})
    assert out["ttl"] == 1.0 and out["free"]
    assert out["late"].is_error and "expired" in text(out["late"])
    assert not out["new"].is_error  # the memory is free for the next run
