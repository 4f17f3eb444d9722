"""A 'not' said another way (issue 18, text written outside the project): 'was unable
to', "couldn't", 'has yet to', 'still waiting to', 'instead of', 'without', an obligation
('have to', 'gotta', 'ought to'), an act asked of someone ('told him to rest'), and an
opposite under a 'not' ('did not pass' for 'failed'). Each reading is tested on both
sides: the paraphrase is accepted, the claim that gainsays it is still rejected."""

from __future__ import annotations

from tests.test_support_moods_outside import SAID, check
from validators.predicates import predicates


def preds(text: str) -> dict[str, tuple[str, bool]]:
    return {p.head: (p.mood, p.negative) for p in predicates(text, SAID)}


def test_unable_to_and_could_not_are_not_done() -> None:
    assert preds("Noa was unable to book the ferry.")["book"] == ("past", True)
    assert preds("couldn't book the ferry, it was full")["book"] == ("past", True)
    ev = "couldn't book the ferry to Arran, every sailing was full"
    assert check("Noa was unable to book the ferry to Arran.", ev).ok
    assert check("Noa did not book the ferry to Arran.", ev).ok
    r = check("Noa booked the ferry to Arran.", ev)
    assert not r.ok and "negation" in r.reason
    # 'if I could' stays a supposition.
    assert preds("if I couldn't drive I'd move back to town")["drive"][0] == "desire"


def test_yet_to_and_waiting_to_are_not_done() -> None:
    assert preds("The council has yet to repair the streetlight.")["repair"][1]
    assert preds("Noa is still waiting to hear from the surgeon.")["hear"][1]
    # "can't wait to" is eager, no 'not'.
    assert not preds("I can't wait to see the surgeon")["see"][1]
    ev = "the council still hasn't repaired the streetlight outside, it's been a month"
    assert check("The council has yet to repair the streetlight outside.", ev).ok
    ev = "haven't heard back from the surgeon yet about a date"
    assert check("Noa is still waiting to hear back from the surgeon about a date.", ev).ok
    r = check("Noa has heard back from the surgeon about a date.", ev)
    assert not r.ok and "negation" in r.reason


def test_an_obligation_is_not_yet_done() -> None:
    assert preds("I have to renew the car insurance before april")["renew"][0] == "desire"
    assert preds("gotta finish the tax return tonight")["finish"][0] == "desire"
    assert preds("Noa ought to call the bank.")["call"][0] == "desire"
    # A past obligation was met.
    assert preds("I had to cancel the party")["cancel"][0] == "past"
    ev = "I have to renew the car insurance before april"
    assert check("Noa needs to renew the car insurance before April.", ev).ok
    r = check("Noa has renewed the car insurance.", ev)
    assert not r.ok and r.reason.startswith("modality differs")
    ev = "I really should get back to the choir"
    assert check("Noa feels she ought to get back to the choir.", ev).ok


def test_what_is_asked_of_someone_is_wanted_not_done() -> None:
    assert preds("The dentist told him to floss daily.")["floss"][0] == "desire"
    # Teaching is no asking: 'taught me to fish' was done.
    assert preds("my dad taught me to fish")["fish"][0] != "desire"
    ev = "my GP wants me to cut down on salt"
    assert check("Noa's GP has told her to cut down on salt.", ev).ok
    r = check("Noa has cut down on salt.", ev)
    assert not r.ok and r.reason.startswith("modality differs")


def test_an_opposite_under_a_not_is_the_same_fact() -> None:
    ev = "failed my motorbike test again, the examiner was brutal"
    assert check("Noa did not pass her motorbike test again.", ev).ok
    r = check("Noa passed her motorbike test again.", ev)
    assert not r.ok
    ev = "I didn't remember the dentist appointment, so embarrassing"
    assert check("Noa forgot the dentist appointment.", ev).ok
    r = check("Noa remembered the dentist appointment.", ev)
    assert not r.ok and "negation" in r.reason
    # The word of the 'not' itself is no 'not' over its opposite.
    r = check("Noa loves cycling to work.", "honestly I hate cycling to work, the hills")
    assert not r.ok


def test_instead_of_is_not_done() -> None:
    assert preds("stayed in instead of going to the match")["going"][1]
    ev = "didn't go to the match in the end, stayed in with a film"
    assert check("Noa stayed in with a film instead of going to the match.", ev).ok


def test_without_denies_only_its_object() -> None:
    p = preds("Noa ran the half marathon without stopping.")
    assert p["ran"] == ("past", True) and p["stopping"][1]
    ev = "two months off caffeine now and I sleep so much better"
    assert check("Noa has gone two months without caffeine and sleeps much better.", ev).ok
    # ... and a 'with' of the same thing gainsays it.
    ev = "went to the quiz without my brother, he had a cold"
    r = check("Noa went to the quiz with her brother.", ev)
    assert not r.ok and "negation" in r.reason


def test_a_wish_said_without_a_verb_of_wishing() -> None:
    assert preds("I need a new laptop, this one is dying")["need"][0] == "desire"
    # A thing needing something is so, and so is a bare 'needs' with no one named.
    assert preds("the car needs new tyres")["needs"][0] != "desire"
    assert preds("Noa is looking to buy a rowing machine.")["buy"][0] == "desire"
    assert preds("Noa is keen to learn Welsh.")["is"][0] == "desire"
    assert preds("Noa is keen on sailing.")["is"][0] != "desire"  # a liking
    assert preds("my goal this year is a triathlon")["is"][0] == "desire"
    assert preds("I fancy trying archery")["fancy"][0] == "desire"
    # 'tried archery' was done; 'tried to book' is the attempt.
    assert preds("Noa tried archery last weekend.")["tried"][0] == "past"
    r = check("Noa has bought a new laptop.", "I need a new laptop, this one is dying")
    assert not r.ok and r.reason.startswith("modality differs")
    assert check("Noa is keen to learn Welsh.", "really want to learn welsh this year").ok


def test_whether_is_an_open_question() -> None:
    ev = "no news on the allotment yet, haven't heard back from the council"
    assert check("Noa is still waiting to hear whether she got the allotment.", ev).ok
