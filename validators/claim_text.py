"""What the support check reads a claim and its evidence with: the word classes
(function words, persons, wishes, verbs of not doing), the evidence record and the
result, and how a token splits into words."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from . import lexicon
from .words import (
    NEGATIONS,
    STOPWORDS,
    tokens,
)

_wordset = lexicon.wordset
#: Words that carry no fact of their own: reporting verbs, light verbs, hedges, and
#: adverbs of where a story was heard or how it ends ("reportedly", "eventually").
FUNCTION_WORDS = STOPWORDS | _wordset(
    """said says saying tell tells telling told mention mentions mentioned share shares
    shared sharing note notes noted explain explains explained describe describes
    described express expresses expressed state states stated add adds added reveal
    reveals revealed talk talks talked spoke speak speaks discuss discusses discussed
    recall recalls recalled report reports reported admit admits admitted update updated
    spoken speaking
    feel feels felt seem seems seemed become becomes became appear appears appeared
    recently currently lately also still just really actually already even able
    something someone thing things stuff kind sort bit way ones do does did done doing
    has have had having is was were are be been being am
    he she they them their theirs themselves themself it its him his her hers herself
    himself he's she's they're they'll they've they'd he'll she'll he'd she'd it's
    that's there's who's what's here there though although whereas while because since
    unless around about approximately roughly nearly almost anymore some afterwards
    apparently reportedly allegedly supposedly seemingly evidently according
    additionally moreover furthermore besides eventually finally ultimately meanwhile
    one
    afterward everyone everybody anyone anybody people reason reasons following"""
)
#: Verbs that say little of what happened ('doing pottery', 'made her dumpling', 'got my
#: CELTA', 'put me on metformin'), in all their forms: the one list of them. Stop words
#: leave them out of a claim, but the block's may stand for a claim verb ('did not get
#: the scholarship' -> 'did not receive'), and a claim names the event they leave vague.
_LIGHT_FORMS = {
    "be": "am is are was were been being",
    "have": "has had having",
    "do": "does did done doing",
    "make": "makes made making",
    "get": "gets got gotten getting",
    "go": "goes went gone going",
    "give": "gives gave given giving",
    "take": "takes took taken taking",
    "put": "puts putting",
    "keep": "keeps kept keeping",
    "use": "uses used using",
    "say": "says said saying",
    "come": "comes came coming",
    "let": "lets letting",
    "set": "sets setting",
    "sort": "sorts sorted sorting",
}
LIGHT_VERBS = frozenset(_LIGHT_FORMS) | frozenset(
    f for forms in _LIGHT_FORMS.values() for f in forms.split()
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


def _is_entity(
    tok: str,
    first: bool,
    names: set[str] = frozenset(),  # type: ignore[assignment]
    prev: str = "",
) -> bool:
    low = tok.lower().replace("’", "'")
    if not tok[0].isupper() or low in FUNCTION_WORDS or low in NEGATIONS or low in IRREALIS:
        return False
    if possessive_name_head(prev, tok):
        return False  # 'Day' of "Valentine's Day": the name is Valentine's
    if tok.isupper() and len(tok) > 1:
        return True  # LGBTQ, NASA
    if not first or _parts(low)[0] in names:
        return True
    # A capital at the start of a sentence is an entity only if it is no dictionary word.
    return not lexicon.is_lemma(low)


def possessive_name_head(prev: str, tok: str) -> bool:
    """Is the capitalised word a dictionary noun after a capitalised possessive, the head
    of a name made of a name's possessive ("Valentine's Day", "Mother's Day", "New
    Year's Eve")? The name is the possessive; chat writes it 'valentines day'."""
    if not tok[:1].isupper() or not prev[:1].isupper():
        return False
    if not prev.replace("’", "'").endswith("'s"):
        return False
    low = tok.lower()
    return lexicon.is_lemma(low) and lexicon.is_noun(low)


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
