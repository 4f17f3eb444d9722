"""The support check: does the block a claim cites say what the claim says?

One function, `check_support`, for every writer of cited lines: Dream's extractive and
llm engines, the MCP dream and note tools, and `brain validate`. A claim is supported
when each of its parts is accounted for by the cited block or by what is known around
it (who said it, on what day, in which session or source):

- every date is a day the block names or was said on ("yesterday" said on 8 May is
  2023-05-07), every number is in it, every name is in it or is the speaker ("I" becomes
  the speaker's name, "you" the listener's), or the session or page title;
- every content word is the same word, another form of it, a synonym, a broader word
  (WordNet, see lexicon.py), or a word or phrase of the block that the embedding model
  finds close to it, and never an opposite or a sister term (mother for grandma);
- polarity and modality agree: a claim that something happened needs a block that says
  it happened, not that it is wanted or planned, and the other way round; "not" on one
  side needs "not" on the other.

A word nothing accounts for is named in the result, so a writer can fix the claim.
An LLM judge, when given, may vouch for content words the extractive test cannot place
(paraphrase is its job), but it is never asked to forgive a name, number, date,
polarity or modality: those checks always run, so a yes-saying model waves nothing
through.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from memory_schema.links import WIKILINK_RE

from . import lexicon
from .similarity import PhraseSimilarity, default_similarity
from .words import (
    MONTHS,
    NEGATIONS,
    STOPWORDS,
    WEEKDAYS,
    is_negated,
    numbers_in,
    plain_claim,
    resolve_dates,
    stem,
    tokens,
)

#: A claim word is close enough to an evidence word or phrase at this cosine.
PARAPHRASE_SIMILARITY = 0.66
#: ... and at this one when WordNet calls them sister terms or the claim word narrower
#: (dad for father passes, puppy for dog and mother for grandma do not).
SISTER_SIMILARITY = 0.84

#: ... and at this one when they share a sense one of them seldom has (former/old).
RARE_SENSE_SIMILARITY = 0.5

#: ... or at this one for the words with their neighbours ('teeth extracted' for 'teeth
#: pulled'), when WordNet ties them by a seldom sense or the claim word is narrower.
WINDOW_SIMILARITY = 0.68

_wordset = lexicon.wordset
#: Words that carry no fact of their own: reporting verbs, light verbs, hedges.
FUNCTION_WORDS = STOPWORDS | _wordset(
    """said says saying tell tells telling told mention mentions mentioned share shares
    shared sharing note notes noted explain explains explained describe describes
    described express expresses expressed state states stated add adds added reveal
    reveals revealed talk talks talked spoke speak speaks discuss discusses discussed
    recall recalls recalled report reports reported admit admits admitted update updated
    feel feels felt seem seems seemed become becomes became appear appears appeared
    recently currently lately also still just really actually already even
    something someone thing things stuff kind sort bit way ones do does did done doing
    has have had having is was were are be been being am
    he she they them their theirs themselves themself it its him his her hers herself
    himself he's she's they're they'll they've they'd he'll she'll he'd she'd it's
    that's there's who's what's here there though although whereas while because since
    unless around about approximately roughly nearly almost anymore some afterwards
    afterward everyone everybody anyone anybody people"""
)
#: Common verbs that stop words leave out of a claim but that evidence words may stand
#: for ('did not get the scholarship' -> 'did not receive').
LIGHT_VERBS = _wordset(
    """get gets got gotten getting make makes made take takes took taken go goes went gone
    give gives gave given have has had"""
)
FIRST_PERSON = _wordset("i me my mine myself we us our ours ourselves i'm i've i'd i'll")
FIRST_PLURAL = _wordset("we us our ours ourselves we're we've we'd we'll let's")
SECOND_PERSON = _wordset("you your yours yourself yourselves you're you've you'd you'll")
#: Words that put a clause in the not-yet-real: wanting, planning, hoping, the future.
IRREALIS = _wordset(
    """want wants wanted wanting wanna wish wishes wished wishing hope hopes hoped hoping
    hopefully plan plans planned planning intend intends intended intending aim aims
    aiming would might maybe perhaps possibly considering consider considers
    tempted eager goal goals dream dreams dreaming"""
)
#: Two-word openers of the not-yet-real: 'going to <verb>', 'thinking about', ...
#: Verbs that say something does not (or no longer) happen: 'skips ice cream', 'quit'.
NEGATIVE_VERBS = _wordset(
    """avoid avoids avoided avoiding skip skips skipped skipping refuse refuses refused
    refusing quit quits quitting stop stops stopped stopping"""
)
#: Words that put a clause in the future: it is planned or expected, not yet done.
FUTURE = _wordset("will 'll gonna soon upcoming someday")
_IRREALIS_PAIRS = {
    "going": {"to"},
    "thinking": {"about", "of"},
    "looking": {"into", "forward"},
    "keen": {"to"},
    "about": {"to"},
    "trying": {"to"},
    "'d": {"like", "love"},
}
_MOTION_AFTER_TO = _wordset("the a an my his her their our your this that some church school")
_CLAUSE_RE = re.compile(
    r"[,;:]\s+|\s+[-–—]\s+|"
    r"\s+(?:and|so|but|because|although|though|whereas|while|since|unless)\s+"
)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n|\s+·\s+")
_SUPPORTING = ("same", "synonym", "general", "related")
_NEG_PREFIXES = ("un", "in", "im", "dis", "non", "ir", "il")


@dataclass
class Evidence:
    """A cited block and what is known around it."""

    text: str
    context: str = ""  # other names the claim may use: participants, titles, aliases
    dates: set[dt.date] = field(default_factory=set)  # the day said and the days named
    speaker: str = ""  # whose words these are: "I" in the block is this person
    listeners: tuple[str, ...] = ()  # who was spoken to: "you" in the block
    title: str = ""  # the session or source title
    said_on: dt.date | None = None  # the day the block was said or captured
    by_ai: bool = False  # an AI assistant's turn: never a fact about anyone


@dataclass(frozen=True)
class JudgeVerdict:
    supported: bool
    reason: str = ""


#: (claim, evidence text) -> a verdict, or a bare bool from simpler judges.
Judge = Callable[[str, str], "JudgeVerdict | bool | None"]


@dataclass(frozen=True)
class Support:
    """The result of checking one claim: `ok`, or why not and which words are alone."""

    ok: bool
    reason: str = ""
    words: tuple[str, ...] = ()  # claim words nothing in the evidence accounts for
    hard: bool = False  # a name, number, date, polarity or modality failure
    judged: bool | None = None  # the judge's verdict, when one was asked


def _fail(reason: str, words: Iterable[str] = (), hard: bool = False) -> Support:
    return Support(False, reason, tuple(words), hard)


# -- reading a claim and its evidence -------------------------------------------------


def _parts(word: str) -> list[str]:
    """A token and, for hyphenated ones, its parts ('self-care' -> self, care), unless
    the whole is a dictionary word: a sister-in-law is no sister."""
    low = word.lower().strip("'-")
    if low.endswith("'s"):
        low = low[:-2]
    parts = [p for p in low.split("-") if p]
    if len(parts) > 1 and lexicon.is_lemma(low):
        return [low]
    return [low] + (parts if len(parts) > 1 else [])


def _clauses(text: str) -> list[str]:
    return [c for s in _SENTENCE_RE.split(text) for c in _CLAUSE_RE.split(s) if c.strip()]


def _lows(text: str) -> list[str]:
    return [t.lower().replace("’", "'") for t in tokens(text.replace("’", "'"))]


def mood(text: str, future_dates: bool = False) -> str:
    """'desire' (wanted, planned, considered), 'future' (will, going to, a later day),
    'past' (a past-tense verb) or 'plain' for one clause."""
    toks = _lows(text)
    future = future_dates or bool(set(toks) & FUTURE) or "'ll " in f" {text.lower()} "
    for i, t in enumerate(toks):
        if t in IRREALIS:
            return "desire"
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        if t in _IRREALIS_PAIRS and nxt in _IRREALIS_PAIRS[t]:
            after = toks[i + 2] if i + 2 < len(toks) else ""
            if t == "going" and after in _MOTION_AFTER_TO:
                continue  # "going to the beach" is a trip, not a plan
            if t in ("going", "about"):
                future = True
            else:
                return "desire"
    if "'d like" in text.lower() or "'d love" in text.lower():
        return "desire"
    if future:
        return "future"
    if any(lexicon.is_past(t) for t in toks):
        return "past"
    return "plain"


def _moods_agree(claim: str, evidence: str) -> bool:
    """A claim that it happened needs evidence that it happened; a plan needs a plan."""
    if claim == "desire":
        return evidence in ("desire", "future")
    if evidence == "desire":
        return claim == "future"
    if claim == "future":
        return evidence != "past"
    if claim == "past":
        return evidence != "future"
    return True


def is_negative(text: str) -> bool:
    """'not', 'never', 'no longer', and verbs of not doing: 'skips', 'quit', 'gave up'."""
    toks = _lows(text)
    if is_negated(text) or set(toks) & NEGATIVE_VERBS:
        return True
    return any(
        t in ("give", "gives", "gave", "given", "giving") and "up" in toks[i + 1 : i + 3]
        for i, t in enumerate(toks)
    )


def _is_entity(tok: str, first: bool, names: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    low = tok.lower().replace("’", "'")
    if not tok[0].isupper() or low in FUNCTION_WORDS or low in NEGATIONS or low in IRREALIS:
        return False
    if tok.isupper() and len(tok) > 1:
        return True  # LGBTQ, NASA
    if not first or _parts(low)[0] in names:
        return True
    # A capital at the start of a sentence is an entity only if it is no dictionary word.
    return not lexicon.is_lemma(low)


@dataclass
class _Reading:
    """The evidence side, read once per check."""

    words: set[str]
    stems: set[str]
    bases: set[str]
    content: list[str]  # content words, in order, for WordNet and the embedder
    phrases: list[str]  # 2-3 word windows, for phrase-level paraphrase
    numbers: set[str]
    dates: set[dt.date]
    first_person: bool
    second_person: bool
    first_plural: bool
    text: str = ""


def _read(evidence: Sequence[Evidence], extra_names: Iterable[str]) -> _Reading:
    text = "\n".join(ev.text for ev in evidence)
    ctx = " ".join([*(ev.context for ev in evidence), *(ev.title for ev in evidence)])
    ctx += " " + " ".join(extra_names)
    toks = tokens(text)
    words: set[str] = set()
    for t in toks + tokens(ctx):
        words.update(_parts(t))
    content = [
        w
        for t in toks
        for w in _parts(t)
        if (w not in FUNCTION_WORDS or w in LIGHT_VERBS) and len(w) >= 2
    ]
    content += [w for t in tokens(ctx) for w in _parts(t) if w not in FUNCTION_WORDS]
    phrases = []
    low = [t.lower() for t in toks]
    # Multiword dictionary entries of the block: 'went to' is go_to, a synonym of attend.
    for n in (2, 3):
        for i in range(len(low) - n + 1):
            head = lexicon.base_forms(low[i]) or (low[i],)
            for base in head[:2]:
                mwe = "_".join([base, *low[i + 1 : i + n]])
                if lexicon.is_lemma(mwe):
                    content.append(mwe)
    for n in (2, 3):
        for i in range(len(low) - n + 1):
            window = low[i : i + n]
            if any(w not in FUNCTION_WORDS for w in window):
                phrases.append(" ".join(window))
    dates = {d for ev in evidence for d in ev.dates}
    for e in evidence:
        if e.said_on:
            dates |= loose_dates(e.text, e.said_on)
    numbers = numbers_in(text + " " + ctx) | {
        n for t in toks for n in numbers_in(" ".join(_parts(t)))
    }
    for d in dates:
        numbers |= {str(d.year), str(d.day), f"{d.day:02d}", str(d.month)}
    lows = {t.lower().replace("’", "'") for t in toks}
    return _Reading(
        words=words,
        stems={stem(w) for w in words},
        bases={b for w in words for b in lexicon.base_forms(w)},
        content=list(dict.fromkeys(content)),
        phrases=list(dict.fromkeys(phrases)),
        numbers=numbers,
        dates=dates,
        first_person=bool(lows & FIRST_PERSON),
        second_person=bool(lows & SECOND_PERSON),
        first_plural=bool(lows & FIRST_PLURAL),
        text=text,
    )


_WEEKDAY_RE = re.compile(r"\b(" + "|".join(WEEKDAYS) + r")\b", re.IGNORECASE)
_MONTH_RE = re.compile(
    r"\b(?:(next|last|this|in|since|until|by|from)\s+)?("
    + "|".join(m for m in MONTHS if len(m) > 3 or m == "may")
    + r")\b(?!\s+\d)",
    re.IGNORECASE,
)


def loose_dates(text: str, said_on: dt.date) -> set[dt.date]:
    """Days a block may mean without saying which: a bare 'Friday' is the one before or
    after the day said, 'in June' the June before or after it ('next June': after)."""
    out: set[dt.date] = set()
    for m in _WEEKDAY_RE.finditer(text):
        wd = WEEKDAYS[m.group(1).lower()]
        back = (said_on.weekday() - wd) % 7
        out.add(said_on - dt.timedelta(days=back))
        out.add(said_on + dt.timedelta(days=(wd - said_on.weekday()) % 7 or 7))
    for m in _MONTH_RE.finditer(text):
        word = m.group(2)
        if word.lower() == "may" and not word[0].isupper():
            continue  # the verb
        month = MONTHS[word.lower()]
        how = (m.group(1) or "").lower()
        now = (said_on.year, said_on.month)
        before = dt.date(said_on.year - (month > said_on.month), month, 1)
        after = dt.date(said_on.year + (month < said_on.month), month, 1)
        if how == "this":
            out.add(dt.date(said_on.year, month, 1))
        if how != "next":
            out.add(before)  # "last June", "in June" of a story told
        if how != "last" and (after.year, after.month) >= now:
            out.add(after)  # "next June", "in June" of a plan
    return out


def _lexical(word: str, ev: _Reading) -> bool:
    s = stem(word)
    return (
        word in ev.words
        or s in ev.stems
        or bool(set(lexicon.base_forms(word)) & ev.bases)
        or (len(s) >= 6 and any(_same_root(s, e) for e in ev.stems))
    )


def _same_root(a: str, b: str) -> bool:
    """'counselor'/'counseling', 'painter'/'painting'; not 'grandfather'/'grandmother'
    (a shared 'grand') nor 'sister'/'sister-in-law' (a compound)."""
    if "-" in a or "-" in b or a[:5] != b[:5]:
        return False
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return n >= 0.7 * min(len(a), len(b))


def _negated_form(word: str, ev: _Reading) -> str | None:
    """The evidence word this one negates or is negated by: unsupportive/supportive."""
    for p in _NEG_PREFIXES:
        if word.startswith(p) and len(word) - len(p) >= 4 and word[len(p) :] in ev.words:
            return word[len(p) :]
        for e in ev.content:
            if e == p + word:
                return e
    return None


# -- the check ------------------------------------------------------------------------


def check_support(
    claim: str,
    evidence: Sequence[Evidence],
    *,
    subject_names: Iterable[str] = (),
    judge: Judge | None = None,
    similarity: PhraseSimilarity | bool | None = None,
) -> Support:
    """Check one claim against the blocks it cites (and their context).

    `claim` is a wiki line or sentence (Markdown, [[links]], [cite:N] and a leading
    '**Label:**' are read as plain words); `evidence` the cited blocks; `subject_names`
    the title and aliases of the page the claim is on (a line on Caroline's page may
    leave her name out or use it). `judge` is an optional LLM verdict on the content
    words; `similarity` the phrase model (default: the bundled one; False: words only).
    """
    if not evidence:
        return _fail("cited block not found", hard=True)
    subject_names = list(subject_names)
    text = plain_claim(claim)
    ev = _read(evidence, subject_names)

    # Dates: each must be a day the evidence names or was said on.
    for phrase, day in resolve_dates(text, None):
        if day not in ev.dates:
            return _fail(f"date {phrase} is not in the evidence", [phrase], hard=True)
        text = text.replace(phrase, " ")
    claim_numbers = numbers_in(text) | {
        n for t in tokens(text) if "-" in t for n in numbers_in(" ".join(_parts(t)))
    }
    missing = sorted(n for n in claim_numbers if n not in ev.numbers)
    if missing:
        return _fail(f"number {missing[0]} is not in the evidence", missing, hard=True)

    names = _context_names(evidence, subject_names)
    failed = _names(claim, text, evidence, ev, names, subject_names)
    if failed is None:
        failed = _polarity_and_modality(text, evidence)
    if failed is not None:
        return failed
    alone, contrasts = _unsupported_words(text, ev, names, similarity)
    if contrasts:
        word, other = contrasts[0]
        return _fail(f"'{word}' contradicts '{other}' in the evidence", [word], hard=True)
    if judge is not None:
        verdict = judge(text, "\n\n".join(_with_context(e) for e in evidence))
        if isinstance(verdict, bool):
            verdict = JudgeVerdict(verdict)
        if verdict is not None:
            if not verdict.supported:
                why = verdict.reason or "the judge found it not entailed"
                return Support(False, f"judge: {why}", tuple(alone), False, False)
            return Support(True, "", (), False, True)
    if alone:
        return _fail(f"not in the evidence: {', '.join(alone)}", alone)
    return Support(True)


def _with_context(e: Evidence) -> str:
    """A block as the judge sees it: who said it, to whom, when, where; then the words."""
    head = []
    if e.speaker:
        head.append(f"said by {e.speaker}")
    if e.listeners:
        head.append(f"to {', '.join(e.listeners)}")
    if e.said_on:
        head.append(f"on {e.said_on.isoformat()}")
    if e.title:
        head.append(f"in {e.title!r}")
    return (f"[{' '.join(head)}]\n" if head else "") + e.text


def _context_names(evidence: Sequence[Evidence], subject_names: list[str]) -> set[str]:
    out = set()
    for e in evidence:
        for n in [e.speaker, *e.listeners, e.title, e.context, *subject_names]:
            out |= {w for t in tokens(n or "") if t[0].isupper() for w in _parts(t)}
    return out


def _names(
    claim: str,
    text: str,
    evidence: Sequence[Evidence],
    ev: _Reading,
    context_names: set[str],
    subject_names: list[str],
) -> Support | None:
    """Each name must be in the block, or be the speaker (I), a listener (you) or a title."""
    speakers = {p for e in evidence for p in _parts_of_name(e.speaker)}
    listeners = {p for e in evidence for n in e.listeners for p in _parts_of_name(n)}
    block_words = {w for e in evidence for t in tokens(e.text) for w in _parts(t)}
    others = {
        w
        for t in tokens(" ".join([*(e.context for e in evidence), *(e.title for e in evidence)]))
        for w in _parts(t)
    } | {w for n in subject_names for t in tokens(n) for w in _parts(t)}
    names = []
    for m in WIKILINK_RE.finditer(claim):
        shown = m.group(4) or m.group(2).rsplit("/", 1)[-1]
        names += [t for t in tokens(shown) if t.lower() not in FUNCTION_WORDS]
    for sent in _SENTENCE_RE.split(text):
        toks = tokens(sent)
        names += [t for i, t in enumerate(toks) if _is_entity(t, i == 0, context_names)]
    for name in dict.fromkeys(names):
        low = _parts(name)[0]
        if low in MONTHS and name[0].isupper():
            if low in block_words or any(d.month == MONTHS[low] for d in ev.dates):
                continue
            return _fail(f"month {name} is not in the evidence", [name], hard=True)
        if low in WEEKDAYS:
            if low in block_words or any(d.weekday() == WEEKDAYS[low] for d in ev.dates):
                continue
            return _fail(f"day {name} is not in the evidence", [name], hard=True)
        if low in block_words or stem(low) in {stem(w) for w in block_words}:
            continue
        if low in speakers and low not in listeners:
            continue  # "I" is the speaker
        if low in listeners and low not in speakers:
            both = any(_parts(n)[0] in speakers for n in names)
            if ev.second_person or (ev.first_plural and both):
                continue  # "you"; or "we" read as the speaker and them together
            return _fail(
                f"'{name}' is the listener, but the evidence says nothing about them",
                [name],
                hard=True,
            )
        if low in others:
            continue
        return _fail(f"'{name}' is not in the evidence", [name], hard=True)
    return None


def _parts_of_name(name: str) -> list[str]:
    return [w for t in tokens(name or "") for w in _parts(t)]


def _overlap(a: set[str], clause: str) -> int:
    """How many of the words `a` the clause accounts for (forms, synonyms, derivations)."""
    words = {w for t in tokens(clause) for w in _parts(t) if w not in FUNCTION_WORDS}
    hit = {stem(w) for w in words} | {b for w in words for b in lexicon.base_forms(w)}
    n = 0
    for w in a:
        forms = {stem(w), *lexicon.base_forms(w)}
        if forms & hit or any(lexicon.relation(w, x) in _SUPPORTING for x in words):
            n += 1
    return n


def _polarity_and_modality(text: str, evidence: Sequence[Evidence]) -> Support | None:
    """Each clause of the claim against the evidence clause that shares most words with it."""
    ev_clauses = []
    said_on = next((e.said_on for e in evidence if e.said_on), None)
    for e in evidence:
        for c, m in _moods(e.text, e.said_on):
            ev_clauses.append((c, m))
    for part, claim_mood in _moods(text, said_on):
        words = {
            w
            for t in tokens(part)
            for w in _parts(t)
            if w not in FUNCTION_WORDS and w not in IRREALIS and w not in NEGATIONS
        }
        if not words or not ev_clauses:
            continue
        negated = is_negative(part)
        scored = [(_overlap(words, c), c, m) for c, m in ev_clauses]
        top = max(s for s, _, _ in scored)
        if top == 0:
            continue  # no clause of the evidence speaks of this part (a name, a label)
        best = [(c, m) for s, c, m in scored if s == top]
        if not any(is_negative(c) == negated for c, _ in best):
            return _fail("negation differs from the evidence", hard=True)
        if not any(_moods_agree(claim_mood, m) for c, m in best if is_negative(c) == negated):
            ev_mood = next(m for c, m in best if is_negative(c) == negated)
            return _fail(
                f"modality differs: the claim is {_MOOD_WORDS[claim_mood]}, "
                f"the evidence {_MOOD_WORDS[ev_mood]}",
                hard=True,
            )
    return None


_MOOD_WORDS = {
    "desire": "wanted or planned",
    "future": "still to come",
    "past": "done",
    "plain": "so",
}


def _moods(text: str, said_on: dt.date | None) -> list[tuple[str, str]]:
    """Each clause with its mood; a wish or a plan holds to the end of its sentence
    ("hoping she and Andrew can find one": the finding is hoped for too)."""
    out = []
    for sent in _SENTENCE_RE.split(text):
        held = ""
        for c in _CLAUSE_RE.split(sent):
            if not c.strip():
                continue
            m = mood(c, _later(c, said_on))
            if held and m in ("plain", "past"):
                m = held
            elif m in ("desire", "future"):
                held = m
            out.append((c, m))
    return out


def _later(clause: str, said_on: dt.date | None) -> bool:
    """Does the clause name a day after the one it was said on ('tomorrow', 'next June')?"""
    if re.search(r"\b(next|tomorrow|tonight|upcoming)\b", clause.lower()):
        return True
    if said_on is None:
        return False
    return any(d > said_on for _, d in resolve_dates(clause, said_on))


_AGE_PARTS = frozenset({"year", "years", "old", "month", "months", "week", "weeks", "day", "days"})


#: Ways of saying someone likes something; which one a writer picks is style, not fact.
PREFERENCE = _wordset(
    """like likes liked love loves loved enjoy enjoys enjoyed into fond fan keen
    passionate interested interest interests adore adores"""
)
_FIND_VERBS = _wordset("find finds found finding")
_OBJECT_PRONOUNS = _wordset("it them this that")
_ROLE_VERBS = _wordset("work works worked working serve serves served serving")


def _role_copula(lows: list[str], i: int, ev: _Reading) -> bool:
    """'works as a counselor' says no more than 'is a counselor' when the block names
    the role itself; 'keen on counseling' does not, so there 'works' must be found."""
    if lows[i] not in _ROLE_VERBS or "as" not in lows[i + 1 : i + 2]:
        return False
    role = [w for w in lows[i + 2 : i + 5] if w not in FUNCTION_WORDS]
    return bool(role) and (role[0] in ev.words or stem(role[0]) in ev.stems)


def _claim_words(text: str, names: set[str], ev: _Reading | None = None) -> list[str]:
    """The content words of a claim that need support, in order."""
    out = []
    for sent in _SENTENCE_RE.split(text):
        toks = tokens(sent)
        lows = _lows(sent)
        for i, t in enumerate(toks):
            if _is_entity(t, i == 0, names) or t[0].isdigit():
                continue
            if ev is not None and _role_copula(lows, i, ev):
                continue
            nxt1 = lows[i + 1] if i + 1 < len(lows) else ""
            if lows[i] in _FIND_VERBS and (nxt1 in _OBJECT_PRONOUNS or nxt1.endswith("ing")):
                continue  # 'found it amazing', 'finds painting relaxing': a judgement verb
            parts = _parts(t)
            words = parts[1:] if len(parts) > 1 else parts
            if len(parts) > 1 and numbers_in(" ".join(parts)):
                words = [w for w in words if w not in _AGE_PARTS]  # "three-year-old"
            prev = lows[i - 1] if i else ""
            nxt = " ".join(lows[i + 1 : i + 3])
            for w in words:
                if (
                    len(w) < 3
                    or w in FUNCTION_WORDS
                    or w in IRREALIS
                    or w in NEGATIONS
                    or w in FUTURE
                    or w in NEGATIVE_VERBS  # polarity is checked clause by clause
                    or w in MONTHS
                    or w in WEEKDAYS
                    or (w == "longer" and prev == "no")  # "no longer" is a negation
                    or (w in ("like", "love") and prev in ("would", "'d"))  # a wish
                    or (w in ("age", "aged") and numbers_in(nxt))  # "at age eight"
                ):
                    continue
                out.append(w)
    return list(dict.fromkeys(out))


def _windows(word: str, text: str) -> list[str]:
    """The word with a neighbour on each side, wherever it stands in the text."""
    lows = _lows(text)
    out = []
    for i, t in enumerate(lows):
        if word in _parts(t):
            out.append(" ".join(lows[max(0, i - 1) : i + 2]))
    return out[:3]


def _unsupported_words(
    text: str, ev: _Reading, names: set[str], similarity: PhraseSimilarity | bool | None
) -> tuple[list[str], list[tuple[str, str]]]:
    """Claim content words nothing accounts for, and (word, opposite) pairs."""
    todo: list[str] = []
    contrasts: list[tuple[str, str]] = []
    liking = bool(_lows(ev.text) and set(_lows(ev.text)) & PREFERENCE)
    for w in _claim_words(text, names, ev):
        if _lexical(w, ev):
            continue
        if w in PREFERENCE and liking:
            continue  # 'enjoys', 'is into', 'keen on': one liking; polarity is checked apart
        neg = _negated_form(w, ev)
        if neg:
            contrasts.append((w, neg))
            continue
        todo.append(w)
    blocked: dict[str, set[str]] = {}
    rare: dict[str, list[str]] = {}
    need_model = []
    for w in todo:
        rels = {e: lexicon.relation(w, e) for e in ev.content}
        for e in LIGHT_VERBS & rels.keys():
            if rels[e] in _SUPPORTING:
                rels[e] = "rare"  # 'take' shares a sense with half the dictionary
        # An opposite in the block outweighs any other tie: 'won' is a kind of 'scored',
        # but not when the block says 'lost'.
        opposite = [e for e, r in rels.items() if r == "antonym"]
        if opposite:
            contrasts.append((w, opposite[0]))
            continue
        if any(r in _SUPPORTING for r in rels.values()):
            continue
        blocked[w] = {e for e, r in rels.items() if r in ("sibling", "specific")}
        rare[w] = [e for e, r in rels.items() if r == "rare"]
        need_model.append(w)
    if not need_model:
        return [], contrasts
    model = default_similarity() if similarity is None or similarity is True else similarity
    if model is False:
        return need_model, contrasts
    best_word = model.best(need_model, ev.content)
    best_phrase = model.best(need_model, ev.phrases)
    alone = []
    for w in need_model:
        ok = False
        for cand, sim in (best_word.get(w, ("", 0.0)), best_phrase.get(w, ("", 0.0))):
            if not cand:
                continue
            close = set(cand.split()) & blocked[w]
            if sim >= (SISTER_SIMILARITY if close else PARAPHRASE_SIMILARITY):
                ok = True
        # A seldom shared sense, or a narrower word, counts when the model reads the two
        # words alike where they stand: 'two-bedroom apartment' / 'two-bedroom flat'.
        ok = ok or any(
            model.pair(w, e) >= RARE_SENSE_SIMILARITY
            or max(
                (model.pair(a, b) for a in _windows(w, text) for b in _windows(e, ev.text)),
                default=0.0,
            )
            >= WINDOW_SIMILARITY
            for e in rare[w]
        )
        if not ok:
            alone.append(w)
    return alone, contrasts
