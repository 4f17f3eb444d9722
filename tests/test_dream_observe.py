"""Dream on messy, unnamed, lowercase chats: observations, changes of value, summaries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from memory_schema import init_memory
from search import get_embedder

FIXTURE = Path(__file__).parent / "fixtures" / "messy" / "priya.jsonl"


@pytest.fixture(scope="module")
def dreamt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("messy") / "memory"
    repo, _ = init_memory(root)
    report = capture_sessions(repo, parse_file(FIXTURE)[1])
    assert report.ok
    result = run_dream(repo, DreamOptions(embedder=get_embedder()))
    assert result.committed
    return root


def section(text: str, name: str) -> list[str]:
    m = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return [x for x in (m.group(1).splitlines() if m else []) if x.startswith("- ")]


def test_changes_of_value_become_current_and_history(dreamt: Path) -> None:
    profile = (dreamt / "knowledge/people/Priya.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert any("**Manager:** [[Sofia Brandt]]" in x for x in current)
    assert any("Tom Baker" in x for x in history)
    assert any("York" in x for x in current) and any("Leeds" in x for x in history)
    assert any("coffee" in x for x in current)
    assert any("tea" in x for x in history) and not any("tea" in x for x in current)


def test_statements_are_third_person_cited_lines_about_the_speaker(dreamt: Path) -> None:
    profile = (dreamt / "knowledge/people/Priya.md").read_text()
    lines = [x for name in ("Food and drink", "Family and friends") for x in section(profile, name)]
    assert any("Priya drinks way too much tea" in x for x in lines)
    for line in lines:
        assert re.search(r"\[cite:\d+\]$", line)
        assert not re.search(r"\b(?:I|my|me)\b", line.split("[cite")[0])


def test_what_the_assistant_said_is_never_a_fact(dreamt: Path) -> None:
    wiki = "\n".join(p.read_text() for p in (dreamt / "knowledge").rglob("*.md"))
    assert "Manchester" not in wiki and "oat milk" not in wiki.lower()


def test_summaries_are_short_third_person_points(dreamt: Path) -> None:
    summary = next((dreamt / "sessions").rglob("2026-04-22-work.summary.md")).read_text()
    points = section(summary, "Key points")
    assert 1 <= len(points) <= 3
    assert all(len(p.split(" [cite:")[0]) <= 105 for p in points)
    # every turn has a line on a page, so the point is the session's best statement:
    # one of its two changes of value, in the third person
    changes = ("- Priya switched from tea to coffee", "- Big news, Priya's new manager is")
    assert any(p.startswith(changes) for p in points)
    assert not any(p.startswith("- User:") or '"' in p for p in points)


def test_a_summary_says_in_its_frontmatter_only_what_its_points_say(dreamt: Path) -> None:
    # The validators cut a point ("Priya and others moved ...": 'others' is not in the
    # turn); the `summary:` line, written from the points, must lose it too.
    from memory_schema.page import Page

    for path in (dreamt / "sessions").rglob("*.summary.md"):
        page = Page.parse(path.read_text(), path.relative_to(dreamt).as_posix())
        points = [re.sub(r" \[cite:\d+\]", "", x)[2:] for x in section(page.render(), "Key points")]
        told = page.summary.removesuffix(" …")
        assert " ".join(p for p in points if not p.startswith("(")).startswith(told), path.name
