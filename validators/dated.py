"""A claim's dates held to the days its evidence names, both read by the one date parser
(`language.dates`), so a day means the same where a writer puts it and where it is
checked."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from language.dates import DateSpan, dates

from .claim_text import Evidence

#: Precisions of a stretch of days: '24-25 January', 'the week of 9 February', 'last weekend'.
_STRETCHES = ("days", "week", "weekend")


def days_left_open(evidence: Sequence[Evidence]) -> tuple[set[dt.date], set[int]]:
    """The days and years blocks may mean without saying which, read against the day
    each was said: a bare 'Friday' is the one before or after, 'in June' the June before
    or after (a month by its first day), 'the 15th' the 15th before or after, 'last
    summer' said in February last year's or this year's (a year, not a day)."""
    days: set[dt.date] = set()
    years: set[int] = set()
    for e in evidence:
        if e.said_on is None:
            continue
        for s in dates(e.text, e.said_on, loose=True):
            if s.precision == "season" and s.loose:
                years |= {a.year for a, _ in s.readings}
            elif s.relative and (s.precision == "day" or (s.loose and s.precision == "month")):
                days |= {a for a, _ in s.readings}
    return days, years


def unsupported_date(
    text: str, evidence: Sequence[Evidence], ev_dates: set[dt.date]
) -> tuple[str | None, str]:
    """The first day or stretch a claim writes that its evidence does not name (None when
    all are named), and the claim with its checked dates taken out.

    A day must be one the evidence names or was said on (a day and month written without
    a year, in any year: 'tomorrow' said on 20 September is 'September 21st'), or a day
    of a weekend the evidence names ('last weekend'). A stretch ('the week of 9 February
    2026', '24-25 January', 'mid-September') must hold a day the evidence names, or a
    stretch it names. Months, seasons and years stay in the text: their years are
    numbers, checked as numbers. What the claim says relative to a day ('yesterday') is
    not read: a claim states its dates."""
    said = next((e.said_on for e in evidence if e.said_on), None)
    ev_stretches = [
        r
        for e in evidence
        for s in dates(e.text, e.said_on)
        if s.precision in _STRETCHES
        for r in s.readings
    ]
    for s in dates(text, said):
        if s.relative or s.date is None or s.precision not in ("day", *_STRETCHES):
            continue
        if s.precision == "day":
            named = _named_day(s, ev_dates, ev_stretches)
        else:
            named = any(_within(d, s) for d in ev_dates) or any(
                s.first <= a and b <= s.last  # type: ignore[operator]
                for a, b in ev_stretches
            )
        if not named:
            return s.phrase, text
        text = text.replace(s.phrase, " ")
    return None, text


def _named_day(s: DateSpan, ev_dates: set[dt.date], ev_stretches) -> bool:  # type: ignore[no-untyped-def]
    day = s.date
    assert day is not None
    if s.yearless:
        return any((d.month, d.day) == (day.month, day.day) for d in ev_dates)
    return day in ev_dates or any(a <= day <= b and (b - a).days <= 2 for a, b in ev_stretches)


def _within(d: dt.date, s: DateSpan) -> bool:
    """`d` falls in the stretch; in any year when the claim wrote none."""
    assert s.first is not None and s.last is not None
    if s.yearless:
        return (s.first.month, s.first.day) <= (d.month, d.day) <= (s.last.month, s.last.day)
    return s.first <= d <= s.last
