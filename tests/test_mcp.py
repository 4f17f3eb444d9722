"""brain mcp: a real MCP client session (the SDK's own) against the server over stdio."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError

from brain.cli import cli
from tests.example_memory import build_example_memory
from validators import validate_tree

SESSION = "sessions/2026/06/2026-06-15-onboarding"
PAGE = "knowledge/people/Maya Chen.md"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return build_example_memory(tmp_path / "memory")


def _env() -> dict[str, str]:
    # Nothing may download at run time; the bundled model is found offline.
    return {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **_passthrough()}


def _passthrough() -> dict[str, str]:
    keep = ("BRAIN_GIT_NAME", "BRAIN_GIT_EMAIL", "TMPDIR")
    return {k: os.environ[k] for k in keep if k in os.environ}


def with_stdio_client(memory: Path, fn: Callable[[Client], Awaitable[Any]]) -> Any:
    """Spawn `python -m brain.cli mcp --memory DIR` and run fn against a client session."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "brain.cli", "mcp", "--memory", str(memory)],
        env=_env(),
    )

    async def main() -> Any:
        async with Client(params) as client:
            return await fn(client)

    return anyio.run(main)


def text(result: Any) -> str:
    return "\n".join(c.text for c in result.content)


async def _call(client: Client, name: str, **args: Any) -> Any:
    return await client.call_tool(name, args)


def test_tools_resources_and_reading_over_stdio(demo: Path) -> None:
    async def session(c: Client) -> dict[str, Any]:
        out: dict[str, Any] = {}
        out["tools"] = {t.name: t for t in (await c.list_tools()).tools}
        out["index"] = await _call(c, "read_index")
        out["page"] = await _call(c, "read", path=PAGE)
        out["paged"] = await _call(c, "read", path=PAGE, start=2, lines=3)
        out["turn"] = await _call(c, "read", path=f"[[{SESSION}#^t3]]")
        out["turn_anchor"] = await _call(c, "read", path=f"{SESSION}.md", anchor="t5")
        out["section"] = await _call(c, "read", path="Maya", anchor="Work")
        out["grep"] = await _call(c, "grep", pattern=r"Dagster")
        out["grep_scoped"] = await _call(
            c, "grep", pattern="dagster", path="knowledge", ignore_case=True
        )
        out["grep_glob"] = await _call(c, "grep", pattern="Dagster", glob="sessions/*")
        out["ls"] = await _call(c, "ls", path="knowledge")
        out["resources"] = (await c.list_resources()).resources
        out["templates"] = (await c.list_resource_templates()).resource_templates
        out["res_index"] = await c.read_resource("memory://index")
        out["res_page"] = await c.read_resource("memory://file/knowledge/people/Maya%20Chen.md")
        return out

    out = with_stdio_client(demo, session)
    assert {"read_index", "search", "read", "grep", "ls", "memory_agent", "ask", "remember"} <= set(
        out["tools"]
    )
    assert out["tools"]["read"].annotations.read_only_hint is True
    assert out["tools"]["remember"].annotations.read_only_hint is not True
    assert "[[knowledge/people/Maya Chen|Maya Chen]]" in text(out["index"])
    page = text(out["page"])
    assert "Maya Chen is a data engineer at [[Northwind Labs]] [cite:1]." in page
    assert text(out["paged"]).startswith(f"[{PAGE} · lines 2-4 of ")
    turn = text(out["turn"])
    assert turn.startswith(f"[[{SESSION}#^t3]] · Onboarding chat · Maya (user)")
    assert turn.endswith(
        "A migration of our nightly ETL jobs from Airflow to Dagster, due end of July."
    )
    assert "Please always answer with Python examples" in text(out["turn_anchor"])
    section = text(out["section"])  # an alias resolves to the page, the heading to a section
    assert section.startswith("[[knowledge/people/Maya Chen#Work]]\n## Work")
    assert "Preferences" not in section
    grep = text(out["grep"]).splitlines()
    assert f"{SESSION}.md:" in "\n".join(grep) and f"{PAGE}:" in "\n".join(grep)
    assert all(line.startswith("knowledge/") for line in text(out["grep_scoped"]).splitlines())
    assert all(line.startswith("sessions/") for line in text(out["grep_glob"]).splitlines())
    assert text(out["ls"]).splitlines()[:3] == ["concepts/", "events/", "organizations/"]

    uris = {r.uri: r for r in out["resources"]}
    assert "memory://index" in uris and "memory://instructions" in uris
    page_uri = "memory://file/knowledge/people/Maya%20Chen.md"
    assert uris[page_uri].title == "Maya Chen"
    assert uris[page_uri].description.startswith("Data engineer at Northwind Labs")
    assert [t.uri_template for t in out["templates"]] == ["memory://file/{+path}"]
    assert out["res_index"].contents[0].text.startswith("# Index")
    assert out["res_page"].contents[0].text == (demo / PAGE).read_text("utf-8")


def test_bad_requests_are_tool_errors_and_the_server_keeps_serving(demo: Path) -> None:
    bad_calls = [
        ("read", {"path": "../outside.md"}, "'..' is not allowed"),
        ("read", {"path": "/etc/passwd"}, "refused"),
        ("read", {"path": ".git/config"}, "refused: .git"),
        ("read", {"path": "knowledge/people/Nobody.md"}, "no such file in memory"),
        ("read", {"path": "knowledge"}, "is a folder"),
        ("read", {"path": f"{SESSION}#^t99"}, "has no block ^t99 (turns ^t1..^t5)"),
        ("read", {"path": PAGE, "anchor": "Hobbies"}, "has no heading 'Hobbies'"),
        ("read", {"path": PAGE, "start": 999}, "start must be"),
        ("grep", {"pattern": "(unclosed"}, "bad regular expression"),
        ("grep", {"pattern": "x", "path": "../.."}, "'..' is not allowed"),
        ("grep", {"pattern": "x", "path": "nowhere"}, "no such file or folder"),
        ("ls", {"path": "sessions/1999"}, "no such folder"),
        ("remember", {"text": "   "}, "a note needs some text"),
        ("search", {"query": "x", "k": 0}, "greater than or equal to 1"),  # input schema
        ("read", {}, "Field required"),
        ("ask", {"question": "Where?", "engine": "llm"}, "needs a backend"),  # no API key
        ("no_such_tool", {}, "Unknown tool: no_such_tool"),
    ]

    async def session(c: Client) -> tuple[list[Any], list[str], Any]:
        results = [await c.call_tool(name, args) for name, args, _ in bad_calls]
        resource_errors = []
        for uri in ("memory://file/knowledge/none.md", "memory://file/..%2F..%2Fetc%2Fpasswd"):
            try:
                await c.read_resource(uri)
                resource_errors.append("no error")
            except MCPError as exc:
                resource_errors.append(str(exc))
        return results, resource_errors, await _call(c, "read_index")

    results, resource_errors, after = with_stdio_client(demo, session)
    for (name, _, expected), result in zip(bad_calls, results, strict=True):
        assert result.is_error, (name, text(result))
        assert expected in text(result), (name, text(result))
        assert "Traceback" not in text(result)
    assert "no such file in memory: knowledge/none.md" in resource_errors[0]
    assert resource_errors[1] != "no error"
    assert not after.is_error and "# Index" in text(after)  # still serving
    assert validate_tree(demo).ok


def test_remember_writes_one_commit_through_the_write_path(demo: Path) -> None:
    async def session(c: Client) -> tuple[Any, Any]:
        remembered = await _call(
            c, "remember", text="Maya's favourite tea is genmaicha.", topic="people/maya"
        )
        grep = await _call(c, "grep", pattern="genmaicha", path="notes")
        return remembered, grep

    before = _commits(demo)
    remembered, grep = with_stdio_client(demo, session)
    assert not remembered.is_error, text(remembered)
    note = remembered.structured_content
    assert note["path"].startswith("notes/people/maya/") and note["commit"]
    assert (
        (demo / note["path"])
        .read_text("utf-8")
        .endswith("\n\nMaya's favourite tea is genmaicha.\n")
    )
    assert _commits(demo) == before + 1
    message = subprocess.run(
        ["git", "log", "-1", "--format=%B"], cwd=demo, capture_output=True, text=True, check=True
    ).stdout
    assert "Brain-Command: remember" in message and "Brain-Author: mcp" in message
    assert validate_tree(demo).ok
    assert text(grep).startswith(f"{note['path']}:")


def _commits(root: Path) -> int:
    out = subprocess.run(
        ["git", "rev-list", "--count", "HEAD"], cwd=root, capture_output=True, text=True
    )
    return int(out.stdout.strip())


def test_cli_refuses_a_folder_that_is_not_memory(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["mcp", "--memory", str(tmp_path / "nope")])
    assert result.exit_code == 1
    assert "not a memory repo" in result.output
    result = CliRunner().invoke(cli, ["mcp", "--memory", str(tmp_path), "--port", "9000"])
    assert result.exit_code == 2
    assert "--port needs --http" in result.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_streamable_http_on_loopback(demo: Path) -> None:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "brain.cli",
            "mcp",
            "--http",
            "--port",
            str(port),
            "--memory",
            str(demo),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **_env()},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        proc.stderr.read().decode() if proc.stderr else ""
                    ) from None
                time.sleep(0.2)

        async def main() -> tuple[Any, Any]:
            async with Client(f"http://127.0.0.1:{port}/mcp") as c:
                return await _call(c, "read", path=f"{SESSION}#^t1"), await _call(
                    c, "read", path="../x"
                )

        good, bad = anyio.run(main)
        assert "Hi! I'm Maya Chen." in text(good)
        assert bad.is_error and "'..' is not allowed" in text(bad)
        # DNS rebinding: a foreign Host or Origin is refused before any tool runs.
        import httpx

        init = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        }
        accept = {"Accept": "application/json, text/event-stream"}
        url = f"http://127.0.0.1:{port}/mcp"
        assert (
            httpx.post(url, json=init, headers={**accept, "Host": "evil.example"}).status_code
            == 421
        )
        evil = {**accept, "Origin": "http://evil.example"}
        assert httpx.post(url, json=init, headers=evil).status_code == 403
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
