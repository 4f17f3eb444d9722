"""Comparisons said the other way round: 'cost more than the builder said' against the
block's 'cost way less than the builder said'. The word before 'than' is often one too
common to be checked as content ('more', 'less'), and the embedding model reads a word
and its opposite alike, so the comparison is read as such: the claim's and the block's
words of comparison must not be opposites (WordNet)."""

from __future__ import annotations

import re

from . import lexicon

#: The word of a comparison and its 'than'; a 'no' or 'not' before it ('no more than',
#: 'not less than') bounds an amount rather than comparing, so it is left to the checks
#: of numbers and polarity.
_THAN_RE = re.compile(r"\b(no|not|n't)?\s*\b([a-z]+)\s+than\b", re.IGNORECASE)


def _compared(text: str) -> set[str]:
    return {m.group(2).lower() for m in _THAN_RE.finditer(text) if not m.group(1)}


def contrary_comparison(claim: str, block: str) -> tuple[str, str] | None:
    """The claim's word of comparison and the block's opposite of it, if they are
    opposites and the block does not say the claim's word too."""
    said = _compared(block)
    for word in sorted(_compared(claim) - said):
        for other in sorted(said):
            if lexicon.relation(word, other) == "antonym" or lexicon.opposed(word, other):
                return word, other
    return None
