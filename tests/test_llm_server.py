"""Live: the llm engine against a real local OpenAI-compatible server (llama.cpp, SmolLM2).

SmolLM2-135M is tiny and usually wrong. These tests check the wiring (requests, usage,
the loop, recording) and that whatever it writes is caught: no unchecked citation, no
crash on a broken tool call. They never check the quality of its answers.
"""

from __future__ import annotations

import re

import pytest

from agent.citations import DONT_KNOW
from agent.evidence import EvidenceStore
from agent.llm import BackendSettings, Message
from agent.llm.openai_backend import OpenAIBackend
from agent.memory_agent import MemoryAgent
from agent.runner import Agent, AgentSettings
from agent.tools import Toolbox, load_specs
from memory_schema import MemoryRepo
from sandbox import open_sandbox
from sandbox.workingset import WorkingSet
from tests.test_agent_helpers import build_memory
from validators import validate_tree

pytestmark = pytest.mark.llm_server


def test_round_trip(llm_server: str):
    backend = OpenAIBackend(None, base_url=llm_server, timeout=300, max_retries=0)
    assert backend.name == "openai-compatible" and backend.model  # taken from /v1/models
    resp = backend.complete("You are terse.", [Message("user", "Say hello.")], [], 16)
    assert isinstance(resp.text, str)
    assert resp.usage.input > 0 and 0 < resp.usage.output <= 16


def test_agent_answer_is_checked_and_recorded(llm_server: str, memory: MemoryRepo):
    build_memory(memory)
    settings = AgentSettings(
        engine="llm",
        backend=BackendSettings(base_url=llm_server, timeout=300),
        max_steps=2,
        max_output_tokens=48,
        index_budget=300,
    )
    with Agent(memory.root, settings, record=True) as agent:
        a = agent.ask("Where does Maya work?")
    assert a.engine == "llm" and a.tokens.input > 0 and a.tokens.output > 0
    # Whatever the model wrote, only checked citations survive.
    assert "#^" not in a.text
    assert set(re.findall(r"\[cite:(\d+)\]", a.text)) == {str(c.n) for c in a.citations}
    store = EvidenceStore(memory.root)
    for c in a.citations:
        assert store.block(c.path, c.anchor.split("-")[0]) is not None
    if not a.citations:
        assert a.text == DONT_KNOW or "budget" in a.text
    assert a.session_path and validate_tree(memory.root).ok


def test_text_tool_calls_are_run_or_refused(llm_server: str, memory: MemoryRepo, tmp_path):
    build_memory(memory)
    backend = OpenAIBackend(None, base_url=llm_server, tool_mode="text", timeout=300, max_retries=0)
    specs = [s for s in load_specs() if s.name in ("grep", "read")]
    resp = backend.complete(
        "You search a folder of notes.",
        [Message("user", "Find the word Lisbon with grep.")],
        specs,
        48,
    )
    with WorkingSet.create(memory.root, tmp_path / "ws") as ws:
        box = Toolbox(open_sandbox("local", ws.root), ws, MemoryAgent(memory.root, workset=ws))
        for c in resp.tool_calls:
            result = (
                box.error(c.name, {}, f"malformed: {c.error}")
                if c.arguments is None
                else box.call(c.name, c.arguments)
            )
            assert isinstance(result.content, str) and result.content
    assert len(box.log) == len(resp.tool_calls)
