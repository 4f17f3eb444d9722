"""A feeling said in slang or idiom, which a wiki line names plainly ('gutted' / sad,
'bricking it' / nervous): classified by examples (validators.feelings), the same
feeling accepted and another refused."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check
from validators.feelings import feeling_of
from validators.similarity import default_similarity

SAID = dt.date(2026, 3, 11)


def test_a_feeling_said_in_slang_is_the_plain_feeling() -> None:
    ev = "moving up to glasgow in june for my partner's job, gutted to leave everyone"
    assert check(
        "Rhea is sad to leave everyone behind when she moves to Glasgow.", ev, SAID, model=True
    ).ok
    r = check(
        "Rhea is delighted to leave everyone behind when she moves to Glasgow.",
        ev,
        SAID,
        model=True,
    )
    assert not r.ok and "delighted" in r.reason


def test_nerves_and_aches_in_their_own_words() -> None:
    ev = "driving test first thing tomorrow, absolutely bricking it"
    assert check("Rhea is nervous about her driving test tomorrow.", ev, SAID, model=True).ok
    r = check("Rhea is excited about her driving test tomorrow.", ev, SAID, model=True)
    assert not r.ok and "excited" in r.reason
    ev = "did 20 miles on the bike today, legs are in bits"
    assert check("Rhea cycled 20 miles and her legs are sore.", ev, SAID, model=True).ok
    assert not check("Rhea cycled 20 miles and her legs are cold.", ev, SAID, model=True).ok


def test_a_denied_feeling_or_a_thing_says_no_feeling() -> None:
    # 'not buzzing' says no excitement; the polarity check reads the 'not' apart.
    ev = "told the kids we're not going to florida, they are not buzzing about it, absolutely livid"
    assert check(
        "Rhea's children are angry that they are not going to Florida.", ev, SAID, model=True
    ).ok
    assert not check(
        "Rhea's children are excited that they are not going to Florida.", ev, SAID, model=True
    ).ok
    # A sore knee is no sore shoulder, though both read as an ache.
    ev = "started physio for my shoulder, its killing me"
    assert not check("Rhea has started physiotherapy for her knee.", ev, SAID, model=True).ok
    model = default_similarity()
    assert feeling_of("nervous", model) == "afraid"
    assert feeling_of("knackered", model) == "tired"
    assert feeling_of("bank", model) is None
