"""What a question asks: its wh-word, the kind of answer, whom it is about, and when.

A careful reader first works out what would count as an answer: "When ..." wants a
date, "Which city ..." a place, "What is my sister's job?" an occupation of the person
who is the asker's sister. Nothing here knows any dataset's phrasing; it reads general
English with a small lexicon (`data/question_words.json`).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from language.dates import MONTH_NAMES as MONTHS
from language.dates import dates
from validators.lexicon import describes, names_someone

from .text import WORD, lexicon, stopwords, terms
from .wordmatch import _when_words

_TOKEN = re.compile(r"[^\W_][\w'’.-]*[^\W_]|[^\W_]")  # letters of any script: "Tomás"
_POSS = re.compile(r"['’]s?$")
#: "where does my sister live?": with a helping verb, the main verb ends the question.
_AUXILIARY = re.compile(r"\b(?:do|does|did|will|would|can|could|should|shall|might|must)\b")
_WH = ("who", "whom", "whose", "what", "which", "where", "when", "why", "how")
_PREPS = {"in", "at", "on", "for", "to", "from", "with", "about", "of", "by", "during", "into"}


def _words(key: str) -> list[str]:
    value = lexicon()[key]
    assert isinstance(value, list)
    return [str(v) for v in value]


@cache
def type_nouns() -> dict[str, str]:
    """word -> answer type ("city" -> "place")."""
    table = lexicon()["type_nouns"]
    assert isinstance(table, dict)
    return {w: kind for kind, words in table.items() for w in words}


@cache
def job_nouns() -> frozenset[str]:
    """The words that say a job ("job", "role", "occupation", ...: `type_nouns`)."""
    return frozenset(w for w, kind in type_nouns().items() if kind == "occupation")


def _after_how(text: str) -> str | None:
    """The word right after "how" ("old" of "how old is osian?"), or None."""
    m = re.search(r"\bhow\s+([a-z]+)\b", text.lower())
    return m.group(1) if m else None


def how_degree(text: str) -> set[str]:
    """The stem of the word a "how" asks the degree of ("old" of "how old is osian?",
    "tall" of "how tall"): the answer is a number, which no sentence says with that word
    ("osian is 5"), so it is no topic a sentence must share."""
    word = _after_how(text)
    return terms(word) if word and describes(word) else set()


def _how_measured(low: str) -> bool:
    """ "how heavy", "how tall", "how far": a measure asked, answered by an amount."""
    from .measures import measure_asked  # it reads amounts with spans.py

    word = _after_how(low)
    return word is not None and measure_asked(word) is not None


def has_cue(text: str, key: str) -> bool:
    low = " " + " ".join(WORD.findall(text.lower())) + " "
    return any(f" {cue} " in low for cue in _words(key))


def asks_code_word(word: str) -> bool:
    """A word that names a code ("ref", "reference", "postcode", "pin"): the value asked
    is the code, whatever other noun comes with it ("the job ref for the boiler")."""
    return word in _words("code_nouns")


@dataclass(frozen=True)
class Question:
    text: str
    wh: str  # who, what, which, where, when, why, how, yesno, other
    answer_type: str  # date, time, place, name, occupation, number, frequency, duration,
    # choice, thing
    terms: frozenset[str]  # content stems of the question
    focus: frozenset[str]  # stems a supporting sentence must hold (the thing asked about)
    owner: str | None  # whose chain: "me" for my/I, a name for "Caroline's ...", else None
    chain: tuple[str, ...]  # possessive chain from the owner: ("best friend", "profession")
    names: tuple[str, ...]  # proper names the question mentions
    current: bool  # asks what holds now
    past: bool  # asks what held before
    choices: tuple[str, ...]  # "A or B" questions: the options
    order: str | None  # "earlier" or "later" for which-came-first questions
    head: str | None = None  # the category asked for: "instrument" in "Which instrument..."
    present: bool = False  # asked in the present tense about no other time: "does she work"
    #: the attribute asked after, when the question is nearest its example questions
    #: ("who's my boss now?" -> Manager; `language.attributes`); the engine sets it
    attribute: str | None = None
    #: asked in the present of the asker's own value ("what car do i have?"): of answers
    #: nearly as good, the one said later holds now (`recency.py`); the engine sets it
    lately: bool = False

    @property
    def typed(self) -> bool:
        """The answer is a short value (a date, a place, a name...), not a sentence."""
        return self.answer_type not in ("thing", "why", "yesno")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def analyse(text: str) -> Question:
    """Read a question (see the module docstring)."""
    text = " ".join(text.split())
    # "who's my boss", and typed without the apostrophe: "whos my manager", "wheres the
    # lease". (Read as one word, "who's" would ask nothing: no wh-word at all.)
    text = re.sub(r"\b(who|what|where|when|how|that)['’]?s\b", r"\1 is", text, flags=re.I)
    low = text.lower().replace("’", "'")
    toks = [t.lower() for t in _tokens(low)]
    first = toks[0] if toks else ""
    wh = next((w for w in toks[:4] if w in _WH), "")
    if not wh and first == "any" and len(toks) > 2 and toks[1] not in stopwords():
        # "any food i don't want in snack ideas?": asks which, as people type it.
        wh = "which"
        toks = ["which", *toks[1:]]
    if not wh:
        wh = "yesno" if first in _words("aux") else "other"
    kinds = type_nouns()
    answer_type = "thing"
    head = _head_noun(toks, wh)
    kind = _kind_words(toks, head)
    if re.search(r"\b(what|which) time\b|\bat what time\b|\bhow late\b", low):
        answer_type = "time"  # a time of day: "what time is the meeting?"
    elif wh == "when" or re.search(
        r"\b(what|which) (date|day|year|month|night|evening|morning|weekday)s?\b", low
    ):
        answer_type = "date"
    elif wh == "where" or (kind and kinds.get(kind[-1]) == "place"):
        answer_type = "place"
    elif (
        re.search(r"\bhow (many|much|old)\b", low)
        or _how_measured(low)
        or any(
            (kinds.get(t) == "number" and t not in ("many", "much", "old")) or asks_code_word(t)
            for t in _asking_words(toks, wh, head)
        )
    ):
        answer_type = "number"
    elif re.search(r"\bhow (often|frequently)\b", low):
        answer_type = "frequency"
    elif re.search(r"\bhow long\b", low):
        answer_type = "duration"
    elif (
        re.search(r"\bdo(es)? for (a )?(living|work)\b", low)
        or _asks_what_one_does(low)
        or (
            # "who was my boss at the job i left?" asks for someone, though "job" is said
            wh not in ("who", "whom") and any(kinds.get(t) == "occupation" for t in toks)
        )
    ):
        answer_type = "occupation"
    elif wh in ("who", "whom") or says_name_asked(low):
        answer_type = "name"
    elif wh == "why":
        answer_type = "why"
    asked_again = re.search(rf",?\s+or\s+((?:{'|'.join(_WH)})\s+\w+.*)$", text, flags=re.I)
    if asked_again and wh == "yesno":
        # "do i still play goalie or what do i do at the rink now?": no choice between
        # two things, but a guess and the question itself, which is what is answered
        return analyse(asked_again.group(1))
    choices = _choices(text)
    if choices:
        answer_type = "choice"
    elif wh == "yesno":
        answer_type = "yesno"
    owner, chain = _chain(low)
    if owner is None and chain and re.search(r"\b(?:i|we)\b", low):
        # "when did i become part of okonkwo's lab?": the asker did it; Okonkwo's lab is
        # what they joined, not whose memory answers.
        owner, chain = "me", []
    names = tuple(_proper_names(text))
    named = next((n for n in names if chain and chain[-1].split()[-1] == n.lower()), None)
    if named and len(chain[-1].split()) == 2:
        # "Darek's partner Lou", "my sister Ana": the relative is named, so the question
        # is about Lou, as "what does Lou do for work?".
        relative = re.escape(chain[-1].split()[0])
        plain = re.sub(
            rf"\b(?:my|our|[\w-]+'s)\s+(?:\w+\s+)?{relative}\s+(?={re.escape(named)}\b)",
            "",
            text,
            count=1,
            flags=re.I,
        )
        if plain != text:
            return analyse(plain)
    if owner is None and names and re.search(rf"\b{re.escape(names[0].lower())}'s\b", low):
        owner = names[0]
    if owner is None and re.search(r"\b(i|me|my|mine|myself|we|our|us)\b", low):
        owner = "me"
    # "in April" says when, not what: its words are no topic a sentence must share.
    # Nor do "these days" or "at the moment": they ask for what holds now (`current`).
    # "for a living" is "for work" ("living" is not "live").
    topic_text = re.sub(r"\bfor a living\b", "for work", text, flags=re.I)
    all_terms = terms(_without_cues(without_time(topic_text), "current_cues")) or terms(
        _without_cues(topic_text, "current_cues")
    )  # "what is on may 3?" asks about the day itself
    drop = {t for t in all_terms if _is_type_word(t)}
    generic = {w for v in _words("generic_verbs") for w in terms(v)}
    focus_words = list(head) if head else []
    # "what year was the furnace in my house made?": a head that only types the answer
    # ("year") names no thing, so the possessed phrase may still hang on one
    held = _held_by_possessed(text, chain) if not terms(" ".join(head)) - drop else None
    if held and not terms(held) <= drop:
        # "when is the balance due for alyssa and kevin's wedding?" asks about the
        # balance; the wedding is what it is for, which a sentence about it need not say
        # ("The remaining balance of $3,000 is due on September 18").
        focus_words, chain = [held], []
    if _head_owned_elsewhere(low, head, chain, drop):
        # "how much pension came out of my pay?": the pay is where the pension is; a
        # sentence about the pension need not say it ("Pension: £96.70").
        chain = []
    for i, link in enumerate(chain):
        # A link closed by "'s" is a noun phrase ("best friend's"); the last one may run
        # into a verb ("sister live"), so only its first word must be said.
        closed = i + 1 < len(chain) or re.search(rf"\b{re.escape(link)}'s?\b", low)
        if closed:
            focus_words += link.split()
        elif (
            re.search(rf"\b{re.escape(link)}\s*[?.!]*\s*$", low)
            and not _AUXILIARY.search(low)
            and not _ends_in_verb(low)
        ):
            # The question ends with it ("who is my field tech?"): a noun compound, whose
            # last word is what it is ("my tech" says it; "field" alone does not).
            focus_words.append(link.split()[-1])
        elif _compound(low, link) and names_someone(link.split()[-1]):
            # "who was my mortgage broker for the house?": a noun compound for someone
            # is a broker; a sentence saying only "mortgage" is about no broker
            focus_words.append(link.split()[-1])
        else:
            focus_words += link.split()[:1]
    cues = {t for key in ("current_cues", "past_cues") for w in _words(key) for t in terms(w)}
    focus = {t for w in focus_words for t in terms(w)} - drop - generic - cues
    name_terms = {t for n in names for t in terms(n)}
    focus -= name_terms
    if choices:
        focus = set()  # each option is matched on its own
    order = None
    if answer_type == "choice" and has_cue(low, "earlier_cues"):
        order = "earlier"
    elif answer_type == "choice" and has_cue(low, "later_cues"):
        order = "later"
    return Question(
        text=text,
        wh=wh,
        answer_type=answer_type,
        terms=frozenset(all_terms),
        focus=frozenset(focus),
        owner=owner,
        chain=tuple(chain),
        names=names,
        current=has_cue(low, "current_cues"),
        past=_asks_before(low) and not has_cue(low, "current_cues"),
        present=_present(low),
        choices=choices,
        order=order,
        head=kind[-1]
        if kind and kind[-1] not in type_nouns() and not _verb_asked(toks, kind)
        else None,
    )


#: "what does sam do?", "what do your parents do": "do" last, with nothing it is done
#: to or when, asks what someone does for a living.
_WHAT_ONE_DOES = re.compile(r"^what (?:does|do) (?:[\w'-]+ ){1,3}do\W*$")


def _asks_what_one_does(low: str) -> bool:
    return _WHAT_ONE_DOES.match(low.strip()) is not None


def _verb_asked(toks: list[str], kind: tuple[str, ...]) -> bool:
    """Is the word after what/which a verb that says what happened, by the tagger ("what
    happened to moth?", "what broke on the car?"): an event asked, no kind of thing?"""
    if len(kind) != 1:
        return False
    from .kinds import _parsed

    doc = _parsed(" ".join(toks))
    return any(t.lower_ == kind[0] and t.tag_ in _FINITE for t in doc)


def asks_job_alone(q: Question, whom: set[str]) -> bool:
    """An occupation question that asks for the job and nothing more ("what does ruth do
    for a living?", "what's my sister's job now?"), not something said of a job ("what
    happened to john's job?", "what career might maria pursue?"): no word of it is left
    but whom it asks about (`whom`, stems), the job or work asked, and when. Its answer is
    a job; a sentence that names none ("i work from home") is no answer."""
    if q.answer_type != "occupation":
        return False
    jobs = {t for w in job_nouns() for t in terms(w)}
    left = set(q.terms) - whom - jobs - terms("work living") - _when_words()
    return not left or not left - _asked_of(q.text)


def _asked_of(text: str) -> set[str]:
    """The stems of whom the question asks about by its parse: the subject of its verb
    or the one whose thing it names ("what does tomos do for a living?", "what's
    gareth's job"), a name memory may not know yet."""
    from language.nlp import read

    return {
        t
        for tok in read(text)
        if tok.dep_ in ("nsubj", "nsubjpass", "poss") and tok.pos_ in ("PROPN", "NOUN")
        for t in terms(tok.text)
    }


#: A price per a unit of time: "a month", "per hour", "weekly".
_RATE = re.compile(
    r"\b(?:a|an|per|each|every)\s+(?:hour|day|week|month|year|night|session)\b|"
    r"\b(?:hourly|daily|weekly|monthly|yearly|nightly)\b"
)


def names_amount(text: str) -> bool:
    """Whether a question that asks with a verb of its own ("what did the plumber ...?")
    can ask for an amount: a word of it says what an amount is, by WordNet, a verb of
    paying, costing or weighing ("charge", "spend", "bill", "come to"), a noun of a
    payment or a price in its usual sense ("rent", "wage"), a kind-of-answer word of
    amounts ("fee", "salary"), or a rate ("a month"). "What did the plumber fix?" says
    none, however near the amount examples its topic puts it. A question with no verb
    but "be" ("what's the deposit on the flat?") is not asked this."""
    from validators.lexicon import sense_of

    low = text.lower()
    if _RATE.search(low):
        return True
    words = WORD.findall(low)
    light = set(_words("generic_verbs"))
    pairs = [f"{a}_{b}" for a, b in pairwise(words)]
    for w in [*words, *pairs]:
        if type_nouns().get(w) == "number" and w not in ("many", "much", "old"):
            return True
        if w in light or w in stopwords():
            continue
        if any(sense_of(w, a, "v") for a in _words("amount_verbs")):
            return True
        if any(sense_of(w, a, "n", primary=True) for a in _words("amount_nouns")):
            return True
    return False


def asks_with_verb(text: str) -> bool:
    """The question has a helping verb, so a main verb of its own: "what did the plumber
    fix?", not "what's the rent?"."""
    return bool(_AUXILIARY.search(text.lower()))


def names_owner(q: Question, owner_names: list[str] | tuple[str, ...]) -> bool:
    """Whether a question asks about the memory's owner: in the first person (the asker
    of `brain ask` is the owner) or by the owner's name ("where does Maya work?" when the
    memory is Maya Chen's), so both phrasings read the same subject.

    The name asked about is the possessor ("Maya's manager") or else the first proper
    name; it is the owner's when it is the owner's full name or an alias, or the first
    name of one of them.
    """
    if q.owner == "me":
        return True
    if not owner_names:
        return False
    fulls = [" ".join(n.lower().split()) for n in owner_names if n.strip()]
    asked = q.owner or (q.names[0] if q.names else None)
    if asked:
        key = " ".join(asked.lower().split())
        return any(key == full or key == full.split()[0] for full in fulls)
    # Typed in lower case ("where does priya live now?") no word looks like a name:
    # the owner's name, or first name, said as words of the question.
    words = " " + " ".join(_POSS.sub("", t) for t in _tokens(q.text.lower())) + " "
    return any(f" {full} " in words or f" {full.split()[0]} " in words for full in fulls)


def asked_time(text: str, latest: dt.date | None) -> tuple[dt.date, dt.date] | None:
    """The stretch of time a question is about, from "in April", "in April 2025" or "in
    2025" (first and last day). A month without a year is the last such month up to
    `latest` (the newest date memory knows); without `latest` it cannot be placed."""
    low = text.lower()
    if day := _day_scope(low, latest):
        return day[2], day[2]
    if m := _time_scope(low):
        if not m.group(1):
            year = int(m.group(3))
            return dt.date(year, 1, 1), dt.date(year, 12, 31)
        month = MONTHS.index(m.group(1)) + 1
        if m.group(2):
            year = int(m.group(2))
        elif latest is not None:
            year = latest.year if month <= latest.month else latest.year - 1
        else:
            return None
        last = calendar.monthrange(year, month)[1]
        return dt.date(year, month, 1), dt.date(year, month, last)
    return None


def without_time(text: str) -> str:
    """The question without the stretch of time it names ("in April 2025", "on 23 May,
    2023")."""
    if day := _day_scope(text.lower(), None):
        text = " ".join((text[: day[0]] + text[day[1] :]).split())
    m = _time_scope(text.lower())
    return text if m is None else " ".join((text[: m.start()] + text[m.end() :]).split())


def _day_scope(low: str, latest: dt.date | None) -> tuple[int, int, dt.date | None] | None:
    """ "on May 23, 2023", "on 1 february": where the day a question names is said, and
    the day (by the date parser; a day without a year is the one nearest `latest`, not
    after it when asked in the past tense, and without `latest` it cannot be placed). A
    weekday alone ("on sunday") is no day."""
    months = "|".join(MONTHS)
    for m in re.finditer(r"\bon\s+", low):
        rest = low[m.end() :]
        for sp in dates(rest, latest):
            said = rest[sp.start : sp.end]
            day = re.search(r"\b\d{1,2}(?:st|nd|rd|th)?\b", said)
            if sp.start == 0 and day and re.search(months, said):
                return m.start(), m.end() + sp.end, sp.date
    return None


def _without_cues(text: str, key: str) -> str:
    for cue in sorted(_words(key), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(cue)}(?!\w)", " ", text, flags=re.I)
    return " ".join(text.split())


def _time_scope(low: str) -> re.Match[str] | None:
    """ "in April", "during April 2025", "in 2025": groups month, its year, a year alone."""
    months = "|".join(MONTHS)
    return re.search(
        rf"\b(?:in|during)\s+(?:({months})(?:\s+((?:19|20)\d\d))?|((?:19|20)\d\d))\b", low
    )


#: A clause that says when something asked happened: "... when the old one chipped".
_SUBORDINATE = re.compile(r"(?<=\w)\s+(?:when|while|after|because|if|until|whenever)\b.*$")


def _asks_before(low: str) -> bool:
    """The question asks what held before ("where did i work before?", "my old job",
    "did i use to ..."), in its own clause: "what knife did i want when the old one
    chipped?" asks what was wanted then, the old knife being when."""
    main = _SUBORDINATE.sub("", low)
    return has_cue(main, "past_cues") or bool(re.search(r"\bdid\b.*\buse to\b", main))


def _present(low: str) -> bool:
    """In the present tense and about no other time: "Where does Maya work?" but not
    "Where did she work?", "Where does she work in May?" or "... in 2025?"."""
    words = WORD.findall(low)
    if re.search(r"\b(?:1[89]|20)\d\d\b", low) or set(words) & set(MONTHS):
        return False
    present, past = set(_words("present_verbs")), set(_words("past_verbs"))
    verbs = [w for w in words if w in present or w in past]
    return bool(verbs) and verbs[0] in present


def _ends_in_verb(low: str) -> bool:
    """The question's last word is a verb, by the tagger: "what is my sister studying?"
    asks what she does, not about a "sister studying" as "my field tech" is a tech."""
    from .kinds import _parsed

    words = [t for t in _parsed(low) if t.is_alpha]
    return bool(words) and words[-1].pos_ in ("VERB", "AUX")


def _compound(low: str, link: str) -> bool:
    """The link's two words are one noun compound by the tagger: "mortgage broker",
    "field tech"; not a noun running into a verb ("sister live")."""
    from .kinds import _parsed

    words = link.split()
    if len(words) != 2:
        return False
    toks = [t for t in _parsed(low) if t.is_alpha]
    return any(
        a.lower_ == words[0] and b.lower_ == words[1] and b.pos_ == "NOUN" and a.head.i == b.i
        for a, b in pairwise(toks)
    )


#: Words that ask for a name: "what's my monstera called?", "the name of her dog".
_NAME_WORDS = re.compile(r"\b(?:name|named|called|call)\b", re.I)


def says_name_asked(text: str) -> bool:
    """The question's words ask for a name: "name", "called", or what someone has is a
    kind of name by WordNet ("what's mick's surname?", "my nan's maiden name")."""
    from validators.lexicon import kind_of

    if _NAME_WORDS.search(text):
        return True
    _, chain = _chain(text.lower())
    return bool(chain) and kind_of("name", chain[-1].split()[-1])


def _is_type_word(stemmed: str) -> bool:
    return any(stemmed in terms(w) for w in type_nouns())


def _asking_words(toks: list[str], wh: str, head: tuple[str, ...]) -> list[str]:
    """The words that may say what kind of answer is asked: all of them, or, when
    what/which names the thing asked, those up to it ("what colour ... when the leafs
    score?" asks for a colour, though "score" is a word of numbers)."""
    if wh in ("what", "which") and head and head[-1] in toks:
        return toks[: toks.index(head[-1]) + 1]
    return toks


def _head_noun(toks: list[str], wh: str) -> tuple[str, ...]:
    """The words right after what/which that name the thing asked for:
    "which task tracker do I use" -> ("task", "tracker")."""
    if wh == "how":
        return _amount_of(toks)
    if wh in ("what", "which", "whose"):
        i = toks.index(wh) + 1
    else:
        return ()
    while i < len(toks) and toks[i] in ("kind", "type", "sort", "of", "the", "a", "an"):
        i += 1
    out: list[str] = []
    aux = set(_words("aux"))
    while i < len(toks) and len(out) < 3:
        t = toks[i]
        if t in aux or t in stopwords() or t in _PREPS:
            break
        out.append(_POSS.sub("", t))
        if _POSS.search(t):
            break
        i += 1
    return tuple(out)


#: Tags of a verb that says what happened or happens: "fitted", "goes", "play".
_FINITE = frozenset(["VBD", "VBZ", "VBP"])


def _kind_words(toks: list[str], head: tuple[str, ...]) -> tuple[str, ...]:
    """The head's words up to the verb after them, which name the kind asked: with no
    helping verb, "which dentist fitted my crown?" asks for a dentist, not a "fitted", and
    "which band played at the wedding?" for a band (the verb stays a word the answer is
    held to). The tagger tells the verb from a word of the kind ("which running club",
    "what dog walker"); the word right after "which" is the kind's whatever its tag."""
    if len(head) < 2:
        return head
    from .kinds import _parsed

    start = next((i for i in range(len(toks)) if tuple(toks[i : i + len(head)]) == head), -1)
    if start < 0:
        return head  # a word of the head lost its "'s": it ended there already
    # The tagger's token at each word's first letter ("mum's" is two tokens to it).
    doc = _parsed(" ".join(toks))
    at = {t.idx: t for t in doc}
    offset = sum(len(t) + 1 for t in toks[: start + 1])
    for k in range(1, len(head)):
        tok = at.get(offset)
        if tok is not None and tok.tag_ in _FINITE:
            return head[:k]
        offset += len(head[k]) + 1
    return head


def _amount_of(toks: list[str]) -> tuple[str, ...]:
    """The nouns right after "how much/many": "how much pension came out of my pay" ->
    ("pension",). The tagger tells the noun from the verb after it ("came")."""
    i = toks.index("how") + 1
    if i + 1 >= len(toks) or toks[i] not in ("much", "many"):
        return ()
    from .kinds import _parsed

    doc = _parsed(" ".join(toks))
    out: list[str] = []
    for tok in doc[i + 1 :] if len(doc) == len(toks) else ():
        if tok.pos_ not in ("NOUN", "PROPN") or len(out) == 3:
            break
        out.append(tok.text)
    return tuple(out)


def _head_owned_elsewhere(
    low: str, head: tuple[str, ...], chain: list[str], drop: set[str]
) -> bool:
    """Whether the question names its own thing (a head noun that is no type word) and
    the possessive chain comes after a preposition, as where the thing is ("out of my
    pay", "for my dog"), not as whose it is."""
    if not head or not chain or all(t in drop for w in head for t in terms(w)):
        return False
    return bool(re.search(rf"\b(?:{'|'.join(_PREPS)})\s+(?:my|our)\s+{re.escape(chain[0])}\b", low))


def _held_by_possessed(text: str, chain: list[str]) -> str | None:
    """The noun a possessive chain's phrase hangs on by a preposition: "balance" in
    "when is the balance due for alyssa and kevin's wedding?", "ceremony" in "what time
    is the ceremony at tom's wedding?". None when the phrase hangs on a verb ("who did i
    go to sam's party with?": the party is what was gone to) or no preposition leads it."""
    if not chain or not re.search(rf"\b(?:{'|'.join(_PREPS)})\s+\S+", text.lower()):
        return None
    from .kinds import _parsed

    last = chain[-1].split()  # "my house made": the link may run into a verb
    for tok in _parsed(text):
        if tok.lower_ not in last or not any(c.dep_ == "poss" for c in tok.children):
            continue
        while tok.dep_ == "conj" and tok.head is not tok:
            tok = tok.head  # "for sam and lea's party" may parse as "sam" and "party"
        if tok.dep_ != "pobj":
            continue
        up = tok.head.head  # the word the preposition hangs on ("due" or "ceremony")
        if up.pos_ == "ADJ" and up.dep_ == "amod":
            up = up.head  # "the balance due for": the adjective says the noun's state
        if up.pos_ == "NOUN" and up.dep_ in ("nsubj", "nsubjpass", "attr"):
            return up.lower_
    return None


def _chain(low: str) -> tuple[str | None, list[str]]:
    """A possessive chain: "my best friend's profession" -> ("me", ["best friend",
    "profession"]). Each link is up to two words; the reader checks which words of a link
    memory actually uses ("my sister live" is read as "sister")."""
    m = re.search(r"\b(my|our)\s+(.+)$", low)
    if not m:
        # The first possessor that is no contraction: "what's tomás's wife's name?"
        for m2 in re.finditer(r"\b(\w+)'s\s+(?=(.+)$)", low):
            if m2.group(1) not in _WH and m2.group(1) not in ("it", "that", "what", "who"):
                return None, _links(m2.group(2))
        return None, []
    return "me", _links(m.group(2))


def _links(rest: str) -> list[str]:
    links: list[str] = []
    current: list[str] = []
    aux = set(_words("aux"))
    for tok in _tokens(rest):
        bare = _POSS.sub("", tok)
        if bare in type_nouns():
            break
        if bare in _words("current_cues") or bare in _words("past_cues"):
            continue  # "my current employer" is "my employer" asked about now
        if tok in aux or bare in stopwords() or bare in _PREPS or bare in _WH:
            break
        current.append(bare)
        if _POSS.search(tok) and tok.endswith(("'s", "'")):
            links.append(" ".join(current[-2:]))
            current = []
        elif len(current) == 2:
            break
    if current:
        links.append(" ".join(current[-2:]))
    return links


def _proper_names(text: str) -> list[str]:
    """Capitalized words after the first one ("When did Melanie paint ..." -> Melanie);
    a month says when, not who ("in April")."""
    toks = _tokens(text)
    out: list[str] = []
    run: list[str] = []
    months = set(MONTHS)
    for i, tok in enumerate(toks):
        word = _POSS.sub("", tok)
        if (
            i > 0
            and word[:1].isupper()
            and word.lower() not in ("i", "i'm", "i've")
            and word.lower() not in months
        ):
            run.append(word)
            continue
        if run:
            out.append(" ".join(run))
            run = []
    if run:
        out.append(" ".join(run))
    return out


def _choices(text: str) -> tuple[str, ...]:
    """ "Which came first, A or B?" -> (A, B); "Do I prefer metric or imperial units?" ->
    ("metric", "imperial units")."""
    body = text.rstrip("?.! ")
    if " or " not in body:
        return ()
    left, right = body.rsplit(" or ", 1)
    if right.strip().lower() in (*_WH, "not", "something", "sth", "smth"):
        return ()  # "is it tuesday or what?" asks whether, offering no other option
    cut = max(left.rfind(":"), left.rfind(","))
    if cut >= 0:
        left = left[cut + 1 :]
    else:
        # Without punctuation the option is the run of words after the last verb-like
        # word: keep as many words as the right side has, at most.
        words = left.split()
        keep: list[str] = []
        for w in reversed(words):
            lw = w.lower()
            if lw in stopwords() or lw in _words("aux") or lw in ("prefer", "like", "want"):
                break
            keep.insert(0, w)
            if len(keep) >= max(1, len(right.split())):
                break
        left = " ".join(keep)
    left, right = left.strip(), right.strip()
    if not left or not right or len(right.split()) > 8:
        return ()
    return (left, right)


__all__ = [
    "Question",
    "analyse",
    "asks_with_verb",
    "has_cue",
    "lexicon",
    "names_amount",
    "names_owner",
]


#: Words that open a clause saying when, not what: "before i moved", "when i lived in york".
_TIME_OPENERS = frozenset({"before", "after", "when", "while", "since", "until", "till", "once"})


@cache
def time_clause(text: str) -> tuple[str, frozenset[str]] | None:
    """The clause of time a question says its answer held in ("what was my rent before i
    moved?"): the word that opens it ("before") and the stems it says only there
    ("move"). Those tell when the answer held, not what it is, so a sentence that says
    them ("moved from the back row") is not for that about the thing asked. Stems the
    main clause says too are not among them."""
    from language.nlp import parse

    (doc,) = parse([text.lower()])
    inside: set[int] = set()
    opener = ""
    for tok in doc:
        opens = [
            c.lower_
            for c in tok.children
            if c.dep_ in ("mark", "advmod") and c.lower_ in _TIME_OPENERS and c.i < tok.i
        ]
        if tok.dep_ == "advcl" and opens:
            inside.update(t.i for t in tok.subtree)
            opener = opener or opens[0]
    if not inside:
        return None
    said = {i: terms(t.text) for i, t in enumerate(doc)}
    clause = {s for i in inside for s in said[i]}
    main = {s for i, ts in said.items() if i not in inside for s in ts}
    return opener, frozenset(clause - main)


def time_clause_terms(text: str) -> frozenset[str]:
    """The stems of a question's clause of time (`time_clause`), if it has one."""
    clause = time_clause(text)
    return clause[1] if clause else frozenset()
