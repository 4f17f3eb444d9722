"""Verbs a claim says in other words: 'spotted' for 'saw', 'left his job' for 'quit'.

WordNet ties verbs too loosely to tell a paraphrase from a changed event (it files
'spot' and 'see' as sisters, 'win' and 'run' as sharing a seldom sense), and the
embedding model reads two bare verbs badly: 'spotted'/'saw' 0.45, 'won'/'ran' 0.46.
Two readings of the same model do better, and better together:

- the verb where it stands: what it adds to its own sentence (the sentence's vector
  minus that of the same sentence with the verb replaced by 'something'), for the claim
  and for the block ('spotted three marmots' / 'saw three marmots');
- the verb with a subject, as an event: 'she spotted' / 'she saw', 'someone spotted a
  thing' / 'someone saw a thing'.

A claim verb nothing else accounts for is compared so with the verbs of the block that
no other claim word already stands for (each evidence verb answers for one claim verb),
each with its particle, adjective complement, and a preposition or an adverb right
after them ('signed up for', 'got sick', 'fell ill', 'got into'), and passes
when the mean of the two readings reaches `EVENT_SIMILARITY`. Opposites never count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import lexicon
from .predicates import _parse

#: The mean of the two readings that makes two verbs one event. Set on 60 sentence
#: pairs of everyday verbs written for it (tests/test_support_verbs.py keeps some):
#: 20 of 30 rewordings pass (bought/purchased, quit/left, saw/spotted, rented/hired),
#: 2 of 29 changed events (entered/won, rented/bought, lent/gave, studied/taught stay out).
EVENT_SIMILARITY = 0.62
#: Frames that give a verb a subject (and an object), so the model reads an event.
FRAMES = ("she {}", "someone {} a thing")
#: The stand-in for the verb: a word that says nothing of its own.
_BLANK = "something"
#: What stays with a verb: its particle ('signed up'), adjective complement ('fell ill')
#: and the auxiliary of a passive ('was accepted').
_WITH = ("prt", "acomp", "auxpass")

Vector = Callable[[str], Any]  # a text -> its unit vector, or None


Pair = Callable[[str, str], float]  # two texts -> their cosine similarity


def _span(tok: Any) -> tuple[int, int]:
    """Where a verb and the words that stay with it stand in its text."""
    kept = [tok] + [c for c in tok.children if c.dep_ in _WITH]
    # A preposition ('got into', 'signed up for') or else an adverb ('fell ill', 'came
    # back') right after the verb and its particle goes with it.
    end = max(t.i for t in kept)
    nxt = [c for c in tok.children if c.i == end + 1 and c.dep_ in ("prep", "advmod")]
    kept += nxt
    first = min(kept, key=lambda t: t.i)
    last = max(kept, key=lambda t: t.i)
    return first.idx, last.idx + len(last.text)


def _added(vector: Vector, text: str, span: tuple[int, int]) -> Any:
    """What the words at `span` add to the text: the difference of the two vectors."""
    import numpy as np

    whole = vector(text)
    blank = vector(text[: span[0]] + _BLANK + text[span[1] :])
    if whole is None or blank is None:
        return None
    diff = np.asarray(whole) - np.asarray(blank)
    norm = float(np.linalg.norm(diff))
    return diff / norm if norm else None


def evidence_verbs(text: str) -> list[tuple[str, tuple[int, int]]]:
    """The verbs of a block, each with where it stands (with its particle)."""
    return [(t.lower_, _span(t)) for t in _parse(text) if t.pos_ == "VERB"]


def same_event(
    word: str,
    claim_text: str,
    evidence_text: str,
    taken: Iterable[str],
    vector: Vector,
    pair: Pair,
    threshold: float = EVENT_SIMILARITY,
) -> tuple[str, float] | None:
    """The evidence verb that says what the claim verb says, if one does: the best
    among the block's verbs no other claim word stands for. Returns (the evidence
    words, the mean of the two readings)."""
    mine_tok = next(
        (t for t in _parse(claim_text) if t.lower_ == word and t.pos_ in ("VERB", "AUX")), None
    )
    if mine_tok is None:
        return None
    mine_span = _span(mine_tok)
    mine = _added(vector, claim_text, mine_span)
    mine_words = claim_text[mine_span[0] : mine_span[1]].lower()
    if mine is None:
        return None
    taken = set(taken)
    best: tuple[str, float] | None = None
    for verb, span in evidence_verbs(evidence_text):
        if verb in taken or lexicon.relation(word, verb) == "antonym":
            continue
        theirs = _added(vector, evidence_text, span)
        if theirs is None:
            continue
        words = evidence_text[span[0] : span[1]].lower()
        framed = sum(pair(f.format(mine_words), f.format(words)) for f in FRAMES) / len(FRAMES)
        score = (float(mine @ theirs) + framed) / 2
        if best is None or score > best[1]:
            best = (words, score)
    if best is not None and best[1] >= threshold:
        return best
    return None
