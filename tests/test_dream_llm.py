"""The llm engine: the Dream Skill as instructions, JSON observations, validators as the
safety net. A scripted fake model for exact behaviour; a real weak model (SmolLM2 on a
local llama.cpp server) to show that bad output never corrupts the repo."""

from __future__ import annotations

import json

import pytest

from agent.llm import ScriptedLLM
from dream import DreamOptions, run_dream
from dream.llm_engine import make_judge, make_observer
from memory_schema import MemoryRepo
from skills import load_skill
from tests.test_dream_support import JUNE, MAY, add_sessions
from validators import validate_tree

MAYA = "knowledge/people/Maya Chen.md"


def _llm_options(repo: MemoryRepo, backend: object, judge: object = None) -> DreamOptions:
    observer = make_observer(repo, backend, max_steps=3, max_tokens=20_000, max_output_tokens=512)
    return DreamOptions(engine="llm", observer=observer, judge=judge)  # type: ignore[arg-type]


def test_skill_is_agent_skills_format() -> None:
    skill = load_skill("dream")
    assert skill.name == "dream" and "wiki" in skill.description
    for phase in ("Orient", "Summarize", "Map facts to subjects", "Update the wiki"):
        assert phase in skill.body


def test_llm_observations_become_pages_and_made_up_ones_are_removed(memory: MemoryRepo) -> None:
    add_sessions(memory, JUNE)
    answer = {
        "observations": [
            {
                "subject": "Maya",
                "type": "person",
                "section": "Current",
                "attribute": "Employer",
                "value": "Northwind Labs",
                "value_type": "organization",
                "turn": 1,
            },
            {
                "subject": "Maya",
                "type": "person",
                "section": "Current",
                "attribute": "Role",
                "value": "data engineer",
                "turn": 1,
            },
            # Made up: nothing in turn 3 says so.
            {
                "subject": "Project Atlas",
                "type": "project",
                "section": "About",
                "value": "Budget of 2 million euros approved by Globex",
                "turn": 3,
            },
            # Malformed entries are dropped one by one.
            {"subject": "Maya", "type": "spaceship", "section": "About", "value": "x", "turn": 1},
            {"subject": "Maya", "type": "person", "section": "About", "value": "y", "turn": 99},
        ]
    }
    backend = ScriptedLLM([json.dumps(answer)])
    result = run_dream(memory, _llm_options(memory, backend))
    assert result.committed
    assert backend.calls and backend.calls[0].system == load_skill("dream_observe").body
    assert "^t3" in backend.calls[0].messages[0].content  # the new turns were shown
    page = memory.read_text("knowledge/people/Maya.md")  # the speaker's name, no intro yet
    assert "type: profile" in page
    assert "- **Employer:** [[Northwind Labs]] — since 2026-06-15 [cite:" in page
    assert "- **Role:** data engineer" in page
    removed = result.claims_removed
    assert len(removed) == 1 and "Project Atlas.md" in removed[0]["path"]
    assert "Globex" not in memory.read_text("knowledge/projects/Project Atlas.md")
    assert validate_tree(memory.root).ok


def test_unusable_model_output_is_retried_next_run(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY)
    result = run_dream(memory, _llm_options(memory, ScriptedLLM(["I think Maya is nice!"])))
    assert not result.sessions_summarized and not memory.exists(MAYA)
    assert any("no usable output" in p for p in result.problems)
    assert validate_tree(memory.root).ok
    # The session was not marked consumed: a run with a working model picks it up.
    answer = {
        "observations": [
            {
                "subject": "Maya Chen",
                "type": "person",
                "section": "Preferences",
                "value": "Prefers short answers",
                "turn": 5,
            }
        ]
    }
    again = run_dream(memory, _llm_options(memory, ScriptedLLM([json.dumps(answer)])))
    assert again.sessions_summarized == [MAY.path]
    assert "- Prefers short answers [cite:" in memory.read_text(MAYA)


def test_judge_is_the_validators_support_judge() -> None:
    backend = ScriptedLLM(["SUPPORTED", "UNSUPPORTED: Globex - the evidence says Northwind"])
    judge = make_judge(backend)
    assert judge("Works at Northwind Labs", "I started at Northwind Labs.").supported
    verdict = judge("Works at Globex", "I started at Northwind Labs.")
    assert not verdict.supported and "Northwind" in verdict.reason
    assert "Line: Works at Globex" in backend.calls[1].messages[0].content


@pytest.mark.llm_server
def test_real_weak_llm_never_corrupts_the_repo(memory: MemoryRepo, llm_server: str) -> None:
    """SmolLM2-135M is far too weak to follow the Skill; whatever it answers, the repo
    ends at the old commit or one new valid Dream commit."""
    from agent.llm.openai_backend import OpenAIBackend

    add_sessions(memory, MAY)
    backend = OpenAIBackend(None, "smollm2", base_url=llm_server, tool_mode="text", timeout=120)
    base = memory.head()
    observer = make_observer(memory, backend, max_steps=2, max_tokens=6000, max_output_tokens=200)
    options = DreamOptions(engine="llm", observer=observer, judge=make_judge(backend))
    result = run_dream(memory, options)
    if result.committed:
        assert memory.git("rev-parse", "HEAD~1").strip() == base
        assert memory.git("log", "-1", "--format=%s").startswith("dream:")
    else:
        assert memory.head() == base
    assert validate_tree(memory.root).ok, [str(f) for f in validate_tree(memory.root).errors]
    assert memory.git("status", "--porcelain").strip() == ""
