"""Classification by examples for the support check: the phrase model's vectors sorted
into the classes of one group of language/data/prototypes.json (feelings, life events),
and the short phrases of a block that may say one of them."""

from __future__ import annotations

import re

from language.classify import Classifier

from .negation import pledge
from .predicates import _parse
from .similarity import PhraseSimilarity
from .words import NEGATIONS, tokens

#: The class of statements that say none of a group's things.
NONE = "none"
#: Where one clause of a chat turn ends and another begins.
_CLAUSE_RE = re.compile(r"[,.;:!?()\n]+|\s(?:but|and|so|because|cos|though|tho)\s", re.I)

#: One classifier per phrase model and group: its examples are embedded once a process.
_CLASSIFIERS: dict[tuple[int, str], tuple[PhraseSimilarity, Classifier]] = {}


def labels(texts: list[str], model: PhraseSimilarity, task: str) -> list[tuple[str, float, float]]:
    """Each text's class in the group, its score and its margin over the next class;
    none without the model."""
    vectors = model.vectors(texts) if texts else None
    if vectors is None:
        return []
    held = _CLASSIFIERS.get((id(model), task))
    if held is None or held[0] is not model:
        held = (model, Classifier(model, task))
        _CLASSIFIERS[(id(model), task)] = held
    clf = held[1]
    out = []
    for row in clf.scores(vectors):
        order = row.argsort()[::-1]
        best, second = float(row[order[0]]), float(row[order[1]])
        out.append((clf.labels[order[0]], best, best - second))
    return out


def label(text: str, model: PhraseSimilarity, task: str, score: float, margin: float) -> str | None:
    """The text's class when it is no NONE, at `score` and `margin` ahead of the next."""
    found = labels([text], model, task)
    if not found:
        return None
    best, s, m = found[0]
    return None if best == NONE or s < score or m < margin else best


#: How a clause a pledge vouches for may hang on it: "I won't lie, [the commute is awful]".
_VOUCHED = frozenset(["ccomp", "advcl", "parataxis", "conj"])


def without_pledges(text: str) -> str:
    """The text with its pledges of sincerity left out ('not gonna lie', "I won't lie"):
    their 'not' denies no phrase of the clause they open (negation.pledge)."""
    doc = _parse(text)
    gone: set[int] = set()
    for t in doc:
        if t.dep_ == "neg" and pledge(t):
            # The pledge's words, not the clause it vouches for (hung under it or over it).
            said = {x.i for x in t.head.subtree}
            for x in t.head.subtree:
                if x.dep_ in _VOUCHED and x.i != t.head.i:
                    said -= {y.i for y in x.subtree}
            gone |= said
    if not gone:
        return text
    return "".join(t.text_with_ws for t in doc if t.i not in gone)


def phrases(text: str, width: int, shortest: int = 1) -> list[str]:
    """The block's phrases of `shortest` to `width` words within a clause, and its
    clauses, none with a word of denial in it: under a 'not' a phrase says the opposite,
    which polarity checks apart."""
    out: list[str] = []
    for clause in _CLAUSE_RE.split(without_pledges(text)):
        words = [t.lower() for t in tokens(clause)]
        if not words or any(w in NEGATIONS or w.endswith("n't") for w in words):
            continue
        out.append(" ".join(words))
        for n in range(shortest, width + 1):
            for i in range(len(words) - n + 1):
                out.append(" ".join(words[i : i + n]))
    return list(dict.fromkeys(out))


def said_in(
    wanted: str, texts: list[str], model: PhraseSimilarity, task: str, score: float, margin: float
) -> str | None:
    """The first of the texts that reads as the wanted class, or None."""
    for phrase, (lab, s, m) in zip(texts, labels(texts, model, task), strict=False):
        if lab == wanted and s >= score and m >= margin:
            return phrase
    return None
