"""A quality the block says with another adjective: 'tough' trials for 'brutal' ones,
the 'hardest' season for the 'worst', a 'single' oven for 'one oven', his 'entire'
collection for 'all my vinyl', pay that is 'good' for pay that is 'decent'.

Adjectives have no kinds in WordNet, only clusters of similar senses, and chat uses the
loose end of each cluster; the embedding model reads such pairs alike, though less than
the paraphrase threshold (0.48-0.54). It reads opposites alike too (cheap/pricey 0.74,
easy/tough 0.61), and sisters (red/blue 0.73, annual/monthly 0.57). So a claim's
adjective is accounted for by a word of the block that describes (an adjective, a
number, a word of quantity) when the model reads the two alike at QUALITY_SIMILARITY and
WordNet says nothing against them: no opposites, directly or through a similar word
(lexicon.opposed), no sisters or narrower word (red for blue), and no adjectives of
sister nouns), and no other worth: the model reads the good and the bad end of a scale
alike (bad/decent 0.48), so the two words' worth is read by examples (the "valence"
group of language/data/prototypes.json). Feelings have their own examples
(feelings.py), and how often something happens its own reader ('annual', 'weekly').
An added quality the block has no word for ('a red Subaru', 'a severe allergy') finds
nothing that close.
"""

from __future__ import annotations

from . import lexicon
from .by_examples import labels
from .feelings import feeling_of
from .polarity import denied
from .predicates import _parse
from .similarity import PhraseSimilarity
from .words import NUMBER_WORDS

#: The model reads a claim's adjective and a describing word of the block alike at this
#: cosine (tough/brutal 0.54, single/one 0.53, entire/all 0.52, good/decent 0.49,
#: hardest/worst 0.48); an added quality reads further from every word of its block
#: (red/old 0.37, severe/allergic 0.35, private/dad 0.34).
QUALITY_SIMILARITY = 0.46
#: A word's worth (the "valence" group of language/data/prototypes.json: good, bad, or
#: neither) counts when it is this far ahead of the next: 'bad' 0.26, 'tough' 0.18.
VALENCE_MARGIN = 0.05
#: Parts of speech of a block word that describes: 'brutal', 'one', 'all'.
_DESCRIBING = ("ADJ", "NUM", "DET")
#: What a word of how often is of: 'annual' of a year, 'monthly' of a month.
_TIMES = ("time_period", "time_unit")
#: Relations that make two words two things, not one said two ways.
_APART = ("antonym", "sibling", "specific")


def _of_sister_nouns(a: str, b: str) -> bool:
    """Are the adjectives of sister things ('annual'/'monthly': a year, a month)?"""
    theirs = lexicon.nouns_of(b)
    return any(lexicon.relation(x, y) == "sibling" for x in lexicon.nouns_of(a) for y in theirs)


def _worth(words: list[str], model: PhraseSimilarity) -> list[tuple[str, float]]:
    """Each word's worth by examples ('good', 'bad' or 'none') and its margin."""
    return [(lab, margin) for lab, _, margin in labels(words, model, "valence")]


def _other_worth(word: str, other: str, model: PhraseSimilarity) -> bool:
    """Does the block's word say the other worth ('decent' for 'bad')? The claim's worth
    must be clear; the block's need only lean the other way, since the model reads the
    two sides of a scale alike (bad/decent 0.48) and so hesitates most there."""
    found = _worth([word, other], model)
    if len(found) < 2:
        return True  # without the model, no reading of worth: nothing is vouched for
    (mine, margin), (theirs, _) = found
    return mine != "none" and margin >= VALENCE_MARGIN and theirs not in ("none", mine)


def quality_said(word: str, evidence_text: str, model: PhraseSimilarity) -> str | None:
    """The block's word that says the quality the claim's adjective names, or None."""
    if feeling_of(word, model) is not None:
        return None  # a feeling is read by its own examples (feelings.py)
    if any(lexicon.kind_among(n, _TIMES) for n in lexicon.nouns_of(word)):
        return None  # 'annual', 'weekly': how often is read as a frequency
    doc = _parse(evidence_text)
    seen: set[str] = set()
    spelt = {n: w for w, n in NUMBER_WORDS.items()}
    for tok in doc:
        e = tok.lower_
        if tok.like_num and e in spelt:
            e = spelt[e]  # 'lost by 1 point' is 'by one point': a 'single' point
        elif not tok.is_alpha:
            continue
        if e in seen or e == word:
            continue
        if tok.pos_ not in _DESCRIBING and not (lexicon.describes(e) and not lexicon.is_noun(e)):
            continue  # the parser's noun in "the pay's decent" is the adjective it is
        seen.add(e)
        if lexicon.relation(word, e) in _APART or lexicon.opposed(word, e):
            continue
        if any(lexicon.kind_among(n, _TIMES) for n in lexicon.nouns_of(e)):
            continue
        if denied(evidence_text, e) or _of_sister_nouns(word, e):
            continue  # 'not bad' says no 'bad'; polarity is checked apart
        if model.pair(word, e) >= QUALITY_SIMILARITY and not _other_worth(word, e, model):
            return tok.text
    return None
