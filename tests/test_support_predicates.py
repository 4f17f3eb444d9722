"""The support check's newer mechanisms, on pairs of their own (not the shipped sets):
mood and polarity per predicate (validators.predicates), number words, seasons, names
with a suffix, 'we' as the speaker's family, a place named by its owner, and the words
a finding names."""

from __future__ import annotations

import datetime as dt

from language.dates import days_named
from validators.predicates import predicates
from validators.support import Evidence, check_support
from validators.words import numbers_in

SAID = dt.date(2025, 3, 14)  # a Friday


def block(text: str, said: dt.date = SAID) -> list[Evidence]:
    dates = {said} | days_named(text, said)
    return [Evidence(text, "Rhea Ilya", dates, "Rhea", ("Ilya",), "Chat", said)]


def check(claim: str, text: str, said: dt.date = SAID, model: bool = False):  # type: ignore[no-untyped-def]
    return check_support(claim, block(text, said), similarity=None if model else False)


def test_a_relative_clause_keeps_its_own_tense() -> None:
    ev = "I'm flying to Porto on Sunday for the conference, my boss booked the hotel."
    # The plan is to come, the booking is done: each clause is read for itself.
    assert check(
        "Rhea will fly to Porto on 2025-03-16 for a conference, at a hotel her boss booked.", ev
    ).ok
    r = check("Rhea flew to Porto for the conference.", ev)
    assert not r.ok and r.reason.startswith("modality differs")


def test_a_wish_carries_to_the_verbs_under_it_not_past_a_comma() -> None:
    ev = "I've been meaning to repaint the kitchen, we haven't touched it since we moved in."
    assert check("Rhea intends to repaint her kitchen.", ev).ok
    r = check("Rhea repainted her kitchen.", ev)
    assert not r.ok and "modality" in r.reason
    moods = {p.text: p.mood for p in predicates(ev, SAID)}
    assert moods["to repaint the kitchen"] == "desire"


def test_negation_of_a_fragment_after_a_comma() -> None:
    ev = "I'm allergic to nuts, so no baklava for me."
    assert check("Rhea is allergic to nuts and avoids baklava.", ev).ok
    r = check("Rhea is allergic to nuts but eats baklava.", ev)
    assert not r.ok and "negation" in r.reason


def test_a_verb_of_not_doing_matches_a_plain_not() -> None:
    ev = "We're not going to the festival after all, the tickets sold out."
    assert check("Rhea called off her festival plans because the tickets sold out.", ev).ok
    assert not check("Rhea is going to the festival.", ev).ok


def test_number_words_decades_and_ordinals() -> None:
    assert numbers_in("twenty-two years") == {"22"}
    assert numbers_in("two decades") == {"20"}
    assert numbers_in("her third child") == {"3"}
    ev = "My grandfather turns ninety next week, he drove a taxi for twenty years."
    assert check("Rhea's grandfather turns 90 soon and drove a taxi for two decades.", ev).ok
    r = check("Rhea's grandfather turns 80 soon.", ev)
    assert not r.ok and r.words == ("80",)


def test_a_month_said_is_no_count() -> None:
    ev = "We got two goats in March."
    assert check("Rhea got two goats in March 2025.", ev).ok
    r = check("Rhea got three goats in March 2025.", ev)  # March is month 3, not 3 goats
    assert not r.ok and r.words == ("3",)


def test_a_season_names_its_year() -> None:
    ev = "I've been learning the cello since last autumn."
    assert check("Rhea has been learning the cello since autumn 2024.", ev).ok
    assert not check("Rhea has been learning the cello since autumn 2022.", ev).ok


def test_names_with_a_suffix_and_the_speakers_family() -> None:
    ev = "We bought a flat from a Porto-born architect, we move in next month."
    assert check("Rhea's family bought a flat from a Porto-based architect.", ev).ok
    assert not check("Rhea's family bought a flat from a Lisbon-based architect.", ev).ok


def test_a_place_named_by_its_owner() -> None:
    ev = "I'm staying at my cousin's this weekend."
    assert check("Rhea is staying at her cousin's home this weekend.", ev).ok
    r = check("Rhea is staying at her cousin's boat this weekend.", ev)
    assert not r.ok and "boat" in r.words


def test_a_narrower_verb_read_by_the_model_and_the_finding_names_the_word() -> None:
    ev = "My brother is moving to Leeds next month for work."
    assert check("Rhea's brother is relocating to Leeds for work.", ev, model=True).ok
    r = check("Rhea's brother is moving to York for work.", ev, model=True)
    assert not r.ok and r.words == ("York",)
    # A sister verb is judged on the two words alone: in context 'sold him a camera'
    # reads like 'gave me this camera', which is exactly the detail that changed.
    ev = "My uncle gave me his old camera when I started the photography course."
    r = check("Rhea's uncle sold her his old camera.", ev, model=True)
    assert not r.ok and r.words == ("sold",)


def test_a_clause_of_time_in_a_plan_is_planned_too() -> None:
    ev = "I'd like to buy a boat when I retire, maybe a small sailing one."
    assert check("Rhea would like to buy a small sailboat once she retires.", ev, model=True).ok
    r = check("Rhea bought a small sailing boat when she retired.", ev)
    assert not r.ok and "modality" in r.reason


def test_a_compound_names_someone_else() -> None:
    ev = "My father-in-law is teaching me to sail this summer."
    assert check("Rhea's father-in-law is teaching her to sail.", ev).ok
    r = check("Rhea's father is teaching her to sail.", ev, model=True)
    assert not r.ok and r.words == ("father",)
