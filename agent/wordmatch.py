"""Word matching the reader does beyond shared stems: other forms of one word ("diet",
"dietary"), compounds ("puregym"), and the words that say when rather than what."""

from __future__ import annotations

from functools import cache

from language.dates import MONTH_NAMES, WEEKDAY_NAMES
from validators.lexicon import known

from .text import lexicon, stem, terms


def shared(want: set[str] | frozenset[str], words: set[str]) -> set[str]:
    """The wanted stems a sentence holds, also as a longer or shorter form of the same
    word ("diet" and "dietari", "practis" and "practic" do not share a Snowball stem)."""
    out = set(want) & words
    for t in want - out:
        forms = len(t) >= 4 and any(_same_word(t, w) for w in words)
        if forms or (len(t) >= 3 and any(_compound_of(t, w) for w in words)):
            out.add(t)
    return out


def _compound_of(t: str, w: str) -> bool:
    """A name made of two words, one of them the word asked ("gym" in "puregym",
    "chat" in "snapchat"): the other part a word of its own, the whole no dictionary
    word ("carpet" is no "car")."""
    if len(w) < len(t) + 3 or not (w.endswith(t) or w.startswith(t)):
        return False
    rest = w[: -len(t)] if w.endswith(t) else w[len(t) :]
    return known(rest) and not known(w)


# What may follow a stem in a longer form of the same word, once Snowball has stemmed
# both: "diet"+"ari", "nutrit"+"i". Anything else makes another word: "motor"+"bik".
_FORM_ENDINGS = frozenset(
    ["i", "y", "e", "s", "al", "an", "ar", "er", "or", "ic", "li", "at", "is", "iz", "ist",
     "ism", "ian", "ari", "ous", "ful", "ive", "abl", "ion", "ment", "ness"]
)  # fmt: skip


def _same_word(t: str, w: str) -> bool:
    if len(w) < 4:
        return False
    short, long = sorted((t, w), key=len)
    if long.startswith(short):
        return long[len(short) :] in _FORM_ENDINGS
    # Two forms that part only at the end ("practis", "practic").
    common = _shared_prefix(t, w)
    return common >= 5 and common >= len(long) - 2


def _shared_prefix(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


@cache
def _when_words() -> frozenset[str]:
    """Stems that say when or how current, not what ("current", "recently", "october"),
    and question words the stopwords keep ("whose")."""
    words = [*MONTH_NAMES, *WEEKDAY_NAMES]
    words += ["recent", "recently", "lately", "ago", "today", "yesterday"]
    wh = ["who", "whom", "whose", "what", "which", "where", "when", "why", "how"]
    wh += [w + "s" for w in wh]  # typed without the apostrophe: "whos", "whats", "wheres"
    for key in ("current_cues", "past_cues", "earlier_cues", "later_cues"):
        words += [str(w) for w in lexicon()[key]]  # type: ignore[union-attr]
    return frozenset({t for w in words for t in terms(w)} | {stem(w) for w in wh})
