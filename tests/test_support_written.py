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


def test_the_claim_is_read_as_written_with_its_dates_taken_out() -> None:
    # A Dream line opens with the day it was said: left in, the ISO date pulled the
    # sentence's reading away from the block and 'others' (the speaker's 'we') was refused.
    ev = "We've got a goldfish and a hamster. That's the fish, and here's our hamster!"
    assert check(
        "2025-03-14 · Rhea and others have got a goldfish and a hamster", ev, model=True
    ).ok
    r = check("2025-03-14 · Rhea and others have got a goldfish and a rabbit", ev, model=True)
    assert not r.ok and "rabbit" in r.words


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


def test_a_day_and_month_without_a_year_is_a_date_of_the_block() -> None:
    # Said on Friday 14 March 2025: 'tomorrow' is 15 March, however the claim writes it.
    ev = "going to the dentist tomorrow at 9, it's the wisdom tooth"
    for claim in (
        "Rhea goes to the dentist on March 15th.",
        "Rhea goes to the dentist on the 15th of March.",
    ):
        assert check(claim, ev).ok, claim
    r = check("Rhea goes to the dentist on March 16th.", ev)
    assert not r.ok and r.reason.startswith("date")


def test_a_bare_day_of_the_month_is_the_nearest_one() -> None:
    ev = "signed the lease on the flat today!! keys on the 28th"
    assert check("Rhea signed the lease on the flat and gets the keys on 28 March 2025.", ev).ok
    r = check("Rhea signed the lease on the flat and gets the keys on 29 March 2025.", ev)
    assert not r.ok and r.reason.startswith("date")
    # The 28th of a month further off is no nearest 28th.
    assert not check("Rhea gets the keys on 28 May 2025.", ev).ok


def test_sept_is_september() -> None:
    ev = "the recital is on 6 Sept, can you come?"
    assert check("Rhea's recital is on 6 September 2025.", ev).ok
    assert not check("Rhea's recital is on 7 September 2025.", ev).ok


def test_a_bare_day_with_its_weekday_is_the_month_where_it_falls_on_it() -> None:
    # Said on Friday 14 March 2025: 27 March is a Thursday, 27 April a Sunday.
    ev = "van's booked for sunday the 27th, then we're out of this flat"
    assert check("Rhea's van is booked for 27 April 2025.", ev).ok
    r = check("Rhea's van is booked for 27 March 2025.", ev)
    assert not r.ok and r.reason.startswith("date")
