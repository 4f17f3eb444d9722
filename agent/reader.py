"""Reading candidates the way a careful reader would: is this sentence about the subject,
does it tell (not ask), does it hold the kind of value the question wants, is it the
current value? The best candidate and its answer span make the answer.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from itertools import pairwise
from typing import Any

from language.dates import MONTH_NAMES, WEEKDAY_NAMES
from memory_schema.session import AI_SPEAKERS
from validators.endings import ending_verb
from validators.lexicon import concrete, known, phrasal_verb

from .evidence import Block
from .kinds import names_kind
from .labels import Field, Labels, field_of
from .picker import _CLAUSE_BREAK, _LIST_GAP, _PLURAL, SpanPicker, _plural, _value
from .question import Question, analyse, asked_time, has_cue, type_nouns, without_time
from .spans import change
from .text import WORD, is_question, lexicon, stem, stopwords, terms
from .ties import apart, light_verbs, measured, measures, named_in_reply, said_of_another
from .whose import (
    MAX_RIVALS,
    is_rival,
    rival_wins,
    said_by_other,
    said_by_subject,
    speaks_of_self,
    subject_fit,
    subject_person,
    theirs_only,
)
from .wiki import Fact

_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|our|us)\b", re.I)
#: Similarity (cosine of sentence embeddings) that stands in for missing words: a
#: sentence may miss the question's focus words ("employer" for "I work at") when its
#: meaning is this close; with no shared word at all it needs more.
SIM_FOCUS = 0.5
SIM_PARTIAL = 0.4  # enough when half the focus words are there
SIM_TOPIC = 0.55
SIM_PAGE = 0.45
SIM_WEIGHT = 0.8
#: A question about a day or month ("on May 23, 2023", "in June") favours what was said
#: then or within a week after (people tell their news a few days late).
IN_SCOPE = 0.3
REPORTED_WITHIN = dt.timedelta(days=7)
#: Weight of a topic word a reply's thread says, against 1 for its own words and 0.5 for
#: its context (the question it answers, the conversation's title).
THREAD_WEIGHT = 0.8
ENDED = 0.4  # a value a verb of ending stands beside is what held before
ENDED_WINDOW = 3  # words either side of the value where that verb counts
#: How much being about the subject adds, by how: their page's labelled value, their name
#: said, their "my ...", their own turn, the asker's own note or document.
ABOUT_BONUS = {"page": 0.35, "name": 0.3, "phrase": 0.3, "speaker": 0.2, "own": 0.1}
MAX_EMBED = 80
#: A value whose label is what was asked ("Monthly rent: 289.00 EUR"): nearly as sure as
#: a page's attribute line; again for the row of a table the question names ("site C").
LABELLED = 0.3
#: A value in the slot the question asks about ("tom" of "that tom found" for "who found
#: the airbnb?", `slots.py`): the sentence says what was asked.
SLOTTED = 0.15
#: A name said apart from the thing asked about is likely another's (`ties.apart`).
APART = 0.3
#: A question word nothing in memory says is "mentioned" by a word this close in meaning
#: ("lizard" for "iguana" is 0.51, "pets" 0.29; "lease" for "rent" 0.69).
SIM_WORD = 0.5
#: ... or the whole sentence this close to the question: a paraphrase ("duplicate records"
#: asked, "the duplicates ... came from a timezone conversion" 0.82; "Pets sure do bring
#: so much joy" for a pet iguana 0.25).
SIM_MENTION = 0.6
#: Answers that are a bare value: the sentence holding it must share the question's topic.
VALUE_TYPES = ("number", "frequency", "duration", "time")
PREFIX = 6  # letters two forms of one word share at least ("declara-tion", "declara-ção")
SPELLING = 80  # rapidfuzz ratio of a misspelling ("dentsit", "dentist": 86)
MAX_MENTION = 12  # readings checked for what the question asks about, best first
#: How far below the best a newer answer may score and still be taken as what holds now.
CURRENT_MARGIN = 0.6
#: ... and as near the question in meaning as the best, within this much.
SIM_LATER = 0.25
_SECOND_PERSON = re.compile(r"\b(you|you're|you've|you'd|you'll|your|yours|yourself)\b", re.I)
_THANKS = re.compile(r"\bthank(?:s| you| u)\b|\bsee you\b|\blove you\b", re.I)
#: A clause that opens in the first person after a comma or semicolon: "..., my friend
#: marta is driving", "...; i'm doing the boxes".
_OWN_CLAUSE = re.compile(r"[,;]\s*(?:and\s+|so\s+|but\s+)?(?:my|i|i'm|im|i've|ive)\s")
_PRONOUN = re.compile(r"\b(she|he|they|her|his|him|their)\b", re.I)
#: What stands between a subject and the job said of them ("he is now a", "works as an").
_JOB_VERB_WORDS = frozenset(
    ["a", "an", "as", "is", "was", "am", "are", "be", "been", "became", "becomes", "works",
     "work", "worked", "working", "now", "also", "still", "just", "actually"]
)  # fmt: skip
#: Entity types the tagger gives words that name no thing: a time or a count.
_TIME_OR_COUNT = frozenset(["DATE", "TIME", "CARDINAL", "ORDINAL"])
#: similarity(question, texts) -> one score in [-1, 1] per text (an embedder's cosine).
Similarity = Callable[[str, list[str]], list[float]]


@dataclass(frozen=True)
class Candidate:
    """A sentence that might answer: from a turn or paragraph, or a line of a page."""

    text: str
    blocks: tuple[Block, ...]
    rank: int = 0  # search rank; 0 for the subject's own page
    fact: Fact | None = None
    context: bool = False  # a neighbour of a search hit
    antecedent: str = ""  # what was said just before: who "she" or "he" is
    #: The next sentence of the same turn, paragraph or note: a value often follows the
    #: words that name what it is of ("Biscuit hydrotherapy - Aqua Paws. Thursdays 11.15.")
    following: str = ""
    #: The other speaker's question that this turn replies to, when it does: a short
    #: reply ("dog!!") leaves the value in the question ("Is Fado your cat?")
    reply_to: str = ""
    #: The page whose line led here: a turn read in its own words for a page's line
    via: str = ""
    #: ... and that line, for the sentence of the turn it retells: its words and meaning
    #: count for the sentence ("Maya Chen works at Northwind" for "I started at Northwind")
    retold: tuple[str, ...] = ()
    #: The question the turn replies to: the turn before it, by someone else, when that
    #: one asks ("What's a favourite book from your childhood?" before "I loved reading
    #: Charlotte's Web as a kid."). Its words say what the reply is about.
    prompt: str = ""
    #: The speaker's own earlier turn that the reply continues, when the other person's
    #: question came between ("I ran a charity race" - "What did you take from it?" -
    #: "I'm starting to realize self-care matters"): what the reply's "it" is.
    thread: str = ""
    #: A page line among those nearest the question in meaning retells it (the wiki as
    #: an index, `wiki_index.py`): on the question's topic though it shares no word.
    indexed: bool = False

    @property
    def block(self) -> Block:
        return self.blocks[0]

    @property
    def date(self) -> dt.date | None:
        if self.fact is not None and self.fact.date:
            return self.fact.date
        return max((b.date for b in self.blocks if b.date), default=None)

    @property
    def key(self) -> tuple[str, ...]:
        return (self.fact.page if self.fact else "", self.text, self.block.path, self.block.anchor)

    # Stemmed once per candidate: the reader asks for them per question term and again
    # in each of its passes.
    @cached_property
    def _own(self) -> frozenset[str]:
        if self.fact is None:
            return frozenset(terms(" ".join((self.text, *self.retold))))
        return frozenset(terms(self.text) | terms(self.fact.attr or ""))

    @cached_property
    def _context(self) -> frozenset[str]:
        if self.fact is None:
            # A turn is read in its conversation, whose given title says what it is about
            # ("got the tojiro dp 210" in "New chef knife"), and as the reply to the
            # question before it; a document's paragraph or a note's line under its title
            # and section.
            said = terms(self.block.topic) | terms(self.prompt) | terms(self.thread)
            return frozenset(said) - self._own
        return frozenset(terms(self.fact.section) | terms(self.fact.title))

    @cached_property
    def _asked(self) -> frozenset[str]:
        return frozenset(terms(self.prompt)) - self._own - frozenset(terms(self.block.topic))

    def words(self) -> set[str]:
        return set(self._own | self._context)

    def asked_words(self) -> set[str]:
        """Words only the question before the turn says, not the turn itself."""
        return set(self._asked)

    def own_words(self) -> set[str]:
        """Words the line itself says (a fact's label included)."""
        return set(self._own)

    def context_words(self) -> set[str]:
        """Words of where a page line stands: its section heading and page title."""
        return set(self._context)

    @cached_property
    def _thread(self) -> frozenset[str]:
        return frozenset(terms(self.thread)) - self._own

    def thread_words(self) -> set[str]:
        """Words of the speaker's own news that a reply continues."""
        return set(self._thread)


@dataclass
class Subject:
    """Whom the question is about, and every way memory may name them."""

    names: set[str] = field(default_factory=set)  # lower case names and aliases
    phrases: list[str] = field(default_factory=list)  # "my sister"
    pages: set[str] = field(default_factory=set)
    speakers: set[str] = field(default_factory=set)  # lower case: their "I" is the subject
    resolved: str | None = None  # the name a possessive chain led to
    evidence: tuple[Block, ...] = ()  # the blocks that established `resolved`
    chain_done: bool = False  # every link of the chain was resolved to someone
    covered: set[str] = field(default_factory=set)  # chain words the resolved name stands for
    hard: set[str] = field(default_factory=set)  # words that must be said (an unresolved link)
    owner_names: set[str] = field(default_factory=set)  # whose chain it is: never the answer
    mine: bool = False  # the asker themself (or the memory's user): notes and documents are theirs
    question: str = ""  # the question's own words: a possessor it names is its own chain

    @property
    def defined(self) -> bool:
        return bool(self.names or self.phrases or self.pages or self.speakers or self.mine)

    @property
    def name_terms(self) -> set[str]:
        return {t for n in self.names for t in terms(n)}


@dataclass(frozen=True)
class Reading:
    candidate: Candidate
    score: float
    span: str | None  # the short answer, when the question wants a value
    about: str  # how it is about the subject: page, name, phrase, speaker, none
    weak_span: bool = False  # a date taken from when it was said, not from the words
    when: dt.date | None = None  # the date a date answer stands for
    sim: float = 0.0  # closeness in meaning to the question (the embedding model's cosine)
    fit: float = 0.0  # how well it says the question's topic: shared words and closeness
    apart: bool = False  # its name is said in another clause than the thing asked about


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


def _about(
    c: Candidate,
    subj: Subject,
    known_people: set[str],
    dialogues: frozenset[str] = frozenset(),
    asked: frozenset[str] = frozenset(),
) -> str | None:
    """How a candidate is about the subject ("page", "name", "speaker", ...) or None.
    `asked`: the people the question names besides its subject (lower case)."""
    about = _about_said(c, subj, known_people, dialogues, asked)
    if about is None and c.retold and c.via in subj.pages and not _to_other(c, subj):
        # The subject's own page retells this sentence: the wiki read it as about them,
        # though the sentence does not say so ("It was Matt Patterson, he is so
        # talented!" is Melanie's concert, and her page says so).
        return "page"
    return about


def _to_other(c: Candidate, subj: Subject) -> bool:
    """The subject's own words to the other person about the other person's things, in
    the second person only ("Wishing you the best on your adoption journey!", "Glad your
    son is okay"): about the one addressed, though the subject's page retells them."""
    if c.fact is not None:
        return False
    who = (c.block.speaker or "").lower()
    # "your": the thing is theirs ("Been reading that book you recommended" is the
    # speaker's own reading).
    return (
        who in subj.speakers | subj.names
        and bool(re.search(r"\byour\b", c.text, re.I))
        and not _FIRST_PERSON.search(c.text)
    )


def _about_said(
    c: Candidate,
    subj: Subject,
    known_people: set[str],
    dialogues: frozenset[str],
    asked: frozenset[str],
) -> str | None:
    """How a candidate is about the subject by its own words and who said it."""
    if not subj.defined:
        return "none"
    low = c.text.lower().replace("’", "'")
    asked_words = terms(subj.question)
    for p in subj.phrases:
        # "my colleague's best friend" is not "my best friend"; but asked "who runs his
        # studio's social media?", "my dance studio's social media" is the one asked.
        bare = p.removeprefix("my ")
        whose = [
            m.group(1)
            for m in re.finditer(rf"\b(?!my\b)(\w+)'s {re.escape(bare)}\b", low)
            if not terms(m.group(1)) <= asked_words
        ]
        if whose and not re.search(rf"\bmy {re.escape(bare)}\b", low):
            return None
    if c.fact is not None and c.fact.page in subj.pages:
        return "page"
    spoken = c.fact is None or c.fact.speaker is not None
    who = ((c.fact.speaker if c.fact is not None else None) or c.block.speaker or "").lower()
    # Someone else speaking of themselves ("Thanks, Caroline! My family ..."): their "my"
    # is theirs, whoever they address or whatever the sentence shares with the question.
    own_voice = bool(spoken and who and _FIRST_PERSON.search(c.text))
    by_other = own_voice and who not in subj.speakers | subj.owner_names | subj.names
    for n in subj.names:
        if n and re.search(rf"\b{re.escape(n)}\b", low):
            if by_other and _addressed(low, n):
                continue  # "Yeah, Caroline, my family's been great" is about the speaker
            if who and who not in subj.speakers | subj.names and _bare_call(low, n):
                continue  # "Thanks, Gina!" calls out to her and says nothing about her
            return "name"
    # Another person's words about "the tattoo" are about theirs, unless said to the
    # subject ("your tattoo"): "What does Jon's tattoo symbolize?" is not answered by
    # Gina's "Got the tattoo a few years ago".
    other = bool(spoken and who in known_people and who not in subj.speakers | subj.names)
    for p in subj.phrases:
        if _to_other(c, subj) and re.search(rf"\byour {re.escape(p.removeprefix('my '))}\b", low):
            continue  # the subject's "Glad your son is okay" is the other person's son
        if re.search(rf"\b{re.escape(p)}\b", low) and not (by_other and not p.startswith("my ")):
            # Whose chain it is says "my kids" of the kids asked about ("What do Mel's
            # kids like?"): the possessor's own words about them are about them.
            theirs = who in subj.owner_names and re.search(rf"\b(?:my|our) {re.escape(p)}\b", low)
            if other and not (p.startswith("my ") or _SECOND_PERSON.search(c.text) or theirs):
                continue
            return "phrase"
    # "she works theatres at DRI, scrub nurse, ... and id be doing lessons": the speaker's
    # own "id" later on does not make a sentence that opens with "she" theirs.
    opens_with_her = bool(re.match(r"\s*(?:she|he)\b(?!\s+and\s+(?:i|me)\b)", low))
    if c.antecedent and _PRONOUN.search(c.text) and subj.names and (opens_with_her or not by_other):
        before = c.antecedent.lower()
        # Named, not called out to: after "hey Tom! ... my son fell", "he" is the son.
        named = any(
            n and re.search(rf"\b{re.escape(n)}\b", before) and not _addressed(before, n)
            for n in subj.names
        )
        others = {n for n in known_people if re.search(rf"\b{re.escape(n)}\b", low)}
        if named and not others - subj.names:
            return "name"  # "She works as a nurse", just after Mila was named
    if spoken and who and who in subj.speakers:
        if re.match(r"\s*(?:she|he)\b(?!\s+and\s+(?:i|me)\b)", low):
            # "She works as a nurse", "she works theatres ..., so we'd see each other":
            # about someone else, whatever "we" comes later ("she and i" is both; "they"
            # may be things: "They were an important part of our wedding"). A clause of
            # the speaker's own after a comma is theirs: "she'll be up front with me, my
            # friend marta is driving the van".
            return "speaker" if _OWN_CLAUSE.search(low) else None
        if _FIRST_PERSON.search(c.text):
            return "speaker"
        if _SECOND_PERSON.search(_THANKS.sub(" ", c.text)):
            return None  # "Thank goodness your son's okay": about the one addressed
        others = _people_named(c.text, known_people)
        # Neither "I" nor "you": talking to an AI, people tell their own news without
        # pronouns ("weird but good. the manager there is so chill"); between two people
        # it is the speaker's news only inside a turn where they speak of themselves
        # ("Took the kids out. It was awesome!"), not a remark ("Adoption sounds awesome.").
        # A reply to a question put to them ("Any fun plans for the summer?" -
        # "Researching adoption agencies") is their news too.
        own_news = c.block.path not in dialogues or _FIRST_PERSON.search(c.block.text) or c.prompt
        # A person the question names too is no rival ("what does okonkwo want for my
        # figures?" is answered by the speaker's "okonkwo wants everything in viridis").
        if not others - subj.names - subj.speakers - asked and own_news:
            return "speaker"
    if subj.mine and c.fact is None and c.block.role is None:
        return "own"  # the asker's own note or document: nobody else's words
    if c.via in subj.pages and not subj.speakers:
        return "page"  # a turn a line of the page of the thing asked about retells
    return None


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


def _ending(words: list[str]) -> bool:
    # Each word with the one after it: its particle, if it has one ("gave up").
    return any(ending_verb(w, words[i + 1 : i + 2]) for i, w in enumerate(words))


@cache
def _when_words() -> frozenset[str]:
    """Stems that say when or how current, not what ("current", "recently", "october"),
    and question words the stopwords keep ("whose")."""
    words = [*MONTH_NAMES, *WEEKDAY_NAMES]
    words += ["recent", "recently", "lately", "ago", "today", "yesterday"]
    wh = ["who", "whom", "whose", "what", "which", "where", "when", "why", "how"]
    wh += [w + "s" for w in wh]  # typed without the apostrophe: "whos", "whats", "wheres"
    for key in ("current_cues", "past_cues", "earlier_cues", "later_cues"):
        words += [str(w) for w in lexicon()[key]]  # type: ignore[union-attr]
    return frozenset({t for w in words for t in terms(w)} | {stem(w) for w in wh})


def _by_ai(b: Block) -> bool:
    """A turn of an AI assistant (not of a person who happens to hold the assistant
    role, as in a conversation between two people)."""
    if b.role != "assistant":
        return False
    return not b.speaker or (b.speaker.casefold().split() or [""])[0] in AI_SPEAKERS


def _people_named(text: str, known_people: set[str]) -> set[str]:
    """Known people a sentence names, also by a capitalized short form ("Mel" for
    Melanie)."""
    low = text.lower()
    out = {n for n in known_people if re.search(rf"\b{re.escape(n)}\b", low)}
    firsts = {n.split()[0]: n for n in known_people if n}
    for word in re.findall(r"\b[A-Z][a-z]{2,}\b", text):
        w = word.lower()
        hits = [n for f, n in firsts.items() if f != w and f.startswith(w)]
        if len(hits) == 1:
            out.add(hits[0])
    return out


def _bare_call(low: str, name: str) -> bool:
    """A sentence that only calls out to someone ("Thanks, Gina!", "Wow, Caroline!"):
    every mention of the name is a call, and one word at most is left beside it."""
    return _addressed(low, name) and len(terms(low) - terms(name)) <= 1


def _addressed(low: str, name: str) -> bool:
    """Every mention of `name` calls out to them ("Thanks, Caroline!", "Yeah, Mel, ...",
    "... so proud of you, Caroline.") rather than telling about them."""
    n = re.escape(name)
    mentions = len(re.findall(rf"\b{n}\b", low))
    calls = len(
        re.findall(
            rf"(?:^|[,.!?;:(\-–—]\s*|\b(?:hey|hi|hello|thanks|thank you|yeah|yes|wow|oh|aw+|"
            rf"congrats|sorry|dear|ok|okay|well|so)\s+)['\"]?{n}(?=\s*(?:[,.!?;:)\-–—]|$))",
            low,
        )
    )
    return mentions > 0 and calls >= mentions


def shared(want: set[str] | frozenset[str], words: set[str]) -> set[str]:
    """The wanted stems a sentence holds, also as a longer or shorter form of the same
    word ("diet" and "dietari", "practis" and "practic" do not share a Snowball stem)."""
    out = set(want) & words
    for t in want - out:
        forms = len(t) >= 4 and any(_same_word(t, w) for w in words)
        if forms or (len(t) >= 3 and any(_compound_of(t, w) for w in words)):
            out.add(t)
    return out


def _compound_of(t: str, w: str) -> bool:
    """A name made of two words, one of them the word asked ("gym" in "puregym",
    "chat" in "snapchat"): the other part a word of its own, the whole no dictionary
    word ("carpet" is no "car")."""
    if len(w) < len(t) + 3 or not (w.endswith(t) or w.startswith(t)):
        return False
    rest = w[: -len(t)] if w.endswith(t) else w[len(t) :]
    return known(rest) and not known(w)


# What may follow a stem in a longer form of the same word, once Snowball has stemmed
# both: "diet"+"ari", "nutrit"+"i". Anything else makes another word: "motor"+"bik".
_FORM_ENDINGS = frozenset(
    ["i", "y", "e", "s", "al", "an", "ar", "er", "or", "ic", "li", "at", "is", "iz", "ist",
     "ism", "ian", "ari", "ous", "ful", "ive", "abl", "ion", "ment", "ness"]
)  # fmt: skip


def _same_word(t: str, w: str) -> bool:
    if len(w) < 4:
        return False
    short, long = sorted((t, w), key=len)
    if long.startswith(short):
        return long[len(short) :] in _FORM_ENDINGS
    # Two forms that part only at the end ("practis", "practic").
    common = _shared_prefix(t, w)
    return common >= 5 and common >= len(long) - 2


def _idf(q: Question, pool: Sequence[Candidate]) -> dict[str, float]:
    n = max(1, len(pool))
    df = {t: sum(1 for c in pool if t in c.words()) for t in q.terms}
    return {t: 1.0 + math.log(n / (1 + df[t])) for t in q.terms}


@dataclass
class Reader(SpanPicker):
    q: Question
    subj: Subject
    known_people: set[str]  # lower case names of people memory knows
    known_names: set[str]  # lower case proper names seen in memory
    similarity: Similarity | None = None
    common: set[str] = field(default_factory=set)  # words memory writes in lower case
    speakers: set[str] = field(default_factory=set)  # lower case names of who speaks
    proper: set[str] | None = None  # words memory capitalizes mid-sentence (lower case)
    dialogues: frozenset[str] = frozenset()  # sessions where two people talk (no AI)
    #: pages of people (path -> lower case title): their lines are rivals of another's
    person_pages: dict[str, str] = field(default_factory=dict)

    @cached_property
    def _asked(self) -> frozenset[str]:
        return frozenset(n.lower() for n in self.q.names)

    @cached_property
    def _asks_assistant(self) -> bool:
        """The question asks what the assistant said, in the second person ("what did you
        suggest for my back?"): the one asked is the assistant whose turns memory keeps."""
        return bool(_SECOND_PERSON.search(self.q.text))

    @cached_property
    def _plain_question(self) -> str:
        """The question without its time and the subject's name: sharing a name is not
        sharing meaning, and "in April" is when, not what it is about."""
        question = without_time(self.q.text)
        for name in sorted(self.subj.names | self.subj.owner_names, key=len, reverse=True):
            question = re.sub(rf"\b{re.escape(name)}(?:'s)?\b", " ", question, flags=re.I)
        return " ".join(question.split())

    @cached_property
    def _labels(self) -> Labels:
        """The "label: value" fields the question asks about (`labels.py`)."""
        want = set(self.q.terms) - self.subj.name_terms
        return Labels(self._plain_question, want, self.similarity)

    def _asked_fields(self, c: Candidate) -> list[Field]:
        """The asked fields of a turn's, note's or document's line; a page's line has
        its own label (`Fact.attr`)."""
        if c.fact is not None:
            return []
        whole = c.blocks[0].text if len(c.blocks) == 1 else None
        return self._labels.asked(c.text, whole)

    def _tied(self, c: Candidate, span: str | None) -> bool:
        """An amount that measures what a "how much/many" question asks about: "40 g
        salt" for "how much salt goes in it?" (`ties.py`)."""
        if self.q.answer_type != "number" or not span:
            return False
        at = c.text.lower().find(span.lower())
        return at >= 0 and measures(c.text, at, at + len(span), self._measured)

    @cached_property
    def _measured(self) -> set[str]:
        return measured(self.q.text) - self.subj.name_terms

    def _apart(self, c: Candidate, span: str | None) -> bool:
        """A name said in another clause than the thing asked about ("what's my cat
        called?": "a second cat and i said no until after jess's wedding")."""
        if self.q.answer_type != "name" or not span or c.fact is not None:
            return False
        return apart(c.text, span, set(self.q.focus) - self.subj.name_terms - self.subj.covered)

    def _of_another(self, c: Candidate, about: str, span: str | None) -> bool:
        """The asker's own sentence says the verb asked about of someone or something
        else (`ties.said_of_another`): "where do i live?" is not answered by "everything
        lives in obsidian these days"."""
        if (
            self.q.owner != "me"
            or not span
            or c.fact is not None
            or about != "speaker"  # a document says "Tenant pays ..." of the asker by role
        ):
            return False
        return said_of_another(c.text, self._asked_verbs)

    @cached_property
    def _parsed(self) -> Any:
        """The question's parse (spaCy), made once for the readings that need it."""
        from language.nlp import parse

        return parse([self.q.text])[0]

    @cached_property
    def _asked_verbs(self) -> set[str]:
        """The stems of the verbs the question says of the asker ("live" in "where do i
        live now?"; none in "when is ilka coming round to paint my hallway?")."""
        return {
            t
            for tok in self._parsed
            if tok.pos_ == "VERB"
            and tok.lemma_.lower() not in light_verbs()
            and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in tok.children)
            and not any(c.dep_ == "mark" for c in tok.children)  # "if we pay rent late"
            for t in terms(tok.text)
        }

    @cached_property
    def _asked_nouns(self) -> set[str]:
        """The stems of the things the question names ("certificate" in "What did Maria
        receive a certificate for?"): what is done ("receive") may be said in other words
        by anyone, the thing itself is someone's. A noun that says when ("the beginning of
        November", "the week before") names no thing."""
        return {
            t
            for tok in self._parsed
            if tok.pos_ == "NOUN" and tok.ent_type_ not in ("DATE", "TIME")
            for t in terms(tok.text)
        }

    @cached_property
    def _asked_things(self) -> set[str]:
        """The stems of what the question names, by the tagger: its nouns and names, with
        the adjectives that say which ("pet iguana", "European countries", "international
        politics"), not what is done or how ("attend", "describe", "multiple times"),
        which people say in words of their own ("went to")."""

        def thing(tok: Any) -> bool:
            if tok.ent_type_ and tok.pos_ in ("PROPN", "NOUN", "ADJ"):
                return tok.ent_type_ not in _TIME_OR_COUNT  # a name the tagger knows
            # "multiple times" says how often, as "last week" says when.
            return tok.pos_ == "PROPN" or (tok.pos_ == "NOUN" and tok.dep_ != "npadvmod")

        return {
            t
            for tok in self._parsed
            if thing(tok) or (tok.pos_ == "ADJ" and tok.dep_ == "amod" and thing(tok.head))
            for t in terms(tok.text)
        }

    def _labelled(self, c: Candidate, span: str | None) -> bool:
        """The span is the value of a field whose label is what was asked ("Monthly rent:
        289.00 EUR" for the monthly payment), as a page's attribute line is."""
        if not span:
            return False
        at = c.text.lower().find(span.lower())
        return at >= 0 and field_of(self._asked_fields(c), at, at + len(span)) is not None

    @cached_property
    def asks_money(self) -> bool:
        """A "how much" after money ("how much is the rent?", "what do i make an hour?"),
        not a quantity ("how much Metacam does he get?"): by the example questions it is
        nearest to (`amount_asked` in language/data/prototypes.json)."""
        if self.q.answer_type != "number" or self.similarity is None:
            return False
        if re.search(r"\bhow many\b", self.q.text, re.I):
            return False  # a count ("how many contact hours")
        if self.asks_code:
            return False
        return nearer(self.similarity, self.q.text, "amount_asked") == "money"

    @cached_property
    def asks_code(self) -> bool:
        """A number that names something ("what's the booking reference?", "the phone
        number for the clinic"): answered by a code, not an amount ("NM-4471-20", not
        "4471"); by the example questions it is nearest to (`code_asked`)."""
        if self.q.answer_type != "number" or self.similarity is None or self.q.wh == "how":
            return False
        # Nearer the codes than the amounts is not enough when both are far: "what did i
        # score on my part 3 test?" is 0.23 from the codes, "whats my policy number" 0.61.
        return nearer(self.similarity, self.q.text, "code_asked", CODE_MARGIN, CODE_FLOOR) == "code"

    def read(self, pool: Sequence[Candidate]) -> list[Reading]:
        """Every candidate that can answer, best first."""
        q = self.q
        idf = _idf(q, pool)
        self._labels.weigh(idf)
        skip = {t for w in type_nouns() for t in terms(w)} | {
            t
            for w in lexicon()["generic_verbs"]
            for t in terms(str(w))  # type: ignore[union-attr]
        }
        # The question's own topic: not the subject's name, not "kind of answer" words nor
        # light verbs, unless nothing else is left ("Where does Oskar work?" is "work").
        names = self.subj.name_terms
        types = {t for w in type_nouns() for t in terms(w)}
        topic = (
            (set(q.terms) - names - skip) or (set(q.terms) - names - types) or set(q.terms) - names
        )
        # Past a resolved hop, the words that named it ("my brother") answer nothing.
        topic -= self.subj.covered
        if self.subj.resolved:  # nor does the name of whose relative it is
            topic -= {t for n in self.subj.owner_names for t in terms(n)}
        dominant = {t for n in dominant_names(q, pool) for t in terms(n)}
        # "Bar Lupita", which most evidence says, selects nothing; then the kind of answer
        # asked for does ("salary" in "what's Tomás's salary at Bar Lupita?").
        if topic and topic <= dominant:
            topic = (set(q.terms) - names - dominant - self.subj.covered) or topic
        else:
            topic = (topic - dominant) or topic
        total = sum(idf.get(t, 1.0) for t in topic) or 1.0
        # What a bare value is of: the question's words but names and light verbs ("rent"
        # in "how much rent do i pay", "metacam" in "how much Metacam does Biscuit get").
        generic = {t for w in lexicon()["generic_verbs"] for t in terms(str(w))}  # type: ignore[union-attr]
        value_words = set(q.terms) - names - generic - {"much", "mani", "long", "often"}
        # A name most of the evidence says ("Bar Lupita" in "Tomás's salary at Bar
        # Lupita") tells no value from another: "salary" must be there.
        value_words = (value_words - dominant) or value_words
        dated = sorted({c.date for c in pool if c.date})
        # "on May 23, 2023", "in June": what was said then, or in the days after.
        scope = asked_time(q.text, dated[-1] if dated else None)
        # Cheap checks first; sentence embeddings only for what is left (at most
        # MAX_EMBED, the best matched first), since embedding is the slow part.

        head_words = terms(q.head) if self._one_kind_asked else set()
        # A focus word nothing memory returned says ("ggplot" when the user only ever
        # wrote "theme_classic", "surcharge" for "a 2 euro extra") cannot be asked of any
        # sentence: it must be there in other words (`_mentioning`), and the sentence is
        # held to the focus words memory does say, when there are some.
        said = set().union(*(c.words() for c in pool)) if pool else set()
        focus_said = {t for t in q.focus if shared({t}, said)}
        base_focus = focus_said or set(q.focus)
        # A word of the question that nothing memory returned says ("studying", when the
        # user wrote "my kid's doing nursing at the college") is said by a sentence's word
        # near it in meaning ("college", by the embedding model, as in `_mentioning`).
        unsaid = {
            t: w
            for t in (set(topic) | set(q.focus)) - self.subj.covered - _when_words()
            if not shared({t}, said)
            for w in self._surface({t})[:1]
        }

        def fit_words(c: Candidate, about: str) -> tuple[set[str], float, float]:
            """The focus words, the share of them said, and the question's topic words
            said (weighted by rarity)."""
            words = c.words()
            own_words = c.own_words()
            if unsaid and about in ("phrase", "name"):
                # Only a sentence that names whom it is about (their name, "my kid"):
                # every sentence of the asker's is about them, and "home" in "the depot
                # is a trek from home" is no word for where they live.
                own_words |= self._stand_ins(c, unsaid)
                words |= own_words
            # Someone else's sentence is a rival by their own words: the question they
            # were answering does not make it theirs ("Got any fave styles?" asked of
            # them is no sign the style asked about is theirs rather than the subject's).
            asked = c.asked_words() if about == "rival" else set()
            words -= asked
            # Past a resolved hop, or said in a word for what it is ("my kid" for "my
            # daughter"), the words that named whom are said by being about them.
            focus = set(base_focus) - self.subj.covered
            if about in ("name", "page", "phrase", "speaker", "own", "rival"):
                focus -= self.subj.name_terms
            if head_words & focus and not shared(head_words, words) and self._kinds_asked(c.text):
                words = words | head_words  # "sage green" says which colour
            if self._of_attribute(c) or self._asked_fields(c):
                # "Manager: Andre" is what "who's my boss?" asks, in other words; so is
                # a document's "Monthly rent: 289.00 EUR" for the monthly payment.
                return focus, 1.0, 1.0
            focus_frac = len(shared(focus, words)) / len(focus) if focus else 1.0
            own = shared(topic, own_words)
            # A reply says nearly as much as its own words what the news it continues
            # said: "it" in "It taught me self-acceptance" is the book of two turns before.
            thread = shared(topic - own, c.thread_words())
            # A heading ("## Work") says less about a line than the line's own words.
            near_words = shared(topic - own - thread, c.context_words() - asked)
            matched = (
                sum(idf.get(t, 1.0) for t in own)
                + THREAD_WEIGHT * sum(idf.get(t, 1.0) for t in thread)
                + 0.5 * sum(idf.get(t, 1.0) for t in near_words)
            ) / total
            return focus, focus_frac, matched

        # Another person's own words about the question's topic: see `whose.py`.
        rivals: list[tuple[Candidate, float, float]] | None = (
            [] if subject_person(self.subj, self.known_people) else None
        )
        kept: list[tuple[Candidate, str, set[str], float, float]] = []
        # Which words each side says: the subject's sentences (with the question each
        # replies to) and the other people's own (`whose.theirs_only`).
        subject_words: set[str] = set()
        other_words: set[str] = set()
        speaks = False  # ... when the subject has turns of their own to say it in
        for c in pool:
            if is_question(c.text):
                continue  # a question asked is not an answer given
            if c.fact is not None and not c.fact.attr and c.text.strip(" .") in c.fact.links:
                continue  # a bare link ("- [[Home server project]]") points; it says nothing
            if c.fact is None and _by_ai(c.block) and not self._asks_assistant:
                # What an AI assistant says is never a fact about the user or the user's
                # world: "Models like the Dennis Premier are common choices" names no
                # roller the club got. Said only by the assistant, it is declined.
                continue
            about = _about(c, self.subj, self.known_people, self.dialogues, self._asked)
            if rivals is not None:
                by_subject = said_by_subject(c, self.subj)
                speaks = speaks or by_subject
                if about is not None or by_subject:
                    subject_words |= c.words() | (terms(c.block.text) if c.fact is None else set())
                elif said_by_other(c, self.subj, self.known_people) and speaks_of_self(c):
                    other_words |= c.own_words()
            if about is None:
                if rivals is not None and is_rival(
                    c, self.subj, self.known_people, self.person_pages
                ):
                    focus, focus_frac, matched = fit_words(c, "rival")
                    if matched > 0 and (not q.typed or self.span(c)[0]):
                        # Asked for a value ("what does tiago do for work?"), another
                        # person's words are a rival only when they hold one of its kind:
                        # the asker's "i charge 12 euro/hour" says "work", not a job.
                        rivals.append((c, focus_frac, matched))
                continue
            focus, focus_frac, matched = fit_words(c, about)
            # No shared word and not a top search hit: not worth embedding (unless the
            # subject's page retells it).
            retells = bool(c.retold) and c.via in self.subj.pages
            found_late = (c.rank > 3 or c.context) and not retells
            labelled = bool(self._asked_fields(c))  # "Monthly rent:" for the payment
            late = matched == 0 and about in ("none", "speaker", "own") and found_late
            if late and not labelled and not (about == "speaker" and self._job_said(c)):
                continue
            kept.append((c, about, focus, focus_frac, matched))

        def said_then(c: Candidate) -> bool:
            """Said at the time the question names, or within the week after."""
            return bool(scope and c.date and scope[0] <= c.date <= scope[1] + REPORTED_WITHIN)

        def cheap(k: tuple[Candidate, str, set[str], float, float]) -> float:
            """The part of a reading's score known before embedding: its words, whose it
            is, and whether it was said at the time asked about ("on 16 August"). The
            best of these are embedded; a turn of that day is weighed though other days
            share more of the question's words."""
            c, about, _, focus_frac, matched = k
            then = IN_SCOPE if said_then(c) else 0.0
            return matched + 0.5 * focus_frac + ABOUT_BONUS.get(about, 0.0) + then

        kept.sort(key=lambda k: (-cheap(k), k[0].rank, k[0].key))
        # The turns the wiki's nearest lines lead to are weighed whatever their words.
        kept = kept[:MAX_EMBED] + [k for k in kept[MAX_EMBED:] if k[0].indexed]
        rivals = sorted(rivals or [], key=lambda r: (-(r[2] + 0.5 * r[1]), r[0].rank, r[0].key))
        rivals = rivals[:MAX_RIVALS]
        sims = self._similarities([k[0] for k in kept] + [r[0] for r in rivals])
        rival_fits = [
            matched + 0.5 * focus_frac + SIM_WEIGHT * max(sim, 0.0)
            for (_, focus_frac, matched), sim in zip(rivals, sims[len(kept) :], strict=True)
        ]
        sims = sims[: len(kept)]
        out: list[Reading] = []
        for (c, about, focus, focus_frac, matched), sim in zip(kept, sims, strict=True):
            sim = max(sim, self._labels.asked_sim(c.text) if c.fact is None else 0.0)
            # The focus may go unsaid when the meaning is close, or when the sentence is
            # about the person a chain led to and shares the rest of the question.
            chained = about in ("name", "page", "phrase") and self.subj.resolved is not None
            if chained and set(c.blocks) <= set(self.subj.evidence):
                continue  # the sentence that said who they are says nothing more
            span, weak, when = self.span(c)
            if (not span or weak) and q.typed and c.following and not is_question(c.following):
                # The value in the next sentence of the same block, when this one names
                # what it is of: scored a little below a value in the sentence itself.
                nxt, nxt_weak, nxt_when = self.span(replace(c, text=c.following))
                if nxt and not nxt_weak:
                    span, weak, when = nxt, False, nxt_when
                    sim -= 0.05
                    c = replace(c, text=f"{c.text} {c.following}", following="")
            if not span and q.typed and c.reply_to and len(WORD.findall(c.text)) <= SHORT_REPLY:
                # "Is Fado your cat?" - "dog!!": the reply confirms or corrects the
                # question it answers, whose value it does not repeat.
                asked, asked_weak, asked_when = self.span(replace(c, text=c.reply_to))
                if asked and not asked_weak:
                    span, weak, when = asked, False, asked_when
                    sim -= 0.05
            replied = False
            if not span and q.answer_type == "name" and c.reply_to:
                # "What's his name?" - "pickles lol.": the reply is the name asked.
                span = named_in_reply(c.text, analyse(c.reply_to).answer_type == "name")
                replied = span is not None
            by_meaning = False
            if not span and self._value_by_meaning(c, about, sim):
                span = _value(c.fact)  # type: ignore[arg-type]
            if not span and chained and self.category:
                span = self._category_span(c)
                by_meaning = span is not None
            # About the person a chain led to, a value of the wanted kind is an answer
            # even in other words ("visit Rafael at home in Leipzig").
            hop = chained and bool(span) and (not weak or q.answer_type == "place")
            hard = self.subj.hard and not self._of_attribute(c)  # "my boss": Manager
            if hard and len(shared(self.subj.hard, c.words())) < len(self.subj.hard):
                if not self._thing_said_before(c):
                    continue
                if focus:  # ... and counts as said for the focus too
                    focus_frac = len(shared(focus, c.words() | self.subj.hard)) / len(focus)
            if span and not weak and focus_frac < 1.0 and self._kind_named(c, span, pool):
                # "Ill try Moonlight next year" names a variety, as the conversation says
                # ("varieties like 'Moonlight'"): the kind asked for is said of the value.
                focus_frac = len(shared(focus, c.words() | head_words)) / len(focus)
            # Half the focus said on the day the question names ("What exciting news did
            # Maria share on 16 June?": "I got some great news to share") is as near.
            partial = focus_frac >= 0.5 and (sim >= SIM_PARTIAL or said_then(c))
            near = sim >= SIM_FOCUS or partial or c.indexed
            if focus and focus_frac < 1.0 and not near and not (chained and matched) and not hop:
                continue
            # A line of the subject's own page is short and already about the subject.
            retells = bool(c.retold) and c.via in self.subj.pages
            bar = SIM_PAGE if about == "page" or retells else SIM_TOPIC
            # "im a proper driving instructor now" answers "what do i do for a living?"
            # without a word of it: a job said of oneself is on the topic by its kind.
            # So is a job said of the subject by name or pronoun ("his name is Tiago, he
            # is a fisherman in Sesimbra"), not of someone beside them ("Tiago's dad is").
            own_job = (
                q.answer_type == "occupation"
                and span
                and not weak
                and (about == "speaker" or (about == "name" and self._job_of_subject(c.text, span)))
            )
            unmatched = (
                matched == 0 and (not focus or focus_frac == 0) and sim < bar and not c.indexed
            )
            if unmatched and not hop and not own_job:
                continue
            value_of = q.answer_type in VALUE_TYPES and value_words and sim < SIM_MENTION
            if value_of and not shared(value_words, c.words()) and not self._asked_fields(c):
                continue  # "how much Metacam": "he's 11" is a number, not about Metacam
            fit = matched + 0.5 * focus_frac + SIM_WEIGHT * max(sim, 0.0)
            score = fit
            score += ABOUT_BONUS.get(about, 0.0)
            if about == "page" and not (c.fact and c.fact.attr):
                # A plain line of the subject's page retells one of their turns: it is as
                # much about them as the turn, no more ("Gina is working on her online
                # store" must not beat her own "make my customers feel cozy").
                score -= ABOUT_BONUS["page"] - ABOUT_BONUS["speaker"]
            if q.typed:
                score += 0.45 if span and not weak else (0.15 if span else -0.3)
                score += LABELLED if replied or self._tied(c, span) else 0.0
                score += SLOTTED if self._in_slot(c.text, span) else 0.0
                score -= APART if self._apart(c, span) else 0.0
                if span and q.answer_type == "name" and _PLURAL.search(q.text):
                    # "who are the two cleaners?": the names said together, not one of them
                    several = len(_LIST_GAP.split(span)) > 1
                    score += LABELLED if several else -APART
                if self._labelled(c, span):
                    score += LABELLED
                    # "Site: C; Elevation: 3,050 m": the row the question names ("site C")
                    score += LABELLED if self._labels.row_named(c.text, q.text) else 0.0
                score -= 0.2 if by_meaning else 0.0  # a guess by meaning, below a pattern
            elif span and (focus_frac == 1.0 or hop or self._value_by_meaning(c, about, sim)):
                score += 0.3
            if c.fact is not None and len(c.text.split()) <= 3 and not c.fact.attr:
                score -= 0.2  # a bare link line points somewhere; it states nothing
            # What was said last holds now: for an amount of the wanted unit, not "16 hours"
            # said last when a pay rate was asked for.
            score += self._time_bonus(c, [] if q.answer_type == "number" and weak else dated)
            if said_then(c):
                score += IN_SCOPE
            if (
                (q.current or q.lately)
                and span
                and q.answer_type != "number"
                and _ended(c.text, span)
            ):
                score -= ENDED  # "the wusthof is retired": what held, not what holds now
            if q.past and span and c.fact is None:
                # "where did i use to work?": "i used to work at a bakery", not "now at
                # kestrel logistics"
                at = c.text.lower().find(span.lower())
                score += ENDED * said_of_before(c.text, at, at + len(span)) if at >= 0 else 0.0
            if self._of_another(c, about, span):
                continue  # "everything lives in obsidian" for "where do i live?"
            if _by_ai(c.block) and c.fact is None:
                # Asked what the assistant said ("what did you suggest?"), its advice
                # still comes after what the user said of the same thing.
                score -= 0.35
            score -= 0.02 * min(c.rank, 10) + (0.05 if c.context else 0.0)
            out.append(Reading(c, score, span, about, weak, when, sim, fit, self._apart(c, span)))
        out.sort(key=lambda r: (-r.score, r.candidate.rank, r.candidate.key))
        out = self._mentioning(out, topic, pool)
        if self._one_kind_asked and concrete(q.head or ""):
            # "what car": a sentence that names a car. "What advice" is answered by what
            # was advised, which names no "advice".
            out = self._naming_kind(out)
        if rival_wins([subject_fit(r) for r in out[:1]], rival_fits):
            return []  # what was asked about is another person's (see whose.py)
        nouns = {t for t in topic if t in self._asked_nouns}
        if speaks and theirs_only(nouns, subject_words, other_words, shared):
            return []  # ... or only the other person ever says it
        if (q.current or q.lately) and out:
            # Not said "now": the later value is one the same person said (a document is
            # dated when it was captured, which says nothing of when it held).
            out = _latest_first(out, strict=q.answer_type == "number", same=not q.current)
        values = ("thing", "place", "name") + (("number",) if q.current else ())
        if out and out[0].span and q.answer_type in values and not q.past:
            out = self._superseded(out, pool)  # a question about before wants the old value
        if out and out[0].span and not q.past:
            when = asked_time(q.text, dated[-1] if dated else None)
            if when is not None or q.current or q.present:
                out = _value_at(out, when)
        if out and q.past:
            out = self._value_before(out)
        return out

    def _value_before(self, readings: list[Reading]) -> list[Reading]:
        """For a question about before ("where did i work before lumen?", "... used to"):
        when the best answer is a page's current value of an attribute, the latest of the
        values the page dates as held before answers; without one, the turn the current
        value was read from, which often says the old one too ("handed in my notice at
        harbourview, starting at lumen health"). The current value itself is no answer."""
        best = readings[0].candidate.fact
        if best is None or not best.attr or best.historic:
            return readings

        def same(f: Fact | None) -> bool:
            return (
                f is not None
                and f.page == best.page
                and terms(f.attr or "") == terms(best.attr or "")
                and f.value != best.value
            )

        olds = [r for r in readings if r.candidate.fact and r.candidate.fact.historic]
        olds = [r for r in olds if same(r.candidate.fact)]
        if olds:
            pick = max(olds, key=lambda r: (r.candidate.date or dt.date.min, r.score))
            return [pick, *(r for r in readings if r is not pick)]
        rest = [r for r in readings if r.candidate.fact is not best]
        current = (best.value or "").lower()
        for block in best.blocks:
            turn = Candidate(block.text, (block,), readings[0].candidate.rank)
            span, weak, when = self.span(turn)
            if span and not weak and span.lower() not in current:
                top = replace(readings[0], candidate=turn, span=span, when=when)
                return [top, *rest]
        return rest

    def _stand_ins(self, c: Candidate, unsaid: dict[str, str]) -> set[str]:
        """The stems of `unsaid` (question stems no evidence says, with the question's own
        word for each) that a word of the sentence says in other words (`_close`)."""
        words = [
            w
            for w in dict.fromkeys(WORD.findall(c.text.lower()))
            if len(w) > 2 and w not in stopwords() and not w.isdigit()
        ]
        return {t for t, w in unsaid.items() if words and self._close(w, words)}

    def _job_said(self, c: Candidate) -> bool:
        """Asked what someone does for work, their own sentence says a job, though no
        word of the question ("been on nights at the depot, forklift driver"): search
        found it late, having no "work" to match."""
        if self.q.answer_type != "occupation":
            return False
        span, weak, _ = self.span(c)
        return bool(span) and not weak

    def _thing_said_before(self, c: Candidate) -> bool:
        """A thing of the asker's that the question names ("my allotment") may go unsaid
        in a sentence when the turns just before it say it: "Ken built the shed on 14B",
        after a talk of the allotment. A person ("my sister") must be said in the
        sentence itself, or it may be anyone's."""
        from validators.lexicon import names_agent

        hard = self.subj.hard
        stems = {t: [w for w in WORD.findall(self.q.text.lower()) if terms(w) == {t}] for t in hard}
        if any(not words or any(names_agent(w) for w in words) for words in stems.values()):
            return False
        return len(shared(hard, terms(c.antecedent))) == len(hard)

    def _job_of_subject(self, text: str, job: str) -> bool:
        """Whether the job is said of the subject: the words before it, past the verb and
        article ("is a", "works as a"), end with the subject's name or a pronoun."""
        at = text.lower().find(job.lower())
        if at < 0:
            return False
        words = WORD.findall(text[:at].lower())
        while words and words[-1] in _JOB_VERB_WORDS:
            words.pop()
        if not words:
            return False
        names = {w for n in self.subj.names for w in WORD.findall(n)}
        return words[-1] in names or words[-1] in ("he", "she", "they")

    def _mentioning(
        self, readings: list[Reading], topic: set[str], pool: Sequence[Candidate]
    ) -> list[Reading]:
        """Only readings that mention what was asked about. A word of the question that
        nothing memory returned says ("iguana") must be there in other words: a word of
        the evidence close in meaning ("lizard", by the embedding model) or spelt nearly
        alike ("dentsit"); with several such words, half of them; or the sentence says the
        question in other words. "Pets bring so much joy" does not answer "What is my pet
        iguana called?"."""
        said = set().union(*(c.words() for c in pool)) if pool else set()
        unsaid = {t for t in topic if not shared({t}, said) and not t.isdigit()}
        unsaid -= self.subj.covered | _when_words()
        unsaid -= {t for option in self.q.choices for t in terms(option)}  # one is unsaid
        unsaid -= self._verb_phrase_words()
        # A thing never said is not there; a verb or a manner never said may be, in
        # other words ("went to a convention" for "attend").
        unsaid &= self._asked_things
        if self.q.answer_type in ("date", "time") and self._asked_things - unsaid:
            # "when is my dentist appointment?": an occasion ("appointment", "check-up",
            # no thing one can touch, by WordNet) goes without saying beside the word
            # that says which ("the dentist moved me to the 14th"); the day is checked.
            unsaid = {t for t in unsaid if any(concrete(w) for w in self._surface({t}))}
        if not unsaid or not readings:
            return readings
        surface = self._surface(unsaid)
        # A name is said or misspelt, never said in other words: "France" is not
        # "England", however near the embedding model puts them.
        named = {w for n in self.q.names for w in WORD.findall(n.lower())}
        # "What colour is it?" is answered by "white", which says no "colour".
        head = self.q.head if self._one_kind_asked else None
        kept = []
        for i, r in enumerate(readings):
            if i >= MAX_MENTION:
                break
            c = r.candidate
            # ... in the sentence, what was said around it, the question it replies to, or
            # a page line that retells it ("saw Matt Patterson in concert").
            texts = [c.text, c.antecedent, c.prompt, c.thread, *c.retold]
            texts += [b.text for b in c.blocks]
            words = list(
                dict.fromkeys(
                    w
                    for t in texts
                    for w in WORD.findall(t.lower())
                    if len(w) > 2 and w not in stopwords() and not w.isdigit()
                )
            )
            # Half of them, rounded up: "dentist check-up" tells when the "dentsit
            # appointment" is, though "appointment" is nowhere near "check-up".
            close = sum(
                self._close(word, words, by_meaning=word not in named)
                or (word == head and bool(self._kinds_asked(c.text)))
                for word in surface
            )
            labelled = self._of_attribute(c) or bool(self._asked_fields(c))
            # A job found says "job" and "work": "forklift driver" is what was asked.
            job = self.q.answer_type == "occupation" and bool(r.span) and not r.weak_span
            labelled = labelled or job
            if r.sim >= SIM_MENTION or 2 * close >= len(surface) or labelled:
                kept.append(r)  # a value of the attribute asked after says it in its label
        return kept

    def _naming_kind(self, readings: list[Reading]) -> list[Reading]:
        """None when no reading of the best MAX_MENTION names a thing of the kind asked
        for ("what car do i drive?": a car, by WordNet, a name or the embedding model;
        `kinds.py`): sentences that share the question's other words ("drive", "play")
        and name no car are no answer."""
        for r in readings[:MAX_MENTION]:
            if self._names_head(r.candidate):
                # One of them names the kind: what memory says of it may be in a sentence
                # beside ("Highly recommend it!" after the title), so their order stands.
                return readings
        return []

    def _names_head(self, c: Candidate) -> bool:
        """The sentence (or a page line retelling it) names a thing of the kind asked
        for (`kinds.names_kind`): "got a new resurfacer" names a machine, though the
        word is in no dictionary."""
        head = self.q.head or ""
        exclude = set(WORD.findall(self.q.text.lower())) - {head}
        exclude |= self.known_people | self.speakers | self.subj.names | self.subj.owner_names
        texts = [c.text, *c.retold]
        return any(names_kind(t, head, self.similarity, exclude, self.proper or ()) for t in texts)

    def _verb_phrase_words(self) -> set[str]:
        """The stems of a verb the question says in two words ("keep track of", "look
        after"): what is done, not the thing asked about, so they need not be said."""
        words = WORD.findall(self.q.text.lower())
        out: set[str] = set()
        for a, b in pairwise(words):
            if phrasal_verb(a, b):
                out |= terms(f"{a} {b}")
        return out

    def _surface(self, stems: set[str]) -> list[str]:
        """The question's own words behind some stems ("iguana" for "iguana")."""
        out = []
        for w in WORD.findall(self.q.text.lower()):
            if terms(w) & stems and w not in out:
                out.append(w)
        return out

    def _close(self, word: str, words: list[str], by_meaning: bool = True) -> bool:
        """A word of the evidence that is this word misspelt ("dentsit") or close in
        meaning."""
        from rapidfuzz import fuzz

        if any(len(w) >= 4 and fuzz.ratio(word, w) >= SPELLING for w in words):
            return True
        # Another form of the word, or its cognate: "declaration" and "declaração" share
        # their first seven letters.
        if any(_shared_prefix(word, w) >= max(PREFIX, 0.7 * min(len(word), len(w))) for w in words):
            return True
        if self.similarity is None or not words or not by_meaning:
            return False
        return max(self.similarity(word, words)) >= SIM_WORD

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
            ]
            if others:
                new = min(others, key=lambda sp: abs(sp.start - at.start()))
                whole = replace(c, text=text, following="")
                latest = Reading(whole, best.score + 0.01, new.text, best.about)
                value, ref = new.text.lower(), c
                said = re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.I)
        return latest

    def _value_by_meaning(self, c: Candidate, about: str, sim: float) -> bool:
        """A current value the asker's page keeps ("Tools and tech: calendar"), whose
        line is close in meaning to a question about now though no word of its label is
        asked ("what do i use to keep track of ... these days?"): its value answers."""
        f = c.fact
        return bool(
            self.q.current
            and about == "page"
            and f is not None
            and f.attr
            and f.value
            and not f.historic
            and sim >= SIM_FOCUS
        )

    def _similarities(self, pool: Sequence[Candidate]) -> list[float]:
        if self.similarity is None or not pool:
            return [0.0] * len(pool)
        question = self._plain_question
        texts = [c.text for c in pool]
        # A fact's label alone ("Employer") says best what the line is about; a page line
        # says what the turn it retells is about.
        labels = [c.fact.attr for c in pool if c.fact is not None and c.fact.attr]
        retold = [line for c in pool for line in c.retold]
        sims = list(self.similarity(question, texts + labels + retold))
        by_label = iter(sims[len(texts) : len(texts) + len(labels)])
        by_line = iter(sims[len(texts) + len(labels) :])
        out = []
        for c, sim in zip(pool, sims[: len(texts)], strict=True):
            if c.fact is not None and c.fact.attr:
                sim = max(sim, next(by_label))
            for _ in c.retold:
                sim = max(sim, next(by_line))
            out.append(sim)
        return out

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

    def _kind_named(self, c: Candidate, span: str, pool: Sequence[Candidate]) -> bool:
        """Whether the value is named as one of the kind asked for ("which variety")
        where it is said again in the same conversation or document: a sentence there
        says both the value and the kind ("self-pollinating varieties like 'Moonlight'"),
        though the sentence read says only the value ("Ill try Moonlight next year")."""
        if not self._one_kind_asked or c.fact is not None:
            return False
        kind = terms(self.q.head or "")
        if not kind or shared(kind, c.words()):
            return False
        value = re.compile(rf"(?<!\w){re.escape(span)}(?!\w)", re.I)
        return any(
            o.fact is None
            and o.block.path == c.block.path
            and o.text != c.text
            and value.search(o.text)
            and shared(kind, o.own_words())
            for o in pool
        )


#: Words of a reply short enough to lean on the question it answers ("dog!!", "yes,
#: the blue one").
SHORT_REPLY = 3


def asks_several(q: Question) -> bool:
    """The question asks for several things: a plural category ("What pets does she
    have?"), "who are", "both", "names"."""
    return bool(q.head and _plural(q.head)) or bool(_PLURAL.search(q.text))


def nearness(similarity: Similarity, text: str, group: str) -> dict[str, float]:
    """Per label of `group` (language/data/prototypes.json), how near `text` is to its
    examples: the mean of its three closest."""
    from language import prototypes

    return {
        label: sum(sorted(similarity(text, examples), reverse=True)[:3]) / 3
        for label, examples in prototypes()[group].items()
    }


def nearer(
    similarity: Similarity, text: str, group: str, margin: float = 0.0, floor: float = -1.0
) -> str | None:
    """The label of `group` (language/data/prototypes.json, two labels) whose example
    questions `text` is nearest to: the mean of its three closest examples. The first
    label wins only by `margin` and when it is `floor` near at least; None when neither
    does."""
    near = nearness(similarity, text, group)
    first, second = list(near)
    if near[first] > near[second] + margin and near[first] >= floor:
        return first
    return second if near[second] >= near[first] else None


#: A number question asks for a code when its examples are nearer by this much.
CODE_MARGIN = 0.05
#: ... and they are this near at least (mean of the three nearest).
CODE_FLOOR = 0.45


#: A question is after an attribute when its example questions are nearer than those of
#: any other attribute and of "none" by this much (mean top-3 cosine similarity).
ATTRIBUTE_MARGIN = 0.1


def nearest_attribute(similarity: Similarity, text: str) -> str | None:
    """The attribute (group `attribute_asked` of language/data/prototypes.json) whose
    example questions `text` is nearest to by ATTRIBUTE_MARGIN, else None."""
    from language import prototypes

    examples = prototypes()["attribute_asked"]
    near = {
        label: sum(sorted(similarity(text, ex), reverse=True)[:3]) / 3
        for label, ex in examples.items()
    }
    ranked = sorted(near, key=lambda k: -near[k])
    best, second = ranked[0], ranked[1]
    if best == "none" or near[best] - near[second] < ATTRIBUTE_MARGIN:
        return None
    return best


def dominant_names(q: Question, pool: Sequence[Candidate], least: int = 3) -> set[str]:
    """The question's names that at least `least` blocks of the pool say ("Bar Lupita" in
    "what's Tomás's salary at Bar Lupita?"): they select nothing among what was found."""
    texts = {(b.path, b.anchor): b.text.lower() for c in pool for b in c.blocks}
    return {
        n
        for n in q.names
        if sum(1 for t in texts.values() if re.search(rf"\b{re.escape(n.lower())}\b", t)) >= least
    }


def _shared_prefix(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _latest_first(
    readings: list[Reading], strict: bool = False, same: bool = False
) -> list[Reading]:
    """For "now" questions: among answers nearly as good as the best, the one said last
    is what holds now (a page can lag behind the newest session); with `same`, only
    among those the best one's speaker said."""
    best = readings[0]
    who = (best.candidate.block.speaker or "").lower()
    # Said later, but about something else ("need 16 hours" for "what do i make an
    # hour now?"), it is no newer value of the same thing.
    close = [
        r
        for r in readings
        if r.span
        and r.candidate.date
        and r.score >= best.score - CURRENT_MARGIN
        and r.sim >= best.sim - SIM_LATER
        and (best.weak_span or not r.weak_span or not strict)  # nor "16 hours" for a pay
        # nor a name said of something else: "marcus wants a second cat and i said no
        # until after jess's wedding" names no cat
        and not r.apart
        and (not same or (r.candidate.block.speaker or "").lower() == who)
    ]
    if not close:
        return readings
    latest = max(close, key=lambda r: (r.candidate.date, r.score))
    return [latest, *(r for r in readings if r is not latest)]


__all__ = [
    "Candidate",
    "Reader",
    "Reading",
    "Similarity",
    "Subject",
    "dominant_names",
    "nearest_attribute",
]
