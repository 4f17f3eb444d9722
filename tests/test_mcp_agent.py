"""brain mcp with the heavy parts: hybrid search, the Memory Agent and cited answers.

These load the bundled embedding model (a few seconds), so they are marked slow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from brain.mcp import build_server
from tests.example_memory import build_example_memory
from tests.test_mcp import SESSION, _call, text, with_stdio_client

pytestmark = pytest.mark.slow


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return build_example_memory(tmp_path / "memory")


def test_search_memory_agent_and_ask_over_stdio(demo: Path) -> None:
    async def session(c: Client) -> dict[str, Any]:
        return {
            "search": await _call(c, "search", query="What is Maya migrating to?", k=5),
            "sessions_only": await _call(
                c, "search", query="Dagster migration", k=3, kinds=["session"]
            ),
            "later": await _call(
                c, "search", query="Dagster", kinds=["session"], date_from="2026-06-16"
            ),
            "in_june": await _call(
                c, "search", query="Dagster", path="sessions/2026", date_to="2026-06-30"
            ),
            "agent": await _call(c, "memory_agent", description="Maya's ETL migration deadline"),
            "ask": await _call(c, "ask", question="Where does Maya work?"),
            "unknown": await _call(c, "ask", question="What is the capital of Peru?", record=False),
        }

    out = with_stdio_client(demo, session)
    for name, result in out.items():
        assert not result.is_error, (name, text(result))

    hits = out["search"].structured_content["hits"]
    assert hits and all(h["link"] and h["text"] for h in hits)
    assert any("Dagster" in h["text"] for h in hits)
    only = out["sessions_only"].structured_content["hits"]
    assert only and {h["kind"] for h in only} == {"session"}
    assert only[0]["link"].startswith(f"{SESSION}#^t")

    assert out["later"].structured_content["hits"] == []
    june = out["in_june"].structured_content["hits"]
    assert june and all(h["path"].startswith("sessions/2026/") for h in june)

    report = text(out["agent"])
    assert f"[[{SESSION}#^t3]]" in report  # the turn that says "due end of July"
    assert "Files:" in report

    answer = out["ask"].structured_content
    assert "Northwind Labs" in answer["answer"]
    assert answer["citations"], answer
    first = answer["citations"][0]
    assert first["path"] == f"{SESSION}.md" and first["link"] == f"[[{SESSION}#^{first['anchor']}]]"
    assert answer["session"] and (demo / answer["session"]).is_file()  # recorded like brain ask

    unknown = out["unknown"].structured_content
    assert unknown["citations"] == [] and unknown["answer"].startswith("I don't know")
    assert unknown["session"] is None


def test_the_embedding_model_loads_once_per_server(demo: Path, monkeypatch) -> None:
    """In process (the SDK's in-memory client): count model loads across many calls.

    The model loads as ONNX when this test session already exported it (earlier tests
    may have), else PyTorch loads once to export it: so count the embedder choosing its
    backend (each choice loads a model), and PyTorch loads at most once."""
    import sentence_transformers

    import search.embedder as embedder_module

    loads: list[str] = []
    picks: list[Any] = []
    real = sentence_transformers.SentenceTransformer
    real_pick = embedder_module.BundledEmbedder._pick

    def counting(*args: Any, **kwargs: Any) -> Any:
        loads.append(str(args[0]) if args else "")
        return real(*args, **kwargs)

    def counting_pick(self: Any) -> Any:
        picks.append(real_pick(self))
        return picks[-1]

    monkeypatch.setattr(sentence_transformers, "SentenceTransformer", counting)
    monkeypatch.setattr(embedder_module.BundledEmbedder, "_pick", counting_pick)
    monkeypatch.setattr(embedder_module, "_default", None)  # a fresh process, as it were
    server = build_server(demo)

    async def main() -> list[Any]:
        async with Client(server) as c:
            return [
                await _call(c, "search", query="Maya's employer"),
                await _call(c, "search", query="Python examples", kinds=["session"]),
                await _call(c, "memory_agent", description="Maya's preferences"),
                await _call(c, "remember", text="Maya moved the standup to 9:30."),
                await _call(c, "search", query="standup time"),  # index refreshed, same model
                await _call(c, "ask", question="When is the standup?"),
            ]

    results = anyio.run(main)
    assert [r.is_error for r in results] == [False] * len(results), [text(r) for r in results]
    assert "9:30" in text(results[4])
    assert len(picks) == 1, picks
    assert len(loads) <= 1, loads
