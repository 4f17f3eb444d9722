"""A maybe is no 'will': a block that says something only might happen ('might go back to
uni', 'we'll probably move') does not support a claim that it will. A plan said as 'will'
and a claim that keeps the hedge still pass."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_might_is_no_will() -> None:
    ev = "might go back to uni to do a masters next year, still deciding tbh"
    r = check("Rhea will do a master's degree next year.", ev, model=True)
    assert not r.ok and "only possible" in r.reason
    assert check("Rhea may do a master's degree next year.", ev, model=True).ok
    assert check("Rhea is considering a master's degree next year.", ev, model=True).ok


def test_probably_is_no_will_but_a_plan_is() -> None:
    ev = "we'll probably move to Leeds in the spring"
    r = check("Rhea will move to Leeds in the spring.", ev, model=True)
    assert not r.ok and "modality" in r.reason
    assert check("Rhea will probably move to Leeds in the spring.", ev, model=True).ok
    assert check("Rhea will move to Leeds in the spring.", "we're moving to Leeds in the spring").ok
