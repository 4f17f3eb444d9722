"""A plan said in the progressive, then said as done: "we're signing the lease on a flat
in X this week" and, a turn or a few days later, "signed it this morning".

"i'm moving to X" is read as a plan (`changes._hedged`), and so states no value: plans
fall through. When the same speaker later says the plan's own verb as done (past tense or
perfect, not denied, not hedged: "signed", "already signed basically", "i've signed"),
the plan happened, and its value is stated from that day, cited with the plan that named
it. Only a plan hedged by nothing but its tense is confirmed so: "i might sign for a
flat in X" and "thinking about moving to X" say no more than that they might happen.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from .changes import _hedged, _mine, _negated, clause_context

#: A plan is confirmed only by a statement this many days after it at most: a flat
#: signed for on Friday is confirmed by Tuesday's "signed it", not by a "signed" months on.
PLAN_DAYS = 21
#: Tags of a verb said as done.
_DONE = frozenset(["VBD", "VBN"])


def only_planned(verb: Any) -> bool:
    """The verb is a plan by its progressive tense alone ("we're signing ... this week"),
    no modal or verb of hoping over it ("i might be signing")."""
    return _hedged(verb, progressive=True) and not _hedged(verb, progressive=False)


def done_later(st: Any, verb: Any, items: list[tuple[Any, Any]]) -> tuple[Any, str] | None:
    """The first statement of the same speaker, after `st` and within PLAN_DAYS, that says
    `verb` (a plan of `st`'s) as done, with the word it says it by ("signed"), or None.
    A later sentence of the same statement counts ("we're signing on friday ... update:
    signed!")."""
    lemma = verb.lemma_.lower()
    start = st.when or dt.date.min
    found = None
    for other, doc in items:
        if other.speaker != st.speaker:
            continue
        when = other.when or dt.date.min
        if other is st:
            tokens = [t for t in doc if t.i > verb.i]
        elif (when, other.n) > (start, st.n) and (when - start).days <= PLAN_DAYS:
            tokens = list(doc)
        else:
            continue
        done = next((t.lower_ for t in tokens if _done(t, lemma)), None)
        if done is not None and (
            found is None or (when, other.n) < (found[0].when or dt.date.min, found[0].n)
        ):
            found = (other, done)
    return found


def done_context(span: Any, verb: Any, done: str) -> str:
    """The value's clause as the plan said it, its verb said as done, the value as X:
    "we're signing the lease on a flat in X" -> "we signed the lease on a flat in X".
    A plan names its value beside a time to come and little else, which reads as
    nothing much; said done, it reads as what it states."""

    def word(t: Any) -> str | None:
        if t.head.i == verb.i and t.dep_ in ("aux", "auxpass") and t.lemma_ == "be":
            return None  # "we're signing": the tense that made it a plan
        return done if t.i == verb.i else t.text

    return clause_context(span, word)


def _done(tok: Any, lemma: str) -> bool:
    """The token says the verb `lemma` as the speaker's act, done: "signed it", "i've
    signed", not "didn't sign", "if we'd signed", "she signed"."""
    return (
        tok.lemma_.lower() == lemma
        and tok.tag_ in _DONE
        and tok.pos_ in ("VERB", "AUX")
        and not _negated(tok)
        and not _hedged(tok, progressive=False)
        and _mine(tok)
    )
