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
from memory_schema.session import AI_SPEAKERS

from . import lexicon
from .predicates import (
    DESIRE,
    MOOD_WORDS,
    NEGATIVE_PHRASES,
    ONGOING,
    PAST,
    PLAIN,
    PROGRESSIVE,
    Predicate,
    _parse,
    ceases,
    ends,
    moods_agree,
    predicates,
)
from .similarity import PhraseSimilarity, default_similarity
from .verbs import evidence_verbs, same_event
from .words import (
    MONTHS,
    NEGATIONS,
    STOPWORDS,
    WEEKDAYS,
    durations,
    month_parts,
    numbers_in,
    periods,
    plain_claim,
    resolve_dates,
    same_duration,
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

#: ... and at this one for a verb WordNet ties loosely to a verb of the block (a narrower
#: or sister verb: 'spotted' for 'saw', 'relocating' for 'moving'), on the words alone.
VERB_SIMILARITY = 0.6

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
    spoken speaking
    feel feels felt seem seems seemed become becomes became appear appears appeared
    recently currently lately also still just really actually already even
    something someone thing things stuff kind sort bit way ones do does did done doing
    has have had having is was were are be been being am
    he she they them their theirs themselves themself it its him his her hers herself
    himself he's she's they're they'll they've they'd he'll she'll he'd she'd it's
    that's there's who's what's here there though although whereas while because since
    unless around about approximately roughly nearly almost anymore some afterwards
    afterward everyone everybody anyone anybody people reason reasons following"""
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
    refusing quit quits quitting stop stops stopped stopping cancel cancels cancelled
    canceled cancelling canceling decline declines declined declining"""
)
#: Words that put a clause in the future: it is planned or expected, not yet done.
FUTURE = _wordset("will 'll gonna soon upcoming someday")
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
    role: str = ""  # "user" or "assistant" in a chat with an AI, when known


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
        n for t in toks if "-" in t for n in numbers_in(" ".join(_parts(t)))
    }
    # A day said or named vouches for its year, not for its day or month as a count:
    # 'in March' is no '3 kittens'.
    numbers |= {str(d.year) for d in dates}
    for e in evidence:
        if e.said_on:
            numbers |= {str(y) for y in season_years(e.text, e.said_on)}
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


_SEASON_RE = re.compile(
    r"\b(?:(last|next|this|in|since|until|by)\s+)?(spring|summer|fall|autumn|winter|year)\b",
    re.IGNORECASE,
)


def season_years(text: str, said_on: dt.date) -> set[int]:
    """The years a season or 'year' in a block may mean: 'last summer' said in February
    2024 is summer 2023, 'next spring' said in November 2023 is spring 2024; without
    'last' or 'next', the year said or the next (a plan) or the one before (a story)."""
    out: set[int] = set()
    y = said_on.year
    for m in _SEASON_RE.finditer(text):
        how, what = (m.group(1) or "").lower(), m.group(2).lower()
        if what == "year":
            if how in ("last", "next"):
                out.add(y - 1 if how == "last" else y + 1)
            continue
        if how == "last":
            out |= {y - 1, y}
        elif how == "next":
            out |= {y, y + 1}
        else:
            out |= {y - 1, y, y + 1}
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


def _compound_with(word: str, ev: _Reading) -> str | None:
    """A dictionary compound of the block with the word as a part: 'mother-in-law' for
    'mother', 'step-father' for 'father'. It names someone else, though the embedding
    model reads the two alike."""
    for e in ev.content:
        if "-" in e and word in e.split("-") and lexicon.is_lemma(e):
            return e
    return None


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
    # 'The user' and 'the assistant' name the speaker as a name would (issue 12: a claim
    # about the owner, cited to the owner's own turn).
    subject_names = [*subject_names, *role_names(evidence)]
    text = plain_claim(claim)
    ev = _read(evidence, subject_names)

    # Spans of days ('the week of 9 February 2026', 'the weekend of 24-25 January'):
    # the block must name a day in the span, or a span inside it ('last weekend').
    said = next((e.said_on for e in evidence if e.said_on), None)
    ev_periods = [(a, b) for e in evidence for _, a, b in periods(e.text, e.said_on)]
    for phrase, first, last in periods(text, said, relative=False):
        if not any(first <= d <= last for d in ev.dates) and not any(
            first <= a and b <= last for a, b in ev_periods
        ):
            return _fail(f"date {phrase} is not in the evidence", [phrase], hard=True)
        text = text.replace(phrase, " ")
    # Dates: each must be a day the evidence names or was said on; a part of a month
    # ('mid-September 2025') one of its days.
    for phrase, year, month, days in month_parts(text):
        if not any(d.month == month and d.day in days and year in (None, d.year) for d in ev.dates):
            return _fail(f"date {phrase} is not in the evidence", [phrase], hard=True)
        text = text.replace(phrase, " ")
    for phrase, day in resolve_dates(text, None):
        # A day of a weekend the block names ('last weekend') is as good as named.
        if day not in ev.dates and not any(
            a <= day <= b and (b - a).days <= 2 for a, b in ev_periods
        ):
            return _fail(f"date {phrase} is not in the evidence", [phrase], hard=True)
        text = text.replace(phrase, " ")
    # A span said in other units is the same span: 'two years' / 'twenty-four months',
    # 'a fortnight' / 'two weeks'. It is read in the block's words, so its count and
    # unit are checked as if the claim had said them so.
    ev_spans = [span for e in evidence for span in durations(e.text)]
    for phrase, days in durations(text):
        same = [p for p, d in ev_spans if same_duration(days, d)]
        if same:
            text = text.replace(phrase, same[0], 1)
        elif ev_spans:
            # 'a week' has no count to check, but the block's 'two weeks' is another span.
            return _fail(f"span {phrase} is not in the evidence", [phrase], hard=True)
    claim_numbers = numbers_in(text) | {
        n for t in tokens(text) if "-" in t for n in numbers_in(" ".join(_parts(t)))
    }
    missing = sorted(n for n in claim_numbers if n not in ev.numbers)
    if missing:
        return _fail(f"number {missing[0]} is not in the evidence", missing, hard=True)

    names = _context_names(evidence, subject_names)
    ceased: set[str] = set()  # claim verbs of what stopped, said by a verb of ending
    failed = _names(claim, text, evidence, ev, names, subject_names)
    if failed is None:
        ended = bool(_HELD_UNTIL.search(claim))
        failed = _polarity_and_modality(text, evidence, ceased=ceased, ended=ended)
    if failed is not None:
        return failed
    alone, contrasts = _unsupported_words(text, ev, names, similarity, ceased)
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


def role_names(evidence: Sequence[Evidence]) -> list[str]:
    """Words that name a block's speaker by role in a chat with an AI assistant: 'user'
    for the person (an unnamed `user` turn, the owner's turn, or anyone talking to an
    AI), 'assistant' for the AI. They are read like the speaker's name."""
    out: list[str] = []
    for e in evidence:
        speaker = (e.speaker or "").casefold().split()
        to_ai = any((n.casefold().split() or [""])[0] in AI_SPEAKERS for n in e.listeners)
        if e.role == "user" or "user" in speaker or (to_ai and not e.by_ai):
            out.append("user")
        if e.role == "assistant" or e.by_ai or (speaker[:1] and speaker[0] in AI_SPEAKERS):
            out += ["assistant", "AI"]
    return list(dict.fromkeys(out))


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
        if "-" in name:
            # 'Nairobi-based', 'Lisbon-born': the name is the capitalised part; the rest is
            # an ordinary word.
            caps = [p for p in name.split("-") if p[:1].isupper()]
            if caps and len(caps) < len(name.split("-")):
                low = _parts(caps[0])[0]
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


#: A claim that says its value ended ("Northwind Labs — 2026-03-02 to 2026-09-14", a
#: page's history line; "formerly", "used to") does not claim it still holds.
_HELD_UNTIL = re.compile(
    r"\bto \d{4}-\d{2}(?:-\d{2})?\b|\buntil\b|\bformer(?:ly)?\b|\bused to\b|\bpreviously\b",
    re.I,
)


def _polarity_and_modality(
    text: str,
    evidence: Sequence[Evidence],
    ev: _Reading | None = None,
    *,
    ceased: set[str] | None = None,
    ended: bool = False,
) -> Support | None:
    """Each predicate of the claim against the evidence predicates that share most words
    with it: the same polarity, and moods that agree (predicates.py). A claim that
    something stopped ('no longer owns a car') may rest on a done act of ending it ('sold
    my car'); its verb then goes into `ceased`, accounted for by the ending."""
    said_on = next((e.said_on for e in evidence if e.said_on), None)
    ev_preds = [p for e in evidence for p in predicates(e.text, e.said_on)]
    if not ev_preds:
        return None
    ignore = FUNCTION_WORDS | IRREALIS | NEGATIONS | NEGATIVE_VERBS
    for part in predicates(text, said_on):
        words = {w for t in part.words for w in _parts(t) if w not in ignore and len(w) > 1}
        words -= {w for w in words if numbers_in(w)}
        if not words:
            continue
        # The predicate that shares the claim's verb weighs more: 'moved to Denver' is
        # about 'moving there', not about 'a job offer in Denver'.
        scored = [
            (_overlap(words, " ".join(p.words)) + 0.5 * _overlap({part.head}, p.head), p)
            for p in ev_preds
        ]
        top = max(s for s, _ in scored)
        if top == 0:
            continue  # no predicate of the evidence speaks of this part (a name, a label)
        best = [p for s, p in scored if s == top]
        same = [p for p in best if _same_polarity(part, p)]
        if ceases(part):
            # 'no longer owns a car' / 'sold my car', 'no longer plays the guitar' / 'gave
            # up the guitar': the ending is said as a done act, on the thing itself or on
            # the verb right after it ('retired from teaching'). The claim's own verb is
            # what stopped, so the ending accounts for it; a plan to end is not enough.
            near = best + [
                ev_preds[i - 1]
                for i, p in enumerate(ev_preds)
                if p in best and i and p.head.endswith("ing")  # 'retired from teaching'
            ]
            ending = [p for p in near if p.mood in (PAST, PLAIN) and (ends(p) or p.neg_verb)]
            if ending and ceased is not None:
                ceased.add(part.head)
            if not same and ending:
                continue  # a done ending: what it ended holds no longer, whatever the tense
        elif (
            not part.negative
            and part.mood in (PLAIN, PROGRESSIVE, ONGOING)
            and not ends(part)
            and not ended
        ):
            # 'still works at Google' / 'left Google': what the block ended holds no more.
            near = best + [
                ev_preds[i - 1]
                for i, p in enumerate(ev_preds)
                if p in best and i and p.head.endswith("ing")
            ]
            if any(p.mood in (PAST, PLAIN) and ends(p) for p in near):
                return _fail("negation differs: the evidence says it ended", [part.head], hard=True)
        if not same:
            return _fail("negation differs from the evidence", _neg_words(part), hard=True)
        # Two ways of not doing may differ in tense: 'called off the trip' (done) is
        # 'not going' (to come); a wish still needs a wish.
        if not any(
            moods_agree(part.mood, p.mood)
            or (part.negative and p.negative and DESIRE not in (part.mood, p.mood))
            for p in same
        ):
            return _fail(
                f"modality differs: the claim is {MOOD_WORDS[part.mood]}, "
                f"the evidence {MOOD_WORDS[same[0].mood]}",
                [part.text],
                hard=True,
            )
    return None


def _same_polarity(claim: Predicate, ev: Predicate) -> bool:
    """Both or neither negative; a verb of not doing on one side may stand for the same
    verb on the other ('left his job' for 'quit my job')."""
    if claim.negative == ev.negative:
        return True
    verb, other = (claim.neg_verb, ev) if claim.negative else (ev.neg_verb, claim)
    if not verb or (claim.negative and ev.negative):
        return False
    return any(
        lexicon.relation(verb, w) in (*_SUPPORTING, "specific", "rare")
        or lexicon.relation(w, verb) in (*_SUPPORTING, "specific", "rare")
        for w in other.words
        if w not in FUNCTION_WORDS
    )


def _neg_words(part: Predicate) -> list[str]:
    marks = [w for w in part.words if w in NEGATIONS or w in ("n't", "never", "no")]
    return marks or [part.neg_verb or part.text]


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
            judged = lows[i] in _FIND_VERBS and any(
                p.pos_ == "ADJ" and p.lower_ in lows[i + 1 : i + 5] for p in _parse(sent)
            )
            if lows[i] in _FIND_VERBS and (
                nxt1 in _OBJECT_PRONOUNS or nxt1.endswith("ing") or judged
            ):
                continue  # 'found it amazing', 'finds painting relaxing': a judgement verb
            if any(nxt1 in NEGATIVE_PHRASES.get(b, ()) for b in lexicon.base_forms(lows[i])):
                continue  # 'turned down', 'called off': polarity, checked as such
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
                    or bool(numbers_in(w))  # numbers are checked as numbers
                    or w in ("decade", "decades", "hundred", "thousand", "million")
                    or (w == "longer" and prev == "no")  # "no longer" is a negation
                    or (w in ("like", "love") and prev in ("would", "'d"))  # a wish
                    or (w in ("age", "aged") and numbers_in(nxt))  # "at age eight"
                ):
                    continue
                out.append(w)
    return list(dict.fromkeys(out))


#: Nouns for a group the speaker belongs to: 'we' said by someone is their family.
GROUP_NOUNS = _wordset("family families household couple together")
#: Where someone lives, which 'at my aunt's' leaves unsaid.
DWELLINGS = _wordset("home house place flat apartment")
#: Verbs that only carry a span of time: 'spent forty years', 'went three weeks without'.
SPAN_VERBS = _wordset("spent spend spends spending gone went go goes passed")
_DURATION_RE = re.compile(
    r"\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"twenty|thirty|forty|fifty|sixty|several|many|few)\b[\w\s-]{0,12}?"
    r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?)\b",
    re.IGNORECASE,
)
#: Suffixes that make a word of another class without changing what it says.
_DERIVING = ("fulness", "ful", "fully", "ly", "ness", "ment", "ity", "ation", "ion", "al", "ive")


def _parts_of_speech(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each claim word's part of speech and lemma (spaCy), for the ties that need them."""
    doc = _parse(text)
    return {t.lower_: t.pos_ for t in doc}, {t.lower_: t.lemma_.lower() for t in doc}


#: Nouns for going somewhere, which a verb of motion with a destination says.
JOURNEYS = _wordset("trip trips journey journeys visit visits vacation holiday travel")
_MOTION_TO_RE = re.compile(
    r"\b(?:go|goes|going|went|gone|take|takes|taking|took|taken|fly|flies|flying|flew|"
    r"flown|drive|drives|driving|drove|travel\w*|head\w*|visit\w*)\b[^.!?]{0,40}?"
    r"\b(?:to|in)\s+[A-Z]",
)


_POSSESSIVE_PLACE_RE = re.compile(
    r"\b(?:at|to|from|over|near)\s+(?:(?:my|his|her|our|their|your)\s+)?[\w-]+'s"
    r"(?=\s*[,.;!?)]|\s*$|\s+(?:tonight|today|tomorrow|yesterday|this|last|next|for|on|in|"
    r"with|and|after|before|every|again|since|until)\b)",
    re.IGNORECASE,
)


def _possessive_place(text: str) -> bool:
    """Does the block name a place by its owner alone ('at my aunt's', 'to Bea's')?"""
    return bool(_POSSESSIVE_PLACE_RE.search(text.replace("’", "'")))


def _takes_duration(word: str, text: str) -> bool:
    low = text.lower()
    i = low.find(word)
    rest = low[i + len(word) :].lstrip()
    return i >= 0 and bool(
        _DURATION_RE.match(rest) or any(rest.startswith(p.lower()) for p, _ in durations(rest))
    )


def _derived(word: str, ev: _Reading) -> bool:
    """'helpful' from 'help', 'monthly' from 'month', 'adoption' from 'adopt'."""
    for suffix in _DERIVING:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            for cand in (base, base + "e", base[:-1] if base.endswith("i") else base + "y"):
                if lexicon.known(cand) and _lexical(cand, ev):
                    return True
    return False


def _windows(word: str, text: str, width: int = 1) -> list[str]:
    """The word with `width` neighbours on each side, wherever it stands in the text."""
    lows = _lows(text)
    out = []
    for i, t in enumerate(lows):
        if word in _parts(t):
            out.append(" ".join(lows[max(0, i - width) : i + width + 1]))
    return out[:3]


def _unsupported_words(
    text: str,
    ev: _Reading,
    names: set[str],
    similarity: PhraseSimilarity | bool | None,
    ceased: set[str] = frozenset(),  # type: ignore[assignment]
) -> tuple[list[str], list[tuple[str, str]]]:
    """Claim content words nothing accounts for, and (word, opposite) pairs."""
    todo: list[str] = []
    contrasts: list[tuple[str, str]] = []
    liking = bool(_lows(ev.text) and set(_lows(ev.text)) & PREFERENCE)
    pos, lemmas = _parts_of_speech(text)
    said: dict[str, str] = {}  # a lemma checked in place of the claim's word -> the word
    claim_words = _claim_words(text, names, ev)
    for w in claim_words:
        if _lexical(w, ev) or _derived(w, ev) or w in ceased:
            continue
        lemma = lemmas.get(w, w)
        if lemma != w and not lexicon.known(w) and lexicon.known(lemma):
            # spaCy knows the forms WordNet's rules miss: 'spoken' is 'speak'.
            if _lexical(lemma, ev):
                continue
            said[lemma] = w
            pos[lemma] = pos.get(w, "")
            w = lemma
        if w in JOURNEYS and _MOTION_TO_RE.search(ev.text):
            continue  # 'going to Morocco', 'taking the kids to Japan': a trip
        if w in PREFERENCE and liking:
            continue  # 'enjoys', 'is into', 'keen on': one liking; polarity is checked apart
        if w in GROUP_NOUNS and ev.first_plural:
            continue  # 'we', 'our' of a speaker: their family, household, the couple
        if w in DWELLINGS and _possessive_place(ev.text):
            continue  # 'at my aunt's' is at her home
        if w in SPAN_VERBS and _takes_duration(w, text):
            continue  # 'spent forty years as', 'has gone three weeks without': the span is checked
        neg = _negated_form(w, ev)
        if neg:
            contrasts.append((w, neg))
            continue
        whole = _compound_with(w, ev)
        if whole:
            contrasts.append((w, whole))  # a mother is no mother-in-law
            continue
        todo.append(w)
    blocked: dict[str, set[str]] = {}
    rare: dict[str, list[str]] = {}
    verbs: dict[str, list[str]] = {}  # a claim verb -> evidence words of a looser tie
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
        if pos.get(w) == "VERB":
            # Sister terms are things: a verb has no sisters ('spotted' and 'saw' meet
            # only as nouns), and a narrower verb may say the same thing in more detail
            # ('relocating' for 'moving', 'quit' for 'leave'). The model decides, on the
            # two words alone: their neighbours are the same on both sides, so in
            # context 'sold her a necklace' reads like 'gave me this necklace'.
            for e in ev.content:
                wide = rels.get(e) in ("specific", "sibling") or (
                    rels.get(e) is None and lexicon.relation(e, w) in ("specific", "synonym")
                )
                if wide:
                    rels[e] = None
                    verbs.setdefault(w, []).append(e)
        blocked[w] = {e for e, r in rels.items() if r in ("sibling", "specific")}
        rare[w] = [e for e, r in rels.items() if r == "rare"]
        need_model.append(w)
    if not need_model:
        return [], contrasts
    model = default_similarity() if similarity is None or similarity is True else similarity
    if model is False:
        return [said.get(w, w) for w in need_model], contrasts
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
        # A verb that shares a seldom sense is read with up to two neighbours a side
        # ('to open his own bakery' / 'to start my own bakery').
        width = 2 if pos.get(w) == "VERB" else 1
        ok = ok or any(
            model.pair(w, e) >= RARE_SENSE_SIMILARITY
            or max(
                (
                    model.pair(a, b)
                    for n in range(1, width + 1)
                    for a in _windows(said.get(w, w), text, n)
                    for b in _windows(e, ev.text, n)
                ),
                default=0.0,
            )
            >= WINDOW_SIMILARITY
            for e in rare[w]
        )
        ok = ok or any(model.pair(w, e) >= VERB_SIMILARITY for e in verbs.get(w, ()))
        if not ok and pos.get(w) == "VERB":
            # A verb in other words ('spotted' for 'saw'), read as an event (verbs.py),
            # among the block's verbs no other word of the claim stands for.
            word = said.get(w, w)
            others = [c for c in claim_words if c != word]
            taken = {v for v, _ in evidence_verbs(ev.text) if _stands_for(others, v)}
            ok = same_event(word, text, ev.text, taken, model.vector, model.pair) is not None
        if not ok:
            alone.append(w)
    return [said.get(w, w) for w in alone], contrasts


def _stands_for(words: Sequence[str], evidence_word: str) -> bool:
    """Does one of the words say the evidence word: a form of it or a synonym?"""
    forms = {stem(evidence_word), *lexicon.base_forms(evidence_word)}
    return any(
        stem(w) in forms
        or bool(set(lexicon.base_forms(w)) & forms)
        or lexicon.relation(w, evidence_word) in ("same", "synonym")
        for w in words
    )
