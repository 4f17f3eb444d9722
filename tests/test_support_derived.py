"""Claims that say what the block says from another side (issue 18, fourth round): the
same event told by its other party with the converse verb (borrowed for lent, bought
for sold), held to who does what, so that the same verb with its doer and another
party swapped is refused; and a span said as a share of a unit ('three quarters of an
hour'). Each with the one-detail claim that must still be rejected."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import Support, check_support
from validators.words import durations


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
