"""'Rarely', 'seldom', 'hardly', 'barely ever' deny all but a little: a claim that
someone is rarely home says a block's 'basically never home', and is no paraphrase of
'home every weekend'."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_rarely_is_a_not() -> None:
    ev = "my partner's a paramedic so she's basically never home at weekends"
    assert check("Rhea's partner is a paramedic and is rarely home at weekends.", ev, model=True).ok
    r = check("Rhea's partner is a paramedic and is home at weekends.", ev, model=True)
    assert not r.ok and "negation" in r.reason


def test_seldom_is_no_every() -> None:
    ev = "we see each other every weekend, she lives round the corner"
    r = check("Rhea seldom sees her.", ev, model=True)
    assert not r.ok and "negation" in r.reason
    assert check("Rhea sees her every weekend.", ev, model=True).ok


def test_barely_ever_is_rarely_and_barely_passed_passed() -> None:
    ev = "my brother is a long-haul pilot, he's barely ever home"
    assert check("Rhea's brother is a pilot and is rarely at home.", ev, model=True).ok
    assert not check("Rhea's brother is a pilot and is always at home.", ev, model=True).ok
    ev = "passed my driving test, barely, 14 minors"
    assert check("Rhea barely passed her driving test.", ev).ok
