"""A kind of thing for a thing the block names: 'her old car' for 'the old Corolla', 'a
phone' for 'my iPhone'. WordNet does not know the names of products, bands or apps, so
the bundled embedding model reads the name; the contrast test is WordNet's: the claim's
kind must read closer to the name than every sister kind under the same parent ('car'
beats 'motorcycle' and 'truck' for 'Corolla'; 'motorbike' is no kind of Corolla, and a
'tablet' loses to nothing but still falls short of the bar for 'iPhone')."""

from __future__ import annotations

from collections.abc import Iterable

from . import lexicon
from .similarity import PhraseSimilarity
from .words import tokens

#: The model must read the kind this close to the name ('car'/'Corolla' 0.51,
#: 'phone'/'iPhone' 0.72; 'tablet'/'iPhone' 0.48, 'wine'/'Guinness' 0.46 fall short).
KIND_OF_NAME = 0.5


def names_of_things(text: str, people: Iterable[str]) -> list[str]:
    """Words of the block that name something WordNet does not know or that are written
    as a name mid-sentence ('Corolla', 'Duolingo', 'the Crown'), not the people named."""
    skip = {p.lower() for p in people}
    out: dict[str, None] = {}
    first = True
    for t in tokens(text):
        if not t.isalpha() or len(t) < 3:
            first = t in (".", "!", "?")
            continue
        low = t.lower()
        named = (t[0].isupper() and not first and t != "I") or not lexicon.known(low)
        if named and low not in skip:
            out[t] = None
        first = False
    return list(out)


def kind_of_named(word: str, names: list[str], model: PhraseSimilarity) -> str | None:
    """The name of the block the claim noun is a kind of, read by the model above the
    bar and above every sister of the noun; None when there is none. A word for a person
    or a place is a detail ('her uncle', 'the pub'), never a kind read this way."""
    if not names or not lexicon.is_noun(word):
        return None
    if lexicon.names_someone(word) or lexicon.names_place(word):
        return None
    sisters = lexicon.sisters(word)
    for name in names:
        sim = model.pair(word, name)
        if sim < KIND_OF_NAME:
            continue
        rival = model.best([name], list(sisters)).get(name, ("", 0.0))[1] if sisters else 0.0
        if sim > rival:
            return name
    return None
