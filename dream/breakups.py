"""A partner's end said in other words: "jess took the last of her stuff out today, it's
officially over", "kieran came round for the rest of his gear and thats us finished".

A break-up is seldom said with the partner as the one who ends ("X and i split up", which
`dream.events` reads). The partner does something ordinary (comes round, takes their
things) and another clause, with no name in it, says that it is over. So a statement that
names the speaker's partner (a value the speaker gave an attribute that WordNet files
under lover or spouse: girlfriend, boyfriend, wife, partner) is read clause by clause,
the name as X, with the sentence after it, against example clauses of a relationship
ending, going on, and anything else (group `breakup` in `language/data/prototypes.json`):
"it's officially over" reads as an ending, "the marathon is over" as something else.
A clause about nobody and nothing that reads as an ending by `BREAKUP_MARGIN`, or the
partner's own clause by the larger `NAMED_MARGIN`, ends the partner's value that day; a
clause about something else ("i ditched spotify for apple music") is not read.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from typing import Any

from language import classifier_for
from validators.lexicon import kind_among, kind_of

from .changes import Change, a_time

#: A clause reads as a relationship ending by this much over the runner-up (mean top-3
#: cosine): "it's officially over after four years" by 0.11, "thats us properly
#: finished" by 0.09; "X and i had a massive fight" reads as one by less.
BREAKUP_MARGIN = 0.06
#: ... and a clause that names the partner by this much: what the partner does reads a
#: little like an ending more often ("X has a family plan" by 0.06), and "X and i split
#: up" is `dream.events`'s already.
NAMED_MARGIN = 0.12
#: Words that end a clause: punctuation, and a conjunction joining two verbs ("took her
#: stuff and it's over"; not "X and i").
_STOPS = frozenset([",", ";", ":", ".", "!", "?", "-", "—"])


def a_partner(attr: str) -> bool:
    """An attribute whose values are one's partner: its name is, to WordNet, a lover or
    a spouse ("Girlfriend", "Wife", "Partner")."""
    low = attr.lower()
    return kind_of("lover", low) or kind_among(low, ("spouse",)) is not None


def read_breakups(
    embedder: Any, items: list[tuple[Any, Any]], named: list[tuple[str, str, Any]] = ()
) -> None:
    """Adds to each statement (with its parse) that tells a break-up with the speaker's
    partner the end of that partner's value. `named`: (relation, name, statement) of the
    names typed in lower case that the run reads as someone's by a relation ("my bf
    kieran", `dream.lowercase`); a value of a partner attribute among the statements'
    changes is a partner too."""

    def order(st: Any) -> tuple[dt.date, int]:
        return (st.when or dt.date.min, st.n)

    ordered = sorted(items, key=lambda it: order(it[0]))
    held: dict[str, dict[str, tuple[str, str]]] = {}  # speaker -> name -> (attr, value)
    found: list[tuple[Any, str, str, list[str]]] = []  # (st, attr, value, clauses)
    told = sorted(
        ((rel.title(), name, st) for rel, name, st in named if st is not None and a_partner(rel)),
        key=lambda n: order(n[2]),
    )
    for st, doc in ordered:
        while told and order(told[0][2]) < order(st):
            rel, name, said = told.pop(0)
            held.setdefault(said.speaker, {})[name.lower()] = (rel, name)
        partners = held.get(st.speaker, {})
        ended = {ch.old.lower() for ch in st.changes if ch.old and ch.new is None}
        for name, (attr, value) in list(partners.items()):
            if name in ended:
                continue
            clauses = _clauses_naming(doc, name)
            if clauses:
                found.append((st, attr, value, clauses))
        for ch in st.changes:
            if ch.attr and a_partner(ch.attr):
                if ch.new:
                    held.setdefault(st.speaker, {})[ch.new.lower()] = (ch.attr, ch.new)
                if ch.old and ch.new is None:
                    held.get(st.speaker, {}).pop(ch.old.lower(), None)
    if not found:
        return
    classifier = classifier_for(embedder, "breakup")
    texts = [c for *_, clauses in found for c in clauses]
    rows = iter(classifier.scores(embedder.embed(texts)))
    end = classifier.labels.index("ended")
    for st, attr, value, clauses in found:
        over = []  # each clause's margin over the margin it needs
        for clause in clauses:
            row = next(rows)
            margin = float(row[end] - max(r for j, r in enumerate(row) if j != end))
            need = NAMED_MARGIN if "X" in clause.split() else BREAKUP_MARGIN
            over.append(margin - need)
        if os.environ.get("BRAIN_DEBUG_EVENTS"):
            print(f"break-up? {value!r} {max(over):+.3f} over | {clauses}", file=sys.stderr)
        if max(over) >= 0:
            st.changes.append(Change(attr, None, value, None, ended=True))


def _clauses_naming(doc: Any, name: str) -> list[str]:
    """The clauses of the sentence that names `name` (a word of it, lower case) and of the
    sentence after it, the name as X; none when the statement does not name it."""
    words = set(name.split())
    sents = list(doc.sents)
    at = next((k for k, s in enumerate(sents) if any(t.lower_ in words for t in s)), None)
    if at is None:
        return []
    clauses: list[list[Any]] = []
    for sent in sents[at : at + 2]:
        clause: list[Any] = []
        for t in sent:
            if t.text in _STOPS or (t.dep_ == "cc" and t.head.pos_ in ("VERB", "AUX")):
                clauses.append(clause)
                clause = []
            else:
                clause.append(t)
        clauses.append(clause)
    out = []
    for clause in clauses:
        named = any(t.lower_ in words for t in clause)
        # a clause about something else ("i ditched spotify for apple music", "she's kept
        # the cat") is that thing's end, not the relationship's; one about nobody and
        # nothing ("it's officially over after four years") may be
        if not named and any(t.pos_ in ("NOUN", "PROPN") and not a_time(t) for t in clause):
            continue
        text = " ".join("X" if t.lower_ in words else t.text for t in clause)
        if len(re.findall(r"\w+", text)) > 2:  # "anyway", "lol" say nothing
            out.append(text)
    return out
