"""Claims that say what the block says from another side (issue 18, fourth round): the
same event told by its other party with the converse verb (borrowed for lent, bought
for sold), held to who does what, so that the same verb with its doer and another
party swapped is refused; a span said as a share of a unit ('three quarters of an
hour'); 'no plans to' or 'no wish to' denies the act under it, and so does a 'not' on
'get round to'; frequencies and 'next' and a weekday said another way. Each with the
one-detail claim that must still be rejected."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import Support, check_support
from validators.words import durations, frequencies


def check(claim: str, text: str, speaker: str = "Ines", date: str = "2025-05-05") -> Support:
    return check_support(
        claim, [evidence_of(text, {"speaker": speaker, "date": date, "listeners": ["Kofi"]})]
    )


def test_a_converse_verb_tells_the_same_event_from_the_other_side() -> None:
    text = "my cousin Ruth lent me her camera for the trip to Oslo"
    ok = check("Ines borrowed her cousin Ruth's camera for the trip to Oslo.", text)
    assert ok.ok, ok.reason
    # The lender is still the cousin: the converse said by the lender is the opposite.
    r = check(
        "Ines borrowed a camera for the trip to Oslo.",
        "I lent my camera to Ruth for the trip to Oslo",
    )
    assert not r.ok and "contradicts" in r.reason
    text = "sold our old sofa to a neighbour for 50 pounds"
    ok = check("A neighbour bought Ines's old sofa for 50 pounds.", text)
    assert ok.ok, ok.reason
    r = check("Ines bought a neighbour's old sofa for 50 pounds.", text)
    assert not r.ok and "contradicts" in r.reason


def test_the_same_verb_with_its_doer_swapped_is_another_event() -> None:
    r = check("Ines lent her camera to her cousin Ruth.", "my cousin Ruth lent me her camera")
    assert not r.ok and r.reason == "'lent' is done by 'my cousin Ruth' in the evidence"
    text = "my dad taught me to drive in his old van"
    r = check("Ines taught her dad to drive in his old van.", text)
    assert not r.ok and r.words == ("taught",)
    ok = check("Ines learned to drive from her dad in his old van.", text)
    assert ok.ok, ok.reason
    r = check("Kofi brought the cake to Ines's party.", "Kofi brought the cake to my party")
    assert r.ok, r.reason
    r = check("Ines brought the cake to Kofi's party.", "Kofi brought the cake to my party")
    assert not r.ok


def test_a_share_of_a_unit_is_a_span() -> None:
    assert durations("three quarters of an hour") == [("three quarters of an hour", 45 / 1440)]
    text = "the bus into town takes about forty-five minutes"
    ok = check("Ines's bus into town takes about three quarters of an hour.", text)
    assert ok.ok, ok.reason
    r = check("Ines's bus into town takes about a quarter of an hour.", text)
    assert not r.ok


def test_no_plans_or_wish_denies_the_act_under_it() -> None:
    text = "honestly not planning on selling the van anytime soon"
    ok = check("Ines has no plans to sell the van soon.", text)
    assert ok.ok, ok.reason
    ok = check("Ines has no intention of selling the van soon.", text)
    assert ok.ok, ok.reason
    text = "I'd really love to see the northern lights one day"
    r = check("Ines has no wish to see the northern lights.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"
    ok = check("Ines hopes to see the northern lights one day.", text)
    assert ok.ok, ok.reason


def test_a_frequency_said_another_way_is_the_same_frequency() -> None:
    assert frequencies("I see my gran every other sunday") == [
        ("every other sunday", 14.0, "sunday")
    ]
    text = "I see my gran every other sunday, she makes a roast"
    for claim in (
        "Ines visits her gran every second Sunday for a roast.",
        "Ines visits her gran fortnightly on Sundays for a roast.",
    ):
        ok = check(claim, text)
        assert ok.ok, (claim, ok.reason)
    for claim in (
        "Ines visits her gran every second Saturday for a roast.",
        "Ines visits her gran weekly for a roast.",
        "Ines visits her gran monthly for a roast.",
    ):
        r = check(claim, text)
        assert not r.ok, claim
    ok = check("Ines has weekly choir practice on Thursdays.", "choir practice is on thursdays")
    assert ok.ok, ok.reason


def test_next_and_a_weekday_is_the_coming_one_or_the_one_after() -> None:
    # Said on Monday 10 March 2025: 'next tuesday' is the 11th to some, the 18th to others.
    text = "the dentist is next tuesday at 9"
    for claim in (
        "Ines has a dentist appointment on Tuesday 11 March 2025 at 9.",
        "Ines has a dentist appointment on Tuesday 18 March 2025 at 9.",
    ):
        ok = check(claim, text, date="2025-03-10")
        assert ok.ok, (claim, ok.reason)
    r = check(
        "Ines has a dentist appointment on Tuesday 25 March 2025 at 9.", text, date="2025-03-10"
    )
    assert not r.ok and r.reason.startswith("date")


def test_a_not_on_getting_round_to_an_act_denies_the_act() -> None:
    text = "still haven't got around to fixing the fence, it's been weeks"
    ok = check("Ines has not fixed the fence yet.", text)
    assert ok.ok, ok.reason
    r = check("Ines has fixed the fence.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"
    ok = check("Ines has painted the shed.", "finally got round to painting the shed")
    assert ok.ok, ok.reason


def test_who_does_a_thing_with_someone_or_to_each_other_is_no_swap() -> None:
    # A plain object or a 'with' is no other side: marrying, meeting, lunch with someone.
    for text, claim in (
        ("I married Tom in 2010", "Tom married Ines in 2010."),
        ("I met Jo at the climbing gym last year", "Jo met Ines at the climbing gym last year."),
        ("I had lunch with Priya yesterday", "Priya had lunch with Ines yesterday."),
        ("I split up with Mark last month", "Mark and Ines split up last month."),
    ):
        ok = check(claim, text)
        assert ok.ok, (claim, ok.reason)
    # One reading of the block in the claim's way is enough: the aunt's helping is
    # another verb than Ines's.
    text = "I started volunteering to help out. My aunt used to help my family when we struggled"
    ok = check("Ines started volunteering to help out.", text)
    assert ok.ok, ok.reason


def test_a_name_greeted_is_not_the_doer() -> None:
    text = "Hey John! Haven't talked to you in a bit, I read a great book about castles"
    ok = check("Ines has not talked to John in a while.", text, speaker="Ines")
    assert ok.ok, ok.reason
