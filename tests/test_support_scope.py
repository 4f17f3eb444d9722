"""How far a negation or a mood reaches (validators.predicates, validators.polarity), on
sentences of our own: a 'not' stays in its clause, a 'no' with its noun, a 'hate' opposes
a liking, a participle is no act of ending, and a predicate that shares one word with
another is not the same predicate said twice."""

from __future__ import annotations

import datetime as dt

from validators.polarity import _polarity_and_modality
from validators.predicates import ONGOING, PAST, PLAIN, predicates
from validators.support import Evidence

SAID = dt.date(2025, 6, 10)


def polarity(claim: str, text: str, speaker: str = "Rhea"):  # type: ignore[no-untyped-def]
    """The polarity and modality finding for a claim, or None when they agree."""
    return _polarity_and_modality(claim, [Evidence(text, "", {SAID}, speaker, (), "", SAID)])


def mood_of(text: str, head: str) -> str:
    return next(p.mood for p in predicates(text, SAID) if p.head == head)


def test_a_not_stays_in_its_own_clause() -> None:
    ev = "Your train gets into Leeds at 7am and the hotel room isn't ready until noon."
    assert polarity("Rhea's train arrives in Leeds at 7am.", ev) is None
    # The clause the 'not' is in still answers for itself.
    r = polarity("Rhea's hotel room is ready by 7am.", "The hotel room isn't ready until noon.")
    assert r is not None and "negation" in r.reason


def test_a_no_negates_its_noun_not_the_sentence() -> None:
    ev = "The best thing about the new flat is no more noisy neighbours."
    scope = next(p.neg_scope for p in predicates(ev) if p.negative)
    assert "neighbours" in scope and "flat" not in scope
    assert polarity("Rhea likes her new flat.", ev) is None
    r = polarity("Rhea has noisy neighbours.", "I have no noisy neighbours any more.")
    assert r is not None


def test_and_with_a_word_of_its_own_starts_a_new_state() -> None:
    ev = "sold the van, we're a train family now"
    assert polarity("Rhea no longer owns a van and now travels by train.", ev) is None
    # A bare 'or' (or 'and') shares the negation: neither the eating nor the drinking.
    neg = [p for p in predicates("She didn't eat or drink all day.") if p.head == "drink"]
    assert neg and neg[0].negative


def test_a_participle_left_over_is_no_leaving() -> None:
    ev = "With £2,000 a month and £800 rent you'd have £1,200 left each month."
    assert polarity("Rhea's monthly income is £2,000.", ev) is None
    r = polarity("Rhea still sings in the choir.", "I left the choir in May.")
    assert r is not None and "ended" in r.reason


def test_been_doing_without_have_is_still_going_on() -> None:
    assert mood_of("been doing yoga on mondays for like a year", "doing") == ONGOING
    assert (
        polarity(
            "For a year Rhea has attended Monday yoga classes.",
            "been doing yoga on mondays for a year",
        )
        is None
    )


def test_have_got_with_an_object_is_a_having() -> None:
    assert mood_of("I've got my sister's graduation all weekend", "got") == PLAIN
    assert mood_of("I've got into the choir", "got") == PAST


def test_a_purpose_follows_its_act() -> None:
    # Done with the act it is the purpose of; still wanted with a plan or a saving up.
    assert mood_of("drove six hours to see my aunt", "see") == PAST
    assert mood_of("I'm saving to buy a flat", "buy") != PAST
    r = polarity("Rhea bought a flat.", "I'm saving to buy a flat")
    assert r is not None and "modality" in r.reason


def test_one_shared_word_does_not_make_one_predicate() -> None:
    # "I'd keep the insulin" is the speaker's advice; it says nothing of the mood of
    # "needs insulin". A predicate said again keeps its mood check.
    ev = "Since your dog is diabetic, I'd keep the insulin in the fridge door."
    assert polarity("Rhea's dog is diabetic and needs insulin.", ev) is None
    r = polarity(
        "Rhea has got chickens for the garden.", "thinking about getting chickens for the garden"
    )
    assert r is not None and "modality" in r.reason


def test_a_hate_opposes_a_liking_not_any_verb() -> None:
    assert polarity("Rhea annoys her landlord.", "my landlord hates me") is None
    r = polarity("Rhea loves her landlord.", "my landlord hates me")
    assert r is not None and "negation" in r.reason


def test_a_bare_verb_advises_only_in_an_assistants_turn() -> None:
    # A person's chat drops its 'I'; an assistant's bare verb is advice.
    assert mood_of("quit coffee two weeks ago, sleeping better", "quit") != "desire"
    advice = predicates("Keep the insulin in the fridge door.", SAID, advice=True)
    assert advice[0].mood == "desire"
    assert polarity("Rhea quit coffee.", "quit coffee two weeks ago") is None


def test_an_ending_ends_what_it_governs_and_what_the_claim_ends_too() -> None:
    # 'broke my wrist, skateboarding': the skateboarding is not what was broken off.
    ev = "I broke my wrist skateboarding with my nephew, so no piano for six weeks."
    assert polarity("Rhea hurt her wrist while skateboarding with her nephew.", ev) is None
    # A claim that tells of the retirement too does not say the teaching goes on.
    ev = "I retired from teaching in June, still getting used to it."
    assert polarity("Rhea retired from teaching in June.", ev) is None
    r = polarity("Rhea still works at the bakery.", "I left the bakery in June.")
    assert r is not None and "ended" in r.reason


def test_so_i_can_is_a_purpose_wherever_the_parser_hangs_it() -> None:
    ev = "I want to go down to four days a week so I can spend Fridays with the kids"
    assert mood_of(ev, "spend") == "desire"
    r = polarity("Rhea spends Fridays with her kids.", ev)
    assert r is not None and "modality" in r.reason
    # 'so I can't' is a consequence, not a purpose.
    assert mood_of("I'm ill so I can't come", "come") != "desire"
