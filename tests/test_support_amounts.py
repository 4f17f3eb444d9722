"""Amounts and days as people say them in chat, read through the one number reader
(words.numbers_in) and the one date parser (language.dates): '9k', 'four grand',
'a couple of', 'half', 'last tues', 'a fortnight ago', 'the day before yesterday'. Each
faithful claim has a twin with one detail changed that stays rejected."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check
from validators.words import numbers_in

THURSDAY = dt.date(2026, 3, 12)


def test_thousands_said_as_k_or_grand() -> None:
    ev = "got the quote back for the kitchen, 9k!!! nearly fell off my chair"
    assert check("Rhea got a quote of 9,000 for the kitchen.", ev).ok
    r = check("Rhea got a quote of 6,000 for the kitchen.", ev)
    assert not r.ok and "6000" in r.reason
    ev = "paid off half the car loan already, 4 grand to go"
    assert check("Rhea has paid off half her car loan with £4,000 to go.", ev).ok
    assert not check("Rhea has paid off half her car loan with £14,000 to go.", ev).ok


def test_a_bare_k_in_a_block_is_also_a_race() -> None:
    # '10k' is a distance as often as an amount: the block is read both ways.
    assert numbers_in("ran my first 10k", block=True) == {"10", "10000"}
    assert numbers_in("ran my first 10k") == {"10"}


def test_a_couple_of_is_two_and_a_couple_is_no_count() -> None:
    ev = "only had a couple of pints with dan after work, home by 9"
    assert check("Rhea had two pints with Dan after work and was home by 9.", ev).ok
    r = check("Rhea had four pints with Dan after work and was home by 9.", ev)
    assert not r.ok and "4" in r.reason
    assert numbers_in("we're a couple now") == set()


def test_a_share_in_words_is_the_percentage_a_claim_writes() -> None:
    ev = "they knocked half off the price because of the scratch"
    assert check("They knocked 50% off the price because of the scratch.", ev).ok
    r = check("They knocked 30% off the price because of the scratch.", ev)
    assert not r.ok and "30" in r.reason


def test_a_day_said_relatively_supports_the_claims_date() -> None:
    ev = "saw the consultant last tues, she thinks surgery in the spring"
    assert check("Rhea saw her consultant on 2026-03-10.", ev, THURSDAY).ok
    r = check("Rhea saw her consultant on 2026-03-11.", ev, THURSDAY)
    assert not r.ok and "2026-03-11" in r.reason
    ev = "my sister had her baby on sat!! both doing great"
    assert check("Rhea's sister had her baby on 2026-03-07.", ev, THURSDAY).ok
    assert not check("Rhea's sister had her baby on 2026-03-01.", ev, THURSDAY).ok


def test_a_short_month_after_in_is_a_month_and_jan_alone_a_name() -> None:
    november = dt.date(2026, 11, 20)
    ev = "handed in my notice at the garage, new job starts in jan"
    assert check("Rhea's new job starts in January 2027.", ev, november).ok
    assert not check("Rhea's new job starts in January 2028.", ev, november).ok
    assert not check(
        "Rhea met Jan in January 2027.", "had coffee with Jan, lovely as ever", november
    ).ok
