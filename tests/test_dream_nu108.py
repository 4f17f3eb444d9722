"""A new user's owner, values and changes (the nu108 try-out): the owner's name comes
only from the user introducing or signing themself, never from "it's X" said of a thing;
a forget entry reaches the pages its possessive names."""

from __future__ import annotations

from dream import forget as fg
from dream.extract import self_introduction
from dream.owner import introduced_name, signs_own
from search import get_embedder
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
