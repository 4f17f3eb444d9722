"""`brain demo`: build a small example memory and walk through what Brain does with it."""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_schema import Evidence, Session, Turn, build_page, init_memory, render_index
from memory_schema.notes import write_note
from memory_schema.store import load_pages
from validators import validate_tree

Echo = Callable[[str], None]


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


def run_demo(directory: Path | None = None, echo: Echo | None = None) -> dict[str, Any]:
    say: Echo = echo or (lambda _msg: None)
    root = directory or Path(tempfile.mkdtemp(prefix="brain-demo-")) / "memory"
    repo, _ = init_memory(root)
    say(f"1. Created a memory repo at {root}")

    session = _example_session()
    with repo.transaction("demo: example session", {"Brain-Command": "demo"}) as tx:
        tx.write(session.path, session.render())
    say(f"2. Wrote an example session: {session.path} ({len(session.turns)} turns, ^t1..^t5)")

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
    say(f"3. Wrote wiki pages with [[links]] and [cite:N] evidence: {page.path}, {org.path}")

    note_path, _ = write_note(repo, "Maya's team standup is at 9:15 on weekdays.", topic="work")
    say(f"4. Remembered a note by hand: {note_path}")

    report = validate_tree(root)
    say(
        f"5. Validated the tree: {'OK' if report.ok else 'FAILED'}, "
        f"{len(report.errors)} errors, {len(report.warnings)} warnings"
    )
    for f in report.findings:
        say(f"   {f}")
    log = repo.git("log", "--format=%h %s").strip().splitlines()
    say(f"6. Git history ({len(log)} commits):")
    for line in log:
        say(f"   {line}")
    say("\nINDEX.md (what an agent sees first):\n")
    say(repo.read_text("INDEX.md"))
    return {
        "memory": str(root),
        "pages": [p.path for p in load_pages(root)],
        "validation": report.as_dict(),
        "commits": len(log),
    }
