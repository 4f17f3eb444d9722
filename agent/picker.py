"""The short answer: which part of a sentence answers the question.

A sentence that answers ("booked flights to lisbon for the 3rd of june with easyjet")
holds values of many kinds; the reader shows the one of the kind the question asks for
(a date for "when", a place for "where", an amount for "how much", a name for "who"),
and of several of that kind, the one nearest the words the question shares with the
sentence. `SpanPicker` is the half of `reader.Reader` that picks it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from language.dates import (
    WEEKDAY_NAMES,
    DateSpan,
    bare_years,
    dates,
    is_date_word,
    render_date,
)
from language.names import TITLES, given_names, known_word, may_name
from validators.endings import ending_verb
from validators.lexicon import (
    base_forms,
    describes,
    is_noun,
    kin_or_lover,
    kind_asked,
    known,
    names_worker,
    over_someone,
    primarily_someone,
    sense_of,
    usually_a,
)

from .kinds import an_animal_and_no_one, capitalised_within, job_phrases, noun_starts
from .labels import Labels, field_of, fields
from .measures import is_ordinal, measured_amounts
from .offered import of_another_thing
from .question import Question, how_degree
from .slots import Asked, Fill, asked_slot, fill, reported, said_of_another
from .someone import asks_someone, reads_as
from .spans import (
    CHANGED,
    COUNT_WORDS,
    DIGITS,
    Span,
    after_someone,
    amounts,
    apposed_to_someone,
    bare_hours,
    change,
    clock_times,
    durations,
    frequencies,
    is_code,
    money_rank,
    names,
    occupations,
    since_spans,
    written_lowercase,
)
from .text import WORD, stem, stopwords, terms
from .wiki import Fact
from .wordmatch import shared

if TYPE_CHECKING:
    from .reading import Candidate, Similarity, Subject

SIM_CATEGORY = 0.45  # a word this close to the category noun is an instance of it
#: What a clause break between a value and a word of the question counts for, in characters.
CLAUSE_CHARS = 40
_CLAUSE_BREAK = re.compile(r"[,;:()!?]|\.\s|\s[-–—]\s|\b(?:and|but|then|so|because|bc)\b")
#: How far past a value its unit may run ("24 contact hours"): a few words.
UNIT_CHARS = 16
#: A time counted from an event ("after 60 days", "within two weeks").
_AFTER_PERIOD = re.compile(
    rf"\b(?:after|within)\s+(?:\d+|{COUNT_WORDS})\s+(?:days?|weeks?|months?|years?)\b",
    re.I,
)
#: A question after more than one value ("who are the two cleaners?", "both of them").
_PLURAL = re.compile(r"\bwho (?:are|were)\b|\b(?:two|three|four|both)\b|\bnames\b", re.I)
#: What stands between the items of a list: ", ", " and ", ", and ", " & ".
_LIST_GAP = re.compile(r"\s*(?:,|,?\s+and|&)\s*", re.I)
#: Between the two ends of a period: "from 30 May 2025 to 29 May 2029", "3 - 9 june".
_PERIOD_TO = re.compile(r"\s*(?:to|until|till|through|thru|-|–|—)\s*", re.I)
#: A question after a day of the week, not a date ("which night is the class?").
_WEEKDAY_ASKED = re.compile(
    r"\b(?:which|what) (?:night|evening|morning|weekday)s?\b|\bday of the week\b", re.I
)
_WEEKDAY_WORD = re.compile(rf"\b({'|'.join(WEEKDAY_NAMES)})s?\b", re.I)
#: A day of the week said as a habit: in the plural, after "every", or with a part of
#: the day in the plural ("sunday mornings", "tuesday nights").
_WEEKDAYS_HABIT = re.compile(
    rf"\bevery ({'|'.join(WEEKDAY_NAMES)})\b|\b({'|'.join(WEEKDAY_NAMES)})s\b"
    rf"|\b({'|'.join(WEEKDAY_NAMES)})\s+(morning|afternoon|evening|night)s\b",
    re.I,
)
#: Words that deny what follows them: "not tuesdays", "no longer on fridays".
_DENIED = re.compile(
    r"\b(?:not|no longer|no more|instead of|rather than)\s+(?:on\s+)?(?:the\s+)?$", re.I
)
#: A time said right after a day ("thursdays now at 9.30", "mondays at 6pm").
_HABIT_TIME = re.compile(
    r"(?:\s+(?:now|then|too|again))?\s+at\s+(\d{1,2}(?:[.:]\d{2})?\s*(?:[ap]\.?m\.?)?)(?![\d/])",
    re.I,
)
_PLACE_PREP = re.compile(r"\b(?:in|at|near|around|inside|outside)\s+$", re.I)
_AFTER_PREP = re.compile(r"\b(?:in|at|near|to|from|around)\s+(?:the\s+)?([a-z][a-z-]{2,})\b")
#: A place name is near "a city" (porto 0.44, lisbon 0.53; march 0.21, dentist 0.24)
PLACE_PROTOTYPE = "a city"
SIM_PLACE = 0.4
_HOW_MUCH = re.compile(r"\bhow much\b", re.I)
_HOW_MUCH_MANY = re.compile(r"\bhow (?:much|many)\b", re.I)
_UNIT = re.compile(r"[^\d.,\s]")  # an amount with more than digits: "500 g", "2.7 ml", "5k"
_DIGIT = re.compile(r"\d")  # ... written in digits ("best one yet" is no amount)
_AT_LOWER = re.compile(r"\b(?:in|at|near)\s+([a-z][a-z-]{2,})\b")
_MOVE_PREP = re.compile(r"\b(?:to|from|into)\s+$", re.I)
#: Words before a noun that are no part of its name: "the", "my".
_DETERMINERS = frozenset(
    ["the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "some"]
)
#: What a question about before names as the later one: "before lumen", "prior to leeds".
_BEFORE = re.compile(r"\b(?:before|prior to)\s+([^?.!,]+)")
#: A slot's words longer than this are a clause, not an answer.
MAX_FILLED = 6


class SpanPicker:
    """The answer span of a candidate sentence for `q` (mixed into `reader.Reader`)."""

    q: Question
    subj: Subject
    known_people: set[str]
    known_names: set[str]
    similarity: Similarity | None
    common: set[str]
    speakers: set[str]
    proper: set[str] | None
    _labels: Labels
    _measured: set[str]
    _parsed: Any  # the question's parse, made once (`facets.QuestionFacets._parsed`)
    _asked_things: set[str]
    asks_money: bool
    asks_code: bool
    #: Asked about before, the values memory says hold now are no answer (set by
    #: `recency.Currency._value_before` while it reads the turn a current value came from).
    _held_now: frozenset[str] = frozenset()

    def _of_attribute(self, c: Candidate) -> bool:
        """A page's value of the attribute the question is after (`Question.attribute`),
        under its own name or under a word for a kind of it: Dream keeps the speaker's
        word for a role ("Head chef: Marta", "Line manager: Tunde", "Team lead: Omar"),
        and "who is my boss now?" asks for any of them."""
        f = c.fact
        if not self.q.attribute or f is None or not f.attr:
            return False
        return f.attr == self.q.attribute or _kind_of_attribute(f.attr, self.q.attribute)

    def _amounts(self, s: str) -> tuple[list[Span], bool]:
        """The amounts of `s` that can answer, and whether they are weak. Money asked: the
        surest money of the sentence; an amount in another unit ("a 1br for 1350", "70%",
        "1 hour") is no price, a weak answer when nothing better is there, and a number
        written as a word ("six sessions") none."""
        found = [
            a
            for a in amounts(s)
            if not self._in_question(a.text) and not self._label(s, a) and not _names_it(s, a)
        ]
        if self.asks_code:
            # "NI number: JT 48 22 91 C": the value of the field asked about is the code,
            # however it is spaced.
            fielded = [
                Span(f.value, f.start, f.end)
                for f in self._labels.asked(s)
                if _DIGIT.search(f.value) and len(f.value) <= CODE_CHARS
            ]
            if fielded:
                return fielded, False
            codes = [a for a in found if is_code(a.text)]
            if codes:
                return codes, False
            if self.numbered:
                # "plot 14B at Meersbrook", "stall 112 now": the number said right after
                # the thing asked the number of; not "the 97" bus said beside it
                after = re.compile(rf"\b{re.escape(self.numbered)}s?\s+(?:no\.?\s*|#\s*)?$", re.I)
                goes_by = [a for a in found if after.search(s[: a.start])]
                if goes_by:
                    return goes_by, False
            # A bare number may be a code ("the door code is 4471"), a price never is:
            # "the plan is £14 a month" holds no reference.
            bare = [a for a in found if money_rank(s, a) == 1]
            return bare, bool(bare)
        # A measure asked is said in its unit ("how much did the baby weigh": "7lb 2oz",
        # not "tuesday the 6th"), whatever else the sentence counts or costs.
        measured = measured_amounts(s, found, self.q.text)
        if measured:
            return measured, False
        if measured is not None:  # asked, and no amount in its unit: a weak answer at most
            return [a for a in found if not is_ordinal(a)], True
        asked = self._labels.asked(s)
        labelled = [a for a in found if field_of(asked, a.start, a.end)]
        if labelled:
            # "Paid vacation: two weeks": the label says the amount is the one asked about,
            # whatever its unit ("Metacam ... 1.5 mg/ml: 2.7 ml" not the label's words);
            # of money asked, the money of the value ("289.00 EUR ... on the 5th").
            found = labelled
            if not self.asks_money or max(money_rank(s, a) for a in found) < 1:
                return found, False
        if not self.asks_money:
            # A span of time ("12 weeks to get ready") answers no question that names no
            # time ("what did i score?"); an ordinal ("the 6th") measures nothing.
            found = [a for a in found if not self._time_span(a)]
            if _HOW_MUCH_MANY.search(self.q.text):
                found = [a for a in found if not is_ordinal(a)] or found
            if "old" in how_degree(self.q.text):
                # "how old is josh?": "his 10th birthday" says 10; another ordinal no age
                ages = [_age_said(s, a) for a in found]
                found = [
                    age
                    for a, age in zip(found, ages, strict=True)
                    if age is not a or not is_ordinal(a)
                ] or found
            if self._measured and _HOW_MUCH.search(self.q.text):
                # "how much flour?" is answered with a unit ("500 g"); a bare number
                # ("loaf 3", "batch 7") numbers something, a weak answer at best.
                united = [a for a in found if _DIGIT.search(a.text) and _UNIT.search(a.text)]
                return (united, False) if united else (found, bool(found))
            return found, False
        # "how much was the dyson?": not "the shark stick one for 179" said beside it
        # ... but the other side of a comparison is of the same thing ("the unit went to
        # 95, loads more than the 60 we were paying")
        things = self._asked_things
        low = s.lower()
        found = [
            a for a in found if _compared(low, a) or not of_another_thing(s, a.start, a.end, things)
        ]
        # "1,450 deposit" for "how much was the deposit?": the word the amount is of,
        # said with it, is the one asked about; money, though written as no currency.
        ranks = [money_rank(s, a) for a in found]
        ranks = [
            2 if r >= 0 and self._of_word_asked(a) else r for a, r in zip(found, ranks, strict=True)
        ]
        # "from 725 a month to 790": the second amount is money of the first's kind, its
        # unit said once; "from 12 to 15 a month", the first of the second's.
        sides = [_side_of_change(low, a) for a in found]
        first = max((r for r, side in zip(ranks, sides, strict=True) if side == 1), default=-1)
        second = max((r for r, side in zip(ranks, sides, strict=True) if side == -1), default=-1)
        ranks = [
            max(r, first) if side == -1 else max(r, second) if side == 1 else r
            for r, side in zip(ranks, sides, strict=True)
        ]
        # "95 a month, way more than the 60 we were paying": an amount compared with
        # another is of its kind, its unit said once.
        top = max(ranks, default=-1)
        ranks = [max(r, top) if _compared(low, a) else r for a, r in zip(found, ranks, strict=True)]
        asked = _rate(self.q.text)
        if asked:
            # "what does my desk cost a month?": "7 cents a word" is a price of another
            # thing, no better than an amount in another unit. An amount with no unit of
            # its own goes with the sentence's prices: "6 hours at USD 45.00 per hour: USD
            # 270.00" prices hours, no answer to "how much do i get paid per word?".
            units = [_rate(s[a.end :], start=True) for a in found]
            said = {u for u in units if u}
            unmarked = asked if asked in said or not said else None
            ranks = [
                -1 if (u or unmarked) != asked else r for u, r in zip(units, ranks, strict=True)
            ]
        best = max((r for r in ranks if r >= 0), default=-1)
        return [a for a, r in zip(found, ranks, strict=True) if r == best >= 0], best == 0

    def _of_word_asked(self, a: Span) -> bool:
        """The amount's own unit word ("1,450 deposit") is a thing the question asks the
        amount of."""
        unit = WORD.findall(a.text.lower())[-1:]
        return bool(unit) and not unit[0].isdigit() and bool(terms(unit[0]) & self._asked_things)

    def _time_span(self, a: Span) -> bool:
        """A span of time, for a question that asks no "how much/long" and names no time
        ("what did i score?"; "how much notice do i give?" may well be "four weeks")."""
        unit = terms(a.text) & _TIME_UNITS
        return bool(unit) and self.q.wh != "how" and not (set(self.q.terms) & _TIME_UNITS)

    def _label(self, s: str, a: Span) -> bool:
        """A number that names which one, as the question numbers it ("part 1" when
        "part 3" is asked about): no amount."""
        before = WORD.findall(s[: a.start].lower())[-1:]
        return bool(before) and bool(
            re.search(rf"\b{re.escape(before[0])}\s+\d+\b", self.q.text, re.I)
        )

    def _values_in(self, text: str, c: Candidate) -> list[Span]:
        """Every value of the kind asked for in `text`."""
        kind = self.q.answer_type
        if kind == "number":
            return self._amounts(text)[0]
        found = names(text, self.known_names, self.common, self.proper)
        return [n for n in found if self._useful_name(n, kind, c, text)]

    @cached_property
    def _asks_no_one(self) -> bool:
        """The question asks for a place or a thing of a kind that is nobody ("what car",
        "which city"), which a person's name never answers; "which friend" asks someone."""
        head = self.q.head
        kind = self.q.answer_type
        return kind == "place" or (
            kind == "thing" and bool(head) and not asks_someone(self.similarity, head or "")
        )

    @cached_property
    def _asks_someone_by_name(self) -> bool:
        """The question asks who someone is ("who was my line manager?")."""
        return self.q.answer_type == "name" and self.q.wh in ("who", "whom")

    def _may_be_someone(self, written: str, low: str, text: str) -> bool:
        """Asked who, may the name be someone's? Not a lone dictionary word in lower case
        that is no noun nor given name ("band 5 in the aseptic unit"), nor a name with no given
        name in it that the sentence uses as a place or a thing ("start at the BRI on
        monday"); someone memory knows always may."""
        if low in self.known_people:
            return True
        if _word_not_name(written, low):
            return False
        if self.similarity is None or any(w in given_names() for w in WORD.findall(low)):
            return True
        return not any(reads_as(self.similarity, text, written, k) for k in ("place", "thing"))

    @cached_property
    def _asks_an_animal(self) -> bool:
        """The question names an animal and no person ("what's my cat called?", "what
        breed is the dog?"), by the usual sense of its words in WordNet."""
        words = [w for w in WORD.findall(self.q.text.lower()) if w not in stopwords()]
        return an_animal_and_no_one(words)  # not "what's my cat's vet called?"

    # -- answer spans ----------------------------------------------------------------------

    def span(self, c: Candidate) -> tuple[str | None, bool, dt.date | None]:
        """The short answer in a candidate for this question's answer type: (text, taken
        from when it was said rather than from its words, the date it stands for)."""
        if self.q.answer_type == "date":
            return self._date_span(c)
        text, weak = self._span(c)
        return text, weak, None

    def _date_span(self, c: Candidate) -> tuple[str | None, bool, dt.date | None]:
        said = c.block.date
        if _WEEKDAY_ASKED.search(self.q.text):
            # "which night is my class?" asks a day of the week: "class tuesday nights".
            days = [
                Span(m.group(1).lower(), m.start(), m.end())
                for b in (c.text, *(b.text for b in c.blocks if c.fact is not None))
                for m in _WEEKDAY_WORD.finditer(b)
            ]
            return (days[0].text, False, None) if days else (None, False, None)
        # "its not the 14th july any more its the 4th of august": a day denied is no answer.
        found = [sp for sp in _date_spans(c.text, said) if not denied_at(c.text, sp)]
        habits = _habits(c.text)
        if found and _all_habitual(found, habits):
            # "physio is every tuesday at 10": a day that comes back, no day in the
            # calendar (the parser's next Tuesday after the day it was said).
            return _habit(c.text), False, None
        if len(found) > 1 and not self._question_verbs & terms(c.text):
            # "signed the tran/moore wedding today, oct 18 at camp lucy": the day it was
            # said ("today", "tonight") dates the telling's own act, which the question
            # does not name ("when is the wedding?"); the day the sentence states is the
            # thing's. Asked "when did i sign ...?", "today" stays.
            stated = [sp for sp in found if sp.date != said]
            found = stated or found
        bound = self._period_bound(c.text, found)
        if bound is not None:
            return bound.text, False, bound.date
        if found:
            sp = self._nearest(c.text, found)
            return sp.text, False, sp.date
        # A page line's own date is when it was said; its evidence may name the day.
        for b in c.blocks if c.fact is not None else ():
            found = _date_spans(b.text, b.date)
            if found:
                sp = self._nearest(b.text, found)
                return sp.text, False, sp.date
        if _ASKS_YEAR.search(self.q.text):
            # "what year was the furnace made?": "manufactured 2009" is a year, though
            # four digits alone are as often an amount to any other question.
            years = [Span(y.shown, y.start, y.end, y.date) for y in bare_years(c.text)]
            if years:
                sp = self._nearest(c.text, years)
                return sp.text, False, sp.date
        # A day of the week said bare ("lucija had the baby tuesday"), a month or a season
        # with no year ("mot is due in march"): the one date parser reads it loosely, the
        # one before or after the day it was said by the clause's tense; nearer than the
        # day it was mentioned.
        days = [s for s in dates(c.text, said, loose=True) if s.loose]
        if days and (
            _all_habitual(days, habits) or (habits and (self.q.present or self.q.current))
        ):
            # ... read loosely; asked of now, a habit said beside a lone day of the week
            # ("a saturday late on the rota, so the shop is sunday mornings") is the answer.
            return _habit(c.text), False, None
        if days:
            sp = self._nearest(c.text, [Span(d.shown, d.start, d.end, d.date) for d in days])
            return sp.text, False, sp.date
        # "eligible after 60 days": when, counted from something, not a day in the year.
        after = _AFTER_PERIOD.search(c.text)
        if after:
            return after.group(0), False, None
        if c.fact is not None and c.fact.date:
            return render_date(c.fact.date), False, c.fact.date
        # A day of the week that comes back ("college is wednesdays", "on tuesdays") is
        # answered as the habit it is ("every Wednesday"), as "the 15th of every month"
        # is: no day in the calendar, and nearer than the day it was mentioned.
        habit = _habit(c.text)
        if habit:
            return habit, False, None
        if self.q.present:
            # "when does the van lease end?" asks for a day a sentence states: the day a
            # sentence with none was said ("is better to buy a van or lease one") is when
            # it was talked of, no answer to what is or will be.
            return None, False, None
        return (render_date(said), True, said) if said else (None, False, None)

    def _span(self, c: Candidate) -> tuple[str | None, bool]:
        q, s = self.q, c.text
        kind = q.answer_type
        if c.fact is not None and c.fact.attr and c.fact.value:
            # "**Employer:** X": the value is the answer when the label is what was asked
            # about; otherwise look for a value of the wanted kind in the value alone.
            value = _value(c.fact)
            label = terms(c.fact.attr)
            asked = shared(q.terms, label) or (
                kind in ("place", "name", "thing") and not q.terms - self.subj.name_terms
            )
            if kind == "thing" and not q.head and len(shared(label, set(q.terms))) < len(label):
                # "What did Gina want her customers to feel in her store?" is no question
                # for the value of "Online clothes store": the label must be what is asked.
                asked = False
            fits = kind in ("place", "name", "thing", "occupation")
            if self.someone_for_no_one(value):
                fits = False
            if kind == "occupation" and not _names_job(label, value):
                # "Work and money: 12 euro/hour" says a rate, "Works in: Castleford" a
                # town: a job is a Role's value or names a worker ("forklift driver").
                fits = False
            own = value.lower() in self.subj.names
            asked = asked or self._of_attribute(c)
            if asked and fits and not own and not self._in_question(value):
                return value, False
            s = value
        if kind == "time":
            times = clock_times(s)
            if times:
                return self._pick(s, times)
            text, _ = self._pick(s, bare_hours(s))  # "i clock on at 5": a guess
            return text, text is not None
        if kind == "number":
            found, weak = self._amounts(s)
            text, _ = self._pick(s, found)
            return text, weak
        if kind == "frequency":
            return self._pick(s, frequencies(s) or amounts(s))
        if kind == "duration":
            # "how long have i been doing yoga?" asks for a stretch still going on: when
            # it began answers it ("since uni") as well as a count does.
            ongoing = _ONGOING.search(q.text) is not None
            return self._pick(s, durations(s) or (since_spans(s) if ongoing else []))
        if kind == "occupation":
            # "Job title: Apprentice Electrician (Year 1)": a field whose label says a job
            titled = [
                Span(f.value, f.start, f.end)
                for f in fields(s)
                if _names_job(terms(f.label), f.value) and not self._in_question(f.value)
            ]
            if titled:
                return self._pick(s, titled)
            found = occupations(s)
            # A job said as a phrase of its own ("on nights at the depot, forklift
            # driver, so ..."): a worker's noun by WordNet, said of no one else.
            found += [
                Span(s[a:b], a, b)
                for a, b in job_phrases(s, self.similarity)
                if not any(o.start < b and a < o.end for o in found)
            ]
            found = [o for o in found if not self._in_question(o.text)]
            if self.subj.mine and not self.q.chain and not self.subj.resolved:
                # Asked what the asker does (not their sister), a job said of someone else
                # in their words is no answer: "he was a mechanic for years" is the uncle's.
                found = [o for o in found if not said_of_another(s, o.start, o.end)]
            return self._pick(s, found)
        if kind == "thing" and not (q.head or q.wh == "which"):
            return None, False  # "what did she realize?" wants words, not a name
        if kind in ("place", "name", "thing"):
            moved = change(s)
            if moved and not self._in_question(moved[1] if not q.past else moved[0]):
                return (moved[0] if q.past else moved[1]), False
            spans = self._values_in(s, c)
            fit = self._fill(s)
            if fit is not None:
                # What fills a slot the question fills itself is what it already says:
                # "my wusthof finally chipped" for "... when the old one chipped?".
                spans = [n for n in spans if not fit.given_only(n.start, n.end)]
            slotted = [n for n in spans if fit and fit.holds(n.start, n.end)]
            kinds = self._kinds_asked(s) if self._one_kind_asked else []
            describing = any(describes(w) for k in kinds for w in k.text.split())
            if kinds and (not spans or describing or written_lowercase(s)):
                # "What colour is my van?": "white" is a colour, "Renault Kangoo" is not;
                # a name answers a category only when nothing WordNet files under it does.
                # Typed in lower case, a name is only a guess ("swap the colada, no
                # coconut anything": "coconut" is the fruit asked for).
                return self._pick(s, kinds)
            which = self._said_before_head(s) if self._one_kind_asked and not spans else None
            if which:
                # "which line do i take?": "the piccadilly line" says which
                return which, False
            if slotted and kind == "place":
                # the place in the slot the question asks about ("flying in from dublin"),
                # not one said elsewhere in the sentence ("dinner at dishoom")
                return self._pick(s, slotted)
            if _holds_the_role(q, s, fit):
                # "who's my consultant?": "Consultant Orthopaedic Surgeon" is the role
                # asked, not who holds it ("Mr A. Okafor, Consultant ..."): a slot that
                # holds the role's own word holds no one.
                fit, slotted = None, []
            if slotted and kind == "name":
                spans = slotted  # the value in the slot the question asks about
            elif fit is not None and fit.filler and _phrase_answers(kind, fit):
                # No value of the kind there, but the slot holds one phrase: "at a
                # ceramics factory in stoke", "that tom found".
                filled = self._filled(s, fit)
                if filled:
                    return filled, False
            elif fit is not None and fit.said and kind in ("place", "name"):
                # The slot asked about is filled, or is someone else's: a value elsewhere
                # in the sentence is at best a weak answer.
                text, _ = self._span_of_kind(s, spans)
                return text, text is not None
            return self._span_of_kind(s, spans)
        return None, False

    def _span_of_kind(self, s: str, spans: list[Span]) -> tuple[str | None, bool]:
        """A place or a name (or a thing of the category asked) among `spans` of `s`."""
        q, kind = self.q, self.q.answer_type
        if kind == "place":
            # "at/in X" names a place; "from/to X" often a thing ("from Airflow to
            # Dagster"), and a bare name is weaker still.
            at = [n for n in spans if _PLACE_PREP.search(s[: n.start])]
            toward = [n for n in spans if _MOVE_PREP.search(s[: n.start])]
            if at:
                return self._pick(s, at)
            if not spans and written_lowercase(s):
                return self._lowercase_place(s) or self._unmarked_place(s), False
            unmarked = self._unmarked_place(s)
            if unmarked:  # "Rute was cleaning for a hotel in sintra": not "Rute"
                return unmarked, False
            text, _ = self._pick(s, toward or spans)
            return text, text is not None
        if kind == "name" and q.wh in ("who", "whom"):
            # "who" asks for a person: "a dance studio in leith" names where, not who
            spans = [n for n in spans if not _PLACE_PREP.search(s[: n.start])]
            # ... and a name with a person's title is surely one: "round rock pediatrics
            # - dr. alvarez" says who the doctor is, "Round Rock" where.
            titled = [n for n in spans if n.text.split()[0].lower().rstrip(".") in TITLES]
            spans = titled or [n for n in spans if not terms(n.text) & q.focus] or spans
        if kind == "name" and self._asks_an_animal:
            # "what's my cat called?": someone memory knows as a person is no cat's name
            # ("marcus wants to get a second cat")
            spans = [n for n in spans if n.text.lower() not in self.known_people]
        if spans and _PLURAL.search(q.text):
            return _joined(s, self._nearest(s, spans), spans), False
        named = self._apposed(s, spans)
        return self._pick(s, named or spans)

    def _apposed(self, s: str, spans: list[Span]) -> list[Span]:
        """The names a sentence gives right after the category asked for: "the novel *O
        Último Farol*", "a dog called Fado", "the app Moloni" answer "which novel/app"."""
        head = self.q.head
        if not head:
            return []
        forms = "|".join(re.escape(f) for f in {head, *base_forms(head)})
        before = re.compile(
            rf"\b(?:{forms})s?\s*(?:,\s*)?(?:(?:called|named)\s+)?[*_\"'“‘]*\s*$", re.I
        )
        return [n for n in spans if before.search(s[: n.start])]

    def _said_before_head(self, s: str) -> str | None:
        """The thing asked for with the name that says which, where a sentence says it:
        "piccadilly line" for "which line?", "lo salt" for "what salt?"; up to three
        words before it, none a function word or the question's own."""
        head = self.q.head or ""
        forms = {head, *base_forms(head)}
        words = list(WORD.finditer(s))
        for i, w in enumerate(words):
            word = w.group(0).lower()
            if word not in forms and not forms & set(base_forms(word)):
                continue
            said: list[re.Match[str]] = []
            for prev in reversed(words[max(0, i - 3) : i]):
                low = prev.group(0).lower()
                nxt = said[0] if said else w
                if (
                    low in stopwords()
                    or self._in_question(low)
                    or s[prev.end() : nxt.start()].strip()  # a comma or a dash between
                ):
                    break
                said.insert(0, prev)
            # Asked "what camera", "film" of "film cameras" is a kind of the thing, no one
            # of them ("cheap dry food" no food of its own); a name is: "lo salt", "the
            # 38 bus", a word no dictionary knows or a capital.
            if any(
                not known(p.group(0).lower()) or p.group(0)[0].isupper() or p.group(0).isdigit()
                for p in said
            ):
                return s[said[0].start() : w.end()]
        return None

    @cached_property
    def _one_kind_asked(self) -> bool:
        """A "what" question for one thing of a category ("what colour is my van?"). A
        plural one ("what activities has she done?") asks for a list that one word of a
        broad category ("forward" is an activity too) does not answer."""
        head = self.q.head
        if self.q.answer_type != "thing" or not head:
            return False
        return not _plural(head)

    def _kinds_asked(self, s: str) -> list[Span]:
        """The words of a sentence WordNet files under the category asked for: "white"
        for "what colour", "sage green" (not "green"), "violin" for "which instrument"."""
        head = self.q.head or ""
        words = list(WORD.finditer(s))
        # Only a word the tagger reads as a noun or an adjective names a thing: "came
        # round" is no round of golf for "what sport".
        things = noun_starts(s)
        out: list[Span] = []
        i = 0
        while i < len(words):
            for n in (2, 1):  # the longer name of the kind first: "sage green"
                if i + n > len(words) or words[i].start() not in things:
                    continue
                start, end = words[i].start(), words[i + n - 1].end()
                text = s[start:end]
                low = text.lower()
                if (
                    " ".join(low.split()) == low
                    and words[i].group(0).lower() not in stopwords()
                    and not self._in_question(text)
                    and low not in self.subj.names
                    and (
                        kind_asked(head, low) or usually_a(low, head, capitalised_within(s, start))
                    )
                ):
                    out.append(Span(text, start, end))
                    i += n - 1
                    break
            i += 1
        return out

    def _unmarked_place(self, s: str) -> str | None:
        """A place name typed in lower case after "in/at/near" in a sentence that has
        capitals elsewhere: a word no dictionary knows ("in sintra")."""
        for m in _AT_LOWER.finditer(s):
            word = m.group(1)
            if (
                word not in stopwords()
                and not is_date_word(word)
                and not self._in_question(word)
                and word not in self.subj.names
                and not known(word)
            ):
                return word.title()
        return None

    def _lowercase_place(self, s: str) -> str | None:
        """In a sentence typed in lower case, the word after "in/at/to" that is most like
        a place name ("the new flat in porto"), by the embedding model."""
        if self.similarity is None:
            return None
        words = [
            m.group(1)
            for m in _AFTER_PREP.finditer(s.lower())
            if m.group(1) not in stopwords()
            and not is_date_word(m.group(1))
            and not self._in_question(m.group(1))
            and m.group(1) not in self.subj.names
        ]
        if not words:
            return None
        sims = self.similarity(PLACE_PROTOTYPE, words)
        best = max(range(len(words)), key=lambda i: (sims[i], -i))
        return words[best].title() if sims[best] >= SIM_PLACE else None

    @property
    def category(self) -> str | None:
        """The kind of thing asked for, as a word: "instrument" in "Which instrument..."."""
        if self.similarity is None:
            return None
        if self.q.answer_type == "occupation":
            return self.q.head or "profession"  # "such is the life of a librarian"
        head = self.q.head
        return head if head and self.q.answer_type in ("thing", "place") else None

    def _category_span(self, c: Candidate) -> str | None:
        """The word of a sentence closest in meaning to the category asked for ("clarinet"
        for "instrument"), when it is close enough."""
        assert self.similarity is not None and self.category is not None
        words = [
            w
            for w in dict.fromkeys(re.findall(r"[A-Za-z][A-Za-z-]{2,}", c.text))
            if w.lower() not in stopwords()
            and not self._in_question(w)
            and w.lower() not in self.subj.names
            and w.lower() not in self.speakers
            and w.lower() not in self.subj.owner_names
            # Kin or a lover is who someone is to another, no work ("my friend's wife").
            and not (self.q.answer_type == "occupation" and kin_or_lover(w.lower()))
        ]
        if not words:
            return None
        sims = self.similarity(self.category, words)
        best = max(range(len(words)), key=lambda i: (sims[i], -i))
        # Job words sit a little further from "profession" than a cello from "instrument".
        bar = SIM_CATEGORY - (0.05 if self.q.answer_type == "occupation" else 0.0)
        return words[best] if sims[best] >= bar else None

    def _useful_name(self, n: Span, kind: str, c: Candidate, text: str) -> bool:
        low = n.text.lower()
        subj = self.subj
        if is_date_word(low) and (n.start, n.end) not in apposed_to_someone(text):
            return False  # "Saturday" is when, not what; "uncle dec" is someone
        if self._in_question(n.text) or low in subj.names or low in self.speakers:
            return False
        if low in subj.owner_names and subj.resolved:
            return False
        beside = (
            WORD.findall(text[: n.start].lower())[-1:] + WORD.findall(text[n.end :].lower())[:1]
        )
        if set(WORD.findall(low) + beside) & self._asked_names:
            # "Kieran Doyle" (or "doyle" of "kieran doyle") for "where does kieran work
            # now?", "Marcus Bell Photo LLC" for "where does marcus live?": a name that
            # holds, or goes on, the one the question says is whom it asks about, never
            # its answer.
            return False
        if " " not in low and low in self.common and low not in self.known_names:
            return False  # a capitalized ordinary word ("Book me the aisle seat")
        if kind == "place" and _no_place_name(low):
            return False
        written = text[n.start : n.end]
        if self._asks_someone_by_name and not self._may_be_someone(written, low, text):
            return False
        if kind == "name" and not re.search(r"[^\W\d_]", low):
            return False  # "Metacam 1.5 mg/ml ... for dogs": a dose, no dog's name
        # Someone memory knows, or named after the word for who they are ("my sister
        # jen"), is who, not what or where: "Son: Gary" says no place, "jen" no car.
        if not self._asks_no_one:
            return True
        if low in self.known_people or after_someone(text, n):
            return False
        # A name that reads as a person's, by its use and by itself: "Sam keeps telling me
        # to move my money" names no bank, however near "bank" is. (A place asked is told
        # by its preposition, `_span_of_kind`.)
        # Only for one thing of a kind that is no animal: a pet has a person's kind of name
        # ("Oscar"), and a list asked ("what events") is told by its words.
        if not self._one_kind_asked or self.similarity is None:
            return True
        if primarily_someone(self.q.head or "") == "animal":
            return True
        return not reads_as(self.similarity, text, n.text, "person")

    def someone_for_no_one(self, value: str) -> bool:
        """A page's value names someone memory knows, where the question asks what or
        where: "Son: Gary" says who, not where; "Work and money: Gaz" whom one works
        with, not what one does for a living."""
        if value.lower() not in self.known_people:
            return False
        return self.q.answer_type == "occupation" or self._asks_no_one

    @cached_property
    def _asked_names(self) -> set[str]:
        """The words of the question that name someone: the subject's names, and words
        no dictionary knows ("kieran", "marcus"), as a name typed in lower case is."""
        names = {w for n in self.subj.names | self.subj.owner_names for w in WORD.findall(n)}
        said = set(WORD.findall(self.q.text.lower()))
        return (names & said) | {w for w in said if may_name(w) and not known(w)}

    def _in_question(self, text: str) -> bool:
        # A title is no part of the answer: "Dr. Hollis" is Hollis, whom the question names.
        words = set(WORD.findall(text.lower())) - TITLES
        qwords = set(WORD.findall(self.q.text.lower()))
        if not words:
            return False
        # ... in another form too: "Vets" is the "vet" asked about, not a vet's name.
        said = terms(" ".join(words))
        if said & self._before_stems:
            # "where did i work before lumen?": Lumen Health is when, not the answer.
            return True
        if said and said <= self._held_now:
            return True  # "where did i live before?": not where the page says i live now
        return words <= qwords or (len(words) == 1 and bool(said) and said <= self._q_stems)

    @cached_property
    def _q_stems(self) -> set[str]:
        return terms(self.q.text)

    @cached_property
    def _before_stems(self) -> set[str]:
        """The stems of what a question about before says the answer came before: "lumen"
        in "where did i work before lumen?"."""
        m = _BEFORE.search(self.q.text.lower())
        return terms(m.group(1)) if m else set()

    def _fill(self, s: str) -> Fill | None:
        """Where `s` fills the slot the question asks about (`slots.py`)."""
        return fill(self._slot, s) if self._slot is not None else None

    @cached_property
    def _question_verbs(self) -> set[str]:
        """The stems of the question's own verbs ("sign" in "when did i sign the
        contract?"; none in "when is the wedding?")."""
        return {t for tok in self._parsed if tok.pos_ == "VERB" for t in terms(tok.text)}

    @cached_property
    def _slot(self) -> Asked | None:
        return asked_slot(self._parsed)

    def _filled(self, s: str, fit: Fill) -> str | None:
        """The words of the slot as an answer: without the article or possessive before
        them ("the practice on leith walk" -> "practice on leith walk"), when they are a
        short phrase that is not the question's own words."""
        assert fit.filler is not None
        phrase = s[fit.filler[0] : fit.filler[1]]
        if self.q.answer_type == "place":
            # The place name inside it when there is one: "a damp flat in gorgie" is
            # Gorgie, as "in gorgie" would be read alone.
            inner = self._lowercase_place(phrase) or self._unmarked_place(phrase)
            if inner:
                return inner
        words = phrase.strip(" ,.;:!?").split()
        while words and words[0].lower() in _DETERMINERS:
            words = words[1:]
        text = " ".join(words)
        if not words or len(words) > MAX_FILLED or self._in_question(text):
            return None
        if is_date_word(text) or text.lower() in self.subj.names:
            return None
        if self.q.answer_type == "place" and _no_place_name(text):
            return None
        one_place = self.q.answer_type == "place" and len(words) == 1
        if (fit.named or one_place) and text.islower() and len(words) <= 3:
            text = text.title()  # "dublin", "leith walk": names typed in lower case
        return text

    def _bounds_period(self, s: str, span: str | None) -> bool:
        """The answer is the end (or start) of a period `s` states, which the question
        asks: "29 May 2029" of "from 30 May 2025 to 29 May 2029" for "when does the lease
        end?"."""
        if not span or self.q.answer_type != "date" or not self._asks_bound:
            return False
        bound = self._period_bound(s, _date_spans(s, None))
        return bound is not None and bound.text == span

    def _in_slot(self, s: str, span: str | None) -> bool:
        """The answer fills the slot the question asks about in its sentence."""
        fit = self._fill(s) if span else None
        at = s.lower().find(span.lower()) if span else -1
        return fit is not None and at >= 0 and fit.holds(at, at + len(span or ""))

    @cached_property
    def _asks_bound(self) -> str | None:
        """Which end of a period a date question asks, by its verb's most used sense in
        WordNet: "end" for "when does the van lease end/expire/run out?" (or a verb of
        giving something up, `validators.endings`: "when did i leave?"), "start" for
        "when did the course begin?"; None for any other."""
        for tok in self._parsed:
            # The root is the verb, though the tagger calls it a noun ("does the van
            # lease end?" reads as a noun compound "van lease end").
            verb = tok.pos_ in ("VERB", "AUX") or tok.dep_ == "ROOT"
            if not verb or tok.lemma_.lower() in ("be", "do", "have"):
                continue
            lemma = tok.lemma_.lower()
            particle = next((c.lower_ for c in tok.children if c.dep_ == "prt"), None)
            said = f"{lemma} {particle}" if particle else lemma  # "run out"
            if sense_of(said, "begin", "v", primary=True):
                return "start"
            ending = sense_of(said, "end", "v", primary=True)  # "expire", "finish"
            if ending or ending_verb(lemma, [c.lower_ for c in tok.children]):
                return "end"
        return None

    def _period_bound(self, s: str, found: list[Span]) -> Span | None:
        """Asked when something ends or starts, the date that bounds a period said with
        both its ends: "29 May 2029" of "from 30 May 2025 to 29 May 2029" for "when does
        the lease end?", the first for "when did it start?"."""
        if not self._asks_bound or len(found) < 2:
            return None
        found = sorted(found, key=lambda sp: sp.start)
        for a, b in pairwise(found):
            if _PERIOD_TO.fullmatch(s[a.end : b.start]):
                return b if self._asks_bound == "end" else a
        return None

    def _pick(self, s: str, spans: list[Span]) -> tuple[str | None, bool]:
        if not spans:
            return None, False
        best = self._nearest(s, spans)
        if self.q.answer_type in ("thing", "name") and written_lowercase(s):
            return _run_of_names(s, best, spans, model=self.q.answer_type == "thing"), False
        return best.text, False

    def _nearest(self, s: str, spans: list[Span]) -> Span:
        """The span closest to the words the question shares with the sentence."""
        want = set(self.q.terms) - self.subj.name_terms
        asked = self._labels.asked(s)
        inside = [sp for sp in spans if field_of(asked, sp.start, sp.end)]
        spans = inside or spans  # the value of the field asked about ("Vet: Dr Pryce")
        low = s.lower()
        spots = [m.start() for m in WORD.finditer(low) if terms(m.group(0)) & want]
        if not spots:
            return spans[0]

        def named(sp: Span) -> int:
            # The words the value is of, said with it: "24 contact hours" for "how many
            # contact hours", over "1 hour" a few words on.
            if self.q.answer_type != "number":
                return 0
            unit = _CLAUSE_BREAK.split(low[sp.start : sp.end + UNIT_CHARS])[0]
            return len(terms(" ".join(WORD.findall(unit)[:4])) & want)

        def far(sp: Span, p: int) -> int:
            # Words in another clause are further than they look: in "signed a lease for
            # a studio today, move in is sept 1", "move" goes with "sept 1", not "today".
            lo, hi = sorted((sp.start, p))
            return hi - lo + (CLAUSE_CHARS if _CLAUSE_BREAK.search(low[lo:hi]) else 0)

        fit = self._fill(s)

        def slotted(sp: Span) -> bool:
            return fit is not None and fit.holds(sp.start, sp.end)

        def then(sp: Span) -> int:
            # Asked about before, the value said to have held before: "handed in my notice
            # at harbourview, starting at lumen health" -> harbourview.
            from .recency import said_of_before  # it reads spans with this module

            return said_of_before(s, sp.start, sp.end) if self.q.past else 0

        def now(sp: Span) -> int:
            # "raising it from 1650 to 1795", "went up from £9 to £11": of two amounts
            # joined by from ... to, the second holds now and the first held before.
            # Asked in the past tense with no "before" ("what was the rent at the old
            # place?"), either may be meant: the nearer one answers.
            if self.q.answer_type == "date":
                # "moved it from the 3rd to the 10th": the second day holds now.
                side = any(changed_to(s, sp, o) for o in spans) - any(
                    changed_to(s, o, sp) for o in spans
                )
                return side if self.q.past else -side
            if self.q.answer_type != "number":
                return 0
            side = _side_of_change(low, sp)
            return side if self.q.past else -side if self.q.current or self.q.present else 0

        def tensed(sp: Span) -> int:
            # Of two amounts in one clause-run, the one whose own clause is in the time
            # asked: "rents 650 a month, more than the 575 i was paying on the old flat".
            # Only when the question says which time: a present tense alone ("how many
            # hours do i need?") is no "now", and a note's verbless "need 24 hours" no past.
            if self.q.answer_type != "number" or len(spans) < 2:
                return 0
            if not (self.q.past or self.q.current):
                return 0
            from .recency import tense_of_value  # it reads spans with this module

            side = tense_of_value(s, sp.start, sp.end)
            return side if self.q.past else -side

        def theirs(sp: Span) -> bool:
            # Someone else's advice or words ("gaz said ... get a rugged android") name a
            # value less surely than the speaker's own clause ("so ive gone for a samsung").
            return len(spans) > 1 and reported(s, sp.start, sp.end)

        return min(
            spans,
            key=lambda sp: (
                -slotted(sp),
                -then(sp),
                -now(sp),
                -tensed(sp),
                theirs(sp),
                -named(sp),
                min(far(sp, p) for p in spots),
                sp.start,
            ),
        )


def _run_of_names(s: str, best: Span, spans: list[Span], model: bool) -> str:
    """Typed in lower case, one name is read as several words ("samsung xcover 7" as
    Samsung and Xcover): the run of names the best one stands in, whole; a thing's with
    the model number after it ("Fiat 500")."""
    start, end = best.start, best.end
    for sp in sorted(spans, key=lambda sp: sp.start):
        if sp.start > end and not s[end : sp.start].strip():
            end = sp.end
    for sp in sorted(spans, key=lambda sp: -sp.start):
        if sp.end < start and not s[sp.end : start].strip():
            start = sp.start
    number = re.match(r"\s+\d{1,4}(?![\w.,:/-]*\w)", s[end:]) if model else None
    # ... not a count of what follows ("a samsung 2 weeks ago"): a plural noun or a time
    counted = number and re.match(r"\s+([a-z]+)", s[end + number.end() :].lower())
    at = end + number.end() if number else end
    if number and not (
        (counted and _plural_noun(counted.group(1)))
        or any(sp.start < at < sp.end for sp in durations(s))
    ):
        end += number.end()
    if (start, end) == (best.start, best.end):
        return best.text
    return " ".join(w[:1].upper() + w[1:] for w in s[start:end].split())


#: A question for a year ("what year was it built?", "in which year ...").
_ASKS_YEAR = re.compile(r"\b(?:what|which)\s+year\b", re.I)

#: An amount as written: a currency sign, digits, a thousands "k" ("£1,650", "38k",
#: "34 500").
_AMOUNT = rf"[£$€]?(?:{DIGITS})k?"


#: A word that says a number is rough ("like 30%", "about 1600"): a closed class.
_HEDGE = r"(?:like|about|around|roughly|approx(?:imately)?|nearly|almost|over|under|just|maybe|~)"


def _holds_the_role(q: Question, s: str, fit: Fill | None) -> bool:
    """Does the slot a "who" question asks about hold the role's own word, not a name?"""
    if q.answer_type != "name" or q.wh not in ("who", "whom") or fit is None or not fit.filler:
        return False
    return bool(terms(s[fit.filler[0] : fit.filler[1]]) & q.focus)


#: Words after a value that say it holds no longer ("the 14th any more", "... no longer").
_NO_LONGER_AFTER = re.compile(r"\s*(?:any\s?more|no\s+more|no\s+longer)\b", re.I)


#: "moved my appointment from the 3rd of march to the 10th": the words before the old
#: value (a verb of change, then "from") and between it and the new one; "away from the
#: 3rd to the 10th" is a stretch of days, no change.
_CHANGED_FROM = re.compile(rf"\b{CHANGED}\b[^,.;!?]*?\bfrom\s+$", re.I)
_CHANGED_TO = re.compile(r"\s+(?:to|till|until|->|→)\s+", re.I)


#: "... so we moved it to the 12th", "changed the booking to friday": the words before the
#: new value, a verb of change and "to" a few words on.
_CHANGED_INTO = re.compile(rf"\b{CHANGED}(?:\s+\w+){{0,3}}?\s+to\s+$", re.I)


def changed_to(text: str, old: Span | DateSpan, new: Span | DateSpan) -> bool:
    """Does `text` say a value changed from the one at `old` to the one at `new`: "moved
    it from the 3rd to the 10th", or "it was meant to be the 18th july ... so we moved it
    to the 12th september" (the new value said after the old one)?"""
    if old.end > new.start:
        return False
    if _CHANGED_FROM.search(text[: old.start]):
        return bool(_CHANGED_TO.fullmatch(text[old.end : new.start]))
    return bool(_CHANGED_INTO.search(text[: new.start]))


def denied_at(text: str, sp: Span | DateSpan) -> bool:
    """Is the value at `sp` denied where it is said: "not (on) the 14th", "no longer
    X", "instead of X", "X any more"?"""
    return bool(_DENIED.search(text[: sp.start]) or _NO_LONGER_AFTER.match(text[sp.end :]))


def _habits(text: str) -> list[re.Match[str]]:
    """The days of the week said as a habit ("every tuesday", "thursdays"), but a day
    denied ("thursdays now at 9.30, not tuesdays"), which is the habit no longer."""
    return [h for h in _WEEKDAYS_HABIT.finditer(text) if not _DENIED.search(text[: h.start()])]


def _habit(text: str) -> str | None:
    """The habit said, as "every Tuesday and Thursday", with the time said right after
    its last day ("thursdays now at 9.30": "every Thursday at 9.30"); None when none is."""
    habits = _habits(text)
    if not habits:
        return None
    days = list(dict.fromkeys(_habit_day(h) for h in habits))
    # "saturdays ... saturday mornings": the day once, as its narrower part
    days = [d for d in days if not any(o != d and o.startswith(f"{d} ") for o in days)]
    said_days = " and ".join([", ".join(days[:-1]), days[-1]] if len(days) > 1 else days)
    at = _HABIT_TIME.match(text[habits[-1].end() :])
    return f"every {said_days}" + (f" at {at.group(1).strip()}" if at else "")


#: What an ordinal numbers when it says an age: "his 10th birthday", "her 90th".
_BIRTHDAY = re.compile(r"\s+(?:birthday|bday|b-day)\b", re.I)


def _age_said(s: str, a: Span) -> Span:
    """The age an ordinal before "birthday" says ("10th birthday": 10), else `a` itself."""
    if is_ordinal(a) and _BIRTHDAY.match(s[a.end :]):
        return replace(a, text=re.sub(r"(?i)(?:st|nd|rd|th)$", "", a.text))
    return a


def _habit_day(h: re.Match[str]) -> str:
    """The day of a habit as said: "Sunday", or "Sunday morning" for "sunday mornings"."""
    day = (h.group(1) or h.group(2) or h.group(3)).capitalize()
    return f"{day} {h.group(4).lower()}" if h.group(4) else day


def _all_habitual(spans: Sequence[Span | DateSpan], habits: list[re.Match[str]]) -> bool:
    """Is every day found said inside a habit ("every tuesday"), none of its own?"""
    return bool(habits) and all(
        any(sp.start < h.end() and h.start() < sp.end for h in habits) for sp in spans
    )


def _word_not_name(said: str, low: str) -> bool:
    """A single word written in lower case that a dictionary lists, as no noun, and no
    list of given names does: "aseptic", not "gemma", "priya" or "the council"."""
    return (
        said == low
        and " " not in low
        and known_word(low)
        and not is_noun(low)
        and low not in given_names()
    )


def _no_place_name(text: str) -> bool:
    """Digits with no word of letters: "working on 6b+ now" names a grade, as a size or a
    code would, no place ("10 downing st" does)."""
    return bool(re.search(r"\d", text)) and not re.search(r"[^\W\d_]{3}", text)


def _side_of_change(low: str, sp: Span) -> int:
    """1 when the amount at `sp` is the first of "from X to Y" (what held before), -1 when
    it is the second (what holds after), else 0. `low`: the sentence in lower case."""
    before, after = low[: sp.start], low[sp.end :]
    unit = r"(?:\s*[a-z/%]+){0,2}"  # "from 1650 a month to 1795"
    hedge = rf"(?:{_HEDGE}\s+)?"  # "from like 30% failing to 6%"
    to = rf"\s+(?:to|->|→)\s+{hedge}"
    if re.search(rf"\bfrom\s+{hedge}$", before) and re.match(rf"{unit}{to}{_AMOUNT}", after):
        return 1
    if re.search(rf"\bfrom\s+{hedge}{_AMOUNT}{unit}{to}$", before):
        return -1
    return 0


def _compared(low: str, sp: Span) -> bool:
    """Is the amount at `sp` the other side of a comparison ("more than the 60", "less
    than 60")? `low`: the sentence in lower case."""
    return bool(re.search(rf"\bthan\s+(?:the\s+|what\s+)?(?:{_HEDGE}\s+)?$", low[: sp.start]))


def _plural_noun(word: str) -> bool:
    """A noun's plural by WordNet's forms ("weeks" of "week"); not a word of its own."""
    forms = base_forms(word)
    return bool(forms) and word not in forms


def _names_job(label: set[str], value: str) -> bool:
    """A page's value says a job: its label is a word for one ("Role", "Job"), or the
    value, with no number in it, ends in a worker's noun by WordNet."""
    from .question import job_nouns

    jobs = {t for w in job_nouns() for t in terms(w)}
    words = WORD.findall(value.lower())
    if not any(w.isalpha() and len(w) > 2 for w in words):
        return False  # "Work and money (amount): 16-35" is a number under a word for work
    if label & jobs:
        return True
    return not any(ch.isdigit() for ch in value) and any(names_worker(w) for w in words[-2:])


def _phrase_answers(kind: str, fit: Fill) -> bool:
    """The slot's phrase is an answer itself: any place, but a name only when it is one."""
    return kind == "place" or (kind == "name" and fit.named)


def _joined(s: str, best: Span, spans: list[Span]) -> str:
    """The value with the ones listed beside it ("Rute and Luana", "Ana, Rui and Zé"),
    for a question after more than one."""
    order = sorted(spans, key=lambda sp: sp.start)
    i = order.index(best)
    lo = hi = i
    while lo > 0 and _LIST_GAP.fullmatch(s[order[lo - 1].end : order[lo].start]):
        lo -= 1
    while hi + 1 < len(order) and _LIST_GAP.fullmatch(s[order[hi].end : order[hi + 1].start]):
        hi += 1
    return s[order[lo].start : order[hi].end]


_TIME_UNITS = frozenset(terms("second minute hour day week fortnight month year"))


_RATE_UNIT = r"(?:(?:an?|per|each|every)\s+|/\s*)([a-z]+)\b"
#: The unit a question asks a price per closes it: "cost a month?", "make an hour now?"
#: ("a hydrotherapy session" is what is priced, not the unit).
_ASKED_RATE = re.compile(
    rf"\b{_RATE_UNIT}\s*(?:now|these days|nowadays|currently|at the moment|today)?\s*[?.!]*\s*$",
    re.I,
)
_RATE_ADVERB = re.compile(r"\b(hour|dai|week|month|year|night)ly\b", re.I)
_SHORT_UNITS = {"hr": "hour", "h": "hour", "wk": "week", "mo": "month", "yr": "year", "dai": "day"}
#: Said after "a" but no unit a price is per: "cost a lot", "a bit more".
_NOT_UNITS = frozenset(["lot", "bit", "few", "little", "couple", "ton", "while", "new"])


def _rate(text: str, start: bool = False) -> str | None:
    """The unit a price is per ("a month", "per word", "monthly" -> "month"); with
    `start`, only one right after an amount (`text` is what follows it)."""
    if start:
        m = re.match(rf"\s*{_RATE_UNIT}", text, re.I)
    else:
        m = _RATE_ADVERB.search(text) or _ASKED_RATE.search(text)
    if m is None:
        return None
    word = _SHORT_UNITS.get(m.group(1).lower(), m.group(1).lower())
    if word in stopwords() | _NOT_UNITS or not known(word):
        return None
    return stem(word)


def _names_it(s: str, a: Span) -> bool:
    """A bare number that ends a name ("a hot desk at oficina 33", "Studio 54"): the word
    before it is a name (capitalized inside the sentence, or no word of the dictionary)
    and no currency, and the number carries no unit of its own. "rent 720" is an amount."""
    if not a.text.strip().isdigit():
        return False
    before = list(re.finditer(r"[^\W\d_]+", s[: a.start]))
    if not before or s[before[-1].end() : a.start].strip():
        return False
    word = before[-1].group(0)
    if _CURRENCY_WORD.fullmatch(word) or word.lower() in stopwords():
        return False
    inside = before[-1].start() > 0 and not re.search(r"[.!?]\s*$", s[: before[-1].start()])
    return (word[0].isupper() and inside) or (word.islower() and not known(word))


#: A currency said as a word before its amount ("EUR 289", "usd 40"): no name.
_CURRENCY_WORD = re.compile(r"(?i)eur|usd|gbp|brl|chf|rs|kr|r")


def _plural(word: str) -> bool:
    return word.endswith("s") and any(b != word for b in base_forms(word))


#: A question of something still going on: "how long have you been ...", "has she had".
_ONGOING = re.compile(r"\b(?:have|has|'ve|been)\b", re.I)
#: A labelled value this long at most may be a code ("JT 48 22 91 C", "HL/TEN/20931").
CODE_CHARS = 24


def _value(f: Fact) -> str:
    value = f.value or ""
    return value.strip().rstrip(".").strip()


def _date_spans(text: str, said: dt.date | None) -> list[Span]:
    """The dates of a sentence as answers say them ("7 May 2023" for "yesterday")."""
    return [Span(d.shown, d.start, d.end, d.date) for d in dates(text, said)]


#: How a value's label is told a kind of an attribute the reader maps questions to
#: (`attribute_asked`): whoever is over someone at work is a head, a supervisor or a
#: leader by WordNet ("head chef" by its "head", "line manager", "foreman", "team
#: lead"), the kinds Dream reads a named boss by.
ATTRIBUTE_KINDS = {"Manager": over_someone}


def _kind_of_attribute(label: str, attribute: str) -> bool:
    """Is the label's word (its head noun, or a noun before it: "head chef") a kind of
    what the attribute holds?"""
    from language import prototypes

    if label in prototypes()["attribute_asked"]:
        return False  # "Employer" is an attribute of its own, though WordNet's a leader
    kind = ATTRIBUTE_KINDS.get(attribute)
    if kind is None:
        return False
    return any(kind(w) for w in re.findall(r"[a-z]+", label.lower()) if is_noun(w))
