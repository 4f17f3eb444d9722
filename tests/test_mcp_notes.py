"""The MCP note tools and the fresh index, through the official `mcp` client over stdio.

`brain mcp` runs as its own process on a real memory in tmp_path, as Claude Code or any
MCP client would start it; the client announces its name, which lands in the trailers.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp_types import Implementation

from memory_schema import MemoryRepo
from tests.test_dream_support import MAY, add_sessions
from tests.test_mcp import _env, text
from validators import validate_tree

NOTE_TOOLS = {"write_note", "edit_note", "move_note", "delete_note"}
SESSION = "sessions/2026/05/2026-05-04-intro"
CITED = f"""Maya works as a data analyst at Acme Corp. [cite:1]

- [cite:1] [[{SESSION}#^t1]] "Hi, I'm Maya Chen. I work as a data analyst at Acme Corp."
"""


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    add_sessions(memory, MAY)
    return memory


def _client(memory: Path, name: str = "test-agent", *extra: str) -> Client:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "brain.cli", "mcp", "--memory", str(memory), *extra],
        env=_env(),
    )
    return Client(params, client_info=Implementation(name=name, version="1"))


def run(memory: Path, fn: Callable[[Client], Awaitable[Any]], *extra: str) -> Any:
    async def main() -> Any:
        async with _client(memory, "test-agent", *extra) as client:
            return await fn(client)

    return anyio.run(main)


async def call(c: Client, name: str, **args: Any) -> Any:
    return await c.call_tool(name, args)


async def ok(c: Client, name: str, **args: Any) -> dict[str, Any]:
    result = await call(c, name, **args)
    assert not result.is_error, (name, text(result))
    return json.loads(text(result))


def commits(repo: MemoryRepo, since: str) -> list[str]:
    out = repo.git("log", "--format=%H", f"{since}..HEAD").split()
    return list(reversed(out))


def body(repo: MemoryRepo, sha: str) -> str:
    return repo.git("log", "-1", "--format=%B", sha)


def test_each_note_tool_call_is_one_commit_with_the_client_and_tool(repo: MemoryRepo) -> None:
    head = repo.head()
    assert head is not None

    async def agent(c: Client) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name for t in (await c.list_tools()).tools}}
        out["write"] = await ok(c, "write_note", title="Maya at work", content=CITED, folder="work")
        path = out["write"]["path"]
        out["append"] = await ok(
            c, "edit_note", path=path, operation="append", content="Prefers short answers."
        )
        out["replace"] = await ok(
            c,
            "edit_note",
            path=path,
            operation="find_replace",
            find="Prefers short answers.",
            content="She prefers short answers.",
        )
        out["move"] = await ok(c, "move_note", path=path, new_path="notes/people/")
        out["delete"] = await ok(c, "delete_note", path=out["move"]["path"])
        return out

    out = run(repo.root, agent)
    assert out["tools"] >= NOTE_TOOLS
    assert out["write"]["path"] == "notes/work/Maya at work.md"
    shas = commits(repo, head)
    assert shas == [out[k]["commit"] for k in ("write", "append", "replace", "move", "delete")]
    tools = ["write_note", "edit_note", "edit_note", "move_note", "delete_note"]
    for sha, tool in zip(shas, tools, strict=True):
        msg = body(repo, sha)
        assert f"Brain-Command: {tool}" in msg and "Brain-Client: test-agent" in msg, msg
        assert "Brain-Author: mcp" in msg
    # The move is one commit, which Git sees as a rename.
    moved = repo.git("show", "--name-status", "--format=", shas[3]).strip()
    assert moved == "R100\tnotes/work/Maya at work.md\tnotes/people/Maya at work.md", moved
    written = repo.git("show", f"{shas[2]}:notes/work/Maya at work.md")
    assert "She prefers short answers." in written
    assert written.index("She prefers") < written.index("## Citations")
    assert repo.git("status", "--porcelain") == ""
    assert not (repo.root / "notes/people/Maya at work.md").exists()


def test_writes_outside_notes_are_refused(repo: MemoryRepo, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo.root / "notes" / "evil").symlink_to(outside, target_is_directory=True)
    (repo.root / "notes" / "wiki").symlink_to(repo.root / "knowledge", target_is_directory=True)
    head = repo.head()
    asks = {
        "knowledge": dict(title="Maya", content="x", folder="knowledge/people"),
        "knowledge_path": dict(title="Maya", content="x", path="knowledge/people/Maya.md"),
        "dotdot": dict(title="x", content="x", path="notes/../sessions/x.md"),
        "absolute": dict(title="x", content="x", path=str(tmp_path / "x.md")),
        "sessions": dict(title="x", content="x", path="sessions/2026/x.md"),
        "symlink_out": dict(title="x", content="x", path="notes/evil/x.md"),
        "symlink_in": dict(title="x", content="x", path="notes/wiki/people/x.md"),
    }

    async def agent(c: Client) -> dict[str, Any]:
        out = {k: await call(c, "write_note", **a) for k, a in asks.items()}
        out["edit_page"] = await call(
            c, "edit_note", path="knowledge/x.md", operation="append", content="x"
        )
        out["delete_out"] = await call(c, "delete_note", path="../INDEX.md")
        out["move_out"] = await call(
            c, "move_note", path="notes/a.md", new_path="knowledge/people/a.md"
        )
        return out

    out = run(repo.root, agent)
    for name, result in out.items():
        assert result.is_error, (name, text(result))
    assert "knowledge/ is Dream's" in text(out["knowledge"])
    assert "write a note" in text(out["knowledge_path"])
    assert "'..'" in text(out["dotdot"])
    assert "absolute" in text(out["absolute"])
    assert "only under notes/" in text(out["sessions"])
    assert "symlink" in text(out["symlink_out"]) or "outside" in text(out["symlink_out"])
    assert "symlink" in text(out["symlink_in"])
    assert repo.head() == head
    assert list(outside.iterdir()) == []


def test_citations_are_checked_like_pages(repo: MemoryRepo) -> None:
    head = repo.head()
    missing_turn = f'Maya works at Acme Corp. [cite:1]\n\n- [cite:1] [[{SESSION}#^t42]] "Hi"\n'
    unsupported = (
        f"Maya plays the cello in an orchestra. [cite:1]\n\n- [cite:1] [[{SESSION}#^t1]]\n"
    )
    no_session = 'Maya is here. [cite:1]\n\n- [cite:1] [[sessions/2026/05/nope#^t1]] "Hi"\n'

    async def agent(c: Client) -> dict[str, Any]:
        out = {
            "missing_turn": await call(c, "write_note", title="A", content=missing_turn),
            "unsupported": await call(c, "write_note", title="B", content=unsupported),
            "no_session": await call(c, "write_note", title="C", content=no_session),
            "bad_link": await call(c, "write_note", title="D", content="See [[Nobody At All]]."),
        }
        good = await ok(c, "write_note", title="E", content=CITED)
        out["good"] = good
        edit = dict(path=good["path"], operation="find_replace", content="an astronaut")
        out["ambiguous"] = await call(c, "edit_note", find="a data analyst", **edit)
        out["absent"] = await call(c, "edit_note", find="a pilot", **edit)
        out["edit_unsupported"] = await call(c, "edit_note", find="works as a data analyst", **edit)
        return out

    out = run(repo.root, agent)
    assert "cite-anchor-missing" in text(out["missing_turn"]), text(out["missing_turn"])
    assert "no block ^t42" in text(out["missing_turn"])
    refused = text(out["unsupported"])
    assert "unsupported-claim" in refused and "cello" in refused and "orchestra" in refused
    assert "cite-target-missing" in text(out["no_session"])
    assert "link-unresolved" in text(out["bad_link"])
    assert "occurs 2 times" in text(out["ambiguous"])
    assert "not in the note" in text(out["absent"])
    assert out["edit_unsupported"].is_error
    assert "astronaut" in text(out["edit_unsupported"]), text(out["edit_unsupported"])
    assert commits(repo, head or "") == [out["good"]["commit"]]
    assert validate_tree(repo.root).ok


def test_read_only_hides_every_writing_tool(repo: MemoryRepo) -> None:
    async def agent(c: Client) -> tuple[set[str], Any]:
        tools = {t.name for t in (await c.list_tools()).tools}
        return tools, await call(c, "write_note", title="x", content="x")

    tools, refused = run(repo.root, agent, "--read-only")
    assert not tools & (NOTE_TOOLS | {"remember"})
    assert {"read", "search", "grep", "ls"} <= tools
    assert refused.is_error


def test_two_clients_writing_at_once_lose_nothing(repo: MemoryRepo) -> None:
    async def setup(c: Client) -> str:
        return (await ok(c, "write_note", title="Shared", content="Lines from both agents."))[
            "path"
        ]

    shared = run(repo.root, setup)
    head = repo.head()
    assert head is not None
    per_client = 3

    async def both() -> dict[str, list[dict[str, Any]]]:
        results: dict[str, list[dict[str, Any]]] = {}

        async def agent(name: str) -> None:
            async with _client(repo.root, name) as c:
                done = []
                for i in range(per_client):
                    done.append(
                        await ok(c, "write_note", title=f"{name} note {i}", content=f"From {name}.")
                    )
                    done.append(
                        await ok(
                            c,
                            "edit_note",
                            path=shared,
                            operation="append",
                            content=f"- line {i} from {name}",
                        )
                    )
                results[name] = done

        async with anyio.create_task_group() as tg:
            tg.start_soon(agent, "agent-a")
            tg.start_soon(agent, "agent-b")
        return results

    results = anyio.run(both)
    shas = commits(repo, head)
    assert len(shas) == 4 * per_client
    made = {r["commit"] for rs in results.values() for r in rs}
    assert made == set(shas)
    note = (repo.root / shared).read_text()
    for name in ("agent-a", "agent-b"):
        assert sum(f"Brain-Client: {name}" in body(repo, s) for s in shas) == 2 * per_client
        for i in range(per_client):
            assert f"- line {i} from {name}" in note
            assert (repo.root / f"notes/inbox/{name} note {i}.md").is_file()
    assert repo.git("status", "--porcelain") == ""
    assert validate_tree(repo.root).ok


def test_search_sees_edits_made_while_the_server_runs(repo: MemoryRepo) -> None:
    """An edit by hand (Obsidian), a commit by another process, a note tool's own write:
    each is found by the next searches within 5 s, and the old text is gone."""
    note = repo.root / "notes" / "garden.md"
    note.write_text("# Garden\n\nThe marigolds by the shed need water.\n")
    repo.commit_hand_edits()

    async def poll(c: Client, query: str, want: Callable[[list[dict[str, Any]]], bool]) -> bool:
        deadline = time.monotonic() + 5.0
        while True:
            hits = (await ok(c, "search", query=query, method="bm25", k=5))["hits"]
            if want(hits):
                return True
            if time.monotonic() > deadline:
                return False
            await anyio.sleep(0.2)

    def has(path: str, words: str) -> Callable[[list[dict[str, Any]]], bool]:
        return lambda hits: any(h["path"] == path and words in h["text"] for h in hits)

    def lacks(path: str) -> Callable[[list[dict[str, Any]]], bool]:
        return lambda hits: all(h["path"] != path for h in hits)

    async def agent(c: Client) -> dict[str, bool]:
        out = {"before": await poll(c, "marigolds", has("notes/garden.md", "marigolds"))}
        # By hand, as in Obsidian: no commit.
        note.write_text("# Garden\n\nThe sunflowers by the shed need water.\n")
        out["hand_new"] = await poll(c, "sunflowers", has("notes/garden.md", "sunflowers"))
        out["hand_old"] = await poll(c, "marigolds", lacks("notes/garden.md"))
        # A commit by another process.
        await anyio.to_thread.run_sync(_commit_elsewhere, repo)
        out["other"] = await poll(c, "quinoa", has("notes/pantry.md", "quinoa"))
        # The server's own write.
        await ok(c, "write_note", title="Bikes", content="The tandem bicycle has a flat tyre.")
        out["own"] = await poll(c, "tandem", has("notes/inbox/Bikes.md", "tandem"))
        return out

    out = run(repo.root, agent)
    assert out == {k: True for k in out}, out


def _commit_elsewhere(repo: MemoryRepo) -> None:
    with repo.transaction("another process", {"Brain-Command": "test"}) as tx:
        tx.write("notes/pantry.md", "# Pantry\n\nBuy quinoa and lentils.\n")


def test_read_only_and_dream_do_not_go_together(repo: MemoryRepo) -> None:
    from click.testing import CliRunner

    from brain.cli import cli

    res = CliRunner().invoke(cli, ["mcp", "--memory", str(repo.root), "--read-only", "--dream"])
    assert res.exit_code == 2 and "cannot be --read-only" in res.output
