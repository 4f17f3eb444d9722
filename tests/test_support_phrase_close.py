"""Issue 18, second round of the eleventh session: a claim's one unplaced word read in its
phrase (with its head or its dependents) against the block's phrases
(validators.phrase_close), on pairs of our own."""

from __future__ import annotations

from tests.test_support_predicates import check
from validators.phrase_close import PHRASE_SIMILARITY, phrase_score
from validators.similarity import default_similarity


def test_a_verb_the_block_leaves_out_is_read_in_its_phrase() -> None:
    # 'no more night shifts' says no verb; 'no longer work night shifts' reads as it.
    ev = "no more night shifts for me after friday!!"
    claim = "Rhea will no longer work night shifts after Friday."
    assert phrase_score("work", claim, ev, default_similarity()) >= PHRASE_SIMILARITY
    assert check(claim, ev, model=True).ok


def test_a_changed_detail_is_still_refused() -> None:
    ev = "no more night shifts for me after friday!!"
    # Two words nothing places are an added clause, not one word inferred.
    r = check(
        "Rhea will no longer cover night shifts at the hospital after Friday.", ev, model=True
    )
    assert not r.ok
    # A sister thing in the block's slot reads as the block's phrase, and is another thing.
    ev = "bought a blue winter jacket in the sale"
    r = check("Rhea bought a blue winter blazer in the sale.", ev, model=True)
    assert not r.ok and "blazer" in r.words
    ev = "my brother is moving into the spare room next week"
    r = check("Rhea's cousin is moving into the spare room next week.", ev, model=True)
    assert not r.ok and "cousin" in r.words
    r = check("Rhea's brother is moving into the spare kitchen next week.", ev, model=True)
    assert not r.ok and "kitchen" in r.words


def test_a_name_number_or_negation_is_never_read_in_a_phrase() -> None:
    model = default_similarity()
    ev = "no more night shifts for me after friday!!"
    assert phrase_score("never", "Rhea will never work night shifts.", ev, model) == 0.0
    assert phrase_score("sam", "Rhea and Sam quit night shifts.", ev, model) == 0.0
