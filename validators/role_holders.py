"""Roles a claim gives a person, held to whom the block gives them and in which mood.

'Rhea is a nurse' needs a block where the nurse is Rhea (or her 'I'), and is one now:
not 'my sister is a nurse' (another holder), not 'always wanted to be a nurse' or 'I'm
training to be a plumber' (an aim, not yet so). The word check cannot tell these apart,
since 'nurse' is in the block every time, and the clause alignment of polarity.py may
pair 'works as a nurse' with another clause that shares one word ('my nursing degree').

A role is a noun WordNet files as a kind of person, said of a subject by a copula ('is
a nurse', 'became a vet') or by 'as' after a verb ('works as a nurse'). Its mood is the
mood of the predicate it stands in (predicates.py); its holder the subject of that
predicate, or of the verb the predicate hangs on ('wants [to be a vet]').
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from . import lexicon
from .predicates import DESIRE, FUTURE, _parse, predicates

#: Who a speaker is in their own words.
_FIRST = frozenset(["i", "me", "we", "us", "myself"])
_SECOND = frozenset(["you", "yourself"])
#: Moods in which a role is not held yet.
_NOT_YET = (DESIRE, FUTURE)


def _roles(doc: Any) -> list[Any]:
    """Role nouns predicated of a subject: the attribute of a copula, or the object of
    'as' after a verb ('works as a nurse')."""
    out = []
    for tok in doc:
        if tok.pos_ != "NOUN" or not lexicon.names_someone(tok.lemma_.lower()):
            continue
        if tok.dep_ == "attr" or (
            tok.dep_ == "pobj" and tok.head.lower_ == "as" and tok.head.head.pos_ in ("VERB", "AUX")
        ):
            out.append(tok)
    return out


def _holder(role: Any) -> Any | None:
    """The subject the role is said of: of its verb, or of the verb that verb hangs on
    ('wants to be a vet': the one who wants)."""
    verb = role.head.head if role.dep_ == "pobj" else role.head
    for _ in range(3):
        subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subj:
            return subj[0]
        if verb.dep_ not in ("xcomp", "ccomp", "conj") or verb.head.i == verb.i:
            return None
        verb = verb.head
    return None


def _moods(text: str, word: str, said_on: dt.date | None) -> list[str]:
    """The moods of the predicates of a text that hold the word."""
    return [p.mood for p in predicates(text, said_on) if word in p.words]


def _same(a: str, b: str) -> bool:
    return a == b or lexicon.relation(a, b) in ("same", "synonym")


def role_not_held(
    claim: str,
    block: str,
    said_on: dt.date | None,
    speaker: Iterable[str],
    listeners: Iterable[str] = (),
) -> tuple[str, str] | None:
    """A role of the claim that the block gives to someone else, or only as an aim.
    Returns (the claim's role word, why), or None when every role of the claim is held.
    `speaker` and `listeners` are the words of their names (lowercased)."""
    speaker, listeners = set(speaker), set(listeners)
    ev_doc = _parse(block)
    ev_roles = _roles(ev_doc)
    for role in _roles(_parse(claim)):
        lemma = role.lemma_.lower()
        same = [e for e in ev_roles if _same(lemma, e.lemma_.lower())]
        if not same:
            continue  # no role of the block to weigh it against; the words are checked
        holder = _holder(role)
        who = holder.lower_ if holder is not None else ""
        if who in speaker or who in listeners:
            mine = _FIRST if who in speaker else _SECOND
            names = speaker if who in speaker else listeners
            held_by = []
            for e in same:
                h = _holder(e)
                # A chat drops its 'I' ("always wanted to be a nurse"): no subject is
                # the speaker's.
                held_by.append(h is None or h.lower_ in mine or h.lower_ in names)
            if not any(held_by):
                other = next(_holder(e) for e in same)
                phrase = " ".join(t.text for t in other.subtree) if other is not None else ""
                return role.text, f"'{role.text}' is said of '{phrase}' in the evidence"
        claim_moods = _moods(claim, role.lower_, said_on)
        if claim_moods and all(m not in _NOT_YET for m in claim_moods):
            ev_moods = [m for e in same for m in _moods(block, e.lower_, said_on)]
            if ev_moods and all(m == DESIRE for m in ev_moods):
                return role.text, (
                    f"modality differs: '{role.text}' is wanted or aimed at in the evidence"
                )
    return None
