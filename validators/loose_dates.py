"""Days and years a block may mean without naming them: a bare 'Friday', 'in June',
'last summer', read against the day it was said."""

from __future__ import annotations

import datetime as dt
import re

from .words import (
    MONTHS,
    WEEKDAY_SHORT,
    WEEKDAYS,
    weekday_index,
)

#: A day of the week: its name anywhere, a short form ('sat', 'tues') only where a day
#: is meant, after 'on', 'this', 'since' and the like ('sat' is also a verb).
_WEEKDAY_RE = re.compile(
    r"\b(?:("
    + "|".join(WEEKDAYS)
    + r")|(?:on|this|since|till|until|from|by)\s+("
    + "|".join(WEEKDAY_SHORT)
    + r"))\b",
    re.IGNORECASE,
)
_PREPOSITIONS = r"next|last|this|in|since|until|till|by|from"
#: A month: its name, or a short form ('jan', 'dec') after a word of time ('in jan'):
#: alone, 'Jan' is as often a name.
_MONTH_RE = re.compile(
    rf"\b(?:(?:({_PREPOSITIONS})\s+)?("
    + "|".join(m for m in MONTHS if len(m) > 3 or m == "may")
    + rf")|({_PREPOSITIONS})\s+("
    + "|".join(m for m in MONTHS if len(m) <= 4 and m != "may")
    + r"))\b(?!\s+\d)",
    re.IGNORECASE,
)


#: A day of the month with no month: 'keys on the 15th', 'last day is the 28th', and the
#: day of the week it falls on when said ('saturday the 26th').
_BARE_DAY_RE = re.compile(
    r"(?:\b(" + "|".join(WEEKDAYS) + r")\s+)?"
    r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:" + "|".join(MONTHS) + r")\b)",
    re.IGNORECASE,
)


def days_numbered(day: int, said_on: dt.date, weekday: int | None = None) -> list[dt.date]:
    """The days numbered `day` in the month said, the month after and the month before,
    in that order; with a day of the week ('saturday the 26th', said on 9 July) only those
    that fall on it (26 July, not 26 June). The reader and the support check both read a
    day of the month so."""
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


def _bare_days(day: int, said_on: dt.date, weekday: int | None = None) -> set[dt.date]:
    """The day of the month nearest before and after the day said that bears the number
    (and falls on the day of the week said with it)."""
    out = days_numbered(day, said_on, weekday)
    before = [d for d in out if d <= said_on]
    after = [d for d in out if d >= said_on]
    return {d for d in (max(before, default=None), min(after, default=None)) if d}


def loose_dates(text: str, said_on: dt.date) -> set[dt.date]:
    """Days a block may mean without saying which: a bare 'Friday' is the one before or
    after the day said, 'in June' the June before or after it ('next June': after), a bare
    'the 15th' the 15th before or after it."""
    out: set[dt.date] = set()
    dated_weekdays = set()
    for m in _BARE_DAY_RE.finditer(text):
        weekday = WEEKDAYS[m.group(1).lower()] if m.group(1) else None
        out |= _bare_days(int(m.group(2)), said_on, weekday)
        if m.group(1):
            dated_weekdays.add(m.start(1))
    for m in _WEEKDAY_RE.finditer(text):
        if m.group(1) and m.start(1) in dated_weekdays:
            continue  # 'saturday the 26th' is that Saturday, not the one nearest
        wd = weekday_index(m.group(1) or m.group(2))
        if wd is None:
            continue
        back = (said_on.weekday() - wd) % 7
        out.add(said_on - dt.timedelta(days=back))
        out.add(said_on + dt.timedelta(days=(wd - said_on.weekday()) % 7 or 7))
    for m in _MONTH_RE.finditer(text):
        word = m.group(2) or m.group(4)
        if word.lower() == "may" and not word[0].isupper():
            continue  # the verb
        month = MONTHS[word.lower()]
        how = (m.group(1) or m.group(3) or "").lower()
        now = (said_on.year, said_on.month)
        before = dt.date(said_on.year - (month > said_on.month), month, 1)
        after = dt.date(said_on.year + (month < said_on.month), month, 1)
        if how == "this":
            out.add(dt.date(said_on.year, month, 1))
        if how != "next":
            out.add(before)  # "last June", "in June" of a story told
        if how != "last" and (after.year, after.month) >= now:
            out.add(after)  # "next June", "in June" of a plan
    return out


_SEASON_RE = re.compile(
    r"\b(?:(last|next|this|in|since|until|by)\s+)?(spring|summer|fall|autumn|winter|year)\b",
    re.IGNORECASE,
)


def season_years(text: str, said_on: dt.date) -> set[int]:
    """The years a season or 'year' in a block may mean: 'last summer' said in February
    2024 is summer 2023, 'next spring' said in November 2023 is spring 2024; without
    'last' or 'next', the year said or the next (a plan) or the one before (a story)."""
    out: set[int] = set()
    y = said_on.year
    for m in _SEASON_RE.finditer(text):
        how, what = (m.group(1) or "").lower(), m.group(2).lower()
        if what == "year":
            if how in ("last", "next"):
                out.add(y - 1 if how == "last" else y + 1)
            continue
        if how == "last":
            out |= {y - 1, y}
        elif how == "next":
            out |= {y, y + 1}
        else:
            out |= {y - 1, y, y + 1}
    return out
