"""A judgement said of the same thing: the 'gruelling' hackathon for a hackathon weekend
that 'was brutal', 'poor' wind for wind that 'was rubbish', food 'outstanding' for food
'unreal'.

People judge things in slang and hyperbole ('rubbish', 'insane', 'unreal', 'brutal'), and
a wiki line judges them in plain words. The words share no WordNet tie and the model
reads them apart (gruelling/brutal 0.27, poor/rubbish 0.44), below what quality_said
(qualities.py) takes on the words alone. What ties them is where they stand and what
they say: the claim's adjective and a describing word of the block are said of the same
thing (a noun they modify, or the subject of the 'is' they complete), and both say the
same worth, good or bad, clearly (the "valence" group of language/data/prototypes.json,
each WORTH_MARGIN ahead of the next class). A quality of no worth (a colour, a size,
'young', 'annual') is a detail and is never read so; nor is a word said of someone (how
they feel: feelings.py), a word WordNet opposes or files apart, or a block word under a
'not' ('not bad').

The same reading finds the changed detail the sentence model misses: a claim that
judges the thing the other way ('excellent' changing rooms for changing rooms that 'are
rubbish') reads as the block (the two sentences differ in one word), so it is refused as
a contradiction, unless another word of the block judges the thing the claim's way
('pricey but lovely').
"""

from __future__ import annotations

from typing import Any

from . import lexicon
from .by_examples import labels
from .polarity import denied
from .predicates import _parse
from .similarity import PhraseSimilarity
from .words import stem

#: Each word's worth must be this far ahead of its next class ('rubbish' 0.30, 'brutal'
#: 0.15, 'poor' 0.28); 'wonky' (0.01), 'cheap' (0.11) and 'dirty' (0.11) say none clear.
WORTH_MARGIN = 0.12
#: How a describing word hangs on the thing it is said of.
_ON_NOUN = ("amod",)
_OF_SUBJECT = ("acomp", "attr", "oprd")
_APART = ("antonym", "sibling", "specific")


def _things(tok: Any) -> set[str]:
    """The words of what a describing word is said of: its own subject ('found the
    rooms excellent'), the noun it modifies, or the subject of the verb it completes,
    with the nouns compounded with it ('hackathon weekend')."""
    own = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
    if own:
        heads = own  # a clause of its own: 'found [the rooms excellent]'
    elif tok.dep_ in _ON_NOUN:
        heads = [tok.head]
    elif tok.dep_ in _OF_SUBJECT:
        heads = [c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    else:
        return set()
    out = set()
    for h in heads:
        if h.pos_ not in ("NOUN", "PROPN"):
            continue
        out.add(h.lemma_.lower())
        out.update(c.lemma_.lower() for c in h.children if c.dep_ == "compound")
    return out


def _same_thing(a: set[str], b: set[str]) -> bool:
    return any(
        x == y or stem(x) == stem(y) or lexicon.relation(x, y) in ("same", "synonym")
        for x in a
        for y in b
    )


def _judgements(
    word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity, *, loose: bool
) -> list[tuple[str, bool]]:
    """The block's describing words said of what the claim's adjective is said of, each
    with whether it says the same worth (True) or the other (False); words of no clear
    worth, feelings and words under a 'not' are left out. `loose` keeps the words
    WordNet files apart from the claim's (read for a contradiction: 'terrible' for
    'great' is the other worth whatever else WordNet says)."""
    doc = _parse(claim_text)
    tok = next(
        (
            t
            for t in doc
            if t.lower_ == word and (t.pos_ == "ADJ" or (t.pos_ == "VERB" and t.dep_ == "amod"))
        ),
        None,
    )  # the parser reads 'a gruelling hackathon' as a verb that modifies its noun
    if tok is None:
        return []
    mine = _things(tok)
    if not mine or any(lexicon.names_someone(x) for x in mine):
        return []  # said of someone, the word is how they feel (feelings.py)
    out: list[tuple[str, bool]] = []
    for e in _parse(evidence_text):
        ew = e.lower_
        if not e.is_alpha or ew == word or e.pos_ not in ("ADJ", "NOUN"):
            continue
        if e.pos_ == "NOUN" and e.dep_ not in _OF_SUBJECT:
            continue  # a noun judges only as what the subject is ('wind was rubbish')
        if not _same_thing(mine, _things(e)):
            continue
        if not loose and (lexicon.relation(word, ew) in _APART or lexicon.opposed(word, ew)):
            continue
        if denied(evidence_text, ew):
            continue  # 'not bad' says no 'bad'; polarity is checked apart
        found = labels([word, ew], model, "valence")
        if len(found) < 2:
            return []
        (a, _, ma), (b, _, mb) = found
        if "none" in (a, b) or min(ma, mb) < WORTH_MARGIN:
            continue
        out.append((e.text, a == b))
    return out


def worth_said(
    word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity
) -> str | None:
    """The block's word that judges what the claim's adjective judges, with the same
    worth, or None."""
    return next(
        (e for e, same in _judgements(word, claim_text, evidence_text, model, loose=False) if same),
        None,
    )


def worth_opposed(
    word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity
) -> str | None:
    """The block's word that judges what the claim's adjective judges with the other
    worth ('excellent' changing rooms for changing rooms that 'are rubbish'), when no
    word of the block judges it the claim's way ('pricey but lovely' has both), or None."""
    found = _judgements(word, claim_text, evidence_text, model, loose=True)
    if not found or any(same for _, same in found):
        return None
    return found[0][0]
