"""The fourteenth round on issue 18: a 'not' held to the clause that speaks of what it
denies, a request or a ban reported ('said no running', 'pls come'), 'considers X the
best Y' as a judgement, a fragment with no verb that names a day to come, a role before
a chat's interjection ('im an uncle omg') and 'not as much as' for 'less than'. Each test
pairs a faithful rewording with a one-detail twin; the pairs are our own."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_not_is_held_to_the_clause_of_what_it_denies() -> None:
    # 'doing veganuary' shares the name with the clause that denies eating; it says
    # nothing of eating, so that 'not' neither confirms nor gainsays it.
    ev = "not eating any animal stuff for veganuary, 5 days in, so far so good"
    assert check("Rhea is doing Veganuary and is five days in.", ev).ok
    # 'without' denies only what it governs: the days are not denied.
    ev = "trying a month off social media, 12 days in"
    assert check("Rhea has gone twelve days without social media.", ev).ok
    # A negative claim is held to the clause that tells its verb and its thing, though
    # another shares more of its words.
    ev = "I got the grant! It covers the whole residency in Lisbon."
    r = check("Rhea did not receive the grant for the residency in Lisbon.", ev)
    assert not r.ok and "negation" in r.reason


def test_a_clause_of_the_claims_things_outweighs_one_that_shares_only_its_verb() -> None:
    ev = "i dont eat sugar anymore but still have honey sometimes"
    assert check("Rhea no longer eats sugar but eats honey sometimes.", ev).ok
    r = check("Rhea still eats sugar sometimes.", ev)
    assert not r.ok and "negation" in r.reason


def test_a_ban_a_verb_of_saying_reports_is_wanted_of_someone() -> None:
    ev = "dentist said no chewing on that side for two weeks"
    assert check("Rhea's dentist told her not to chew on that side for two weeks.", ev).ok
    r = check("Rhea has not chewed on that side for two weeks.", ev)
    assert not r.ok and "modality" in r.reason


def test_a_request_is_the_asking_a_claim_reports() -> None:
    ev = "Please return the signed form to the school office by Friday."
    assert check("Rhea was told to return the signed form to the school office by Friday.", ev).ok
    r = check("Rhea returned the signed form to the school office by Friday.", ev)
    assert not r.ok and "modality" in r.reason


def test_considers_an_act_the_best_thing_is_a_judgement_not_a_plan() -> None:
    ev = "honestly quitting the agency was the smartest thing i ever did"
    assert check("Rhea considers quitting the agency the smartest thing she has done.", ev).ok
    r = check("Rhea is considering quitting the agency.", ev)
    assert not r.ok and "modality" in r.reason


def test_a_fragment_naming_a_day_to_come_is_an_arrangement() -> None:
    ev = "my brother finally got his citizenship!! ceremony at the town hall on thursday"
    assert check(
        "Rhea's brother got his citizenship, with a ceremony planned at the town hall on Thursday.",
        ev,
    ).ok


def test_a_role_before_a_chats_interjection_is_said_of_the_speaker() -> None:
    # The parser takes 'omg' for a noun that 'uncle' modifies; no dictionary knows it as
    # one, so the role is the speaker's.
    ev = "my brother just had his first kid!! im an uncle omg"
    assert check("Rhea became an uncle when her brother had his first child.", ev).ok
    assert not check("Rhea became a grandfather when her brother had his first child.", ev).ok


def test_not_as_much_as_is_less_than() -> None:
    ev = "honestly dont use the car as much as i expected since moving"
    assert check("Rhea uses her car less than she expected since moving.", ev, model=True).ok
    r = check("Rhea uses her car more than she expected since moving.", ev, model=True)
    assert not r.ok
