"""Is a predicate negative, by which verb of not doing, and how far its 'not' reaches
(predicates.py reads the predicates; this reads their 'not', 'never', 'no', 'no longer',
'without', 'has yet to', and the 'nearly' that undoes an act)."""

from __future__ import annotations

from functools import cache
from typing import Any

from . import lexicon
from .moods import NEGATIVE_PHRASES, NEGATIVE_VERBS, without_scope, yet_to
from .words import NEGATIONS

_BOUNDARY = frozenset([",", ";", ":", "—", "–", "(", ")", "and", "but", "so", "because", "while"])


def _clause_of(tok: Any, own: list[Any]) -> tuple[str, ...]:
    """The words of the predicate between the clause boundaries around `tok` (commas,
    dashes, 'and', 'but'): how far a 'not' reaches in its own sentence. Read from the
    text, not the parse, because a small parser may hang the negated clause on another
    verb ("your flight lands at 6:10am and check-in isn't until 3pm")."""
    doc = tok.doc
    a = tok.i
    while a > 0 and doc[a - 1].lower_ not in _BOUNDARY:
        a -= 1
    b = tok.i
    while b + 1 < len(doc) and doc[b + 1].lower_ not in _BOUNDARY:
        b += 1
    mine = {t.i for t in own}
    return tuple(doc[i].lower_ for i in range(a, b + 1) if i in mine and not doc[i].is_punct)


def _negated_noun(neg: Any, tok: Any) -> Any | None:
    """The noun a 'no' modifies through the word it hangs on ('no more commute'), when
    that is not the predicate's own head."""
    head = neg.head
    for _ in range(3):  # 'no more noisy neighbours': no -> more -> noisy -> neighbours
        if head.i == tok.i or head.pos_ not in ("ADJ", "ADV", "DET"):
            break
        head = head.head
    return head if head.pos_ in ("NOUN", "PROPN") and head.i != tok.i else None


#: Verbs of saying whose 'no' is a refusal: 'my boss said no to it', 'she told me no'.
_SAYING = frozenset(["say", "tell"])


def _says_no(tok: Any) -> bool:
    """Is the verb one of saying with 'no' right after it (or after whom it is said to):
    'said no to the four-day week', 'told me no'? That is a refusal, a verb of not doing
    like 'refused' or 'turned down', whatever the parser makes of the 'no' (an
    interjection hung on the 'to' after it). Not 'says no pets': a 'no' on a noun."""
    if tok.lemma_.lower() not in _SAYING:
        return False
    doc = tok.doc
    i = tok.i + 1
    if i < len(doc) and doc[i].dep_ == "dative":
        i += 1
    return i < len(doc) and doc[i].lower_ == "no" and doc[i].dep_ in ("intj", "dobj")


#: Adverbs before a verb that say it did not quite happen.
_ALMOST = frozenset(["almost", "nearly"])


def _cannot_wait(tok: Any) -> bool:
    """'can't wait (to see her)': an idiom of eagerness, a wish, with no 'not' in it."""
    return (
        tok.lemma_.lower() == "wait"
        and any(c.dep_ == "neg" for c in tok.children)
        and any(c.dep_ == "aux" and c.lemma_.lower() == "can" for c in tok.children)
    )


def _no_way(tok: Any) -> bool:
    """Is the verb said after a 'no way' ("no way i'm missing the reunion", 'no way am I
    paying that'), chat's emphatic refusal of it? A small parser hangs the verb on 'way'
    as a relative clause, or 'way' on the verb."""
    ways = [c for c in tok.children if c.lower_ == "way" and c.i < tok.i]
    if tok.dep_ == "relcl" and tok.head.lower_ == "way" and tok.head.i < tok.i:
        ways.append(tok.head)
    return any(d.lower_ == "no" and d.dep_ == "det" for w in ways for d in w.children)


#: Verbs that say where someone is: 'off' something after them is being without it.
_BEING = frozenset(["be", "stay", "keep"])


def _off_something(tok: Any) -> tuple[str, ...]:
    """The words of an 'off' with its object after a verb of being ('been off the fags',
    'staying off sugar', 'off work all week'): without what it names, as 'quit' or 'not'
    says, and only about that thing. Not 'off to spain', which is going."""
    if tok.lemma_.lower() not in _BEING:
        return ()
    for c in tok.children:
        if c.lower_ == "off" and c.dep_ == "prep" and any(g.dep_ == "pobj" for g in c.children):
            return tuple(x.lower_ for x in c.subtree if not x.is_punct)
    return ()


#: Verbs of misleading in WordNet: 'lie', 'kid', 'fib', 'exaggerate' (misinform), 'pretend',
#: 'bullshit' (misrepresent).
_MISLEADING = ("misinform", "misrepresent")
#: How far under them a verb may sit: 'kid' is dupe -> deceive -> misinform.
_MISLEADING_HOPS = 3


@cache
def _misleads(verb: str) -> bool:
    """Is the verb, in some sense, a way of misleading ('lie', 'kid', 'exaggerate')?"""
    wn = lexicon._load()
    mine = {s for s in lexicon._senses(verb, rare=True) if wn.pos[s] == "v"}
    roots = {s for r in _MISLEADING for s in lexicon._senses(r) if wn.pos[s] == "v"}
    return bool(set(lexicon._ancestors(mine, _MISLEADING_HOPS)) & roots)


def pledge(neg: Any) -> bool:
    """Is the 'not' a pledge of sincerity ('not gonna lie the job is stressful', "I'm not
    kidding, it was huge")? It denies a verb of misleading, itself or the one its 'going
    to' governs, and so vouches for what is said beside it, which it does not deny. A
    small parser hangs such a 'not' inside the clause it comments on."""
    head = neg.head
    verbs = [head, *(c for c in head.children if c.dep_ == "xcomp")]
    return any(v.pos_ == "VERB" and _misleads(v.lemma_.lower()) for v in verbs)


def _negative(tok: Any, own: list[Any]) -> tuple[bool, str, tuple[str, ...]]:
    """Is the predicate negative, by which verb of not doing ('quit'), if any, and what
    the negation is about when that is narrower than the predicate."""
    if tok.pos_ == "VERB" and any(
        c.dep_ == "advmod" and c.lower_ in _ALMOST and c.i < tok.i for c in tok.children
    ):
        # 'almost bought a boat': it did not happen; 'nearly quit my job': the job is kept.
        return not _negative_as_said(tok, own)[0], "", ()
    return _negative_as_said(tok, own)


def _negative_as_said(tok: Any, own: list[Any]) -> tuple[bool, str, tuple[str, ...]]:
    neg = [c for c in tok.children if c.dep_ == "neg"]
    if neg and _cannot_wait(tok):
        return False, "", ()  # "can't wait": eager, not a refusal
    if neg:
        scope = _clause_of(neg[0], own)
        return True, "", scope if len(scope) < len(own) else ()
    if yet_to(tok):
        return True, "", ()  # 'has yet to fix the boiler': has not fixed it
    off = _off_something(tok)
    if off:
        return True, "", off  # 'been off the fags two months': not smoking them
    if _no_way(tok):
        return True, "", ()  # "no way i'm missing the reunion": not missing it
    if _says_no(tok):
        return True, tok.lower_, ()  # 'said no to the four-day week': refused it
    if tok.lower_ in NEGATIONS:
        return True, "", ()  # 'hate', 'dislike'
    for t in own:
        low = t.lower_
        if low == "without":
            # 'ran the race without stopping', 'moved without the kids': what is done
            # without something is done; only that something is denied, and only a
            # 'with' of it on the other side gainsays it (polarity.py).
            return True, "", without_scope(t)
        if low in NEGATIONS and t.dep_ == "neg" and t.head.i != tok.i and pledge(t):
            continue  # 'not gonna lie' of the speaker: no 'not' of this predicate's
        if low in NEGATIONS and t.dep_ in ("neg", "advmod", "dobj", "nsubj", "prep", "ROOT"):
            noun = _negated_noun(t, tok)
            if noun is not None:  # 'no more neighbours': about the neighbours
                return True, "", tuple(x.lower_ for x in noun.subtree if not x.is_punct)
            scope = _clause_of(t, own)
            return True, "", scope if len(scope) < len(own) else ()
        if low in NEGATIONS and t.dep_ == "det" and (t.head.i == tok.i or t.head.head.i == tok.i):
            # 'no piano', 'has no car': about that thing ('no more commute' says nothing
            # of the job it is said of); not a 'no' deep in a phrase.
            noun = t.head
            return True, "", tuple(x.lower_ for x in noun.subtree if not x.is_punct)
        if low == "longer" and t.i > 0 and t.doc[t.i - 1].lower_ == "no":
            return True, "", ()
        nxt = t.doc[t.i + 1].lower_ if t.i + 1 < len(t.doc) else ""
        if low == "barely" and nxt in ("ever", "any"):
            return True, "", ()  # 'barely ever home' is 'rarely home'; 'barely passed' passed
    if tok.lemma_.lower() in NEGATIVE_VERBS:
        return True, tok.lower_, ()
    parts = NEGATIVE_PHRASES.get(tok.lemma_.lower(), set())
    if any(c.dep_ == "prt" and c.lower_ in parts for c in tok.children):
        return True, tok.lower_, ()
    return False, "", ()
