"""A small fixed example memory for tests that need stable content.

`brain demo` changes as Dream improves; tests that assert exact text (MCP reads, greps)
use this hand-built memory instead: one session, two linked pages citing it, a note.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memory_schema import Evidence, Session, Turn, build_page, init_memory, render_index
from memory_schema.notes import write_note


def _example_session() -> Session:
    start = dt.datetime(2026, 6, 15, 9, 30)
    lines = [
        ("user", "Hi! I'm Maya Chen. I just started as a data engineer at Northwind Labs."),
        ("assistant", "Congratulations, Maya! What are you working on first?"),
        ("user", "A migration of our nightly ETL jobs from Airflow to Dagster, due end of July."),
        ("assistant", "Noted. Anything I should keep in mind when I help?"),
        ("user", "Please always answer with Python examples, and keep them short."),
    ]
    turns = [
        Turn(
            role=r,
            content=c,
            speaker="Maya" if r == "user" else None,
            at=start + dt.timedelta(minutes=i),
        )
        for i, (r, c) in enumerate(lines)
    ]
    return Session(
        id="2026-06-15-onboarding",
        title="Onboarding chat",
        format="brain",
        turns=turns,
        started=start,
    )


def build_example_memory(root: Path) -> Path:
    repo, _ = init_memory(root)

    session = _example_session()
    with repo.transaction("demo: example session", {"Brain-Command": "demo"}) as tx:
        tx.write(session.path, session.render())

    today = dt.date(2026, 6, 15)
    target = session.path[:-3]
    page = build_page(
        "knowledge/people/Maya Chen.md",
        title="Maya Chen",
        type="person",
        summary="Data engineer at Northwind Labs; migrating ETL from Airflow to Dagster.",
        aliases=["Maya"],
        sections=[
            (None, "Maya Chen is a data engineer at [[Northwind Labs]] [cite:1]."),
            (
                "Work",
                "She is migrating the nightly ETL jobs from Airflow to Dagster, "
                "due at the end of July 2026 [cite:2].",
            ),
            ("Preferences", "Wants short Python examples in answers [cite:3]."),
        ],
        evidence=[Evidence(target, f"t{i}", session.turns[i - 1].content) for i in (1, 3, 5)],
        created=today,
        updated=today,
    )
    org = build_page(
        "knowledge/organizations/Northwind Labs.md",
        title="Northwind Labs",
        type="organization",
        summary="Employer of Maya Chen.",
        sections=[(None, "[[Maya Chen]] works here as a data engineer [cite:1].")],
        evidence=[Evidence(target, "t1", session.turns[0].content)],
        created=today,
        updated=today,
    )
    with repo.transaction("demo: example wiki pages", {"Brain-Command": "demo"}) as tx:
        tx.write(page.path, page.render())
        tx.write(org.path, org.render())
        tx.write("INDEX.md", render_index([page, org]))

    write_note(repo, "Maya's team standup is at 9:15 on weekdays.", topic="work")
    return root
