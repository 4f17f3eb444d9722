"""A word the writer inferred: implied by the block, said nowhere in it.

An LLM writing a wiki line names what a turn implies: "guests" for people who came over
for dinner, "volunteers" for someone who helps out at a shelter at weekends, "advised"
for "told me I should", "visiting" for parents staying with us this month. Neither
WordNet nor the embedding model ties such a word to one word of the block (the model
reads sister words, dog/cat or grandma/mother, as close as these), so the word check
names it unsupported.

What tells the two apart is not how alike the words read but what the block has in the
word's place. A changed detail replaces a word of the block, and that word is left over:
no other word of the claim says it, and it fills the same slot, a thing of the same kind
(grandma for mother, beach for mountains: WordNet sisters the model also reads alike) or
an act that reads alike with no tie in WordNet (kept/sold, accepted/applied). An
inferred word replaces nothing; the block has no COUNTERPART for it. So a claim whose
one unsupported word has no counterpart in the block, and whose sentence reads as the
block, is accepted; one with a counterpart is refused naming both words.

Always strict, whatever the block holds: names and numbers (checked before this, as are
dates, polarity and modality), places and times, a word of polarity, who someone is to
someone ('her husband', 'his neighbour': a person the claim adds), what is said of the
subject ('is happy'), a noun's added modifier ('a red Subaru'), and a role ('taught',
'chair'). Only one such word per claim: an embellishment adds a clause of them.
"""

from __future__ import annotations

from typing import Any

from . import lexicon
from .claim_text import FUNCTION_WORDS, NEGATIVE_VERBS
from .connective import (
    GATE_SIMILARITY,
    TIME_NOUNS,
    _accounted,
    _sentence_of,
    _token,
    detail_reason,
    names_a_role,
    replaced_arguments,
    tight_sister,
)
from .polarity import denied
from .predicates import _parse
from .rewording import is_light
from .similarity import PhraseSimilarity
from .words import NEGATIONS, stem

#: Coarse parts of speech: a counterpart fills the slot of the same part.
_COARSE = {"NOUN": "noun", "PROPN": "noun", "VERB": "verb", "AUX": "verb", "ADJ": "adj"}
#: A leftover noun of the block fills the claim noun's slot when WordNet calls them
#: sisters and the model reads them at least this alike (beach/mountains, grandma/
#: mother, wrist/ankle 0.54, lake/sea 0.52)...
SISTER_COUNTERPART = 0.38
#: ... or with no tie in WordNet, when they are of one kind (both someone, both a place,
#: or neither) and read this alike (bakery/restaurant 0.56, chickpeas/lentils 0.49).
KIND_COUNTERPART = 0.45
#: A leftover verb of the block is the claim verb's counterpart when WordNet ties them
#: by nothing or as opposites and the model reads them this alike (sold/kept 0.41,
#: separating/reconciling 0.36, ate/baked 0.43); unrelated verbs of a chatty block read
#: further apart ('hate'/'following' 0.1).
VERB_COUNTERPART = 0.3
#: What a claim word's detail reason may be and still be weighed here: the word names
#: someone (not whose), is the event, or is a thing done the same (someone only).
_WEIGHED = ("a person", "the event", "another thing done the same")
#: Someone by who they are to someone (kin, a colleague, a friend, a neighbour) or by a
#: standing of their own (a boss, a doctor): a person the claim adds, never inferred.
#: Guests, volunteers, helpers, pupils are none of these: what people are in the act.
_WHO_TO_SOMEONE = (
    "relative", "associate", "friend", "neighbor", "peer", "lover", "spouse",
    "acquaintance", "leader", "head", "professional", "educator", "official",
    "merchant", "organizer",
)  # fmt: skip
#: Ties that make two words one thing said two ways, not a counterpart.
_TIES = ("same", "synonym", "rare", "general", "specific", "related")


def _kind(word: str) -> str:
    if lexicon.names_someone(word):
        return "someone"
    if lexicon.names_place(word):
        return "place"
    return "thing"


def _whose(tok: Any) -> bool:
    """Is the noun someone's ('her husband', 'Ruth's sister', 'Nour's sister-in-law',
    whose parts the parser splits)?"""
    doc = tok.doc
    a = b = tok.i
    while a >= 2 and doc[a - 1].text == "-" and not doc[a - 2].whitespace_:
        a -= 2
    while b + 2 < len(doc) and doc[b + 1].text == "-" and not doc[b].whitespace_:
        b += 2
    return any(c.dep_ == "poss" for t in doc[a : b + 1] for c in t.children)


def _abstract_for_abstract(tok: Any, claim_doc: Any, ev_doc: Any) -> bool:
    """Does the claim noun, no physical thing, stand where the block has only objects that
    are no physical things either ('give her leave' for 'give me the time off', 'hired
    two extra staff' for 'hire two more people')? An abstraction is said loosely and
    reworded freely; a physical thing in another's place is another thing ('lost his
    passport' for 'lost my keys', 'knitted a cardigan' for 'made a jumper'). A sister of
    the block's object ('study law' for 'study medicine') is its counterpart, refused
    before this."""
    lemma = tok.lemma_.lower()
    if lexicon.concrete(lemma if lexicon.known(lemma) else tok.lower_):
        return False
    args = replaced_arguments(tok, claim_doc, ev_doc)
    return bool(args) and not any(
        lexicon.concrete(a.lemma_.lower() if lexicon.known(a.lemma_.lower()) else a.lower_)
        for a in args
    )


def _light(e: Any) -> bool:
    """Is the block's verb a light one, which stands in for any act ('had', 'got', 'did',
    'came round', 'sorted'): rewording's list, the one the connective test reads."""
    return is_light(e)


def counterpart(
    tok: Any, claim_doc: Any, ev_doc: Any, model: PhraseSimilarity
) -> tuple[str | None, bool]:
    """The block's word in the claim word's slot that no other claim word says (a sister
    thing, or an act that reads alike with no tie in WordNet; None when there is none),
    and whether the block has a word left that the claim word may be rewording ('help'
    for 'volunteers', 'told' for 'advised'; for a verb, any act of the block but a light
    verb WordNet does not tie to it)."""
    w = tok.lower_
    part = _COARSE.get(tok.pos_)
    tied = False
    if part is None:
        return None, tied
    # What the claim's other words say of the block: a word of the same part ('work' the
    # noun says nothing of the block's 'running').
    others = [t.lower_ for t in claim_doc if t.i != tok.i and t.is_alpha]
    same_part = [
        t.lower_ for t in claim_doc if t.i != tok.i and t.is_alpha and _COARSE.get(t.pos_) == part
    ]
    for e in ev_doc:
        ew = e.lower_
        if (
            not e.is_alpha
            or _COARSE.get(e.pos_) != part
            or ew == w
            or stem(ew) == stem(w)
            or _accounted(ew, same_part)
            or any(stem(c) == stem(ew) or lexicon.relation(c, ew) == "same" for c in others)
        ):
            continue
        if e.dep_ in ("aux", "auxpass"):
            # An auxiliary is no act: the 'ca' of "can't make it" fills no slot, though
            # the claim's verb may reword what its 'not' says ('will miss').
            tied = tied or part == "verb"
            continue
        rel = lexicon.relation(w, ew)
        if ew in FUNCTION_WORDS:
            # A word of saying ('told') is no counterpart, but may be what the claim's
            # verb rewords ('advised' is a kind of telling).
            tied = tied or (part == "verb" and rel in (*_TIES, "sibling"))
            continue
        sim = model.pair(w, ew)
        if part == "noun" and rel == "specific" and sim >= SISTER_COUNTERPART:
            return e.text, tied  # a narrower thing is more detail: 'whippet' for 'greyhound'
        if part == "verb" and rel == "rare" and not _light(e):
            # Verbs that share only a seldom sense are two acts in one slot: 'won' and
            # 'ran' (run a race, run for office), 'worked' and 'volunteering'.
            return e.text, tied
        # A block act the claim's verb may reword: one WordNet ties to it, or any act
        # but a light verb ('should hear back' for 'expects an answer').
        tied = tied or rel in (*_TIES, "sibling") or (part == "verb" and not _light(e))
        if rel in _TIES:
            if denied(claim_doc.text, w) != denied(ev_doc.text, ew):
                # The block's own word for it, said of the other polarity: 'everybody
                # regrets it' for 'nobody misses it'.
                return e.text, tied
            continue
        if part == "noun":
            if _kind(w) == _kind(ew) == "someone":
                return e.text, tied  # the block names someone there: 'astronaut' / 'analyst'
            if (rel == "sibling" or tight_sister(w, ew)) and sim >= SISTER_COUNTERPART:
                return e.text, tied
            if rel is None and _kind(w) == _kind(ew) and sim >= KIND_COUNTERPART:
                return e.text, tied
        elif part == "verb":
            if _light(e):
                continue  # 'had', 'got', 'did' stand in for any act
            if names_a_role(e.lemma_.lower()):
                return e.text, tied  # the block's role in the act: 'join' for 'lead' the team
            if rel == "antonym" or (rel is None and sim >= VERB_COUNTERPART):
                return e.text, tied
            if tight_sister(w, ew) and sim >= SISTER_COUNTERPART:
                return e.text, tied  # two sports, two crafts: 'cycling' for 'running'
        elif rel == "antonym":
            return e.text, tied
    return None, tied


def inferred(
    word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity
) -> tuple[bool, str | None]:
    """Is the claim's one unsupported word one the writer inferred (True), and if not,
    the block's counterpart of it, when it has one?"""
    doc = _parse(claim_text)
    ev_doc = _parse(evidence_text)
    tok = _token(doc, word)
    if tok is None:
        return False, None
    lemma = tok.lemma_.lower()
    if (
        tok.pos_ in ("PROPN", "NUM")
        or word in NEGATIONS
        or word in NEGATIVE_VERBS
        or lemma in NEGATIONS
        or word in TIME_NOUNS
        or lemma in TIME_NOUNS
        or lexicon.names_place(word)
    ):
        return False, None
    other, tied = counterpart(tok, doc, ev_doc, model)
    if other is not None:
        return False, other
    if tok.pos_ in ("VERB", "AUX") and not tied:
        return False, None  # an act the block has no act for: 'saw a heron and photographed it'
    someone = lexicon.names_someone(word) or lexicon.names_someone(lemma)
    reason = detail_reason(tok, doc, ev_doc, model)
    if reason is not None and reason not in _WEIGHED:
        return False, None
    if (
        reason == "another thing done the same"
        and not someone
        and not _abstract_for_abstract(tok, doc, ev_doc)
    ):
        return False, None  # 'lost his passport' for 'lost my keys': the block's object
    if tok.dep_ == "attr":
        return False, None  # what the subject is: 'was a failure', 'is an assistant'
    if _whose(tok) and (someone or reason == "a person"):
        return False, None  # 'her husband', 'his in-laws': a person the claim adds
    if someone and lexicon.kind_among(lemma if lexicon.known(lemma) else word, _WHO_TO_SOMEONE):
        return False, None  # 'hosted ten colleagues' for 'had ten people round'
    return model.pair(_sentence_of(tok, doc), evidence_text) >= GATE_SIMILARITY, None
