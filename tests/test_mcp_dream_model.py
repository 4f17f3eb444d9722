"""A model as the host: an LLM backend's tool calls go to `brain mcp --dream`.

`model_host` is a minimal agent host: it lists the server's dream tools, opens the run,
hands the model the plan and the Skill, and sends each tool call the model makes to the
server. A scripted model shows the wiring end to end (write, validate, fix, commit); the
real small local model (SmolLM2 on llama.cpp, marked llm_server) shows that whatever a
weak host does, the repo ends at the old commit or at one valid Dream commit.
"""

from __future__ import annotations

import re
from typing import Any

import anyio
import pytest
from mcp.client import Client

from agent.llm import ScriptedLLM
from agent.llm.base import LLMResponse, Message, ToolSpec
from agent.llm.fake import call, tool_turn
from memory_schema import MemoryRepo
from tests.host_pages import PROFILE, SUMMARY, SUMMARY_TEXT, UNSUPPORTED, profile
from tests.test_dream_support import MAY, add_sessions
from tests.test_mcp import text
from tests.test_mcp_dream import HOST, _client
from validators import validate_tree

SYSTEM = (
    "You run Dream on a Brain memory through the dream_* tools. The first message holds "
    "the run id, the plan and the procedure: follow it, then stop."
)
ALLOWED = re.compile(r"^(knowledge/.*\.md|sessions/.*\.summary\.md|INDEX\.md|\.brain/.*)$")


async def model_host(c: Client, backend: Any, max_steps: int, max_tokens: int) -> list[str]:
    """Drive one run with `backend` as the engine; returns the tool calls it made."""
    tools = [
        ToolSpec(t.name, t.description or "", t.input_schema)
        for t in (await c.list_tools()).tools
        if t.name.startswith("dream_") and t.name != "dream_begin"
    ]
    begun = await c.call_tool("dream_begin", {})
    assert not begun.is_error, text(begun)
    messages = [Message("user", text(begun))]
    made: list[str] = []
    for _ in range(max_steps):
        resp: LLMResponse = backend.complete(SYSTEM, messages, tools, max_tokens)
        messages.append(Message("assistant", resp.text, resp.tool_calls))
        if not resp.tool_calls:
            break
        for tc in resp.tool_calls:
            made.append(tc.name)
            if tc.arguments is None:
                out, bad = f"bad arguments: {tc.error}", True
            else:
                result = await c.call_tool(tc.name, tc.arguments)
                out, bad = text(result), bool(result.is_error)
            messages.append(Message("tool", out, tool_call_id=tc.id, name=tc.name, is_error=bad))
        if made[-1] in ("dream_commit", "dream_abort") and '"committed": true' in out:
            break
    return made


def _run_id(messages: list[Message]) -> str:
    m = re.search(r'"run_id": "([^"]+)"', messages[0].content)
    assert m
    return m.group(1)


def test_a_scripted_model_as_host_through_the_server(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    base = memory.head()

    def fix(messages: list[Message]) -> LLMResponse:
        # The model reads what dream_validate reported and rewrites the page.
        assert "cello" in messages[-1].content and messages[-1].name == "dream_validate"
        return tool_turn(
            call("dream_write", run_id=_run_id(messages), path=PROFILE, text=profile())
        )

    backend = ScriptedLLM(
        [
            lambda m: tool_turn(
                call(
                    "dream_write", "w1", run_id=_run_id(m), path=PROFILE, text=profile(UNSUPPORTED)
                ),
                call("dream_write", "w2", run_id=_run_id(m), path=SUMMARY, text=SUMMARY_TEXT),
            ),
            lambda m: tool_turn(call("dream_validate", run_id=_run_id(m))),
            fix,
            lambda m: tool_turn(call("dream_commit", run_id=_run_id(m))),
            "Done.",
        ]
    )

    async def main() -> list[str]:
        async with _client(memory.root) as c:
            return await model_host(c, backend, max_steps=8, max_tokens=2000)

    made = anyio.run(main)
    assert made == ["dream_write", "dream_write", "dream_validate", "dream_write", "dream_commit"]
    assert "dream_begin" not in {t.name for t in backend.calls[0].tools}
    assert memory.git("rev-parse", "HEAD~1").strip() == base
    assert f"Brain-Engine: host:{HOST}" in memory.git("log", "-1", "--format=%B")
    assert "cello" not in (memory.root / PROFILE).read_text()


@pytest.mark.llm_server
def test_a_weak_local_model_as_host_never_corrupts_the_repo(
    memory: MemoryRepo, llm_server: str
) -> None:
    """SmolLM2-135M is far too weak to follow the Skill; whatever it does through the
    tools, the repo ends at the old commit or at one valid Dream commit."""
    from agent.llm.openai_backend import OpenAIBackend

    add_sessions(memory, MAY)
    base = memory.head()
    backend = OpenAIBackend(None, "smollm2", base_url=llm_server, tool_mode="text", timeout=120)

    async def main() -> list[str]:
        async with _client(memory.root) as c:
            return await model_host(c, backend, max_steps=6, max_tokens=400)

    anyio.run(main)  # the server exits with the client: an open run is dropped
    if memory.head() != base:
        assert memory.git("rev-parse", "HEAD~1").strip() == base
        assert f"Brain-Engine: host:{HOST}" in memory.git("log", "-1", "--format=%B")
        changed = memory.git("diff", "--name-only", base, "HEAD").splitlines()
        assert all(ALLOWED.match(p) for p in changed), changed
    assert validate_tree(memory.root).ok, [str(f) for f in validate_tree(memory.root).errors]
    assert memory.git("status", "--porcelain").strip() == ""
