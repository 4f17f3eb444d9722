"""Which claim words carry a checkable detail (validators.claim_text, claim_words): an
adverb of where a story was heard or how it ended, 'the rest of' and a count's 'times'
carry none; an added detail still needs the block."""

from __future__ import annotations

import datetime as dt

from validators.support import Evidence, check_support

SAID = dt.date(2026, 2, 3)


def check(claim: str, text: str):  # type: ignore[no-untyped-def]
    block = [Evidence(text, "", {SAID}, "Rhea", (), "", SAID)]
    return check_support(claim, block, similarity=False)


def test_adverbs_of_hearsay_and_of_how_it_ended_carry_no_detail() -> None:
    assert check("Rhea's cat reportedly ate two socks.", "apparently my cat ate two socks").ok
    assert check("Rhea eventually left the choir.", "I left the choir in the end").ok
    r = check("Rhea's cat reportedly ate two gloves.", "apparently my cat ate two socks")
    assert not r.ok and "gloves" in r.words


def test_the_rest_of_and_a_counts_times_carry_no_detail() -> None:
    ev = "the committee can see all the other accounts"
    assert check("The committee can see the rest of the accounts.", ev).ok
    assert not check("The committee can see the rest of the invoices.", ev).ok
    assert check("Rhea went to the gym three times.", "went to the gym 3 times").ok


def test_an_added_detail_still_needs_the_block() -> None:
    r = check("Rhea bought a used red bike.", "bought a used bike off marketplace")
    assert not r.ok and "red" in r.words


def modelled(claim: str, text: str):  # type: ignore[no-untyped-def]
    return check_support(claim, [Evidence(text, "", {SAID}, "Rhea", (), "", SAID)])


def test_a_word_of_no_detail_read_with_its_clause() -> None:
    # 'free up' is nowhere in the block, but its clause reads as one of the block's.
    ev = "I want to go part-time so I can spend Mondays painting."
    assert modelled("Rhea plans to go part-time to free up Mondays for painting.", ev).ok
    ev = "I sprained my ankle, so no bike for a month."
    assert modelled("Rhea cannot ride her bike for a month.", ev).ok
    # A noun's modifier, a person and the main verb stay strict, however alike the clause.
    r = modelled(
        "Rhea bought a used red bike off Marketplace.", "bought a used bike off marketplace"
    )
    assert not r.ok and "red" in r.words
    ev = "my uncle is teaching me to fly fish this summer"
    r = modelled("Rhea's grandfather is teaching her to fly fish this summer.", ev)
    assert not r.ok and "grandfather" in r.words
