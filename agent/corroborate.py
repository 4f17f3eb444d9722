"""Evidence that says the same value as the answer.

An answer rests on the sentence read best, but memory often states the value more than
once: the user's turn ("the kangoo is here!!! white") and the lease ("colour white"),
the turn ("its 1450 a month") and the document ("Monthly rent is $1,450.00"). Each of
those supports the answer, so the answer cites them too. Only readings the reader
already judged to be about the subject and the question's topic, with a value of their
own (not a date taken from when a turn was said), within a share of the best score, and
whose value is the answer's, are carried: a number by its value, a phrase by its words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .spans import DIGITS

if TYPE_CHECKING:
    from .reading import Reading

#: How far below the best reading's score a reading that says the same value may be and
#: still be cited beside it (a document paragraph scored 0.52 of the turn it agrees with).
FLOOR = 0.45
#: How many such readings an answer cites besides its own.
MOST = 2

_NUMBER = re.compile(DIGITS)
_CURRENCY = re.compile(r"[$€£¥]")
_ARTICLE = re.compile(r"^(?:the|a|an|my|our|his|her|their)\s+", re.I)


def _number(text: str) -> tuple[float, str] | None:
    """The number an amount says and what follows it ("$1,450.00" -> 1450, "";
    "2.7 ml" -> 2.7, "ml"), or None for a value without digits."""
    m = _NUMBER.search(text)
    if m is None:
        return None
    try:
        value = float(re.sub(r"[,\s]", "", m.group(0)))
    except ValueError:
        return None
    unit = " ".join(text[m.end() :].lower().split())
    return value, unit


def same_value(a: str, b: str) -> bool:
    """Do two values say the same: "1450" and "$1,450.00", "2.7 ml" and "2.7ml", "White"
    and "white", "the Kangoo" and "Kangoo"? A number with a unit is the same number
    without one (the unit is often in the next word); different units are not."""
    na, nb = _number(_CURRENCY.sub("", a)), _number(_CURRENCY.sub("", b))
    if na is not None or nb is not None:
        if na is None or nb is None or na[0] != nb[0]:
            return False
        return not na[1] or not nb[1] or na[1] == nb[1]
    words_a = " ".join(_ARTICLE.sub("", a.strip()).lower().split())
    words_b = " ".join(_ARTICLE.sub("", b.strip()).lower().split())
    return bool(words_a) and words_a == words_b


def agreeing(
    best: Reading,
    readings: Sequence[Reading],
    used: set[tuple[str, str]],
    floor: float = FLOOR,
    most: int = MOST,
) -> list[Reading]:
    """The readings after the best that say the best reading's value from other evidence
    (blocks not in `used`), best first."""
    if not best.span or best.weak_span:
        return []
    out: list[Reading] = []
    seen = set(used)
    for r in readings[1:]:
        if len(out) >= most:
            break
        if r.score < floor * best.score or not r.span or r.weak_span:
            continue
        if not same_value(r.span, best.span):
            continue
        keys = {(b.path, b.anchor) for b in r.candidate.blocks}
        if keys <= seen:
            continue
        seen |= keys
        out.append(r)
    return out


__all__ = ["FLOOR", "MOST", "agreeing", "same_value"]
