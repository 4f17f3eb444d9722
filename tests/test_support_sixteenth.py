"""The sixteenth round on issue 18: spans in chat's shortened units ('3 wks'), a name's
common noun shortened ('mill rd'), a judgement of the same thing with the same worth
('poor' for 'rubbish') and with the other worth refused, a block clause the parser
heads with an adjective ('so we're stuck'), a role before a word for someone ('my nurse
sister'), a verb of ending that ends its object, not its doer, a block clause that only
describes one of the claim's things, and a number written as a word ('a single
minute' for '1 minute'). Each test pairs a faithful rewording with a one-detail twin;
the pairs are our own."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_span_in_a_shortened_unit_is_the_span() -> None:
    ev = "been running for two years and the physio says i need 3 wks rest"
    assert check("Rhea needs three weeks of rest.", ev).ok
    r = check("Rhea needs a month of rest.", ev)
    assert not r.ok and "span" in r.reason


def test_a_names_common_noun_may_be_shortened() -> None:
    ev = "the cafe on mill rd where i worked has closed"
    assert check("The cafe on Mill Road where Rhea worked has closed.", ev).ok
    r = check("The cafe on Mill Lane where Rhea worked has closed.", ev)
    assert not r.ok and "Lane" in r.reason
    # A word of the block that says something else ('my') shortens no name ('Mondays').
    r = check("Rhea's boss lets her work from home on Mondays.", "my boss said i can wfh fridays")
    assert not r.ok and "Mondays" in r.reason


def test_a_judgement_of_the_same_thing_with_the_same_worth() -> None:
    ev = "the new changing rooms at the gym are rubbish"
    assert check("The gym's new changing rooms are poor.", ev, model=True).ok
    # The other worth reads as the block sentence too, one word changed: refused.
    r = check("The gym's new changing rooms are excellent.", ev, model=True)
    assert not r.ok and "contradicts" in r.reason
    r = check("Rhea found the gym's new changing rooms excellent.", ev, model=True)
    assert not r.ok and "excellent" in r.reason
    # A judgement said both ways is no contradiction of either.
    ev = "the hotel was pricey but honestly lovely, the staff were great"
    assert check("The hotel was lovely.", ev, model=True).ok
    r = check("The hotel was awful.", ev, model=True)
    assert not r.ok and "awful" in r.reason


def test_a_clause_headed_by_an_adjective_is_its_own_predicate() -> None:
    # The parser hangs 'stuck' on 'cancelled' as an adjective: the cancelling does not
    # deny being stuck.
    ev = "flight got cancelled cos of fog so we're stuck in lisbon another night"
    assert check("Rhea's flight was cancelled, so she is stuck in Lisbon for another night.", ev).ok
    r = check("Rhea is not stuck in Lisbon.", ev)
    assert not r.ok and "negation" in r.reason


def test_a_role_before_a_word_for_someone_is_that_persons() -> None:
    ev = "my nurse sister had a look at the cut, says its fine"
    assert check("Rhea's sister is a nurse.", ev).ok
    assert not check("Rhea's sister is a doctor.", ev).ok
    # ... and a vet clinic still has no vet in it.
    r = check("Rhea is a vet.", "I run the front desk at a vet clinic")
    assert not r.ok and "not said of anyone" in r.reason


def test_a_verb_of_ending_ends_its_object_not_its_doer() -> None:
    # 'check' shares WordNet's sense of 'stop' (arrest); it ends nothing of its doer.
    ev = "my nurse friend ruth checked the cut for me"
    assert check("Rhea's friend Ruth is a nurse and checked the cut for her.", ev).ok
    assert not check("Rhea's friend Ruth is a doctor and checked the cut for her.", ev).ok
    # What a verb of ending acts on still ends: passive or active.
    assert not check("Rhea still owns the shop.", "the shop got sold in may").ok
    assert not check("Rhea still works at Google.", "left google last month").ok


def test_a_clause_that_describes_a_thing_sets_no_mood_for_the_claims_act() -> None:
    ev = "my mum is sick, i really want to visit her"
    assert check("Rhea wants to visit her sick mum.", ev).ok
    r = check("Rhea visited her sick mum.", ev)
    assert not r.ok and "modality" in r.reason


def test_a_number_written_as_a_word_describes_as_the_word() -> None:
    ev = "missed the train by 1 minute, so annoying"
    assert check("Rhea missed the train by a single minute.", ev, model=True).ok
    assert not check("Rhea missed the train by a couple of minutes.", ev, model=True).ok


def test_a_light_verb_before_the_noun_of_the_blocks_act_says_no_more_than_did() -> None:
    ev = "donated my old coats to the shelter on saturday"
    assert check("Rhea made a donation of her old coats to the shelter.", ev, model=True).ok
    assert not check("Rhea made a complaint to the shelter.", ev, model=True).ok


def test_a_word_chat_cuts_short_is_the_word() -> None:
    ev = "cant make footy thurs, double shift"
    assert check("Rhea cannot make football on Thursday because of a double shift.", ev).ok
    assert not check("Rhea cannot make rugby on Thursday because of a double shift.", ev).ok
