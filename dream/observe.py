"""Observations from any phrasing: every informative statement a person makes becomes a
dated, third-person line, cited to its turn, on the pages of the subjects it is about.

The steps are general and each is small:

1. segment turns into sentences (`extract.sentences`), leaving out questions, what an
   AI assistant said, and the agent's own quoted memory;
2. classify each sentence as informative or chatter (greetings, reactions, thanks,
   filler) by its nearest example sentences in the bundled embedding model
   (`language/data/prototypes.json`), and give it a topic the same way;
3. parse it (spaCy) and rewrite it in the third person (`language.person`): "I" becomes
   the speaker, the verb agrees, openers and vocatives go, relative dates get their day;
4. find the subjects it names: known pages by title or alias (any case), named entities,
   and things the speaker calls "my ..." that are concrete (a person, pet, place,
   organization or project, again by examples), so "my studio" is a subject and "my
   life" is not;
5. write the line on the speaker's page under its topic, and on the page of every
   subject it names that recurs (two sessions or more) or already has a page.

Lines are deduplicated by their words; the wiki's semantic validators check each one
against its turn like any other claim.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from language import classifier_for, parse
from language.answers import answer_as_statement
from language.dates import dates
from language.names import chat_words, known_word, names_nobody, stands_for_a_verb
from language.person import (
    clean_text,
    is_bare_contraction,
    restore_copula,
    restore_subject,
    rewrite_third_person,
)
from memory_schema.links import link_target_for_path, normalize_key
from validators.lexicon import is_noun, names_animal, primarily_a

from . import forget as fg
from .attributes import PERSON_LEAD, WORKPLACE_KINDS, AttributeReader
from .breakups import read_breakups
from .changes import Candidate, Change, _hedged, _someone_else, read_changes, value_candidates
from .compress import chatter_tokens, keep_best_of_turn
from .events import EventReader, ended_on
from .extract import Observation, is_ai, link, sentences
from .lexicon import NOT_NAMES, apostrophe_dropped, kind_noun
from .lowercase import Named, find_names, with_names
from .orient import WorkItem
from .requests import injected
from .roles import _changing, read_as_change, read_roles
from .trades import comparisons, moves_told
from .uses import kinds_by_use

#: spaCy entity labels that name a subject, and the page type they get.
ENTITY_TYPES = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organization",
    "EVENT": "event",
    "PRODUCT": "tool",
    "WORK_OF_ART": "concept",
}
#: A statement tells of leaving or losing one's job (`event` examples) at this score, and
#: this far ahead of any other event or none: "handed my notice in at the hotel, last
#: day friday" 0.67 by 0.32; "priya my manager said i can have the friday off" 0.39.
JOB_LEFT_SCORE = 0.45
JOB_LEFT_MARGIN = 0.1
_JOB_GONE = ("left a job", "lost a job")
#: Informative must beat chatter by this much (mean top-3 cosine similarity) for a
#: page line; a summary may also take statements down to SUMMARY_MARGIN.
MIN_MARGIN = -0.03
SUMMARY_MARGIN = -0.08
#: Concrete detail (a name, a date, a number, an amount) counts for this much margin.
DETAIL_BONUS = 0.04
DETAIL_LABELS = {"DATE", "TIME", "CARDINAL", "MONEY", "QUANTITY", "PERCENT", "ORDINAL"}
MIN_WORDS = 4
MAX_LINE_CHARS = 90
#: A long line is cut at a clause boundary no nearer its start than this.
MIN_CLAUSE_CHARS = 16
#: A concrete kind ("person", "project", ...) must beat "abstract" by this much.
CONCRETE_MARGIN = 0.03
#: Two statements of one speaker this similar (cosine) say the same thing.
REPEAT_SIMILARITY = 0.8
#: A subject named in this many sessions gets a page of its own.
MIN_SESSIONS = 2
_POSSESSIVE = ("my", "our")
#: Where a speaker's page lists a subject page by type.
LINK_SECTIONS = {"person": "People", "pet": "Pets", "project": "Projects", "tool": "Tools"}


@dataclass
class Statement:
    """One informative sentence of a person, rewritten, with what it is about."""

    n: int
    sent: str
    speaker: str
    when: dt.date | None
    anchor: tuple[str, str, str]
    line: str
    topic: str
    margin: float
    entities: list[tuple[str, str]] = field(default_factory=list)  # (name, type)
    owned: list[tuple[str, str, str]] = field(default_factory=list)  # (key, title, type)
    on_pages: bool = True  # informative enough for a page, not only for a summary
    changes: list[Change] = field(default_factory=list)
    vector: Any = None  # the sentence's embedding, to find repeats
    repeats: Statement | None = None  # an earlier statement saying the same
    said: str = ""  # its own line, when a repeat took its first statement's words
    whole: str = ""  # every part of it, not shortened: a note's words on its subject's page
    #: the speaker left or lost their job and says of no new one (`_jobs_left`)
    left_job: bool = False


def _with_dates(text: str, when: dt.date | None) -> str:
    """'... yesterday' -> '... yesterday (2023-05-07)': the day stays findable. A month,
    season or year written out names no day, and an ISO date is one already; said
    relatively, one is written as what it is ("this year (2025)", "last month (October
    2025)"), never as its first day."""
    for s in reversed(dates(text, when)):
        if s.date is None or s.date == when or re.fullmatch(r"\d{4}-\d{2}-\d{2}", s.phrase):
            continue
        wide = s.precision in ("month", "season", "year")
        if wide and not s.relative:
            continue
        shown = s.shown if wide and s.shown else s.date.isoformat()
        text = f"{text[: s.end]} ({shown}){text[s.end :]}"
    return text


_DANGLING = set(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "with",
        "to",
        "of",
        "for",
        "in",
        "on",
        "at",
        "by",
        "from",
        "my",
        "their",
        "that",
        "which",
        "who",
        "so",
        "as",
        "is",
        "was",
    ]
)


def _shorten(text: str) -> str:
    """At most MAX_LINE_CHARS, cut at a clause boundary when there is one, never ending
    on a word that needs another ("... strong connections with")."""
    if len(text) <= MAX_LINE_CHARS:
        return text
    cut = text[: int(MAX_LINE_CHARS * 1.3)]
    # A late clause boundary first; then an early one, down to a short clause: a cut
    # between words may drop the word that turns the clause around ("tuesdays are my
    # pottery night too, all that hunching over the wheel probably doesnt help" cut
    # after "probably"), and the line would say what the turn does not.
    for least in (MAX_LINE_CHARS // 2, MIN_CLAUSE_CHARS):
        for sep in ("; ", " - ", ", and ", ", but ", ", so ", ", "):
            i = cut.rfind(sep, least)
            if i > 0:
                return cut[:i]
    words = text[:MAX_LINE_CHARS].rsplit(" ", 1)[0].split()
    while len(words) > 3 and words[-1].lower().strip(",.") in _DANGLING:
        words.pop()
    return " ".join(words).rstrip(",")


def _enumerated(doc: Any) -> bool:
    """The fragment is a label and a list of what it heads: a colon followed by three
    or more items, separated by commas (or the last by "and"), with no verb anywhere."""
    for colon in (t for t in doc if t.text == ":"):
        after = doc[colon.i + 1 : colon.sent.end]
        commas = sum(1 for t in after if t.text == "," or t.lower_ in ("and", "&"))
        items = sum(1 for t in after if t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM"))
        if commas >= 2 and items >= 3:
            return True
    return False


def _is_name(text: str) -> bool:
    words = text.split()
    return (
        bool(words)
        and len(words) <= 4
        and any(w[:1].isupper() for w in words)
        and text not in NOT_NAMES
        and not any(w in NOT_NAMES for w in words[:1])
        and len(text) >= 2
    )


#: Parts of speech that are no word of a name at its edges: "the" of "the Northland Beer
#: League", "'s" of "Jen's", a conjunction the tagger swept in.
_EDGE_POS = frozenset(["DET", "PRON", "ADP", "CCONJ", "SCONJ", "PART", "INTJ", "PUNCT", "AUX"])


def entity_name(span: Any) -> str:
    """The words of an entity that name it: no article or other function word at its edges
    ("the Northland Beer League" is titled "Northland Beer League", as a person's page is
    "Jen", not "Jen's"), and no chat shorthand the tagger took for part of a name ("Bc
    Jen's sick" names Jen, "Idk" no one)."""
    toks = list(span)

    def edge(t: Any) -> bool:
        return (
            t.pos_ in _EDGE_POS
            or t.tag_ == "POS"
            or t.lower_ in chat_words()
            or (t.i == span.start and stands_for_a_verb(t))  # "Tryna save money rn"
        )

    while toks and edge(toks[0]):
        toks.pop(0)
    while toks and edge(toks[-1]):
        toks.pop()
    if not toks:
        return ""
    doc, start = span.doc, toks[0].i
    # "Lord of the Rings": the tagger found the name's last word; its capitalised words
    # joined by "of (the)" are one name, as "Bank of America" is
    while start >= 2 and doc[start - 1].lower_ == "the" and doc[start - 2].lower_ == "of":
        head = doc[start - 3] if start >= 3 else None
        if (
            head is None
            or head.pos_ != "PROPN"
            or not head.text[:1].isupper()
            or head.is_sent_start
        ):
            break
        start = head.i
    return doc[start : toks[-1].i + 1].text.strip()


@dataclass
class _Row:
    path: str
    n: int
    sent: str
    text: str  # the sentence cleaned of asides and emoji
    speaker: str
    addressee: str | None
    when: dt.date | None
    anchor: tuple[str, str, str]
    names: set[str]  # participants' names, lowercase: vocatives, not subjects


def _participant(name: str, names: set[str]) -> bool:
    """A participant by name or by a short form of it ('Mel' for Melanie)."""
    return name in names or (len(name) >= 3 and any(n.startswith(name) for n in names))


class StatementReader:
    """Reads work items into Statements; one embedding batch and one parse per run."""

    def __init__(self, embedder: Any):
        self.embedder = embedder
        self.kind = classifier_for(embedder, "statement")
        self.topic = classifier_for(embedder, "topic")
        self.subject = classifier_for(embedder, "subject")
        self.role = classifier_for(embedder, "value_role")
        self.change = classifier_for(embedder, "change")
        self._words = classifier_for(embedder, "name_word")
        self._name_reads: dict[str, tuple[str, float]] = {}
        self.named: dict[str, Named] = {}  # names typed in lower case (`dream.lowercase`)
        self.pages: dict[str, tuple[str, str]] = {}  # person and pet pages (lower case name)
        #: statements that name no one the parse found, per work item (see `read`)
        self.unnamed: dict[str, list[Statement]] = defaultdict(list)

    def read(
        self, items: list[WorkItem], speaker_of: Any, forget: list[Any]
    ) -> dict[str, list[Statement]]:
        """Statements per work item path. `speaker_of(turn, session)` names a speaker."""
        rows: list[_Row] = []
        for item in items:
            rows += self._rows(item, speaker_of, forget)
        out: dict[str, list[Statement]] = defaultdict(list)
        if not rows:
            return out
        vectors = self.embedder.embed([r.text for r in rows])
        kinds = self.kind.scores(vectors)
        margins = (
            kinds[:, self.kind.labels.index("informative")]
            - kinds[:, self.kind.labels.index("chatter")]
        )
        keep = [i for i, m in enumerate(margins) if m + DETAIL_BONUS > SUMMARY_MARGIN]
        if not keep:
            return out
        topics = self.topic.label(vectors[keep])
        texts, raws = [rows[i].text for i in keep], [rows[i].sent for i in keep]
        texts, docs = restore_subject(*restore_copula(texts, parse(texts)))
        paths, skips = [rows[i].path for i in keep], [rows[i].names for i in keep]
        self.named = find_names(texts, raws, paths, skips, docs, self.embedder, self.pages)
        chatter = chatter_tokens(docs, self.embedder, self.kind)
        owned_phrases: list[tuple[int, str, str, str]] = []  # (index, path, key, surface)
        candidates: list[tuple[Statement, Candidate]] = []
        typed: list[tuple[Statement, Any]] = []  # first-person statements and their parse
        asides: list[tuple[Statement, Any]] = []  # statements that name no one
        for j, (i, doc) in enumerate(zip(keep, docs, strict=True)):
            r = rows[i]
            parts, every = [], []
            first_person = False
            for span in doc.sents:
                rw = rewrite_third_person(span, r.speaker, r.addressee, r.names, chatter[j])
                first_person = first_person or rw.first_person
                # A part that speaks of nobody ("Tired", "She's great tbh") adds no fact
                # to the speaker's page; on the page of the one a note is about, "he's 11,
                # a black lab" is about them (`every`).
                named = any(e.label_ in ENTITY_TYPES for e in span.ents)
                if rw.text and (rw.first_person or named or len(list(doc.sents)) == 1):
                    parts.append(rw.text)
                if rw.text:
                    every.append(rw.text)
            entities = [
                (name, ENTITY_TYPES[e.label_])
                for e in doc.ents
                if e.label_ in ENTITY_TYPES
                and (name := entity_name(e))
                and _is_name(name)
                and not _participant(name.lower(), r.names)
            ]
            entities = with_names(self._people_read_as_groups(entities), doc, self.named)
            # A fragment with no verb and no one in it ("goodbye X, hello Y") is the
            # speaker's own aside: no page line of its own, but its values are read.
            aside = not any(t.pos_ in ("VERB", "AUX") for t in doc) and len(doc) > 3
            if not parts and every and any(ch.possessed for ch in read_changes(doc)):
                # "managers a woman called denise, shes alright but ...": no "I" and no
                # entity, yet the sentence says who someone of the speaker's is
                parts = every
            if not parts:
                continue
            # Naming nobody the parse found, a statement may still name a page this run
            # makes ("the lake in duluth is frozen solid" once Duluth is where the speaker
            # lives): kept aside, it goes on that page only (`known_pages_named`).
            orphan = not (first_person or entities or aside)
            margin = float(margins[i])
            if entities or any(e.label_ in DETAIL_LABELS for e in doc.ents):
                margin += DETAIL_BONUS
            if margin + (DETAIL_BONUS if orphan else 0) <= SUMMARY_MARGIN:
                continue
            line = _with_dates(_shorten("; ".join(parts)), r.when)
            st = Statement(
                r.n, r.sent, r.speaker, r.when, r.anchor, line, topics[j][0],
                margin, entities, on_pages=margin > MIN_MARGIN, vector=vectors[i],
                whole=_with_dates("; ".join(every), r.when),
            )  # fmt: skip
            if orphan:
                st.on_pages = False
                self.unnamed[r.path].append(st)
                # "the new manager, tomasz, wants ...": a role of the speaker's, named;
                # "the corsa is miles better than the fiesta ever was": a thing of now
                # against one of before (no "I" in either)
                said = [ch for ch in read_changes(doc) if ch.possessed]
                said += comparisons(doc) + moves_told(doc)  # "the move from X went ok"
                st.changes = self._typed(said)
                # "the old corolla finally died", "quit rugby after the knee thing, physio
                # said ...": no "I", yet the speaker's own values start and end there
                asides.append((st, doc))
                continue
            if aside and _enumerated(doc):
                # "list for aldi: eggs, milk, bread", "List of stuff for the new flat:
                # kettle, toaster, bins": a label and the items it heads, no clause that
                # starts or ends anything; the label is no old value of the last item
                st.on_pages = st.on_pages and bool(entities)
                out[r.path].append(st)
                continue
            if aside and not (first_person or entities):
                st.on_pages, st.margin = False, min(margin, MIN_MARGIN)
                first_person = True  # its values are the speaker's
            st.changes = self._typed(read_changes(doc))
            for n in self.named.values():
                n.said = st if n.relation_row == j else n.said
            out[r.path].append(st)
            typed.append((st, doc))  # "the manager there, kwame, ..." says no "I"
            if first_person and not any(ch.new and ch.old for ch in st.changes):
                # Values the grammar did not read: an end it read ("i quit coffee") may
                # have its successor in other words ("yerba mate instead"), and a name
                # beside something of the speaker's ("my granddaughter Mia") leaves the
                # rest of the sentence to the examples.
                said = [v.lower() for ch in st.changes for v in (ch.new, ch.old) if v]
                candidates += [
                    (st, c)
                    for c in value_candidates(doc)
                    if not any(v in c.value.lower() or c.value.lower() in v for v in said)
                ]
            for chunk in doc.noun_chunks:
                if chunk[0].lower_ in _POSSESSIVE and (found := _owned(chunk)):
                    owned_phrases.append((len(out[r.path]) - 1, r.path, *found))
        self._type_owned(out, owned_phrases)
        places = {k for k, n in self.named.items() if n.type == "place"}
        people = {k for k, n in self.named.items() if n.type in ("person", "pet")}
        read_roles(candidates, self.role, self.embedder, self.change, self.topic, places, people)
        # What names are by what the run does with them ("the fiesta failed its mot":
        # a car), whoever's they are and whatever the sentence tells (`dream.uses`)
        used = kinds_by_use(self.embedder, docs, people | places)
        self._read_attributes(typed, used, people)
        self._jobs_left(typed)
        # Starts and ends of values told in other turns, and the attributes the readings
        # above could not name (`dream.events`).
        EventReader(self.embedder, tuple(self.topic.labels), used, places, people).read(
            typed + asides
        )
        # "jess took the last of her stuff, it's officially over" (`dream.breakups`)
        partners = [(n.relation or "", n.title, n.said) for n in self.named.values()]
        read_breakups(self.embedder, typed + asides, partners)
        keep_best_of_turn(out)
        merge_repeats(out)
        return out

    @staticmethod
    def _rows(item: WorkItem, speaker_of: Any, forget: list[Any]) -> list[_Row]:
        session = item.session
        target = link_target_for_path(item.path)
        people = sorted(
            {t.speaker for t in session.turns if t.speaker and not is_ai(t.role, t.speaker)}
        )
        with_ai = any(is_ai(t.role, t.speaker) for t in session.turns)
        names = {w.lower() for p in session.participants for w in str(p).split()}
        rows = []
        before = None  # the turn before, by someone else
        for n, turn in enumerate(session.turns, start=1):
            asked, before = before, turn
            if n <= item.old_turns or turn.role in ("system", "tool"):
                continue
            if is_ai(turn.role, turn.speaker) or injected(turn.content):
                continue  # an AI's words, or text trying to instruct one, are no facts
            speaker = speaker_of(turn, session)
            others = [p for p in people if p != turn.speaker]
            # "you" in a chat between two people is the other one; to an AI, nobody.
            addressee = others[0] if len(others) == 1 and not with_ai else None
            when = turn.at.date() if turn.at else session.date
            anchor = (target, f"t{n}", turn.content)
            said = sentences(turn.content)
            if asked is not None and (asked.role, asked.speaker) != (turn.role, turn.speaker):
                # "who's taking over?" - "shawna i think": the reply's value, the question's
                # words (`language.answers`); the value is the speaker's, never the asker's
                answered = answer_as_statement(asked.content, turn.content)
                said = [answered] if answered else said
            for sent in said:
                if "[[" in sent or "[cite:" in sent or sent.rstrip().endswith("?"):
                    continue  # quoted memory (an agent's answer) or a question
                if fg.matches(sent, forget):
                    continue
                text = clean_text(sent)
                if len(text.split()) >= MIN_WORDS:
                    who = names | {w.lower() for w in speaker.split()}
                    rows.append(
                        _Row(item.path, n, sent, text, speaker, addressee, when, anchor, who)
                    )
        return rows

    def _people_read_as_groups(self, entities: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """A one-word organisation or product that reads as a person's name by the
        `name_word` examples, clearly: the small tagger takes first names for companies
        ("Bc Jen's sick", "running with Priyanka"), rarely a brand for a person."""
        out = []
        for name, type_ in entities:
            if type_ in ("organization", "tool") and " " not in name:
                if name not in self._name_reads:
                    self._name_reads[name] = self._words.label(self.embedder.embed([name.lower()]))[
                        0
                    ]
                label, lead = self._name_reads[name]
                type_ = "person" if label == "person" and lead >= PERSON_LEAD else type_
            out.append((name, type_))
        return out

    def _read_attributes(
        self, typed: list[tuple[Statement, Any]], used: dict[str, str], people: set[str]
    ) -> None:
        """Values of typed attributes (where someone lives, who they report to, ...):
        see `dream.attributes`. `used`: words the run uses as values (`dream.uses`);
        `people`: names the run reads as people or pets."""
        if not typed:
            return
        reader = AttributeReader(
            self.embedder,
            workplace=lambda noun: self._kinds_of([noun], CONCRETE_MARGIN)[noun] in WORKPLACE_KINDS,
            topics=tuple(self.topic.labels),
        )
        reader.places = {k for k, n in self.named.items() if n.type == "place"}
        reader.people = people | set(self.pages)
        reader.used = used
        reader.changed = lambda texts: read_as_change(texts, self.change, self.embedder)
        changing = _changing([(st, None) for st, _ in typed], self.change)
        reader.read(typed, set(self.named), changing)

    def _jobs_left(self, typed: list[tuple[Statement, Any]]) -> None:
        """Statements that tell of leaving or losing one's job in any words ("handed my
        notice in at the hotel, last day friday", "got let go today"), by the `event`
        examples, clearly: the speaker's own act, stated, with no new employer in its
        turn. Its employer ends, and with it whoever the speaker answered to there
        (`engine.WikiEngine._end_superiors`)."""
        if not typed:
            return
        events = classifier_for(self.embedder, "event")
        rows = events.scores(self.embedder.embed([st.sent for st, _ in typed]))
        gone = [events.labels.index(label) for label in _JOB_GONE]
        hired = {
            st.anchor[:2]
            for st, _ in typed
            for ch in st.changes
            if ch.new and (ch.attr or "").casefold() == "employer"
        }
        for (st, doc), row in zip(typed, rows, strict=True):
            best = max(gone, key=lambda j: row[j])
            runner = max(v for j, v in enumerate(row) if j not in gone)
            if row[best] < JOB_LEFT_SCORE or row[best] - runner < JOB_LEFT_MARGIN:
                continue
            if st.anchor[:2] in hired:
                continue  # "got the job at X!! handing my notice in tomorrow": a new job
            root = next(iter(doc.sents)).root
            if _hedged(root) or _someone_else(root) or any(c.dep_ == "neg" for c in root.children):
                continue  # "thinking of handing my notice in", "my sister quit her job"
            st.left_job = True

    def _typed(self, changes: list[Change]) -> list[Change]:
        """Values get the page type of their entity label, or of what they are ("my
        manager" is a person); a possessed abstraction ("my life is ...") is no value."""
        out = []
        for ch in changes:
            if ch.possessed:
                # "our greyhound", "my stepdad": WordNet's hypernyms say pet or person;
                # anything else ("my gym") is what "my <noun>" reads as by examples.
                kind = (
                    kind_noun(ch.possessed)
                    or self._kinds_of([ch.possessed], CONCRETE_MARGIN)[ch.possessed]
                )
                if kind is None or (kind in ("person", "pet") and (ch.described or ch.indefinite)):
                    # "my mother is very happy" says how she is, "our dog is a corgi" what
                    # she is: neither who
                    continue
                if ch.described and ch.new and all(known_word(w) for w in ch.new.split()):
                    continue  # "our new place is ... so much bigger": how it is, no value
                if kind == "pet" and not self._a_name(ch.new):
                    # "pickles is my dog, corgi beagle mix": words of the language in lower
                    # case that the run never read as a name say what the dog is, not who
                    # (a person's, "sofia brandt", may be in the dictionary as someone)
                    continue
                # A person's or pet's value is their name, however it was typed.
                named = ch.new and (ch.new[:1].isupper() or kind in ("person", "pet"))
                if kind in ("person", "pet") and named:
                    # "mango is our cat": what it is said to be, whatever the tagger
                    # took the name for (a place, a fruit brand)
                    ch.new_type = kind
                elif named or ch.new_label:
                    ch.new_type = ENTITY_TYPES.get(ch.new_label or "", kind)
            elif ch.new_label in ENTITY_TYPES:
                ch.new_type = ENTITY_TYPES[ch.new_label]
                if ch.old and ch.old.islower():
                    ch.old = ch.old.title()  # the old value of a name is a name too
            out.append(ch)
        return out

    def _a_name(self, value: str | None) -> bool:
        """May `value`, said beside a word for a pet, be its name: a word
        capitalised, a word no dictionary knows, a word the run reads as a name
        (`dream.lowercase`), or one word of the language that is no kind of animal ("mango
        is our cat"); not words of the language in lower case that say what kind it is
        ("corgi beagle mix", "beagle")."""
        words = (value or "").split()
        if not words:
            return False
        named = (
            w[:1].isupper() or not known_word(w.lower()) or w.lower() in self.named for w in words
        )
        if any(named):
            return True
        return len(words) == 1 and not primarily_a(words[0].lower(), "animal")

    def _kinds_of(self, nouns: list[str], margin: float) -> dict[str, str | None]:
        """What "my <noun>" is by examples ('manager' -> person, 'studio' -> project), or
        None when no concrete kind beats "abstract" ('life') by more than `margin`."""
        scores = self.subject.scores(self.embedder.embed([f"my {n}" for n in nouns]))
        abstract = self.subject.labels.index("abstract")
        out: dict[str, str | None] = {}
        for noun, row in zip(nouns, scores, strict=True):
            best = max((j for j in range(len(row)) if j != abstract), key=lambda j: row[j])
            out[noun] = self.subject.labels[best] if row[best] - row[abstract] > margin else None
        return out

    def _type_owned(
        self, out: dict[str, list[Statement]], phrases: list[tuple[int, str, str, str]]
    ) -> None:
        """'my studio' is a project, 'my kids' people, 'my life' nothing: by examples."""
        if not phrases:
            return
        kinds = self._kinds_of(sorted({p[3] for p in phrases}), 0.0)
        for idx, path, key, surface in phrases:
            kind = kinds[surface]
            if kind == "pet" and is_noun(key) and not names_animal(key):
                continue  # "my coffee" reads a little like "my dog"; WordNet knows better
            if kind is not None:
                out[path][idx].owned.append((key, surface, kind))


def merge_repeats(statements: dict[str, list[Statement]]) -> None:
    """A person who says the same thing again ("losing my job pushed me to start the
    business", three sessions later) adds evidence to the first line, not a new line:
    a repeat takes its first statement's words, subjects and topic, keeping its own turn."""
    firsts: dict[str, list[Statement]] = defaultdict(list)
    for path in statements:
        for st in statements[path]:
            if not st.on_pages or st.vector is None:
                continue
            earlier = firsts[st.speaker]
            if earlier:
                sims = np.stack([e.vector for e in earlier]) @ st.vector
                best = int(np.argmax(sims))
                if sims[best] >= REPEAT_SIMILARITY:
                    first = earlier[best]
                    st.repeats, st.said = first, st.line
                    st.line, st.when, st.topic = first.line, first.when, first.topic
                    st.entities, st.owned = first.entities, first.owned
                    continue
            earlier.append(st)


def _owned(chunk: Any) -> tuple[str, str] | None:
    """What a "my ..." phrase speaks of, as (key, surface): the head noun with its
    compounds ("my dance studio"; the key is the head's lemma, so "my studio" is the same
    subject), or, when a possessive comes first, the one who has it: "my mom's friend"
    and "my moms birthday" (its "'s" left off) speak of the mother."""
    toks = list(chunk[1:])
    for k, t in enumerate(toks):
        if t.i >= chunk.root.i:
            break
        marked = k + 1 < len(toks) and toks[k + 1].tag_ == "POS"
        if marked or apostrophe_dropped(t):
            if t.pos_ != "NOUN":
                return None
            words = [
                w.lemma_.lower() if w.i == t.i and not marked else w.lower_ for w in toks[: k + 1]
            ]
            return t.lemma_.lower(), " ".join(words)
    if chunk.root.pos_ != "NOUN":
        return None
    words = [t for t in toks if t.dep_ == "compound" or t.i == chunk.root.i]
    surface = " ".join(t.lemma_.lower() if apostrophe_dropped(t) else t.lower_ for t in words)
    return chunk.root.lemma_.lower(), surface


def owned_title(speaker: str, surface: str) -> str:
    return f"{speaker}'s {surface}"


def recurring(
    statements: dict[str, list[Statement]], known: Any
) -> tuple[set[str], set[tuple[str, str]]]:
    """Entity names and (speaker, owned key) pairs that earn a page: named in at least
    MIN_SESSIONS sessions, or already a page (`known(name, type)` finds it)."""
    ent_sessions: dict[str, set[str]] = defaultdict(set)
    own_sessions: dict[tuple[str, str], set[str]] = defaultdict(set)
    ent_types: dict[str, str] = {}
    for path, sts in statements.items():
        for st in sts:
            if not st.on_pages:
                continue
            for name, type_ in st.entities:
                key = normalize_key(name)
                ent_sessions[key].add(path)
                ent_types.setdefault(key, type_)
            for key, _surface, _ in st.owned:
                own_sessions[(st.speaker, key)].add(path)
    names = {k for k, v in ent_sessions.items() if len(v) >= MIN_SESSIONS or known(k, ent_types[k])}
    # "my manager is Sofia": the manager is a value with a name, not a page of its own.
    valued = {
        (st.speaker, ch.possessed.split()[-1].lower())
        for sts in statements.values()
        for st in sts
        for ch in st.changes
        if ch.possessed and ch.new
    }
    owned = {k for k, v in own_sessions.items() if len(v) >= MIN_SESSIONS and k not in valued}
    return names, owned


def observations(
    st: Statement,
    speaker_type: str,
    names: set[str],
    owned: set[tuple[str, str]],
    owned_titles: dict[tuple[str, str], str],
) -> list[Observation]:
    """The statement's line on the page of each subject it names that earns a page, the
    speaker's page linking to them; on the speaker's own page when it names none."""
    if not st.on_pages:
        return []
    prefix = f"{st.when.isoformat()} · " if st.when else ""
    line = st.line
    subjects: list[tuple[str, str]] = []
    for name, type_ in st.entities:
        if normalize_key(name) not in names:
            continue
        marked = link(name, type_)
        pattern = rf"(?<![\w{{|]){re.escape(name)}(?![\w}}|])"
        new = re.sub(pattern, marked, line, count=1)
        if new == line:  # a page's name typed in lower case: "bowling at skyline lanes"
            new = re.sub(pattern, marked, line, count=1, flags=re.I)
        if new != line:
            line = new
            subjects.append((name, type_))
    subjects += [
        (owned_titles[(st.speaker, key)], type_)
        for key, _surface, type_ in st.owned
        if (st.speaker, key) in owned
    ]

    def obs(subject: str, type_: str, text: str, **kw: Any) -> Observation:
        kw.setdefault("kind", "item")
        kw.setdefault("section", st.topic)
        return Observation(
            subject=subject, subject_type=type_, text=text, when=st.when, anchor=st.anchor, **kw
        )

    if not subjects:
        return [obs(st.speaker, speaker_type, prefix + line)]
    # Details live on the subject's page; the speaker's page links to it once.
    about = re.sub(rf"^{re.escape(st.speaker)}\b", link(st.speaker, "person"), line, count=1)
    out = []
    for name, type_ in dict.fromkeys(subjects):
        out.append(obs(name, type_, prefix + about))
        section = LINK_SECTIONS.get(type_, "Related")
        out.append(
            obs(st.speaker, speaker_type, link(name, type_), kind="keyed", section=section,
                key=name, once=True)
        )  # fmt: skip
    return out


#: Pages a statement names in any case: the ones people and pets are not (those are found
#: by `dream.lowercase`), so a workplace, a home town or a tool typed in lower case gets
#: the lines about it.
KNOWN_TYPES = ("organization", "place", "tool", "project")


def adopt_unnamed(st: Statement, found: list[tuple[str, str]]) -> None:
    """A statement kept aside for naming no one (`StatementReader.unnamed`) that names a
    known page after all: on that page when it is as informative as any naming statement."""
    st.entities = [*st.entities, *found]
    st.margin += DETAIL_BONUS
    st.on_pages = st.margin > MIN_MARGIN


#: Words before a common noun that make it one ("the harbors", "two harbors", "our gym").
_DETERMINERS = frozenset(
    ["a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "his", "her",
     "their", "its", "some", "any", "every", "no"]
)  # fmt: skip


def _spelled_as_name(name: str, sent: str) -> bool:
    """Written with its capital, and a word that may name something ("Ill", "Dont" are
    words typed without their apostrophe); a dictionary word not only as a sentence's
    first word."""
    low = name.lower()
    if not name[:1].isupper() or names_nobody(low) or is_bare_contraction(low):
        return False
    if " " in name or not known_word(low):
        return True
    return re.search(rf"(?<=[\w,;:] ){re.escape(name)}\b", sent) is not None


def names_in_any_case(
    statements: dict[str, list[Statement]], unnamed: dict[str, list[Statement]]
) -> None:
    """A place, organization, tool or project the parse found with its capital in one
    statement is the same subject typed in lower case in another ("Northfield Print Works"
    on Monday, "northfield print works bought a new printer" in March): each statement
    naming it gets it among its entities, so it recurs like any name; a statement kept
    aside for naming no one (`StatementReader.unnamed`) that names it joins its session's
    statements. A word capitalised only where a sentence starts is no such evidence ("Ill
    stay in Sheffield" is "I'll"), nor is a word that names nobody."""
    spelled = {
        normalize_key(n): t
        for sts in statements.values()
        for st in sts
        for n, t in st.entities
        if t in KNOWN_TYPES and _spelled_as_name(n, st.sent)
    }
    if not spelled:
        return
    for st in (st for sts in statements.values() for st in sts):
        have = {normalize_key(n) for n, _ in st.entities}
        found = known_pages_named(st, spelled)
        st.entities = [*st.entities, *((n, t) for n, t in found if normalize_key(n) not in have)]
    for path, sts in unnamed.items():
        for st in list(sts):
            if found := known_pages_named(st, spelled):
                adopt_unnamed(st, found)
                sts.remove(st)
                statements.setdefault(path, []).append(st)
        statements.get(path, []).sort(key=lambda st: st.n)


def known_pages_named(st: Statement, pages: dict[str, str]) -> list[tuple[str, str]]:
    """The known subjects (lower-case title or alias -> type) the statement names in any
    case, as (the words that name it, type): a page it names already among its entities
    too. A one-word name WordNet knows ("duluth", "harbors") counts in lower case only
    where a name stands, with no article, possessive or number before it ("in duluth",
    not "the harbors")."""
    out: list[tuple[str, str]] = []
    have = {normalize_key(n): n for n, _ in st.entities}
    for key, type_ in pages.items():
        if key in have:
            out.append((have[key], type_))
            continue
        for m in re.finditer(rf"(?<![\w]){re.escape(key)}(?![\w])", st.sent, re.I):
            before = st.sent[: m.start()].split()
            common = before and (before[-1].lower() in _DETERMINERS or before[-1].isdigit())
            if " " in key or not known_word(key) or m.group(0)[0].isupper() or not common:
                out.append((m.group(0), type_))
                break
    return out


def value_observations(st: Statement, speaker_type: str) -> list[Observation]:
    """Current values, changes and ends the statement states about its speaker."""
    out = []
    if st.left_job:
        out.append(
            Observation(
                subject=st.speaker, subject_type=speaker_type, kind="end_job",
                section="Current", attr="Employer", text="", when=ended_on(st),
                anchor=st.anchor,
            )
        )  # fmt: skip
    for ch in st.changes:
        if ch.new is None and ch.old is not None and ch.ended and ch.attr:
            # an end of a value of a known attribute: History keeps it, on record or not
            out.append(
                Observation(
                    subject=st.speaker, subject_type=speaker_type, kind="ended",
                    section="Current", attr=ch.attr, text=ch.old, when=ended_on(st),
                    anchor=st.anchor, also=ch.evidence,
                )
            )  # fmt: skip
            continue
        if ch.new is None and ch.old is not None:
            out.append(
                Observation(
                    subject=st.speaker, subject_type=speaker_type, kind="end_value",
                    section="Current", text=ch.old, when=st.when, anchor=st.anchor,
                )
            )  # fmt: skip
            continue
        if ch.new is None:
            continue
        value = ch.new
        if ch.new_type and value.islower():
            value = value.title()  # a name typed in lowercase: "sofia brandt"
        text = link(value, ch.new_type) if ch.new_type else value
        out.append(
            Observation(
                subject=st.speaker, subject_type=speaker_type, kind="fact", section="Current",
                attr=ch.attr or st.topic, key=ch.old, text=text,
                when=ended_on(st) if ch.started else st.when, anchor=st.anchor,
                replaces=ch.old, also=ch.evidence, starts=ch.started,
            )
        )  # fmt: skip
    return out


def owned_titles_of(statements: dict[str, list[Statement]]) -> dict[tuple[str, str], str]:
    """The page title of each owned subject: the speaker's most used wording of it."""
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for sts in statements.values():
        for st in sts:
            for key, surface, _ in st.owned:
                counts[(st.speaker, key)][surface] += 1
    return {
        k: owned_title(k[0], max(v.items(), key=lambda kv: (kv[1], len(kv[0]), kv[0]))[0])
        for k, v in counts.items()
    }
