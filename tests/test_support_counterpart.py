"""A word the writer inferred against a changed detail, told apart by what the block has
in the word's place (issue 18, validators/inferred.py): no counterpart and the sentence
reads as the block, accepted; a sister thing or an act in its place, refused naming the
block's word; a person added by whose they are or who they are to someone, refused."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import check_support

SAID = {"speaker": "Jo", "date": "2026-05-04", "title": "Chat"}
LIBRARY = "I help out at the library most saturdays, shelving and doing story time"
DOCTOR = "the doctor told me to cut down on sugar, fun times"
SISTER = "my sister's coming down from leeds to stay with us for a week"
BARBECUE = "had ten people round for a barbecue on sunday, knackered now"


def check(claim: str, text: str):  # type: ignore[no-untyped-def]
    return check_support(claim, [evidence_of(text, SAID)])


def test_a_word_inferred_with_nothing_in_its_place_is_accepted() -> None:
    assert check("Jo volunteers at the library on Saturdays.", LIBRARY).ok
    assert check("Jo hosted ten guests for a barbecue on Sunday.", BARBECUE).ok
    # Who someone is to someone (a colleague, a husband) is a person added, never inferred.
    r = check("Jo hosted ten colleagues for a barbecue on Sunday.", BARBECUE)
    assert not r.ok and r.words == ("colleagues",)
    r = check(
        "Jo's husband has been vegetarian since university.", "I've been vegetarian since uni"
    )
    assert not r.ok
    # Two words nothing places are an added clause, whatever the sentence reads like.
    r = check(
        "Jo hosted ten guests for a barbecue on Sunday and won a prize for her burgers.",
        BARBECUE,
    )
    assert not r.ok


def test_a_word_with_a_counterpart_in_the_block_is_refused_naming_it() -> None:
    r = check("Jo's doctor advised her to cut down on salt.", DOCTOR)
    assert not r.ok and r.words == ("salt",) and "'sugar'" in r.reason
    r = check("Jo's aunt is visiting from Leeds for a week.", SISTER)
    assert not r.ok and r.words == ("aunt",) and "'sister'" in r.reason
    # An act in the same slot that WordNet ties by a seldom sense only: another act.
    r = check(
        "Jo won the Lisbon half marathon in 1 hour 52 minutes.",
        "I ran the Lisbon half marathon yesterday in 1 hour 52 minutes, a personal best!",
    )
    assert not r.ok and "'ran'" in r.reason
