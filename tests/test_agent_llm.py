"""The llm engine's tool-use loop, driven by the scripted fake LLM."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from agent.citations import DONT_KNOW
from agent.llm import LLMResponse, Message, ScriptedLLM, ToolCall, Usage
from agent.llm.fake import call, tool_turn
from agent.runner import Agent, AgentSettings
from brain.cli import cli
from memory_schema import MemoryRepo
from memory_schema.session import Session
from tests.test_agent_helpers import MAYA, ONBOARDING, SOURCE, build_memory

ONB = ONBOARDING[:-3]


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    build_memory(memory)
    return memory


def run(repo: MemoryRepo, steps, question="Where does Maya work?", record=False, **settings):
    llm = ScriptedLLM(steps)
    with Agent(
        repo.root, AgentSettings(engine="llm", **settings), backend=llm, record=record
    ) as agent:
        return agent.ask(question), llm


def last_tool_result(messages: list[Message]) -> Message:
    return next(m for m in reversed(messages) if m.role == "tool")


def test_multi_step_tool_use(repo: MemoryRepo):
    def answer(messages: list[Message]) -> LLMResponse:
        evidence = last_tool_result(messages).content
        assert evidence.startswith(f"[cite:1] of {MAYA} -> [[{ONB}#^t1]]")
        return LLMResponse(f"Maya is a data engineer at Northwind Labs [[{ONB}#^t1]].")

    a, llm = run(
        repo,
        [
            tool_turn(call("grep", pattern="Northwind", path="knowledge")),
            tool_turn(call("open_citation", page="[[Maya Chen]]", n=1)),
            answer,
        ],
    )
    assert a.text == "Maya is a data engineer at Northwind Labs [cite:1]."
    assert [(c.path, c.anchor) for c in a.citations] == [(ONBOARDING, "t1")]
    assert a.tool_calls == 2 and a.engine == "llm" and a.stop_reason == "answered"
    assert MAYA in a.files_read and ONBOARDING in a.files_read
    assert a.tokens.input > 0 and a.tokens.output > 0
    # The first message holds INDEX.md and the question; every tool is offered.
    first = llm.calls[0].messages[0].content
    assert "[[knowledge/people/Maya Chen|Maya Chen]]" in first
    assert first.rstrip().endswith("Question: Where does Maya work?")
    assert "Standing instructions" in first
    assert [t.name for t in llm.calls[0].tools][-1] == "memory_agent"
    grep_result = llm.calls[1].messages[-1]
    assert grep_result.role == "tool" and f"{MAYA}:" in grep_result.content


def test_memory_agent_brings_files_in_for_the_model(repo: MemoryRepo):
    def answer(messages: list[Message]) -> LLMResponse:
        found = next(m for m in messages if m.name == "memory_agent")
        assert f"[[{SOURCE[:-3]}#^p2]]" in found.content
        assert "Monday at 10:00" in last_tool_result(messages).content  # read it locally
        return LLMResponse(f"Every Monday at 10:00 [[{SOURCE[:-3]}#^p2]].")

    a, _ = run(
        repo,
        [
            tool_turn(call("memory_agent", description="on-call rotation schedule")),
            tool_turn(call("read", path=SOURCE)),
            answer,
        ],
        question="When does the on-call rotation change?",
    )
    assert a.citations[0].path == SOURCE and a.citations[0].anchor == "p2"
    assert SOURCE in a.files_read and a.tool_calls == 2


def test_malformed_tool_calls_are_answered_with_an_error(repo: MemoryRepo):
    bad = ToolCall(
        "c1", "read", None, raw='{"path": "INDEX.md"', error="arguments are not valid JSON"
    )

    def retry(messages: list[Message]) -> LLMResponse:
        result = last_tool_result(messages)
        assert result.is_error and result.content.startswith("malformed call to read")
        return tool_turn(call("read", path="INDEX.md"))

    a, _ = run(repo, [tool_turn(bad), retry, f"Northwind Labs [[{ONB}#^t1]]."])
    assert a.tool_calls == 2 and [t.is_error for t in a.tools] == [True, False]
    assert a.citations and a.stop_reason == "answered"


def test_unknown_tools_are_answered_with_the_tool_list(repo: MemoryRepo):
    def after(messages: list[Message]) -> LLMResponse:
        result = last_tool_result(messages)
        assert result.is_error and "unknown tool 'shell'" in result.content
        assert "memory_agent" in result.content
        return LLMResponse(f"At Northwind Labs [[{ONB}#^t1]].")

    a, _ = run(repo, [tool_turn(call("shell", cmd="cat /etc/passwd")), after])
    assert a.citations and a.tools[0].name == "shell" and a.tools[0].is_error


def test_invented_citations_are_dropped_and_counted(repo: MemoryRepo):
    text = (
        f"Maya works at Northwind Labs [[{ONB}#^t1]] since 2019 [[{ONB}#^t42]] "
        "and lives in Oslo [[sessions/2026/01/made-up#^t2]] [[knowledge/people/Maya Chen#^t1]]."
    )
    a, _ = run(repo, [text])
    assert a.invalid_citations == 3
    assert [c.anchor for c in a.citations] == ["t1"]
    assert "[[" not in a.text


def test_only_invented_citations_means_dont_know(repo: MemoryRepo):
    a, _ = run(repo, ["Maya works at Initech [[sessions/2026/06/nope#^t1]]. [cite:3]"])
    assert a.text == DONT_KNOW and a.invalid_citations == 2 and a.stop_reason == "no-support"


def test_uncited_answer_means_dont_know(repo: MemoryRepo):
    a, _ = run(repo, ["Maya works at Northwind Labs, I am sure."], record=True)
    assert a.text == DONT_KNOW and a.citations == []
    # The model's words are not the answer, but they are kept for the record.
    assert a.withheld == "Maya works at Northwind Labs, I am sure."
    turn = Session.parse(repo.read_text(a.session_path), a.session_path).turns[-1]
    assert "withheld, cites no evidence: 'Maya works at Northwind Labs, I am sure.'" in turn.content


def test_step_budget(repo: MemoryRepo):
    a, llm = run(repo, [tool_turn(call("ls"))] * 10, max_steps=3)
    assert len(llm.calls) == 3 and a.tool_calls == 3
    assert a.stop_reason == "step-budget" and "budget of 3 model calls" in a.text
    assert a.citations == []


def test_token_budget(repo: MemoryRepo):
    heavy = LLMResponse("", (call("ls"),), Usage(5000, 100))
    a, llm = run(repo, [heavy] * 10, max_tokens=8000)
    assert len(llm.calls) == 2  # 5,100 tokens after one call, 10,200 after two
    assert a.stop_reason == "token-budget" and "8,000 tokens" in a.text
    assert (a.tokens.input, a.tokens.output) == (10000, 200)
    # Each call may only ask for what is left of the budget.
    assert llm.calls[1].max_tokens == min(1024, 8000 - 5100)


def test_index_prefill_respects_its_budget(repo: MemoryRepo):
    _, llm = run(repo, ["I don't know."], index_budget=30)
    first = llm.calls[0].messages[0].content
    assert "Left out to fit the index budget" in first
    _, llm = run(repo, ["I don't know."])
    assert "Left out" not in llm.calls[0].messages[0].content


def test_chat_keeps_the_conversation_and_records_it(repo: MemoryRepo):
    llm = ScriptedLLM(
        [
            f"Northwind Labs [[{ONB}#^t1]].",
            tool_turn(call("git_log", n=3)),
            f"Airflow to Dagster [[{ONB}#^t3]].",
        ]
    )
    with Agent(
        repo.root, AgentSettings(engine="llm"), backend=llm, kind="chat", record=True
    ) as agent:
        first = agent.ask("Where does Maya work?")
        second = agent.ask("What is she migrating?")
    assert first.citations[0].anchor == "t1" and second.citations[0].anchor == "t3"
    history = llm.calls[1].messages
    assert [m.role for m in history] == ["user", "assistant", "user"]
    assert history[2].content == "Question: What is she migrating?"
    session = Session.parse(repo.read_text(second.session_path), second.session_path)
    assert session.format == "brain-agent" and session.extra["model"] == "scripted"
    assert [t.role for t in session.turns] == ["user", "assistant", "user", "tool", "assistant"]
    assert session.turns[3].content.startswith("git_log(n=3) -> ")
    assert session.turns[4].meta["tool_calls"] == 1 and session.turns[1].meta["tool_calls"] == 0
    assert session.turns[4].meta["stop"] == "answered"


def test_dry_run_fake_exercises_the_whole_loop(repo: MemoryRepo):
    llm = ScriptedLLM()  # no script: ask the Memory Agent, answer with its synthesis
    with Agent(repo.root, AgentSettings(engine="llm"), backend=llm, record=False) as agent:
        a = agent.ask("When does the on-call rotation change?")
    assert a.text.startswith("(dry run, no model) Memory Agent:")
    assert (SOURCE, "p2") in [(c.path, c.anchor) for c in a.citations]
    assert a.tool_calls == 1 and a.invalid_citations == 0


def test_cli_with_a_fake_script_file(repo: MemoryRepo, tmp_path, monkeypatch):
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps(
            [
                {
                    "tool_calls": [{"name": "read", "raw": "{not json"}],
                    "usage": {"input": 50, "output": 5},
                },
                {
                    "tool_calls": [{"name": "read", "arguments": {"path": MAYA}}],
                    "usage": {"input": 80, "output": 6},
                },
                {
                    "text": f"Northwind Labs [[{ONB}#^t1]] [[{ONB}#^t2]].",
                    "usage": {"input": 120, "output": 9},
                },
            ]
        )
    )
    monkeypatch.setenv("BRAIN_FAKE_LLM_SCRIPT", str(script))
    result = CliRunner().invoke(
        cli,
        [
            "ask",
            "Where does Maya work?",
            "--backend",
            "fake",
            "--json",
            "--no-record",
            "--memory",
            str(repo.root),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["engine"] == "llm" and data["tool_calls"] == 2
    assert data["tokens"] == {"input": 250, "output": 20}
    assert data["citations"] == [
        {
            "n": 1,
            "path": ONBOARDING,
            "anchor": "t1-t2",
            "quote": "Hi! I'm Maya Chen. I just started as a data engineer at Northwind Labs. "
            "Congratulations, Maya! What are you working on first?",
        }
    ]
    assert data["answer"] == "Northwind Labs [cite:1]."
    assert data["files_read"] == [MAYA]


def test_cli_bad_fake_script(repo: MemoryRepo, tmp_path, monkeypatch):
    monkeypatch.setenv("BRAIN_FAKE_LLM_SCRIPT", str(tmp_path / "missing.json"))
    r = CliRunner().invoke(cli, ["ask", "q", "--backend", "fake", "--memory", str(repo.root)])
    assert r.exit_code == 1 and "cannot read fake LLM script" in r.output


class BrokenSearcher:
    def search(self, query, **kw):
        from search.errors import SearchError

        raise SearchError("index folder is not writable")


def test_search_failure_is_a_tool_error_for_the_model(repo: MemoryRepo):
    def after(messages: list[Message]) -> LLMResponse:
        result = last_tool_result(messages)
        assert result.is_error and "search failed: index folder is not writable" in result.content
        return LLMResponse("I don't know.")

    llm = ScriptedLLM([tool_turn(call("memory_agent", description="anything")), after])
    with Agent(
        repo.root, AgentSettings(engine="llm"), backend=llm, searcher=BrokenSearcher(), record=False
    ) as agent:
        a = agent.ask("Where does Maya work?")
    assert a.text == DONT_KNOW and a.tools[0].is_error


def test_index_prefill_cuts_oldest_pages_first_and_says_so(repo: MemoryRepo):
    import datetime as dt

    from memory_schema import build_page

    with repo.transaction("many pages") as tx:
        for i in range(40):
            day = dt.date(2026, 1, 1) + dt.timedelta(days=i)
            page = build_page(
                f"knowledge/concepts/Topic {i:02d}.md",
                title=f"Topic {i:02d}",
                type="concept",
                summary=f"Something worth knowing, number {i}.",
                sections=[(None, "Text.")],
                evidence=[],
                created=day,
                updated=day,
            )
            tx.write(page.path, page.render())
    _, llm = run(repo, ["I don't know."], index_budget=400)
    first = llm.calls[0].messages[0].content
    index = first.split("Standing instructions")[0]
    assert len(index) // 4 <= 400 + 60  # the budget, plus the message around it
    assert "[[knowledge/concepts/Topic 39|Topic 39]]" in index  # the newest page stays
    assert "Topic 00]]" not in index  # the oldest goes first
    assert "Left out to fit the index budget:" in index and "concept" in index
