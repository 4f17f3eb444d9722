"""Changes of value told across turns and sessions, in any words.

People rarely say "I switched from X to Y". The old value ends in one turn ("the old
corolla finally died", "my boss dave is retiring", "quit rugby after the knee thing")
and the new one starts weeks later with another verb ("picked up a used honda civic",
"shawna" as the answer to "who's taking over?", "got into bouldering"). Each name or
thing of a person's statement is read as an event of a value, by the example clauses
it is nearest to (group `value_event` in `language/data/prototypes.json`): it starts,
ends, holds (a state) or none of these. A start or an end needs an attribute, which the
value's kind gives:

- the noun the speaker possesses it by ("my boss dave" -> Boss);
- a dictionary word's kind by WordNet's hypernyms (rugby -> athletics -> Sport, car ->
  vehicle, "night shifts" -> duty period -> Shift; `validators.lexicon.kind_among`);
- a name's kind by example values (group `value_kind`: "honda civic" reads as a
  vehicle, "bouldering" as a sport);
- both a little, when they agree: "trek" leans to a vehicle and "bought a second hand
  X off a guy" to the typed attribute of how one gets around (`dream.attributes`);
- a person who starts with no attribute of their own succeeds the person whose end was
  told last ("dave is retiring" ... "shawna [is taking over]": Boss).

A start is then the attribute's value from its day on, and an end closes the value:
the page keeps the latest start under Current and the earlier values under History,
each with its date and citation (`dream.wiki.WikiPage.set_fact`). A statement the other
readings already understood keeps their reading; this one adds the attribute they
could not name and the turns they could not join.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from dataclasses import dataclass
from typing import Any

from language import classifier_for
from language.dates import dates
from language.names import known_word, names_nobody
from validators.lexicon import kind_among, names_someone, phrasal_verb

from .attributes import (
    KINDS,
    PAGE_TYPES,
    WINDOW,
    _addressed,
    _phrases,
    _theirs,
    source,
)
from .changes import (
    _SPEAKER,
    _TIMES,
    TIME_MODIFIERS,
    Change,
    _clause,
    _hedged,
    _someone_else,
    _value_text,
    clause_context,
    compared_with,
    counted,
    where_said_bare,
)

#: A value's clause is a start or an end when nearer those examples than the runner-up
#: by this much (mean top-3 cosine similarity), the two readings averaged.
EVENT_MARGIN = 0.03
#: A name's kind by example values must lead the runner-up by this much (one word
#: alone is read loosely: "chase" leans to a sport, "a40" to a car).
KIND_MARGIN = 0.12
#: ... or the typed attributes' examples read the clause as one of the value's two
#: likeliest kinds by this much over "none" (two signals that agree).
AGREE_MARGIN = 0.02
#: WordNet roots that make a dictionary word a value of an attribute, in order of
#: preference ("pottery" is a craft before it is a utensil).
KIND_ROOTS = (
    ("vehicle", "Gets around by"),
    ("athletics", "Sport"),
    ("sport", "Sport"),
    ("avocation", "Hobby"),
    ("craft", "Hobby"),
    ("duty_period", "Shift"),
)
#: Attributes whose values are doings, said without an article.
ACTIVITIES = {"Sport", "Hobby"}
#: Kinds of `value_kind` that are people or places: their attribute comes from the
#: clause (a possessed noun, the typed attributes) or from the one they succeed.
_WHO_OR_WHERE = ("person", "place", "other")


#: An end is dated the day its statement names when that day is this near the day it
#: was said (a last day "on friday", not "since 2019").
END_DAYS = 31

#: Verbs that only say what the speaker thinks ("bus for now i guess"): no event.
_THINKING = {"guess", "think", "suppose", "reckon", "wonder", "hope", "wish"}


@dataclass
class Event:
    st: Any  # the Statement
    role: str  # "start" or "end"
    value: str
    attr: str | None
    person: bool  # the value names a person
    label: str | None
    margin: float
    context: str  # the words around the value, the value as X
    #: what named the attribute: WordNet ("wordnet"), example values ("kind"), a
    #: possessed noun ("owned"), or the one it succeeds ("successor")
    source: str = ""
    #: said with no article or possessive ("took up pottery", not "a pottery class")
    bare: bool = True
    #: other turns that say it, cited beside its own: the end a successor follows ("my
    #: supervisor maria handed in her notice" beside "kev from the leeds office"), the
    #: earlier turn that had an ended value ("i play rugby on sundays")
    also: tuple[tuple[str, str, str], ...] = ()
    #: the value's two likeliest kinds by example values (`value_kind`)
    likely: tuple[str, ...] = ()
    #: the value is a core part of its clause (its subject or object), not the object of
    #: a preposition: what was got, not where from ("a yaris off autotrader")
    core: bool = True
    #: someone else's by its possessor, given to or used by the speaker ("inherited
    #: grandad's volvo")
    handed: bool = False
    #: a start read only faintly, kept when it takes the place of a thing its turn ends
    weak: bool = False
    #: a doing said as a verb ("took up swimming", "ended up going with ..."), not a thing
    doing: bool = False
    #: a dictionary word said in lower case with no sense of a person, that the run knows
    #: as nobody's name ("handed my notice in"): no person, however it reads alone
    nobody: bool = False


#: Entity labels of amounts.
_AMOUNTS = frozenset(["MONEY", "CARDINAL", "QUANTITY"])


def _a_price(span: Any) -> bool:
    """An amount of money, or one said after "for" ("for 2k", "for 3 grand"): what
    something cost, never a thing one has."""
    root = span.root
    if root.ent_type_ == "MONEY":
        return True
    return root.ent_type_ in _AMOUNTS and root.dep_ == "pobj" and root.head.lower_ == "for"


def _doings(doc: Any) -> list[Any]:
    """A doing named as a thing one takes up or gives up, which the parser reads as a
    verb with no object of its own: "took up swimming", "quit smoking"."""
    return [
        doc[t.i : t.i + 1]
        for t in doc
        if t.tag_ == "VBG"
        and t.dep_ in ("dobj", "pcomp", "xcomp", "pobj")
        and not any(c.dep_ in ("dobj", "nsubj", "attr", "xcomp", "ccomp") for c in t.children)
    ]


def _to_the_speaker(tok: Any) -> bool:
    """Someone else's thing (by its possessor) is the object of a clause whose subject is
    the speaker ("inherited grandad's volvo", "driving my nan's micra till i sort
    something", the diary's "I" before them) or that gives it to the speaker ("dad gave
    me his old golf", "she's passing her corsa on to me"): it is the speaker's to use now.
    Whether it starts, ends or only is, the clause's event says."""
    verb = tok.head
    if tok.dep_ != "dobj" or verb.pos_ not in ("VERB", "AUX"):
        return False
    if any(c.dep_ == "poss" and c.lower_ in ("your", "yours") for c in tok.children):
        return False  # the other speaker's: "i borrowed your charger"
    to_me = any(
        (c.dep_ == "dative" and c.lower_ in _SPEAKER)
        or (c.dep_ in ("prep", "dative") and c.lower_ == "to"
            and any(g.dep_ == "pobj" and g.lower_ in _SPEAKER for g in c.children))
        for c in verb.children
    )  # fmt: skip
    head = verb
    subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
    while subj is None and head.dep_ in ("xcomp", "conj") and head.head.i != head.i:
        head = head.head  # "want to keep X", "sold mine and bought X": the first verb's
        subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
    # a clause that opens its sentence with no subject is the speaker's diary ("driving
    # my nan's micra till i sort something", however the parser hung it)
    diary = subj is None and head.i == head.sent.start
    return to_me or diary or (subj is not None and subj.lower_ in ("i", "we"))


def _name_span(span: Any) -> Any:
    """A name's words after its head as well: in "a used honda civic" the parser makes
    "civic" an adjective after "honda", where English puts no adjective of its own."""
    end = span.end
    doc = span.doc
    while end < span.sent.end and doc[end].head.i == span.root.i and doc[end].is_alpha:
        if doc[end].dep_ not in ("amod", "compound", "flat", "nmod"):
            break
        end += 1
    return doc[span.start : end]


def _named_only(span: Any, value: str) -> str:
    """A name without the common noun before it ("my boss dave" -> "dave")."""
    root = span.root
    if root.pos_ != "PROPN" and not root.ent_type_:
        return value
    first = root.i
    while (
        first > span.start
        and span.doc[first - 1].dep_ in ("compound", "flat")
        and (span.doc[first - 1].pos_ == "PROPN" or span.doc[first - 1].ent_type_)
    ):
        first -= 1
    return span.doc[first : span.end].text if first > span.start else value


def _untimed(value: str) -> str:
    """The value without words of its time ("the old corolla" -> "corolla")."""
    words = value.split()
    if len(words) > 2 and [w.lower() for w in words[:2]] == ["second", "hand"]:
        words = words[2:]
    while len(words) > 1 and words[0].lower() in TIME_MODIFIERS | {
        "used",
        "second-hand",
        "secondhand",
    }:
        words = words[1:]
    return " ".join(words)


def kind_attribute(value: str, doing: bool = False) -> str | None:
    """The attribute a dictionary word's kind makes it a value of, by WordNet: "rugby"
    -> Sport, "night shifts" -> Shift, "bike" -> Gets around by; None for a name.

    A `doing` (a verb's -ing form, "swimming") can only be an activity: its kind as a
    thing or a time is that of its verb's noun ("going" -> a go, a turn of duty ->
    Shift, in "ended up going with X"), a word the speaker did not say."""
    words = value.lower().split()
    if not words or value[:1].isupper():
        return None
    roots = tuple(root for root, attr in KIND_ROOTS if not doing or attr in ACTIVITIES)
    for text in (" ".join(words[-2:]), words[-1]) if len(words) > 1 else (words[-1],):
        found = kind_among(text, roots)
        if found is not None:
            return dict(KIND_ROOTS)[found]
    return None


class EventReader:
    """Reads starts and ends of values in a run's first-person statements."""

    def __init__(
        self,
        embedder: Any,
        topics: tuple[str, ...] = (),
        used: dict[str, str] | None = None,
        places: set[str] = frozenset(),
        people: set[str] = frozenset(),
    ):
        self.embedder = embedder
        #: words the run uses as values of an attribute (`dream.uses`): "fiesta" -> Gets
        #: around by, from "the fiesta failed its mot"
        self.used = used or {}
        self.events = classifier_for(embedder, "value_event")
        self.kinds = classifier_for(embedder, "value_kind")
        self.attributes = classifier_for(embedder, "attribute")
        self.words = classifier_for(embedder, "name_word")
        self.topics = set(topics)
        #: names (lower case) the run reads as places (`dream.lowercase`)
        self.places = places
        #: names (lower case) the run reads as people or pets
        self.people = people

    def read(self, items: list[tuple[Any, Any]]) -> None:
        """`items`: (Statement, parsed sentence), the speaker's own. Adds to each
        statement's changes the starts and ends of values it tells."""
        found: list[tuple[Any, Any, str]] = []
        contexts: list[str] = []  # the words around each value, for its event
        #: someone else's thing the speaker was given or uses: (statement id, start)
        handed_on: set[tuple[int, int]] = set()
        for st, doc in items:
            for span in _phrases(doc) + _doings(doc):
                span = _name_span(span)
                value = _value_text(span)
                if value is None:
                    continue
                value = _untimed(_named_only(span, value))
                if value.lower() in _SPEAKER or value == st.speaker:
                    continue
                if span.root.ent_type_ in _TIMES or all(
                    names_nobody(w) for w in value.lower().split()
                ):
                    continue  # a time, or chat ("its ok", "tbh")
                if value.isupper() and len(value) > 3:
                    continue  # shouted ("WE GOT THE KEYS TODAY"): no name by its capitals
                if (
                    any(
                        c.dep_ == "nummod" and c.ent_type_ not in _TIMES for c in span.root.children
                    )
                    and not span.root.ent_type_
                ):
                    continue  # a count ("3 weeks now", "4 cans"), not a year ("a 2012 corsa")
                if counted(span):
                    continue  # "two 8tb drives": several things, though the parse lost the count
                if where_said_bare(span):
                    continue  # "off a lad at work", "on site": where, no value
                if compared_with(span.root):
                    continue  # "still less than the ER": what it is measured against
                if _a_price(span):
                    continue  # "bought a corsa off a lad for 2k": what it cost, no car
                if span.root.pos_ not in ("NOUN", "PROPN", "VERB") and not span.root.ent_type_:
                    continue
                verb = _clause(span.root)
                # What the value itself does is its own event ("my boss dave is retiring",
                # "the corolla died"); what someone else does to it is theirs.
                itself = _subject(span.root)
                handed = _theirs(span) and _to_the_speaker(span.root)
                if verb is not None and (
                    verb.lemma_.lower() in _THINKING
                    or _addressed(verb)
                    # someone else's thing the speaker "is driving" is in use now: one
                    # borrows a car for now, one plans to get one
                    or _hedged(verb, progressive=not itself and not handed)
                    or (not itself and _someone_else(verb, span.root))
                ):
                    continue  # "you mentioned X", "i might get X", "my sister sold X"
                if _theirs(span) and not handed:
                    continue
                if handed:
                    handed_on.add((id(st), span.start))
                found.append((st, span, value))
                # The words either side and the value's own clause: a long name ("kev
                # from the leeds office is replacing ...") hides its verb from the first
                contexts += [_window(span), clause_context(span)]
        if not found:
            return
        rows = self.events.scores(self.embedder.embed(contexts))
        statements = [st for st, _ in items]
        labels = self.events.labels
        events: list[Event] = []
        read = [_role((rows[2 * i] + rows[2 * i + 1]) / 2, labels) for i in range(len(found))]
        # turns where a thing clearly ends ("corsa's gone to the scrappy"): someone's
        # thing handed to the speaker there needs only to read as a start at all
        # (`_in_its_place`); an amount there is what it cost ("640 for the year")
        ending = {
            found[i][0].anchor[:2]
            for i, (role, margin) in enumerate(read)
            if role == "end" and margin >= EVENT_MARGIN
        }
        for i, (st, span, value) in enumerate(found):
            # both readings at once: one clear and one unsure is unsure
            role, margin = read[i]
            context = contexts[2 * i + 1] if "X" in contexts[2 * i + 1].split() else contexts[2 * i]
            if os.environ.get("BRAIN_DEBUG_EVENTS"):
                print(
                    f"event {role}? {value!r} {margin:+.3f} | {context}",
                    file=sys.stderr,
                )
            handed = (id(st), span.start) in handed_on
            if role == "state" and handed:
                # someone else's thing the speaker now has or uses: new to them ("driving
                # my nan's micra till i sort something")
                role = "start"
            # the parse says the thing passed to the speaker: two signals that agree
            least = AGREE_MARGIN if handed else EVENT_MARGIN
            weak = role == "start" and handed and 0 < margin < least and st.anchor[:2] in ending
            if role not in ("start", "end") or (margin < least and not weak):
                continue
            if role == "end" and _where(span.root) and not _valued(st, value, statements):
                # "died on the a40": where it ended, not what; but "handed in my notice
                # at X" ends X, which was said to be the speaker's employer
                continue
            if role == "start" and source(span.root):
                continue  # "a secondhand polo off gumtree": where it came from
            label = span.root.ent_type_ or None
            ev = Event(st, role, value, None, False, label, margin, context)
            ev.bare = not any(t.dep_ in ("det", "poss") for t in span if t.i < span.root.i)
            ev.core = span.root.dep_ != "pobj"
            ev.doing = span.root.tag_ == "VBG" and span.root.pos_ == "VERB"
            ev.handed = handed
            ev.weak = weak
            ev.nobody = value.islower() and self._nobody(value)
            events.append(ev)
        if not events:
            return
        self._type(events, statements)
        # A place is no thing one has, uses or does, whatever its clause reads like
        # ("put me on the shorter van route round knowle": no vehicle)
        events = [
            ev for ev in events if not self._a_place(ev) or KINDS.get(ev.attr or "") == "place"
        ]
        # someone else's thing becomes the speaker's ("dad gave me his old golf"); their
        # home, workplace or partner does not ("i stayed at my mum's house in X")
        events = [
            ev
            for ev in events
            if not ev.handed or (not ev.person and KINDS.get(ev.attr or "", "thing") == "thing")
        ]
        events = [
            ev
            for ev in events
            # an activity is said as a doing, with no article: "took up pottery", not "a
            # pottery class", "the painting" (a thing, a picture)
            if ev.attr not in ACTIVITIES or ev.bare
        ]
        self._succeed(events, statements)
        events = [ev for ev in events if not ev.weak or _in_its_place(ev, events)]
        # One start and one end of an attribute a statement: the clearest ("the old corolla
        # died on the a40": the corolla, not the road), a core part of its clause first
        # ("getting a secondhand yaris off autotrader": the yaris, not where from).
        best: dict[tuple[int, str, str], Event] = {}
        for ev in events:
            key = (id(ev.st), ev.role, ev.attr or "")
            if ev.attr is not None and (
                key not in best or (ev.core, ev.margin) > (best[key].core, best[key].margin)
            ):
                best[key] = ev
        for ev in _new_starts(list(best.values())):
            if ev.role == "end":
                ev.also = _had_before(ev, [st for st, _ in items])
            _record(ev)
        self._name_traded(items)

    def _nobody(self, value: str) -> bool:
        """One dictionary word that WordNet knows in no sense as a person ("notice",
        "truckstop"), and that the run never reads as someone's name: a person attribute's
        value must read as a person, and such a word does only with evidence (a naming
        clause, a relation, the run's pages). "mick" (a person to WordNet) and a pet's
        name the run knows ("pickle") may still be someone."""
        words = value.split()
        return (
            len(words) == 1
            and value not in self.people
            and known_word(value)
            and not names_someone(value)
        )

    def _a_place(self, ev: Event) -> bool:
        """The run reads the event's value as a place (`dream.lowercase`, its pages)."""
        words = ev.value.lower().split()
        return bool(words) and (ev.value.lower() in self.places or words[-1] in self.places)

    def _type(self, events: list[Event], statements: list[Any]) -> None:
        """Each event's attribute by its value's kind (see the module's docstring)."""
        values = self.embedder.embed([ev.value for ev in events])
        kinds, words = self.kinds.scores(values), self.words.label(values)
        attrs = self.attributes.scores(self.embedder.embed([ev.context for ev in events]))
        none = self.attributes.labels.index("none")
        for ev, krow, (word, _), arow in zip(events, kinds, words, attrs, strict=True):
            if os.environ.get("BRAIN_DEBUG_EVENTS"):
                k = sorted(zip(krow, self.kinds.labels, strict=False), reverse=True)[:2]
                a = sorted(
                    zip(arow - arow[none], self.attributes.labels, strict=False), reverse=True
                )[:1]
                print(f"  type {ev.value!r}: {word} kinds={k} attr={a}", file=sys.stderr)
            order = sorted(range(len(krow)), key=lambda j: -krow[j])
            # a name that reads as a first name alone but as a thing by example values
            # ("secondhand yaris": a vehicle first) is no person
            # ... nor is someone's own thing given to the speaker ("my aunt is giving me
            # her old micra"): one is handed a thing, not a person
            ev.person = ev.label == "PERSON" or (
                ev.label is None
                and word == "person"
                and self.kinds.labels[order[0]] in _WHO_OR_WHERE
                and not ev.handed
                and not ev.nobody
            )
            owned = next(
                (
                    ch.attr
                    for ch in ev.st.changes
                    if ch.possessed and ch.new and _same(ch.new, ev.value)
                ),
                None,
            )
            if owned is not None:
                ev.attr, ev.source = owned, "owned"
                continue
            used = self.used.get(ev.value.lower().split()[-1])
            if used is not None:
                # what the run does with the word says more than the word alone, which
                # reads as a first name ("octavia") or a dictionary word ("polo": a sport)
                ev.attr, ev.person, ev.source = used, False, "use"
                continue
            ev.attr = kind_attribute(ev.value, doing=ev.doing)
            if ev.attr is not None:
                ev.person, ev.source = False, "wordnet"
                continue
            ev.likely = tuple(self.kinds.labels[j] for j in order[:2])
            kind = self.kinds.labels[order[0]]
            if kind not in _WHO_OR_WHERE and krow[order[0]] - krow[order[1]] >= KIND_MARGIN:
                ev.attr, ev.person, ev.source = kind, False, "kind"
                continue
            best = max((j for j in range(len(arow)) if j != none), key=lambda j: arow[j])
            attr = self.attributes.labels[best]
            likely = {self.kinds.labels[j] for j in order[:2]}
            if attr in likely and arow[best] - arow[none] >= AGREE_MARGIN:
                # two signals that agree: "trek" reads a little as a vehicle, "bought a
                # second hand X off a guy" a little as how one gets around
                ev.attr, ev.person, ev.source = attr, False, "kind"
                continue
            if ev.role == "end":
                # what the typed attributes read the value as, which knew its attribute
                # but not that it ended ("X and i split up": a partner)
                ev.attr = _typed(ev.st, ev.value)
                ev.source = "typed" if ev.attr else ""
                held = None if ev.attr else _held_before(ev.st, ev.value, statements)
                if held is not None:
                    # "handed in my notice at hartwell" after "i work at hartwell & co":
                    # the value said before, of the attribute it was said as
                    ev.attr, ev.value, ev.source = *held, "held"

    @staticmethod
    def _succeed(events: list[Event], statements: list[Any]) -> None:
        """A person who starts with no attribute takes the attribute of the person whose
        end the speaker told last before it ("dave is retiring" ... "shawna is taking
        over"): one successor for each end; a thing, that of a thing ended in its
        sentence."""
        for ev in events:
            if ev.role != "start" or ev.person or ev.attr is not None:
                continue
            # A thing that starts in the sentence where a thing ends ("traded in the
            # civic, picked up a used rav4") succeeds it when its kind leans that way at
            # all: the end says which attribute changed.
            # The turn's other sentences count: "insurance finally paid out for the
            # octavia. ended up getting a secondhand yaris off autotrader"
            # Someone's own thing given to the speaker there needs no kind: "uncle dec is
            # giving me his old octavia estate ... corsa's gone to the scrappy" (an estate
            # is land to the examples).
            ended = [
                e
                for e in events
                if e.role == "end"
                and (e.st is ev.st or e.st.anchor == ev.st.anchor)
                and not e.person
                and (e.attr in ev.likely or (ev.handed and KINDS.get(e.attr or "") == "thing"))
            ]
            if ended:
                ev.attr, ev.source = ended[0].attr, "successor"
        ordered = sorted(events, key=lambda ev: (ev.st.when or dt.date.min, ev.st.n))
        open_ends: list[Event] = []
        for ev in ordered:
            if ev.role == "end" and ev.person and ev.attr is not None:
                if not _successor_said(ev, statements):
                    open_ends.append(ev)
            elif ev.role == "start" and ev.person and not ev.source:
                before = [e for e in open_ends if e.st.speaker == ev.st.speaker]
                if before:
                    ev.attr, ev.source = before[-1].attr, "successor"
                    ev.also = (before[-1].st.anchor,)
                    open_ends.remove(before[-1])

    def _name_traded(self, items: list[tuple[Any, Any]]) -> None:
        """A change another reading found in one sentence ("no more night shifts, days
        from now on") named after the sentence's topic ("Work and money") takes the
        attribute its values' kind gives (Shift)."""
        for st, _ in items:
            for ch in st.changes:
                if ch.attr is not None and ch.attr not in self.topics:
                    continue
                for value in (ch.old, ch.new):
                    attr = kind_attribute(_untimed(value)) if value else None
                    if attr is not None:
                        ch.attr = attr
                        # an end alone ("no more night shifts") of a known attribute
                        ch.ended = ch.new is None
                        break


def _in_its_place(ev: Event, events: list[Event]) -> bool:
    """A thing handed to the speaker, its start read faintly, takes the place of a thing
    of its attribute that its turn clearly ends: "uncle dec is giving me his old octavia
    estate ... corsa's gone to the scrappy". Two signals that agree: the end, and a
    value of the same kind."""
    return ev.attr is not None and any(
        e.role == "end"
        and e.attr == ev.attr
        and not e.person
        and e.margin >= EVENT_MARGIN
        and e.st.anchor[:2] == ev.st.anchor[:2]
        for e in events
    )


def _new_starts(events: list[Event]) -> list[Event]:
    """Events less a start that names the speaker's current value of its attribute again
    ("a pottery workshop" after "pottery"): the same value, not a new one."""
    out: list[Event] = []
    last: dict[tuple[str, str], str] = {}
    for ev in sorted(events, key=lambda ev: (ev.st.when or dt.date.min, ev.st.n)):
        key = (ev.st.speaker, ev.attr or "")
        if ev.role == "start" and key in last and _shares_word(last[key], ev.value):
            continue
        if ev.role == "start":
            last[key] = ev.value
        elif key in last and _same(last[key], ev.value):
            del last[key]
        out.append(ev)
    return out


def _shares_word(a: str, b: str) -> bool:
    return bool({w for w in a.lower().split() if len(w) > 2} & set(b.lower().split()))


def _where(tok: Any) -> bool:
    """The value is where something happened: "on the a40", "outside the station"; not
    the object of a verb with its particle ("traded in the civic")."""
    prep = tok.head
    return (
        tok.dep_ == "pobj"
        and prep.lower_ in ("on", "in", "at", "near", "outside", "by")
        and not (prep.head.pos_ == "VERB" and phrasal_verb(prep.head.lemma_.lower(), prep.lower_))
    )


def _role(row: Any, labels: list[str]) -> tuple[str, float]:
    """The nearest label of a row of scores and its lead over the runner-up."""
    order = sorted(range(len(labels)), key=lambda j: -row[j])
    return labels[order[0]], float(row[order[0]] - row[order[1]])


def _had_before(ev: Event, statements: list[Any]) -> tuple[tuple[str, str, str], ...]:
    """The speaker's latest earlier statement that names an ended value ("i play rugby
    on sundays" before "quit rugby"): the evidence that it was the value until then."""
    said = re.compile(rf"(?<!\w){re.escape(ev.value)}(?!\w)", re.I)
    when = (ev.st.when or dt.date.min, ev.st.anchor[0], ev.st.n)
    earlier = [
        st
        for st in statements
        if st.speaker == ev.st.speaker
        and st.anchor != ev.st.anchor
        and (st.when or dt.date.min, st.anchor[0], st.n) < when
        and said.search(st.sent)
    ]
    if not earlier:
        return ()
    return (max(earlier, key=lambda st: (st.when or dt.date.min, st.n)).anchor,)


def _held_before(said: Any, value: str, statements: list[Any]) -> tuple[str, str] | None:
    """(attribute, value) of the speaker's latest statement before `said` that made the
    value an attribute's ("i work at hartwell & co" before "... my notice at hartwell")."""
    when = (said.when or dt.date.min, said.anchor[0], said.n)
    found = [
        ((st.when or dt.date.min, st.n), ch.attr, ch.new)
        for st in statements
        if st.speaker == said.speaker and (st.when or dt.date.min, st.anchor[0], st.n) < when
        for ch in st.changes
        if ch.new and ch.attr in KINDS and _same(ch.new, value)
    ]
    if not found:
        return None
    _, attr, value = max(found, key=lambda f: f[0])
    return attr, value


def _successor_said(end: Event, statements: list[Any]) -> bool:
    """The turn that tells the end names the new value too ("my new manager is sofia
    brandt. tom left ..."): no later person is its successor."""
    return any(
        ch.new
        and not _same(ch.new, end.value)
        and (ch.attr or "").casefold() == end.attr.casefold()
        for st in statements
        if st.anchor == end.st.anchor
        for ch in st.changes
    )


def _valued(st: Any, value: str, statements: list[Any]) -> bool:
    """The value is one of the speaker's attributes', by this statement or before it."""
    return _typed(st, value) is not None or _held_before(st, value, statements) is not None


def _typed(st: Any, value: str) -> str | None:
    """The typed attribute another reading of the statement took the value for as new
    (`dream.attributes`), if any."""
    return next(
        (
            ch.attr
            for ch in st.changes
            if ch.attr in KINDS and ch.new and ch.old is None and _same(ch.new, value)
        ),
        None,
    )


def ended_on(st: Any) -> dt.date | None:
    """The day an end happens when the statement names one day near the day it was said
    ("my last day at the agency is friday": that Friday), read by the one date parser;
    else the day it was said ("retiring end of the month" names no day)."""
    if st.when is None:
        return None
    days = {
        d.date
        for d in dates(st.sent, st.when, loose=True)
        if d.precision == "day" and d.date is not None
    }
    if len(days) == 1 and abs((next(iter(days)) - st.when).days) <= END_DAYS:
        return next(iter(days))
    return st.when


def _window(span: Any) -> str:
    """The words either side of the value, the value as X, less a clause of its own
    beyond a comma: in "traded in the civic, picked up a used rav4" each value's words
    say nothing of the other's, and a window across both read each as the other's event.
    A part with no verb stays ("my boss, dave, is retiring")."""
    doc = span.doc
    start = max(span.sent.start, span.start - WINDOW)
    end = min(span.sent.end, span.end + WINDOW)
    cuts = [t.i for t in doc[start:end] if t.is_punct and not span.start <= t.i < span.end]
    before = [i for i in cuts if i < span.start]
    after = [i for i in cuts if i >= span.end]
    own = _has_verb(doc[before[-1] + 1 if before else start : after[0] if after else end])
    if own:
        for i in reversed(before):
            if _has_verb(doc[max(start, _previous(before, i) + 1) : i]):
                start = i + 1
                break
        for n, i in enumerate(after):
            if _has_verb(doc[i + 1 : after[n + 1] if n + 1 < len(after) else end]):
                end = i
                break
    return " ".join(
        [*(t.text for t in doc[start : span.start]), "X"] + [t.text for t in doc[span.end : end]]
    )


def _previous(cuts: list[int], i: int) -> int:
    earlier = [c for c in cuts if c < i]
    return earlier[-1] if earlier else -1


def _has_verb(span: Any) -> bool:
    return any(t.pos_ in ("VERB", "AUX") for t in span)


def _subject(tok: Any) -> bool:
    """The value is its clause's subject, or set beside it ("my boss, dave, ...")."""
    while tok.dep_ in ("appos", "compound", "conj") and tok.head.i != tok.i:
        tok = tok.head
    return tok.dep_ in ("nsubj", "nsubjpass")


def _same(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a in b or b in a


def _record(ev: Event) -> None:
    """The event as a change of its statement, unless another reading of the statement
    already says it: then that reading gets the attribute it lacked."""
    if ev.attr is None:
        return
    st = ev.st
    if ev.role == "end":
        for ch in st.changes:
            if ch.old and ch.new is None and _same(ch.old, ev.value):
                ch.attr, ch.ended = ch.attr or ev.attr, True
                ch.evidence = ch.evidence or ev.also
                return
            if ch.new and ch.old and _same(ch.old, ev.value):
                return  # "switched from X to Y": read
            if ch.new and ch.old is None and not ch.possessed and _same(ch.new, ev.value):
                # The typed attributes knew what the value is of ("traded in X" is how
                # one gets around, "X and i split up" a partner), not that it ended.
                ch.old, ch.new, ch.ended = ch.new, None, True
                ch.attr = ch.attr or ev.attr
                ch.evidence = ch.evidence or ev.also
                return
        st.changes.append(Change(ev.attr, None, ev.value, ev.label, ended=True, evidence=ev.also))
        return
    for ch in st.changes:
        if ch.new and ch.old and _same(ch.old, ev.value) and not _same(ch.new, ev.value):
            return  # "the bus instead of the car": the car is what was given up
        if ch.new and _same(ch.new, ev.value):
            if ch.attr is None or (ch.possessed is None and ch.attr not in KINDS):
                ch.attr = ev.attr
            elif (
                ch.possessed is None
                and ev.source in ("wordnet", "kind", "use")
                and ch.attr != ev.attr
            ):
                # the value's own kind says more than the words around it: "got into
                # bouldering at the climbing gym" is a sport, no gym
                ch.attr, ch.new_type = ev.attr, None
            return
    if ev.source in ("use", "successor") and not ev.person:
        # A value whose kind the run's words show is the one that started: another new
        # value of the attribute read only by the words around it is where it came from
        # or what it cost ("a secondhand yaris off autotrader")
        st.changes[:] = [
            ch
            for ch in st.changes
            if not (ch.attr == ev.attr and ch.new and ch.old is None and not ch.possessed)
        ]
    kind = KINDS.get(ev.attr)
    new_type = "person" if ev.person else PAGE_TYPES.get(kind or "")
    st.changes.append(
        Change(ev.attr, ev.value, None, ev.label, new_type=new_type, evidence=ev.also)
    )
