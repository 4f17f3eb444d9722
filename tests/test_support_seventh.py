"""Seventh round on issue 18: moods as chat types them and as a wiki line restates them
('were' for "we're", a booking for a day to come, 'after' a move still to come), and a
noun of one kind in the place of another's as a noun's modifier ('golf club' for
'cricket club')."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check
from validators.predicates import predicates

#: A Wednesday.
SAID = dt.date(2026, 3, 11)


def test_were_with_no_subject_is_we_are() -> None:
    ev = "my sister's 30th is next month, were having a surprise do at the pub for her"
    moods = {p.head: p.mood for p in predicates(ev, SAID)}
    assert moods["having"] == "progressive"
    claim = "Rhea is having a surprise party for her sister at the pub."
    assert check(claim, ev, SAID, model=True).ok
    # A 'were' after its subject is past, as written.
    moods = {p.head: p.mood for p in predicates("we were having a surprise do at the pub", SAID)}
    assert moods["having"] == "past"


def test_a_booking_for_a_day_to_come_is_done() -> None:
    ev = "found a cottage in the peak district, booked for the first week of june"
    assert check(
        "Rhea has booked a cottage in the Peak District for early June.", ev, SAID, model=True
    ).ok
    ev = "I've booked the ferry for next friday"
    assert check("Rhea has booked the ferry.", ev, SAID).ok
    # A booking still to make stays a plan.
    r = check("Rhea has booked the ferry.", "I'll book the ferry for next friday", SAID)
    assert not r.ok and "modality" in r.reason


def test_after_a_move_to_come_is_in_the_plan() -> None:
    ev = "we're hoping to get an allotment once we've moved house"
    assert check("Rhea hopes to get an allotment after she moves house.", ev, SAID, model=True).ok
    moods = {p.head: p.mood for p in predicates("I want a dog after we move", SAID)}
    assert moods["move"] == "desire"
    # 'after' in a past tense tells of what was done first.
    moods = {p.head: p.mood for p in predicates("I wanted a dog after we moved", SAID)}
    assert moods["moved"] == "past"


def test_a_noun_of_its_kind_in_a_nouns_slot_is_another_thing() -> None:
    ev = "my grandad turns 80 next month, were throwing him a party at the bowls club"
    assert check(
        "Rhea is throwing a party for her grandad at the bowls club.", ev, SAID, model=True
    ).ok
    r = check("Rhea is throwing a party for her grandad at the golf club.", ev, SAID, model=True)
    assert not r.ok and "golf" in r.words
    # Without the 'were': main let the golf club through as a rewording of 'cricket'.
    ev = "we're having a party for grandad at the cricket club next month"
    r = check("Rhea is having a party for her grandad at the golf club.", ev, SAID, model=True)
    assert not r.ok and "golf" in r.words
    # A group for its members is a rewording: 'staff' for 'teacher'.
    ev = "the kids' school is closed on monday for teacher training"
    assert check(
        "Rhea's children's school is closed on Monday for staff training.", ev, SAID, model=True
    ).ok
