"""Predicates of a claim or a block: each verb with its own words, its mood and polarity.

The support check compares a claim's predicates with the block's: a claim that something
happened needs a block that says it happened, "not" needs "not". Reading them from
spaCy's dependency parse (the model Dream already uses) keeps each verb's own words
together, so "a costume his children chose" is a clause of its own (done), "that will
be released next month" another (to come), a wish holds for the verbs under it ("I want
to visit Seoul": the visit is wanted, "I quit smoking": smoking is not done) and not for
a relative clause hung on one of its nouns, and "My wife and I" is one subject, not two
clauses.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from language.dates import DateSpan, dates
from language.nlp import read, spelt, used_to

from .lexicon import base_forms
from .moods import (
    _DESIRE_WITH,
    _HEDGES,
    _MODALS,
    _TEMPORAL,
    DESIRE_HEADS,
    DESIRE_VERBS,
    NEGATIVE_VERBS,
    OPINION_VERBS,
    asked_or_forbidden,
    asks_of_another,
    beyond_expectation,
    cannot_have,
    judges,
    not_yet,
    obliges,
    passed_over,
    raises_not,
    unable,
    wishes,
    without_scope,
)
from .negation import _cannot_wait, _negative
from .words import MONTHS, NEGATIONS

#: Moods: wanted or planned; still to come; done; going on now; going on since a time
#: and still ('have been doing'); a plain present or a state.
DESIRE, FUTURE, PAST, PROGRESSIVE, ONGOING, PLAIN = (
    "desire",
    "future",
    "past",
    "progressive",
    "ongoing",
    "plain",
)

_CLAUSAL = {
    "ccomp", "xcomp", "advcl", "relcl", "acl", "conj", "pcomp", "csubj", "parataxis", "dep",
}  # fmt: skip
_SPLITTERS = frozenset(",;:–—-()")
#: Modals of what may or may not be: 'might go back to uni' is no 'will go back'.
_POSSIBLE = frozenset(["may", "might", "could"])
#: Conjunctions that set a clause against the one before: it keeps its own polarity.
_CONTRAST = frozenset(["but", "yet"])
_LATER_RE = re.compile(r"\b(next|tomorrow|tonight|upcoming|soon|someday|one day)\b", re.I)
#: A month named with no year, after a word that places a time in it: 'in november'.
_IN_MONTH_RE = re.compile(
    r"\b(?:in|from|by|early|mid|late|end of)\s+("
    + "|".join(m.lower() for m in calendar.month_name if m)
    + r")\b(?!\s*,?\s*\d{4})",
    re.I,
)


@dataclass(frozen=True)
class Predicate:
    text: str  # the predicate's own words, in order
    words: tuple[str, ...]  # the same, lowercased
    mood: str
    negative: bool
    neg_verb: str = ""  # the verb of not doing that makes it negative ('quit'), if any
    head: str = ""  # its verb (or main word), lowercased
    #: What a negation is about when it is narrower than the predicate: the noun phrase
    #: of 'no more commute', the clause of "check-in isn't until 3pm" that a small parser
    #: hung on another verb. Empty: the whole predicate.
    neg_scope: tuple[str, ...] = ()
    #: A participle with no auxiliary, a state or a modifier ('£1,450 left each month'),
    #: not an act ('left the band').
    participle: bool = False
    dep: str = ""  # how its verb hangs on the one above ('pcomp': 'retired from [teaching]')
    #: The aim of a done or habitual act ('drove 9 hours to see my gran', 'to be able to
    #: borrow e-books, he swapped his Kindle'): done with it, and what was wanted.
    purpose: bool = False
    #: Only possible: 'might go back to uni', 'maybe moving' (and what hangs on it).
    hedged: bool = False
    #: The aim of an act going on or planned ('doing the Three Peaks in May to raise
    #: money'): wanted, and it may be partly reached already ('raised £800 so far').
    aim: bool = False
    #: Asked of someone, as a request or a ban ('pls come', 'said no running'): the
    #: asking is done, what is asked is not.
    request: bool = False


@lru_cache(maxsize=8192)
def _parse(text: str) -> Any:
    return read(text)


#: Verbs whose complement is not done: 'stopped eating meat', 'failed to get tickets',
#: 'forgot to water the plants' (only the complement: 'forgot my keys' denies nothing).
_UNDONE_COMPLEMENT = frozenset(["fail", "forget", "neglect"])
_NOT_DOING = _UNDONE_COMPLEMENT | NEGATIVE_VERBS


def _is_head(tok: Any) -> bool:
    """Does this token head a predicate of its own?"""
    if (
        tok.pos_ == "VERB"
        and tok.dep_ == "acomp"
        and tok.tag_ == "VBN"
        and tok.head.pos_ in ("VERB", "AUX")
    ):
        return False  # 'get engaged', 'got married': one predicate with its verb
    if tok.pos_ in ("VERB", "AUX") and any(c.dep_ == "det" for c in tok.children):
        # A small parser's verb that takes an article is a noun: 'the stag do', 'the
        # school run'. Read as a predicate it has no 'not' of its own, and is matched
        # against the block's negated 'go to the stag do' as if it said the opposite.
        return False
    if tok.pos_ == "VERB" and tok.dep_ not in ("aux", "auxpass", "amod", "compound"):
        return not _is_going_to(tok) and not is_scheduled(tok)
    if tok.pos_ == "AUX" and tok.dep_ not in ("aux", "auxpass"):
        return True  # a copula as the main verb: "I'm the maid of honor"
    if tok.tag_ == "NN" and tok.dep_ in ("advcl", "ccomp", "xcomp") and tok.lower_.endswith("ing"):
        return True  # a chat's 'thinking of selling the van', its 'I'm' left out, read as a noun
    if (
        tok.pos_ == "ADJ"
        and tok.dep_ in ("advcl", "ccomp", "conj")
        and any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "cop") for c in tok.children)
    ):
        # A clause of its own whose head the parser reads as an adjective: 'got cancelled
        # cos of the storm so we're stuck in oban'. Read with the verb it hangs on, the
        # 'cancelled' would deny being stuck.
        return True
    if tok.tag_ == "NN" and asked_or_forbidden(tok, []):
        return True  # 'said no chewing for two weeks': a ban, whatever the parser hangs it as
    # A sentence or fragment without a verb: "so no piano for six weeks".
    return tok.dep_ == "ROOT" or (tok.dep_ == "dep" and tok.pos_ in ("NOUN", "PROPN"))


#: Words that put the infinitive after them in the time to come: 'is due to start', 'is
#: set to open', 'is scheduled to have surgery', 'is expected to be discharged', 'about
#: to sign'.
_SCHEDULED = frozenset(["due", "set", "scheduled", "slated", "expected", "about"])


def is_scheduled(tok: Any) -> bool:
    """Is the word a marker of what is to come ('due', 'set', 'scheduled' before a 'to'
    infinitive), saying no more than 'will'?"""
    if tok.lower_ not in _SCHEDULED:
        return False
    if tok.pos_ not in ("ADJ", "ADP") and not any(c.dep_ == "auxpass" for c in tok.children):
        return False  # 'I set the alarm to ring', 'she expected him to call'
    return any(c.dep_ == "xcomp" and _is_infinitive(c) for c in tok.children)


def _on_condition(tok: Any) -> bool:
    """Does the verb (or the 'going' of its 'going to') hang an 'if' or 'unless' clause?"""
    verbs = [tok, tok.head] if tok.dep_ == "xcomp" else [tok]
    return any(
        c.dep_ == "advcl"
        and any(m.dep_ == "mark" and m.lower_ in ("if", "unless") for m in c.children)
        for v in verbs
        for c in v.children
    )


def _is_going_to(tok: Any) -> bool:
    """'going' in 'going to <verb>' marks the future; it says nothing itself."""
    # ... also before a passive with its bare auxiliary: 'going to get married'.
    return tok.lower_ in ("going", "gon") and any(
        c.dep_ == "xcomp"
        and (c.tag_ == "VB" or any(a.dep_ == "auxpass" and a.tag_ == "VB" for a in c.children))
        for c in tok.children
    )


def _own(tok: Any) -> list[Any]:
    """The tokens of a predicate, without the predicates under it."""
    out = []
    stack = [tok]
    while stack:
        t = stack.pop()
        out.append(t)
        for c in t.children:
            if c.i != tok.i and c.dep_ in _CLAUSAL and _is_head(c):
                continue
            if c.dep_ == "punct":
                continue
            stack.append(c)
    return sorted(out, key=lambda t: t.i)


def _aux(tok: Any) -> list[Any]:
    return [c for c in tok.children if c.dep_ in ("aux", "auxpass", "neg")]


def _lemma(tok: Any) -> str:
    """spaCy's lemma, unless WordNet reads the word as a wish spaCy missed ('hopes' -> hop)."""
    from .lexicon import base_forms

    lemma = tok.lemma_.lower()
    if lemma in DESIRE_VERBS:
        return lemma
    return next((f for f in base_forms(tok.lower_) if f in DESIRE_VERBS), lemma)


def _own_mood(tok: Any, said_on: dt.date | None, own: list[Any], advice: bool = False) -> str:
    aux = _aux(tok)
    lows = [spelt(a) for a in aux]  # 'itd help' has the "'d" of "it'd help"
    lemma = _lemma(tok)
    # 'thinking of' read as a noun has the lemma 'thinking': WordNet's forms say 'think'.
    with_ = next((f for f in (lemma, *base_forms(tok.lower_)) if f in _DESIRE_WITH), "")
    if lemma in ("mean", "try") and not any(_is_infinitive(c) for c in tok.children):
        pass  # 'it means I'll travel', 'tried paddleboarding' are no wish; 'meaning to call' is
    elif lemma == "need" and any(_is_infinitive(c) for c in tok.children):
        return DESIRE  # 'need to renew my passport' is not yet done; 'needs corrections' is so
    elif wishes(tok):
        return DESIRE  # 'I need a holiday', 'looking to buy', 'is keen', 'my goal is ...'
    elif obliges(tok):
        return DESIRE  # 'have to renew', 'gotta rest the knee', 'ought to start': not yet done
    elif lemma == "weigh" and not any(
        c.like_num or any(g.like_num for g in c.children) for c in tok.children
    ):
        return DESIRE  # 'weighing a move' is deliberating; 'weighs 30 kilos' is a measure
    elif (
        (lemma in DESIRE_VERBS and not judges(tok))
        or _cannot_wait(tok)
        or (
            with_
            # 'looking forward to it': the parser may hang 'forward' as an adverb
            and any(
                c.lower_ in _DESIRE_WITH[with_]
                for c in tok.children
                if c.dep_ in ("prep", "prt", "advmod")
            )
        )
    ):
        return DESIRE
    if cannot_have(tok, aux):
        return PAST  # "couldn't get tickets": not done (the 'not' is read apart)
    if any(a in _MODALS for a in lows) or ("'d" in lows and tok.tag_ == "VB"):
        return DESIRE
    if any(c.lower_ in _HEDGES for c in tok.children if c.dep_ == "advmod"):
        return DESIRE  # 'probably moving there': not yet so
    if any(c.lower_ in ("if", "unless") for c in tok.children if c.dep_ == "mark"):
        return DESIRE  # 'if you do decide to switch': supposed, not so
    if advice and tok.tag_ == "VB" and tok.dep_ == "ROOT" and not aux and not _subject(tok):
        # 'keep the insulin in the door': asked or advised, not done. Only in advice: a
        # person's chat drops its 'I' ('quit coffee two weeks ago').
        return DESIRE
    if asked_or_forbidden(tok, aux):
        return DESIRE
    purpose = any(c.lower_ == "so" for c in tok.children if c.dep_ in ("mark", "advmod"))
    if tok.dep_ == "advcl" and purpose and any(a in ("can", "could") for a in lows):
        return DESIRE  # 'so I can paint': a purpose, not yet done
    if _so_i_can(tok):
        return DESIRE  # the same, where the parser hangs it elsewhere (even as the root)
    text = " ".join(t.text for t in own)
    if any(a in ("will", "'ll", "shall", "wo") for a in lows):
        return FUTURE
    # A day to come beside an act already done names when the thing done is for, not
    # when it was done: 'booked for june next year', "I've booked the flights for april".
    done = tok.tag_ == "VBN" and (not aux or any(a.lemma_ == "have" for a in aux))
    if _later(text, said_on) and not done:
        return FUTURE
    if tok.pos_ in ("NOUN", "PROPN") and _may_be_later(text, said_on):
        # A fragment with no verb that names a day, which may be to come: 'party at the
        # station on saturday' is an arrangement, as 'there's a party on saturday' is.
        return FUTURE
    if _month_to_come(tok, aux, text, said_on):
        return PROGRESSIVE
    head = tok.head
    if tok.dep_ == "xcomp" and (_is_going_to(head) or is_scheduled(head)):
        return FUTURE
    if _earlier(text, said_on) and tok.tag_ != "VBG":
        return PAST
    # 'been doing pottery for 6 months' leaves out its 'I've': still going on since then.
    has = any(a.lemma_ == "have" for a in aux) or any(a.lower_ == "been" for a in aux)
    if has and tok.lower_ == "got" and any(c.dep_ == "dobj" for c in tok.children):
        return PLAIN  # "I've got my cousin's wedding": a having now, not an act
    if tok.tag_ == "VBG" and any(a.lemma_ == "be" for a in aux):
        if has:
            return ONGOING  # 'I've been volunteering'
        if any(a.tag_ == "VBD" and not _were_for_were(a, tok) for a in aux):
            return PAST  # 'I was running'
        return PROGRESSIVE
    if has and tok.tag_ == "VBN":
        return PAST  # the present perfect: it has happened
    if tok.tag_ == "VBD" or any(a.tag_ == "VBD" for a in aux):
        return PAST
    if used_to(tok):
        return PAST  # 'used to play'
    return PLAIN


def _act_after_to(tok: Any, gov: Any) -> bool:
    """Is the clause the act a particle verb with 'to' takes, one verb to WordNet ('got
    round to replying', 'get around to fixing': get_around_to; 'round' is the British
    'around')?"""
    from .lexicon import is_lemma

    if tok.dep_ != "pcomp" or tok.head.lower_ != "to":
        return False
    lemma = gov.lemma_.lower()
    for c in gov.children:
        if c.dep_ in ("prt", "advmod", "acomp") and c.i < tok.i:
            for p in (c.lower_, "a" + c.lower_):
                if is_lemma(f"{lemma}_{p}_to"):
                    return True
    return False


def _of_purpose(tok: Any, near: Any) -> bool:
    """Is the infinitive what an act or the thing it takes is for: an adverbial clause
    ('drove 9 hours to see my gran'), or one hung on a noun that names no wish ('a place
    to study medicine', 'money to fix the roof'; not 'plans to move')?"""
    if tok.dep_ == "advcl":
        return True
    return (
        tok.dep_ in ("acl", "relcl")
        and near is not None
        and near.pos_ in ("NOUN", "PROPN")
        and near.lower_ not in DESIRE_HEADS
    )


def _so_i_can(tok: Any) -> bool:
    """Does the verb follow 'so (that) <subject> can/could', read from the words: a
    purpose. Not 'so I can't come', a consequence; and not a bare 'that', which opens
    what was said or agreed ('agreed that she can work from home' is a permission
    given, as 'said I can' is), unless 'so' or 'in order' comes before it."""
    doc = tok.doc
    before = [t.lower_ for t in doc[max(0, tok.i - 5) : tok.i]]
    if not before or before[-1] not in ("can", "could"):
        return False
    rest = before[:-1]
    if len(rest) < 2 or doc[tok.i - 2].pos_ != "PRON":
        return False
    if rest[-2] == "so":
        return True
    return rest[-2] == "that" and len(rest) >= 3 and rest[-3] in ("so", "order")


def _subject(tok: Any) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass", "expl", "csubj") for c in tok.children)


def _were_for_were(aux: Any, tok: Any) -> bool:
    """Is a 'were' that opens its clause with no subject a "we're" typed without its
    apostrophe ('turns 90 next month, were throwing him a party')? A past 'were' has its
    subject before it ('we were throwing'); a question's comes after ('were you going')."""
    if aux.lower_ != "were" or _subject(tok) or aux.i + 1 != tok.i:
        return False
    prev = aux.doc[aux.i - 1] if aux.i else None
    return prev is None or prev.is_punct or prev.lower_ in ("and", "but", "so")


def _later(text: str, said_on: dt.date | None) -> bool:
    """Time to come: a day whose every reading is after the day said ('next friday', 'on
    3 May 2027'; not 'on friday', which may be either)."""
    if _LATER_RE.search(text):
        return True
    return said_on is not None and any(
        all(a > said_on for a, _ in s.readings) for s in _days(text, said_on)
    )


def _may_be_later(text: str, said_on: dt.date | None) -> bool:
    """Does the text name a day one of whose readings is after the day said?"""
    return said_on is not None and any(
        any(a > said_on for a, _ in s.readings) for s in _days(text, said_on)
    )


def _month_to_come(tok: Any, aux: list[Any], text: str, said_on: dt.date | None) -> bool:
    """Is a bare '-ing' verb, its 'I'm' or 'we're' left out as chat does, said with a
    month of this year still to come ('starting ivf in november' said in October)? An
    arrangement, as 'we're starting' is. A past tense keeps its own time: 'left Google in
    March' said in February is last March."""
    if said_on is None or tok.tag_ != "VBG" or aux or _subject(tok):
        return False
    return any(MONTHS[m.group(1).lower()] > said_on.month for m in _IN_MONTH_RE.finditer(text))


def _earlier(text: str, said_on: dt.date | None) -> bool:
    return said_on is not None and any(
        all(b < said_on for _, b in s.readings) for s in _days(text, said_on)
    )


def _days(text: str, said_on: dt.date) -> list[DateSpan]:
    """The phrases that name days. A month or year written out ('started IVF in November
    2026') leaves the tense of its verb to say whether it is done."""
    return [
        s
        for s in dates(text, said_on)
        if s.readings and (s.relative or s.precision not in ("month", "season", "year"))
    ]


def _clause_dep(tok: Any) -> str:
    """How the verb hangs on the one above; a gerund a small parser made the object of
    its preposition ('soak them before cooking') is the clause under it, as pcomp is."""
    if tok.dep_ == "pobj" and tok.tag_ == "VBG" and tok.head.dep_ == "prep":
        return "pcomp"
    return tok.dep_


def _governor(tok: Any) -> Any | None:
    """The word a clause hangs on, through a preposition: 'thinking about [applying]'."""
    head = tok.head
    if head.i == tok.i:
        return None
    if _clause_dep(tok) == "pcomp" and head.dep_ == "prep" and head.head.i != head.i:
        return head.head
    return head


def _becoming(tok: Any) -> bool:
    """An infinitive 'to be' or 'to become' with a complement: a state to reach."""
    return (
        tok.dep_ == "xcomp"
        and _is_infinitive(tok)
        and _lemma(tok) in ("be", "become")
        and any(c.dep_ in ("attr", "acomp", "oprd") for c in tok.children)
    )


def _is_infinitive(tok: Any) -> bool:
    return tok.tag_ == "VB" and any(c.lower_ == "to" and c.dep_ == "aux" for c in tok.children)


def _segments(own: list[Any], tok: Any) -> tuple[list[Any], list[list[Any]]]:
    """The predicate's words around its verb, and the runs a comma sets apart from them
    ("we won't be going, money's too tight" read as one clause by a small parser)."""
    doc = tok.doc
    runs: list[list[Any]] = [[]]
    for t in own:
        prev = runs[-1][-1].i if runs[-1] else None
        if prev is not None and any(
            doc[j].text in _SPLITTERS and (doc[j].text != "-" or doc[j - 1].whitespace_)
            for j in range(prev + 1, t.i)
        ):
            runs.append([])
        runs[-1].append(t)
    main = next((r for r in runs if any(t.i == tok.i for t in r)), own)
    return main, [r for r in runs if r is not main and r]


def predicates(
    text: str, said_on: dt.date | None = None, *, advice: bool = False, lists: bool = False
) -> list[Predicate]:
    """The predicates of a text, each with its words, mood and polarity; `advice` for an
    assistant's turn, whose bare verbs ask or advise; `lists` for a block, whose runs with
    no verb after a comma list what their predicate says, in its mood."""
    doc = _parse(text)
    heads = [t for t in doc if _is_head(t)]
    # mood, negative, and whether its negation carries to a clause under it
    state: dict[int, tuple[str, bool, bool]] = {}
    by_verb: set[int] = set()  # predicates negative by a verb of not doing ('quit')
    aims: set[int] = set()  # purposes of a done or habitual act
    ahead: set[int] = set()  # purposes of an act going on or planned
    hedged: set[int] = set()  # predicates only possible: 'might go', 'maybe moving'
    out = []
    # Governors first, so what they say carries down to the clauses under them.
    for tok in sorted(heads, key=_depth):
        own, apart = _segments(_own(tok), tok)
        dep = _clause_dep(tok)
        mood = _own_mood(tok, said_on, own, advice)
        if mood in (FUTURE, PROGRESSIVE) and _on_condition(tok):
            mood = DESIRE  # "if I get the job, I'll move to Leeds": no settled plan
        negative, neg_verb, scope = _negative(tok, own)
        own_neg = negative
        carries = negative and tok.lower_ not in NEGATIONS  # 'hate running' negates nothing
        carries = carries and scope[:1] != ("without",)  # 'without sugar' denies only sugar
        gov = _governor(tok) if dep in _CLAUSAL else None
        near = gov  # the word it hangs on, before the climb below: 'unable' in 'was unable to'
        # 'To be able to borrow': the clause hangs on an adjective of a predicate ('be').
        # ... or on a noun of one, for an infinitive: 'go part-time to free up Mondays'
        # (a small parser hangs 'to free' on 'time').
        while (
            gov is not None
            and gov.i not in state
            and gov.head.i != gov.i
            and (
                gov.dep_ in ("acomp", "attr", "oprd")
                or (_is_infinitive(tok) and gov.pos_ in ("NOUN", "PROPN") and gov.dep_ == "dobj")
            )
        ):
            gov = gov.head
        if gov is not None and gov.i in state:
            gmood, _, gcarries = state[gov.i]
            glemma = _lemma(gov)
            wish = glemma in DESIRE_VERBS or gov.lower_ in DESIRE_HEADS
            if dep == "pcomp" and tok.head.lower_ in _TEMPORAL and gmood in (DESIRE, FUTURE):
                mood = gmood  # 'learn Italian before visiting Florence': both planned
                wish = False
            elif dep == "pcomp":
                # Only the wish's own preposition: 'thinking about moving', 'plans on
                # going'; not 'planning a trip after saving for two years'.
                prep = tok.head.lower_
                gwith = next((f for f in base_forms(gov.lower_) if f in _DESIRE_WITH), glemma)
                wish = prep in _DESIRE_WITH.get(gwith, ()) or (
                    wish and prep in ("on", "about", "of")
                )
                if (
                    tok.i > gov.i
                    and gmood in (DESIRE, FUTURE)
                    and any(
                        spelt(a) in _MODALS or spelt(a) in ("'d", "will", "'ll", "wo")
                        for a in _aux(gov)
                    )
                ):
                    # 'would benefit from practising', 'will pay for it by selling the
                    # car': the act a modal's verb takes through its preposition is no
                    # more done than that verb.
                    mood = gmood
            if dep == "conj":
                if not _aux(tok) and tok.tag_ in ("VB", gov.tag_):
                    mood = gmood if mood == PLAIN or tok.tag_ == "VB" else mood
                    # 'didn't eat or drink': both not done; but 'quit my job and started
                    # painting': a verb of not doing ends its own object, not the next act.
                    # 'and' with a word of its own in front ('no longer owns a car and
                    # now relies on buses') starts a new state: only 'or'/'nor' and a
                    # bare 'and' share the negation.
                    cc = {c.lower_ for c in gov.children if c.dep_ == "cc"}
                    mine = {c.lower_ for c in tok.children if c.dep_ == "cc" and c.i < tok.i}
                    fresh = "and" in cc and any(
                        c.dep_ == "advmod" and c.i < tok.i for c in tok.children
                    )
                    # 'but' or 'yet' sets the next clause against the first: "it wasn't
                    # easy but I finished the course" finished it.
                    fresh = fresh or bool((cc | mine) & _CONTRAST)
                    # No 'and', 'or' or 'nor' anywhere in the chain: two clauses set side
                    # by side with a comma, as chat joins sentences ('not drinking for
                    # may, doing it for a charity'): the 'not' is the first one's alone.
                    chain = [gov, *(c for c in gov.children if c.dep_ == "conj")]
                    joined = any(c.dep_ == "cc" for t in chain for c in t.children)
                    fresh = fresh or not joined
                    if not fresh:
                        negative = negative or (gcarries and gov.i not in by_verb)
            elif dep in ("acl", "advcl", "relcl"):
                marks = {c.lower_ for c in tok.children if c.dep_ in ("mark", "advmod")}
                # 'after' said in the present looks ahead as 'once' does ('after she
                # moves'); in a past tense it tells of what was done first.
                after = "after" in marks and tok.tag_ != "VBD" and mood != PAST
                if dep == "advcl" and (marks & _TEMPORAL or after) and gmood in (DESIRE, FUTURE):
                    mood = gmood  # 'once her kids are older' of a plan is in the plan too
                if dep == "acl" and gov.pos_ == "VERB" and tok.tag_ == "VBG" and wish:
                    mood = DESIRE  # 'fancies trying it', a gerund a small parser hung as acl
                elif _is_infinitive(tok) and gmood in (PLAIN, PAST) and _of_purpose(tok, near):
                    # 'to <verb>' of purpose of a habit or a done act happens with it
                    # ('gets up at 5 to run', 'drove 9 hours to see my gran'), and so
                    # does what a thing got or given is for ('secured a place to study
                    # medicine' is 'got into Leeds for medicine').
                    mood = gmood
                    aims.add(tok.i)
                elif _is_infinitive(tok):
                    # ... of what is going on or planned, not yet ('saving to buy a house').
                    mood = FUTURE if gmood == FUTURE else DESIRE
                    if dep == "advcl":
                        ahead.add(tok.i)
            elif _wanted_done(tok, gov):
                mood = DESIRE  # 'needs two teeth removed', 'wants his hair cut': not yet done
            elif dep == "xcomp" or (dep in ("ccomp", "pcomp") and wish):
                if dep == "ccomp" and tok.i < gov.i:
                    pass  # "X, we've been saving": two sentences joined by a comma
                elif gov.pos_ in ("ADJ", "NOUN") and wish:
                    mood = DESIRE
                elif dep == "xcomp" and any(
                    c.dep_ == "nsubj" and c.lower_ in DESIRE_HEADS for c in gov.children
                ):
                    mood = DESIRE  # 'my plan was to paint the shed': the painting is planned
                elif tok.head.lower_ == "worth" and gmood == PLAIN:
                    mood = DESIRE  # "it's worth applying now" advises; 'was worth the wait' was
                elif gmood in (DESIRE, FUTURE):
                    mood = gmood
                elif _becoming(tok) and gmood in (PROGRESSIVE, ONGOING):
                    # 'training to be a plumber', 'studying to become a teacher': what an
                    # activity under way is for is its aim, not yet so.
                    mood = DESIRE
                elif mood == PLAIN and dep == "xcomp":
                    mood = gmood  # 'taught me to fish': the fishing was then too
                if gov.i in aims and dep == "xcomp":
                    aims.add(tok.i)  # 'to be able to borrow': the borrowing is the aim
                # 'stopped eating meat'; 'failed to get tickets': not got
                carried = gcarries or (dep == "xcomp" and _lemma(gov) in _UNDONE_COMPLEMENT)
                if state[gov.i][1] and gov.i not in by_verb and _lemma(gov) in _NOT_DOING:
                    # A 'not' on a verb of not doing undoes it: "can't stop smiling", 'never
                    # quit running', "didn't fail to call": the smiling, running and calling
                    # go on.
                    carried = False
                negative = negative or carried
        elif gov is not None and gov.pos_ in ("ADJ", "NOUN") and gov.lower_ in DESIRE_HEADS:
            mood = DESIRE  # 'keen to learn', 'her plans to move'
        if gov is not None and gov.i in state and raises_not(gov, tok):
            negative = True  # "I don't think I'll renew": the renewing is denied
        if gov is not None and gov.i in state and beyond_expectation(gov, tok):
            # "never thought I'd enjoy it this much", "didn't expect the exam to go so
            # well": it came about, and the 'not' was the expectation's.
            mood, negative = PLAIN, own_neg
        if gov is not None and gov.i in state and _act_after_to(tok, gov):
            # "never got round to replying": a 'not' on a verb WordNet knows with its
            # particle and 'to' as one (get_around_to) denies the act it takes.
            negative = negative or state[gov.i][2]
        if (
            near is not None
            and near.pos_ == "NOUN"
            and near.lower_ in DESIRE_HEADS
            and near.lower_ != "idea"  # 'no idea how to' is not knowing
            and any(c.dep_ == "det" and c.lower_ == "no" for c in near.children)
        ):
            # 'has no plans to move', 'no wish to go back', 'no intention of selling':
            # the act is neither wanted nor planned.
            mood, negative = DESIRE, True
        if near is not None and (unable(near, tok) or not_yet(near, tok)):
            negative = True  # 'was unable to get', 'has yet to fix', 'waiting to hear back'
        if near is not None and asks_of_another(near, tok):
            mood = DESIRE  # 'told him to lose a stone': wanted of him, not done
        state[tok.i] = (mood, negative, carries or (negative and not neg_verb and not own_neg))
        if mood == DESIRE and (
            any(a.lower_ in _POSSIBLE for a in _aux(tok))
            or any(c.lower_ in _HEDGES for c in tok.children if c.dep_ == "advmod")
            or (gov is not None and gov.i in hedged)
        ):
            hedged.add(tok.i)
        if neg_verb:
            by_verb.add(tok.i)
        words = tuple(t.lower_ for t in own if not t.is_punct)
        text_ = " ".join(t.text for t in own)
        bare = tok.tag_ == "VBN" and not _aux(tok) and dep in ("acl", "amod", "advcl")
        if negative and not own_neg:
            scope = ()  # carried down from the governor: the whole predicate
        if passed_over(tok):
            negative = True  # 'stayed in instead of going': the going is not done
        if dep == "pcomp" and tok.head.lower_ == "without":
            # 'left without saying goodbye': the saying is denied, as 'without' is.
            negative, scope = True, without_scope(tok.head)
        pred = Predicate(
            text_,
            words,
            mood,
            negative,
            neg_verb,
            tok.lower_,
            scope,
            bare,
            dep,
            tok.i in aims,
            tok.i in hedged,
            tok.i in ahead,
            asked_or_forbidden(tok, _aux(tok)),
        )
        out.append((tok.i, pred))
        for run in apart:
            # A run set apart by a comma has no tense of its own ('a costume his kids chose').
            neg = any(t.lower_ in NEGATIONS for t in run)
            text_ = " ".join(t.text for t in run)
            words_ = tuple(t.lower_ for t in run)
            out.append((run[0].i, Predicate(text_, words_, PLAIN, neg)))
            if lists and mood != PLAIN and not any(t.pos_ in ("VERB", "AUX") for t in run):
                # In a block, a run with no verb at all may also list what its predicate
                # says ("we're doing a no-spend month in Feb, only rent, bills and food"),
                # in that mood, or comment on it ("first time in Japan!"), plainly.
                out.append((run[0].i, Predicate(text_, words_, mood, neg)))
    _tentative_plans(doc, out, state)
    return [p for _, p in sorted(out, key=lambda x: x[0])]


def _tentative_plans(doc: Any, out: list[tuple[int, Predicate]], state: dict) -> None:
    """A view over a plan of the viewer's own ('i think im gonna drop out', 'User thinks
    User is gonna quit', 'I reckon I'll sell it') is the plan weighed, not a view held: it
    is wanted or planned, as 'thinking of leaving' is. A view over someone else's plan
    ('my brother thinks he's gonna sell it', 'the physio reckons it'd help') stays a view."""
    for k, (i, pred) in enumerate(out):
        tok = doc[i]
        if _lemma(tok) not in OPINION_VERBS or pred.negative or pred.head != tok.lower_:
            continue
        mine = _subject_word(tok)
        for clause in (c for c in tok.children if c.dep_ == "ccomp"):
            theirs = _subject_word(clause)
            # The same subject on both ('I ... I', 'User ... User'); chat drops the 'I' of
            # the view ('think im gonna').
            if theirs is None or not (mine == theirs or (mine is None and theirs in ("i", "we"))):
                continue
            # The clause, or the act its 'going to' takes ('im gonna [drop out]').
            acts = [clause, *(x for x in clause.children if x.dep_ == "xcomp")]
            if any(a.i in state and state[a.i][0] == FUTURE for a in acts):
                out[k] = (i, replace(pred, mood=DESIRE))
                break


def _subject_word(tok: Any) -> str | None:
    return next((c.lower_ for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _wanted_done(tok: Any, gov: Any) -> bool:
    """Is the verb a participle with its own subject under a verb of needing or wanting,
    with no auxiliary ('needs two teeth removed', 'wants the kitchen painted')? What is
    needed done is not done yet; the parser reads the participle as a past tense. Not
    'had my teeth whitened', which is done."""
    if tok.dep_ != "ccomp" or tok.tag_ not in ("VBN", "VBD") or _aux(tok):
        return False
    if _lemma(gov) not in DESIRE_VERBS and _lemma(gov) != "need":
        return False
    return any(c.dep_ in ("nsubj", "nsubjpass") and gov.i < c.i < tok.i for c in tok.children)


def _depth(tok: Any) -> int:
    n = 0
    while tok.head.i != tok.i:
        tok = tok.head
        n += 1
    return n


_AGREE = {
    DESIRE: {DESIRE, FUTURE, PROGRESSIVE},
    FUTURE: {FUTURE, DESIRE, PROGRESSIVE, PLAIN},
    PAST: {PAST, PLAIN, ONGOING},
    PROGRESSIVE: {PROGRESSIVE, PLAIN, FUTURE, ONGOING},
    ONGOING: {ONGOING, PAST, PROGRESSIVE, PLAIN},
    PLAIN: {PLAIN, PAST, PROGRESSIVE, ONGOING, FUTURE},
}


def moods_agree(claim: str, evidence: str) -> bool:
    """A claim that it happened needs evidence that it happened; a plan needs a plan or
    an arrangement ('I'm hosting'); what is going on may be said in the present."""
    return evidence in _AGREE[claim]


MOOD_WORDS = {
    DESIRE: "wanted or planned",
    FUTURE: "still to come",
    PAST: "done",
    PROGRESSIVE: "going on",
    ONGOING: "going on since a time",
    PLAIN: "so",
}
