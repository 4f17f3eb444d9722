"""The one date parser (language.dates): every form the agent's and the validators' date
readers handled, in the words people type (lower case, short, misspelt)."""

from __future__ import annotations

import datetime as dt

import pytest

from language.dates import (
    dates,
    days_named,
    is_date_word,
    month_number,
    render_date,
    weekday_number,
)

D = dt.date
WED = D(2024, 3, 13)  # a Wednesday
SUN = D(2026, 6, 15 - 1)  # Sunday 14 June 2026
THU = D(2026, 3, 12)  # a Thursday


def one(text: str, said: dt.date | None, **kw):  # type: ignore[no-untyped-def]
    (found,) = dates(text, said, **kw)
    return found


def found(text: str, said: dt.date | None, **kw) -> dict[str, dt.date | None]:
    return {s.phrase: s.date for s in dates(text, said, **kw)}


# -- written dates -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("The boat goes back in the water on the 2nd of May 2024", D(2024, 5, 2)),
        ("on 3 May 2026", D(2026, 5, 3)),
        ("May 2nd, 2024", D(2024, 5, 2)),
        ("Friday, 3 May 2024", D(2024, 5, 3)),
        ("2024-05-02", D(2024, 5, 2)),
        ("2024/05/02", D(2024, 5, 2)),
        ("14/03/2025", D(2025, 3, 14)),  # the day first: 14 is no month
        ("3/14/2025", D(2025, 3, 14)),  # the month first: 14 is no month
        ("14.03.2025", D(2025, 3, 14)),
        ("the 21st of sept 2025", D(2025, 9, 21)),
        ("oct. 3 2025", D(2025, 10, 3)),
        ("3 DEC 2025", D(2025, 12, 3)),
        ("febuary 3rd 2025", D(2025, 2, 3)),  # misspelt
        ("3 janurary 2025", D(2025, 1, 3)),
        ("decmber 24 2025", D(2025, 12, 24)),
        ("on 5 agust 2025", D(2025, 8, 5)),
    ],
)
def test_a_written_day_in_any_common_form(text: str, day: dt.date) -> None:
    s = one(text, None)
    assert (s.date, s.precision, s.yearless, s.relative) == (day, "day", False, False)
    assert text[s.start : s.end] == s.phrase


def test_a_weekday_written_with_a_day_and_month_picks_the_year_it_falls_on() -> None:
    # Said on 3 November 2026 in the past tense: 12 November 2026 is the Thursday.
    said = "parents evening got moved from thurs 12 nov to thurs 19 nov"
    assert [s.date for s in dates(said, D(2026, 11, 3))] == [D(2026, 11, 12), D(2026, 11, 19)]


def test_a_day_a_change_aims_at_is_not_dated_by_the_tense_of_the_change() -> None:
    said = "it was meant to be the 18th july but we moved it to the 12th september"
    assert [s.date for s in dates(said, D(2026, 6, 1))] == [D(2026, 7, 18), D(2026, 9, 12)]


def test_an_ambiguous_numeric_date_is_read_in_the_order_the_text_writes_its_others() -> None:
    # A British letter: its own date can only be day first, so its date of birth is too.
    letter = "Clinic date 21/10/2026. Re: patient, d.o.b. 04/07/1958, seen today."
    assert [s.date for s in dates(letter, None)] == [D(2026, 10, 21), D(1958, 7, 4)]
    # An American form reads its others month first, and so does a text with no clue.
    form = "signed 10/21/2026, date of birth 04/07/1958"
    assert [s.date for s in dates(form, None)] == [D(2026, 10, 21), D(1958, 4, 7)]
    alone = one("d.o.b. 04/07/1958", None)
    assert (alone.date, [a for a, _ in alone.readings]) == (
        D(1958, 4, 7),
        [D(1958, 4, 7), D(1958, 7, 4)],
    )


def test_a_day_and_month_without_a_year_is_in_the_year_nearest_the_day_said() -> None:
    assert one("on the 5th of February", D(2024, 11, 12)).date == D(2025, 2, 5)
    assert one("on 30 January", D(2025, 2, 3)).date == D(2025, 1, 30)
    s = one("lease ends may 31st", D(2025, 8, 22))
    assert (s.date, s.yearless, s.shown) == (D(2025, 5, 31), True, "31 May 2025")
    assert one("sept 21st", D(2025, 9, 20)).date == D(2025, 9, 21)
    # With no day said it cannot be placed, but it is still a date (no amount).
    s = one("due 21 Sept", None)
    assert (s.phrase, s.date, s.shown) == ("21 Sept", None, "21 September")
    assert dates("31 June", D(2025, 1, 1)) == []  # no such day


def test_lower_case_may_is_a_month_unless_a_subject_makes_it_a_verb() -> None:
    assert dates("you may 2x the dose", D(2025, 8, 22)) == []
    assert dates("we may 3 times", D(2025, 8, 22)) == []
    assert [s.date for s in dates("may 3 works for me", D(2025, 8, 22))] == [D(2025, 5, 3)]


def test_words_that_only_look_like_months_are_no_dates() -> None:
    assert dates("3 members came and 2 marks were lost", WED) == []
    assert dates("about 1500 people, over 2000 tickets", WED) == []
    assert dates("Jan said she would come", WED, loose=True) == []
    assert dates("we do it on fridays", WED, loose=True) == []  # every Friday, no one day


def test_months_seasons_and_years() -> None:
    s = one("we married in June 2024", WED)
    assert (s.date, s.last, s.precision, s.shown) == (
        D(2024, 6, 1),
        D(2024, 6, 30),
        "month",
        "June 2024",
    )
    assert one("back in jun 2019", None).date == D(2019, 6, 1)
    got = dates("summer 2026 field season, defend spring 2027.", D(2025, 10, 20))
    assert [(s.shown, s.date, s.last) for s in got] == [
        ("summer 2026", D(2026, 6, 1), D(2026, 8, 31)),
        ("spring 2027", D(2027, 3, 1), D(2027, 5, 31)),
    ]
    assert one("the fall of 2026", None).first == D(2026, 9, 1)
    s = one("we have lived here since 2019", None)
    assert (s.phrase, s.date, s.last, s.precision) == (
        "since 2019",
        D(2019, 1, 1),
        D(2019, 12, 31),
        "year",
    )


# -- stretches of days -----------------------------------------------------------------


def test_weeks_weekends_ranges_and_parts_of_a_month() -> None:
    s = one("the weekend of 24-25 January 2026", None)
    assert (s.phrase, s.first, s.last, s.precision) == (
        "the weekend of 24-25 January 2026",
        D(2026, 1, 24),
        D(2026, 1, 25),
        "weekend",
    )
    s = one("the week of 9 February 2026", None)
    assert (s.first, s.last, s.precision) == (D(2026, 2, 9), D(2026, 2, 15), "week")
    s = one("off from the 3rd to the 5th of may", D(2026, 4, 1))
    assert (s.first, s.last) == (D(2026, 5, 3), D(2026, 5, 5))
    s = one("january 24-25 2026", None)
    assert (s.first, s.last, s.precision, s.shown) == (
        D(2026, 1, 24),
        D(2026, 1, 25),
        "days",
        "24-25 January 2026",
    )
    s = one("mid-September 2025", None)
    assert (s.first, s.last, s.yearless) == (D(2025, 9, 11), D(2025, 9, 20), False)
    s = one("moving late oct", D(2025, 9, 1))
    assert (s.first, s.last, s.yearless) == (D(2025, 10, 21), D(2025, 10, 31), True)
    # A span no week or month holds is two dates, not one range.
    assert len(dates("between 1 and 28 May 2026", None)) == 1


# -- relative to the day said -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("We repainted it yesterday.", D(2024, 3, 12)),
        ("went out last night", D(2024, 3, 12)),
        ("fixed it the day before yesterday", D(2024, 3, 11)),
        ("the day after tomorrow", D(2024, 3, 15)),
        ("today", WED),
        ("this morning", WED),
        ("tonight", WED),
        ("tomorrow", D(2024, 3, 14)),
        ("yesterdy was rough", D(2024, 3, 12)),  # misspelt
        ("tomorow works", D(2024, 3, 14)),
        ("see you tommorrow", D(2024, 3, 14)),
        ("Last Saturday was the regatta.", D(2024, 3, 9)),
        ("saw her last tues", D(2024, 3, 12)),
        ("last fri", D(2024, 3, 8)),
        ("this past monday", D(2024, 3, 11)),
        ("next friday", D(2024, 3, 15)),
        ("this thursday", D(2024, 3, 14)),
        ("we met on friday", D(2024, 3, 8)),  # said in the past: the one before
        ("meet on friday?", D(2024, 3, 15)),  # to come: the one after
        ("met him on wensday", D(2024, 3, 6)),  # misspelt
        ("two weeks ago", D(2024, 2, 28)),
        ("2 wks ago", D(2024, 2, 28)),
        ("a couple of days ago", D(2024, 3, 11)),
        ("a couple weeks ago", D(2024, 2, 28)),
        ("a few days ago", D(2024, 3, 10)),
        ("moved a fortnight ago", D(2024, 2, 28)),
        ("in 6 weeks", D(2024, 4, 24)),
        ("in two months' time", D(2024, 5, 13)),
        ("in a fortnight", D(2024, 3, 27)),
        ("3 days from now", D(2024, 3, 16)),
        ("moved in on the 13th, boxes mostly gone", WED),
    ],
)
def test_a_day_said_relative_to_the_day_said(text: str, day: dt.date) -> None:
    s = one(text, WED)
    assert (s.date, s.relative) == (day, True), s
    assert dates(text, None) == []  # without the day said, no day to find


def test_months_years_weeks_and_weekends_said_relatively() -> None:
    assert one("Next month we sail to Bergen.", WED).shown == "April 2024"
    assert (one("next month", WED).first, one("next month", WED).last) == (
        D(2024, 4, 1),
        D(2024, 4, 30),
    )
    assert one("I bought it three years ago.", WED).shown == "2021"
    assert one("three months ago", WED).shown == "December 2023"
    assert one("last year", WED).date == D(2023, 1, 1)
    assert one("this year", WED).last == D(2024, 12, 31)
    s = one("It launched last week.", WED)
    assert (s.shown, s.first, s.last) == (
        "the week before 13 March 2024",
        D(2024, 3, 4),
        D(2024, 3, 10),
    )
    tue = D(2026, 1, 27)
    assert one("last weekend", tue).readings == ((D(2026, 1, 24), D(2026, 1, 25)),)
    assert (one("next week", tue).first, one("next week", tue).last) == (
        D(2026, 2, 2),
        D(2026, 2, 8),
    )
    # 'next weekend' is the coming one or the one after it.
    assert one("next weekend", tue).readings == (
        (D(2026, 1, 31), D(2026, 2, 1)),
        (D(2026, 2, 7), D(2026, 2, 8)),
    )
    assert one("this past weekend", tue).first == D(2026, 1, 24)
    s = one("the week before last", WED)
    assert (s.first, s.last) == (D(2024, 2, 26), D(2024, 3, 3))


def test_short_weekdays_and_fortnights_in_one_turn() -> None:
    got = found("saw her last tues, fixed the day before yesterday, moved a fortnight ago", THU)
    assert got == {
        "last tues": D(2026, 3, 10),
        "the day before yesterday": D(2026, 3, 10),
        "a fortnight ago": D(2026, 2, 26),
    }
    # 'moved in a fortnight ago' is in the past, not 'in a fortnight'.
    assert found("we moved in a fortnight ago", THU) == {"a fortnight ago": D(2026, 2, 26)}
    got = found("yesterday, last Friday and two weeks ago; 3 May 2026", SUN)
    assert got == {
        "yesterday": D(2026, 6, 13),
        "last Friday": D(2026, 6, 12),
        "two weeks ago": D(2026, 5, 31),
        "3 May 2026": D(2026, 5, 3),
    }


def test_a_day_of_the_month_said_alone() -> None:
    said = D(2026, 6, 22)
    got = dates("moved my stuff into lous on the 13th, boxes mostly gone", said)
    assert [(s.shown, s.date) for s in got] == [("13 June 2026", D(2026, 6, 13))]
    # A coming day before today's is next month's; a past one after it, last month's.
    assert one("keys on the 5th!!", D(2025, 10, 20)).date == D(2025, 11, 5)
    assert one("we moved in on the 28th", D(2026, 3, 3)).date == D(2026, 2, 28)
    # "the 3rd time", "my 40th" are no days to answer with ...
    assert dates("its the 3rd time i asked", said) == [] and dates("my 40th is soon", said) == []
    # ... though 'the 3rd' may still be a day: the support check takes both nearest.
    s = one("its the 3rd time i asked", said, loose=True)
    assert s.loose and s.readings == (
        (D(2026, 6, 3), D(2026, 6, 3)),
        (D(2026, 7, 3), D(2026, 7, 3)),
    )
    s = one("rent goes out on the 15th of every month", said)
    assert (s.precision, s.date, s.shown) == ("monthly", None, "the 15th of every month")


def test_a_day_a_past_act_aims_at_is_ahead_and_an_irregular_past_is_behind() -> None:
    said = D(2025, 3, 2)
    # rescheduled, booked, pushed to a day: the act is past, the day ahead
    assert one("ugh the dentist moved me to the 14th at 2pm", said).date == D(2025, 3, 14)
    assert one("pushed it back till the 20th", said).date == D(2025, 3, 20)
    # "paid", "sent": past forms no suffix rule makes, said after their subject
    assert one("i paid it on the 1st", said).date == D(2025, 3, 1)
    assert one("we sent the forms on the 28th", said).date == D(2025, 2, 28)
    # "rent" is no past of "rend" here: a coming day
    assert one("rent is due on the 1st", said).date == D(2025, 4, 1)


def test_a_day_something_is_still_to_come_on_is_ahead() -> None:
    # Said on 20 February: a passive of now or to come ("getting delivered", "is being
    # fitted", "will be delivered") is no past act, nor is a present verb said after a
    # past form ("the oven i ordered arrives"): the day is the one ahead.
    said = D(2026, 2, 20)
    for text in [
        "sofa's finally ordered, getting delivered the 19th.",
        "ordered a sofa, it gets delivered on the 19th",
        "the oven is being fitted on the 19th",
        "oven will be delivered on the 19th",
        "the new oven i ordered arrives on the 19th",
    ]:
        assert found(text, said) == {"the 19th": D(2026, 3, 19)}, text
    # ... while a past act on the 19th, said on the 20th, was the day before
    for text in ["the oven was delivered on the 19th", "the parcel i sent arrived on the 19th"]:
        assert found(text, said) == {"the 19th": D(2026, 2, 19)}, text


def test_a_day_of_the_month_with_its_weekday_is_the_nearest_month_that_fits() -> None:
    said = D(2025, 7, 9)
    # Booked in the past tense, for a coming Saturday: 26 July 2025 is one, 26 June is not.
    got = dates("van booked for saturday the 26th, leaving at 8", said)
    assert [s.date for s in got] == [D(2025, 7, 26)]
    # Without a weekday the tense decides.
    assert [s.date for s in dates("we moved on the 26th.", said)] == [D(2025, 6, 26)]


# -- loose: what leaves the day open --------------------------------------------------------


def test_a_bare_weekday_month_or_season_is_read_only_when_asked_and_both_ways() -> None:
    fri = D(2025, 3, 14)  # a Friday
    assert dates("see you Friday", fri) == []
    s = one("see you Friday", fri, loose=True)
    assert s.loose and [a for a, _ in s.readings] == [D(2025, 3, 14), D(2025, 3, 21)]
    assert [a for a, _ in one("see you on sat", fri, loose=True).readings] == [
        D(2025, 3, 8),
        D(2025, 3, 15),
    ]
    # 'in June' is the June before or after; 'next June' only after, 'last June' before.
    assert [a for a, _ in one("moving in June", fri, loose=True).readings] == [
        D(2024, 6, 1),
        D(2025, 6, 1),
    ]
    assert [a for a, _ in one("next June", fri, loose=True).readings] == [D(2025, 6, 1)]
    assert [a for a, _ in one("last June", fri, loose=True).readings] == [D(2024, 6, 1)]
    assert [a for a, _ in one("since jan", fri, loose=True).readings] == [D(2025, 1, 1)]
    # A season: 'last summer' said in February is last year's, or this one's.
    years = [a.year for a, _ in one("last summer", D(2024, 2, 1), loose=True).readings]
    assert years == [2023, 2024]
    years = [a.year for a, _ in one("next spring", D(2023, 11, 1), loose=True).readings]
    assert years == [2023, 2024]
    assert [a.year for a, _ in one("in the winter", fri, loose=True).readings] == [2024, 2025, 2026]


# -- words and rendering --------------------------------------------------------------------


def test_month_and_weekday_words_typed_any_way() -> None:
    assert [month_number(w) for w in ("Sept.", "sep", "FEB", "febuary", "feburary", "octobre")] == [
        9,
        9,
        2,
        2,
        2,
        10,
    ]
    assert [month_number(w) for w in ("member", "mayor", "marks", "junior", "summer")] == [None] * 5
    assert [weekday_number(w) for w in ("tues", "Thurs", "wensday", "saterday", "fridays")] == [
        1,
        3,
        2,
        5,
        None,
    ]


def test_rendering() -> None:
    assert render_date(D(2025, 3, 4)) == "4 March 2025"
    assert render_date(D(2025, 3, 4), "month") == "March 2025"
    assert render_date(D(2025, 3, 4), "year") == "2025"


def test_this_weekend_said_early_in_the_week_may_be_the_one_just_gone() -> None:
    mon = D(2026, 3, 9)
    assert one("cleared the loft this weekend", mon).readings == (
        (D(2026, 3, 7), D(2026, 3, 8)),
        (D(2026, 3, 14), D(2026, 3, 15)),
    )
    assert one("this weekend", D(2026, 3, 12)).readings == ((D(2026, 3, 14), D(2026, 3, 15)),)
    # 'last' and 'next' say which week; 'on' and 'this' leave it open.
    assert one("last friday", mon).readings == ((D(2026, 3, 6), D(2026, 3, 6)),)
    assert len(one("on friday", mon).readings) == 2


def test_the_days_a_text_names() -> None:
    # A month, season or year written out is no day; said relatively it points at one.
    assert days_named("in June 2024, summer 2025, since 2019", WED) == set()
    assert days_named("3 May 2026, yesterday, two months ago", WED) == {
        D(2026, 5, 3),
        D(2024, 3, 12),
        D(2024, 1, 13),
    }


def test_a_word_that_says_when_not_what() -> None:
    when = ["Saturday", "saturdays", "last friday", "next tues", "sept", "Sept.", "may"]
    when += ["wensday", "febuary", "today", "yesterday", "tomorow", "sun"]
    assert all(is_date_word(w) for w in when), [w for w in when if not is_date_word(w)]
    # Names that begin like a month are names: 'Marta', 'Mark', 'Maya', 'Augusta'.
    what = ["Marta", "Mark", "Maya", "Augusta", "Junebug", "porto", "sintra", "friday night"]
    assert not any(is_date_word(w) for w in what), [w for w in what if is_date_word(w)]
    assert month_number("Augusta") is None


def test_a_day_without_a_year_told_in_the_past_is_not_after_the_day_said() -> None:
    said = D(2026, 2, 3)
    assert one("we met on 20 feb", said).date == D(2025, 2, 20)
    assert one("we meet on 20 feb", said).date == D(2026, 2, 20)
    assert one("on 30 January", said).date == D(2026, 1, 30)
    # A question about memory whose newest day is in November asks of this February.
    assert one("what did i do on 1 february?", D(2023, 11, 10)).date == D(2023, 2, 1)
    # The tense is the date's own clause's: the flight is to come, though booked.
    got = one("finally booked flights to lisbon, we fly out on the 14th of may", said)
    assert got.date == D(2026, 5, 14)


# -- days still to come, as people type them (issue 12) ------------------------------------

MON = D(2026, 3, 2)  # Monday 2 March 2026


@pytest.mark.parametrize(
    ("text", "phrase", "day"),
    [
        # a day of the month with no "the": after the verb of a coming act, after "on"/"by"
        ("oven arrives 14th so no roast this weekend", "14th", D(2026, 3, 14)),
        ("the new bed comes 22nd, the oak one", "22nd", D(2026, 3, 22)),
        ("the plumber is coming on 1st", "1st", D(2026, 4, 1)),
        ("invoice needs paying by 3rd", "3rd", D(2026, 3, 3)),
        # a short day after "on" that the dictionary knows only as the day
        ("the fridge delivery's on thurs so i'm wfh", "on thurs", D(2026, 3, 5)),
        ("boiler service is on fri morning", "on fri", D(2026, 3, 6)),
        # ... or another word too, when a break or a part of the day follows
        ("the party is on sat, come!", "on sat", D(2026, 3, 7)),
        ("we're off to the coast on sun morning", "on sun", D(2026, 3, 8)),
    ],
)
def test_a_coming_day_typed_short(text: str, phrase: str, day: dt.date) -> None:
    assert found(text, MON)[phrase] == day


@pytest.mark.parametrize(
    "text",
    [
        "she came 3rd in the race",  # a place in a race, told once it is run
        "he finished 2nd!",
        "my 40th is a big one",
        "we live on the 2nd floor",
        "lying out on sun loungers all day",  # 'sun' is a word before a noun
        "i sat on the sofa all evening",
    ],
)
def test_no_day_in_a_place_in_a_race_a_floor_or_a_word(text: str) -> None:
    # the same words a day is read in, where they name one
    assert found("she comes 3rd, can't wait", MON)["3rd"] == D(2026, 3, 3)
    assert found("the bbq is on sun, bring a chair", MON)["on sun"] == D(2026, 3, 8)
    assert [s for s in dates(text, MON) if s.relative] == []


def test_the_tense_of_the_verb_a_day_goes_with() -> None:
    # "met" is past, "starts" (a noun too) is the verb the day hangs on: still to come
    assert found("the guy i met starts on the 19th", D(2026, 4, 6))["the 19th"] == D(2026, 4, 19)
    assert found("the woman i interviewed starts on the 2nd", D(2026, 4, 6))["the 2nd"] == D(
        2026, 5, 2
    )
    # ... and the past still reads as past
    assert found("the guy i met started on the 2nd", D(2026, 4, 6))["the 2nd"] == D(2026, 4, 2)
    assert found("boiler service was on fri morning", D(2026, 5, 6))["on fri"] == D(2026, 5, 1)
    # a past the words before the day do not show: an irregular form with no subject, a
    # verb after the day
    assert found("rang him on mon about it", D(2026, 5, 6))["on mon"] == D(2026, 5, 4)
