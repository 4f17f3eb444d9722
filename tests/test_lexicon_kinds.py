"""What the reader asks WordNet (validators/lexicon.py) about a category: which words
are a kind of the category asked for ("white" of "what colour")."""

from __future__ import annotations

from validators.lexicon import describes, kind_of, phrasal_verb


def test_a_kind_of_the_category_in_any_sense():
    # "orange" is first a fruit; asked for a colour, its colour sense counts.
    for word in ("white", "orange", "sage green", "silver"):
        assert kind_of("colour", word), word
    assert kind_of("instrument", "violin")
    # Names, the category itself and words of another kind are no answer to it.
    for word in ("colour", "van", "renault", "registration", "bright", "trainers"):
        assert not kind_of("colour", word), word
    assert not kind_of("car", "estate")
    # A thing in a seldom sense is no kind: "job" is a book only as the Book of Job.
    assert not kind_of("book", "job")


def test_a_colour_describes_a_violin_does_not():
    assert describes("white") and describes("green")
    assert not describes("violin") and not describes("van")


def test_a_verb_in_two_words():
    assert phrasal_verb("keep", "track") and phrasal_verb("keeping", "track")
    assert phrasal_verb("look", "after")
    assert not phrasal_verb("new", "trainers") and not phrasal_verb("keep", "appointments")
