"""A life event told in an idiom, which a wiki line names plainly ('handed my notice in'
/ resigned, 'laid off' / lost her job): classified by examples (validators.events), the
same event accepted and another refused, and a detail beside a verb the block says
still a detail."""

from __future__ import annotations

import datetime as dt

from tests.test_support_predicates import check

SAID = dt.date(2026, 3, 11)


def test_an_idiom_for_leaving_a_job_is_resigning() -> None:
    ev = "handed my notice in at the garage today, cant wait to be out of there"
    assert check("Rhea has resigned from her job at the garage.", ev, SAID, model=True).ok
    r = check("Rhea has been sacked from her job at the garage.", ev, SAID, model=True)
    assert not r.ok and "sacked" in r.reason
    # A thing beside a verb the block says is that verb's detail, whatever the event.
    ev = "broke my wrist at netball, in a cast for six weeks"
    assert not check("Rhea broke her ankle at netball.", ev, SAID, model=True).ok
    ev = "got promoted to senior engineer last week, more money at last"
    assert not check("Rhea was promoted to team lead last week.", ev, SAID, model=True).ok


def test_losing_a_job_and_a_birth_in_their_own_words() -> None:
    ev = "got laid off this morning, the whole team has gone"
    assert check("Rhea lost her job this morning.", ev, SAID, model=True).ok
    assert not check("Rhea got a new job this morning.", ev, SAID, model=True).ok
    ev = "the wife had the baby last night!! a little girl, both doing well"
    assert check("Rhea's wife gave birth to a baby girl.", ev, SAID, model=True).ok
    assert not check("Rhea's wife got engaged to a baby girl.", ev, SAID, model=True).ok
    # A habit's verb is the habit: giving up one is no giving up of another.
    ev = "quit vaping 3 weeks ago and honestly i feel so much better"
    assert not check("Rhea has not smoked for three weeks.", ev, SAID, model=True).ok
    # What else a verb has is no event of its own: 'injured in bed with flu' is no illness.
    ev = "sorry for going quiet, been in bed with flu all week"
    assert not check("Rhea has been injured in bed with flu all week.", ev, SAID, model=True).ok
