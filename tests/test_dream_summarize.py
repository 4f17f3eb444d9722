"""dream/summarize.py: points from turns no page cites, under a budget in words."""

from __future__ import annotations

import datetime as dt

from dream.observe import Statement
from dream.summarize import MAX_POINT_CHARS, POINT_SHARE, build_summary
from memory_schema.session import Session, Turn

DAY = dt.date(2025, 3, 4)
PATH = "sessions/2025/03/walk.md"
FACTS = [
    "Noor walked the Pennine Way in May",
    "Noor's sister Dalia moved to Glasgow for a teaching job",
    "Noor sold the old van and bought a cargo bike",
    "Noor is learning Welsh with an evening class",
    "Noor's landlord is selling the flat on Kirk Street",
    "Noor planted three apple trees behind the allotment shed",
]


def session(words_per_turn: int) -> Session:
    filler = " ".join(["and"] * max(0, words_per_turn - 8))
    turns = [Turn("user", f"{fact} {filler}.", speaker="Noor") for fact in FACTS]
    return Session(id="walk", title="Walk", format="markdown", turns=turns, started=DAY)


def statements(s: Session) -> list[Statement]:
    return [
        Statement(n, fact, "Noor", DAY, (PATH, f"t{n}", s.turns[n - 1].content), fact, "Travel",
                  0.1 - n / 100)
        for n, fact in enumerate(FACTS, start=1)
    ]  # fmt: skip


def points(s: Session, observed: dict[tuple[int, str], int]) -> list[str]:
    page = build_summary(s, PATH, observed, [], statements(s), lambda _: True, DAY)
    return page.sections["Key points"]


def test_points_come_from_turns_no_page_cites() -> None:
    s = session(20)
    # Turn 1's other sentence is on a page: turn 1 is cited, so its statement is not said.
    lines = points(s, {(1, "Something else Noor said"): 1})
    assert len(lines) == 1 and lines[0].startswith("- Noor's sister Dalia moved to Glasgow")
    assert lines[0].endswith("[cite:@sessions/2025/03/walk#t2]")


def test_the_budget_grows_with_the_session() -> None:
    short, long = points(session(12), {}), points(session(150), {})
    assert len(short) == 1
    words = POINT_SHARE * 150 * len(FACTS)
    assert 1 < len(long) <= len(FACTS)
    assert sum(len(x.split(" [cite:")[0].split()) - 1 for x in long) <= words
    assert all(len(x.split(" [cite:")[0]) <= MAX_POINT_CHARS + 4 for x in long)
    # In the order they were said, best first only for choosing.
    assert long == sorted(long, key=lambda x: int(x.rsplit("#t", 1)[1].rstrip("]")))
