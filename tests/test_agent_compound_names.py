"""A name made of a word and the word asked ("puregym", "snapchat") answers a question
that says only the word: "whats my gym" is asked of "signed up at puregym ...", not of
another line of the same chat. A dictionary word is not such a name ("carpet")."""

from __future__ import annotations

from agent.reader import shared
from agent.text import terms


def test_a_compound_name_holds_the_word_asked() -> None:
    assert shared(set(terms("gym")), set(terms("signed up at puregym"))) == set(terms("gym"))
    assert not shared(set(terms("car")), set(terms("new carpet in the hall")))
