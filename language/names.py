"""Is a word typed in lower case most likely a name? One check for every reader.

The agent's reader (`agent.spans.names`) and Dream (`dream.lowercase`) both meet names
typed without capitals ("lou says ...", "zuzia's got her mocks"): a word is a candidate
name when no dictionary explains it. Dream adds where and how often the word is used.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .person import is_bare_contraction

_VOWELS = frozenset("aeiouy")
#: Titles a person's name may follow ("dr okonkwo", "Dr. Hollis"): part of no name.
TITLES = frozenset(["dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "dame"])
#: ... the short ones that say what the person is: "Dr. Takeda" is a doctor.
TITLE_WORDS = {"dr": "doctor", "prof": "professor"}


def looks_like_name(word: str) -> bool:
    """A word typed in lower case that is most likely a name ("okonkwo", "zuzia",
    "conisbrough"): no English word (WordNet's lemmas and their forms), no chat shorthand,
    no contraction without its apostrophe, no word without a vowel ("ngl", "smh"), and,
    when long, no misspelling of a word ("dentsit"). Short names one letter off a word
    ("lou", "low") still count."""
    low = word.lower()
    if len(low) < 3 or not low.isalpha() or not _VOWELS & set(low):
        return False
    if names_nobody(low):
        return False  # WordNet lists no pronouns nor determiners ("everything", "whose")
    if is_bare_contraction(low):
        return False
    if known_word(low):
        return False
    # A given name is no misspelling: "marcus" is one letter from "arcus" (a cloud),
    # "olivia" from "oliva", "declan" from "declaw".
    return low in given_names() or not (len(low) >= 6 and _misspelt(low))


@cache
def given_names() -> frozenset[str]:
    """Given names of many countries in Latin letters, lower case (about 17,000): the
    person providers of the `faker` package, whose lists come from census and registry
    data, shipped inside the package (kept in the cache: `wordlists.py`)."""
    from .wordlists import cached_words

    return cached_words("given-names", "faker", _faker_given_names)


def _faker_given_names() -> set[str]:
    import importlib
    import pkgutil

    import faker.providers.person as person

    out: set[str] = set()
    for found in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{found.name}").Provider
        except (ImportError, AttributeError):
            continue
        for kind in ("first_names", "first_names_male", "first_names_female"):
            names = provider.__dict__.get(kind)  # a property in some locales: no list
            if isinstance(names, (dict, list, tuple, set, frozenset)):
                out |= {n.lower() for n in names if n.isascii() and n.isalpha()}
    return out


def may_name(low: str) -> bool:
    """A word the tagger calls a name may be one: letters with a vowel, no chat shorthand
    ("tbh", "ppl"), no function word, no contraction without its apostrophe. Unlike
    `looks_like_name` it says nothing of dictionary words."""
    return (
        low.isalpha()
        and bool(_VOWELS & set(low))
        and not names_nobody(low)
        and not is_bare_contraction(low)
    )


#: Parts of speech of the word before a clause's first word (none, a comma, "and", "ok").
_CLAUSE_OPENERS = frozenset(["PUNCT", "CCONJ", "SCONJ", "INTJ"])


def stands_for_a_verb(t: Any) -> bool:
    """A word at the start of a clause followed by a verb in its dictionary form, so no
    subject: a verb and its "to" run together in chat ("tryna get back in shape", "finna
    go"), as no name is ("lou gets", "lou got", "lou can"). A verb that takes someone
    before a bare verb ("let jen pick", "saw lou leave") is no clause start."""
    doc = t.doc
    if t.i + 1 >= len(doc) or not t.text.isalpha():
        return False
    after = doc[t.i + 1]
    if after.pos_ == "AUX" or not after.is_lower or not is_base_verb(after.text):
        return False
    before = doc[t.i - 1] if t.i > 0 else None
    return before is None or before.pos_ in _CLAUSE_OPENERS or before.lower_ in chat_words()


def names_nobody(low: str) -> bool:
    """A stopword, a function word or chat shorthand: never anyone's name."""
    return low in _stopwords() or low in chat_words() or low in _function_words()


@cache
def _stopwords() -> frozenset[str]:
    from agent.text import stopwords

    return stopwords()


@cache
def chat_words() -> frozenset[str]:
    """Chat shorthand that no dictionary lists and that names nobody ("tbh", "convo")."""
    from agent.text import lexicon

    return frozenset(str(w) for w in lexicon()["chat_shorthand"])  # type: ignore[union-attr]


@cache
def _function_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


#: What a place's name is an instance of, in WordNet: "glasgow" a city, "spain" a country.
_PLACE_KINDS = ("city", "country", "american_state")


@cache
def names_a_place(low: str) -> bool:
    """A dictionary word that is, in its usual sense, the name of a city, country or
    state by WordNet ("glasgow", "leeds", "spain"): a name though typed in lower case.
    Not a word that is mostly something else ("turkey", "bath", "reading": their usual
    sense is no place), nor one that can describe ("nice") or do ("see", a bishop's see),
    nor the form of another word ("was")."""
    from validators.lexicon import base_forms, describes, primarily_a, sense_of

    if len(low) < 3 or not low.isalpha() or describes(low) or is_base_verb(low):
        return False
    if low not in base_forms(low):
        return False  # a form of another word: "was" (be, or "WA"), "needs", "loves"
    if any(sense_of(low, kind, "n", primary=True) for kind in _PLACE_KINDS):
        return True
    # WordNet files some capitals under "capital", a seat of government, and not under
    # "city" ("cardiff", "edinburgh", "belfast"); "capital" is also money, so the seat
    # must be a location.
    return sense_of(low, "capital", "n", primary=True) and primarily_a(low, "location")


@cache
def known_word(low: str) -> bool:
    """A word WordNet knows, in any of its forms."""
    from validators.lexicon import known

    return known(low)


def _misspelt(low: str) -> bool:
    """One letter dropped, added, swapped or changed from a word WordNet knows."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(low[:i], low[i:]) for i in range(len(low) + 1)]
    edits = (
        [a + b[1:] for a, b in splits if b]
        + [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
        + [a + c + b[1:] for a, b in splits if b for c in letters]
        + [a + c + b for a, b in splits for c in letters]
    )
    return any(e != low and known_word(e) for e in edits)


def is_base_verb(low: str) -> bool:
    from validators.lexicon import is_base_verb as base

    return base(low)
