"""Does the evidence mention what was asked about? A word of the question that nothing in
memory says ("iguana") must be there in other words (close in meaning, or misspelt), and
a question after a thing of one kind ("what car") wants a sentence that names one."""

from __future__ import annotations

from collections.abc import Sequence

from language.names import TITLE_WORDS
from validators.lexicon import concrete, is_noun, kind_of, relation

from .fit import ValueFit
from .kinds import names_kind
from .reading import Candidate, Reading
from .text import WORD, stopwords, terms
from .wordmatch import _shared_prefix, _when_words, shared

#: A question word nothing in memory says is "mentioned" by a word this close in meaning
#: ("lizard" for "iguana" is 0.51, "pets" 0.29; "lease" for "rent" 0.69).
SIM_WORD = 0.5
#: ... or the whole sentence this close to the question: a paraphrase ("duplicate records"
#: asked, "the duplicates ... came from a timezone conversion" 0.82; "Pets sure do bring
#: so much joy" for a pet iguana 0.25).
SIM_MENTION = 0.6
PREFIX = 6  # letters two forms of one word share at least ("declara-tion", "declara-ção")
SPELLING = 80  # rapidfuzz ratio of a misspelling ("dentsit", "dentist": 86)
MAX_MENTION = 12  # readings checked for what the question asks about, best first


class Mentions(ValueFit):
    """Keeps the readings that mention what was asked (mixed into `reader.Reader`)."""

    def _mentioning(
        self, readings: list[Reading], topic: set[str], pool: Sequence[Candidate]
    ) -> list[Reading]:
        """Only readings that mention what was asked about. A word of the question that
        nothing memory returned says ("iguana") must be there in other words: a word of
        the evidence close in meaning ("lizard", by the embedding model) or spelt nearly
        alike ("dentsit"); with several such words, half of them; or the sentence says the
        question in other words. "Pets bring so much joy" does not answer "What is my pet
        iguana called?"."""
        said = set().union(*(c.words() for c in pool)) if pool else set()
        unsaid = {t for t in topic if not shared({t}, said) and not t.isdigit()}
        unsaid -= self.subj.covered | _when_words()
        # A person of the conversation is there by their turns, though nobody says their
        # name: "what did Marco show Ines?" is asked of a chat Ines speaks in.
        unsaid -= {t for c in pool if c.fact is None for t in terms(c.block.speaker or "")}
        unsaid -= {t for option in self.q.choices for t in terms(option)}  # one is unsaid
        unsaid -= self._verb_phrase_words()
        # A thing never said is not there; a verb or a manner never said may be, in
        # other words ("went to a convention" for "attend").
        unsaid &= self._asked_things
        if self.q.answer_type in ("date", "time") and self._asked_things - unsaid:
            # "when is my dentist appointment?": an occasion ("appointment", "check-up",
            # no thing one can touch, by WordNet) goes without saying beside the word
            # that says which ("the dentist moved me to the 14th"); the day is checked.
            unsaid = {t for t in unsaid if any(concrete(w) for w in self._surface({t}))}
        if not unsaid or not readings:
            return readings
        surface = self._surface(unsaid)
        # A name is said or misspelt, never said in other words: "France" is not
        # "England", however near the embedding model puts them.
        named = {w for n in self.q.names for w in WORD.findall(n.lower())}
        # "What colour is it?" is answered by "white", which says no "colour".
        head = self.q.head if self._one_kind_asked else None
        asked = terms(self.q.text)
        kept = []
        for i, r in enumerate(readings):
            if i >= MAX_MENTION:
                break
            c = r.candidate
            # ... in the sentence, what was said around it, the question it replies to, or
            # a page line that retells it ("saw Matt Patterson in concert").
            texts = [c.text, c.antecedent, c.prompt, c.thread, *c.retold]
            texts += [b.text for b in c.blocks]
            words = list(
                dict.fromkeys(
                    w
                    for t in texts
                    for w in WORD.findall(t.lower())
                    if (len(w) > 2 or w in TITLE_WORDS) and w not in stopwords() and not w.isdigit()
                )
            )
            # Half of them, rounded up: "dentist check-up" tells when the "dentsit
            # appointment" is, though "appointment" is nowhere near "check-up".
            # "What colour is it?": "white" is one. (A name that reads as a thing's does not
            # say a kind memory never names: "which gym do i go to?" is not answered by
            # "Tojiro", a knife's maker, when no gym is ever mentioned.)
            # A word the question says itself stands in for none of its other words:
            # "bank" is near "mortgage" in meaning, but "which bank do i have my mortgage
            # with?" is not answered by "I start at Pinecrest Bank".
            words = [w for w in words if not terms(w) & asked]
            kind = bool(self._kinds_asked(c.text))
            close = sum(
                self._close(word, words, by_meaning=word not in named) or (word == head and kind)
                for word in surface
            )
            labelled = self._of_attribute(c) or bool(self._asked_fields(c))
            # A job found says "job" and "work": "forklift driver" is what was asked.
            job = self.q.answer_type == "occupation" and bool(r.span) and not r.weak_span
            labelled = labelled or job
            if r.sim >= SIM_MENTION or 2 * close >= len(surface) or labelled:
                kept.append(r)  # a value of the attribute asked after says it in its label
        return kept

    def _naming_kind(self, readings: list[Reading]) -> list[Reading]:
        """None when no reading of the best MAX_MENTION names a thing of the kind asked
        for ("what car do i drive?": a car, by WordNet, a name or the embedding model;
        `kinds.py`): sentences that share the question's other words ("drive", "play")
        and name no car are no answer."""
        for r in readings[:MAX_MENTION]:
            if self._names_head(r.candidate):
                # One of them names the kind: what memory says of it may be in a sentence
                # beside ("Highly recommend it!" after the title), so their order stands.
                return readings
        return []

    def _names_head(self, c: Candidate) -> bool:
        """The sentence (or a page line retelling it) names a thing of the kind asked
        for (`kinds.names_kind`): "got a new resurfacer" names a machine, though the
        word is in no dictionary."""
        head = self.q.head or ""
        exclude = set(WORD.findall(self.q.text.lower())) - {head}
        exclude |= self.known_people | self.speakers | self.subj.names | self.subj.owner_names
        texts = [c.text, *c.retold]
        return any(names_kind(t, head, self.similarity, exclude, self.proper or ()) for t in texts)

    def _stand_ins(self, c: Candidate, unsaid: dict[str, str]) -> set[str]:
        """The stems of `unsaid` (question stems no evidence says, with the question's own
        word for each) that a word of the sentence says in other words (`_close`)."""
        words = [
            w
            for w in dict.fromkeys(WORD.findall(c.text.lower()))
            if (len(w) > 2 or w in TITLE_WORDS) and w not in stopwords() and not w.isdigit()
        ]
        return {t for t, w in unsaid.items() if words and self._close(w, words)}

    def _close(self, word: str, words: list[str], by_meaning: bool = True) -> bool:
        """A word of the evidence that is this word misspelt ("dentsit") or close in
        meaning."""
        from rapidfuzz import fuzz

        if any(len(w) >= 4 and fuzz.ratio(word, w) >= SPELLING for w in words):
            return True
        # Another form of the word, or its cognate: "declaration" and "declaração" share
        # their first seven letters.
        if any(_shared_prefix(word, w) >= max(PREFIX, 0.7 * min(len(word), len(w))) for w in words):
            return True
        if not by_meaning:
            return False
        # A word for a kind of what the evidence says ("vet": "Dr. Takeda" is a doctor;
        # "iguana": a lizard), or a form of it ("dietary": a diet), by WordNet.
        wordnet = [TITLE_WORDS.get(w, w) for w in words]
        if any(_kind_or_form(word, w) for w in wordnet):
            return True
        if self.similarity is None or not words:
            return False
        return max(self.similarity(word, words)) >= SIM_WORD


def _kind_or_form(word: str, other: str) -> bool:
    """`word` is a kind of `other` or a form of it (`_close`); a noun only by a noun:
    "dog" is a way to go after someone as a verb, but no dog says "going"."""
    tie = relation(word, other)
    if tie == "related":
        return True
    return tie == "specific" and (not is_noun(word) or kind_of(other, word, seldom=True))
