"""A small memory for the agent tests: three sessions, a document, two wiki pages."""

from __future__ import annotations

import datetime as dt
import hashlib

from agent.runner import Agent, AgentSettings
from memory_schema import Evidence, MemoryRepo, Session, Source, Turn, build_page, render_index

ONBOARDING = "sessions/2026/06/2026-06-15-onboarding.md"
TRIP = "sessions/2026/07/2026-07-02-trip.md"
HIKE = "sessions/2025/09/2025-09-20-hike.md"
MAYA = "knowledge/people/Maya Chen.md"
NORTHWIND = "knowledge/organizations/Northwind Labs.md"


def ask(repo: MemoryRepo, question: str, record: bool = False):
    """The extractive agent's answer to one question on the memory `repo`."""
    with Agent(repo.root, AgentSettings(), record=record) as agent:
        return agent.ask(question)


def _session(sid: str, start: dt.datetime, lines: list[tuple[str, str]]) -> Session:
    turns = [
        Turn(
            role=role,
            content=text,
            speaker="Maya" if role == "user" else None,
            at=start + dt.timedelta(minutes=i),
        )
        for i, (role, text) in enumerate(lines)
    ]
    return Session(id=sid, title=sid, format="brain", turns=turns, started=start)


def sessions() -> list[Session]:
    onboarding = _session(
        "2026-06-15-onboarding",
        dt.datetime(2026, 6, 15, 9, 30),
        [
            ("user", "Hi! I'm Maya Chen. I just started as a data engineer at Northwind Labs."),
            ("assistant", "Congratulations, Maya! What are you working on first?"),
            ("user", "A migration of our nightly ETL jobs from Airflow to Dagster."),
            ("user", "The migration is due at the end of July."),
            ("user", "Please always answer with Python examples, and keep them short."),
        ],
    )
    trip = _session(
        "2026-07-02-trip",
        dt.datetime(2026, 7, 2, 18, 0),
        [
            ("user", "I booked flights to Lisbon for the second week of September."),
            ("assistant", "Lovely! Are you travelling alone?"),
            ("user", "With my dog Pepper, a border collie. She travels in the cabin."),
            ("assistant", "Pepper will enjoy the beaches at Cascais."),
        ],
    )
    hike = _session(
        "2025-09-20-hike",
        dt.datetime(2025, 9, 20, 8, 0),
        [
            ("user", "We hiked up Mount Tamalpais this morning, eleven miles in total."),
            ("assistant", "That is a long hike. How was the weather?"),
            ("user", "Foggy at the start, sunny at the summit."),
        ],
    )
    return [onboarding, trip, hike]


def handbook() -> Source:
    return Source(
        title="Team handbook",
        origin="handbook.md",
        sha256=hashlib.sha256(b"handbook").hexdigest(),
        captured=dt.date(2026, 6, 1),
        mime="text/markdown",
        blocks=[
            "# Team handbook",
            "The on-call rotation changes every Monday at 10:00 Lisbon time.",
            "Expenses above 500 euros need approval from the team lead.",
        ],
    )


def build_memory(repo: MemoryRepo) -> None:
    """Write the fixture memory through the write path (one commit per step)."""
    onboarding, trip, hike = sessions()
    source = handbook()
    with repo.transaction("test: sessions and a source") as tx:
        for s in (onboarding, trip, hike):
            tx.write(s.path, s.render())
        tx.write(source.path, source.render())
    target = ONBOARDING[:-3]
    day = dt.date(2026, 6, 16)
    maya = build_page(
        MAYA,
        title="Maya Chen",
        type="person",
        summary="Data engineer at Northwind Labs.",
        aliases=["Maya"],
        sections=[
            (None, "Maya Chen is a data engineer at [[Northwind Labs]] [cite:1]."),
            ("Work", "She is migrating the nightly ETL jobs from Airflow to Dagster [cite:2]."),
            ("Preferences", "She wants short Python examples in answers [cite:3]."),
        ],
        evidence=[Evidence(target, f"t{i}", onboarding.turns[i - 1].content) for i in (1, 3, 5)],
        created=day,
        updated=day,
    )
    org = build_page(
        NORTHWIND,
        title="Northwind Labs",
        type="organization",
        summary="Employer of Maya Chen.",
        sections=[(None, "[[Maya Chen]] works at Northwind Labs as a data engineer [cite:1].")],
        evidence=[Evidence(target, "t1", onboarding.turns[0].content)],
        created=day,
        updated=day,
    )
    with repo.transaction("test: wiki") as tx:
        tx.write(maya.path, maya.render())
        tx.write(org.path, org.render())
        tx.write("INDEX.md", render_index([maya, org]))
    assert source.path == SOURCE


SOURCE = handbook().path


def test_answers_name_the_kind_of_page_they_read() -> None:
    from agent.wiki import page_label

    assert page_label("knowledge/people/Maya Chen.md") == "Maya Chen (wiki)"
    assert page_label("knowledge/people/maya.md", "Maya Chen") == "Maya Chen (wiki)"
    assert page_label("sessions/2026/03/kickoff.summary.md") == "kickoff (summary)"
    assert page_label("notes/work/standup.md", "Standup") == "Standup (note)"


def test_longer_forms_of_a_word_match_but_compounds_do_not() -> None:
    from agent.reader import shared
    from agent.text import terms

    def match(question: str, sentence: str) -> bool:
        return bool(shared(terms(question), terms(sentence)))

    assert match("Which diet does she follow?", "She is on a strict dietary plan.")
    assert match("Where do they practise?", "Practice is on Mondays.")
    # "Redline Motors" says nothing about a motorbike.
    assert not match("What kind of motorbike do I own?", "Employer: Redline Motors")
