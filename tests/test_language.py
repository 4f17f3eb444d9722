"""language/: third-person rewriting on real parses, and values/changes read from them."""

from __future__ import annotations

import pytest

from dream.changes import read_changes
from language import parse
from language.person import clean_text, rewrite_third_person


def third(text: str, speaker: str = "Caroline", addressee: str | None = None) -> str:
    doc = parse([clean_text(text)])[0]
    parts = [rewrite_third_person(s, speaker, addressee).text for s in doc.sents]
    return "; ".join(p for p in parts if p)


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("i love painting", "Caroline loves painting"),
        ("I'm keen on counseling", "Caroline is keen on counseling"),
        ("Wow, I've been thinking about adoption", "Caroline has been thinking about adoption"),
        ("my sister lives in Boston", "Caroline's sister lives in Boston"),
        ("im so tired of my commute", "Caroline is tired of their commute"),
        ("Yeah, I don't drink coffee anymore", "Caroline doesn't drink coffee anymore"),
        ("honestly I'm really proud of it lol", "Caroline is proud of it"),
        ("I've never heard of it", "Caroline has never heard of it"),
        ("I got a new bike", "Caroline got a new bike"),
    ],
)
def test_first_person_becomes_the_speaker_with_agreeing_verbs(said: str, line: str) -> None:
    assert third(said) == line


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("yep, no more night shifts for me.", "No more night shifts for Caroline"),
        ("no kids yet", "No kids yet"),
        ("No way I am going back there", "No way Caroline is going back there"),
        ("no, i moved in june", "Caroline moved in june"),  # a reply's "no" is an opener
    ],
)
def test_a_no_that_negates_what_follows_is_kept(said: str, line: str) -> None:
    # "no" opens many replies and was dropped as an opener everywhere, turning "no more
    # night shifts for me" into "More night shifts for ...", the opposite of what was said.
    assert third(said) == line


def test_openers_vocatives_asides_and_emoji_go() -> None:
    assert third("Hey Mel, I went to a support group yesterday! [shares a photo]") == (
        "Caroline went to a support group yesterday"
    )
    assert third("Thanks, Mel!") == ""
    assert ";" in clean_text("moved last month 😅 the commute is shorter")


def test_you_is_the_other_person_of_a_two_person_chat() -> None:
    assert third("I got this book for you", addressee="Melanie") == (
        "Caroline got this book for Melanie"
    )
    assert third("I got this book for you") == "Caroline got this book for you"


def values(text: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(c.attr, c.new, c.old) for c in read_changes(parse([clean_text(text)])[0])]


def test_possessive_values_for_any_attribute() -> None:
    assert values("my new manager is Sofia Brandt") == [("Manager", "Sofia Brandt", None)]
    assert values("Sofia Brandt is my new manager") == [("Manager", "Sofia Brandt", None)]
    assert values("My favorite food is sushi") == [("Favorite food", "sushi", None)]
    assert values("my life is a mess") == []


def test_switches_and_ends_whatever_the_verb_form() -> None:
    assert values("ok so i switched from tea to coffee") == [(None, "coffee", "tea")]
    assert values("we replaced gitlab ci with github actions")[0][1:] == (
        "github actions",
        "gitlab ci",
    )
    assert values("GitHub Actions replaced GitLab CI for our repos")[0][1:] == (
        "GitHub Actions",
        "GitLab CI",
    )
    assert values("we moved from lisbon to ghent in march")[0] == ("Lives in", "ghent", "lisbon")
    assert values("we finally moved to Tromso in june") == [("Lives in", "Tromso", None)]
    assert values("i switched to Harvest for my timesheets") == [
        ("For timesheets", "Harvest", None)
    ]
    assert values("I went to Paris last week") == []
    assert values("my sister moved to Glasgow") == []
    assert values("we live in kilburn these days") == [("Lives in", "kilburn", None)]
    assert values("we moved into a bigger flat") == []
    assert values("i don't drink coffee anymore") == [(None, None, "coffee")]
    assert values("no more coffee for me") == [(None, None, "coffee")]


def test_hedged_and_planned_changes_are_left_alone() -> None:
    assert values("I might switch to Linux") == []
    assert values("thinking about moving from Lisbon to Porto") == []
    assert values("I'm switching to decaf next month") == []
