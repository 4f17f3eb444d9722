"""A measure of the kind asked: "how much did the baby weigh" wants a mass ("7lb 2oz"),
not the "6th" said beside it; "how tall is he now" a length.

The kind is the WordNet class of the amount's unit ("lb", "kilo", "stone" are mass units;
"cm", "ft", "miles" linear ones), and the question asks for one by its words
(`measure_words` in question_words.json: "weigh", "heavy", "tall", "distance"). An
ordinal ("the 6th") numbers a day or a place in a row and measures nothing.
"""

from __future__ import annotations

import re
from functools import cache

from validators.lexicon import kind_of

from .spans import Span
from .text import WORD, lexicon

#: The letters a unit is written with, right after the number ("7lb", "2 oz", "1.5 kilos").
_UNIT_AFTER = re.compile(r"\s*([a-z]+)\b", re.I)
_ORDINAL = re.compile(r"\d(?:st|nd|rd|th)\b", re.I)


@cache
def _measure_words() -> dict[str, str]:
    """word -> the WordNet class of the units that measure it ("weigh" -> "mass unit")."""
    table = lexicon()["measure_words"]
    assert isinstance(table, dict)
    return {w: unit for unit, words in table.items() for w in words}


def measure_asked(question: str) -> str | None:
    """The class of unit the question asks a measure in ("mass unit"), or None."""
    words = _measure_words()
    return next((words[w] for w in WORD.findall(question.lower()) if w in words), None)


def unit_of(sentence: str, span: Span) -> str:
    """The unit word written with the amount ("lb" of "7lb", "kilo" of "12 kilo"), or ""."""
    digits = re.search(r"\d[\d.,]*", span.text)
    written = re.findall(r"[a-z]+", span.text[digits.end() :].lower()) if digits else []
    if written:
        return written[-1]  # "12 and a half kilo": the unit is the last word
    m = _UNIT_AFTER.match(sentence[span.end :])
    return m.group(1).lower() if m else ""


def of_measure(sentence: str, span: Span, unit_class: str) -> bool:
    """Is the amount written in a unit of the class ("7lb" of "mass unit")?"""
    unit = unit_of(sentence, span)
    return bool(unit) and kind_of(unit_class, unit)


def is_ordinal(span: Span) -> bool:
    """An ordinal ("6th", "2nd"): a day or a place in a row, no measure."""
    return _ORDINAL.search(span.text) is not None


def measured_amounts(sentence: str, found: list[Span], question: str) -> list[Span] | None:
    """The amounts of `found` in the unit the question asks, each run of them joined
    ("7lb 2oz", "5 ft 4"); None when the question asks no measure, [] when none is said
    in its unit. An amount right after one of the class, with no word between, is its
    smaller part ("2oz" after "7lb"), whatever WordNet knows of its abbreviation."""
    unit_class = measure_asked(question)
    if unit_class is None:
        return None
    ordered = sorted(found, key=lambda sp: sp.start)
    out: list[Span] = []
    for sp in ordered:
        if (
            out
            and not sentence[out[-1].end : sp.start].strip()
            and _a_smaller_part(sentence, sp, unit_class)
        ):
            last = out[-1]
            out[-1] = Span(sentence[last.start : sp.end], last.start, sp.end)
        elif of_measure(sentence, sp, unit_class):
            out.append(sp)
    return out


def _a_smaller_part(sentence: str, span: Span, unit_class: str) -> bool:
    """Can the amount be the smaller part of a measure said just before it: bare ("5 ft
    4"), in a unit of the class, or in an abbreviation ("2oz")? Not an ordinal, not a
    count of things ("3 times")."""
    if is_ordinal(span):
        return False
    unit = unit_of(sentence, span) if re.search(r"[a-z]", span.text, re.I) else ""
    return not unit or len(unit) <= 3 or kind_of(unit_class, unit)
