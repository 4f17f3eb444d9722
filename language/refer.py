"""What a sentence speaks of that an earlier one named: the thing "it", "that" or "the
plan" stands for, and the person "he" or "she" is.

People name a thing once and go on with "it": "finally picked up the yaris. paid 8,950
for it in the end". The price is the yaris's; in "did the insurance last night. it was
61 quid a month" the price is the insurance's, whatever the conversation is about. A
pronoun stands for what the nearest earlier sentence with a verb takes as its subject
or object (a sentence without a verb, "silver 2019 hybrid, 41k on the clock", only
says more of the same thing), by the dependency parse. The reader asks whether that is
the thing the question asks about (`refers_to`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

#: Pronouns that stand for a thing said before, not a person.
THING_PRONOUNS = frozenset(["it", "that", "this"])
#: Pronouns that stand for a person said before, neither the speaker nor the one spoken to.
PERSON_PRONOUNS = frozenset(["he", "she", "him", "her", "his", "hers"])
#: Roles in which a word is what a clause is about: its subject or its object.
_HELD = frozenset(["nsubj", "nsubjpass", "dobj", "attr", "pobj", "dative"])
_ARGUMENT = frozenset(["nsubj", "nsubjpass", "dobj"])
#: How many sentences back a pronoun may reach for what it stands for.
REACH = 3


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any | None:
    from .errors import LanguageError
    from .nlp import parse

    try:
        return parse([text])[0]
    except LanguageError:
        return None


def speaks_of_earlier(sentence: str, words: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether `sentence` speaks of a thing by a word that stands for one said before:
    "it", "that" or "this" as what a clause is about ("paid 8,950 for it", "it was 61
    quid"), or, of `words` (lower case), one said as "the ..." ("the plan is 14 a month"
    for "plan")."""
    low = sentence.lower()
    if not re.search(r"\b(?:it|that|this)\b", low) and not words:
        return False
    doc = _parsed(sentence)
    if doc is None:
        return False
    for t in doc:
        pronoun = t.lower_ in THING_PRONOUNS and t.pos_ == "PRON" and t.dep_ in _HELD
        if pronoun and not _fronted(t):
            return True
        definite = any(d.lower_ in ("the", "that", "this") for d in t.children if d.dep_ == "det")
        if t.lower_ in words and t.pos_ == "NOUN" and t.dep_ in _HELD and definite:
            return True
    return False


def _fronted(pronoun: Any) -> bool:
    """A pronoun whose thing the sentence says before it: "grandview saloon it is",
    "the blue one it is then" (a choice made), where "be" takes nothing after the
    pronoun. Such an "it" speaks of nothing said earlier."""
    head = pronoun.head
    if pronoun.dep_ != "nsubj" or head.lemma_ != "be" or pronoun.i == 0:
        return False
    after = [c for c in head.children if c.i > pronoun.i and c.dep_ not in ("punct", "advmod")]
    # ... a thing named before it: not "yeah it is", which agrees about an earlier one
    named = [w for w in pronoun.doc[: pronoun.i] if w.pos_ in ("NOUN", "PROPN", "NUM")]
    return not after and bool(named)


def things_taken(sentence: str) -> list[str]:
    """The nouns the verbs of `sentence` take as subject or object ("did the insurance
    last night, went with admiral" -> ["insurance"]), not people ("the dealer wanted 9.2")
    nor pronouns; none for a sentence without a verb."""
    from validators.lexicon import names_someone

    doc = _parsed(sentence)
    if doc is None or not any(t.pos_ in ("VERB", "AUX") for t in doc):
        return []
    return [
        t.lower_
        for t in doc
        if t.pos_ == "NOUN"
        and t.dep_ in _ARGUMENT
        and t.head.pos_ in ("VERB", "AUX")
        and not names_someone(t.lower_)
    ]


def things_named(sentence: str) -> list[str]:
    """The nouns and names of `sentence` that are no people, nor part of a word for one
    ("heating" of "a heating engineer"): what "it" may stand for."""
    from validators.lexicon import names_someone

    doc = _parsed(sentence)
    if doc is None:
        return []
    return [
        t.lower_
        for t in doc
        if t.pos_ in ("NOUN", "PROPN")
        and not names_someone(t.lower_)
        and not (t.dep_ == "compound" and names_someone(t.head.lower_))
    ]


def refers_to(earlier: Sequence[str], asked: Callable[[str], bool]) -> bool | None:
    """Whether the thing a pronoun stands for, after the sentences `earlier` (nearest
    last), is one `asked` recognises (a noun of a sentence, `things_named`): True when a
    sentence that names it comes first, walking back; False when one whose verb takes
    another thing comes first; None when neither does within REACH sentences. "he
    replaced it" after "a heating engineer came out, the pressure valve was broken" is
    no thing of the engineer's: a person is no "it"."""
    for text in list(earlier)[::-1][:REACH]:
        if any(asked(word) for word in things_named(text)):
            return True
        if things_taken(text):
            return False
    return None


def person_before(
    earlier: Sequence[tuple[str, int]], people: Callable[[str], list[str]]
) -> tuple[str, int] | None:
    """The person "he" or "she" stands for: the last person `people` finds in the nearest
    earlier sentence (text, and a tag the caller gives it, nearest last) that names one,
    within REACH sentences."""
    for text, tag in list(earlier)[::-1][:REACH]:
        found = people(text)
        if found:
            return found[-1], tag
    return None


def speaks_of_someone(sentence: str) -> bool:
    """Whether `sentence` speaks of a person by "he", "she", "him" or "her"."""
    return bool(re.search(rf"\b(?:{'|'.join(PERSON_PRONOUNS)})\b", sentence.lower()))


__all__ = [
    "PERSON_PRONOUNS",
    "THING_PRONOUNS",
    "person_before",
    "refers_to",
    "speaks_of_earlier",
    "speaks_of_someone",
    "things_named",
    "things_taken",
]
