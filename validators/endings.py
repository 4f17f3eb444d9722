"""Endings: a predicate that says something stopped ('no longer owns a car') and one
that is a done act of ending it ('sold the car', 'left Google', 'gave up the guitar').
The support check lets the first rest on the second, and holds a claim that something
still holds against the second (polarity.py)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from .predicates import PAST, Predicate
from .words import NEGATIONS

#: Verbs of ending, by example: what they act on is no longer had or done ('sold the
#: car': no longer owns one; 'left Google': no longer works there). A verb WordNet reads
#: reads as a synonym of one of these ('shut', 'finished') ends too (`ends`); its looser
#: ties do not ('moved' is a kind of 'drop', 'started' of 'leave').
ENDING_VERBS = frozenset(
    [
        "sell",
        "quit",
        "stop",
        "leave",
        "end",
        "retire",
        "resign",
        "cancel",
        "close",
        "abandon",
        "cease",
        "divorce",
    ]
)
#: Verb + particle pairs of ending: 'gave away', 'broke up', 'moved out', 'got rid of'.
ENDING_PHRASES = {
    "give": {"up", "away"},
    "break": {"up"},
    "split": {"up"},
    "move": {"out", "away"},
    "drop": {"out"},
    "get": {"rid"},
    "shut": {"down"},
    "pull": {"out"},
}


def ceases(p: Predicate) -> bool:
    """Does a negative predicate say something stopped ('no longer owns', 'doesn't
    play anymore', the going of 'stopped going') rather than that it never was?"""
    w = p.words
    pairs = set(itertools.pairwise(w))
    longer = ("no", "longer") in pairs
    anymore = "anymore" in w or ("any", "more") in pairs
    # 'stopped going to the gym': the going is negative by the verb of not doing above
    # it, with no negation of its own.
    carried = not p.neg_verb and not set(w) & NEGATIONS and "n't" not in w
    return p.negative and (longer or anymore or carried)


def ending_verb(word: str, with_words: Iterable[str] = ()) -> bool:
    """Is the word a verb of ending ('sold', 'retired'), or one with a particle among
    `with_words` that makes it one ('gave' with 'up', 'moved' with 'out')?"""
    from .lexicon import base_forms

    lemmas = set(base_forms(word)) or {word}
    if lemmas & ENDING_VERBS:
        return True
    rest = set(with_words) - _distances(list(with_words))
    return any(rest & ENDING_PHRASES.get(lemma, set()) for lemma in lemmas)


#: Words that may follow "me" in an act done to the speaker, not one giving them a thing.
_AFTER_ME = frozenset(["up", "off", "out", "down", "in", "alone", "behind", "for"])


def _to_the_speaker(p: Predicate) -> bool:
    """The act hands a thing to the speaker: 'gave me his old golf', 'left me her car',
    'passed the corsa on to me'. Only the giver is done with it; 'he left me' (no thing
    given) still ends."""
    w = list(p.words)
    if p.head not in w:
        return False
    rest = w[w.index(p.head) + 1 :]
    if rest[:1] in (["me"], ["us"]) and len(rest) > 1 and rest[1] not in _AFTER_ME:
        return True
    return any(a == "to" and b in ("me", "us") for a, b in itertools.pairwise(rest))


#: Words that count what a distance is measured in: 'two streets away', 'a few doors away'.
_COUNTS = frozenset(["a", "an", "few", "couple"])


def _distances(words: list[str]) -> set[str]:
    """'away' where it ends a distance ('moved two streets away from us', 'an hour
    away'): a count and its unit before it say how far, not that anyone left."""
    from .words import numbers_in

    out = set()
    for i, w in enumerate(words):
        if w == "away" and i >= 2:
            count = words[i - 2]
            if count in _COUNTS or numbers_in(count):
                out.add(w)
    return out


def ends(p: Predicate, *, done_only: bool = False) -> bool:
    """Is a predicate a done act of ending something: 'sold my car', 'left the band',
    'gave up the guitar', 'moved out of Denver'? (Not a wish or a plan to: the mood
    check sees to that.)"""
    from .lexicon import relation

    if p.negative or p.participle:
        return False  # '£1,450 left each month' is what remains, not a leaving
    if _to_the_speaker(p):
        return False  # 'dad gave me his old golf': the giver's end, the speaker's start
    if ending_verb(p.head, p.words):
        return True
    # A synonym of the block's, as an ending the claim is held to, only as a done act
    # (done_only): WordNet's 'check' (arrest) and 'walk' (walk out)
    # share a sense with 'stop' and 'leave', and 'check in', 'walking the dogs' end nothing.
    if done_only and p.mood != PAST:
        return False
    return any(relation(p.head, e) == "synonym" for e in ENDING_VERBS)
