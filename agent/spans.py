"""Typed answer spans in a sentence: amounts, names, occupations, changes of value.

Dates are read by the one date parser, `language.dates`; an amount is a number with its
unit; a name is a run of capitalized words (or what follows
"called"/"named"). Deterministic regular expressions: no model.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from language.dates import MONTHS, WEEKDAY_NAMES, dates, is_date_word
from language.names import TITLES, chat_words, looks_like_name, names_a_place
from language.places import towns_in
from validators.lexicon import base_forms, kind_among, primarily_someone

from .text import NUMBER_WORDS, lexicon, stopwords

#: The number words that count something ("two weeks", "after sixty days"), as a regex.
COUNT_WORDS = "|".join(w for w in NUMBER_WORDS if " " not in w and w not in ("a", "an", "several"))
_NUM_WORD = (
    r"(?:\d+|a couple of|a few|several|an?|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
#: A number's digits: thousands grouped by commas ("1,800") or by spaces, as much of
#: Europe writes them ("34 500 kr": groups of exactly three digits, no more).
DIGITS = r"\d{1,3}(?:[ \u00a0\u202f]\d{3}(?![\d,.]\d))+(?!\w|\s\d)|\d(?:[\d,]*\d)?(?:\.\d+)?"
#: A fraction said after a number: "7 and a half kilo", "3 and a half grand".
_FRACTION = r"\s+and\s+an?\s+(?:half|quarter)\b"
_AMOUNT = re.compile(
    rf"(?:[$€£]\s?)?\b(?:{DIGITS})(?:{_FRACTION})?"
    r"(?:\s?(?:k\b|%|percent\b))?"
    r"(?:\s*(?!(?:and|or|to|a|an|the|in|on|at|of|for|with|is|was|but|so|per|each|every|"
    r"from|by|than|if|as|when|until|after|before|plus|x)\b)[a-z]+)?",
    re.I,
)
#: A reference written as one code: letters and digits joined by hyphens or slashes
#: ("NM-4471-20", "AB12/334"), three groups of digits ("4471-2093-88"), or a phone
#: number's digit groups ("0345 600 1122", "+44 20 7946 0958"). Its digits are no
#: amount: the code is the value.
_CODE = re.compile(
    r"(?<![\w/-])(?:(?=[\w/-]*[A-Za-z])(?=[\w/-]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+"
    r"|(?:\+\d{1,3}[ -]?|0)\d{2,5}(?:[ -]\d{3,6}){1,3}|\d{3,}(?:-\d{2,}){2,})(?![\w/-])"
)
_FREQUENCY = re.compile(
    rf"\b(?:every\s+(?:other\s+)?(?:{_NUM_WORD}\s+)?[a-z]+|(?:{_NUM_WORD})\s+times?\s+(?:a|per|each)"
    rf"\s+[a-z]+|once\s+(?:a|per)\s+[a-z]+|twice\s+(?:a|per)\s+[a-z]+|daily|weekly|"
    rf"monthly|hourly|nightly|yearly|annually)\b",
    re.I,
)
_DURATION = re.compile(
    rf"\b(?:for\s+)?(?:{_NUM_WORD}\s+|\d+\s*)"  # "9 yrs", "5min", "a few weeks"
    r"(?:minute|min|hour|hr|day|week|wk|fortnight|month|mo|year|yr|decade)s?\b",
    re.I,
)
_OCCUPATION = re.compile(
    r"\b(?:works?|working|worked|job|training|trained|started|employed|career)\s+as\s+(?:an?\s+)?"
    r"([a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)"
    r"|\b(?:is|am|'s|'m|im|was|became|become|be)\s+an?\s+"
    r"([a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})",
    re.I,
)
_CALLED = re.compile(
    r"\b(?i:name is|name's|(?:called|named|name[sd]?)(?: (?:it|him|her|them|the \w+))?)\s+"
    r"([A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
)
#: A name given by a preposition before "the name": "flog them under the name second
#: gear cycles", "goes by the name of lucky"; typed in lower case, its words run to the
#: clause's end (up to four).
_UNDER_NAME = re.compile(
    r"\b(?:under|by|with)\s+the\s+names?\s+(?:of\s+)?[\"'“‘]?"
    r"((?:[^\W\d_][\w'&-]*)(?:\s+[^\W\d_][\w'&-]*){0,3})",
    re.I,
)
#: "name" as a noun after an article or a possessive, with no "is" after it ("needs a
#: name tho", "her name lol"): what follows is no name.
_A_NAME = re.compile(
    r"\b(?:a|an|the|my|your|his|her|its|our|their|new|good|cute)\s+names?\s+$", re.I
)
#: Small words inside a name: "Quinta da Ribeira", "Última Tarde en Sevilla".
_CONNECTORS = frozenset(["da", "das", "de", "del", "des", "di", "dos", "du", "en", "van", "von",
                         "der", "la", "le", "y", "of", "the", "and", "&"])  # fmt: skip
#: A capital letter, accented ones too: "Último", "Ávila", "Østberg".
_UPPER = "A-ZÀ-ÖØ-Þ"
_CAPS = re.compile(
    rf"\b(?:Dr\.?\s|Mr\.?\s|Mrs\.?\s|Ms\.?\s)?(?:[{_UPPER}]\s+(?=[{_UPPER}]))?"
    rf"[{_UPPER}][\w'’.-]*[\w]"
    rf"(?:(?:\s+(?:{'|'.join(sorted(_CONNECTORS))})\s+|\s+)[{_UPPER}0-9][\w'’.-]*[\w]?)*"
)
#: A name written as code or a brand writes it, whatever the case of its first letter:
#: words joined by underscores ("theme_classic", "ggsave()") or a capital after a small
#: letter inside the word ("glmmTMB", "iPhone", "InvoiceXpress").
_IDENTIFIER = re.compile(
    r"(?<![\w/.@-])(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)"
    r"(?:\(\))?(?![\w/@-])"
)
#: Changes of value: "switched from A to B", "replaced A with B".
#: The verbs that say a value changed from one to another ("moved it from ... to ...").
CHANGED = (
    r"(?:switched|switch|moved|move|changed|change|migrated|went|upgraded|swapped|"
    r"transferred|jumped|converted)"
)
_FROM_TO = re.compile(
    rf"\b{CHANGED}\s+(?:over\s+)?from\s+(.+?)\s+(?:to|for)\s+(.+?)"
    r"(?=[,.;!?]|\s+(?:and|but|so|because|since|last|this|on|in)\b|$)",
    re.I,
)
_REPLACED = re.compile(
    r"\b(?:replaced|swapped|traded)\s+(.+?)\s+(?:with|for)\s+(.+?)"
    r"(?=[,.;!?]|\s+(?:and|but|so|because|as|last|this|on|in)\b|$)",
    re.I,
)
_NEW_VALUE = re.compile(r"\b(?:new|switched to|moved to|now (?:use|using|on))\s+([^,.;!?]+?):?\s+"
                        r"([A-Z][^,.;!?]*)", re.I)  # fmt: skip
_TRIM_END = re.compile(r"\s+(?:now|today|instead|finally|already|too|as well)$", re.I)


@dataclass(frozen=True)
class Span:
    text: str
    start: int
    end: int
    date: dt.date | None = None  # for dates: the day (or first day of the month/year)


#: A number written as a word with the noun it counts ("two weeks", "three kids").
_WORD_AMOUNT = re.compile(
    rf"(?<!every )\b(?:{COUNT_WORDS})\s+"
    r"(?!(?:and|or|of|to|a|an|the|in|on|at|for|with|is|was|times?)\b)[a-z]+",
    re.I,
)


#: A number and the up to four words after it: a house number when they are a name ending
#: in a street's kind of word ("3509 Creek Road", "12 mill lane").
_NUMBER_THEN_WORDS = re.compile(r"\b\d+[a-z]?((?:\s+[a-z][\w'-]*){2,4})", re.I)


def _house_numbers(sentence: str) -> list[tuple[int, int]]:
    """Where a number is the house number of an address: the words after it, none of them
    a function word, end in a noun WordNet files under ways (road, street, lane,
    boulevard). "3509 Creek Road" is where a wedding is, not 3509 of anything; "300
    miles down the road" is an amount ("down the" are no part of a name, nor is a plural
    a word of one)."""
    out = []
    for m in _NUMBER_THEN_WORDS.finditer(sentence):
        words = m.group(1).split()
        for k in range(1, len(words)):
            low = words[k - 1].lower()
            if low in stopwords() or any(b != low for b in base_forms(low)):
                break  # "2 hours road works": a count of hours, whose plural says so
            if kind_among(words[k].lower(), ("way",)) is not None:
                out.append((m.start(), m.end()))
                break
    return out


def amounts(sentence: str) -> list[Span]:
    """Numbers with their unit ("22,000 euros", "31 people", "750", "two weeks"), not
    dates, times or house numbers."""
    taken = [(s.start, s.end) for s in dates(sentence, None)]
    taken += _house_numbers(sentence)
    # a time of day ("at 2pm", "7.30 am") is no amount: "how much does a crown cost?"
    # is not answered by when the appointment is. A dotted number with no am/pm is an
    # amount ("USD 0.13 per word"), as "10:30" is already a time.
    taken += [
        (s.start, s.end) for s in clock_times(sentence) if re.search(r"[ap]\.?m\b", s.text, re.I)
    ]
    codes = [m for m in _CODE.finditer(sentence) if not _in_spans(m.start(), taken)]
    taken += [(m.start(), m.end()) for m in codes]
    out = [Span(m.group(0), m.start(), m.end()) for m in codes]
    out += [
        Span(m.group(0), m.start(), m.end())
        for m in _WORD_AMOUNT.finditer(sentence)
        if m.group(0).split()[-1].lower() not in stopwords()
    ]
    for m in _AMOUNT.finditer(sentence):
        if _in_spans(m.start(), taken):
            continue
        if re.match(r"\d{1,2}:\d{2}", sentence[m.start() :]):
            continue
        text = m.group(0).strip()
        unit = text.split()[-1].lower() if " " in text else ""
        # A verb after a number is no unit: "PART 3 PASSED", "2 moved out".
        verb = len(unit) >= 5 and unit.endswith("ed") and unit not in ("hundred", "hundreds")
        if unit in stopwords() or unit in MONTHS or verb:
            text = text.rsplit(" ", 1)[0]
        out.append(Span(text, m.start(), m.start() + len(text)))
    return sorted(out, key=lambda s: s.start)


def is_code(text: str) -> bool:
    """A reference or phone number written as one code ("NM-4471-20", "0345 600 1122")."""
    return _CODE.fullmatch(text) is not None


def _in_spans(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= at < e for s, e in spans)


#: Currency signs and words: an amount with one is money ("£1,800", "12 euro", "2 grand").
_CURRENCY = re.compile(
    r"[$€£¥]|^\s*(?:grand|bucks?|quid|euros?|eur|dollars?|usd|pounds?|gbp|reais|cents?|pence|cash"
    r"|kr|kronor|kroner|sek|nok|dkk|chf|francs?|yen|rupees?|zloty|pln)\b",
    re.I,
)

#: A word that says the number after it names something ("member no 4471203", "ref WS
#: 2231", "order #5521", "staff id 30418"): a code, however plain its digits.
_NAMES_NUMBER = re.compile(
    r"\b(?:no|nr|num|number|ref|reference|id|code|pin|serial)\.?\s*[:#]?\s*(?:[A-Z]{1,4}\s?)?$|#\s*$",
    re.I,
)

#: The word a number counts, after a "k" for thousands if there is one.
_COUNTED = re.compile(r"\s*k?\s*([a-z]+)", re.I)

#: A number per unit of time ("36.50 an hour", "1450 a month", "90k/year").
_RATE = re.compile(r"\s*(?:an?|per|/)\s*(?:hour|hr|h|day|week|wk|month|mo|year|yr)\b", re.I)


def money_rank(sentence: str, span: Span) -> int:
    """How surely an amount is money: 2 with a currency sign or word ("€289", "12 euro"),
    1 bare ("for 1350", "37.25"), 0 with another unit ("1br", "70%", "2.7 ml"),
    -1 written as a word ("six sessions"), counting things ("41k miles"), a span of time
    ("1 hour") or an ordinal ("4th st"): nobody writes a price that way."""
    number = re.search(DIGITS, span.text)
    if number is None:
        return -1
    # The unit written with the number, after a "k" for thousands. A "k" names what it
    # counts when a word follows ("3k deposit", "40k a year"); said alone, "38k" is as
    # bare as "38,000" ("38k on the clock" is miles).
    written = re.sub(rf"^{_FRACTION}", "", span.text[number.end() :], flags=re.I)
    after = re.sub(r"^k\b", "", written, flags=re.I)
    thousands = after != written
    said_after = after.strip()
    unit = after + sentence[span.end : span.end + 12]
    if any(d.start <= span.start < d.end for d in durations(sentence)):
        return -1  # "for 9 yrs", "12 weeks": a span of time, no price
    if _NAMES_NUMBER.search(sentence[: span.start]) or is_code(span.text):
        # "member no 4471203", "ref WS 2231", "on 0161 555 0142": a number that names
        # (a reference, a phone), never a price however plain its digits
        return -1
    if re.match(r"(?:st|nd|rd|th)\b", unit, re.I):
        return -1  # "4th st", "2nd yr": an ordinal numbers a place in a row, no price
    counted = _COUNTED.match(unit)
    signed = bool(_CURRENCY.search(span.text[: number.start()]))  # "$92,000 plus super"
    if counted and _counts_things(counted.group(1)) and not signed:
        return -1  # "41k miles", "12 followers": a count of things, never a price
    year = re.fullmatch(r"(?:19|20)\d\d", number.group(0)) and not _CURRENCY.match(unit)
    if year and said_after:
        return -1  # "a 2019 silver one": a year that describes a thing, no price
    if year and not _CURRENCY.search(span.text[: number.start()]):
        return 0  # "2017, 38k on the clock": a year, most likely; a price only at a pinch
    if _CURRENCY.search(span.text[: number.start()]) or _CURRENCY.match(unit):
        return 2
    if _joined_numbers(sentence, span):
        return 0  # "the 24-70", "won 3-1": numbers joined as one name or score, no price
    if thousands and said_after:
        return 2  # "3k deposit": thousands of no things counted, money
    if not said_after and (_RATE.match(unit) or re.fullmatch(r"\d+\.\d\d", number.group(0))):
        return 2  # "36.50 an hour", "37.25": a rate or cents are money
    return 1 if not said_after else 0


#: Two numbers joined by a hyphen or a slash ("24-70", "3-1", "50/50"), with no currency
#: either side: a lens, a score, a share, a range of counts.
_JOINED = re.compile(r"(?<![$€£¥\d.,])\d+(?:[-/]\d+)+(?![\d]|[.,]\d)")


def _joined_numbers(sentence: str, span: Span) -> bool:
    """Is the amount one of numbers joined by a hyphen or slash, with no currency said
    with them ("the 24-70 to a guy for 1400": a lens; "6,000-9,000 dollars" is money)?"""
    for m in _JOINED.finditer(sentence):
        if m.start() <= span.start < m.end() and not _CURRENCY.match(sentence[m.end() :]):
            return True
    return False


def _counts_things(word: str) -> bool:
    """A plural noun that is no currency ("miles", "steps", not "bucks" or "euros"): what
    a number before it counts. "40k a year", "40k deposit" name no such thing."""
    low = word.lower()
    return (
        len(low) > 3
        and low.endswith("s")
        and not low.endswith("ss")
        and low not in stopwords()
        and not _CURRENCY.match(low)
    )


_CLOCK = re.compile(
    r"\b(?:(?:at|by|from|around|@)\s+)?(\d{1,2}(?:[:.]\d{2})\s*(?:[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?"
    r"|noon|midday|midnight)(?![\d:.]*\d)",
    re.I,
)


_UNIT_AFTER = re.compile(r"(?:ml|mg|kg|g|l|km|m|%|euros?|pounds?|dollars?)\b", re.I)


def clock_times(sentence: str) -> list[Span]:
    """Times of day: "9:30", "11.15", "7pm", "at 10 am", "noon" (not amounts like 2.7 ml)."""
    out = []
    for m in _CLOCK.finditer(sentence):
        text = m.group(1).strip()
        if "." in text and _UNIT_AFTER.match(sentence[m.end() :].lstrip()):
            continue  # "2.75 ml", "32.50 pounds": an amount
        digits = re.match(r"\d+", text)
        if digits and int(digits.group(0)) > 24:
            continue
        out.append(Span(text, m.start(1), m.start(1) + len(text)))
    return out


#: An hour said bare after the word that places it in the day: "i clock on at 5", "up
#: at 4", "done by 6".
_BARE_HOUR = re.compile(r"\b(?:at|by|from|till?|until|around)\s+(\d{1,2})(?![\d:.,]*\d)\b", re.I)


def bare_hours(sentence: str) -> list[Span]:
    """Hours said as a bare number ("clock on at 5 at the yard"): asked what time, that
    is the time, when no word after it says what the number counts ("at 5 miles", "by
    20%") and it is an hour of the day."""
    out = []
    for m in _BARE_HOUR.finditer(sentence):
        after = re.match(r"\s*(%|[^\W\d_]+)", sentence[m.end() :])
        if after and (after.group(1) == "%" or after.group(1).lower() not in stopwords()):
            continue
        if int(m.group(1)) <= 24:
            out.append(Span(m.group(1), m.start(1), m.end(1)))
    return out


def frequencies(sentence: str) -> list[Span]:
    return [Span(m.group(0), m.start(), m.end()) for m in _FREQUENCY.finditer(sentence)]


def durations(sentence: str) -> list[Span]:
    return [Span(m.group(0), m.start(), m.end()) for m in _DURATION.finditer(sentence)]


#: "since" and what it names, up to a break: "since uni", "since 2019", "ever since i
#: moved here"; a "for" with no count: "for years", "for ages".
_SINCE = re.compile(
    r"\b(?:ever\s+)?since\s+(?P<what>(?:[\w'-]+\s+){0,3}?[\w'-]+)"
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:and|but|so|because|bc|lol|haha|now|tho|though|which|"
    r"it|its|it's|i|we|he|she|they|that)\b)"
    r"|\bfor\s+(?:many\s+|several\s+)?(?:years|months|weeks|decades|ages|a\s+while)\b",
    re.I,
)
_SUBJECT = re.compile(r"(?:i|we|he|she|they|you|it)\s+([a-z']+)", re.I)


def since_spans(sentence: str) -> list[Span]:
    """How long something has gone on, said by when it began ("doing yoga since uni",
    "running with them since 2019") or with no count ("for years"): the answer to "how
    long have ... been" when no stretch is counted. A clause after "since" is a time
    when its verb is past ("since i moved"); "since it's raining" gives a reason."""
    from validators.lexicon import is_past

    out = []
    for m in _SINCE.finditer(sentence):
        what = m.group("what")
        if what:
            clause = _SUBJECT.match(what)
            if clause and not is_past(clause.group(1)) and clause.group(1) not in ("was", "were"):
                continue
        out.append(Span(m.group(0), m.start(), m.end()))
    return out


def occupations(sentence: str) -> list[Span]:
    out = []
    for m in _OCCUPATION.finditer(sentence):
        g = 1 if m.group(1) else 2
        words = m.group(g).split()
        keep = []
        for w in words:
            if w.lower() in stopwords() or w.lower() in ("so", "which", "and", "but"):
                break
            keep.append(w)
        keep = _job_words(keep)
        if keep:
            text = " ".join(keep)
            at = m.start(g) + m.group(g).find(text)
            out.append(Span(text, at, at + len(text)))
    return out


def _job_words(words: list[str]) -> list[str]:
    """The words of "a pediatric nurse now" that name the job: up to the last word
    WordNet files under people or agents ('nurse', 'driver'). "is a pass", "is a decent
    fit" name no one. A word WordNet does not know ("ADI") may be the job itself."""
    from validators.lexicon import kin_or_lover, known, names_agent, relation

    def job(w: str) -> bool:
        # "person" itself names no work: "a pool person", "a morning person" say a liking;
        # nor does kin or a lover ("im an aunt!!", "i'm a girlfriend now"): WordNet's
        # relatives and lovers are people by whom they are to someone, not by their work.
        person = relation(w, "person") in ("same", "synonym")
        return names_agent(w) and not person and not kin_or_lover(w)

    last = max((i for i, w in enumerate(words) if job(w.lower())), default=-1)
    if last < 0:
        return [w for w in words[:1] if not known(w.lower())]
    return words[: last + 1]


def names(
    sentence: str,
    known: set[str] | frozenset[str] = frozenset(),
    common: set[str] | frozenset[str] = frozenset(),
    proper: set[str] | frozenset[str] | None = None,
) -> list[Span]:
    """Capitalized runs ("Quinta da Ribeira", "Dr. Takeda", "VS Code") and what follows
    "called"/"named". A capitalized first word counts only when memory knows it as a name
    (`known`, lower case) or it is not an ordinary word; a leading word memory also
    writes in lower case (`common`) is dropped ("Cat of Soren" names Soren); with
    `proper` (words memory capitalizes mid-sentence), a first word must be one of them."""
    out: list[Span] = []
    firsts = {k.split()[0] for k in known if " " in k}  # "omar" of "omar haddad"
    for m in _CALLED.finditer(sentence):
        word = _TRIM_END.sub("", m.group(1).rstrip(".,!?"))
        if _A_NAME.search(sentence[: m.start(1)]):
            continue  # "it needs a name tho": the noun, not "named him tho"
        if word.lower() not in stopwords() and word.lower() not in chat_words():
            # "her name is bri": a name typed in lower case, shown as a name
            shown = word[:1].upper() + word[1:] if word.islower() else word
            out.append(Span(shown, m.start(1), m.start(1) + len(word)))
    for m in _UNDER_NAME.finditer(sentence):
        words = m.group(1).split()
        cut = next((i for i, w in enumerate(words) if i and w.lower() in stopwords()), len(words))
        text = " ".join(words[:cut])
        if text.lower() not in stopwords():
            shown = text.title() if text.islower() else text
            out.append(Span(shown, m.start(1), m.start(1) + len(text)))
    for m in _CAPS.finditer(sentence):
        text = re.sub(r"['’]s?$", "", m.group(0).rstrip("."))
        if _shouted(text):
            continue  # "and HE PROPOSED!!!": words said loud, no name
        start = m.start()
        first = text.split()[0]
        before = sentence[:start].rstrip()
        at_start = start == 0 or before.endswith((".", "!", "?", ":", '"', "“"))
        if before.endswith((":", '"', "“")) and len(text.split()) >= 2:
            at_start = False  # after a colon or a quote mark a capitalized run is a title
        # A sentence's first word is capitalized anyway: it names something only when
        # memory writes it capitalized elsewhere too (`proper`) or knows it.
        unknown_start = (
            at_start
            and first.lower() not in known
            and text.lower() not in known  # "Omar Haddad is the tech lead"
            and first.lower() not in firsts
        )
        # "Miso and Tofu." lists names: its first word is one too, though a sentence's.
        listed = re.match(r"\S+\s+(?:and|&)\s+\S", text) is not None
        if first.lower() in ("i", "i'm", "i've", "i'd", "i'll") or (
            unknown_start
            and (
                _ordinary(first)
                or (proper is not None and first.lower() not in proper and not listed)
            )
        ):
            rest = text.split(None, 1)
            if len(rest) < 2:
                continue
            start += len(text) - len(rest[1])
            text = rest[1]
        words = text.split()
        while (
            words
            and (_ordinary(words[0]) or _verb_like(words[0]) or words[0].lower() in common)
            and (words[0].lower() not in known)
            and not _only_capitalized(words[0], common, proper)
        ):
            words = words[1:]
            while words and words[0].lower() in _CONNECTORS:
                words = words[1:]
        if not words:
            continue
        start += len(text) - len(" ".join(words)) if text.endswith(" ".join(words)) else 0
        text = " ".join(words)
        if text.lower() in stopwords() or re.search(r"['’](?:re|m|ve|ll|d|t)$", text, re.I):
            continue
        if any(s.start <= start < s.end for s in out):
            continue
        if _defined_term(sentence, start, text, known):
            continue
        out.append(Span(text, start, start + len(text)))
    for m in _IDENTIFIER.finditer(sentence):
        if not any(sp.start <= m.start() < sp.end for sp in out):
            out.append(Span(m.group(0), m.start(), m.end()))
    if written_lowercase(sentence):
        out += _known_in_lowercase(sentence, known | (proper or frozenset()), out)
        out += _places_in_lowercase(sentence, out)
        unknown = _unknown_in_lowercase(sentence, out)
        # "my sister ingrid": a word no dictionary knows, after the word for whose person
        # it is, is that person's name, as sure as a name memory knows.
        out += [n for n in unknown if after_someone(sentence, n)]
        out += _after_title(sentence, out)
        out += _possessors_in_lowercase(sentence, out)
        out += _named_in_brackets(sentence, out)
        if not out:  # a word no dictionary knows is a name only when nothing surer is
            out += unknown
        # ... and a word beside a word for someone is theirs, whatever else is named
        out += [
            Span(sentence[a:b][:1].upper() + sentence[a:b][1:], a, b)
            for a, b in apposed_to_someone(sentence)
            if not any(t.start < b and a < t.end for t in out)
        ]
    return sorted(out, key=lambda s: s.start)


_TITLED = re.compile(rf"\b(?:{'|'.join(TITLES)})\.?\s+([a-z][a-z'-]+)\b")


def _after_title(sentence: str, taken: list[Span]) -> list[Span]:
    """A word typed in lower case after a person's title ("dr. alvarez", "mrs okafor") is
    that person's name, dictionary word or not, shown as a name is ("Dr. Alvarez")."""
    out = []
    for m in _TITLED.finditer(sentence):
        word = m.group(1)
        if len(word) < 3 or word in stopwords() or _overlaps(m.start(), m.end(), taken):
            continue
        title = sentence[m.start() : m.start(1)].strip()
        shown = f"{title[:1].upper()}{title[1:]} {word[:1].upper()}{word[1:]}"
        out.append(Span(shown, m.start(), m.end()))
    return out


def _shouted(text: str) -> bool:
    """Words typed in capitals to say them loud ("HE PROPOSED", "IM AN AUNTIE"), not an
    acronym or a name ("NHS", "VS Code"): several words, all capitals, one of them a
    function word and every other a dictionary word."""
    from validators.lexicon import known

    words = [w.lower() for w in re.findall(r"[A-Za-z']+", text)]
    if len(words) < 2 or not text.isupper() or not any(w in stopwords() for w in words):
        return False
    return all(w in stopwords() or known(w) for w in words)


def _only_capitalized(word: str, common: set[str] | frozenset[str], proper) -> bool:
    """A dictionary word memory writes capitalized inside sentences and never in lower
    case is a name ("Is Pudding the dog you got?"); "Book me the aisle seat" is not."""
    return proper is not None and word.lower() in proper and word.lower() not in common


def written_lowercase(sentence: str) -> bool:
    """Typed without capitals ("moved to porto with ines"): names are not marked."""
    letters = [ch for ch in sentence if ch.isalpha()]
    lowered = bool(letters) and not any(ch.isupper() for ch in letters[1:])
    return lowered or sentence[:1].islower()


def _known_in_lowercase(sentence: str, known: set[str] | frozenset[str], taken: list[Span]):
    """Names memory writes with capitals elsewhere ("Porto" in a document, a page called
    "Ines"), found in a sentence typed in lower case, shown with their capitals."""
    low = sentence.lower()
    out: list[Span] = []
    for name in sorted(known, key=len, reverse=True):
        if len(name) < 3 or name in stopwords() or _ordinary(name) or name.startswith("i'"):
            continue
        for m in re.finditer(rf"(?<![\w'-]){re.escape(name)}(?![\w-])", low):
            if sentence[m.start()].isupper():
                continue  # capitalized: the run above has it
            if _DETERMINED.search(low[: m.start()]) and _dictionary_noun(name):
                continue  # "her lab", "the bar": a thing, though "Okonkwo Lab" is a name
            if _overlaps(m.start(), m.end(), [*taken, *out]):
                continue
            out.append(Span(name.title(), m.start(), m.end()))
    return out


def _defined_term(sentence: str, start: int, text: str, known: set[str] | frozenset[str]) -> bool:
    """A contract's defined term: "the Translator", "the Premises", "the Publisher" (a
    capitalised dictionary noun after "the", in a sentence that is not a heading)."""
    if " " in text or text.lower() in known or not sentence[:start].lower().endswith("the "):
        return False
    return _dictionary_noun(text.lower()) and not text.isupper()


def _dictionary_noun(word: str) -> bool:
    """A noun of the dictionary ('lab'), which "the shun" (a knife; 'shun' is a verb) and
    "the tojiro" are not."""
    from validators.lexicon import is_noun

    return " " not in word and is_noun(word)


# A word after these is a common noun in lower-case text: "her lab", "the bar", "my rose".
_DETERMINED = re.compile(
    r"\b(?:the|a|an|my|your|his|her|its|our|their|this|that|these|those|some|any)\s+$"
)


def _overlaps(start: int, end: int, spans: list[Span]) -> bool:
    """Whether the characters start..end share any with one of `spans`."""
    return any(s.start < end and start < s.end for s in spans)


def _free_words(sentence: str, taken: list[Span]) -> Iterator[re.Match[str]]:
    """The words of three letters or more of a sentence typed in lower case that no
    span in `taken` covers."""
    for m in _LOWER_WORD.finditer(sentence):
        if not _overlaps(m.start(), m.end(), taken):
            yield m


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z]{3,}(?![\w'’-])")


def _unknown_in_lowercase(sentence: str, taken: list[Span]) -> list[Span]:
    """Words of a sentence typed in lower case that look like names (`looks_like_name`),
    shown capitalised."""
    return [
        Span(m.group(0).title(), m.start(), m.end())
        for m in _free_words(sentence, taken)
        # "some kind of podengo mix": a breed, not a name
        if not _A_KIND_OF.search(sentence[: m.start()]) and looks_like_name(m.group(0))
    ]


def _places_in_lowercase(sentence: str, taken: list[Span]) -> list[Span]:
    """Towns, and dictionary words of a sentence typed in lower case that name a city,
    country or state ("my sister is up in glasgow now"), shown capitalised. Not one that begins a
    longer name, a noun after it ("leeds uni"): where that name ends is not told by its
    case; but a noun WordNet files under places or bodies of people ("state", "college",
    "council", "airport") ends it: "a faculty job at oregon state" is at Oregon State."""
    from validators.lexicon import is_noun

    # A town of the gazetteer where a place stands ("at her parents in round rock", "the
    # van route round knowle"; `language.places`), though no dictionary names it.
    towns = [(a, b) for a, b in towns_in(sentence) if not _overlaps(a, b, taken)]
    out = [Span(sentence[a:b].title(), a, b) for a, b in towns]
    for m in _free_words(sentence, [*taken, *out]):
        if not names_a_place(m.group(0)):
            continue
        after = re.match(r"\s+([a-z]{3,})", sentence[m.end() :])
        if after and is_noun(after.group(1)) and after.group(1) not in stopwords():
            if _ends_a_place_name(after.group(1)):
                end = m.end() + after.end()
                out.append(Span(sentence[m.start() : end].title(), m.start(), end))
            continue
        out.append(Span(m.group(0).title(), m.start(), m.end()))
    return out


def _ends_a_place_name(noun: str) -> bool:
    """A noun that, after a place's name, makes the name of a place or a body of people:
    its usual sense a location, a facility, an organization or a social group ("state",
    "airport", "council", "college"), not a building ("house") or anything else
    ("weather")."""
    from validators.lexicon import primarily_a

    return any(
        primarily_a(noun, root) for root in ("location", "facility", "organization", "social_group")
    )


def _possessors_in_lowercase(sentence: str, taken: list[Span]) -> list[Span]:
    """Whose people they are, said with "'s" in a sentence typed in lower case: "meet
    tom's parents", "jo's little sister" name Tom and Jo, dictionary words or not (only a
    person has parents). Not a thing after "the" or "my" ("the dog's owner"), nor kin,
    which people say as a name ("mum's sister", "dad's car"): by WordNet, a word whose
    usual sense is a relative."""
    from validators.lexicon import names_someone, primarily_a

    out = []
    for m in _POSSESSOR.finditer(sentence):
        word, whom = m.group(1), m.group(2).lower()
        if _overlaps(m.start(1), m.end(1), [*taken, *out]):
            continue
        if word in stopwords() or word in chat_words() or primarily_a(word, "relative"):
            continue
        if _DETERMINED.search(sentence[: m.start(1)].lower()) or not names_someone(whom):
            continue
        out.append(Span(word.title(), m.start(1), m.end(1)))
    return out


def _named_in_brackets(sentence: str, taken: list[Span]) -> list[Span]:
    """Who a word for a person is, said in brackets after it in a sentence typed in lower
    case: "depot manager (big mick)", "the landlord (dave)" name Big Mick and Dave,
    dictionary words or not. Brackets after anything else are an aside ("the van (the
    old one)"), and a clause in them ("(she said no)") names no one."""
    out = []
    for m in _BRACKETED.finditer(sentence):
        who, inside = m.group(1).lower(), m.group(2)
        if _overlaps(m.start(2), m.end(2), [*taken, *out]):
            continue
        if primarily_someone(who) != "person":
            continue
        words = inside.split()
        if any(w in stopwords() or w in chat_words() or _verb_like(w) for w in words):
            continue
        if all(_ordinary(w) for w in words):
            continue  # "(the boss)" or "(lovely)": a description, no name
        out.append(Span(inside.title(), m.start(2), m.end(2)))
    return out


_BRACKETED = re.compile(r"\b([a-z]{3,})\s*\(\s*([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})\s*\)")

_POSSESSOR = re.compile(r"(?<![\w'’-])([a-z]{3,})['’]s\s+(?:[a-z]+\s+)?([a-z]{3,})\b")


def after_someone(sentence: str, span: Span) -> bool:
    """The span follows "my/our/her... <a word for a person>" ("my sister", "our new
    neighbour", "his boss")."""
    from validators.lexicon import names_someone

    m = _WHOSE_PERSON.search(sentence[: span.start])
    return m is not None and names_someone(m.group(1).lower())


@lru_cache(maxsize=4096)
def apposed_to_someone(sentence: str) -> tuple[tuple[int, int], ...]:
    """Where a word names the person a word for someone stands just before: "so uncle dec
    is giving me his car", "auntie jan came round", "my sister ines". A dictionary may
    know the word ("dec" is December too): where it stands makes it a name, when the
    tagger reads it as a noun (not "my uncle said", "my sister is")."""
    from validators.lexicon import names_someone

    words = [w for w in re.findall(r"[a-z]+", sentence.lower()) if w not in stopwords()]
    if not any(names_someone(w) for w in words):
        return ()
    from language.nlp import parse

    out = []
    for tok in parse([sentence])[0]:
        low = tok.lower_
        if not tok.is_alpha or tok.pos_ not in ("PROPN", "NOUN") or low in stopwords():
            continue
        if names_someone(low) or low in chat_words():
            continue  # "my sister nurse" is no name
        if len(low) >= 3 and any(d.startswith(low) for d in WEEKDAY_NAMES):
            continue  # "my boss friday was rough": when, not who
        # A name by its tag, or a month's short name, which people are called too ("dec",
        # "jan"); "the plumber bill was huge" is the plumber's bill.
        if tok.pos_ != "PROPN" and not is_date_word(low):
            continue
        before = tok.doc[tok.i - 1] if tok.i > 0 else None
        if before is not None and names_someone(before.lower_) and before.pos_ != "VERB":
            out.append((tok.idx, tok.idx + len(tok.text)))
    return tuple(out)


_WHOSE_PERSON = re.compile(r"\b(?:my|our|his|her|their|your)\s+(?:[a-z]+\s+)?([a-z]{3,})\s+$", re.I)

_A_KIND_OF = re.compile(r"\b(?:kind|type|sort|breed|brand|make)\s+of\s+(?:an?\s+)?$", re.I)


def _verb_like(word: str) -> bool:
    """A capitalized -ing or -ed word is a sentence starting with a verb ("Starting a
    project", "Named the box pebble"), not a name."""
    return len(word) > 4 and word.lower().endswith(("ing", "ed"))


def _ordinary(word: str) -> bool:
    """A capitalized word that is most likely just a sentence's first word."""
    low = word.lower().rstrip(",:;")
    return low in stopwords() or low in _openers()


@cache
def _openers() -> frozenset[str]:
    return frozenset(str(w) for w in lexicon()["sentence_openers"])  # type: ignore[union-attr]


def change(sentence: str) -> tuple[str, str] | None:
    """(old, new) when a sentence reports a change of value, e.g. "switched from Notion to
    Logseq" or "replaced Polar Vantage with Suunto Race"."""
    for rx in (_FROM_TO, _REPLACED):
        m = rx.search(sentence)
        if m:
            return _clean(m.group(1)), _clean(m.group(2))
    return None


def _clean(text: str) -> str:
    text = re.sub(r"^(?:my|our|the|a|an)\s+", "", text.strip(), flags=re.I)
    return _TRIM_END.sub("", text).strip(" \"'")


__all__ = [
    "Span",
    "amounts",
    "change",
    "clock_times",
    "durations",
    "frequencies",
    "names",
    "occupations",
    "since_spans",
    "written_lowercase",
]
