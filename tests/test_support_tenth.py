"""Tenth round on issue 18: chat's shortened words ('appt'), loose words for people
('the girls', 'my boss') that a wiki line names by who they are, a light verb that ties
no two predicates, and the auxiliary of "can't" that fills no slot."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check
from validators.polarity import _polarity_and_modality
from validators.predicates import predicates
from validators.qualities import quality_said
from validators.similarity import default_similarity
from validators.support import Evidence
from validators.word_ties import contracted

#: A Wednesday.
SAID = dt.date(2026, 3, 11)


def test_a_word_shortened_in_chat_is_the_word() -> None:
    ev = "hospital appt friday morning so cant do the school run"
    assert check("Rhea has a hospital appointment on Friday morning.", ev, SAID, model=True).ok
    # The shortening stands for its own word only: a dentist is still no hospital.
    r = check("Rhea has a dentist appointment on Friday morning.", ev, SAID, model=True)
    assert not r.ok and "dentist" in r.words
    assert contracted("mgr", "manager") and contracted("tmrw", "tomorrow")
    # A word of its own, or one with a vowel kept, is no shortening: 'lol' is no 'local'.
    assert not contracted("lol", "local") and not contracted("part", "apartment")


def test_the_girls_may_be_her_friends_but_no_one_else() -> None:
    ev = "back from lisbon!! weekend away with the girls was amazing"
    assert check("Rhea spent the weekend in Lisbon with her friends.", ev, SAID, model=True).ok
    # A partner, or people of another sex, are someone the block does not say.
    for other in ("her boyfriend", "the boys"):
        claim = f"Rhea spent the weekend in Lisbon with {other}."
        assert not check(claim, ev, SAID, model=True).ok, other


def test_my_boss_is_her_manager_but_not_her_director_or_coach() -> None:
    ev = "my boss said yes to two weeks unpaid leave in march"
    claim = "Rhea's manager agreed to two weeks of unpaid leave in March."
    assert check(claim, ev, SAID, model=True).ok
    for other in ("director", "coach"):
        r = check(claim.replace("manager", other), ev, SAID, model=True)
        assert not r.ok and other in r.words, other


def test_a_light_verb_ties_no_two_predicates() -> None:
    # 'has an appointment' shares only a sense of 'have' with "can't make saturday": it is
    # the reason, said positively on both sides, not the refusal said again.
    ev = "cant make saturday, got an appt in the morning"
    blocks = [Evidence(ev, "Rhea Ilya", {SAID}, "Rhea", ("Ilya",), "Chat", SAID)]
    claim = "Rhea cannot make Saturday because she has an appointment in the morning."
    assert _polarity_and_modality(claim, blocks) is None
    assert check(claim, ev, SAID, model=True).ok
    r = check(claim.replace("cannot", "can"), ev, SAID, model=True)
    assert not r.ok and r.reason.startswith("negation differs")


def test_the_auxiliary_of_wont_fills_no_slot() -> None:
    # The 'wo' the parser splits from "won't" is no act that 'miss' replaces: the claim's
    # verb says what the block's 'not' does.
    ev = "wont be at the pub quiz tonight, working late"
    assert check(
        "Rhea will miss the pub quiz tonight because she is working late.", ev, SAID, model=True
    ).ok
    r = check(
        "Rhea will miss the pub quiz tonight because she is babysitting.", ev, SAID, model=True
    )
    assert not r.ok and "babysitting" in r.words
    r = check(
        "Rhea will attend the pub quiz tonight because she is working late.", ev, SAID, model=True
    )
    assert not r.ok


def test_being_off_something_is_going_without_it() -> None:
    ev = "ive been off the booze since new year and feel loads better"
    assert check("Rhea has stopped drinking alcohol since New Year.", ev, SAID, model=True).ok
    r = check("Rhea drinks alcohol every weekend.", ev, SAID, model=True)
    assert not r.ok
    # Being off it is done, not a plan to stop.
    r = check("Rhea is planning to stop drinking alcohol.", ev, SAID, model=True)
    assert not r.ok and "modality" in r.reason
    # 'off to' is going somewhere, no 'not'.
    moods = {p.head: p.negative for p in predicates("im off to spain tomorrow", SAID)}
    assert not any(moods.values())


def test_a_quality_said_with_another_adjective() -> None:
    ev = "interview was brutal, so many curveballs"
    assert check("Rhea says the interview was difficult.", ev, SAID, model=True).ok
    # The other end of the scale reads alike to the model, but is the other worth.
    r = check("Rhea says the interview was easy.", ev, SAID, model=True)
    assert not r.ok and "easy" in r.words
    ev = "cooked for 8 with one pan lol"
    assert check("Rhea cooked dinner for eight people with a single pan.", ev, SAID, model=True).ok
    # A quality the block has no word for is added: a large pan, a red bike.
    r = check("Rhea cooked dinner for eight people with a large pan.", ev, SAID, model=True)
    assert not r.ok and "large" in r.words
    r = check("Rhea bought a red bike.", "bought a bike off marketplace", SAID, model=True)
    assert not r.ok and "red" in r.words


def test_a_quality_of_the_other_worth_is_no_paraphrase() -> None:
    model = default_similarity()
    assert quality_said("good", "the pay's decent but the hours are long", model) == "decent"
    assert quality_said("bad", "the pay's decent but the hours are long", model) is None
    # Opposites through a similar word: 'pricey' is similar to 'expensive'.
    assert quality_said("cheap", "the flat is pricey", model) is None
    # A feeling is left to the feelings' own examples.
    assert quality_said("annoyed", "so relieved", model) is None


def test_one_claim_predicate_over_two_of_the_block_agrees_with_both() -> None:
    # 'will go to the staff party after her dentist appointment' speaks of both of the
    # block's predicates as much: it says both happen, and the block denies one.
    ev = "I won't be at the staff party, I've got a dentist appointment"
    r = check(
        "Rhea will go to the staff party after her dentist appointment.", ev, SAID, model=True
    )
    assert not r.ok and r.reason.startswith("negation differs")
    claim = "Rhea will miss the staff party because she has a dentist appointment."
    assert check(claim, ev, SAID, model=True).ok
