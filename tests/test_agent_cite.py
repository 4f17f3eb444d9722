"""The wiki leads to the turns it cites: a line of a person's page tells whose news a
turn is, when the turn itself does not say so.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from agent.evidence import Block
from agent.reader import Candidate, Subject, _about
from memory_schema import Evidence, MemoryRepo, Session, build_page
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/05/friends-1.md"


def _sessions() -> list[Session]:
    start = dt.datetime(2025, 5, 4, 19)
    lines = [
        ("Iris", "Hi Marco! Long weekend, lots going on."),
        ("Marco", "How was the jazz festival on Saturday? Who was playing?"),
        # Iris's news, in a turn that never says "I": between two people, a sentence
        # without a pronoun is not read as the speaker's own news on its face.
        ("Iris", "Thanks, Marco! It was the Lena Vos Quartet, so talented. What's new with you?"),
        ("Marco", "Not much, work has been busy and the garden needs weeding."),
        ("Iris", "Still reading before bed every night?"),
        ("Marco", "Always! Which book was your favourite as a kid?"),
        # The reply names the book and says nothing of books: the question before it does.
        ("Iris", "Oh, easily Momo by Michael Ende. My gran read it to me."),
    ]
    return [two_people("friends-1", start, "Iris", lines)]


def _pages() -> list:
    day = dt.date(2025, 5, 5)
    iris = build_page(
        "knowledge/people/Iris.md",
        title="Iris",
        type="person",
        summary="Marco's friend; likes jazz.",
        sections=[
            (
                "Events",
                "- 2025-05-03 · Iris saw the Lena Vos Quartet at the jazz festival [cite:1]",
            ),
        ],
        evidence=[Evidence(S1[:-3], "t3", "It was the Lena Vos Quartet, so talented.")],
        created=day,
        updated=day,
    )
    marco = build_page(
        "knowledge/people/Marco.md",
        title="Marco",
        type="person",
        summary="Iris's friend; gardens.",
        sections=[("Home", "- Marco has a garden that needs weeding [cite:1]")],
        evidence=[Evidence(S1[:-3], "t4", "the garden needs weeding")],
        created=day,
        updated=day,
    )
    return [iris, marco]


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MemoryRepo]:
    base = tmp_path_factory.mktemp("cite")
    return {
        "on": build_memory(base / "on", _sessions(), _pages()),
        "off": build_memory(base / "off", _sessions(), None),
    }


def cited(answer) -> set[tuple[str, str]]:
    return {(c.path, c.anchor) for c in answer.citations}


def test_the_subjects_page_says_whose_news_a_turn_is(memories):
    a = ask(memories["on"], "Who did Iris see at the jazz festival?")
    assert (S1, "t3") in cited(a)
    assert "Lena Vos" in a.text


def test_without_the_page_the_turn_is_hers_as_the_answer_to_a_question_put_to_her(memories):
    # The same turn, no wiki: it answers Marco's "Who was playing?" put to Iris, so it is
    # her news (`whose.own_news`); "see", said nowhere, is what she did, not a thing.
    a = ask(memories["off"], "Who did Iris see at the jazz festival?")
    assert (S1, "t3") in cited(a) and "Lena Vos" in a.text, a.text


def test_a_reply_is_read_with_the_question_it_answers(memories):
    for condition in ("on", "off"):
        a = ask(memories[condition], "What was Iris's favourite book as a kid?")
        assert (S1, "t7") in cited(a), (condition, a.text)


def _turn(text: str, speaker: str, anchor: str = "t3") -> Block:
    return Block(S1, anchor, text, speaker=speaker, role="assistant")


def test_a_bare_call_to_the_subject_says_nothing_about_them():
    subj = Subject(names={"iris"}, speakers={"iris"})
    people = {"iris", "marco"}
    thanks = _turn("Thanks, Iris!", "Marco")
    assert _about(Candidate(thanks.text, (thanks,)), subj, people) is None
    news = _turn("Congrats on the new job, Iris!", "Marco")
    assert _about(Candidate(news.text, (news,)), subj, people) == "name"


def test_a_page_retelling_a_turn_makes_it_the_subjects_only_when_its_words_do_not():
    subj = Subject(names={"iris"}, speakers={"iris"}, pages={"knowledge/people/Iris.md"})
    people = {"iris", "marco"}
    b = _turn("It was the Lena Vos Quartet, so talented.", "Iris")
    plain = Candidate(b.text, (b,))
    retold = replace(
        plain, via="knowledge/people/Iris.md", retold=("Iris saw the Lena Vos Quartet",)
    )
    elsewhere = replace(retold, via="knowledge/people/Marco.md")
    assert _about(plain, subj, people, frozenset({S1})) is None
    assert _about(retold, subj, people, frozenset({S1})) == "page"
    assert _about(elsewhere, subj, people, frozenset({S1})) is None
    mine = _turn("I saw the Lena Vos Quartet.", "Iris")
    told = Candidate(mine.text, (mine,), via="knowledge/people/Iris.md", retold=("x",))
    assert _about(told, subj, people) == "speaker"  # its own words say whose it is


def test_the_question_before_a_reply_is_context_not_its_own_words():
    b = _turn("Oh, easily Momo by Michael Ende.", "Iris")
    c = Candidate(b.text, (b,), prompt="Which book was your favourite as a kid?")
    assert {"book", "favourit", "kid"} <= c.words()
    assert {"book", "favourit", "kid"} <= c.asked_words()
    assert not {"book", "favourit", "kid"} & c.own_words()


def test_the_owners_own_words_about_the_thing_are_about_theirs():
    # "How is Iris's shop doing?" resolves to the page "Iris's shop": Iris's "The shop's
    # doing great!" is about her shop (LoCoMo conv-30: Gina's store), while Marco's "the
    # shop" is his own.
    subj = Subject(
        names={"iris's shop"}, phrases=["shop"], resolved="Iris's shop", covered={"shop"},
        owner_names={"iris"}, question="How is Iris's shop doing?",
    )  # fmt: skip
    people = {"iris", "marco"}
    hers = _turn("The shop's doing great!", "Iris")
    assert _about(Candidate(hers.text, (hers,)), subj, people) == "phrase"
    his = _turn("The shop's doing great!", "Marco")
    assert _about(Candidate(his.text, (his,)), subj, people) is None
