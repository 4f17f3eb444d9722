# ruff: noqa: E501  (turns are written the way people type, in long lines)
"""Whose news is it, between two people? A sentence of a turn whose speaker has already
spoken of themselves is their own news, not a remark on the other's, though it says no
"I" ("we made pizza! it was great picking out toppings ..."); a thing only the other
person's news speaks of (a certificate in the photo Tom shares) is theirs; and a place
the question names must be said, not a neighbour of it ("France" is not "England").

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.citations import DONT_KNOW
from memory_schema import MemoryRepo
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/10/pals-1.md"


def _sessions():
    first = [
        (
            "Nadia",
            "hey Tom! long week. we made pizza at home on friday, from scratch. it was great picking out toppings and sharing a tasty meal with the whole family.",
        ),
        ("Tom", "sounds fun! my sister and i cooked dinner together last night, a huge curry."),
        ("Nadia", "yum. also finally back from my trip to england, the castles were unreal"),
        (
            "Tom",
            "love that. i passed! look what came in the post [shares a photo: a photo of a framed certificate of completion for a first aid course]",
        ),
        (
            "Nadia",
            "that's awesome, well done!! i've been working hard on my evening course too, finally got the diploma for it",
        ),
    ]
    return [two_people("pals-1", dt.datetime(2025, 10, 4, 18), "Nadia", first)]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    return build_memory(tmp_path_factory.mktemp("whose-news") / "m", _sessions(), None)


def _sentence(memory: MemoryRepo, anchor: str, i: int):
    """The i-th sentence of a turn as the reader weighs it."""
    from agent.engine_extractive import _block_candidates
    from agent.evidence import EvidenceStore
    from agent.memory_agent import Finding

    store = EvidenceStore(memory.root)
    block = store.block(S1, anchor)
    assert block is not None
    return _block_candidates(Finding(block.text, (block,), 0), 0, store)[i]


def test_a_sentence_after_the_speakers_own_news_is_theirs(memory):
    from agent.whose import own_news

    # "it was great ... sharing a tasty meal with the whole family" says no "I", but its
    # turn said "we made pizza" first: Nadia's news, not a remark on Tom's dinner.
    later = _sentence(memory, "t1", 3)
    assert later.text.startswith("it was great picking out toppings")
    assert own_news(later)
    # "that's awesome, well done!!" opens a turn and answers no question: a remark.
    remark = _sentence(memory, "t5", 0)
    assert remark.text.startswith("that's awesome") and not own_news(remark)


def test_a_thing_only_the_other_persons_news_speaks_of_is_theirs(memory):
    from agent.reader import shared
    from agent.text import terms
    from agent.whose import speaks_of_self, theirs_only

    # The certificate is in the photo after Tom's "i passed!": his news, though that
    # sentence says no "I"; Nadia only ever says "diploma" and "course".
    photo = _sentence(memory, "t4", 2)
    assert "certificate" in photo.text and speaks_of_self(photo)
    nadia = {t for a in ("t1", "t3", "t5") for t in terms(_sentence(memory, a, 0).block.text)}
    assert theirs_only(terms("certificate"), nadia, photo.own_words(), shared) == terms(
        "certificate"
    )
    assert not theirs_only(terms("course"), nadia, photo.own_words() | {"cours"}, shared)
    # Asked whole, nothing of Nadia's answers what only Tom had.
    assert ask(memory, "What did Nadia get a certificate for?").text == DONT_KNOW


def test_a_place_named_is_said_not_a_neighbour_of_it(memory):
    # The embedding model puts "France" near "england"; a name is said or misspelt.
    a = ask(memory, "What did Nadia see on her trip to France?")
    assert (S1, "t3") not in {(c.path, c.anchor) for c in a.citations}
