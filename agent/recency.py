"""What holds now, though the question does not say "now": "what car do i have?" asked
of a memory where the user said "the corsa's clutch is going" in March and "got a little
fiesta now" in June. A question in the present tense about the asker's own value asks
what holds today, as "what car do i have now?" does: of the answers of the kind asked
that score nearly as well as the best one (within 0.6, and as close in meaning within
0.25), the one said last wins (`_latest_first`), unless its value is said in
another clause than the thing asked about ("marcus wants a second cat and i said no
until after jess's wedding" names no cat). Unlike "now" said out loud, a later date
adds nothing to a sentence's score: what was said last is preferred only among answers
that already compete.

A question about before ("what did i drive before?", "what was my old car?") is past,
not present, and keeps the earlier value; so does one that names a time ("in May").

The reader's half that follows values through time (`Currency`): a later "switched from
A to B", the same value said again beside a newer one, a page's dated lines, a value a
verb of ending stands beside ("the wusthof is retired").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from language.dates import DateSpan, dates
from validators.endings import ending_verb

from .about import _about
from .facets import QuestionFacets
from .offered import judged_only
from .picker import _CLAUSE_BREAK, changed_to, denied_at
from .question import Question, has_cue
from .reading import Candidate, Reading, Subject
from .spans import change
from .text import WORD, is_question, terms
from .wiki import Fact, ended_last
from .wordmatch import shared

#: The kinds of value that change over time and that a later statement replaces. A date
#: asked in the present ("when is my appointment?") is one event among several, and a
#: count or amount is left to the words that ask for now ("how much do i earn now?").
CHANGING = frozenset(["place", "name", "occupation", "thing"])


def as_of_now(q: Question, subj: Subject) -> Question:
    """The question read as one about now, when it asks in the present tense for the
    asker's own value of one kind ("what car do i have?", "where do i work?")."""
    if q.current or q.past or not q.present or not subj.mine:
        return q
    if (q.answer_type not in CHANGING and not _asks_regular_payment(q)) or q.choices:
        return q
    if q.answer_type == "thing" and not q.head and not q.attribute:
        return q  # "what did she realize?" asks for words, not a value that changes
    return replace(q, lately=True)


def _asks_regular_payment(q: Question) -> bool:
    """An amount paid again and again, which changes as the rent goes up or a new job
    pays more: "how much is my rent?", "what's my salary?" (WordNet's regular payments).
    A price paid once ("how much was the corsa?") does not."""
    from validators.lexicon import kind_of

    return q.answer_type == "number" and any(
        kind_of("regular_payment", w) for w in WORD.findall(q.text.lower())
    )


ENDED = 0.4  # a value a verb of ending stands beside is what held before
ENDED_WINDOW = 3  # words either side of the value where that verb counts
#: History lines of one attribute whose scores are this near read alike to a question.
HISTORY_TIE = 0.05


#: How far below the best a newer answer may score and still be taken as what holds now.
CURRENT_MARGIN = 0.6
#: ... and as near the question in meaning as the best, within this much.
SIM_LATER = 0.25


def _value_at(readings: list[Reading], when: tuple[dt.date, dt.date] | None) -> list[Reading]:
    """When the best answer is a value the wiki keeps for an attribute (Employer:
    Northwind Labs), answer with the line of that attribute that held at the time asked
    about: the current line for a question in the present ("Where does Maya work?"), the
    line whose dates cover `when` for "Where did Maya work in April?"."""
    value = (readings[0].span or "").lower()

    def attr_fact(r: Reading) -> Fact | None:
        f = r.candidate.fact
        return f if r.span and f is not None and f.attr else None

    facts = [(r, f) for r in readings if (f := attr_fact(r)) is not None]
    # Only a value the wiki has since replaced (present) or dated (a time) can move.
    olds = [f for _, f in facts if value in (f.value or "").lower() and (f.historic or when)]
    for anchor in olds:
        same = [
            (r, f)
            for r, f in facts
            if f.page == anchor.page and terms(f.attr or "") == terms(anchor.attr or "")
        ]
        if when is None:
            picks = [(0, r) for r, f in same if not f.historic]
        else:
            picks = [(d, r) for r, f in same if (d := _overlap(f, when)) > 0]
        if picks:
            pick = max(picks, key=lambda p: p[0])[1]  # the first of the longest overlap
            if pick.candidate.fact is readings[0].candidate.fact:
                return readings  # the best answer already held then
            return [pick, *(r for r in readings if r is not pick)]
    return readings


def _overlap(f: Fact, when: tuple[dt.date, dt.date]) -> int:
    """Days of `when` during which the fact held (it holds from `since` to `until`)."""
    if f.since is None and f.until is None:
        return 0
    start = max(when[0], f.since or dt.date.min)
    end = min(when[1], f.until or dt.date.max)
    return (end - start).days + 1


def _later(c: Candidate, ref: Candidate) -> bool:
    """Was `c` said after `ref`: on a later day, or the same day in a later turn of the
    same conversation ("my wusthof chipped" ... "got the tojiro. the wusthof is
    retired")?"""
    if c.date is None or ref.date is None:
        return False
    if c.date != ref.date:
        return c.date > ref.date
    a, b = c.block, ref.block
    turns = a.anchor[:1] == b.anchor[:1] == "t"
    return turns and c.fact is None and a.path == b.path and a.index > b.index


def _ended(sentence: str, value: str) -> bool:
    """Does the sentence end the value: a verb of ending a few words from it ("the
    wusthof is retired", "quit the vape", "sold the octavia", "gave up coffee")?"""
    low = sentence.lower()
    at = low.find(value.lower())
    if at < 0:
        return False
    before = WORD.findall(low[:at])[-ENDED_WINDOW:]
    after = WORD.findall(low[at + len(value) :])[:ENDED_WINDOW]
    return _ending(before) or _ending(after)


def said_of_before(sentence: str, start: int, end: int) -> int:
    """Whether the clause of the value at `start:end` says it held before (1: "i used to
    work at a bakery", "moved out of the flat in headingley", "left tesco") or holds now
    (-1: "now at kestrel logistics", "new place is in chapel allerton", "starting at
    lumen health"), else 0. A clause runs between commas, "and", "but", "so"."""
    low = sentence.lower()
    cuts = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(low)), len(low)]
    lo = max((c for c in cuts if c <= start), default=0)
    hi = min((c for c in cuts if c >= end), default=len(low))
    clause = low[lo:hi]
    if has_cue(clause, "past_cues") or _ending(WORD.findall(clause)):
        return 1
    if has_cue(clause, "current_cues") or has_cue(clause, "new_cues"):
        return -1
    return 0


#: How a clause hangs on the one above when it is a clause of its own, with its own time.
_OWN_CLAUSE = frozenset(["relcl", "acl", "ccomp", "advcl", "conj", "parataxis"])


def tense_of_value(sentence: str, start: int, end: int) -> int:
    """Whether the clause the parse hangs the value at `start:end` on says it held before
    (1) or holds now (-1), else 0: of "rents 650 a month which is more than the 575 i was
    paying on the doncaster flat" the 575 is what was paid ("i was paying", a clause of
    its own) and the 650 what is paid, though no comma parts them. The clause's words are
    read for the ends of a change first ("went up to 95", "down from 60"), then for cues
    ("the old one was 950"), then for the tense of its verb ("it used to be 750", "we pay
    900")."""
    from language.nlp import nearest_up, used_to

    from .kinds import _parsed  # parsed once per sentence, however many values it has

    doc = _parsed(sentence)
    tok = next((t for t in doc if t.idx <= start < t.idx + max(len(t), 1)), None)
    if tok is None or end <= start:
        return 0
    # A clause said of the value itself ("the 575 [i was paying]"), else the verb it is in.
    own = [c for c in tok.children if c.dep_ in ("relcl", "acl") and c.pos_ in ("VERB", "AUX")]
    verb = own[0] if own else nearest_up(tok, lambda t: t.pos_ in ("VERB", "AUX"), 5)
    if verb is None:
        return 0
    while verb.dep_ in ("xcomp", "aux") and verb.head.i != verb.i:
        verb = verb.head  # "it used to [be] 750": the clause's verb is "used"
    words = [
        t.lower_
        for t in verb.subtree
        if not any(a.dep_ in _OWN_CLAUSE for a in _path_up(t, verb)) or tok in t.subtree
    ]
    said = " ".join(words)
    # A change's ends, whatever its tense: "went to 95", "put it up to 95" hold after it;
    # "down from 60" held before.
    prep = tok.head if tok.dep_ == "pobj" else None
    if prep is not None and prep.head.pos_ in ("VERB", "AUX", "ADV", "ADP"):
        if prep.lower_ in ("to", "into"):
            return -1
        if prep.lower_ == "from":
            return 1
    if has_cue(said, "past_cues") or used_to(verb):
        return 1
    if has_cue(said, "current_cues") or has_cue(said, "new_cues"):
        return -1
    tags = {verb.tag_, *(c.tag_ for c in verb.children if c.dep_ in ("aux", "auxpass"))}
    if tags & {"VBD"}:
        return 1
    if tags & {"VBZ", "VBP", "MD"}:
        return -1
    return 0


def _path_up(tok: Any, top: Any) -> list[Any]:
    """The tokens from `tok` up to `top`, `top` left out."""
    path = []  # spaCy makes a new Token object on each access: compare positions
    while tok.i != top.i and tok.head.i != tok.i:
        path.append(tok)
        tok = tok.head
    return path


def _ending(words: list[str]) -> bool:
    # Each word with the one after it: its particle, if it has one ("gave up").
    return any(ending_verb(w, words[i + 1 : i + 2]) for i, w in enumerate(words))


def _latest_first(
    readings: list[Reading],
    strict: bool = False,
    same: bool = False,
    says: Callable[[Candidate], set[str]] = lambda c: set(),
    of_kind: Callable[[Reading], bool] = lambda r: False,
    of_attribute: Callable[[Reading], bool] = lambda r: False,
) -> list[Reading]:
    """For "now" questions: among answers nearly as good as the best, the one said last
    is what holds now (a page can lag behind the newest session); with `same`, only
    among those the best one's speaker said. With `strict` (an amount asked), a later
    amount must say each of the question's words the best one says (`says`: the words of
    the question a candidate says): "i pay them 5 euro/hour more" is no newer "how much
    do i charge per hour" than "i charge 12 euro/hour", though both are rates."""
    best = readings[0]
    who = (best.candidate.block.speaker or "").lower()
    said = says(best.candidate) if strict else set()
    # The best is a thing of the kind asked in its usual sense ("Turkish" for "what
    # language have i been studying?"): a later "expression" (a face's, usually) is none.
    kind = of_kind(best)
    # The best is the profile's value of the attribute asked ("Employer: Malthouse"): a
    # later page value of another ("Work and money: xero") is no newer employer; a turn
    # said later may be.
    held = of_attribute(best)
    # Near in meaning as the nearest of the answers nearly as good, not only as the best:
    # "paid 40 for the tickets" is no newer rent than "i pay 480 a month for my room"
    # because a page's "Pay: 480" scored above both.
    near = max(
        (r.sim for r in readings if r.span and r.score >= best.score - CURRENT_MARGIN),
        default=best.sim,
    )
    # Said later, but about something else ("need 16 hours" for "what do i make an
    # hour now?"), it is no newer value of the same thing.
    close = [
        r
        for r in readings
        if r.span
        and r.candidate.date
        and r.score >= best.score - CURRENT_MARGIN
        and r.sim >= max(best.sim, near) - SIM_LATER
        and (best.weak_span or not r.weak_span or not strict)  # nor "16 hours" for a pay
        # nor a name said of something else: "marcus wants a second cat and i said no
        # until after jess's wedding" names no cat
        and not r.apart
        and (not same or (r.candidate.block.speaker or "").lower() == who)
        and not (said and said - says(r.candidate))
        and (not kind or of_kind(r))
        and (not held or r.candidate.fact is None or of_attribute(r))
    ]
    if not close:
        return readings
    latest = max(close, key=lambda r: (r.candidate.date, r.score))
    return [latest, *(r for r in readings if r is not latest)]


class Currency(QuestionFacets):
    """Which value holds at the time asked (mixed into `reader.Reader`): the latest of a
    change, the one said before, a page's dated line."""

    dialogues: frozenset[str]
    _held_now: frozenset[str]  # see `picker.SpanPicker`

    def _value_before(self, readings: list[Reading]) -> list[Reading]:
        """For a question about before ("where did i work before lumen?", "... used to"):
        when the best answer is a page's current value of an attribute, the latest of the
        values the page dates as held before answers; without one, the turn the current
        value was read from, which often says the old one too ("handed in my notice at
        harbourview, starting at lumen health"). The current value itself is no answer."""
        best = readings[0].candidate.fact
        if best is None or not best.attr:
            return readings

        def same(f: Fact | None) -> bool:
            return (
                f is not None
                and f.page == best.page
                and terms(f.attr or "") == terms(best.attr or "")
                and (f.value != best.value or best.historic)
            )

        olds = [r for r in readings if r.candidate.fact and r.candidate.fact.historic]
        olds = [r for r in olds if same(r.candidate.fact)]
        if best.historic:
            # Several history lines read alike to "how did i used to get to work?": the
            # one the current value replaced; a line the question's words prefer stays.
            olds = [r for r in olds if r.score >= readings[0].score - HISTORY_TIE]
        last = ended_last([r.candidate.fact for r in olds if r.candidate.fact])
        if last is not None:
            pick = next(r for r in olds if r.candidate.fact is last)
            return [pick, *(r for r in readings if r is not pick)]
        if best.historic:
            return readings
        rest = [r for r in readings if r.candidate.fact is not best]
        current = (best.value or "").lower()
        # The current value is no answer, however the turn says it: "we moved out of the
        # flat in headingley, new place is in chapel allerton" names both towns.
        self._held_now = frozenset(terms(current))
        try:
            for block in best.blocks:
                turn = Candidate(block.text, (block,), readings[0].candidate.rank)
                span, weak, when = self.span(turn)
                if span and not weak and span.lower() not in current:
                    top = replace(readings[0], candidate=turn, span=span, when=when)
                    return [top, *rest]
        finally:
            self._held_now = frozenset()
        return rest

    def _superseded(self, readings: list[Reading], pool: Sequence[Candidate]) -> list[Reading]:
        """Follow changes of the answer's value: when memory later says "switched from
        <answer> to B", B holds now (and so on, B to C)."""
        best = readings[0]
        value, since = best.span or "", best.candidate.date
        for c in sorted(pool, key=lambda c: (c.date or dt.date.min, c.key)):
            if is_question(c.text) or (since and c.date and c.date < since):
                continue
            moved = change(c.text)
            if not moved or moved[0].lower() != value.lower():
                continue
            if _about(c, self.subj, self.known_people, self.dialogues, self._asked) is None:
                continue
            best = Reading(c, best.score + 0.01, moved[1], best.about)
            value, since = moved[1], c.date
        restated = self._restated(best, pool)
        best = restated or best
        if best is readings[0]:
            return readings
        return [best, *readings]

    def _restated(self, best: Reading, pool: Sequence[Candidate]) -> Reading | None:
        """The answer's value said again later by the same speaker beside another value
        of the same kind: that one holds now ("the 36.50 thing. they bumped me to 37.25",
        "got the tojiro. the wusthof is retired"), the nearest to the old one."""
        value, since = (best.span or "").lower(), best.candidate.date
        speaker = (best.candidate.block.speaker or "").lower()
        if not value or since is None:
            return None
        ref = best.candidate
        said = re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.I)
        topic = set(self.q.terms) - self.subj.name_terms
        latest: Reading | None = None
        # A value in the slot the question asks about ("that tom found") is replaced only
        # by one in that slot too, not by any name said beside it later ("def doing sintra.
        # tom wants to go ...").
        slotted = self._in_slot(ref.text, best.span)
        blocks = {(c.block.path, c.block.anchor): c for c in pool if c.fact is None}
        order = sorted(
            blocks.values(), key=lambda c: (c.date or dt.date.min, c.block.path, c.block.index)
        )
        for c in order:
            text = c.block.text
            if not _later(c, ref) or (c.block.speaker or "").lower() != speaker:
                continue
            if self.q.answer_type == "date":
                if not is_question(text):
                    moved = self._day_moved(text, c, best.when, bool(shared(topic, c.words())))
                    if moved is not None:
                        whole = replace(c, text=text, following="")
                        latest = Reading(whole, best.score + 0.01, moved.shown, best.about,
                                         when=moved.date)  # fmt: skip
                        best, ref = latest, c
                continue
            at = said.search(text)
            if at is None or is_question(text):
                continue
            if self.q.answer_type != "number" and not shared(topic, c.words()):
                # "okonkwo wants everything in viridis" names the advisor beside a colour
                # palette: a name replaces the answer only where the topic is said (the
                # chat titled "New chef knife"); an amount beside the old one does.
                continue
            others = [
                sp
                for sp in self._values_in(text, c)
                if value not in sp.text.lower()
                and sp.text.lower() not in value
                and (not slotted or self._in_slot(text, sp.text))
                # only thought of: "nah cybertuner is way too expensive for me"
                and not judged_only(text, sp.text)
            ]
            if others:
                new = min(others, key=lambda sp: abs(sp.start - at.start()))
                whole = replace(c, text=text, following="")
                latest = Reading(whole, best.score + 0.01, new.text, best.about)
                value, ref = new.text.lower(), c
                said = re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.I)
        return latest

    @staticmethod
    def _day_moved(text: str, c: Candidate, day: dt.date | None, on_topic: bool) -> DateSpan | None:
        """The day `text` moves `day` to: said again however it is written ("14 July
        2026" as "the 14th july") and denied ("its not the 14th july any more its the 4th
        of august"), or, where the question's topic is said, changed from ("moved the
        party from the 14th july to ..."): the nearest other day said beside it."""
        days = [d for d in dates(text, c.date) if d.date]
        # A day and month with no year is placed by the tense of its clause: "moved it
        # from the 3rd of september" said in June reads a September gone.
        again = [d for d in days if d.date == day or (d.yearless and _same_day(d.date, day))]
        if not again:
            return None
        old = again[0]
        others = [d for d in days if d.date != old.date and not denied_at(text, d)]
        if not denied_at(text, old):
            # No denial: only "from" the old day "to" the next one, where the thing asked
            # about is said; a day once told alone that is now the start of two is moved.
            others = [d for d in others if on_topic and changed_to(text, old, d)]
        return min(others, key=lambda d: abs(d.start - old.start), default=None)

    def _time_bonus(self, c: Candidate, dated: list[dt.date]) -> float:
        q, f = self.q, c.fact
        bonus = 0.0
        if q.current or q.answer_type == "thing":
            if f is not None and f.attr and f.historic:
                bonus -= 0.4 if q.current else 0.0
            elif f is not None and f.attr and f.since:
                bonus += 0.25 if q.current else 0.05
        if q.past and f is not None and f.historic:
            bonus += 0.3
        if q.current and c.date and len(dated) > 1:
            # What holds now is what was said last.
            bonus += 0.6 * dated.index(c.date) / (len(dated) - 1)
        return bonus


def _same_day(a: dt.date | None, b: dt.date | None) -> bool:
    return a is not None and b is not None and (a.month, a.day) == (b.month, b.day)
