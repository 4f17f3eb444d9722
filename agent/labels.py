"""Values that a line labels: "Monthly rent: 289.00 EUR", "Vet: Dr Hannah Pryce", "salt:
40g". A document, a form or a note says what a value is by the words before its colon,
the way a wiki page does with "**Employer:** X". A Markdown table says it by its column
headers, so each row is read as "Header: cell; Header: cell", and the label of every
cell is there in the row's own words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from .text import WORD, lexicon, stopwords, terms

#: A label is a short phrase: "Monthly rent", "Date of consultation", "Metacam (meloxicam)
#: 1.5 mg/ml oral suspension"; longer text before a colon is a sentence introducing a list.
MAX_LABEL_WORDS = 8
MAX_LABEL_CHARS = 60
#: A field ends at a semicolon, a table cell border, a full stop before a new sentence,
#: or a line break before the next label ("Invoice date: 3 March\nDue date: 2 April";
#: a value that wraps onto a line of no label of its own stays whole).
_FIELD_END = re.compile(
    r";|\s\|\s|(?<!Dr|Mr|Ms|St)(?<!Mrs)\.\s+(?=[A-Z])|[ \t]*\n(?=[ \t]*[^\W\d][^:;|\n]{0,60}:\s)"
)
_LABEL = re.compile(rf"\s*([^:;|]{{1,{MAX_LABEL_CHARS}}}?)\s*:\s+(?=\S)")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
#: The lines `ingest/documents/tables.py` writes above a table so that search finds it:
#: a description ("Table: Sites (3 rows × 4 columns: ...)") and its keywords. They
#: describe the table; its rows say what is in it.
_TABLE_DESCRIPTION = re.compile(r"\(\d+ rows × \d+ columns: .*\)\.$")
_TABLE_KEYWORDS = re.compile(r"^Keywords: .*\.$")


@dataclass(frozen=True)
class Field:
    label: str
    value: str
    start: int  # where the value starts in the text
    end: int


def fields(text: str) -> list[Field]:
    """Every "label: value" of a line, in order."""
    out: list[Field] = []
    start = 0
    bounds = [(m.start(), m.end()) for m in _FIELD_END.finditer(text)] + [(len(text), len(text))]
    for stop, after in bounds:
        segment = text[start:stop]
        m = _LABEL.match(segment)
        if m and _is_label(m.group(1)):
            v0 = start + m.end()
            value = text[v0:stop].rstrip(" .")
            if value:
                out.append(Field(m.group(1).strip(), value, v0, v0 + len(value)))
        start = after
    return out


def _is_label(label: str) -> bool:
    words = label.split()
    if not words or len(words) > MAX_LABEL_WORDS or "," in label:
        return False
    # A label names a thing; "The migration is finished: every job runs on X" is a
    # sentence, whose colon introduces what it says, not the value of a field.
    if any(w.lower().strip("'’") in _finite() for w in words):
        return False
    # "10:30", "http://", "re: ..." are no labels; a label starts with a letter.
    return label[0].isalpha() and not label.lower().startswith(("http", "re", "fwd"))


@cache
def _finite() -> frozenset[str]:
    """Auxiliaries and forms of 'be' and 'have' (`question_words.json` "aux"), their
    contractions and the subject pronouns: a phrase with one is a clause ("we kicked off
    the project today: ...")."""
    words = lexicon()["aux"]
    pronouns = {"i", "we", "you", "he", "she", "they", "it's", "i'm", "we're", "they're"}
    return frozenset(str(w) for w in words) | pronouns


def field_of(flds: list[Field], start: int, end: int) -> Field | None:
    """The field whose value holds the span [start, end)."""
    for f in flds:
        if f.start <= start and end <= f.end:
            return f
    return None


def readable(text: str) -> str:
    """A block as the reader reads it: each row of a Markdown table as "Header: cell;
    Header: cell", the table's own description and keywords lines left out, the rest as
    written."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if (
            _cells(line) is not None
            and i + 1 < len(lines)
            and _TABLE_RULE.match(lines[i + 1].strip())
        ):
            headers = _cells(line) or []
            # What ingest wrote above the table to describe it.
            while out and (
                _TABLE_KEYWORDS.match(out[-1].strip()) or _TABLE_DESCRIPTION.search(out[-1].strip())
            ):
                out.pop()
            i += 2
            while i < len(lines) and _cells(lines[i]) is not None:
                row = _cells(lines[i]) or []
                if headers and not headers[0] and len(row) > 1 and row[0]:
                    # A form labels each row by its first cell: "Landlord: Mr Alan Gow".
                    head, *rest = row
                    cells = [
                        f"{h} {v}" if h else v for h, v in zip(headers[1:], rest, strict=False) if v
                    ]
                    out.append(f"{head}: {'; '.join(cells)}")
                    i += 1
                    continue
                pairs = [
                    f"{h}: {v}" if h else v
                    for h, v in zip(headers + [""] * len(row), row, strict=False)
                    if v
                ]
                out.append("; ".join(pairs))
                i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _cells(line: str) -> list[str] | None:
    """The cells of a Markdown table line ("| a | b |"), or None."""
    s = line.strip()
    if not (s.startswith("|") and s.endswith("|") and len(s) > 2):
        return None
    parts = re.split(r"(?<!\\)\|", s[1:-1])
    return [" ".join(p.replace("\\|", "|").split()) for p in parts]


@cache
def _kind_words() -> frozenset[str]:
    """The stems of the names of the kinds of value ("number", "date", "name", "place")."""
    from .question import type_nouns

    return frozenset(t for kind in set(type_nouns().values()) for t in terms(kind))


#: A label this close in meaning to the question is what it asks about, though it shares
#: no word ("Monthly rent" for "the monthly payment for the van" 0.52, "Vet" 0.53; "Salary"
#: for "how much annual leave" 0.48, "Field lead" for the field station manager 0.46).
SIM_LABEL = 0.5
#: ... or a label that says most of what the question asks, its rarer words weighing more:
#: "Metacam (meloxicam) 1.5 mg/ml oral suspension" for "how much Metacam does he get".
SHARE_LABEL = 0.5

#: How a label's word may say a question's word (`validators.lexicon.relation`): the same
#: word, a synonym ("commencement" for "start"), or a kind of it ("expiry" for "end").
STANDS_FOR = ("same", "synonym", "general")

Similarity = Callable[[str, list[str]], list[float]]


class Labels:
    """The fields of lines that a question asks about, by their labels."""

    def __init__(self, question: str, want: set[str], similarity: Similarity | None):
        self.question = question  # without the subject's name: a name is no topic
        self.want = want  # the question's stems, but the subject's name
        self.similarity = similarity
        self.weights: dict[str, float] = {}  # how rare each stem is in what was found
        self._sims: dict[str, float] = {}
        self._asked: dict[str, list[Field]] = {}

    def weigh(self, weights: dict[str, float]) -> None:
        """How rare each word of the question is in what memory returned."""
        self.weights = weights
        self._asked.clear()

    def label_sim(self, label: str) -> float:
        if self.similarity is None:
            return 0.0
        if label not in self._sims:
            self._sims[label] = self.similarity(self.question, [label])[0]
        return self._sims[label]

    def asked(self, text: str, whole: str | None = None) -> list[Field]:
        """The fields whose label says what the question asks: most of its words ("Paid
        vacation" for "how much paid vacation do i get"), or its meaning. `whole` is the
        block the line is of: where its other lines hold a label that says more of the
        question, that one is asked and this line's is not ("Due date" over "Invoice
        date" for "when is the invoice due?", though the model reads "Invoice date" as
        nearer the question)."""
        found = self._asked_in(text)
        if whole is None or whole == text or not found:
            return found
        best = self._asked_in(whole)
        top = max((self._share(self._said(f.label)) for f in best), default=0.0)
        if top < SHARE_LABEL:
            return found
        return [f for f in found if self._share(self._said(f.label)) >= top - 1e-9]

    def _asked_in(self, text: str) -> list[Field]:
        if text not in self._asked:
            shared = [(f, self._share(said)) for f in fields(text) if (said := self._said(f.label))]
            found = [
                (f, share)
                for f, share in shared
                if share >= SHARE_LABEL or self.label_sim(f.label) >= SIM_LABEL
            ]
            # Of several, the labels that say most of it: "Net pay" over "Gross pay" for
            # "what was my net pay?", though both say "pay".
            top = max((share for _, share in found), default=0.0)
            if top >= SHARE_LABEL:
                found = [(f, share) for f, share in found if share >= top - 1e-9]
            self._asked[text] = [f for f, _ in found]
        return self._asked[text]

    def _said(self, label: str) -> set[str]:
        """The stems a label says: its own, and those of the question's words that one
        of its words is, by WordNet, the same as or a kind of ("Expiry date" says the
        "end" of "when does my tenancy end?", "Commencement date" its "start")."""
        from validators.lexicon import is_lemma, relation

        own = terms(label)
        words = [w for w in WORD.findall(label.lower()) if w not in stopwords()]
        said = WORD.findall(self.question.lower())
        # Two words the dictionary writes as one ("take home" pay is its "take-home", a
        # synonym of "net"): "Net pay" says what "take home pay" asks.
        said += [f"{a}-{b}" for a, b in pairwise(said) if is_lemma(f"{a}-{b}")]
        asked = [
            w for w in said if w not in stopwords() and terms(w) & self.want and not terms(w) <= own
        ]
        return own | {
            t for q in asked if any(relation(q, w) in STANDS_FOR for w in words) for t in terms(q)
        }

    def _share(self, said: set[str]) -> float:
        # A word that names only the kind of value ("number" in "what's my policy
        # number?") is in every label of that kind: "Payroll number" is not asked.
        want = {t for t in self.want if t not in _kind_words()} or self.want
        total = sum(self.weights.get(t, 1.0) for t in want)
        return sum(self.weights.get(t, 1.0) for t in said & want) / total if total else 0.0

    def asked_sim(self, text: str) -> float:
        """How near the question the closest asked label of a line is (0 with none)."""
        return max((self.label_sim(f.label) for f in self.asked(text)), default=0.0)

    def row_named(self, text: str, question: str) -> bool:
        """A table row (or form) whose key the question names: "site C" asks for the row
        "Site: C; Elevation: ..."; its label said before it in the question, or a value
        of more than one letter said anywhere."""
        low = question.lower()
        for f in fields(text):
            value = f.value.strip()
            if not value or len(value.split()) > 3:
                continue
            v = re.escape(value.lower())
            label = re.escape(f.label.lower())
            if re.search(rf"\b{label}\s+{v}\b", low):
                return True
            if len(value) > 1 and not value.isdigit() and re.search(rf"(?<!\w){v}(?!\w)", low):
                return True
        return False
