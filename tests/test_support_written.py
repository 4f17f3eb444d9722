"""Paraphrases written by people outside the project (issue 18), class by class, on
pairs of our own: each test has a faithful rewording that was refused before its fix and
a one-detail twin that stays rejected."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_clause_after_a_span_is_read_in_the_claims_own_grammar() -> None:
    # The span 'a five-hour drive' is checked as the block's '5 hours'; the parse of the
    # next clause must not see the rewritten 'made 5 hours drive' (which hung 'cooked'
    # on the wrong verb and left it a main event of its own).
    ev = "drove 5 hours to see my brother in carlisle, worth it, he made his famous chilli"
    claim = (
        "Rhea made a five-hour drive to see her brother in Carlisle and felt it was "
        "worthwhile; her brother cooked his famous chilli."
    )
    assert check(claim, ev, model=True).ok
    r = check(claim.replace("brother", "sister"), ev, model=True)
    assert not r.ok and "sister" in r.words


def test_a_noun_said_of_someone_is_a_role_in_any_sense() -> None:
    # 'chair' is furniture in its senses in use; said of Rhea it is a role, and the
    # block's role is another one.
    ev = "I'm the secretary of the rowing club now, which mostly means emailing people about fees"
    r = check(
        "Rhea has become chair of the rowing club, a job of emailing people about fees.",
        ev,
        model=True,
    )
    assert not r.ok and "chair" in r.words
    assert check("Rhea is now secretary of the rowing club.", ev, model=True).ok
