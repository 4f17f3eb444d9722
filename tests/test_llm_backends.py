"""LLM backends against recorded HTTP (respx replays JSON files; no network, no keys).

The SDKs send through httpx2, which respx does not patch, so each backend gets an
httpx2 client whose transport hands every request to a respx router: routes, side
effects and recorded calls work as usual.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import httpx2
import pytest
import respx

from agent.errors import BackendError, ConfigError
from agent.llm import BackendSettings, Message, ToolSpec, choose_backend, open_backend
from agent.llm.anthropic_backend import AnthropicBackend
from agent.llm.base import ToolCall
from agent.llm.openai_backend import OpenAIBackend, parse_text_calls
from agent.runner import Agent, AgentSettings
from memory_schema import MemoryRepo
from tests.test_agent_helpers import MAYA, ONBOARDING, build_memory

HTTP = Path(__file__).parent / "fixtures" / "http"
ANTHROPIC_URL = "https://api.anthropic.com/v1/messages"
OPENAI_URL = "https://api.openai.com/v1/chat/completions"


def recorded(name: str, status: int = 200) -> httpx.Response:
    return httpx.Response(status, json=json.loads((HTTP / name).read_text()))


def body(call: respx.models.Call) -> dict:
    return json.loads(call.request.content)


@pytest.fixture
def router() -> Iterator[respx.Router]:
    r = respx.Router(assert_all_called=True)
    yield r
    r.assert_all_called()


def via(router: respx.Router) -> httpx2.Client:
    """An httpx2 client that answers from the respx router, never the network."""

    def handle(request: httpx2.Request) -> httpx2.Response:
        sent = httpx.Request(
            request.method,
            str(request.url),
            headers=list(request.headers.multi_items()),
            content=request.read(),
        )
        got = router.handler(sent)
        return httpx2.Response(
            got.status_code, headers=list(got.headers.multi_items()), content=got.read()
        )

    return httpx2.Client(transport=httpx2.MockTransport(handle))


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    build_memory(memory)
    return memory


def test_anthropic_tool_use_loop(repo: MemoryRepo, router: respx.Router):
    backend = AnthropicBackend("test-key", max_retries=0, http_client=via(router))
    route = router.post(ANTHROPIC_URL).mock(
        side_effect=[recorded("anthropic_tool_use.json"), recorded("anthropic_final.json")]
    )
    with Agent(repo.root, AgentSettings(engine="llm"), backend=backend, record=False) as agent:
        a = agent.ask("Where does Maya work?")
    assert a.text == "Maya is a data engineer at Northwind Labs [cite:1]. She joined in 2019."
    assert [(c.path, c.anchor) for c in a.citations] == [(ONBOARDING, "t1")]
    assert a.invalid_citations == 1  # the recorded answer invents ^t9
    assert (a.tokens.input, a.tokens.output) == (1843 + 2210, 71 + 48)
    assert a.tool_calls == 1 and a.model == "claude-sonnet-5-5"
    first, second = (body(c) for c in route.calls)
    assert first["model"] == "claude-sonnet-5-5" and first["max_tokens"] == 1024
    assert "You answer questions from the user's memory" in first["system"]
    assert {t["name"] for t in first["tools"]} >= {"grep", "memory_agent", "open_citation"}
    assert all("input_schema" in t for t in first["tools"])
    assert first["messages"][0]["role"] == "user"
    assert "Question: Where does Maya work?" in first["messages"][0]["content"][0]["text"]
    # The tool use goes back as the assistant's turn, its result as the user's.
    assistant, result = second["messages"][1], second["messages"][2]
    assert assistant["role"] == "assistant"
    assert assistant["content"][1] == {
        "type": "tool_use",
        "id": "toolu_01A09q90qw90lq917835lq9",
        "name": "grep",
        "input": {"pattern": "Northwind", "path": "knowledge"},
    }
    assert result["role"] == "user"
    block = result["content"][0]
    assert (
        block["type"] == "tool_result" and block["tool_use_id"] == "toolu_01A09q90qw90lq917835lq9"
    )
    assert f"{MAYA}:" in block["content"] and block["is_error"] is False
    headers = route.calls[0].request.headers
    assert "test-key" in headers.get("x-api-key", "") + headers.get("authorization", "")


def test_anthropic_http_error_is_one_line(router: respx.Router):
    backend = AnthropicBackend("bad-key", max_retries=0, http_client=via(router))
    router.post(ANTHROPIC_URL).mock(return_value=recorded("anthropic_error_401.json", 401))
    with pytest.raises(BackendError) as info:
        backend.complete("s", [Message("user", "hi")], [], 10)
    message = str(info.value)
    assert message.startswith("anthropic: HTTP 401") and "invalid x-api-key" in message
    assert "\n" not in message


def test_openai_tool_calls_including_a_malformed_one(repo: MemoryRepo, router: respx.Router):
    backend = OpenAIBackend("sk-test", max_retries=0, http_client=via(router))
    route = router.post(OPENAI_URL).mock(
        side_effect=[recorded("openai_tool_calls.json"), recorded("openai_final.json")]
    )
    with Agent(repo.root, AgentSettings(engine="llm"), backend=backend, record=False) as agent:
        a = agent.ask("Where does Maya work?")
    assert a.text == "Maya works at Northwind Labs as a data engineer [cite:1]."
    assert a.citations[0].path == ONBOARDING and a.citations[0].anchor == "t1"
    assert a.tool_calls == 2 and [t.is_error for t in a.tools] == [False, True]
    assert (a.tokens.input, a.tokens.output) == (1791 + 2302, 52 + 27)
    first, second = (body(c) for c in route.calls)
    assert first["model"] == "gpt-5.4-mini" and first["max_completion_tokens"] == 1024
    assert first["messages"][0]["role"] == "system"
    assert first["tools"][0]["type"] == "function" and first["tools"][0]["function"]["name"] == "ls"
    msgs = second["messages"]
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "tool", "tool"]
    assert [c["id"] for c in msgs[2]["tool_calls"]] == [
        "call_Xx9kPqvUgqTJbo7n6FnETr1L",
        "call_3nDiJc0qcvD0r2NhZ5VYfQ1m",
    ]
    # The malformed arguments are echoed as the model wrote them, and answered with an error.
    assert msgs[2]["tool_calls"][1]["function"]["arguments"] == '{"path": "INDEX.md", "lines": '
    assert msgs[3]["tool_call_id"] == "call_Xx9kPqvUgqTJbo7n6FnETr1L"
    assert "Hi! I'm Maya Chen" in msgs[3]["content"]
    assert msgs[4]["content"].startswith("malformed call to read: arguments are not valid JSON")


def test_openai_http_error_is_one_line(router: respx.Router):
    backend = OpenAIBackend("sk-test", max_retries=0, http_client=via(router))
    router.post(OPENAI_URL).mock(return_value=recorded("openai_error_429.json", 429))
    with pytest.raises(BackendError) as info:
        backend.complete("s", [Message("user", "hi")], [], 10)
    assert str(info.value).startswith("openai: HTTP 429") and "Rate limit" in str(info.value)


def test_compatible_server_by_base_url_picks_its_model_and_reads_text_tool_calls(
    router: respx.Router,
):
    base = "http://127.0.0.1:9/v1"
    router.get(f"{base}/models").mock(return_value=recorded("openai_models.json"))
    route = router.post(f"{base}/chat/completions").mock(
        return_value=recorded("openai_text_tool_call.json")
    )
    backend = OpenAIBackend(
        None, base_url=base, tool_mode="text", max_retries=0, http_client=via(router)
    )
    spec = ToolSpec("grep", "Search.", {"type": "object", "properties": {}})
    resp = backend.complete("sys", [Message("user", "Where?")], [spec], 64)
    assert backend.name == "openai-compatible" and backend.model == "smollm2-135m"
    sent = body(route.calls[0])
    assert sent["max_tokens"] == 64 and "tools" not in sent
    assert '<tool_call>{"name": "TOOL_NAME"' in sent["messages"][0]["content"]
    assert '"name": "grep"' in sent["messages"][0]["content"]
    assert resp.text == "Let me look."
    good, bad = resp.tool_calls
    assert (good.name, good.arguments) == ("grep", {"pattern": "Lisbon"})
    assert bad.arguments is None and "not valid JSON" in (bad.error or "")


def test_text_tool_call_parsing_edge_cases():
    text, calls = parse_text_calls(
        '<tool_call>[{"name": "ls", "arguments": {}}]</tool_call>'
        '<tool_call>{"arguments": {}}</tool_call>'
        '<tool_call>{"name": "read", "arguments": "{\\"path\\": \\"a.md\\"}"}</tool_call>'
        '<tool_call>{"name": "read", "arguments": 3}</tool_call>'
    )
    assert text == ""
    assert calls[0] == ToolCall("text-1", "ls", {}, raw='[{"name": "ls", "arguments": {}}]')
    assert calls[1].arguments is None and "name" in (calls[1].error or "")
    assert calls[2].arguments == {"path": "a.md"}
    assert calls[3].arguments is None


def test_missing_keys_name_the_variable_to_set():
    with pytest.raises(ConfigError, match="set ANTHROPIC_API_KEY"):
        open_backend(BackendSettings(backend="anthropic"))
    with pytest.raises(ConfigError, match="set OPENAI_API_KEY"):
        open_backend(BackendSettings(backend="openai"))
    with pytest.raises(ConfigError, match="set BRAIN_LLM_BASE_URL"):
        open_backend(BackendSettings(backend="openai-compatible"))
    with pytest.raises(
        ConfigError, match="set ANTHROPIC_API_KEY, OPENAI_API_KEY or BRAIN_LLM_BASE_URL"
    ):
        open_backend(BackendSettings())
    with pytest.raises(ConfigError, match="unknown LLM backend 'gemini'"):
        open_backend(BackendSettings(backend="gemini"))


def test_backend_is_chosen_by_what_is_configured():
    assert choose_backend(BackendSettings(anthropic_api_key="k", openai_api_key="k")) == "anthropic"
    assert choose_backend(BackendSettings(openai_api_key="k")) == "openai"
    assert (
        choose_backend(BackendSettings(base_url="http://x/v1", openai_api_key="k"))
        == "openai-compatible"
    )
    assert choose_backend(BackendSettings(backend="fake")) == "fake"
    assert isinstance(open_backend(BackendSettings(anthropic_api_key="k")), AnthropicBackend)
