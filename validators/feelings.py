"""A feeling the block says in its own words: 'gutted' for sad, 'bricking it' for
nervous, 'legs are wrecked' for sore.

People say how they feel in slang and idiom that neither WordNet nor the embedding model
ties to the plain word a wiki line uses: the model reads 'gutted' no nearer to 'sad'
(0.23) than to 'happy' (0.31). What it does read well is one way of saying a feeling
beside other ways of saying it. So feelings are classified by examples (the "feeling"
group of language/data/prototypes.json: pleased, upset, afraid, angry, tired, hurt,
embarrassed, amazed, and plain statements of fact that say none): a claim word that
reads as a feeling is accounted for by a phrase of the block that reads as the same
feeling. A feeling of another kind ('delighted' for 'gutted', 'looking forward' for
'dreading') is not, and a phrase under a 'not' ('not thrilled') says no feeling at all
here: polarity is checked apart.
"""

from __future__ import annotations

from .by_examples import label, phrases, said_in
from .similarity import PhraseSimilarity

#: A claim word names a feeling when its nearest examples are a feeling's, this close
#: on average ('nervous' 0.62, 'sore' 0.60; 'lost' 0.36, 'tough' 0.37 name none) ...
WORD_SCORE = 0.45
#: ... and that far ahead of the next class ('excited' is pleased by 0.06).
WORD_MARGIN = 0.04
#: A phrase of the block says a feeling at this score ('bricking it' 0.46, 'kids are
#: buzzing' 0.44), and this far ahead of every other class, the plain facts included.
PHRASE_SCORE = 0.4
PHRASE_MARGIN = 0.08
#: The longest phrase read: a feeling is said in a few words ('fingers are killing me').
_WIDTH = 4


def feeling_of(word: str, model: PhraseSimilarity) -> str | None:
    """The feeling a claim word names ('nervous' -> afraid), or None."""
    return label(word, model, "feeling", WORD_SCORE, WORD_MARGIN)


def said_feeling(word: str, evidence_text: str, model: PhraseSimilarity) -> str | None:
    """The block's phrase that says the feeling the claim word names, or None."""
    feeling = feeling_of(word, model)
    if feeling is None:
        return None
    return said_in(
        feeling, phrases(evidence_text, _WIDTH), model, "feeling", PHRASE_SCORE, PHRASE_MARGIN
    )
