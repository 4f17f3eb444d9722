"""Which words of a claim need support, and the few that stand for what a block says
another way ('family' for 'we', 'trip' for 'going to Morocco')."""

from __future__ import annotations

import re

from . import lexicon
from .claim_text import (
    _NEG_PREFIXES,
    _SENTENCE_RE,
    FUNCTION_WORDS,
    FUTURE,
    IRREALIS,
    NEGATIVE_VERBS,
    _is_entity,
    _lows,
    _parts,
    _Reading,
    _wordset,
    possessive_name_head,
)
from .moods import NEGATIVE_PHRASES
from .predicates import _parse
from .words import (
    MONTHS,
    NEGATIONS,
    WEEKDAYS,
    durations,
    numbers_in,
    stem,
    tokens,
)

#: Words that only say a mood or a 'not' before the words after them ('waiting to hear',
#: 'needs to renew', 'going to paint', 'thinking about moving', 'instead of going', 'yet
#: to'): predicates.py reads them, and the polarity and modality checks hold them.
_MOOD_BEFORE = {
    **{w: ("to ", "for ") for w in ("wait", "waits", "waited", "waiting", "awaiting")},
    **{w: ("to ",) for w in ("need", "needs", "going", "gonna", "yet", "ought")},
    **{w: ("to ",) for w in ("keen", "eager", "determined", "willing", "desperate")},
    **{w: ("about ", "of ") for w in ("think", "thinks", "thinking")},
    **{w: ("to ", "into ", "forward") for w in ("look", "looks", "looking")},
    "instead": ("of ",),
    "whether": ("",),  # an open question, neither way (polarity.py)
    "rather": ("than ",),
}


def _says_mood(word: str, after: str) -> bool:
    """Does the word only say the mood or the 'not' of the words after it: one of
    `_MOOD_BEFORE`, or an adjective that is its own opposite by a prefix before an
    infinitive ('unable to', 'unwilling to')?"""
    if any(after.startswith(a) for a in _MOOD_BEFORE.get(word, ())):
        return True
    return after.startswith("to ") and any(
        word.startswith(p)
        and len(word) - len(p) >= 4
        and lexicon.relation(word, word[len(p) :]) == "antonym"
        for p in _NEG_PREFIXES
    )


_AGE_PARTS = frozenset({"year", "years", "old", "month", "months", "week", "weeks", "day", "days"})


#: Ways of saying someone likes something; which one a writer picks is style, not fact.
PREFERENCE = _wordset(
    """like likes liked love loves loved enjoy enjoys enjoyed into fond fan keen
    passionate interested interest interests adore adores"""
)
_FIND_VERBS = _wordset("find finds found finding")
_OBJECT_PRONOUNS = _wordset("it them this that")
_ROLE_VERBS = _wordset("work works worked working serve serves served serving")


def _role_copula(lows: list[str], i: int, ev: _Reading) -> bool:
    """'works as a counselor' says no more than 'is a counselor' when the block names
    the role itself; 'keen on counseling' does not, so there 'works' must be found."""
    if lows[i] not in _ROLE_VERBS or "as" not in lows[i + 1 : i + 2]:
        return False
    role = [w for w in lows[i + 2 : i + 5] if w not in FUNCTION_WORDS]
    return bool(role) and (role[0] in ev.words or stem(role[0]) in ev.stems)


def _written_solid(parts: list[str], ev: _Reading) -> bool:
    """Is a hyphenated claim word a word of the block written without its hyphen? Chat
    drops hyphens ('inlaws', 'eyeliner', 'followup'); read part by part, 'in-laws' would
    be the block's word with a prefix of negation taken off."""
    solid = "".join(parts)
    return solid in ev.words or stem(solid) in ev.stems


def _claim_words(text: str, names: set[str], ev: _Reading | None = None) -> list[str]:
    """The content words of a claim that need support, in order."""
    out = []
    for sent in _SENTENCE_RE.split(text):
        toks = tokens(sent)
        lows = _lows(sent)
        for i, t in enumerate(toks):
            if _is_entity(t, i == 0, names) or t[0].isdigit():
                continue
            if i and possessive_name_head(toks[i - 1], t):
                continue
            if ev is not None and _role_copula(lows, i, ev):
                continue
            nxt1 = lows[i + 1] if i + 1 < len(lows) else ""
            judged = lows[i] in _FIND_VERBS and any(
                p.pos_ == "ADJ" and p.lower_ in lows[i + 1 : i + 5] for p in _parse(sent)
            )
            if lows[i] in _FIND_VERBS and (
                nxt1 in _OBJECT_PRONOUNS or nxt1.endswith("ing") or judged
            ):
                continue  # 'found it amazing', 'finds painting relaxing': a judgement verb
            if any(nxt1 in NEGATIVE_PHRASES.get(b, ()) for b in lexicon.base_forms(lows[i])):
                continue  # 'turned down', 'called off': polarity, checked as such
            parts = _parts(t)
            if len(parts) > 1 and ev is not None and _written_solid(parts[1:], ev):
                continue  # 'in-laws' for the block's 'inlaws': one word, spelt two ways
            words = parts[1:] if len(parts) > 1 else parts
            if len(parts) > 1 and numbers_in(" ".join(parts)):
                words = [w for w in words if w not in _AGE_PARTS]  # "three-year-old"
            prev = lows[i - 1] if i else ""
            nxt = " ".join(lows[i + 1 : i + 3])
            for w in words:
                if (
                    len(w) < 3
                    or w in FUNCTION_WORDS
                    or w in IRREALIS
                    or w in NEGATIONS
                    or w in FUTURE
                    or w in NEGATIVE_VERBS  # polarity is checked clause by clause
                    or w in MONTHS
                    or w in WEEKDAYS
                    or bool(numbers_in(w))  # numbers are checked as numbers
                    or w in ("decade", "decades", "hundred", "thousand", "million")
                    or (w == "longer" and prev == "no")  # "no longer" is a negation
                    or (w in ("like", "love") and prev in ("would", "'d"))  # a wish
                    or _says_mood(w, nxt)
                    or (w in ("age", "aged") and numbers_in(nxt))  # "at age eight"
                    or (w in ("time", "times") and bool(numbers_in(prev)))  # "two times"
                    or (w in ("rest", "remainder") and nxt.startswith("of "))  # "the rest of"
                ):
                    continue
                out.append(w)
    return list(dict.fromkeys(out))


#: Words for the unit of a number that a block may write as a sign.
UNIT_SIGNS = {
    **dict.fromkeys(["percent", "per cent", "percentage"], "%"),
    **dict.fromkeys(["pound", "pounds", "quid", "sterling"], "£"),
    **dict.fromkeys(["dollar", "dollars", "bucks"], "$"),
    **dict.fromkeys(["euro", "euros"], "€"),
}
#: Nouns for a group the speaker belongs to: 'we' said by someone is their family; and
#: "others", which Dream's own rewrite writes for 'we' ("Priya and others leave june 16").
GROUP_NOUNS = _wordset("family families household couple together others partner partners")
#: Where someone lives, which 'at my aunt's' leaves unsaid.
DWELLINGS = _wordset("home house place flat apartment")
#: Verbs that only carry a span of time: 'spent forty years', 'went three weeks without'.
SPAN_VERBS = _wordset("spent spend spends spending gone went go goes passed")
_DURATION_RE = re.compile(
    r"\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"twenty|thirty|forty|fifty|sixty|several|many|few)\b[\w\s-]{0,12}?"
    r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?)\b",
    re.IGNORECASE,
)
#: Suffixes that make a word of another class without changing what it says.
_DERIVING = ("fulness", "ful", "fully", "ly", "ness", "ment", "ity", "ation", "ion", "al", "ive")


def _parts_of_speech(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each claim word's part of speech and lemma (spaCy), for the ties that need them."""
    doc = _parse(text)
    return {t.lower_: t.pos_ for t in doc}, {t.lower_: t.lemma_.lower() for t in doc}


#: Nouns for going somewhere, which a verb of motion with a destination says.
JOURNEYS = _wordset("trip trips journey journeys visit visits vacation holiday travel")
_MOTION_TO_RE = re.compile(
    r"\b(?:go|goes|going|went|gone|take|takes|taking|took|taken|fly|flies|flying|flew|"
    r"flown|drive|drives|driving|drove|travel\w*|head\w*|visit\w*)\b[^.!?]{0,40}?"
    r"\b(?:to|in)\s+[A-Z]",
)


_POSSESSIVE_PLACE_RE = re.compile(
    r"\b(?:at|to|from|over|near)\s+(?:(?:my|his|her|our|their|your)\s+)?[\w-]+'s"
    r"(?=\s*[,.;!?)]|\s*$|\s+(?:tonight|today|tomorrow|yesterday|this|last|next|for|on|in|"
    r"with|and|after|before|every|again|since|until)\b)",
    re.IGNORECASE,
)


def _possessive_place(text: str) -> bool:
    """Does the block name a place by its owner alone ('at my aunt's', 'to Bea's')?"""
    return bool(_POSSESSIVE_PLACE_RE.search(text.replace("’", "'")))


def _takes_duration(word: str, text: str) -> bool:
    low = text.lower()
    i = low.find(word)
    rest = low[i + len(word) :].lstrip()
    return i >= 0 and bool(
        _DURATION_RE.match(rest) or any(rest.startswith(p.lower()) for p, _ in durations(rest))
    )
