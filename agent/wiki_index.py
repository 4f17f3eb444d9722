"""The wiki as an index into the turns.

Search finds turns by their own words and whole page sections by theirs. A page line
says in a few third-person words what one or two turns said at length ("Caroline is
keen on counselling" for "I'm keen on counseling or working in mental health, and I
want to..."), so a question may match the line where it matches neither the turn nor the
section around the line. The lines nearest the question in meaning (the bundled
embedding model) lead to the turns they cite, which join the candidates the reader
weighs; the line is kept beside its turn as what retells it.

Without an embedder the words the question and the line share decide, weighted by how
rare each is among the lines.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from .question import without_time
from .text import terms
from .wiki import Fact, Wiki

#: How many lines lead to their turns, and how near the question (cosine) they must be.
LINES = 4
FLOOR = 0.4
#: The same, by shared words when there is no embedder: the idf-weighted share of the
#: question's words a line must say.
WORD_FLOOR = 0.5

Embed = Callable[[list[str]], Sequence[Sequence[float]]]


def question_text(question: str, names: set[str]) -> str:
    """The question as it is matched against lines: without when ("in May") and without
    whom it is about, since sharing a name is not sharing meaning."""
    text = without_time(question)
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = re.sub(rf"\b{re.escape(name)}(?:['’]s)?\b", " ", text, flags=re.I)
    return re.sub(r"\s+([?!.,])", r"\1", " ".join(text.split()))


def nearest_lines(
    question: str,
    wiki: Wiki,
    names: set[str],
    embed: Embed | None,
    k: int = LINES,
) -> list[tuple[Fact, float]]:
    """The page lines that best say what the question asks about, best first, with how
    near each is. A bare link ("- [[Rome]]") says nothing and is left out."""
    facts = [
        f
        for path in sorted(wiki.pages)
        for f in wiki.facts(path)
        if f.text.strip(" .") not in f.links and len(f.text.split()) > 2
    ]
    text = question_text(question, names)
    if not facts or not text:
        return []
    if embed is not None:
        import numpy as np

        # A line reads alone and under its heading, whichever is nearer: "From now on,
        # keep your answers short" is one of the owner's "Standing requests", which the
        # line never says; "Sister of Tilda" says more alone than under "People".
        plain = [f.text for f in facts]
        headed = [f"{f.section}: {f.text}" if f.section else f.text for f in facts]
        vectors = np.asarray(embed([text, *plain, *headed]), dtype=np.float32)
        near = vectors[1:] @ vectors[0]
        alone, under = near[: len(facts)], near[len(facts) :]
        scores = [float(max(a, b)) for a, b in zip(alone, under, strict=True)]
        floor = FLOOR
    else:
        scores = _word_scores(text, facts)
        floor = WORD_FLOOR
    ranked = sorted(range(len(facts)), key=lambda i: (-scores[i], i))
    return [(facts[i], float(scores[i])) for i in ranked[:k] if scores[i] >= floor]


def _word_scores(text: str, facts: list[Fact]) -> list[float]:
    want = terms(text)
    if not want:
        return [0.0] * len(facts)
    said = [terms(f.text) for f in facts]
    n = len(facts)
    idf = {t: 1.0 + math.log(n / (1 + sum(1 for s in said if t in s))) for t in want}
    total = sum(idf.values())
    return [sum(idf[t] for t in want & s) / total for s in said]


__all__ = ["FLOOR", "LINES", "nearest_lines", "question_text"]
