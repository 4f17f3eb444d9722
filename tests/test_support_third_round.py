"""Faithful paraphrases the support check refused, read by general means (issue 18,
third round): a 'not' on a present verb of opinion is said of the clause under it; a
'never thought I'd' is said of what came about; 'but' keeps the next clause's own
polarity; a 'not' on one side may be a prefix on the other; 'consider' of a judgement is
no deliberation; 'a couple weeks' and 'for the next month' are spans; a two-word
dictionary entry is one word; a kind may stand for a name WordNet does not know. Each
with the one-detail claim that must still be rejected."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import Support, check_support
from validators.words import durations, numbers_in


def check(claim: str, text: str, speaker: str = "Ines", date: str = "2025-05-05") -> Support:
    return check_support(claim, [evidence_of(text, {"speaker": speaker, "date": date})])


def test_a_not_on_a_verb_of_opinion_is_said_of_the_clause_under_it() -> None:
    text = "I don't think we'll renew the allotment next year, nobody has the time"
    ok = check("Ines does not plan to renew the allotment next year.", text)
    assert ok.ok, ok.reason
    r = check("Ines plans to renew the allotment next year.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"


def test_what_one_never_thought_would_happen_came_about() -> None:
    text = "never thought I'd like living in the countryside this much"
    ok = check("Ines likes living in the countryside more than she expected.", text)
    assert ok.ok, ok.reason
    r = check("Ines does not like living in the countryside.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"


def test_but_keeps_the_polarity_of_its_own_clause() -> None:
    text = "the exam wasn't easy but I passed it"
    ok = check("Ines passed the exam, though it was not easy.", text)
    assert ok.ok, ok.reason
    r = check("Ines did not pass the exam.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"
    # ... while a bare 'or' still shares it.
    r = check("Ines drank coffee.", "I didn't eat or drink coffee all day")
    assert not r.ok


def test_a_not_on_one_side_is_a_prefix_on_the_other() -> None:
    text = "I wasn't happy with the quote the builder gave us"
    ok = check("Ines was unhappy with the builder's quote.", text)
    assert ok.ok, ok.reason
    r = check("Ines was unhappy with the builder's quote.", "I was happy with the quote")
    assert not r.ok and "contradicts" in r.reason


def test_consider_of_a_judgement_is_no_deliberation() -> None:
    text = "moving to the coast was the best thing we ever did"
    ok = check("Ines considers the move to the coast the best thing she ever did.", text)
    assert ok.ok, ok.reason
    r = check("Ines is considering a move to the coast.", "we moved to the coast last year")
    assert not r.ok and r.reason.startswith("modality differs")


def test_a_couple_without_of_counts_two() -> None:
    assert numbers_in("for a couple weeks now") == {"2"}
    assert numbers_in("we're a couple now") == set()
    assert durations("a couple weeks") == [("a couple weeks", 14.0)]
    text = "been doing the night shifts for a couple weeks"
    ok = check("Ines has been working night shifts for a couple of weeks.", text)
    assert ok.ok, ok.reason
    r = check("Ines has been working night shifts for a couple of months.", text)
    assert not r.ok and r.reason.startswith("span")


def test_for_the_next_unit_is_a_span_of_one() -> None:
    assert [d for _, d in durations("staying with my aunt for the next month")] == [365.25 / 12]
    assert durations("the last week of May") == []
    text = "I'm staying with my aunt for the next month while the flat is redone"
    ok = check("Ines is staying with her aunt for a month while her flat is redone.", text)
    assert ok.ok, ok.reason
    r = check("Ines is staying with her aunt for a week while her flat is redone.", text)
    assert not r.ok and r.reason.startswith("span")


def test_a_two_word_entry_is_one_broader_word() -> None:
    text = "I've started learning the cello at last"
    ok = check("Ines has started learning a musical instrument.", text)
    assert ok.ok, ok.reason
    r = check("Ines has started learning a musical instrument.", "I've started learning Italian")
    assert not r.ok


def test_a_kind_for_a_name_the_dictionary_does_not_know() -> None:
    text = "finally sold the Corolla, 900 quid"
    ok = check("Ines has sold her car for 900 pounds.", text)
    assert ok.ok, ok.reason
    # A sister kind reads further from the name than the right one: a changed thing.
    for claim in ("Ines has sold her motorbike for 900 pounds.", "Ines has sold her truck."):
        r = check(claim, text)
        assert not r.ok, claim


def test_a_pronoun_after_the_claims_verb_is_the_claims_thing() -> None:
    text = "watched the new Bond film at last, didn't enjoy it much"
    ok = check("Ines did not enjoy the new Bond film.", text)
    assert ok.ok, ok.reason
    # Read against 'watched the new Bond film' alone, the liking was taken as said.
    r = check("Ines enjoyed the new Bond film.", text)
    assert not r.ok and r.reason == "negation differs from the evidence"
    text = "the flat is lovely but we can't afford one that size"
    ok = check("Ines cannot afford a flat that size.", text)
    assert ok.ok, ok.reason
