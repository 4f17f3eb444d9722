"""What the question asks, worked out once per question for the reader: its plain words,
its parse (the verbs it says of the asker, the things it names), the labelled fields it
asks after, whether an amount asked is money or a code."""

from __future__ import annotations

import re
from functools import cached_property
from itertools import pairwise
from typing import Any

from language.nlp import thing_nouns
from validators.lexicon import nouns_of, phrasal_verb

from .about import _SECOND_PERSON
from .labels import Labels
from .nearness import CODE_FLOOR, CODE_MARGIN, nearer
from .picker import SpanPicker
from .question import asks_code_word, without_time
from .text import WORD, terms
from .ties import light_verbs, measured

#: Entity types the tagger gives words that name no thing: a time or a count.
_TIME_OR_COUNT = frozenset(["DATE", "TIME", "CARDINAL", "ORDINAL"])


class QuestionFacets(SpanPicker):
    """The question's parts the reader asks about again and again (mixed into
    `reader.Reader`)."""

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

    @cached_property
    def _measured(self) -> set[str]:
        return measured(self.q.text) - self.subj.name_terms

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
        return {t for tok in thing_nouns(self._parsed) for t in terms(tok.text)}

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
            if thing(tok)
            or (
                tok.pos_ == "ADJ"
                and tok.dep_ == "amod"
                and says_which(tok.text)
                and thing(tok.head)
            )
            for t in terms(tok.text)
        }

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
    def numbered(self) -> str | None:
        """The thing whose number is asked: "stall" of "whats my stall number", "plot" of
        "what's my allotment plot number?"."""
        return next(
            (
                c.lower_
                for t in self._parsed
                if t.lower_ in ("number", "no", "#")
                for c in t.children
                if c.dep_ == "compound"
            ),
            None,
        )

    @cached_property
    def asks_code(self) -> bool:
        """A number that names something ("what's the booking reference?", "the phone
        number for the clinic"): answered by a code, not an amount ("NM-4471-20", not
        "4471"); by the example questions it is nearest to (`code_asked`)."""
        if self.q.answer_type != "number" or self.q.wh == "how":
            return False
        if any(asks_code_word(w) for w in WORD.findall(self.q.text.lower())):
            # "whats the reference for the callout?" is far from every example (0.40): a
            # word that names a code says it outright.
            return True
        if self.numbered:
            return True  # "whats my stall number": the number a stall goes by, no amount
        if self.similarity is None:
            return False
        # Nearer the codes than the amounts is not enough when both are far: "what did i
        # score on my part 3 test?" is 0.23 from the codes, "whats my policy number" 0.61.
        return nearer(self.similarity, self.q.text, "code_asked", CODE_MARGIN, CODE_FLOOR) == "code"

    @cached_property
    def asks_deadline(self) -> bool:
        """A date by which something is due ("when do i have to pay the invoice by?",
        "what's the deadline for the form?"), not when a thing was or is ("when was the
        invoice sent?"): by the example questions it is nearest to (`date_asked`)."""
        if self.q.answer_type != "date" or self.similarity is None:
            return False
        return nearer(self.similarity, self.q.text, "date_asked") == "deadline"

    def _names_deadline(self, label: str) -> bool:
        """A field's label that says a deadline ("Due date", "Pay by", "Expiry date"),
        not when a thing was done ("Invoice date"), by the same examples."""
        if self.similarity is None:
            return False
        if label not in self._deadlines:
            self._deadlines[label] = nearer(self.similarity, label, "date_asked") == "deadline"
        return self._deadlines[label]

    @cached_property
    def _deadlines(self) -> dict[str, bool]:
        return {}

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


def says_which(adjective: str) -> bool:
    """An adjective of a thing ("dietary" of a diet, "musical" of music) says which thing;
    one of worth or degree ("favourite", "best", "new") says how it is held, in words
    people choose ("if i could only eat one cuisine forever" for a favourite)."""
    word = adjective.lower()
    return bool(nouns_of(word) - {word})
