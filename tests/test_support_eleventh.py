"""Eleventh round on issue 18: a pledge of sincerity ('not gonna lie') that denies
nothing, a view whose clause carries the 'not', an act put forward ('suggested cutting
out caffeine') that is not yet done, a block's noun spelt like a verb of reporting ('a
voice note'), an abstraction reworded in the place of another ('leave' for 'time off'),
a verb of succeeding ('managed to') that adds nothing to the act it governs, a day
shortened in chat ('thurs') wherever it stands, and a block's light verb ('came round')
that is no other act in the claim verb's place."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check
from validators.by_examples import without_pledges
from validators.predicates import predicates

#: A Wednesday.
SAID = dt.date(2026, 3, 11)


def test_a_pledge_of_sincerity_denies_nothing() -> None:
    ev = "not gonna lie the commute is brutal but the office is lovely"
    assert not any(p.negative for p in predicates(ev, SAID) if p.head == "is")
    assert check("Rhea's commute is brutal.", ev, SAID, model=True).ok
    r = check("Rhea's commute is not brutal.", ev, SAID, model=True)
    assert not r.ok and r.reason.startswith("negation differs")
    # A 'not' on the act itself is still a 'not': she did not lie.
    assert any(p.negative for p in predicates("i did not lie about the money", SAID))


def test_a_feeling_said_after_a_pledge_is_said() -> None:
    ev = "not going to lie i'm dreading the exam on monday"
    assert "not" not in without_pledges(ev)
    assert check("Rhea is anxious about her exam on Monday.", ev, SAID, model=True).ok
    r = check("Rhea is excited about her exam on Monday.", ev, SAID, model=True)
    assert not r.ok and "excited" in r.words


def test_a_view_may_carry_the_not_of_its_clause() -> None:
    ev = "love the new flat but the living room never feels warm"
    assert check("Rhea feels the living room never gets warm.", ev, SAID, model=True).ok
    r = check("Rhea feels the living room is warm.", ev, SAID, model=True)
    assert not r.ok and r.reason.startswith("negation differs")


def test_an_act_put_forward_is_not_yet_done() -> None:
    ev = "my gp suggested cutting out caffeine for a month"
    r = check("Rhea cut out caffeine for a month.", ev, SAID)
    assert not r.ok and r.reason.startswith("modality differs")
    moods = {p.head: p.mood for p in predicates(ev, SAID)}
    assert moods["cutting"] == "desire"


def test_a_gerund_after_its_preposition_is_in_the_mood_of_its_clause() -> None:
    # 'before feeding' (a gerund the parser makes the preposition's object) is part of
    # the advice, as 'before you feed him' is.
    moods = {p.head: p.mood for p in predicates("The vet suggested walking him before feeding.")}
    assert moods["feeding"] == moods["walking"] == "desire"
    ev = "I recommend soaking the beans overnight before you cook them."
    claim = "Rhea recommended soaking the beans overnight before cooking."
    assert check(claim, ev, SAID, model=True).ok


def test_a_noun_spelt_like_a_verb_of_reporting_is_a_thing_said() -> None:
    ev = "tutor sent me a voice note with feedback on my essay"
    claim = "Rhea's tutor sent her a voice message with feedback on her essay."
    assert check(claim, ev, SAID, model=True).ok
    r = check(claim.replace("essay", "dissertation"), ev, SAID, model=True)
    assert not r.ok and "dissertation" in r.words


def test_an_abstraction_may_be_reworded_in_the_place_of_another() -> None:
    ev = "my boss wouldnt give me the time off for my cousins wedding, so annoying"
    claim = "Rhea's boss would not give her leave for her cousin's wedding."
    assert check(claim, ev, SAID, model=True).ok
    ev2 = "we had to hire four more people for the summer rush at the cafe"
    claim2 = "Rhea's cafe hired four extra staff for the summer rush."
    assert check(claim2, ev2, SAID, model=True).ok
    # A physical thing in the place of another is another thing.
    ev3 = "lost my keys on the bus again"
    r = check("Rhea lost her passport on the bus.", ev3, SAID, model=True)
    assert not r.ok and "passport" in r.words


def test_a_verb_of_succeeding_adds_nothing_to_its_act() -> None:
    ev = "first go on a paddleboard today, stood up for like ten seconds lol"
    claim = "On her first go on a paddleboard, Rhea managed to stand up for about ten seconds."
    assert check(claim, ev, SAID, model=True).ok
    # The act it governs is still checked, its polarity too.
    r = check("Rhea never managed to stand up on the paddleboard.", ev, SAID, model=True)
    assert not r.ok and r.reason.startswith("negation differs")


def test_a_day_shortened_in_chat_names_the_day_wherever_it_stands() -> None:
    ev = "dentist appt thurs at 4pm ugh"
    assert check("Rhea has a dentist appointment on Thursday at 4pm.", ev, SAID, model=True).ok
    r = check("Rhea has a dentist appointment on Tuesday at 4pm.", ev, SAID, model=True)
    assert not r.ok and "Tuesday" in r.words
    # A shortening that is another word too names the day only where the date reader
    # says so: 'sat' in a chair is no Saturday.
    ev2 = "i sat in the dentist chair at 4pm ugh"
    r = check("Rhea had a dentist appointment on Saturday at 4pm.", ev2, SAID, model=True)
    assert not r.ok and "Saturday" in r.words


def test_a_light_verb_of_the_block_is_no_counterpart_of_the_claims_act() -> None:
    # 'came round and sorted it' leaves the act vague; 'paid' names what 'cost me' says.
    ev = "the electrician came round and sorted the fuse box, cost me 120 quid"
    assert check("Rhea paid an electrician £120 to fix the fuse box.", ev, SAID, model=True).ok
    # A contentful verb in the slot is another act: lending is no paying.
    ev2 = "my brother lent me 120 quid for the fuse box"
    r = check("Rhea paid her brother £120 for the fuse box.", ev2, SAID, model=True)
    assert not r.ok and "paid" in r.words
