"""Counts, units and phrases the support check reads as a writer says them (on sentences
of our own): '£3k', 'ninetieth', 'twice', 'percent' for '%', 'Feb' for February; an
ordinal in an idiom counts nothing; a phrasal verb is its dictionary entry; an opposite
the claim also speaks of is no contradiction."""

from __future__ import annotations

import datetime as dt

from language.dates import days_named
from validators.support import Evidence, check_support
from validators.words import numbers_in

SAID = dt.date(2026, 1, 20)


def check(claim: str, text: str, model: bool = False):  # type: ignore[no-untyped-def]
    dates = {SAID} | days_named(text, SAID)
    block = [Evidence(text, "", dates, "Rhea", (), "", SAID)]
    return check_support(claim, block, similarity=None if model else False)


def test_numbers_as_people_write_them() -> None:
    assert numbers_in("borrowed £3k for the roof") == {"3000"}
    assert numbers_in("a 5k run") == {"5"}  # no currency: as often a distance
    assert numbers_in("her ninetieth birthday") == {"90"}
    assert numbers_in("failed twice") == {"2"}
    assert numbers_in("her second child") == {"2"}
    # An ordinal that opens a dictionary phrase counts nothing.
    assert numbers_in("a second-hand bike") == set()
    assert numbers_in("having second thoughts") == set()


def test_counts_in_claims() -> None:
    assert check("Rhea borrowed £3,000 for the roof.", "borrowed £3k for the roof").ok
    r = check("Rhea borrowed £4,000 for the roof.", "borrowed £3k for the roof")
    assert not r.ok and "4000" in r.reason
    r = check("Rhea failed the exam twice.", "failed the exam again, third time")
    assert not r.ok and "number 2" in r.reason


def test_a_unit_word_for_a_sign() -> None:
    assert check("Rhea's rent rose by 8 percent.", "my rent rose by 8%").ok
    assert not check("Rhea's rent rose by 9 percent.", "my rent rose by 8%").ok


def test_a_month_abbreviated() -> None:
    assert check("Rhea is not drinking in February 2026.", "not drinking in Feb").ok
    assert not check("Rhea is not drinking in March 2026.", "not drinking in Feb").ok


def test_a_phrasal_verb_is_its_dictionary_entry() -> None:
    # touch_down is a way of landing in WordNet; the light verb 'make' stands for nothing.
    assert check("Rhea's plane touches down at noon.", "my plane lands at noon").ok
    assert not check("Rhea's plane takes off at noon.", "my plane lands at noon").ok


def test_an_opposite_the_claim_speaks_of_too() -> None:
    ev = "bought a new kettle, the old one was leaking"
    assert check("Rhea bought a new kettle because her old one was leaking.", ev).ok
    r = check("Rhea bought an old kettle.", "bought a new kettle")
    assert not r.ok and "contradicts" in r.reason
