"""A new user's owner, values and changes (the nu108 try-out): the owner's name comes
only from the user introducing or signing themself, never from "it's X" said of a thing;
a forget entry reaches the pages its possessive names; "so he's my boss now" names the
person just said, a move is dated by its day, an engagement keeps the partner; a value
is of its attribute's kind (an amount a number, a hobby no place, a phone a phone)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dream import forget as fg
from dream.extract import self_introduction
from dream.owner import introduced_name, signs_own
from search import get_embedder
from tests.test_agent_messy import memory_from
from tests.test_owner_evidence import unnamed


def test_its_x_answering_a_question_about_a_thing_names_no_one() -> None:
    chat = unnamed(
        "2026-03-02-tools",
        "2026-03-02",
        [
            ("user", "new manager wants all our tickets in some tracker"),
            ("assistant", "Which tracker does she have in mind? Jira and Linear are common."),
            ("user", "its linear. she also moved standup to 9"),
            ("assistant", "Linear is quick to learn."),
        ],
    )
    assert introduced_name(chat, get_embedder()) is None
    # said of a thing inside a message, "it's X" is no introduction either
    assert self_introduction("honestly it's Notion for everything now") is None
    # where a message opens, or after a question about who is typing, it still is
    assert self_introduction("hey, it's Maya again") == "Maya"
    who = unnamed(
        "2026-03-03-hi",
        "2026-03-03",
        [("assistant", "Hello! Who am I speaking with?"), ("user", "it's Maya, from the shop")],
    )
    assert introduced_name(who) == "Maya"


def test_a_sign_off_on_its_own_paragraph_names_the_user() -> None:
    text = "ok we will put 500 a month aside for the trip\n\n— henrik"
    assert signs_own(text, get_embedder()) == "Henrik"
    chat = unnamed(
        "2026-05-01-trip",
        "2026-05-01",
        [("user", "planning a trip"), ("assistant", "Where to?"), ("user", text)],
    )
    assert introduced_name(chat, get_embedder()) == "Henrik"
    # a pasted message signed by someone else still names nobody
    got = "my landlord sent me this:\n\nthe boiler man comes friday\n\n— gail"
    assert signs_own(got, get_embedder()) is None


def test_forgetting_a_name_reaches_its_possessive() -> None:
    entries = [fg.ForgetEntry.of("Trello", fg.dt.date(2026, 6, 1))]
    assert fg.matches("Trello's old boards", entries)
    assert fg.matches("Trello’s old boards", entries)
    assert fg.redact("see Trello's old boards", entries) == "see [forgotten] old boards"
    assert not fg.matches("Trellos and more", entries)


def _chat(date: str, *turns: tuple[str, str]) -> str:
    body = "".join(f"## {who}\n\n{text}\n\n" for who, text in turns)
    return f"---\ndate: {date}T20:00:00\n---\n# chat\n\n{body}"


CHANGES = {
    "2026-01-05-start.md": _chat(
        "2026-01-05",
        ("User", "started at the bakery on rosengatan today, my boss is hanna berg"),
        ("Assistant", "Congratulations on the new job!"),
        ("User", "my girlfriend ida says i smell of bread now lol"),
    ),
    "2026-03-10-lease.md": _chat(
        "2026-03-10",
        ("User", "we signed the lease for a flat in uppsala today, two rooms on kungsgatan"),
        ("Assistant", "Exciting! When do you get the keys?"),
    ),
    "2026-04-06-moved.md": _chat(
        "2026-04-06",
        ("User", "we moved to uppsala on april 2nd, boxes everywhere"),
        ("Assistant", "Welcome to your new home."),
    ),
    "2026-06-01-boss.md": _chat(
        "2026-06-01",
        (
            "User",
            "big news at work. hanna retired last week and gave the bakery to her son "
            "erik lund so hes my boss now",
        ),
        ("Assistant", "That's a big change. How is he so far?"),
    ),
    "2026-07-04-engaged.md": _chat(
        "2026-07-04",
        ("User", "ida and i got engaged on saturday!!"),
        ("Assistant", "Congratulations to you both!"),
    ),
}


def _section(root: Path, name: str) -> str:
    page = (root / "knowledge" / "people" / "User.md").read_text("utf-8")
    m = re.search(rf"^## {name}\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    return m.group(1) if m else ""


@pytest.fixture(scope="module")
def changes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(tmp_path_factory.mktemp("changes"), CHANGES, dream=True)


def test_he_named_just_before_is_the_new_boss(changes: Path) -> None:
    now, before = _section(changes, "Current"), _section(changes, "History")
    # the link may go to the page "Erik" and show the full name
    assert re.search(r"\*\*Boss:\*\* \[\[Erik(?: Lund|\|Erik Lund)\]\]", now, re.I), now
    assert re.search(r"\*\*Boss:\*\* .*Hanna", before, re.I), before


def test_an_engagement_does_not_end_the_partner(changes: Path) -> None:
    assert "Partner" not in _section(changes, "History"), _section(changes, "History")
    # read by the examples of a value's event: getting engaged keeps the partner, a
    # break-up ends them
    from language import classifier_for

    embedder = get_embedder()
    events = classifier_for(embedder, "value_event")
    said = ["me and X just got engaged", "X and I got engaged over the weekend", "X and I split up"]
    labels = [label for label, _ in events.label(embedder.embed(said))]
    assert labels == ["state", "state", "end"]


def test_a_chat_contraction_is_the_copula() -> None:
    from dream.changes import read_changes
    from language.nlp import parse

    doc = parse(
        ["jo left in may and handed the team to her deputy sam okafor so shes my manager now"]
    )
    said = [(ch.attr, ch.new) for ch in read_changes(doc[0])]
    assert ("Manager", "sam okafor") in said


def test_the_move_is_where_one_lives(changes: Path) -> None:
    now = _section(changes, "Current")
    assert re.search(r"\*\*Lives in:\*\* \[\[Uppsala\]\] — since 2026-04-02", now), now


def test_a_value_is_of_its_attributes_kind() -> None:
    from dream.attributes import value_of_kind

    # an amount is a number said as one, not a grade or a code with a digit in it
    assert not value_of_kind("Work and money (amount)", "7a+")
    assert value_of_kind("Work and money (amount)", "42 500 a year")
    assert value_of_kind("Pay", "£1,450")
    # a phone named in dictionary words is a phone, not what it is used for
    assert not value_of_kind("Phone", "the booking stuff")
    assert value_of_kind("Phone", "pixel 7") and value_of_kind("Drinks", "oat milk")


def test_a_lone_new_place_or_grade_is_no_hobby() -> None:
    from types import SimpleNamespace

    from dream.changes import Candidate, Change
    from dream.roles import _name_attributes

    found = []
    for value, label in [("Uppsala", "GPE"), ("7a+", "CARDINAL"), ("pottery", None)]:
        st = SimpleNamespace(
            topic="Hobbies and activities", changes=[Change(None, value, None, None)]
        )
        found.append((st.changes[0], st, Candidate(value, "X now", label)))
    _name_attributes(found, None, None, {"uppsala"})
    assert [[ch.new for ch in st.changes] for _, st, _ in found] == [[], [], ["pottery"]]
