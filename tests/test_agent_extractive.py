"""The extractive engine end to end: cited answers, don't-know, recording, the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from agent.citations import DONT_KNOW
from agent.runner import Agent, AgentSettings
from brain.cli import cli
from memory_schema import MemoryRepo
from memory_schema.session import Session
from tests.test_agent_helpers import MAYA, ONBOARDING, SOURCE, TRIP, ask, build_memory
from validators import validate_tree

JSON_KEYS = ["answer", "citations", "files_read", "tool_calls", "tokens", "seconds", "engine"]


@pytest.fixture
def repo(memory: MemoryRepo) -> MemoryRepo:
    build_memory(memory)
    return memory


def test_answers_through_the_wiki_with_evidence_citations(repo: MemoryRepo):
    a = ask(repo, "Where does Maya work?")
    assert "Northwind Labs" in a.text
    # The wiki led there, but the citation is the turn, never the page.
    assert next((c.path, c.anchor) for c in a.citations) == (ONBOARDING, "t1")
    assert all(c.path.startswith(("sessions/", "sources/")) for c in a.citations)
    assert "[cite:1]" in a.text and "[[" not in a.text.replace("[[Northwind", "")
    # One search, then the subject's page read with the read tool.
    assert a.engine == "extractive" and a.tool_calls == 2 and a.invalid_citations == 0
    assert [t.name for t in a.tools] == ["memory_agent", "read"]
    assert ONBOARDING in a.files_read and MAYA in a.files_read
    assert a.text.split("\n")[0] == "Northwind Labs [cite:1]"
    assert (a.tokens.input, a.tokens.output) == (0, 0)


def test_answers_from_a_session_outside_the_initial_map(repo: MemoryRepo):
    a = ask(repo, "Which city did Maya book flights to?")
    assert "Lisbon" in a.text
    assert (TRIP, "t1") in [(c.path, c.anchor) for c in a.citations]


def test_answers_from_a_document_paragraph(repo: MemoryRepo):
    a = ask(repo, "When does the on-call rotation change?")
    assert "Monday at 10:00" in a.text
    assert (SOURCE, "p2") in [(c.path, c.anchor) for c in a.citations]


def test_unsupported_question_says_it_does_not_know(repo: MemoryRepo):
    a = ask(repo, "What is the capital of Mongolia?")
    assert a.text == DONT_KNOW and a.citations == [] and a.stop_reason == "no-support"


def test_deterministic(repo: MemoryRepo):
    first = ask(repo, "What is Maya migrating?")
    second = ask(repo, "What is Maya migrating?")
    assert first.text == second.text and first.citations == second.citations
    # In one session too, and each answer lists what it read, even if read before.
    with Agent(repo.root, AgentSettings(), kind="chat", record=False) as agent:
        a, b = agent.ask("What is Maya migrating?"), agent.ask("What is Maya migrating?")
    assert a.text == b.text == first.text and a.files_read == b.files_read != []
    assert "Dagster" in first.text


def test_every_ask_is_recorded_and_never_cited_back(repo: MemoryRepo):
    head = repo.head()
    a = ask(repo, "Where does Maya work?", record=True)
    assert a.session_path and a.session_path.startswith("sessions/")
    assert repo.git("log", "-1", "--format=%B").count("Brain-Command: ask") == 1
    assert repo.head() != head
    session = Session.parse(repo.read_text(a.session_path), a.session_path)
    assert session.format == "brain-agent"
    assert [t.role for t in session.turns] == ["user", "tool", "tool", "assistant"]
    assert session.turns[1].content.startswith("memory_agent(description='Where does Maya work?')")
    assert session.turns[2].content.startswith(f"read(path='{MAYA}')")
    assert (
        "[cite:1]" in session.turns[3].content
        and f"[[{ONBOARDING[:-3]}#^t1]]" in session.turns[3].content
    )
    assert validate_tree(repo.root).ok
    # Asked again: the earlier transcript is memory but not evidence.
    again = ask(repo, "Where does Maya work?")
    assert all(c.path != a.session_path for c in again.citations)


def test_cli_ask_json_has_the_documented_shape(repo: MemoryRepo):
    head = repo.head()
    result = CliRunner().invoke(
        cli, ["ask", "Where does Maya work?", "--json", "--no-record", "--memory", str(repo.root)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data) == JSON_KEYS
    assert data["engine"] == "extractive" and data["tool_calls"] == 2
    assert data["tokens"] == {"input": 0, "output": 0}
    assert isinstance(data["seconds"], float)
    cite = data["citations"][0]
    assert list(cite) == ["n", "path", "anchor", "quote"]
    assert (cite["n"], cite["path"], cite["anchor"]) == (1, ONBOARDING, "t1")
    assert cite["quote"].startswith("Hi! I'm Maya Chen")
    assert repo.head() == head  # --no-record


def test_cli_ask_human_output_and_record(repo: MemoryRepo):
    result = CliRunner().invoke(cli, ["ask", "Where does Maya work?", "--memory", str(repo.root)])
    assert result.exit_code == 0, result.output
    assert f"[1] {ONBOARDING}#^t1" in result.output
    assert (
        "extractive · 2 tool calls · " in result.output and "recorded in sessions/" in result.output
    )


def test_cli_chat_records_one_growing_session(repo: MemoryRepo):
    result = CliRunner().invoke(
        cli,
        ["chat", "--memory", str(repo.root)],
        input="Where does Maya work?\n\nWhich city did Maya book flights to?\n/quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Northwind" in result.output and "Lisbon" in result.output
    log = repo.git("log", "--format=%s%n%b", "-3")
    assert log.count("Brain-Command: chat") == 2  # one commit per answer, same session grown
    paths = [p for p in repo.git("ls-files", "sessions").split() if "/chat-" in p]
    assert len(paths) == 1
    session = Session.parse(repo.read_text(paths[0]), paths[0])
    assert [t.content for t in session.turns if t.role == "user"] == [
        "Where does Maya work?",
        "Which city did Maya book flights to?",
    ]


def test_cli_errors_are_one_line(repo: MemoryRepo, tmp_path, monkeypatch):
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "BRAIN_LLM_BASE_URL", "BRAIN_LLM_BACKEND"):
        monkeypatch.delenv(var, raising=False)
    r = CliRunner().invoke(cli, ["ask", "q", "--engine", "llm", "--memory", str(repo.root)])
    assert (
        r.exit_code == 1
        and "set ANTHROPIC_API_KEY, OPENAI_API_KEY or BRAIN_LLM_BASE_URL" in r.output
    )
    r = CliRunner().invoke(cli, ["ask", "q", "--backend", "anthropic", "--memory", str(repo.root)])
    assert (
        r.exit_code == 1
        and "Error: the anthropic backend needs an API key: set ANTHROPIC_API_KEY" in r.output
    )
    r = CliRunner().invoke(cli, ["ask", "q", "--memory", str(tmp_path / "nowhere")])
    assert r.exit_code == 1 and "not a memory repo" in r.output
    r = CliRunner().invoke(cli, ["ask", "q", "--sandbox", "moon", "--memory", str(repo.root)])
    assert r.exit_code == 1 and "unknown sandbox backend 'moon'" in r.output
    assert len(r.output.strip().split("\n")) == 1


def test_search_failure_is_one_clean_error(repo: MemoryRepo):
    from agent.errors import AgentError

    class Broken:
        def search(self, query, **kw):
            from search.errors import SearchError

            raise SearchError("index folder is not writable")

    agent = Agent(repo.root, AgentSettings(), searcher=Broken(), record=False)
    with agent, pytest.raises(AgentError, match="memory_agent: search failed: index folder"):
        agent.ask("Where does Maya work?")
