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
