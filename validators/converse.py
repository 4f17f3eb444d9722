"""Who does what: the doer of a claim's verb held to the doer of the block's.

The word check finds 'lent', 'Dave' and 'Sam' in "my neighbour Dave lent me his ladder"
whichever way round the claim puts them, so "Sam lent his ladder to Dave" passed; and it
reads 'borrowed' as the opposite of 'lent', so the faithful "Sam borrowed Dave's ladder"
was refused. Both are one question: who is the doer of the verb on each side.

- The same verb with the doer and another of its people swapped ('Sam lent ... to
  Dave' for 'Dave lent me'; 'Eli taught his grandad' for 'my grandad taught me') is
  another event: refused.
- A verb WordNet calls the opposite of the block's (lend/borrow, sell/buy, give/take)
  with the doer swapped the same way is the same event told from the other side (a
  converse): 'Sam borrowed it' for 'Dave lent me it', 'a coworker bought it' for 'sold
  it to a coworker'. Said by the same doer it stays an opposite ('Jo bought a bike' for
  'sold my bike').

People are read from the parse: a name, a word for someone ('my aunt', 'a coworker'),
'I' as the speaker and 'you' as the listener in the block; a chat's dropped 'I' ("sold
my old bike") is the speaker; 'he' or 'her' in a claim is the person the claim names
other than the doer. Nothing is decided when either doer cannot be read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import lexicon
from .predicates import _parse, _were_for_were

_SPEAKER = "<speaker>"
_LISTENER = "<listener>"
_FIRST = frozenset(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours"])
_SECOND = frozenset(["you", "your", "yours", "yourself"])
_THIRD = frozenset(["he", "him", "his", "she", "her", "hers", "himself", "herself"])
#: Dependents that head a clause of their own: its people are that clause's.
_CLAUSES = frozenset(
    ["ccomp", "xcomp", "advcl", "relcl", "acl", "csubj", "parataxis", "conj", "pcomp"]
)
_SUBJECTS = frozenset(["nsubj", "nsubjpass", "csubj", "expl"])


@dataclass(frozen=True)
class Roles:
    """What the doers say: claim verbs said with another doer than the block's verb
    (claim word, the block's doer as written), and claim verbs that are the block's
    opposite told from the other side."""

    swapped: tuple[tuple[str, str], ...] = ()
    converse: frozenset[str] = frozenset()


def _keys(tok: Any, speaker: set[str], listeners: set[str], claim_names: list[str]) -> set[str]:
    """Who or what a token names: keys that another naming of the same one shares."""
    low = tok.lower_
    if low in _FIRST:
        return {_SPEAKER}
    if low in _SECOND:
        return {_LISTENER}
    if low in _THIRD:
        return {claim_names[0]} if len(claim_names) == 1 else set()
    if tok.pos_ in ("PROPN", "NOUN"):
        # A name the tagger reads as a noun ('Ines') is still the speaker's.
        if low in speaker:
            return {_SPEAKER}
        if low in listeners:
            return {_LISTENER}
    if tok.pos_ == "PROPN":
        return {low}
    if tok.pos_ == "NOUN":
        # A thing swapped is as wrong as a person ('the dog chased the cat'), and a word
        # for someone WordNet files under another sense ('my mum') is still its word.
        return {tok.lemma_.lower()}
    return set()


def _someone(tok: Any) -> bool:
    """Does the token name a person: a pronoun for one, a name, a word for someone, or
    a noun someone is said to have ('my mum', whom WordNet knows as a flower)?"""
    low = tok.lower_
    if low in _FIRST | _SECOND | _THIRD or tok.pos_ == "PROPN":
        return True
    if tok.pos_ != "NOUN":
        return False
    lemma = tok.lemma_.lower()
    # A word the dictionary lacks ('coworker', 'bestie') is read as the parser reads it.
    return (
        lexicon.names_someone(lemma)
        or not lexicon.known(lemma)
        or any(c.dep_ == "poss" and c.pos_ in ("PRON", "PROPN") for c in tok.children)
    )


def _person(tok: Any, *known: Any) -> set[str]:
    """Keys of a noun phrase's head with its name or word for someone beside it ('my
    neighbour Dave': both 'neighbour' and 'dave')."""
    keys = _keys(tok, *known)
    for c in tok.children:
        if c.dep_ in ("compound", "appos", "conj") and c.pos_ in ("PROPN", "NOUN", "PRON"):
            keys |= _keys(c, *known)  # 'Mark and Caroline split up': both do it
    return keys


def _verb_subject(verb: Any) -> Any | None:
    """The subject of a verb, or of the verb its clause is joined to ('and then sold')."""
    tok = verb
    for _ in range(3):
        subj = [c for c in tok.children if c.dep_ in _SUBJECTS]
        if subj:
            return subj[0]
        if tok.dep_ not in ("conj", "xcomp") or tok.head.i == tok.i:
            return None
        if tok.dep_ == "xcomp":
            # 'taught me how to fish', 'told me to cut back': the object does the verb
            # (not 'spent four months knitting': months do nothing).
            obj = [
                c for c in tok.head.children if c.dep_ in ("dobj", "dative", "iobj") and _someone(c)
            ]
            if obj:
                return obj[0]
        tok = tok.head
    return None


def _doer(verb: Any, known: tuple, block: bool) -> set[str] | None:
    """Who does the verb: its subject, or the agent of a passive. A chat's verb with no
    subject at the head of its sentence ('sold my old bike') is the speaker's."""
    agent = [c for c in verb.children if c.dep_ == "agent"]
    if agent:
        objs = [g for g in agent[0].children if g.dep_ == "pobj" and _someone(g)]
        return _person(objs[0], *known) if objs else None
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        return None  # a passive with no 'by': its doer is not said
    if any(_were_for_were(c, verb) for c in verb.children if c.dep_ == "aux"):
        return None  # "were throwing him a party" is "we're": its doer is no earlier subject
    subj = _verb_subject(verb)
    if subj is not None and any(t.dep_ == "intj" or t.text == "!" for t in subj.subtree):
        subj = None  # 'Hey John! Haven't talked to you': a greeting, not who talked
    if subj is None:
        if block and verb.dep_ == "ROOT" and verb.tag_ in ("VBD", "VBN", "VBZ", "VBP", "VBG"):
            return {_SPEAKER}
        return None
    if not _someone(subj):
        return None
    return _person(subj, *known) or None


#: Prepositions whose object is the other party of a verb: whom it is to, from or for
#: ('lent it to Dave', 'bought it off a coworker'). Not 'with' or 'against': who does a
#: thing with or against someone does it together ('had lunch with Priya' is Priya's
#: lunch with her too).
_OTHER_SIDE = frozenset(["to", "from", "for", "off"])


def _others(verb: Any, known: tuple) -> set[str]:
    """The verb's other party, and whose things it names ('to my barbecue'): whom it is
    given to (a dative), to, from or for; a direct object only of a verb with a clause
    after it ('taught me to fish', 'told me to go'). A plain object is no other side:
    'I married Tom' is also 'Tom married me', and so are meeting, dating and hugging."""
    out: set[str] = set()
    told = any(c.dep_ in ("xcomp", "ccomp") for c in verb.children)
    starts = []
    for c in verb.children:
        if c.dep_ in ("dative", "iobj") or (c.dep_ == "dobj" and told):
            starts.append(c)
        elif c.dep_ == "prep" and c.lower_ in _OTHER_SIDE:
            starts.extend(g for g in c.children if g.dep_ == "pobj")
    stack = list(starts)
    while stack:
        tok = stack.pop()
        out |= _keys(tok, *known)
        stack.extend(c for c in tok.children if c.dep_ not in _CLAUSES)
    return out


def _same(a: set[str], b: set[str]) -> bool:
    """Do two namings share a person (a key, or words WordNet calls one: mum, mother)?"""
    return bool(a & b) or any(
        lexicon.relation(x, y) in ("same", "synonym")
        for x in a
        for y in b
        if not x.startswith("<") and not y.startswith("<")
    )


#: Verbs that hang another's deed on their own: in 'had his dog put down' the dog is
#: no doer of 'put', whatever the parse makes its subject.
_CAUSATIVES = frozenset(["have", "get", "make", "let", "help", "see", "watch", "hear"])


def _verbs(doc: Any) -> list[Any]:
    return [
        t
        for t in doc
        if t.pos_ == "VERB"
        and not (t.dep_ in ("ccomp", "xcomp") and t.head.lemma_.lower() in _CAUSATIVES)
    ]


def who_does_what(
    claim: str, block: str, speaker: Iterable[str], listeners: Iterable[str] = ()
) -> Roles:
    """Claim verbs whose doer is another person of the block's same verb, and claim verbs
    that are the block's opposite told from the other side. `speaker` and `listeners`
    are the words of their names, lower-cased."""
    speaker, listeners = set(speaker), set(listeners)
    cdoc, edoc = _parse(claim), _parse(block)
    names = [
        k
        for t in cdoc
        if t.pos_ == "PROPN"
        for k in _keys(t, speaker, listeners, [])
        if t.lower_ not in _THIRD
    ]
    claim_names = list(dict.fromkeys(names))
    if any(t.dep_ == "poss" and t.pos_ == "PROPN" and _someone(t.head) for t in cdoc):
        # 'Rhys's mother ... her bed': a 'her' may be the one the name's someone is, not
        # the name, so it is read as no one in particular.
        claim_names = []
    ev_known = (speaker, listeners, [])
    swapped: list[tuple[str, str]] = []
    converse: set[str] = set()
    for cv in _verbs(cdoc):
        c_lemma = cv.lemma_.lower()
        matches = [
            ev
            for ev in _verbs(edoc)
            if ev.lemma_.lower() == c_lemma
            or lexicon.relation(c_lemma, ev.lemma_.lower()) == "antonym"
        ]
        if not matches:
            continue
        c_doer = _doer(cv, (speaker, listeners, claim_names), block=False)
        if not c_doer:
            continue
        c_others = _others(cv, (speaker, listeners, claim_names))
        turned_same: list[Any] = []
        kept = False  # a block verb of the claim's that its doer does, or whose doer is unsaid
        for ev in matches:
            e_doer = _doer(ev, ev_known, block=True)
            if ev.lemma_.lower() == c_lemma and (not e_doer or _same(c_doer, e_doer)):
                kept = True
            if not e_doer or _same(c_doer, e_doer):
                continue
            # The claim's doer is someone else the block's verb names, or the block's doer
            # is someone else the claim's verb names: the two have changed places.
            turned = _same(c_doer, _others(ev, ev_known)) or _same(e_doer, c_others)
            if not turned:
                continue
            if ev.lemma_.lower() == c_lemma:
                turned_same.append(ev)
            else:
                converse.add(cv.text.lower())
        # 'I started volunteering to help' is no swap for a claim that Maria helps
        # because the block's aunt 'used to help my family' too: one reading in the
        # claim's way is enough.
        if turned_same and not kept:
            subj = _verb_subject(turned_same[0])
            who = " ".join(t.text for t in subj.subtree) if subj is not None else "I"
            swapped.append((cv.text, who))
    return Roles(tuple(swapped), frozenset(converse))
