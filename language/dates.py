"""Dates in text, read one way for everyone: the agent's answers, Dream's events and the
validators' checks all call `dates`, so a date means the same where it is written, where
it is checked and where it answers a question.

`dates(text, said_on)` finds the phrases that name a day or a stretch of days, each with
its character offsets, the day it resolves to, the stretch it covers and its precision:

- written dates: '2 May 2024', 'May 2nd, 2024', 'the 2nd of may', 'sat 21 sept', 'Oct. 3',
  '2024-05-02', '14/03/2025', with months typed in lower case, shortened or misspelt
  ('febuary 3'); a day and month without a year is placed in the year nearest the day
  said;
- months, seasons and years: 'June 2024', 'the fall of 2026', 'in 2020';
- stretches: '24-25 January', 'the week of 9 February 2026', 'the weekend of 24-25
  January', 'mid-September';
- given the day it was said: 'yesterday', 'last night', 'the day before yesterday',
  'last fri', 'on saturday', 'two weeks ago', 'a couple of days ago', 'in a fortnight',
  'next month', 'this weekend', 'the week before last', 'the 13th', 'saturday the 26th',
  'the 15th of every month', and typed short: 'arrives 14th', 'on 1st', 'on thurs'.

Whether a day of the month or week said alone is behind or ahead is the tense of the verb
it goes with, by the dependency parse of its sentence ("the guy i met starts on the 19th":
the day goes with "starts", not "met"; "rang him on mon": with "rang"); the words before
it decide where the parse finds no verb.

With `loose`, it also returns what leaves open which day is meant ('Friday', 'in June',
'last summer', 'the 3rd time'): every stretch such a phrase may mean is in its `readings`,
which the support check accepts and the answering agent does not guess between.

python-dateutil's parser reads one date out of a whole string and says nothing of where
it was: no use for finding many phrases in a turn. Its `relativedelta` does the calendar
arithmetic here; reading a phrase against the day it was said is ours.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache

from dateutil.relativedelta import relativedelta

MONTH_NAMES = [m.lower() for m in calendar.month_name if m]
WEEKDAY_NAMES = [d.lower() for d in calendar.day_name]
#: A month's number by its name or shortening ('sept' as common as 'sep' in British text).
MONTHS = {m: i for i, m in enumerate(MONTH_NAMES, 1)}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS["sept"] = 9
#: Monday 0 .. Sunday 6.
WEEKDAYS = {d: i for i, d in enumerate(WEEKDAY_NAMES)}
#: Days of the week as people shorten them in chat ('last tues', 'on sat'). Some are also
#: words ('sat', 'sun', 'wed'), so they are days only after a word of time ('on sat').
WEEKDAY_SHORT = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3,
    "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
#: The numbers a count of units may be written as: 'two weeks ago', 'a couple of days'.
_COUNTS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "twenty": 20, "thirty": 30, "a couple of": 2, "couple of": 2,
    "a couple": 2, "couple": 2, "a few": 3, "few": 3, "several": 3,
}  # fmt: skip
#: Units of time as written, shortened too ('2 wks ago', '3 yrs ago').
_UNITS = {
    "day": "day", "days": "day", "week": "week", "weeks": "week", "wk": "week",
    "wks": "week", "fortnight": "fortnight", "fortnights": "fortnight", "month": "month",
    "months": "month", "mo": "month", "mos": "month", "mth": "month", "mths": "month",
    "year": "year", "years": "year", "yr": "year", "yrs": "year",
}  # fmt: skip


@dataclass(frozen=True)
class DateSpan:
    """A phrase that names a day or a stretch of days.

    `date` is the day it points at (the first day of a month, season or year it names;
    "two weeks ago" the day two weeks back); `first` and `last` the stretch it covers;
    `readings` every stretch it may mean (more than one when it does not say which:
    'Friday' is the one before or the one after the day said). `date` is None when the
    phrase cannot be placed: no year and no day said, or a day of every month.
    """

    phrase: str  # as written
    start: int
    end: int
    date: dt.date | None
    precision: str  # day, days, week, weekend, month, season, year, monthly
    first: dt.date | None = None
    last: dt.date | None = None
    readings: tuple[tuple[dt.date, dt.date], ...] = ()
    relative: bool = False  # read against the day said ('yesterday', 'the 13th')
    yearless: bool = False  # day and month with no year written, placed in the nearest
    loose: bool = False  # leaves open which day it means ('Friday', 'in June')
    shown: str = field(default="", compare=False)  # as an answer says it: '7 May 2023'


# -- words ---------------------------------------------------------------------------

_WORD = r"[A-Za-z]{3,10}"
_ORD = r"(?:st|nd|rd|th)"
_YEAR4 = r"\d{4}"
_WD_FULL = "|".join(WEEKDAY_NAMES)
_WD_ANY = "|".join(sorted([*WEEKDAY_NAMES, *WEEKDAY_SHORT], key=len, reverse=True))
#: Words a misspelling may stand for, when typed close to them ('febuary', 'wensday',
#: 'tomorow', 'yesterdy'): the long month and day names and the days either side of today.
_CANONICAL = [m for m in MONTH_NAMES if len(m) >= 5] + WEEKDAY_NAMES + ["yesterday", "tomorrow"]


@lru_cache(maxsize=4096)
def _respelt(word: str) -> str | None:
    """The date word a misspelt `word` stands for, or None. A typo keeps the first letter
    and most of the rest (rapidfuzz's ratio at least 85); a plural ('fridays') is not a
    typo but a habit, and short words are too near other words to guess."""
    from rapidfuzz import fuzz, process

    low = word.lower()
    if len(low) < 5 or low in MONTHS or low in WEEKDAYS or low.rstrip("s") in _CANONICAL:
        return None
    found = process.extractOne(
        low, [c for c in _CANONICAL if c[0] == low[0]], scorer=fuzz.ratio, score_cutoff=85
    )
    if not found or abs(len(found[0]) - len(low)) > 2 or low.startswith(found[0]):
        return None  # a name or word that only begins with one: 'Augusta', 'Mondayne'
    return found[0]


def _shortened(word: str) -> str | None:
    """'yesterday' or 'tomorrow' when `word` is one written as chat shortens a word, by
    its consonants ('tmrw', 'ystrdy'): the first and last letters are the word's, the rest
    are consonants in its order. Three letters or more, so 'tm' or 'yd' stay letters."""
    low = word.lower()
    if len(low) < 3 or set(low) & set("aeiou"):
        return None
    for day in ("yesterday", "tomorrow"):
        if low[0] != day[0] or low[-1] != day[-1]:
            continue
        rest = iter(day[1:])
        if all(c in rest for c in low[1:]):
            return day
    return None


def month_number(word: str) -> int | None:
    """1-12 for a month's name, shortening or misspelling ('Sept.', 'febuary'), else None."""
    low = word.lower().rstrip(".")
    if low in MONTHS:
        return MONTHS[low]
    respelt = _respelt(low)
    return MONTHS.get(respelt) if respelt else None


def weekday_number(word: str) -> int | None:
    """Monday 0 .. Sunday 6 for a day's name, shortening or misspelling ('tues', 'wensday')."""
    low = word.lower().rstrip(".")
    if low in WEEKDAYS or low in WEEKDAY_SHORT:
        return WEEKDAYS.get(low, WEEKDAY_SHORT.get(low))
    respelt = _respelt(low)
    return WEEKDAYS.get(respelt) if respelt else None


def is_date_word(text: str) -> bool:
    """The whole of `text` says when, not what: a month or a day of the week (shortened,
    misspelt or plural: 'sept', 'wensday', 'saturdays'), 'today', 'yesterday', or one of
    them after 'last', 'next' or 'this' ("Saturday" answers when, never who or where)."""
    low = re.sub(r"^(?:last|next|this)\s+", "", " ".join(text.lower().split())).rstrip(".")
    if low in ("today", "tonight", "yesterday", "tomorrow") or _respelt(low) in (
        "yesterday",
        "tomorrow",
    ):
        return True
    if month_number(low) is not None or weekday_number(low) is not None:
        return True
    return low.endswith("s") and weekday_number(low[:-1]) is not None


def _count(raw: str) -> int:
    raw = " ".join(raw.lower().split())
    return int(raw) if raw.isdigit() else _COUNTS.get(raw, 1)


def render_date(d: dt.date, precision: str = "day") -> str:
    """4 March 2025, March 2025, 2025."""
    if precision == "year":
        return str(d.year)
    if precision in ("month", "season"):
        return f"{MONTH_NAMES[d.month - 1].title()} {d.year}"
    return f"{d.day} {MONTH_NAMES[d.month - 1].title()} {d.year}"


def _render_stretch(a: dt.date, b: dt.date) -> str:
    """24-25 January 2026; 30 January - 2 February 2026; 30 December 2025 - 2 January 2026."""
    if (a.year, a.month) == (b.year, b.month):
        return f"{a.day}-{b.day} {MONTH_NAMES[a.month - 1].title()} {a.year}"
    if a.year == b.year:
        return f"{a.day} {MONTH_NAMES[a.month - 1].title()} - {render_date(b)}"
    return f"{render_date(a)} - {render_date(b)}"


# -- calendar arithmetic -----------------------------------------------------------


def _nearest_year(
    month: int, day: int, said_on: dt.date | None, weekday: int | None = None
) -> dt.date | None:
    """The day and month in the year nearest the day said (one year either side): "5
    February" said in November is next February, "30 January" said on 3 February four
    days back. With `weekday`, only a year where the day falls on it ("thurs 12 nov")."""
    if said_on is None:
        return None
    days = []
    for y in (said_on.year - 1, said_on.year, said_on.year + 1):
        try:
            days.append(dt.date(y, month, day))
        except ValueError:
            continue
    fits = [d for d in days if weekday is None or d.weekday() == weekday]
    return min(fits, key=lambda d: abs((d - said_on).days)) if fits else None


def _day(
    year: int | None, month: int, day: int, said_on: dt.date | None, past: bool = False
) -> dt.date | None:
    if year is None:
        near = _nearest_year(month, day, said_on)
        if past and near and said_on and near > said_on:
            # Told in the past tense ("we met on 20 feb", said on 3 February), a day
            # is not after the day said: last year's.
            return _day(near.year - 1, month, day, None) or near
        return near
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _shift(day: dt.date, n: int, unit: str) -> dt.date:
    """`day` moved by n units (negative: back); a fortnight is two weeks."""
    if unit == "fortnight":
        return day + dt.timedelta(weeks=2 * n)
    return day + relativedelta(**{unit + "s": n})  # type: ignore[arg-type]


def _month_stretch(d: dt.date) -> tuple[dt.date, dt.date]:
    return d.replace(day=1), d.replace(day=calendar.monthrange(d.year, d.month)[1])


def _season_stretch(year: int, season: str) -> tuple[dt.date, dt.date]:
    first = dt.date(year, _SEASONS[season], 1)
    return first, first + relativedelta(months=3) - dt.timedelta(days=1)


def _week(day: dt.date) -> tuple[dt.date, dt.date]:
    monday = day - dt.timedelta(days=day.weekday())
    return monday, monday + dt.timedelta(days=6)


def _weekend(day: dt.date) -> tuple[dt.date, dt.date]:
    """The weekend a day is in (Friday to Sunday), or the one after a weekday."""
    wd = day.weekday()
    sat = day + dt.timedelta(days=5 - wd)
    return (day if wd == 4 else sat, sat + dt.timedelta(days=1))


def _weekday_around(wd: int, said_on: dt.date) -> tuple[dt.date, dt.date]:
    """The day of the week `wd` on or before the day said, and the next one after it."""
    back = said_on - dt.timedelta(days=(said_on.weekday() - wd) % 7)
    return back, said_on + dt.timedelta(days=(wd - said_on.weekday()) % 7 or 7)


def days_numbered(day: int, said_on: dt.date, weekday: int | None = None) -> list[dt.date]:
    """The days numbered `day` in the month said, the month after and the month before,
    in that order; with a day of the week ('saturday the 26th', said on 9 July) only those
    that fall on it (26 July, not 26 June)."""
    out = []
    for shift in (0, 1, -1):
        y, m = divmod(said_on.year * 12 + said_on.month - 1 + shift, 12)
        try:
            d = dt.date(y, m + 1, day)
        except ValueError:
            continue
        if weekday is None or d.weekday() == weekday:
            out.append(d)
    return out


def _day_of_month(day: int, said_on: dt.date, past: bool, weekday: int | None) -> dt.date | None:
    """The day of the month meant: this month's; the month before's for a past event on
    a later day than the one it is said on ("moved in on the 28th", said on the 3rd); the
    next month's for a coming one on an earlier day ("keys on the 5th", said on the 20th).
    With a day of the week, the nearest month where that day falls on it."""
    if weekday is not None:
        return next(iter(days_numbered(day, said_on, weekday)), None)
    month = said_on.replace(day=1)
    if past and day > said_on.day:
        month -= relativedelta(months=1)
    elif not past and day < said_on.day:
        month += relativedelta(months=1)
    try:
        return month.replace(day=day)
    except ValueError:
        return None


def _days_around(day: int, said_on: dt.date, weekday: int | None) -> list[dt.date]:
    """The days numbered `day` nearest before and after the day said (on `weekday`)."""
    out = days_numbered(day, said_on, weekday)
    before = [d for d in out if d <= said_on]
    after = [d for d in out if d >= said_on]
    return sorted({d for d in (max(before, default=None), min(after, default=None)) if d})


# -- patterns ------------------------------------------------------------------------

_ISO = re.compile(r"\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b")
#: '14/03/2025', '3/14/2025', '14.03.2025': with a four-digit year only ('1/2' is a half).
_NUMERIC = re.compile(r"\b(\d{1,2})([/.])(\d{1,2})\2(\d{4})\b")
_DAY_MONTH = re.compile(
    rf"\b(?:({_WD_ANY})\.?,?\s+)?(?:the\s+)?(\d{{1,2}}){_ORD}?(?:\s+of)?\s+({_WORD})\b\.?"
    rf"(?:,?\s+({_YEAR4})\b)?",
    re.I,
)
_MONTH_DAY = re.compile(
    rf"\b(?:({_WD_ANY})\.?,?\s+)?({_WORD})\.?\s+(?:the\s+)?(\d{{1,2}}){_ORD}?\b(?!\s*[:.]\d)"
    rf"(?:,?\s+({_YEAR4})\b)?",
    re.I,
)
#: "may" typed in lower case after a subject is the modal verb ("you may 2x the dose").
_MODAL_SUBJECT = re.compile(r"\b(?:i|you|we|they|he|she|it|that|this|which|who)\s+$", re.I)
_MONTH_YEAR = re.compile(rf"\b({_WORD})\.?,?\s+({_YEAR4})\b", re.I)
_SEASON_YEAR = re.compile(
    r"\b(?:the\s+)?(spring|summer|fall|autumn|winter)\s+(?:of\s+)?((?:19|20)\d\d)\b", re.I
)
_YEAR = re.compile(
    r"\b(?:in|since|of|from|by|until|till|during|around)\s+((?:19|20)\d\d)\b(?!\s*[-/]\d)", re.I
)
_TO = r"(?:-|–|to|and|until|till)"
_RANGE = re.compile(
    rf"\b(?:(?:the\s+)?(\d{{1,2}}){_ORD}?\s*{_TO}\s*(?:the\s+)?(\d{{1,2}}){_ORD}?\s+"
    rf"(?:of\s+)?({_WORD})|({_WORD})\.?\s+(\d{{1,2}}){_ORD}?\s*{_TO}\s*(?:the\s+)?"
    rf"(\d{{1,2}}){_ORD}?)\b\.?(?:,?\s+({_YEAR4})\b)?",
    re.I,
)
_PERIOD_OF = re.compile(r"\b(?:the\s+)?(week|weekend)\s+of\s+", re.I)
_MONTH_PART = re.compile(rf"\b(early|mid|late)[\s-]+({_WORD})\b\.?(?:,?\s+({_YEAR4})\b)?", re.I)
_PARTS_OF_MONTH = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}
_MONTHLY_DAY = re.compile(
    rf"\b(?:the\s+)?(?:[1-9]|[12][0-9]|3[01]){_ORD}\s+of\s+(?:every|each|the)\s+month\b", re.I
)
_DAY_WORDS = {
    "the day before yesterday": -2, "the day after tomorrow": 2, "yesterday": -1,
    "last night": -1, "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0,
    "this evening": 0, "tomorrow": 1,
}  # fmt: skip
_REL_DAY = re.compile(
    r"\b(the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday|last\s+night|"
    r"today|tonight|this\s+morning|this\s+afternoon|this\s+evening|tomorrow)\b",
    re.I,
)
_COUNT = (
    r"\d+|a\s+couple\s+of|couple\s+of|a\s+couple|couple|a\s+few|few|several|an?|one|two|three|"
    r"four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
)
_UNIT = "|".join(sorted(_UNITS, key=len, reverse=True))
_AGO = re.compile(rf"\b({_COUNT})\s+({_UNIT})\s+ago\b", re.I)
#: 'in 6 weeks', "in two months' time", 'a week from now': to come.
_IN = re.compile(
    rf"\b(?:in\s+({_COUNT})\s+({_UNIT})(?:'?\s+time)?(?!\s+ago)|({_COUNT})\s+({_UNIT})\s+"
    r"from\s+(?:now|today))\b",
    re.I,
)
_REL_WEEKDAY = re.compile(
    rf"\b(last|this\s+past|past|this\s+coming|coming|this|next|on)\s+({_WD_ANY}|{_WORD})\b\.?",
    re.I,
)
_REL_PERIOD = re.compile(
    r"\b(last|this\s+past|past|this\s+coming|coming|this|next)\s+(week|weekend|month|year)\b", re.I
)
#: 'the week before last', 'the weekend after next': two weeks from the day said.
_TWO_OFF = re.compile(r"\bthe\s+(week|weekend)\s+(before\s+last|after\s+next)\b", re.I)
#: A day of the month said alone ("moved in on the 13th", "last day is the 28th"), not
#: "the 3rd time" or "my 40th": what follows is a break, not a noun.
_ORDINAL_DAY = re.compile(rf"\b(?:({_WD_ANY})\s+)?the\s+([1-9]|[12][0-9]|3[01]){_ORD}\b", re.I)
_ORDINAL_BREAK = re.compile(
    r"\s*(?:[,.!?;:)]|$)|\s+(?:and|but|so|or|at|till|until|to|when|then|i|we|is|was|if|"
    r"because|bc|lol|too|as)\b",
    re.I,
)
_PAST = re.compile(
    r"\b(was|were|went|had|did|got|made|took|ran|gave|saw|met|came|felt|found|[a-z]{3,}ed)\b",
    re.I,
)
#: A day of the week: its name anywhere, a short form only after a word of time.
_LOOSE_WEEKDAY = re.compile(
    rf"\b(?:(?:on|this|since|till|until|from|by)\s+({'|'.join(WEEKDAY_SHORT)})|({_WORD}))\b",
    re.I,
)
_PREPOSITIONS = r"next|last|this|in|since|until|till|by|from"
#: A month alone: its name, or a shortening after a word of time ('in jan': alone, 'Jan'
#: is as often a name); a day or year after it is a written date, read above.
_LOOSE_MONTH = re.compile(
    rf"\b(?:((?:since|from|until|till|by)\s+(?:last|next|this)|{_PREPOSITIONS})\s+)?"
    rf"({_WORD})\b(?!\.?\s+\d)",
    re.I,
)
_LOOSE_SEASON = re.compile(
    r"\b(?:(last|next|this|in|since|until|by)\s+)?(?:the\s+)?(spring|summer|fall|autumn|winter)\b"
    r"(?!\s+(?:of\s+)?\d)",
    re.I,
)


# -- the reader ----------------------------------------------------------------------


class _Found:
    """Spans found so far, first come first kept: a longer reading ('the weekend of
    24-25 January') is tried before the shorter ones inside it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.spans: list[DateSpan] = []

    def free(self, start: int, end: int) -> bool:
        return not any(start < s.end and s.start < end for s in self.spans)

    def add(self, start: int, end: int, date: dt.date | None, precision: str, **kw) -> None:  # type: ignore[no-untyped-def]
        if not self.free(start, end):
            return
        first, last = kw.pop("first", date), kw.pop("last", date)
        readings = kw.pop("readings", None)
        if readings is None:
            readings = ((first, last),) if first and last else ()
        self.spans.append(
            DateSpan(
                self.text[start:end], start, end, date, precision, first, last,
                tuple(readings), **kw,
            )
        )  # fmt: skip


def dates(text: str, said_on: dt.date | None, *, loose: bool = False) -> list[DateSpan]:
    """The phrases of `text` that name days or stretches of days, in text order, read
    against `said_on` (the day the text was said or written; without it, only what the
    text dates on its own). With `loose`, also the phrases that leave the day open."""
    found = _Found(text)
    _stretches(text, said_on, found)
    _written(text, said_on, found)
    if said_on is not None:
        _relative(text, said_on, found)
    for m in _YEAR.finditer(text):
        y = int(m.group(1))
        found.add(m.start(), m.end(), dt.date(y, 1, 1), "year", last=dt.date(y, 12, 31),
                  shown=str(y))  # fmt: skip
    if loose and said_on is not None:
        _loose(text, said_on, found)
    return sorted((s for s in found.spans if loose or not s.loose), key=lambda s: s.start)


def _stretches(text: str, said_on: dt.date | None, found: _Found) -> None:
    for m in _PERIOD_OF.finditer(text):
        rest = m.end()
        r = _RANGE.match(text, rest)
        stretch = _range(r, said_on) if r else None
        end = r.end() if r else rest
        if stretch is None:
            day, end = _day_at(text, rest, said_on)
            if day is not None:
                stretch = _week(day) if m.group(1).lower() == "week" else _weekend(day)
        if stretch:
            a, b = stretch
            unit = m.group(1).lower()
            found.add(m.start(), end, a, unit, last=b, yearless=_no_year(text[rest:end]),
                      shown=f"the {unit} of {render_date(a)}")  # fmt: skip
    for r in _RANGE.finditer(text):
        stretch = _range(r, said_on)
        if stretch:
            a, b = stretch
            found.add(r.start(), r.end(), a, "days", last=b, yearless=not r.group(7),
                      shown=_render_stretch(a, b))  # fmt: skip
    for m in _MONTH_PART.finditer(text):
        month = month_number(m.group(2))
        if month is None:
            continue
        lo, hi = _PARTS_OF_MONTH[m.group(1).lower()]
        year = int(m.group(3)) if m.group(3) else None
        a = _day(year, month, lo, said_on)
        if a is None:
            continue
        b = a.replace(day=min(hi, calendar.monthrange(a.year, a.month)[1]))
        part = m.group(1).lower()
        found.add(m.start(), m.end(), a, "days", last=b, yearless=year is None,
                  shown=f"{part}-{MONTH_NAMES[month - 1].title()} {a.year}")  # fmt: skip


def _no_year(phrase: str) -> bool:
    return re.search(r"\d{4}", phrase) is None


def _day_at(text: str, at: int, said_on: dt.date | None) -> tuple[dt.date | None, int]:
    """A written day starting at `at` (after 'the week of'), and where it ends."""
    for rx in (_ISO, _DAY_MONTH, _MONTH_DAY):
        m = rx.match(text, at)
        if not m:
            continue
        if rx is _ISO:
            return _day(int(m[1]), int(m[2]), int(m[3]), None), m.end()
        day_g, mon_g = (2, 3) if rx is _DAY_MONTH else (3, 2)
        month = month_number(m.group(mon_g))
        if month:
            year = int(m.group(4)) if m.group(4) else None
            return _day(year, month, int(m.group(day_g)), said_on), m.end()
    return None, at


def _range(r: re.Match[str], said_on: dt.date | None) -> tuple[dt.date, dt.date] | None:
    if r.group(3):
        first, last, word = int(r.group(1)), int(r.group(2)), r.group(3)
    else:
        first, last, word = int(r.group(5)), int(r.group(6)), r.group(4)
    month = month_number(word)
    if month is None:
        return None
    year = int(r.group(7)) if r.group(7) else None
    a = _day(year, month, first, said_on)
    b = _day(year or (a.year if a else None), month, last, said_on)
    if a is None or b is None or not 0 < (b - a).days <= 14:
        return None
    return a, b


def _written(text: str, said_on: dt.date | None, found: _Found) -> None:
    """Dates written out: ISO, numeric, day and month (and year), month and year, a
    season of a year."""
    for m in _ISO.finditer(text):
        d = _day(int(m[1]), int(m[2]), int(m[3]), None)
        if d:
            found.add(m.start(), m.end(), d, "day", shown=render_date(d))
    numeric = list(_NUMERIC.finditer(text))
    day_first = _day_first(numeric)
    for m in numeric:
        a, b, year = int(m[1]), int(m[3]), int(m[4])
        # Day first where the first number cannot be a month; month first where the second
        # cannot be; both when either can, in the order the text's other dates use (a
        # letter dated 18/09/2026 writes its 02/03/1959 day first), else month first (as
        # in the US, and as dateutil reads it).
        both = [(b, a), (a, b)] if day_first else [(a, b), (b, a)]
        orders = [(b, a)] if a > 12 else [(a, b)] if b > 12 else both
        days = [d for mo, dy in orders if (d := _day(year, mo, dy, None))]
        if days:
            found.add(m.start(), m.end(), days[0], "day", readings=[(d, d) for d in days],
                      shown=render_date(days[0]))  # fmt: skip
    for rx, day_g, mon_g in ((_DAY_MONTH, 2, 3), (_MONTH_DAY, 3, 2)):
        for m in rx.finditer(text):
            word = m.group(mon_g)
            month = month_number(word)
            if month is None:
                continue
            modal = rx is _MONTH_DAY and word == "may" and not m.group(4)
            if modal and _MODAL_SUBJECT.search(text[: m.start(mon_g)]):
                continue
            year = int(m.group(4)) if m.group(4) else None
            day = int(m.group(day_g))
            # A day a change aims at ("moved it to the 12th september") is not dated by
            # the tense of the change.
            past = _past_clause(text, m.start()) and not _AIMED_AT.search(text, 0, m.start())
            d = _day(year, month, day, said_on, past)
            wd = weekday_number(m.group(1)) if m.group(1) else None
            if year is None and wd is not None and said_on is not None:
                # "thurs 12 nov": the year nearest the day said whose 12 November is a
                # Thursday, when the tense placed it in one where it is not.
                d = _nearest_year(month, day, said_on, wd) or d
            if d is None and (year is not None or said_on is not None or day > 31 or day < 1):
                continue  # no such day ('31 June')
            shown = render_date(d) if d else f"{day} {MONTH_NAMES[month - 1].title()}"
            found.add(m.start(), m.end(), d, "day", yearless=year is None, shown=shown)
    for m in _MONTH_YEAR.finditer(text):
        month = month_number(m.group(1))
        if month is None:
            continue
        a, b = _month_stretch(dt.date(int(m.group(2)), month, 1))
        found.add(m.start(), m.end(), a, "month", last=b, shown=render_date(a, "month"))
    for m in _SEASON_YEAR.finditer(text):
        season = m.group(1).lower()
        a, b = _season_stretch(int(m.group(2)), season)
        found.add(m.start(), m.end(), a, "season", last=b, shown=f"{season} {m.group(2)}")


def _day_first(numeric: list[re.Match[str]]) -> bool:
    """Whether a text writes its numeric dates day first: one of them can only be read so
    (a first number above 12) and none can only be read month first."""
    firsts = {int(m[1]) > 12 for m in numeric}
    seconds = {int(m[3]) > 12 for m in numeric}
    return True in firsts and True not in seconds


#: Where the clause a date is said in starts: "booked the flights, we fly out on the 14th".
_CLAUSE_START = re.compile(r"[,;:.!?\n]|\b(?:and|but|so|then|because|bc)\b", re.I)


#: A preposition right before a day that says it is what an act aims at, not when it was.
_AIMED_AT = re.compile(r"\b(?:to|for|until|till|til|by)\s+$", re.IGNORECASE)


#: A subject pronoun and the verb after it (an adverb may come between).
_SUBJECT_VERB = re.compile(
    r"\b(?:i|we|he|she|they|you)\s+(?:(?:just|already|finally|never|\w+ly)\s+)?([a-z]+)\b"
)


#: A form of "be" or "get" of now or to come before a participle: "is being delivered",
#: "getting delivered", "will be fitted" say an act still to come, not a past one.
_BE_OR_GET = re.compile(r"\b(?:is|are|am|be|being|gets|getting|get)\s+(?:\w+ly\s+)?$", re.I)
#: A word of what is to come: after it a past form earlier in the clause no longer says
#: when ("ordered it, will arrive on the 3rd").
_TO_COME = re.compile(r"\b(?:will|'ll|gonna|going to|due)\b", re.I)


def _past_clause(text: str, at: int) -> bool:
    """Is the clause that runs up to `at` in the past tense ("we met on ...", not "booked
    the flights, we fly out on ...")? The verb nearest the day says it: in "the oven i
    ordered arrives on the 14th" the ordering is past, the arriving is not."""
    from validators.lexicon import is_past

    starts = [m.end() for m in _CLAUSE_START.finditer(text, 0, at)]
    begin = starts[-1] if starts else 0
    pasts = [
        m.end()
        for m in _PAST.finditer(text, begin, at)
        if _BE_OR_GET.search(text, begin, m.start()) is None
    ]
    # an irregular past the list lacks, said after its subject: "i paid", "we sent",
    # "she finally left" (WordNet's forms; "rent is due" is no past of "rend")
    low = text.lower()
    pasts += [m.end() for m in _SUBJECT_VERB.finditer(low, begin, at) if is_past(m.group(1))]
    if not pasts:
        # A past the words before the day do not show: an irregular form the list lacks
        # with no subject before it ("rang him on mon"), or a verb after the day ("on sun
        # we went to the beach"): the parse says, for a verb in the day's own clause
        # ("booked milo in at the vet, the 21st at 9": the 21st is no day of booking).
        return _verb_of_day_past(text, at, begin) is True
    after = text[max(pasts) : at]
    if _TO_COME.search(after) is not None or any(_present_verb(w) for w in after.split()):
        return False
    # A past form before the day may belong to another verb than the one the day goes
    # with: in "the guy i met starts on the 19th" the meeting is past, the starting is
    # not ("starts" is a noun too, so no word list tells). The parse says which verb the
    # day hangs on; its tense decides.
    return _verb_of_day_past(text, at) is not False


#: Where a sentence ends, for the parse of the one a day is said in.
_SENTENCE_END = re.compile(r"[.!?\n]+")
#: Auxiliaries that put a verb in the past ("was delivered", "had moved", "did go").
_PAST_AUX = frozenset(["was", "were", "had", "did"])
#: Auxiliaries that say the act is still to come or going on ("will start", "is being
#: delivered", "gets fitted", "are coming", "gonna").
_COMING_AUX = frozenset(
    ["will", "'ll", "ll", "shall", "wo", "gon", "gonna", "going", "is", "are", "am", "'re",
     "'m", "be", "being", "get", "gets", "getting", "can", "should", "must", "might"]
)  # fmt: skip


def _verb_of_day_past(text: str, at: int, begin: int = 0) -> bool | None:
    """Is the verb the day at `at` hangs on in the past, by the parse of its sentence
    (None: no verb found at or after `begin`, or no parser)? The nearest verb up the
    day's heads, or the root when the tagger took a verb for a noun ("starts/NNS"); its
    auxiliaries first, then its tag: a past form (VBD, or a participle with no
    auxiliary, which the small model gives for a simple past) is past; the present, a
    gerund or a base form is not."""
    lo = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    end = _SENTENCE_END.search(text, at)
    hi = end.start() if end else len(text)
    doc = _parsed(text[lo:hi])
    if doc is None:
        return None
    tok = next((t for t in doc if t.idx + len(t) > at - lo), None)
    if tok is None:
        return None
    from .nlp import nearest_up

    verb = nearest_up(tok, lambda t: t.tag_.startswith("VB") or t.dep_ == "ROOT", 12)
    if verb is None or not verb.tag_.startswith(("VB", "NN")) or _date_word(verb.text):
        return None  # "sept 21st" alone: the tagger's verb is the date's own word
    if verb.idx + lo < begin:
        return None  # a verb of a clause before the day's
    auxes = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a in _PAST_AUX for a in auxes) or any(a in ("have", "has", "'ve") for a in auxes):
        return True  # "was being delivered", "had moved", "have moved"
    if any(a in _COMING_AUX for a in auxes):
        return False
    return verb.tag_ in ("VBD", "VBN")


def _date_word(word: str) -> bool:
    return word[:1].isdigit() or is_date_word(word) or word.lower() in WEEKDAY_SHORT


@lru_cache(maxsize=1024)
def _parsed(sentence: str):  # type: ignore[no-untyped-def]
    from .errors import LanguageError
    from .nlp import parse

    try:
        return parse([sentence])[0]
    except LanguageError:
        return None  # without the English model, the words alone decide


def _present_verb(word: str) -> bool:
    """A verb of the present in the third person that is no noun ("arrives", "starts" is
    a noun too): said after a past form, it is the act the day is of."""
    from validators.lexicon import is_noun, is_past

    w = word.lower().strip(",.!?;:")
    if len(w) < 5 or not w.endswith("s") or w.endswith("ss"):
        return False
    bases = [w[:-1], w[:-2]] if w.endswith("es") else [w[:-1]]
    return any(_is_verb_only(b) for b in bases) and not is_noun(w) and not is_past(w)


@lru_cache(maxsize=4096)
def _is_verb_only(word: str) -> bool:
    """A dictionary verb that is no noun ("arrive"; not "land" or "start")."""
    from validators.lexicon import _is_verb, is_noun

    return _is_verb(word) and not is_noun(word)


def _relative(text: str, said_on: dt.date, found: _Found) -> None:
    """Phrases read against the day said."""
    rel = {"relative": True}
    for m in _MONTHLY_DAY.finditer(text):
        # A day that comes back every month ("rent goes out on the 15th of every month"):
        # the answer to when, though no one day of the calendar.
        found.add(m.start(), m.end(), None, "monthly", shown=m.group(0).lower(), **rel)
    for m in _TWO_OFF.finditer(text):
        unit, sign = m.group(1).lower(), (-2 if m.group(2).lower().startswith("before") else 2)
        d = said_on + dt.timedelta(weeks=sign)
        a, b = _week(d) if unit == "week" else _weekend(d - dt.timedelta(days=d.weekday()))
        found.add(m.start(), m.end(), d, unit, first=a, last=b,
                  shown=f"the {unit} of {render_date(a)}", **rel)  # fmt: skip
    for m in _REL_DAY.finditer(text):
        d = said_on + dt.timedelta(days=_DAY_WORDS[" ".join(m.group(1).lower().split())])
        found.add(m.start(), m.end(), d, "day", shown=render_date(d), **rel)
    for m in re.finditer(r"\b[A-Za-z]{3,10}\b", text):
        word = _respelt(m.group(0)) or _shortened(m.group(0))
        if word in ("yesterday", "tomorrow"):  # 'yesterdy', 'tomorow', 'tmrw', 'ystrdy'
            d = said_on + dt.timedelta(days=_DAY_WORDS[word])
            found.add(m.start(), m.end(), d, "day", shown=render_date(d), **rel)
    for rx, sign in ((_AGO, -1), (_IN, 1)):
        for m in rx.finditer(text):
            count, word = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            unit = _UNITS[word.lower()]
            d = _shift(said_on, sign * _count(count), unit)
            precision = {"fortnight": "week"}.get(unit, unit)
            a, b = (d, d) if unit in ("day", "week", "fortnight") else (
                _month_stretch(d) if unit == "month" else (d.replace(month=1, day=1),
                                                           d.replace(month=12, day=31))
            )  # fmt: skip
            shown = render_date(d, "day" if precision in ("day", "week") else precision)
            found.add(m.start(), m.end(), d, precision, first=a, last=b, readings=[(d, d)],
                      shown=shown, **rel)  # fmt: skip
    for m in _ORDINAL_DAY.finditer(text):
        after = text[m.end() :]
        month = re.match(rf"\s+(?:of\s+)?({_WORD})", after)
        if month and month_number(month.group(1)):
            continue  # 'the 2nd of May' is a written date
        wd = weekday_number(m.group(1)) if m.group(1) else None
        start = m.start() if wd is not None else m.start() + m.group(0).lower().index("the")
        day = int(m.group(2))
        # A day a past act aims at is ahead ("moved me to the 14th", "booked it for the
        # 3rd", "pushed it back till the 20th"); one it happened on is behind.
        aimed = _AIMED_AT.search(text, 0, start) is not None
        d = _day_of_month(day, said_on, _past_clause(text, m.start()) and not aimed, wd)
        around = _days_around(day, said_on, wd)
        if d is None and not around:
            continue
        # "the 3rd time", "my 40th": a day only when a break follows or a day of the
        # week comes before; otherwise no more than a loose reading.
        firm = wd is not None or _ORDINAL_BREAK.match(after) is not None
        d = d or around[0]
        found.add(start, m.end(), d, "day", readings=[(r, r) for r in sorted({*around, d})],
                  shown=render_date(d), loose=not firm, **rel)  # fmt: skip
    _bare_ordinals(text, said_on, found)
    for m in _REL_WEEKDAY.finditer(text):
        which = " ".join(m.group(1).lower().split())
        wd = weekday_number(m.group(2))
        if wd is None or (which == "on" and not _short_day(m.group(2), wd, text[m.end() :])):
            continue  # 'on sun loungers': a short form after 'on' is only a loose reading
        back, ahead = _weekday_around(wd, said_on)
        if which in ("last", "past", "this past") or (
            which == "on" and _past_clause(text, m.start())
        ):
            d = said_on - dt.timedelta(days=(said_on.weekday() - wd) % 7 or 7)
        else:
            d = ahead
        # 'on friday' and 'this friday' leave the week open: the days either side stay
        # readings; 'last' says which, and 'next' the coming one or the one a week on
        # ("next tuesday" said on a Monday is the 11th to some and the 18th to others).
        readings = sorted({d, back, ahead}) if which in ("on", "this") else [d]
        if which == "next":
            readings = [d, d + dt.timedelta(weeks=1)]
        found.add(m.start(), m.end(), d, "day", readings=[(r, r) for r in readings],
                  shown=render_date(d), **rel)  # fmt: skip
    for m in _REL_PERIOD.finditer(text):
        which, unit = " ".join(m.group(1).lower().split()), m.group(2).lower()
        sign = -1 if which in ("last", "past", "this past") else (
            1 if which in ("next", "coming", "this coming") else 0
        )  # fmt: skip
        if unit in ("week", "weekend"):
            d = said_on + dt.timedelta(weeks=sign)
            side = {-1: "before", 1: "after", 0: "of"}[sign]
            shown = f"the {unit} {side} {render_date(said_on)}"
            if unit == "week":
                a, b = _week(said_on + dt.timedelta(weeks=sign))
                found.add(m.start(), m.end(), d, unit, first=a, last=b, shown=shown, **rel)
                continue
            if sign < 0:
                sun = said_on - dt.timedelta(days=(said_on.weekday() - 6) % 7 or 7)
                stretches = [(sun - dt.timedelta(days=1), sun)]
            else:
                sat, sun = _weekend(said_on)
                stretches = [(sat, sun)]
                if which == "next":  # the coming one, or the one after it
                    stretches.append((sat + dt.timedelta(weeks=1), sun + dt.timedelta(weeks=1)))
                if which == "this" and said_on.weekday() <= 1:
                    # Said on a Monday or Tuesday, "cleared the loft this weekend" is the
                    # one just gone as often as the coming one.
                    gone = said_on - dt.timedelta(days=said_on.weekday() + 1)
                    stretches.insert(0, (gone - dt.timedelta(days=1), gone))
            a, b = stretches[-1] if which == "this" else stretches[0]
            found.add(m.start(), m.end(), d, unit, first=a, last=b, readings=stretches,
                      shown=shown, **rel)  # fmt: skip
        elif unit == "month":
            a, b = _month_stretch(said_on + relativedelta(months=sign))
            found.add(m.start(), m.end(), a, unit, last=b, shown=render_date(a, "month"), **rel)
        else:
            y = said_on.year + sign
            found.add(m.start(), m.end(), dt.date(y, 1, 1), unit, last=dt.date(y, 12, 31),
                      shown=str(y), **rel)  # fmt: skip


#: A day of the month written without "the" ("oven arrives 14th", "delivery's on 3rd"),
#: with the word before it.
_BARE_ORDINAL = re.compile(rf"(?<![\w'])([1-9]|[12][0-9]|3[01]){_ORD}\b", re.I)
_WORD_BEFORE = re.compile(r"([A-Za-z']+)\s+$")
#: Prepositions a day of the month is said after ("on 14th", "by 3rd", "from 22nd").
_TIME_PREPOSITIONS = frozenset(
    ["on", "by", "until", "till", "til", "from", "before", "after", "since", "due", "for"]
)
#: A part of the day after a day of the week ("on sat morning").
_PART_OF_DAY = re.compile(r"\s+(?:morning|afternoon|evening|night|nite|arvo|eve)\b", re.I)


def _bare_ordinals(text: str, said_on: dt.date, found: _Found) -> None:
    """A day of the month said without "the", as people type it: after a preposition of
    time ("on 14th", "by 3rd"), or right after the verb of an act still to come ("oven
    arrives 14th", "sofa comes 22nd"). A place in a race is told once it is run ("came
    3rd", "finished 2nd"), so after a verb in the past it is no day; and "3rd time",
    "2nd floor", "my 40th" are none (a noun follows, or no verb or preposition comes
    before)."""
    from validators.lexicon import base_forms, is_base_verb

    for m in _BARE_ORDINAL.finditer(text):
        if not found.free(m.start(), m.end()) or _ORDINAL_BREAK.match(text, m.end()) is None:
            continue
        before = _WORD_BEFORE.search(text, 0, m.start())
        if before is None:
            continue
        word = before.group(1).lower()
        past = _past_clause(text, m.start())
        if word in _TIME_PREPOSITIONS:
            past = past and word not in ("by", "until", "till", "til", "for")
        elif past or not (
            word in ("is", "are", "be") or word.endswith("'s")  # "delivery's 14th"
            or any(is_base_verb(b) for b in base_forms(word))
        ):  # fmt: skip
            continue
        d = _day_of_month(int(m.group(1)), said_on, past, None)
        if d is not None:
            found.add(m.start(), m.end(), d, "day", shown=render_date(d), relative=True)


def _short_day(word: str, wd: int, after: str) -> bool:
    """Does a day's short form after "on" name the day? Always when the dictionary knows
    it only as the day or not at all ('thurs', 'fri', 'tues'); one that is another word
    too ('sat', 'sun', 'wed') only when a break or a part of the day follows it ("on sat,"
    "on sun morning"; not "on sun loungers")."""
    from validators.lexicon import senses_within

    if word.lower() not in WEEKDAY_SHORT:
        return True
    if senses_within(word, WEEKDAY_NAMES[wd]):
        return True
    return _ORDINAL_BREAK.match(after) is not None or _PART_OF_DAY.match(after) is not None


def _loose(text: str, said_on: dt.date, found: _Found) -> None:
    """Phrases that leave open which day they mean: a day of the week, a month or a
    season without a year."""
    for m in _LOOSE_WEEKDAY.finditer(text):
        if m.group(1):
            wd = WEEKDAY_SHORT[m.group(1).lower()]
        else:
            low = m.group(2).lower()
            wd = WEEKDAYS.get(low, WEEKDAYS.get(_respelt(low) or ""))
            # 'on fridays' is every Friday, no one day: a plural is no misspelling.
        if wd is None:
            continue
        back, ahead = _weekday_around(wd, said_on)
        d = back if _past_clause(text, m.start()) else ahead
        found.add(m.start(), m.end(), d, "day", readings=[(back, back), (ahead, ahead)],
                  shown=render_date(d), relative=True, loose=True)  # fmt: skip
    for m in _LOOSE_MONTH.finditer(text):
        word = m.group(2)
        # 'since last march' is 'last march': the word of time nearest the month counts.
        how = (m.group(1) or "").lower().split()[-1:] or [""]
        how = how[0]
        low = word.lower()
        if low in MONTHS and low not in MONTH_NAMES and not how:
            continue  # 'Jan' alone is as often a name
        if low == "may" and not word[0].isupper():
            continue  # the verb
        month = month_number(word)
        if month is None:
            continue
        before = dt.date(said_on.year - (month > said_on.month), month, 1)
        after = dt.date(said_on.year + (month < said_on.month), month, 1)
        starts = []
        if how == "this":
            starts.append(dt.date(said_on.year, month, 1))
        if how != "next":
            starts.append(before)  # "last June", "in June" of a story told
        if how == "last" and month <= said_on.month:
            # "last March" said in May is this year's March, or as often last year's.
            starts.append(dt.date(said_on.year - 1, month, 1))
        if how not in ("last", "since") and (after.year, after.month) >= (
            said_on.year,
            said_on.month,
        ):
            starts.append(after)  # "next June", "in June" of a plan
        starts = sorted(set(starts))
        past = _past_clause(text, m.start())
        d = before if how == "last" else starts[0] if past and how != "next" else starts[-1]
        start = m.start() if how else m.start(2)
        found.add(start, m.end(), d, "month", last=_month_stretch(d)[1],
                  readings=[_month_stretch(s) for s in starts], shown=render_date(d, "month"),
                  relative=True, loose=True)  # fmt: skip
    y = said_on.year
    for m in _LOOSE_SEASON.finditer(text):
        how, season = (m.group(1) or "").lower(), m.group(2).lower()
        years = {"last": [y - 1, y], "next": [y, y + 1]}.get(how, [y - 1, y, y + 1])
        stretches = [_season_stretch(year, season) for year in years]
        past = _past_clause(text, m.start())
        a, b = stretches[0] if how == "last" or past else stretches[-1 if how == "next" else 1]
        found.add(m.start(), m.end(), a, "season", last=b, readings=stretches,
                  shown=f"{season} {a.year}", relative=True, loose=True)  # fmt: skip


def days_named(text: str, said_on: dt.date | None) -> set[dt.date]:
    """The days a text names, read against the day it was said: the day each phrase
    points at. A month, season or year written out ('June 2024', 'in 2020') is no day;
    one said relatively ('next month', 'two years ago') points at one."""
    return {
        s.date
        for s in dates(text, said_on)
        if s.date and (s.relative or s.precision not in ("month", "season", "year"))
    }


#: A year written alone ("manufactured 2009", "built 1962, brick"): four digits of this
#: century or the last, no part of an amount ("$2009", "2,009", "2009 kr"), a code or a
#: time ("2009-11").
_BARE_YEAR = re.compile(
    r"(?<![\w$£€¥.,/:-])((?:19|20)\d\d)(?![\w%/:-]|[.,]\d|\s?(?:k|kr|bucks?|dollars?|euros?|pounds?)\b)",
    re.I,
)


def bare_years(text: str) -> list[DateSpan]:
    """The years `text` writes with no word of time before them, which `dates` leaves
    out: "2009" alone is as often an amount. Read them where a year is asked for."""
    found = _Found(text)
    for m in _BARE_YEAR.finditer(text):
        y = int(m.group(1))
        found.add(m.start(), m.end(), dt.date(y, 1, 1), "year", last=dt.date(y, 12, 31),
                  shown=str(y))  # fmt: skip
    return sorted(found.spans, key=lambda s: s.start)


__all__ = [
    "MONTHS",
    "MONTH_NAMES",
    "WEEKDAYS",
    "WEEKDAY_NAMES",
    "WEEKDAY_SHORT",
    "DateSpan",
    "bare_years",
    "dates",
    "days_named",
    "days_numbered",
    "is_date_word",
    "month_number",
    "render_date",
    "weekday_number",
]
