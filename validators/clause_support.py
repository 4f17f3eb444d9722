"""Words a claim's clause says in other words, read with the clause.

A claim word nothing else places (no form, synonym, broader word, nor a word or phrase of
the block the model reads alike) may still be a faithful rewording when its whole
clause reads as a clause of the block: "applying for a product manager position" /
"applying for the product manager opening", "to free up Fridays for painting" / "so I
can spend Fridays painting". Single words carry too little: the model reads sister
terms alike ('red' in "a used red Subaru" sits as close to its window as 'functional'
does to "usable"), and a clause reads alike whatever one detail it changes. So only
words that carry no checkable detail are read this way; these stay strict:

- names and numbers, and words that name someone (kin, roles: WordNet persons) or a
  place in every sense ('gym', 'beach');
- the sentence's main verb, and modifiers of a noun ('red', 'carbon', 'grand'), which
  is where an added detail goes;
- a word WordNet ties to a word of the block as a sister or narrower term ('mountains'
  for 'beach'): a changed detail, not a rewording.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import lexicon
from .predicates import _parse, predicates
from .similarity import PhraseSimilarity

#: A claim clause and a clause of the block (or the whole block) read as one at this
#: cosine (all-MiniLM-L6-v2). The lowest value at which no one-detail claim of the four
#: pair sets was let through (at 0.70 "to join the new data team" passed for "to lead
#: the new data team").
CLAUSE_SIMILARITY = 0.75
#: Where a detail sits: the main verb, a noun's modifiers, a possessor, a number.
_STRICT_DEPS = frozenset(["ROOT", "amod", "compound", "nummod", "poss", "npadvmod"])


def clause_vouches(
    words: Iterable[str],
    claim_text: str,
    evidence_text: str,
    model: PhraseSimilarity,
    blocked: dict[str, set[str]],
) -> set[str]:
    """The words among `words` that carry no checkable detail and whose clause reads as
    a clause of the block."""
    doc = _parse(claim_text)
    claim_preds = predicates(claim_text)
    ev_texts = [p.text for p in predicates(evidence_text) if len(p.words) > 1]
    ev_texts.append(evidence_text)
    out = set()
    for w in words:
        tok = next((t for t in doc if t.lower_ == w or w in t.lower_.split("-")), None)
        if tok is None or tok.pos_ in ("PROPN", "NUM") or tok.dep_ in _STRICT_DEPS:
            continue
        if blocked.get(w) or lexicon.names_someone(w) or lexicon.names_place(w):
            continue
        clause = next((p.text for p in claim_preds if tok.lower_ in p.words), None)
        if clause is None:
            continue
        best = model.best([clause], ev_texts).get(clause, ("", 0.0))[1]
        if best >= CLAUSE_SIMILARITY:
            out.add(w)
    return out
