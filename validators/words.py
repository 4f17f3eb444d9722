"""Words of claims and evidence: tokens, stems, stop words, negation, numbers and spans
of time.

One reading for every writer and checker: Dream's engines and the validators import
these, so a number means the same thing where it is written and where it is checked.
Dates are read by the one date parser, `language.dates`.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import pairwise

from language.dates import MONTHS as MONTHS
from language.dates import WEEKDAYS as WEEKDAYS
from memory_schema.links import CITE_RE, WIKILINK_RE


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS = _wordset(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me more most my myself now of off on once only or other our
    ours ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves since current currently earlier formerly previously now then still ago
    said says say told tells tell mentioned mentions mention per via one's it's i'm i've
    i'd i'll let's really much many lot lots get got gets getting well"""
)
NEGATIONS = _wordset(
    "not no never none nobody nothing neither nor without cannot can't don't doesn't didn't "
    "won't isn't aren't wasn't weren't haven't hasn't hadn't shouldn't wouldn't couldn't "
    "dislike dislikes disliked hate hates hated "
    # The adverbs that deny all but a little: 'is rarely home' says the block's 'basically
    # never home', and no 'home every weekend'. ('barely' only before 'ever': negation.py.)
    "rarely seldom hardly scarcely"
)
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        re.findall(
            r"\w+",
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen",
        )
    )
}
NUMBER_WORDS.update(
    {
        w: str(10 * i)
        for i, w in enumerate(
            ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2
        )
    }
)
#: Words that multiply the number before them: 'two hundred', 'three thousand', and
#: in speech 'four grand' (only ever after a count, so 'a grand day' stays no number).
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 1_000_000}
#: Words that stand for a number on their own: 'a dozen eggs'.
_COUNT_NOUNS = {"dozen": 12}
#: Ordinals count too ('her third child'); 'first' is left out, as 'one' is.
ORDINALS = {
    w: str(i)
    for i, w in enumerate(
        [
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
        ],
        2,
    )
}
# ... and the tens: 'her ninetieth birthday' (90).
ORDINALS.update({w[:-1] + "ieth": v for w, v in NUMBER_WORDS.items() if w.endswith("ty")})
#: Words that say how many times: 'failed twice' (2).
_TIMES = {"twice": "2", "thrice": "3"}
#: A thousand after a currency sign: '£3k' (3000).
_THOUSANDS_RE = re.compile(r"([£$€])\s?(\d+(?:\.\d+)?)k\b", re.IGNORECASE)
#: ... and without one: '9k' is 9000 in a quote or a salary but a race in '5k' or '10k',
#: so a block's bare 'k' is read both ways (a claim's stays the count it writes).
_BARE_K_RE = re.compile(r"(?<![\w.£$€])(\d+(?:\.\d+)?)k\b", re.IGNORECASE)
#: A span of hours and minutes ('2h14', '1h 05m', '2 hrs 14', '3 hours 20 minutes'),
#: which a claim may write as a clock does ('2:14').
_HOURS_MINUTES_RE = re.compile(
    r"\b(\d{1,2})\s*(?:h|hrs?|hours?)\s*(?:and\s+)?([0-5]\d)\s*(?:m|mins?|minutes?)?\b",
    re.IGNORECASE,
)
#: Shares a block says in words, as the percentages a claim may write: 'half the loan'
#: is '50%' of it. Read on the block's side only: a claim's 'half' states no count.
_FRACTIONS = {"half": "50", "quarter": "25", "quarters": "75", "third": "33"}
_TOKEN_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+(?:[.,:]\d+)*")
_LABEL_RE = re.compile(r"\*\*[^*\n]{1,60}?:\*\*")


def plain_claim(text: str) -> str:
    """A claim as words: labels, link syntax, citations and emphasis removed."""
    text = CITE_RE.sub(" ", text)
    text = _LABEL_RE.sub(" ", text)

    def shown(m: re.Match[str]) -> str:
        if m.group(4):
            return m.group(4)
        return m.group(2).rsplit("/", 1)[-1]

    text = WIKILINK_RE.sub(shown, text)
    text = re.sub(r"[*_`>#]+", " ", text)
    text = re.sub(r"^\s*[-+]\s+", "", text)
    return " ".join(text.split())


def fold_accents(text: str) -> str:
    """The text with its letters' accents taken off: 'Bogotá' is 'Bogota', 'Tomás'
    'Tomas'. People type a name with its accents or without ('from bogota'), and the
    word reader keeps ASCII letters only, so 'Bogotá' would otherwise be read 'Bogot'."""
    if text.isascii():
        return text
    out = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(c for c in out if not unicodedata.combining(c)))


def tokens(text: str) -> list[str]:
    return [t.replace("’", "'") for t in _TOKEN_RE.findall(text)]


def stem(word: str) -> str:
    """A crude English stem, enough to match 'engineering' with 'engineer'."""
    w = word.lower().strip("'-")
    for suffix in ("ies", "ing", "ed", "es", "ly", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> list[str]:
    return [
        t.lower()
        for t in tokens(text)
        if not t[0].isdigit() and len(t) >= 3 and t.lower() not in STOPWORDS
    ]


def is_negated(text: str) -> bool:
    words = {t.lower() for t in tokens(text)}
    return bool(words & NEGATIONS) or "n't" in text.lower()


def numbers_in(text: str, *, block: bool = False) -> set[str]:
    """Numbers a text states, in digits: '3', 'three', 'twenty-two' (22), 'two hundred'
    (200), '4 grand' (4000), 'a dozen' (12), 'a couple of' (2), 'two
    decades' (20, as years); 'one' alone is too often no count.

    Every reading of a number goes through here, for claims and blocks alike. A `block`
    (the evidence) also gives the other readings a phrase may have: a bare '9k' is 9000
    as well as 9 (a '5k' is a race), and 'half' or 'three quarters' the percentage a
    claim may write for it."""
    out = set()
    text = _THOUSANDS_RE.sub(lambda m: m.group(1) + str(round(float(m.group(2)) * 1000)), text)
    if block:
        out |= {_digits(float(m.group(1)) * 1000) for m in _BARE_K_RE.finditer(text)}
        out |= {f"{int(m[1])}:{m[2]}" for m in _HOURS_MINUTES_RE.finditer(text)}
    words = [w for t in tokens(text) for w in (t.lower().split("-") if "-" in t else [t])]
    run: list[int] = []

    def close() -> None:
        if not run:
            return
        total, part = 0, 0
        for v in run:
            if v in _SCALES.values():
                part = max(part, 1) * v
                total, part = total + part, 0
            else:
                part += v
        value = total + part
        if not (len(run) == 1 and value == 1):
            out.add(str(value))
        run.clear()

    for i, t in enumerate(words):
        low = t.lower()
        if t and t[0].isdigit():
            close()
            nxt = words[i + 1].lower() if i + 1 < len(words) else ""
            if nxt in _SCALES and t.replace(",", "").replace(".", "", 1).isdigit():
                # '4 grand', '3 million', '2.5 thousand': the digits times the scale.
                out.add(_digits(float(t.replace(",", "")) * _SCALES[nxt]))
                continue
            out.add(t.replace(",", ""))
            continue
        if low == "couple" and i + 1 < len(words) and _counts(words[i + 1]):
            # 'a couple of pints' and chat's 'a couple weeks' are two; 'we're a couple'
            # counts nothing.
            close()
            out.add("2")
            continue
        if block and low in _FRACTIONS:
            out.add(_FRACTIONS[low])
        if low in NUMBER_WORDS:
            run.append(int(NUMBER_WORDS[low]))
            continue
        if low in _SCALES and run:
            run.append(_SCALES[low])
            continue
        if low in _SCALES and i > 0 and words[i - 1][:1].isdigit():
            continue  # read with the digits before it
        if low == "and" and run and i + 1 < len(words) and words[i + 1].lower() in NUMBER_WORDS:
            continue  # 'two hundred and fifty'
        if low in ("decade", "decades"):
            # 'two decades' is twenty years, 'a decade' ten.
            out.add(str(10 * (sum(run) if run else 1)))
            run.clear()
            continue
        if low in _COUNT_NOUNS:
            # 'a dozen' 12, 'two dozen' 24, 'half a dozen' 6.
            half = i >= 2 and words[i - 2].lower() == "half" and words[i - 1].lower() in ("a", "an")
            n = sum(run) if run else 1
            run.clear()
            out.add(str(_COUNT_NOUNS[low] * n // (2 if half else 1)))
            continue
        close()
        if low in _TIMES:
            out.add(_TIMES[low])
        if low in ORDINALS and not _idiom(low, words[i + 1] if i + 1 < len(words) else ""):
            out.add(ORDINALS[low])
    close()
    return out


def _counts(nxt: str) -> bool:
    """Does 'couple' count what follows it: 'of', or a plural noun ('a couple weeks',
    'a couple pints'), as people type it?"""
    from .lexicon import base_forms

    low = nxt.lower()
    return low == "of" or (low.endswith("s") and any(b != low for b in base_forms(low)))


_DIGIT_ORDINAL_RE = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b", re.IGNORECASE)


def ordinals_in(text: str, *, digits: bool = False) -> set[str]:
    """The places a text names ('second' 2, 'first' 1; with `digits`, '2nd' too), not
    counts: 'came second' / 'came first' is one slot filled two ways, while 'two minor
    faults' says nothing of which attempt it was. An ordinal that opens or ends a
    dictionary phrase ('second-hand', 'at first') names no place."""
    from .lexicon import is_lemma

    words = [w for t in tokens(text) for w in (t.lower().split("-") if "-" in t else [t])]
    out = set()
    for i, t in enumerate(words):
        low = t.lower()
        if low not in ORDINALS and low != "first":
            continue
        prev = words[i - 1].lower() if i else ""
        if _idiom(low, words[i + 1] if i + 1 < len(words) else "") or (
            prev and is_lemma(f"{prev}_{low}")
        ):
            continue
        out.add(ORDINALS.get(low, "1"))
    if digits:
        out |= {m.group(1) for m in _DIGIT_ORDINAL_RE.finditer(text)}
    return out


def numbered_places(claim: str, block: str) -> set[str]:
    """The claim's places the block gives as a number after the same noun: 'in the second
    round' for 'in round 2', 'the third week' for 'week 3'. A place of another noun ('came
    second' beside 'round 2') is not one of them."""
    numbered = {
        (stem(m.group(1).lower()), m.group(2).lstrip("0"))
        for m in re.finditer(r"\b([a-z]+)\s+(\d{1,2})\b(?![.,:/-]?\d)", block, re.IGNORECASE)
    }
    words = [t.lower() for t in tokens(claim)]
    return {
        ORDINALS.get(w, "1")
        for w, nxt in pairwise(words)
        if (w in ORDINALS or w == "first") and (stem(nxt), ORDINALS.get(w, "1")) in numbered
    }


def _digits(value: float) -> str:
    """A number as a claim writes it: 9000, not 9000.0; 2.5 stays 2.5."""
    return str(int(value)) if value == int(value) else str(value)


def _idiom(ordinal: str, nxt: str) -> bool:
    """An ordinal that opens a dictionary phrase counts nothing: 'second-hand', 'second
    thoughts', 'third party'."""
    from .lexicon import base_forms, is_lemma

    return bool(nxt) and any(
        is_lemma(f"{ordinal}_{n}") for n in {nxt.lower(), *base_forms(nxt.lower())}
    )


#: Units of time in days, for durations said in other units ('two years' = '24 months').
_UNIT_DAYS = {
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1.0,
    "week": 7.0,
    "fortnight": 14.0,
    "month": 365.25 / 12,
    "year": 365.25,
    "decade": 3652.5,
}
#: Units as chat shortens them ('a couple wks', '3 yrs', '20 mins'), read as the unit.
#: Not 'mo' ('back in a mo' is a moment) nor 'sec'.
_SHORT_UNITS = {
    "min": "minute",
    "hr": "hour",
    "wk": "week",
    "mth": "month",
    "yr": "year",
}
_NUM_WORD = "|".join(sorted([*NUMBER_WORDS, "a", "an", "half", "hundred"], key=len, reverse=True))
_DURATION_RE = re.compile(
    r"\b(?:((?:half|(?:a|one|three)\s+quarters?|(?:a|one|two)\s+thirds?)\s+(?:of\s+)?(?:a|an)\s+)|((?:\d+(?:\.\d+)?|(?:an?\s+)?couple(?:\s+of)?|(?:"
    + _NUM_WORD
    + r")(?:[\s-]+(?:"
    + _NUM_WORD
    + r"))*)[\s-]+))?("
    + "|".join([*_UNIT_DAYS, *_SHORT_UNITS])
    + r")s?\b(\s+and\s+a\s+half)?",
    re.IGNORECASE,
)


#: A unit after these is a span of one ('for the next month', 'over the past year');
#: without the 'for' it may name a day ('the last week of May').
_SPAN_AHEAD_RE = re.compile(
    r"\b(?:for|over|during|throughout|within)\s+the\s+(?:next|past|last|coming|following)\s+$",
    re.IGNORECASE,
)


def durations(text: str) -> list[tuple[str, float]]:
    """Spans of time a text names, in days: 'two years' and 'twenty-four months' are
    both 730.5, 'a fortnight' is 14, 'half a year' 182.6, 'a year and a half' 547.9,
    'three quarters of an hour' 45 minutes.
    A unit without a count is one of it only after 'a'/'an' ('a fortnight'); a unit as
    chat shortens it is the unit ('a couple wks' is 'a couple of weeks')."""
    out = []
    for m in _DURATION_RE.finditer(text):
        half, count, unit, and_half = m.group(1), m.group(2), m.group(3).lower(), m.group(4)
        unit = _SHORT_UNITS.get(unit, unit)
        if half:
            # 'half a year', 'three quarters of an hour', 'a third of a year'
            words = half.lower().split()
            share = 0.5 if words[0] == "half" else (0.25 if "quarter" in words[1] else 1 / 3)
            n = share * (3 if words[0] == "three" else 2 if words[0] == "two" else 1)
        elif count:
            words = count.lower().replace("-", " ").split()
            if words[0] in ("a", "an") and len(words) == 1:
                n = 1.0
            elif "couple" in words:
                n = 2.0  # 'a couple of weeks', 'a couple weeks'
            elif words[0][0].isdigit():
                n = float(words[0])
            else:
                found = numbers_in(" ".join(w for w in words if w not in ("a", "an")))
                if not found and words[-1] not in ("one",):
                    continue
                n = float(max(found, key=float)) if found else 1.0
        elif _SPAN_AHEAD_RE.search(text[: m.start()]):
            n = 1.0  # 'for the next month', 'over the past year': one of the unit
        else:
            continue  # 'the month', 'every week': no span said
        if and_half:
            n += 0.5
        out.append((m.group(0).strip(), n * _UNIT_DAYS[unit]))
    return out


def same_duration(a: float, b: float) -> bool:
    """Two spans in days are the same one said in other units, within 2% since months
    and years are not whole weeks ('six months' is '26 weeks'; 'a month' is no '4 weeks')."""
    return abs(a - b) <= 0.02 * max(a, b)


#: How often, in days, a word of frequency says: 'weekly', 'every Tuesday', 'on
#: Sundays', 'every other week', 'once a month'. A weekday keeps its name.
_EVERY_UNIT = {
    "day": 1.0,
    "night": 1.0,
    "morning": 1.0,
    "afternoon": 1.0,
    "evening": 1.0,
    "week": 7.0,
    "weekend": 7.0,
    "fortnight": 14.0,
    "month": 365.25 / 12,
    "year": 365.25,
}
_EVERY_WORD = {
    "daily": 1.0,
    "nightly": 1.0,
    "weekly": 7.0,
    "fortnightly": 14.0,
    "biweekly": 14.0,
    "monthly": 365.25 / 12,
    "yearly": 365.25,
    "annually": 365.25,
}
_WD_NAMES = "|".join(WEEKDAYS)
_EVERY_RE = re.compile(
    r"\b(?:(?:every|each)\s+(other|second|alternate)?\s*|(alternate)\s+|(once)\s+a\s+)?"
    rf"({'|'.join(_EVERY_UNIT)}|{_WD_NAMES})(s)?\b",
    re.IGNORECASE,
)
_EVERY_WORD_RE = re.compile(rf"\b(?:{'|'.join(_EVERY_WORD)})\b", re.IGNORECASE)


def frequencies(text: str) -> list[tuple[str, float, str | None]]:
    """How often a text says something happens: (phrase, every so many days, weekday or
    None). 'every other Sunday' and 'alternate Sundays' are 14 days on Sundays,
    'fortnightly' 14, 'on tuesdays' and 'every Tuesday' 7 on Tuesdays, 'once a month'
    a month. A unit without a word of repetition ('a week', 'the weekend') is none."""
    out: list[tuple[str, float, str | None]] = []
    for m in _EVERY_RE.finditer(text):
        other, alternate, once, unit, plural = m.groups()
        unit = unit.lower()
        every = m.group(0).lower().startswith(("every", "each"))
        weekday = unit if unit in WEEKDAYS else None
        if not (every or alternate or once or (plural and (weekday or unit == "weekend"))):
            continue
        if once and weekday:
            continue  # 'once a monday' is no frequency
        days = 7.0 if weekday else _EVERY_UNIT[unit]
        if other or alternate:
            days *= 2
        out.append((m.group(0).strip(), days, weekday))
    for m in _EVERY_WORD_RE.finditer(text):
        out.append((m.group(0), _EVERY_WORD[m.group(0).lower()], None))
    return out
