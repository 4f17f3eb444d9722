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

import re

from language.classify import Classifier

from .similarity import PhraseSimilarity
from .words import NEGATIONS, tokens

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
#: Where one clause of a chat turn ends and another begins.
_CLAUSE_RE = re.compile(r"[,.;:!?()\n]+|\s(?:but|and|so|because|cos|though|tho)\s", re.I)
#: The class of statements that say no feeling.
NONE = "none"


#: One classifier per phrase model: its examples are embedded once a process.
_CLASSIFIERS: dict[int, tuple[PhraseSimilarity, Classifier]] = {}


def _labels(texts: list[str], model: PhraseSimilarity) -> list[tuple[str, float, float]]:
    """Each text's feeling class, its score and its margin over the next class; none
    without the model."""
    vectors = model.vectors(texts) if texts else None
    if vectors is None:
        return []
    held = _CLASSIFIERS.get(id(model))
    if held is None or held[0] is not model:
        held = (model, Classifier(model, "feeling"))
        _CLASSIFIERS[id(model)] = held
    clf = held[1]
    scores = clf.scores(vectors)
    out = []
    for row in scores:
        order = row.argsort()[::-1]
        best, second = float(row[order[0]]), float(row[order[1]])
        out.append((clf.labels[order[0]], best, best - second))
    return out


def feeling_of(word: str, model: PhraseSimilarity) -> str | None:
    """The feeling a claim word names ('nervous' -> afraid), or None."""
    found = _labels([word], model)
    if not found:
        return None
    label, score, margin = found[0]
    if label == NONE or score < WORD_SCORE or margin < WORD_MARGIN:
        return None
    return label


def _phrases(text: str) -> list[str]:
    """The block's phrases of one to four words within a clause, and its clauses, none
    with a word of denial in it."""
    out: list[str] = []
    for clause in _CLAUSE_RE.split(text):
        words = [t.lower() for t in tokens(clause)]
        if not words or any(w in NEGATIONS or w.endswith("n't") for w in words):
            continue
        out.append(" ".join(words))
        for n in range(1, _WIDTH + 1):
            for i in range(len(words) - n + 1):
                out.append(" ".join(words[i : i + n]))
    return list(dict.fromkeys(out))


def said_feeling(word: str, evidence_text: str, model: PhraseSimilarity) -> str | None:
    """The block's phrase that says the feeling the claim word names, or None."""
    feeling = feeling_of(word, model)
    if feeling is None:
        return None
    phrases = _phrases(evidence_text)
    for phrase, (label, score, margin) in zip(phrases, _labels(phrases, model), strict=False):
        if label == feeling and score >= PHRASE_SCORE and margin >= PHRASE_MARGIN:
            return phrase
    return None
