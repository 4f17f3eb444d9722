"""Helpers for the Dream tests: sessions written through the production write path."""

from __future__ import annotations

import datetime as dt

from memory_schema import MemoryRepo, Session, Turn

Line = tuple[str, str]  # (role, content)


def make_session(sid: str, day: str, lines: list[Line], speaker: str = "Maya") -> Session:
    start = dt.datetime.fromisoformat(f"{day}T09:00")
    turns = [
        Turn(
            role=role,
            content=text,
            speaker=speaker if role == "user" else None,
            at=start + dt.timedelta(minutes=i),
        )
        for i, (role, text) in enumerate(lines)
    ]
    return Session(id=sid, title=f"Chat {sid}", format="brain", turns=turns, started=start)


def add_sessions(repo: MemoryRepo, *sessions: Session) -> None:
    with repo.transaction("capture: test sessions", {"Brain-Command": "capture"}) as tx:
        for s in sessions:
            tx.write(s.path, s.render())


MAY = make_session(
    "2026-05-04-intro",
    "2026-05-04",
    [
        ("user", "Hi, I'm Maya Chen. I work as a data analyst at Acme Corp."),
        ("assistant", "Nice to meet you, Maya!"),
        ("user", "We use Jenkins for CI. I live in Lisbon. My manager is Tom Baker."),
        ("assistant", "Got it."),
        ("user", "Please always answer with Python examples. I prefer short answers."),
    ],
)
JUNE = make_session(
    "2026-06-15-news",
    "2026-06-15",
    [
        ("user", "Big news: I just started as a data engineer at Northwind Labs."),
        ("assistant", "Congratulations!"),
        (
            "user",
            "We replaced Jenkins with GitHub Actions for CI. I'm working on Project Atlas, "
            "a migration of our nightly ETL jobs from Airflow to Dagster.",
        ),
        ("user", "I went to a Dagster meetup in Porto yesterday. My sister Anna came too."),
    ],
)


def filler(i: int, day: str = "2026-07-01") -> Session:
    """A small session about a different person each time (for scale and crash tests)."""
    return make_session(
        f"filler-{i:04d}",
        day,
        [
            ("user", f"My friend Person{i} Example works at Company{i} Labs now."),
            ("assistant", "Thanks for telling me."),
            ("user", f"I went to the Meetup{i} in Town{i} yesterday. I prefer tea number {i}."),
        ],
    )
