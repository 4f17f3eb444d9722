"""The agent's tools give the same results on every sandbox backend, and `brain ask
--sandbox B` runs them there."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.tools import Toolbox
from brain.cli import cli
from memory_schema import MemoryRepo, init_memory
from sandbox.workingset import InitialMap, WorkingSet
from tests.test_agent_helpers import HIKE, MAYA, ONBOARDING, SOURCE, build_memory
from tests.test_sandbox_security import make_sandbox, require_backend

OTHER_BACKENDS = [
    pytest.param("bwrap", marks=pytest.mark.bwrap),
    pytest.param("docker", marks=pytest.mark.docker),
]

#: One agent session's worth of tool calls, errors included; some materialize files.
CALLS: list[tuple[str, dict[str, object]]] = [
    ("ls", {}),
    ("ls", {"path": "knowledge/people"}),
    ("read", {"path": MAYA}),
    ("read", {"path": MAYA, "start": 3, "lines": 4}),
    ("grep", {"pattern": "Maya"}),
    ("grep", {"pattern": "dagster", "ignore_case": True}),
    ("grep", {"pattern": "[Cc]ite:[0-9]", "path": "knowledge", "glob": "*.md"}),
    ("grep", {"pattern": "/usr/bin|no-such-words"}),
    ("glob", {"pattern": "knowledge/**/*.md"}),
    ("glob", {"pattern": "sessions/**"}),
    ("git_log", {}),
    ("git_log", {"path": MAYA, "n": 3}),
    ("git_diff", {}),
    ("git_show", {}),
    ("git_show", {"rev": "HEAD~1", "path": SOURCE}),
    ("follow_link", {"link": "[[Maya Chen]]"}),
    ("follow_link", {"link": "[[Maya Chen#Work]]"}),
    ("open_citation", {"page": "[[Maya Chen]]", "n": 2}),
    ("follow_link", {"link": f"[[{HIKE[:-3]}#^t3]]"}),  # materializes the hike session
    ("grep", {"pattern": "Tamalpais"}),
    ("ls", {"path": "sessions/2025/09"}),
    ("read", {"path": "../secret.txt"}),
    ("read", {"path": "/etc/passwd"}),
    ("ls", {"path": "/"}),
    ("grep", {"pattern": "root", "path": "../.."}),
    ("read", {"path": ".git/config"}),
    ("read", {"path": "knowledge/nobody.md"}),
    ("git_show", {"rev": "--output=/tmp/x"}),
]


@pytest.fixture(scope="module")
def memory_repo(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    repo, _ = init_memory(tmp_path_factory.mktemp("tools-memory") / "memory")
    build_memory(repo)
    return repo


def run_calls(backend: str, memory_repo: MemoryRepo, dest: Path) -> list[tuple[bool, str]]:
    """Every call in CALLS on a fresh working set in this backend: (is_error, content)."""
    ws = WorkingSet.create(memory_repo.root, dest, InitialMap(recent_sessions=1))
    box = make_sandbox(backend, ws.root)
    try:
        toolbox = Toolbox(box, ws)
        return [(r.is_error, r.content) for r in (toolbox.call(name, args) for name, args in CALLS)]
    finally:
        box.close()


@pytest.fixture(scope="module")
def local_results(memory_repo: MemoryRepo, tmp_path_factory) -> list[tuple[bool, str]]:
    return run_calls("local", memory_repo, tmp_path_factory.mktemp("ws-local") / "ws")


def test_local_results_are_meaningful(local_results):
    by_call = dict(zip([f"{n} {a}" for n, a in CALLS], local_results, strict=True))
    assert not by_call[f"read {{'path': '{MAYA}'}}"][0]
    assert "Foggy at the start" in by_call[f"follow_link {{'link': '[[{HIKE[:-3]}#^t3]]'}}"][1]
    assert HIKE in by_call["grep {'pattern': 'Tamalpais'}"][1]
    assert by_call["read {'path': '../secret.txt'}"][0]
    errors = [f"{n} {a}" for (n, a), (err, _) in zip(CALLS, local_results, strict=True) if err]
    assert errors == [f"{n} {a}" for n, a in CALLS[-7:]]


@pytest.mark.parametrize("backend", OTHER_BACKENDS)
def test_tools_give_identical_results_on_every_backend(
    backend: str, memory_repo: MemoryRepo, local_results, tmp_path: Path
):
    results = run_calls(backend, memory_repo, tmp_path / "ws")
    for (name, args), want, got in zip(CALLS, local_results, results, strict=True):
        assert got == want, f"{name} {args} differs on {backend}"


def _ask(memory: Path, backend: str) -> dict:
    args = ["ask", "Where does Maya work?", "--json", "--no-record", "--sandbox", backend]
    result = CliRunner().invoke(cli, [*args, "--memory", str(memory)])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture(scope="module")
def local_answer(memory_repo: MemoryRepo) -> dict:
    return _ask(memory_repo.root, "local")


@pytest.mark.parametrize("backend", OTHER_BACKENDS)
def test_brain_ask_runs_its_tools_in_the_sandbox(
    backend: str, memory_repo: MemoryRepo, local_answer: dict
):
    require_backend(backend)
    boxed = _ask(memory_repo.root, backend)
    assert boxed["answer"] == local_answer["answer"] and "Northwind" in boxed["answer"]
    assert boxed["citations"] == local_answer["citations"]
    assert any(c["path"] == ONBOARDING for c in boxed["citations"])
    assert boxed["files_read"] == local_answer["files_read"]


@pytest.fixture
def no_docker_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    yield


def test_brain_ask_with_a_missing_engine_is_one_line(memory: MemoryRepo, no_docker_engine):
    result = CliRunner().invoke(
        cli, ["ask", "q", "--sandbox", "docker", "--no-record", "--memory", str(memory.root)]
    )
    assert result.exit_code == 1
    assert result.output.strip().startswith("Error: Docker engine not reachable")
    assert len(result.output.strip().splitlines()) == 1
