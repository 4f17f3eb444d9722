"""New and old values of a speaker by the examples their clause is nearest to.

`changes.value_candidates` gives each name, thing or amount of a statement with its
clause, the phrase replaced by X ("ok goodbye X", "I use X now"); the bundled embedding
model compares the clause with example clauses of a new value, an ended one and neither
(`value_role` in `language/data/prototypes.json`). A turn's clear new value replaces the
old value the same turn names; a clear end alone ends the value when it is on record; a
new value alone must be very clear.
"""

from __future__ import annotations

import os
import re
import sys
from collections import defaultdict
from typing import Any

import numpy as np

from validators.lexicon import is_noun, may_name_place

from .changes import Candidate, Change

#: A value is new (or old) when its clause is nearer those examples than the runner-up
#: by this much (mean top-3 cosine similarity).
ROLE_MARGIN = 0.07
#: Once one side of a turn's change is clear, its other side may be less so ...
PARTNER_MARGIN = 0.03
#: ... but a new value with no old one beside it must be very clear,
LONE_MARGIN = 0.1
#: or clear enough when its whole sentence is nearer the examples of a change than those
#: of a steady state ("change" in the prototypes) by at least CHANGE_MARGIN: two signals
#: that agree ("they bumped me to X": the clause of a new value, a sentence of a change).
SEEN_LONE_MARGIN = 0.05
CHANGE_MARGIN = 0.02
#: A value's own clause names its attribute's topic when its best topic leads the
#: runner-up by this much (mean top-3 cosine similarity); else the sentence's topic.
CLAUSE_TOPIC_MARGIN = 0.02
#: Entity labels of amounts: their attribute is the topic's amount, apart from names.
AMOUNT_LABELS = {"MONEY", "CARDINAL", "QUANTITY"}


def read_roles(
    candidates: list[tuple[Any, Candidate]],
    role: Any,
    embedder: Any,
    change: Any = None,
    topic: Any = None,
    places: set[str] = frozenset(),
    people: set[str] = frozenset(),
) -> None:
    """New and old values by the examples their clause is nearest to ("I use X now",
    "no more X"); a turn's new value replaces the old value the same turn names.
    `change` classifies a statement's sentence as a change or a steady state; `topic`
    names a new value's attribute by its own clause (else the statement's topic);
    `places` and `people` are the names (lower case) the run reads as places and as
    people or pets (`dream.lowercase`)."""
    if not candidates:
        return
    found_values: list[tuple[Change, Any, Candidate]] = []
    _read_turns(candidates, role, embedder, change, found_values, places, people)
    _name_attributes(found_values, embedder, topic, places)


def _read_turns(
    candidates: list[tuple[Any, Candidate]],
    role: Any,
    embedder: Any,
    change: Any,
    found_values: list[tuple[Change, Any, Candidate]],
    places: set[str] = frozenset(),
    people: set[str] = frozenset(),
) -> None:
    scores = role.scores(embedder.embed([c.context for _, c in candidates]))
    changing = _changing(candidates, change)
    new, old, other = (role.labels.index(k) for k in ("new", "old", "other"))
    turns: dict[tuple[str, int], list[tuple[Any, Any, Candidate]]] = defaultdict(list)
    for (st, cand), row in zip(candidates, scores, strict=True):
        turns[(st.anchor[0], st.n)].append((row, st, cand))
    for found in turns.values():
        if _after_end(found, (new, old, other), found_values, places, people):
            continue
        rows = [row for row, _, _ in found]
        m_new, i_new = _lead(rows, new)
        m_old, i_old = _lead(rows, old)
        seen = m_new >= SEEN_LONE_MARGIN and id(found[i_new][1]) in changing
        if max(m_new, m_old) < ROLE_MARGIN and not seen:
            continue  # neither side is clear enough
        anchor = i_new if m_new >= m_old else i_old
        rest = [
            i
            for i in range(len(found))
            if found[i][1] is not found[anchor][1]
            or not _overlap(found[i][2].value, found[anchor][2].value)
        ]
        if anchor == i_new:
            # A clear new value; the old one is the other phrase most like an end, and
            # an amount only of an amount: "sold X for 600 and Y arrived monday" gave up
            # X, the 600 is what it fetched
            amount = _an_amount(found[i_new][2])
            rest_old = [i for i in rest if _an_amount(found[i][2]) == amount]
            i_old = max(rest_old, key=lambda i: _margin(rows[i], old), default=-1)
            if i_old < 0 or _margin(rows[i_old], old) < PARTNER_MARGIN:
                i_old = -1
                if (m_new < LONE_MARGIN and not seen) or not _specific(found[i_new][2]):
                    continue
        else:
            # A clear end; the new value, if any, is the other phrase more like a new
            # value than like nothing ("goodbye X, i keep everything in Y now").
            i_new = _successor(
                found, rest, (new, old, other), found[i_old][1:], places, people=people
            )
            if i_new < 0:
                st = found[i_old][1]
                st.changes.append(Change(None, None, found[i_old][2].value, None))
                continue  # ends it when it is on record
        _, st, cand = found[i_new]
        old_value = found[i_old][2].value if i_old >= 0 else None
        # The old value's attribute wins when it is on record (engine).
        st.changes.append(Change(None, cand.value, old_value, None))
        if os.environ.get("BRAIN_DEBUG_ATTRIBUTES"):
            print(f"role: {cand.value!r} after {old_value!r} | {cand.context}", file=sys.stderr)
        found_values.append((st.changes[-1], st, cand))


def _successor(
    found: list[tuple[Any, Any, Candidate]],
    rest: list[int],
    roles: tuple[int, int, int],
    ended: tuple[Any, Candidate] | None = None,
    places: set[str] = frozenset(),
    old_value: str | None = None,
    people: set[str] = frozenset(),
) -> int:
    """The phrase of `rest` most like a new value rather than like nothing, by at least
    PARTNER_MARGIN; -1 when none is. A phrase of the ending's own clause ("sold X to the
    lad for 1,800") is a detail of the ending unless its words are more like a new value
    than an old one. A place succeeds only a place: "sold the bike, its the tram now
    from salford" names where from, no vehicle; and a person only a person: "handed my
    notice in at the depot. first day with gaz is monday" ends the depot, and gaz is
    whom the speaker works with, no workplace."""
    new, old, other = roles
    gone = old_value or (ended[1].value if ended is not None else None)
    gone_label = ended[1].label if ended is not None else None

    def fits(i: int) -> bool:
        row, st, cand = found[i]
        if row[new] - row[other] < PARTNER_MARGIN:
            return False
        if (
            gone is not None
            and _a_place(cand.value, places)
            and not _place_like(gone, gone_label, places)
        ):
            return False
        if gone is not None and _a_person(cand.value, people) and not _a_person(gone, people):
            return False
        same = ended is not None and st is ended[0] and cand.clause == ended[1].clause
        return not same or row[new] > row[old]

    ok = [i for i in rest if fits(i)]
    if not ok:
        return -1
    best = max(ok, key=lambda i: found[i][0][new] - found[i][0][other])
    # "fizzy water with lemon instead": the phrase a qualifier belongs to is the value.
    under = found[best][2].under
    for i in rest:
        row, st, cand = found[i]
        if under and cand.value == under and st is found[best][1] and row[new] > row[other]:
            return i
    return best


def _after_end(
    found: list[tuple[Any, Any, Candidate]],
    roles: tuple[int, int, int],
    found_values: list[tuple[Change, Any, Candidate]],
    places: set[str] = frozenset(),
    people: set[str] = frozenset(),
) -> bool:
    """A turn whose grammar already ended a value ("i quit coffee") and names its
    successor in other words ("yerba mate in the morning instead"): the successor takes
    the ended value's place. True when the turn's change was read this way."""
    ends = [(st, ch) for st in {id(f[1]): f[1] for f in found}.values() for ch in st.changes
            if ch.new is None and ch.old]  # fmt: skip
    if not ends:
        return False
    st_end, ended = ends[0]
    rest = [i for i in range(len(found)) if not _overlap(found[i][2].value, ended.old or "")]
    own = next((f for f in found if f[1] is st_end and _overlap(f[2].value, ended.old or "")), None)
    i_new = _successor(found, rest, roles, own[1:] if own else None, places, ended.old, people)
    if i_new < 0:
        return True  # the end stands alone, as the grammar read it
    _, st, cand = found[i_new]
    st_end.changes.remove(ended)
    st.changes.append(Change(None, cand.value, ended.old, None))
    found_values.append((st.changes[-1], st, cand))
    return True


#: Entity labels of places.
_PLACE_LABELS = frozenset(["GPE", "LOC", "FAC"])


def _a_place(value: str, places: set[str]) -> bool:
    """A name the run reads as a place. (The tagger's own label is no proof: it reads
    "i keep my notes in Obsidian now" as a place.)"""
    words = value.lower().split()
    return bool(words) and (value.lower() in places or words[-1] in places)


def _a_person(value: str, people: set[str]) -> bool:
    """A name the run reads as a person's or a pet's (the tagger's PERSON is no proof:
    it reads "I use Lo Salt now" as a person), and no word WordNet knows as a noun:
    the run may take "pilates" for a name."""
    low = value.lower()
    return low in people and not is_noun(low)


def _place_like(value: str, label: str | None, places: set[str]) -> bool:
    """A place's name, tagged or read as one, or a word WordNet knows as a kind of place
    ("the flat", "house")."""
    words = value.lower().split()
    return (
        label in _PLACE_LABELS
        or _a_place(value, places)
        or (bool(words) and may_name_place(words[-1]))
    )


def _specific(cand: Candidate) -> bool:
    """Enough to stand alone as a value: a name or entity, an amount, or more than one
    word ("dialysis clinic"); a bare common noun ("the keys", "date") says too little."""
    words = cand.value.split()
    named = any(w[:1].isupper() and not w.isupper() for w in words)  # not "KEYS" shouted
    return bool(cand.label) or any(c.isdigit() for c in cand.value) or len(words) > 1 or named


def _changing(candidates: list[tuple[Any, Candidate]], change: Any) -> set[int]:
    """Ids of the statements whose sentence is nearer a change than a steady state."""
    if change is None:
        return set()
    sts = list({id(st): st for st, _ in candidates if st.vector is not None}.values())
    if not sts:
        return set()
    rows = change.scores(np.stack([st.vector for st in sts]))
    c, steady = change.labels.index("change"), change.labels.index("steady")
    return {
        id(st) for st, row in zip(sts, rows, strict=True) if row[c] - row[steady] >= CHANGE_MARGIN
    }


def read_as_change(texts: list[str], change: Any, embedder: Any) -> list[bool]:
    """Whether each sentence is nearer the examples of a change than of a steady state
    by CHANGE_MARGIN, as `_changing` reads a statement's."""
    if not texts:
        return []
    rows = change.scores(embedder.embed(texts))
    c, steady = change.labels.index("change"), change.labels.index("steady")
    return [bool(row[c] - row[steady] >= CHANGE_MARGIN) for row in rows]


def _margin(row: Any, label: int) -> float:
    return float(row[label] - max(v for j, v in enumerate(row) if j != label))


def _overlap(a: str, b: str) -> bool:
    """One phrase inside the other ("red" in "red bull era"): one value, not two."""
    a, b = a.lower(), b.lower()
    return a in b or b in a


def _lead(rows: list[Any], label: int) -> tuple[float, int]:
    """The row most clearly of `label`: its margin over its runner-up, and its index."""
    best = max(range(len(rows)), key=lambda i: _margin(rows[i], label))
    return _margin(rows[best], label), best


def _an_amount(cand: Candidate) -> bool:
    """A number said as money, a quantity or a count: "1100 kr", "36 000", "31.50"; a
    grade or a code with a number in it ("6b+", "A4") is none."""
    said = cand.label in AMOUNT_LABELS or cand.value.replace(".", "").replace(",", "").isdigit()
    return said and has_number(cand.value)


#: A number as a word of its own: digits with thousands or decimal separators, a
#: currency sign before or a "k" after ("£1,450", "36 000", "2k"), never glued to other
#: letters or signs ("6b+").
_NUMBER = re.compile(r"(?<![\w+])[£$€]?\d+(?:[.,\s]\d+)*k?(?![\w+])")


def has_number(value: str) -> bool:
    return bool(_NUMBER.search(value))


#: Topics whose values may be places; a place is no value of a hobby or a tool.
PLACE_TOPICS = frozenset(["Home and places", "Travel and events"])


def _name_attributes(
    found_values: list[tuple[Change, Any, Candidate]],
    embedder: Any,
    topic: Any,
    places: set[str] = frozenset(),
) -> None:
    """A new value's attribute, used when no old value is on record: the topic of its own
    clause ("i do one matcha in the morning now": Food and drink), not of the whole
    turn's sentence, which may be about something else; amounts apart ("Work and money
    (amount)" holds a pay rate, "Work and money" an employer)."""
    if not found_values:
        return
    topics = [st.topic for _, st, _ in found_values]
    if topic is not None:
        texts = [re.sub(r"\bX\b", c.value, c.context, count=1) for _, _, c in found_values]
        labels = topic.label(embedder.embed(texts))
        # The clause's own topic when it is clear; a short clause often is not.
        topics = [
            label if margin >= CLAUSE_TOPIC_MARGIN else st.topic
            for (label, margin), (_, st, _) in zip(labels, found_values, strict=True)
        ]
    for (ch, st, cand), name in zip(found_values, topics, strict=True):
        ch.attr = f"{name} (amount)" if _an_amount(cand) else name
        if ch.old is not None:
            continue  # the old value's attribute wins when it is on record
        place = cand.label in _PLACE_LABELS or _a_place(cand.value, places)
        coded = any(c.isdigit() for c in cand.value) and not _an_amount(cand)
        if (place and name not in PLACE_TOPICS) or (coded and not _names_a_thing(cand.value)):
            # "freelance for 3 yrs now around malmö": where, no hobby; "working on 6b+
            # now": a grade, no amount
            st.changes.remove(ch)


def _names_a_thing(value: str) -> bool:
    """A value with a word of letters beside its number ("iphone 13", "pixel 6")."""
    return any(sum(c.isalpha() for c in w) >= 2 for w in value.split())
