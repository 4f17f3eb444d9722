"""A life event the block says in an idiom: 'handed in my notice' for resigned, 'been
made redundant' for lost his job, 'got the keys' for took possession of the house.

Chat names life's events in phrases whose words are none of the plain verb's: WordNet
has no tie from 'notice' to 'resign', and the embedding model reads 'resigned from her
job' no nearer to 'handed in my notice' (0.33) than 'was sacked' (0.30). It reads one way
of telling an event close to other ways of telling it, so events are classified by
examples (the "event" group of language/data/prototypes.json: leaving a job, losing
one, a new one, moving home, a pregnancy, a birth, an engagement, a wedding, a split,
a death, an illness, an injury, retiring, passing or failing a test, and plain
statements that tell none; no class for giving up or taking up a habit, whose verb is
the habit: 'has not smoked' for 'quit vaping' is another one). A claim word is accounted for
when it is the verb of a phrase, or a noun that verb acts on, that reads as an event
a phrase of the block also reads as: 'resigned' and 'job' in "resigned from her job at
the bank" for "handed in my notice at the bank". Another event ('was fired') is not,
nor a word that adds a detail to the event (a modifier, a manner, a person or place),
and mood and polarity are checked apart, before this.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import lexicon
from .by_examples import label, phrases, said_in
from .claim_text import LIGHT_VERBS
from .predicates import _parse
from .similarity import PhraseSimilarity

#: The claim's phrase reads as an event at this score, and this far ahead of the next
#: class ('resigned from her job' 0.45, 'taken possession of their first house' 0.38).
CLAIM_SCORE = 0.38
CLAIM_MARGIN = 0.05
#: A phrase of the block tells the same event at this score and margin ('handed in my
#: notice at the bank' 0.65 by 0.30, 'got the keys' 0.46 by 0.16).
PHRASE_SCORE = 0.45
PHRASE_MARGIN = 0.1
#: The block's phrases read: two to five words within a clause, and the clause.
_WIDTH = 5
#: How a noun hangs on the verb whose event it is part of: its object, or the object of
#: its preposition ('resigned from her job').
_ARGUMENT = frozenset(["dobj", "pobj", "attr", "oprd"])


def _core_phrases(verb: Any) -> list[str]:
    """The verb with what names its event, shortest first: the verb and its particle,
    then with its object or complement, then with its first preposition's object, each
    noun with its determiner ('lost', 'lost her job'; 'resigned', 'resigned from her
    job'). The first that reads as an event is the one read: what else the verb has
    ('in bed with flu' of 'injured') is another event's detail."""
    keep = {verb.i} | {c.i for c in verb.children if c.dep_ in ("prt", "neg")}
    out = [keep.copy()]
    for child in verb.children:
        if child.dep_ in ("dobj", "acomp", "attr", "oprd"):
            keep |= _noun_and_det(child)
    out.append(keep.copy())
    prep = next((c for c in verb.children if c.dep_ in ("prep", "agent")), None)
    if prep is not None:
        keep |= {prep.i}
        for grand in prep.children:
            if grand.dep_ == "pobj":
                keep |= _noun_and_det(grand)
        out.append(keep)
    texts = [" ".join(t.text for t in verb.doc if t.i in k) for k in out]
    return list(dict.fromkeys(texts))


def _event_of(verb: Any, model: PhraseSimilarity, word: str = "") -> str | None:
    """The event the verb's phrase tells, read on the shortest phrase that tells one
    (and has the word in it)."""
    for phrase in _core_phrases(verb):
        if word and word not in phrase.lower().split():
            continue
        event = label(phrase, model, "event", CLAIM_SCORE, CLAIM_MARGIN)
        if event is not None:
            return event
    return None


def _noun_and_det(tok: Any) -> set[int]:
    return {tok.i} | {c.i for c in tok.children if c.dep_ in ("det", "poss", "compound")}


def _event_verb(tok: Any, words: set[str]) -> Any | None:
    """The verb whose event the word tells: itself; for a noun, the light verb it is the
    object of ('taken possession', 'gave birth': the noun is the event) or a verb of the
    same claim the block does not say either ('resigned from her job'); for an adjective,
    the verb it completes ('has been ill'). Not a noun beside a verb the block says
    ('broke her ankle' for 'broke my wrist'): there the noun is the detail."""
    if tok.pos_ in ("VERB", "AUX"):
        return tok
    head = tok.head
    if tok.pos_ == "ADJ" and tok.dep_ == "acomp":
        return head if head.pos_ in ("VERB", "AUX") else None
    if tok.pos_ != "NOUN" or tok.dep_ not in _ARGUMENT:
        return None
    if tok.dep_ == "dobj" and head.lower_ in LIGHT_VERBS:
        return head
    if head.dep_ == "prep":
        head = head.head
    return head if head.pos_ == "VERB" and head.lower_ in words else None


def event_vouches(
    words: Iterable[str],
    claim_text: str,
    evidence_text: str,
    model: PhraseSimilarity,
) -> set[str]:
    """The words among `words` that tell an event a phrase of the block also tells."""
    doc = _parse(claim_text)
    words = list(words)
    ev_phrases: list[str] | None = None
    out = set()
    for w in words:
        tok = next((t for t in doc if t.lower_ == w), None)
        verb = _event_verb(tok, set(words)) if tok is not None else None
        if verb is None or lexicon.names_someone(w) or lexicon.names_place(w):
            continue
        event = _event_of(verb, model, w)
        if event is None:
            continue
        above = verb.head
        if (
            verb.dep_ in ("xcomp", "ccomp")
            and above.lower_ not in words
            and _event_of(above, model) == event
        ):
            # The event is told by a verb above, one the block says ('promoted to team
            # lead', the parser reading 'lead' as a verb): this word is its detail.
            continue
        if ev_phrases is None:
            ev_phrases = phrases(evidence_text, _WIDTH, shortest=2)
        if said_in(event, ev_phrases, model, "event", PHRASE_SCORE, PHRASE_MARGIN):
            out.add(w)
    return out
