"""Reading candidates the way a careful reader would: is this sentence about the subject,
does it tell (not ask), does it hold the kind of value the question wants, is it the
current value? The best candidate and its answer span make the answer.

The reader's parts: the candidate and reading types (`reading.py`), whether a sentence
is about the subject (`about.py`), what the question asks (`facets.py`), whether a value
fits it (`fit.py`), whether the evidence mentions what was asked (`mention.py`), which
value holds now (`recency.py`) and the answer span itself (`picker.py`).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from language.dates import is_date_word
from language.names import names_a_place
from language.refer import REACH, person_before, refers_to, speaks_of_earlier, speaks_of_someone
from validators.lexicon import concrete, usually_a

from .about import _about
from .evidence import Block
from .kinds import capitalised_within
from .labels import fields
from .mention import MAX_MENTION, SIM_MENTION, Mentions
from .offered import several as offers_several
from .picker import _LIST_GAP, _PLURAL, _names_job, _plural, _value
from .question import (
    Question,
    analyse,
    asked_time,
    how_degree,
    time_clause,
    time_clause_terms,
    type_nouns,
)
from .reading import Candidate, Reading, Similarity, Subject, _by_ai
from .recency import ENDED, Currency, _ended, _latest_first, _value_at, said_of_before
from .text import WORD, is_question, lexicon, terms
from .ties import named_in_reply
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
from .wordmatch import _when_words, shared

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
#: Weight of a word the question says only in a clause of time ("before i moved").
TIME_CLAUSE_WEIGHT = 0.5
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
#: The words that join a reason to what it explains ("started climbing because the physio
#: said", "bc", "so that", "that's why"), as people type them: a closed class of English.
_REASON = re.compile(
    r"\b(?:because|bc|cos|coz|cuz|'cause|so that|in order to|the reason"
    r"|(?:that'?s|which is) why)\b",
    re.I,
)
#: A name said apart from the thing asked about is likely another's (`ties.apart`).
APART = 0.3
#: Answers that are a bare value: the sentence holding it must share the question's topic.
VALUE_TYPES = ("number", "frequency", "duration", "time")
#: Values that are a thing's own (its price, its date, where it is): said of "it" when
#: "it" stands for another thing, a value is that thing's, and counts this much less.
REFERRED_TYPES = ("number", "date", "time", "place", "duration", "frequency")
ELSEWHERE = 0.45


#: A change told with both its ends: "going up from £32 to £38", "from leeds to york".
_FROM_TO = re.compile(r"\bfrom\s+\S+(?:\s+\S+){0,3}?\s+(?:to|->|→)\s+\S", re.I)


@dataclass
class Reader(Currency, Mentions):
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

    def read(self, pool: Sequence[Candidate]) -> list[Reading]:
        """Every candidate that can answer, best first."""
        q = self.q
        idf = _idf(q, pool)
        # Words said only in a clause of time ("before i moved") say when, not what: the
        # topic is first the rest ("rent"), then they join it at a lower weight.
        when = time_clause_terms(q.text)
        for t in when & set(idf):
            idf[t] *= TIME_CLAUSE_WEIGHT
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
        said = set().union(*(c.words() for c in pool)) if pool else set()

        def own_topic(words: set[str]) -> set[str]:
            return (words - names - skip) or (words - names - types) or words - names

        # "how old is osian?": "old" asks a degree, said by a number, not by the word.
        asked = set(q.terms) - how_degree(q.text)
        topic = own_topic(asked - when)
        if topic:
            topic |= when - names - skip
            topic = self._acts_as_kinds(topic, set(q.terms) & types, said)
        else:
            topic = own_topic(asked)
        if topic and topic <= _describing_terms(q.text):
            # "whats my salary at the new job": "new" says which job, it is no topic; the
            # words of the kind asked (salary, job) are what a sentence must say.
            topic |= (asked & types) - names
        # Past a resolved hop, the words that named it ("my brother") answer nothing.
        topic -= self.subj.covered
        if self.subj.resolved:  # nor does the name of whose relative it is
            topic -= {t for n in self.subj.owner_names for t in terms(n)}
        if not topic:
            # The question says nothing but whom or what it is about ("how is gina's
            # store doing?", resolved to the store's page): a sentence must still say
            # the thing, though not whose it is.
            whose = {t for n in self.subj.owner_names for t in terms(n)}
            topic = (asked - whose - skip) or (asked - whose) or asked or (set(q.terms) - whose)
        dominant = {t for n in dominant_names(q, pool) for t in terms(n)}
        # "Bar Lupita", which most evidence says, selects nothing; then the kind of answer
        # asked for does ("salary" in "what's Tomás's salary at Bar Lupita?").
        if topic and topic <= dominant:
            topic = (asked - names - dominant - self.subj.covered) or topic
        else:
            topic = (topic - dominant) or topic
        total = sum(idf.get(t, 1.0) for t in topic) or 1.0
        # What a bare value is of: the question's words but names and light verbs ("rent"
        # in "how much rent do i pay", "metacam" in "how much Metacam does Biscuit get").
        generic = {t for w in lexicon()["generic_verbs"] for t in terms(str(w))}  # type: ignore[union-attr]
        value_words = asked - names - generic - {"much", "mani", "long", "often"}
        # A name most of the evidence says ("Bar Lupita" in "Tomás's salary at Bar
        # Lupita") tells no value from another: "salary" must be there.
        value_words = (value_words - dominant) or value_words

        def says_value(c: Candidate) -> bool:
            """ "Your annual salary will be $92,000" says what "whats my salary at the new
            job" asks the value of, though "salary" only types the answer (no topic word)
            and "new job" is not said."""
            return q.typed and bool(shared(value_words & types, c.own_words()))

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
        focus_said = {t for t in q.focus if shared({t}, said)}
        base_focus = focus_said or set(q.focus)
        # A name stands for the kind asked only where the conversation it is said in
        # mentions the kind, in its turn or one beside: "which bank does leo use?" is
        # answered by "i've been with Monzo for years" after "Sam keeps telling me to move
        # banks", but "which phone did i switch to?" by no "dyson v15" of a chat about
        # vacuums, nor "which gym do i go to?" by "Tojiro" (a knife) when no gym is said.
        kind_near = _said_near(pool, head_words)
        # A word of the question that nothing memory returned says ("studying", when the
        # user wrote "my kid's doing nursing at the college") is said by a sentence's word
        # near it in meaning ("college", by the embedding model, as in `_mentioning`).
        unsaid = {
            t: w
            for t in (set(topic) | set(q.focus)) - self.subj.covered - _when_words()
            if not shared({t}, said)
            for w in self._surface({t})[:1]
        }

        # The things the question names ("yaris" of "how much did i pay for the yaris?"):
        # a sentence that says one by "it" or "the ..." says it (`_referred`).
        things = {t for t in topic if t in self._asked_things}

        phrase_terms = {t for p in self.subj.phrases for t in terms(p)}

        def fit_words(c: Candidate, about: str) -> tuple[set[str], float, float]:
            """The focus words, the share of them said, and the question's topic words
            said (weighted by rarity)."""
            words = c.words()
            own_words = c.own_words() | (self._referred(c, things) if about != "rival" else set())
            if about == "phrase":
                # About the relative asked for by a pronoun ("she still insists on doing
                # her own tamales", after "my mom"): "she" says "mom" (`about.py`).
                own_words |= phrase_terms
            words |= own_words
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
            # ... and so does the act that makes what was asked about ("paying her 550 a
            # month for my half" for the rent, a payment): see `_acts_said`.
            acts = self._acts_said(c, topic - own - thread - near_words)
            matched = (
                sum(idf.get(t, 1.0) for t in own)
                + THREAD_WEIGHT * sum(idf.get(t, 1.0) for t in thread)
                + 0.5 * sum(idf.get(t, 1.0) for t in near_words | acts)
            ) / total
            return focus, focus_frac, matched

        # Another person's own words about the question's topic: see `whose.py`.
        rivals: list[tuple[Candidate, float, float]] | None = (
            [] if subject_person(self.subj, self.known_people) else None
        )
        named = frozenset(n.lower() for n in q.names)
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
                    c, self.subj, self.known_people, self.person_pages, named
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
            late = (
                matched == 0
                and about in ("none", "speaker", "own")
                and found_late
                and not says_value(c)
            )
            said = (
                about == "speaker" and (self._job_said(c) or (kind_near(c) and self._thing_said(c)))
            ) or (about == "own" and self._job_said(c))  # "Job title: ..." in one's payslip
            if late and not labelled and not said:
                continue
            kept.append((c, about, focus, focus_frac, matched))

        event = None if scope else self._event_scope([k[0] for k in kept])

        def said_then(c: Candidate) -> bool:
            """Said at the time the question names, or within the week after; or on the
            side of the event it names ("before i moved") that it asks about."""
            if event is not None:
                # ... or the event's own telling, when it says what held before it: "the
                # rent is going up from £32 to £38" answers "what was it before it went up"
                told = event[0] == dt.date.min and c.date == event[1] + dt.timedelta(days=1)
                if told and _FROM_TO.search(c.text):
                    return True
                return bool(c.date and event[0] <= c.date <= event[1])
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
            sim = max(sim, self._asked_sim(c))
            # The focus may go unsaid when the meaning is close, or when the sentence is
            # about the person a chain led to and shares the rest of the question.
            chained = about in ("name", "page", "phrase") and self.subj.resolved is not None
            span, weak, when = self.span(c)
            # The sentence that said who they are says nothing more, unless it holds a
            # value of the kind asked besides their name: "my best friend chloe is coming
            # round, she's been a librarian for ten years".
            no_value = not span or weak or span.lower() in self.subj.names
            if chained and set(c.blocks) <= set(self.subj.evidence) and no_value:
                continue
            if self._undone(c):
                continue  # "im not switching" says of no phone that i switched to it
            if span and not weak and c.offered and self._only_judged(c, span):
                span = None  # "haha bread pitt is good": the assistant's name, judged
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
                # "How about Monty, Leafy McLeafface, or Jungle Judy?" - "lol ok": a
                # reply to several values picks none of them.
                offers = offers_several(self._values_in(c.reply_to, c))
                if asked and not asked_weak and not offers:
                    span, weak, when = asked, False, asked_when
                    sim -= 0.05
            replied = False
            if not span and q.answer_type == "name" and c.reply_to:
                # "What's his name?" - "pickles lol.": the reply is the name asked.
                span = named_in_reply(c.text, analyse(c.reply_to).answer_type == "name")
                replied = span is not None
            if not span and q.answer_type == "name" and q.wh in ("who", "whom") and c.fact is None:
                # "and then HE PROPOSED!!!" after "went up to meet tom's parents": who
                # "he" is was said before, and the turn that says it is cited too. Only
                # asked who: "she" is no answer to "what's my cat called?".
                meant = self._person_meant(c)
                if meant is not None:
                    span, named_in = meant
                    blocks = c.blocks if named_in in c.blocks else (*c.blocks, named_in)
                    c = replace(c, blocks=blocks)
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
            named = span and (
                self._kind_named(c, span, pool)
                or (kind_near(c) and self._thing_named(c, span))
                # "started learning Portuguese" for "which language am i learning?"
                or (self._one_kind_asked and self._usually_of_kind(c.text, span))
            )
            if span and not weak and focus_frac < 1.0 and named:
                # "Ill try Moonlight next year" names a variety, as the conversation says
                # ("varieties like 'Moonlight'"): the kind asked for is said of the value.
                # So does the name of a bank for "which bank" (`fit._thing_named`).
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
                and (
                    about == "speaker"
                    or (about == "name" and self._job_of_subject(c.text, span))
                    # ... or by the asker's own document, as the value of a field whose
                    # label says a job: "Job title: Apprentice Electrician"
                    or (about == "own" and _job_field(c.text, span))
                )
            )
            said_of = shared(value_words, c.words()) or self._acts_said(c, value_words)
            unmatched = (
                matched == 0
                and (not focus or focus_frac == 0)
                and sim < bar
                and not c.indexed
                and not says_value(c)
            )
            if unmatched and not hop and not own_job:
                continue
            value_of = q.answer_type in VALUE_TYPES and value_words and sim < SIM_MENTION
            asked_nouns = value_words & self._asked_nouns
            if c.fact is not None and c.fact.attr and asked_nouns and not said_of & asked_nouns:
                # A page's label is a noun: it says the thing asked only by a noun of the
                # question, when it names one. "Pay: 55k" is a wage, no "how much do we
                # pay in rent".
                said_of = set()
            if value_of and not said_of and not self._asked_fields(c):
                continue  # "how much Metacam": "he's 11" is a number, not about Metacam
            fit = matched + 0.5 * focus_frac + SIM_WEIGHT * max(sim, 0.0)
            score = fit
            score += ABOUT_BONUS.get(about, 0.0)
            if about == "page" and not (c.fact and c.fact.attr):
                # A plain line of the subject's page retells one of their turns: it is as
                # much about them as the turn, no more ("Gina is working on her online
                # store" must not beat her own "make my customers feel cozy").
                score -= ABOUT_BONUS["page"] - ABOUT_BONUS["speaker"]
            elif about == "page" and self._restates(c):
                # "Hobby: pottery" for "what types of pottery have they made?": a value
                # the question already says is what it is about, not what it asks. The
                # line is worth a plain line of the page, and the turns that say more win.
                score -= ABOUT_BONUS["page"] - ABOUT_BONUS["speaker"]
            if q.typed:
                score += 0.45 if span and not weak else (0.15 if span else -0.3)
                # ... as is the bound of a period asked: "to 29 May 2029" for its end
                bound = self._bounds_period(c.text, span)
                score += LABELLED if replied or self._tied(c, span) or bound else 0.0
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
            elif q.wh == "why" and _REASON.search(c.text):
                score += SLOTTED  # "why ...?": a sentence that gives a reason says what was asked
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
            if (c.fact and (c.fact.attr or "").endswith(" (amount)")) and q.answer_type != "number":
                continue  # Dream's label of an amount (dream/roles.py): no place, no name
            if self._of_another(c, about, span):
                continue  # "everything lives in obsidian" for "where do i live?"
            if span and q.answer_type in REFERRED_TYPES and self._of_other_thing(c, things):
                # "it was 61 quid a month" after "did the insurance last night": the
                # insurance's price, not the yaris's.
                score -= ELSEWHERE
            if _by_ai(c.block) and c.fact is None:
                # Asked what the assistant said ("what did you suggest?"), its advice
                # still comes after what the user said of the same thing.
                score -= 0.35
            score -= 0.02 * min(c.rank, 10) + (0.05 if c.context else 0.0)
            out.append(Reading(c, score, span, about, weak, when, sim, fit, self._apart(c, span)))
        out.sort(key=lambda r: (-r.score, r.candidate.rank, r.candidate.key))
        if self._one_kind_asked:
            out = _named_beside(out, self._of_kind)
        out = self._mentioning(out, topic, pool)
        if self._one_kind_asked and concrete(q.head or ""):
            # "what car": a sentence that names a car. "What advice" is answered by what
            # was advised, which names no "advice".
            out = self._naming_kind(out)
        if rival_wins([subject_fit(r) for r in out[:1]], rival_fits):
            return []  # what was asked about is another person's (see whose.py)
        nouns = {t for t in topic if t in self._asked_nouns}
        if q.answer_type == "occupation":
            # "what does ron do for work?": "work" asks for a job, as "job" does, and
            # the other person's "i'm a mess at work" makes no job of Ron's theirs.
            nouns -= terms("work living")
        if speaks and theirs_only(nouns, subject_words, other_words, shared):
            return []  # ... or only the other person ever says it
        if (q.current or q.lately) and out:
            # Not said "now": the later value is one the same person said (a document is
            # dated when it was captured, which says nothing of when it held).
            out = _latest_first(
                out,
                strict=q.answer_type == "number",
                same=not q.current,
                # the topic's words, or the act that makes one ("paying her 550" is rent)
                says=lambda c: shared(topic, c.words()) | self._acts_said(c, topic),
                of_kind=lambda r: bool(
                    self._one_kind_asked
                    and r.span
                    and self._usually_of_kind(r.candidate.text, r.span)
                ),
                of_attribute=lambda r: self._of_attribute(r.candidate),
            )
        values = ("thing", "place", "name", "date") + (("number",) if q.current else ())
        if out and out[0].span and q.answer_type in values and not q.past:
            out = self._superseded(out, pool)  # a question about before wants the old value
        if out and out[0].span and not q.past:
            when = asked_time(q.text, dated[-1] if dated else None)
            if when is not None or q.current or q.present:
                out = _value_at(out, when)
        if out and q.past:
            out = self._value_before(out)
        return out

    def _event_scope(self, said: list[Candidate]) -> tuple[dt.date, dt.date] | None:
        """ "what was my rent before i moved?": the time before the day memory says the
        subject moved (the statements about them that say most of the clause's words);
        "after"/"since" the time from it. Of several such days, the one that leaves the
        most time asked about: a scope too narrow would shut out the answer."""
        clause = time_clause(self.q.text)
        if clause is None or clause[0] not in ("before", "after", "since") or not clause[1]:
            return None
        opener, words = clause
        days = [
            (len(found), c.date)
            for c in said
            if c.date and not is_question(c.text) and (found := shared(words, c.own_words()))
        ]
        if not days:
            return None
        most = max(n for n, _ in days)
        dates = [d for n, d in days if n == most]
        if opener == "before":
            return dt.date.min, max(dates) - dt.timedelta(days=1)
        return min(dates), dt.date.max

    def _acts_as_kinds(self, topic: set[str], typing: set[str], said: set[str]) -> set[str]:
        """ "how much rent am i paying now?": paying is what makes rent (`act_of_kind`),
        so the verb says nothing the noun does not, and a sentence that says only the verb
        ("not paying 35 a month for software") is not on the topic; the noun is, though it
        also types the answer. Only when memory says the noun somewhere: "i pay 480 a
        month for my room" is the rent of someone who never writes the word."""
        from validators.lexicon import act_of_kind

        if self.q.answer_type != "number":
            return topic
        typing = {t for t in typing if shared({t}, said)}  # `said`: every word memory returned
        word = {t: w for t in topic | typing for w in self._surface({t})[:1]}
        made = {
            (act, noun)
            for act in topic - typing
            for noun in typing
            if act in word and noun in word and act_of_kind(word[noun], word[act])
        }
        if not made:
            return topic
        return (topic - {a for a, _ in made}) | {n for _, n in made}

    def _acts_said(self, c: Candidate, topic: set[str]) -> set[str]:
        """The topic words whose kind a verb of the sentence makes, by WordNet: "rent" is
        a payment, and "paying" makes one. Said in the speaker's own words, that is the
        rent, though the word is not ("paying her 550 a month for my half"). Only for an
        amount asked: asked for a thing, the act is a light verb as often as not ("snack
        ideas" are thoughts, and "i think its because" says none)."""
        from validators.lexicon import act_of_kind, is_noun, kind_of

        from .kinds import _parsed

        if self.q.answer_type != "number":
            return set()
        # Earnings ("salary", "wage") are paid to the asker: their own "i pay 575 a month"
        # says what they pay out, the other way round, so no act says them.
        nouns = {
            t: n
            for t in topic
            for n in self._surface({t})[:1]
            if is_noun(n) and not kind_of("earnings", n)
        }
        words = [w for w in WORD.findall(c.text.lower()) if len(w) > 2]
        acts = {t for t, n in nouns.items() if any(act_of_kind(n, w) for w in words)}
        if not acts:
            return set()
        # Said as a verb: "Pay: 10.50" and "pay is crap" name a wage, no act of paying;
        # and done: "not paying 35 a month for software" pays nothing.
        verbs = [
            t.lower_
            for t in _parsed(c.text)
            if t.pos_ in ("VERB", "AUX") and not any(k.dep_ == "neg" for k in t.children)
        ]
        return {t for t in acts if any(act_of_kind(nouns[t], v) for v in verbs)}

    def _referred(self, c: Candidate, things: set[str]) -> set[str]:
        """The things asked about that a sentence says only by "it", "that" or "the ..."
        ("paid 8,950 for it in the end", two sentences after "picked up the yaris"): the
        earlier sentence it stands for says them (`language.refer`)."""
        missing = things - shared(things, c.own_words())
        if c.fact is not None or not c.earlier or not missing:
            return set()
        near = [text for text, _ in c.earlier[::-1][:REACH]]
        if not any(shared(missing, terms(t)) for t in near):
            return set()  # no earlier sentence says it: no need to parse
        said = {w for w in WORD.findall(self.q.text.lower()) if terms(w) & things}
        if not speaks_of_earlier(c.text, said):
            return set()
        found: set[str] = set()

        def names_it(word: str) -> bool:
            found.update(shared(missing, terms(word)))
            return bool(found)

        return found if refers_to([text for text, _ in c.earlier], names_it) else set()

    def _person_meant(self, c: Candidate) -> tuple[str, Block] | None:
        """The person "he" or "she" of a sentence stands for, and the block that names
        them: the last person named in the nearest earlier sentence that names one, of
        people's own words (an assistant's "My friend's partner Daniel" is nobody of
        the user's)."""
        if not speaks_of_someone(c.text) or _by_ai(c.block):
            return None
        said = [(text, i) for i, (text, b) in enumerate(c.earlier) if not _by_ai(b)]

        def people(text: str) -> list[str]:
            return [
                n.text
                for n in self._values_in(text, c)
                if not names_a_place(n.text.lower()) and not is_date_word(n.text.lower())
            ]

        found = person_before(said, people)
        return None if found is None else (found[0], c.earlier[found[1]][1])

    def _of_other_thing(self, c: Candidate, things: set[str]) -> bool:
        """The sentence's value is of another thing than the one asked: it says none of
        them, and what its "it" stands for is another thing ("did the insurance last
        night, went with admiral. it was 61 quid a month" for the yaris's price)."""
        if c.fact is not None or not c.earlier or not things or shared(things, c.words()):
            return False
        if self._referred(c, things) or not speaks_of_earlier(c.text):
            return False
        earlier = [text for text, _ in c.earlier]
        return refers_to(earlier, lambda word: bool(shared(things, terms(word)))) is False

    def _of_kind(self, r: Reading) -> bool:
        """The reading's value is a thing of the kind asked: one WordNet files under it
        ("cello" for "instrument") or a name that reads as one (`fit._thing_named`)."""
        span = (r.span or "").lower()
        kinds = self._kinds_asked(r.candidate.text)
        return any(k.text.lower() == span for k in kinds) or self._thing_named(
            r.candidate, r.span or ""
        )

    def _usually_of_kind(self, text: str, span: str) -> bool:
        """The value is, in its usual sense (any sense, for a name), a thing of the kind
        asked, however far down WordNet files it (`lexicon.usually_a`)."""
        at = text.find(span)
        name = at >= 0 and capitalised_within(text, at)
        return usually_a(span, self.q.head or "", name)

    def _restates(self, c: Candidate) -> bool:
        """A page's labelled value every word of which the question already says, asked
        about it rather than after it (a yes-no question is answered by it)."""
        f = c.fact
        if f is None or not f.attr or not f.value or self.q.wh == "yesno":
            return False
        said = terms(f.value)
        return bool(said) and said <= self.q.terms

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
            and not self.someone_for_no_one(_value(f))
            # "Work and money (amount): 16-35" is near "what does he do for work now?"
            # but says no job
            and (self.q.answer_type != "occupation" or _names_job(terms(f.attr), _value(f)))
        )

    def _similarities(self, pool: Sequence[Candidate]) -> list[float]:
        if self.similarity is None or not pool:
            return [0.0] * len(pool)
        question = self._plain_question
        # A fact's label alone ("Employer") says best what the line is about; a page line
        # says what the turn it retells is about. A label that only names a topic ("Work
        # and money: xero") says nothing of the value: the value alone is weighed.
        texts = [c.own_text for c in pool]
        labels = [c.fact.attr for c in pool if c.fact and c.fact.attr and not c.topical]
        retold = [line for c in pool for line in c.retold]
        sims = list(self.similarity(question, texts + labels + retold))
        by_label = iter(sims[len(texts) : len(texts) + len(labels)])
        by_line = iter(sims[len(texts) + len(labels) :])
        out = []
        for c, sim in zip(pool, sims[: len(texts)], strict=True):
            if c.fact is not None and c.fact.attr and not c.topical:
                sim = max(sim, next(by_label))
            for _ in c.retold:
                sim = max(sim, next(by_line))
            out.append(sim)
        return out


#: Words of a reply short enough to lean on the question it answers ("dog!!", "yes,
#: the blue one").
SHORT_REPLY = 3


def _job_field(text: str, span: str) -> bool:
    """The span is the value of a field whose label is a word for a job ("Job title:
    Apprentice Electrician"), not the label ("Employee: Kieran Doyle")."""
    at = text.lower().find(span.lower())
    return at >= 0 and any(
        f.start <= at < f.end and _names_job(terms(f.label), f.value) for f in fields(text)
    )


def asks_several(q: Question) -> bool:
    """The question asks for several things: a plural category ("What pets does she
    have?"), "who are", "both", "names"."""
    return bool(q.head and _plural(q.head)) or bool(_PLURAL.search(q.text))


def dominant_names(q: Question, pool: Sequence[Candidate], least: int = 3) -> set[str]:
    """The question's names that at least `least` blocks of the pool say ("Bar Lupita" in
    "what's Tomás's salary at Bar Lupita?"): they select nothing among what was found."""
    texts = {(b.path, b.anchor): b.text.lower() for c in pool for b in c.blocks}
    return {
        n
        for n in q.names
        if sum(1 for t in texts.values() if re.search(rf"\b{re.escape(n.lower())}\b", t)) >= least
    }


#: Turns apart that a sentence naming the thing asked may be from the one that shares the
#: question's words: the turn before or after, or one more between.
BESIDE = 2


def _named_beside(readings: list[Reading], of_kind: Callable[[Reading], bool]) -> list[Reading]:
    """Asked for one thing of a kind ("which bank does leo use?"), the best reading names
    none ("my brother Sam keeps telling me to move banks") and a turn just beside it, of
    the same person, names one ("but i've been with Monzo for years"): that turn is the
    answer, and the one quoted. Of several, the nearest."""
    if not readings or readings[0].span:
        return readings
    best = readings[0].candidate.block
    beside = [
        (abs(r.candidate.block.index - best.index), i)
        for i, r in enumerate(readings[1:MAX_MENTION], start=1)
        if r.span
        and not r.weak_span
        and of_kind(r)
        and r.about == readings[0].about
        and r.candidate.block.path == best.path
        and r.candidate.block.speaker == best.speaker
        and abs(r.candidate.block.index - best.index) <= BESIDE
    ]
    if not beside:
        return readings
    _, i = min(beside)
    return [readings[i], *readings[:i], *readings[i + 1 :]]


def _describing_terms(text: str) -> set[str]:
    """The terms of the question's words the tagger reads as adjectives ("new", "old")."""
    from .kinds import _parsed

    return {t for tok in _parsed(text.lower()) if tok.pos_ == "ADJ" for t in terms(tok.text)}


def _turn(c: Candidate) -> tuple[str, int]:
    """The file and the turn a sentence is said in; a document or a page is one whole,
    all its paragraphs and lines near each other (turn 0)."""
    anchor = c.block.anchor
    turn = anchor[1:] if anchor.startswith("t") else ""
    return c.block.path, int(turn) if turn.isdigit() else 0


def _said_near(pool: Sequence[Candidate], words: set[str]) -> Callable[[Candidate], bool]:
    """Whether a sentence's turn, or one at most BESIDE turns from it in the same
    conversation, says one of `words` (the kind asked), by what memory returned."""
    near = {_turn(c) for c in pool if words and shared(words, c.words())}

    def said_near(c: Candidate) -> bool:
        path, at = _turn(c)
        return any(p == path and abs(i - at) <= BESIDE for p, i in near)

    return said_near


def _idf(q: Question, pool: Sequence[Candidate]) -> dict[str, float]:
    n = max(1, len(pool))
    df = {t: sum(1 for c in pool if t in c.words()) for t in q.terms}
    return {t: 1.0 + math.log(n / (1 + df[t])) for t in q.terms}


__all__ = [
    "Candidate",
    "Reader",
    "Reading",
    "Similarity",
    "Subject",
    "asks_several",
    "dominant_names",
]
