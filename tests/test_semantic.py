"""Semantic validators: planted unsupported and contradictory claims are caught."""

from __future__ import annotations

import datetime as dt

from memory_schema import Evidence, MemoryRepo, build_page
from tests.test_dream_support import JUNE, MAY, add_sessions
from validators import validate_semantics
from validators.semantic import Evidence as Block
from validators.semantic import check_claim

DAY = dt.date(2026, 6, 15)


def _page(memory: MemoryRepo, path: str, title: str, lines: list[str], turns: list[int]) -> None:
    target = JUNE.path[:-3]
    page = build_page(
        path,
        title=title,
        type="person",
        summary="test page",
        sections=[(None, "\n".join(lines))],
        evidence=[Evidence(target, f"t{n}", JUNE.turns[n - 1].content) for n in turns],
        created=DAY,
        updated=DAY,
        aliases=["Maya"] if title == "Maya Chen" else [],
    )
    with memory.transaction("test page") as tx:
        tx.write(path, page.render())


def test_supported_claims_pass(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    _page(
        memory,
        "knowledge/people/Maya Chen.md",
        "Maya Chen",
        [
            "- **Employer:** [[Northwind Labs]] — since 2026-06-15 [cite:1]",
            "- Works as a data engineer at Northwind Labs [cite:1]",
            "- 2026-06-14: went to a Dagster meetup in [[Porto]] [cite:2]",
            "- [[Anna]] — sister [cite:2]",
        ],
        [1, 4],
    )
    report = validate_semantics(memory.root)
    assert report.ok, [str(f) for f in report.findings]


def test_planted_unsupported_claims_are_rejected(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    planted = [
        "- **Employer:** [[Globex]] — since 2026-06-15 [cite:1]",  # wrong entity
        "- Earns 90000 dollars as a data engineer [cite:1]",  # number not in evidence
        "- 2026-03-02: went to a Dagster meetup in Porto [cite:2]",  # wrong date
        "- Never went to a Dagster meetup [cite:2]",  # negation flipped
        "- Enjoys sailing, climbing and chess tournaments [cite:1]",  # unrelated words
        "- Started at Northwind Labs [cite:7]",  # citation to nothing
    ]
    _page(memory, "knowledge/people/Maya Chen.md", "Maya Chen", planted, [1, 4])
    report = validate_semantics(memory.root)
    bad = [f for f in report.errors if f.code == "unsupported-claim"]
    assert len(bad) == len(planted), [str(f) for f in report.findings]
    messages = " ".join(f.message for f in bad)
    assert "'Globex' is not in the evidence" in messages
    assert "number 90000" in messages and "date 2026-03-02" in messages
    assert "negation differs" in messages and "cited block not found" in messages


def test_planted_contradictions_are_rejected(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    _page(
        memory,
        "knowledge/people/Maya Chen.md",
        "Maya Chen",
        [
            "## Current",
            "- **Employer:** [[Northwind Labs]] — since 2026-06-15 [cite:1]",
            "## History",
            "- **Employer:** Acme — 2026-05-04 to 2026-06-15 [cite:1]",
        ],
        [1],
    )
    # An earlier value in History is no conflict.
    assert not [f for f in validate_semantics(memory.root).errors if f.code == "contradiction"]
    # A second current value on the same page, and one on another page of the subject.
    _page(
        memory,
        "knowledge/people/Maya Chen.md",
        "Maya Chen",
        [
            "- **Employer:** [[Northwind Labs]] — since 2026-06-15 [cite:1]",
            "- **Employer:** Acme Corp [cite:2]",
        ],
        [1, 4],
    )
    note = build_page(
        "notes/misc/maya.md",
        title="Maya",
        type="note",
        summary="",
        sections=[(None, "- **Employer:** Globex")],
        evidence=[],
        created=DAY,
        updated=DAY,
    )
    with memory.transaction("note") as tx:
        tx.write(note.path, note.render())
    report = validate_semantics(memory.root)
    contradictions = [f for f in report.errors if f.code == "contradiction"]
    assert {f.path for f in contradictions} == {
        "knowledge/people/Maya Chen.md",
        "notes/misc/maya.md",
    }
    assert all("'Employer'" in f.message for f in contradictions)


def test_judge_replaces_the_word_test_but_not_the_hard_checks() -> None:
    ev = [Block("I just started as a data engineer at Northwind Labs.", "Maya", {DAY})]
    assert check_claim("Is employed by Northwind Labs", ev, judge=lambda c, e: True) is None
    # A yes-saying judge cannot pass a made-up name or number.
    assert "Globex" in (check_claim("Works at Globex", ev, judge=lambda c, e: True) or "")
    assert check_claim("Works at Northwind Labs", ev, judge=lambda c, e: False)
