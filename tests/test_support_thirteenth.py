"""The thirteenth round on issue 18: a compound chat writes solid ('inlaws'), a name the
dictionary knows whole ('Mount Etna' for 'etna'), 'tomorrow' and 'yesterday' shortened
to their consonants ('tmrw', 'ystrdy'), a comparison turned round ('more than' for 'less
than'), a 'her' after someone's relative ('Rhea's mother ... her'), and a span of hours
and minutes written as a clock ('1:05' for '1h05'). Each test pairs a
faithful rewording with a one-detail twin where it has one; the pairs are our own."""

from __future__ import annotations

import datetime as dt

from language.dates import dates
from tests.test_support_predicates import check


def test_a_hyphenated_word_the_block_writes_solid_is_the_same_word() -> None:
    ev = "the inlaws are coming for xmas dinner, dreading it"
    assert check("Rhea's in-laws are coming for Christmas dinner, which she is dreading.", ev).ok
    r = check("Rhea's parents are coming for Christmas dinner.", ev)
    assert not r.ok and "parents" in r.words


def test_a_name_the_dictionary_knows_whole_may_carry_its_kind() -> None:
    ev = "saw etna smoking from the plane!! unreal"
    assert check("Rhea saw Mount Etna smoking from the plane.", ev).ok
    assert not check("Rhea saw Mount Vesuvius smoking from the plane.", ev).ok


def test_tomorrow_and_yesterday_shortened_to_their_consonants_are_days() -> None:
    said = dt.date(2025, 3, 14)
    [span] = dates("moving into the new flat tmrw!! boxes everywhere", said)
    assert span.date == dt.date(2025, 3, 15)
    [span] = dates("got my stitches out ystrdy, itchy af", said)
    assert span.date == dt.date(2025, 3, 13)
    # Three consonants that are no shortening of either stay words.
    assert dates("they try to work, thx", said) == []
    ev = "moving into the new flat tmrw!! boxes everywhere"
    assert check("Rhea moves into her new flat on 15 March 2025.", ev).ok
    r = check("Rhea moves into her new flat on 16 March 2025.", ev)
    assert not r.ok and "date" in r.reason


def test_a_comparison_turned_round_is_a_contradiction() -> None:
    ev = "the tiles cost me way less than the builder said"
    assert check("The tiles cost Rhea less than the builder had said.", ev, model=True).ok
    r = check("The tiles cost Rhea more than the builder had said.", ev, model=True)
    assert not r.ok and "'more' contradicts 'less'" in r.reason
    r = check(
        "The tiles cost Rhea less than the builder had said.",
        "the tiles cost me way more than the builder said",
        model=True,
    )
    assert not r.ok and "'less' contradicts 'more'" in r.reason
    # A bound is no comparison: 'no more than' says at most.
    assert check(
        "The tiles cost Rhea no more than the builder had said.",
        "the tiles cost me no more than the builder said",
        model=True,
    ).ok


def test_her_after_someones_relative_may_be_the_relative() -> None:
    ev = "mum broke her wrist so we drove her to the hospital"
    claim = "Rhea's mother broke her wrist, so the family drove her to the hospital."
    assert check(claim, ev, model=True).ok
    r = check("Rhea's mother broke her ankle, so the family drove her to the hospital.", ev)
    assert not r.ok and "ankle" in r.words


def test_a_span_of_hours_and_minutes_may_be_written_as_a_clock() -> None:
    from validators.words import numbers_in

    assert "1:05" in numbers_in("swam it in 1h05, gutted", block=True)
    assert "3:20" in numbers_in("the drive took 3 hours 20 minutes", block=True)
    assert "1:05" not in numbers_in("swam it in 1h05, gutted")  # a claim states its own
    ev = "swam the 3k in 1h05 this morning, gutted"
    assert check("Rhea swam the 3k in 1:05.", ev).ok
    r = check("Rhea swam the 3k in 1:15.", ev)
    assert not r.ok and "1:15" in r.reason
