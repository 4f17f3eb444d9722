"""Words and sentences: the extractive engine's matching units."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

WORD = re.compile(r"[^\W_]+")  # lower-cased text; letters of any script ("tomás")
_SENTENCE = re.compile(
    r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<=[.!?])\s+(?=[A-Z0-9\"'(“‘])"
)
_LOWER_SENTENCE = re.compile(
    r"(?<!\bdr\.)(?<!\bmr\.)(?<!\bms\.)(?<!\bst\.)(?<!\bmrs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<!\b[0-9]\.)(?<=[.!?])\s+(?=[a-z0-9\"'(“‘])"
)
_POSSESSIVE = re.compile(r"['’]s\b")


@cache
def stopwords() -> frozenset[str]:
    text = resources.files("agent").joinpath("data", "stopwords.txt").read_text("utf-8")
    return frozenset(text.split())


@cache
def _stemmer():  # type: ignore[no-untyped-def]
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@cache
def stem(word: str) -> str:
    """Snowball (Porter 2) stem: 'migrating' and 'migration' both give 'migrat'."""
    return str(_stemmer().stemWord(word))


@cache
def lexicon() -> dict[str, object]:
    """The extractive engine's word lists (`data/question_words.json`), read once."""
    text = resources.files("agent").joinpath("data", "question_words.json").read_text("utf-8")
    return dict(json.loads(text))


@cache
def _base_forms() -> dict[str, str]:
    """Past forms of irregular verbs to their base form ("grew" -> "grow")."""
    out: dict[str, str] = {}
    for line in lexicon()["irregular_verbs"]:  # type: ignore[union-attr]
        base, *forms = str(line).split()
        out.update({f: base for f in forms if f != base})
    return out


#: Number words and what they count ("a couple of" is 2).
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "twenty": 20, "thirty": 30, "sixty": 60, "ninety": 90, "a couple of": 2,
    "a few": 3, "several": 3,
}  # fmt: skip
#: A number run into its unit ("10hrs", "2br", "5oz"), not an ordinal ("3rd").
_NUMBER_UNIT = re.compile(r"(\d+)(?!st\b|nd\b|rd\b|th\b)([a-z]{2,})")


#: Units as people shorten them: "6 yrs", "2hrs", "20 mins".
_UNITS = {"hr": "hour", "hrs": "hour", "min": "minute", "mins": "minute", "wk": "week",
          "wks": "week", "yr": "year", "yrs": "year", "secs": "second"}  # fmt: skip


def _word_terms(w: str) -> list[str]:
    """A word as terms: "10hrs" is "10" and "hrs", "ten" is "10"."""
    m = _NUMBER_UNIT.fullmatch(w)
    if m:
        return [m.group(1), _UNITS.get(m.group(2), m.group(2))]
    if w in _UNITS:
        return [_UNITS[w]]
    n = NUMBER_WORDS.get(w)
    return [str(n)] if n is not None and w not in ("a", "an", "several") else [w]


def terms(text: str) -> set[str]:
    """Content words, stemmed: no stopwords, no possessive 's, no single letters (a single
    digit is a word: "part 3" is not "part 1"); the past of an irregular verb counts as
    the verb ("grew" as "grow")."""
    words = WORD.findall(_POSSESSIVE.sub("", text.lower().replace("’", "'")))
    base = _base_forms()
    return {
        stem(base.get(t, t))
        for w in words
        if w not in stopwords()
        for t in _word_terms(w)
        if len(t) > 1 or t.isdigit()
    }


def sentences(text: str) -> list[str]:
    """Sentences of a turn or paragraph, one per line of prose at least. Text typed
    without capitals ("weird but good. the manager there is so chill") is split at its
    full stops too, and so is a line that capitalises only a shout or an "I" ("PART 3
    PASSED this morning. green badge ordered. im a proper driving instructor now")."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip().lstrip("-*>• ").strip()
        if not line:
            continue
        if not any(ch.isupper() for ch in line):
            out += [s.strip() for s in _LOWER_SENTENCE.split(line) if s.strip()]
            continue
        parts = [s.strip() for part in _SENTENCE.split(line) for s in _lower_starts(part)]
        out += _initials_joined([s for s in parts if s])
    return out


#: A piece that ends in an initial after a title or another initial ("under the care of
#: Mr A.", "J. K."), or that is an initial alone ("K."): the name goes on in the next
#: piece. "we chose plan B." and "take vitamin D." end their sentences.
_ENDS_IN_INITIAL = re.compile(
    r"(?:^|(?:^|\s)(?:mr|mrs|ms|mx|dr|prof|sir|dame|miss|[A-Z])\.?\s+)[A-Z]\.$", re.I
)


def _initials_joined(parts: list[str]) -> list[str]:
    """Pieces cut after a name's initial ("Mr A." / "Okafor, Consultant Orthopaedic
    Surgeon.") joined back; "we chose plan B." still ends its sentence."""
    out: list[str] = []
    for part in parts:
        if out and _ENDS_IN_INITIAL.search(out[-1]) and part[:1].isupper():
            out[-1] += " " + part
        else:
            out.append(part)
    return out


#: Words a full stop ends without ending the sentence: "approx. two", "etc. and".
_ABBREVIATIONS = frozenset(
    [
        "approx",
        "etc",
        "vs",
        "incl",
        "excl",
        "esp",
        "est",
        "dept",
        "fig",
        "no",
        "nos",
        "p",
        "pp",
        "vol",
        "ch",
        "sec",
        "min",
        "mins",
        "hr",
        "hrs",
        "dr",
        "mr",
        "mrs",
        "ms",
        "st",
        "jr",
        "sr",
        "co",
        "ltd",
        "inc",
        "e.g",
        "i.e",
        "a.m",
        "p.m",
        "cf",
        "viz",
        "ca",
    ]
)
_LOWER_START = re.compile(r"(?<=[a-z)\]][.!?])\s+(?=[a-z][a-z'’]*\b)")


def _lower_starts(part: str) -> list[str]:
    """A stretch split where a full stop after a word is followed by a lower-case word,
    unless the word is an abbreviation ("approx. two") or dotted ("the U.S. and")."""
    out, start = [], 0
    for m in _LOWER_START.finditer(part):
        before = part[start : m.start()].split()
        word = before[-1].rstrip(".!?").lower() if before else ""
        if not word or word in _ABBREVIATIONS or "." in word or len(word) < 2:
            continue
        out.append(part[start : m.start()])
        start = m.end()
    out.append(part[start:])
    return out


#: Verbs that open a question, before its subject: "should i ...", "how much should i".
_AUXILIARIES = (
    "do|does|did|is|are|am|was|were|can|could|should|shall|would|will|may|might|must|have|has"
)
#: People type questions without "?": a wh-word right before an auxiliary ("how much
#: should i charge for a 5oz bottle", "what do you think"), or an auxiliary before its
#: subject ("should i get the 210", "is it worth it"). "what i want is a van" and "when i
#: got home" tell; so do "did it in 3 hours" and "do it tomorrow" (no subject).
_ASKS = re.compile(
    rf"^\W*(?:(?:what|which|where|when|why|who|how(?:\s+(?:much|many|long|often|old))?)"
    rf"\s+(?:{_AUXILIARIES})(?:n'?t)?\b"
    rf"|(?:{_AUXILIARIES})(?:n'?t)?\s+(?:i|you|we|he|she|they|there|it)\s+\w)",
    re.I,
)
_NOT_ASKED = re.compile(r"^\W*(?:did|do)\s+it\b", re.I)
#: "can you keep your replies short from now on" typed without "?": a request, which
#: tells what the speaker wants as much as "please keep your replies short" does.
_REQUEST = re.compile(r"^\W*(?:can|could|would|will)\s+you\b", re.I)


def is_question(sentence: str) -> bool:
    """A sentence that asks rather than tells ("What do you recommend?", "how much should
    i charge for a 5oz bottle.")."""
    bare = sentence.rstrip(" \"')]”’")
    if bare.endswith("?"):
        return True
    if bare.endswith("!"):
        return False  # "would you believe it!" exclaims
    if _NOT_ASKED.match(sentence) or _REQUEST.match(sentence):
        return False
    return bool(_ASKS.match(sentence))


#: Where a question's clauses part: "its my mums birthday on the 3rd of may, any gift
#: ideas?" tells, then asks.
_CLAUSE_GAP = re.compile(r"(?<=[,;:])\s+|\s+[-–—]\s+")
#: Words that open a clause that asks, or one that only supposes ("if", "when"): no part
#: of what the sentence tells.
_ASKING_OPENERS = frozenset(
    ["who", "whom", "whose", "what", "which", "where", "when", "why", "how", "any",
     "anyone", "anybody", "anything", "if", "whether", "unless", "in", "or", "right",
     "ok", "okay", "hey", "hi", "hello", "so", "pls", "please", "thoughts", "ideas"]
)  # fmt: skip
#: Fewer words than this tell nothing of their own ("hey Tom", "quick one").
TOLD_WORDS = 4


#: A paragraph's leading label in capitals ("BASEMENT AND FOUNDATION: Stone and brick
#: foundation. ... Recommend a sump pump."), as reports and forms head their sections.
_HEADING = re.compile(r"([A-Z][A-Z0-9&/'’ ,-]*[A-Z0-9])\s*:\s+(?=\S)")


def heading(paragraph: str) -> tuple[str, str]:
    """The paragraph's leading label and the rest: the label heads every sentence of
    the paragraph, and is no word of the first one's own. ("", paragraph) when it opens
    with none or has one sentence only (a "RENT: 11,200 SEK" line is its own value)."""
    m = _HEADING.match(paragraph)
    if m is None or len(re.findall(r"[A-Z]", m.group(1))) < 3:
        return "", paragraph
    rest = paragraph[m.end() :]
    if len(sentences(rest)) < 2:
        return "", paragraph
    return m.group(1), rest


def told_part(sentence: str) -> str | None:
    """The clauses a question tells before it asks: "its my mums birthday on the 3rd of
    may" of "..., any gift ideas?". None when the sentence does not ask, or opens by
    asking or supposing ("if i move on the 3rd, ...?")."""
    if not is_question(sentence):
        return None
    parts = _CLAUSE_GAP.split(sentence)
    told: list[str] = []
    for part in parts[:-1]:
        first = WORD.findall(part.lower())[:1]
        if not first or first[0] in _ASKING_OPENERS or first[0] in lexicon()["aux"]:  # type: ignore[operator]
            break
        told.append(part)
    text = " ".join(told).rstrip(" ,;:-–—")
    return text if len(WORD.findall(text)) >= TOLD_WORDS else None


__all__ = ["WORD", "is_question", "sentences", "stem", "stopwords", "terms", "told_part"]
