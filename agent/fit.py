"""Does a sentence's value fit what was asked: the value of a field whose label is asked,
an amount that measures the thing asked, a name said apart from it, a job said of the
subject, a value named as one of the kind asked for."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property

from .facets import QuestionFacets
from .labels import Field, field_of, fields
from .offered import judged_only, undone
from .reading import Candidate
from .text import WORD, stopwords, terms
from .ties import apart, light_verbs, measures, said_of_another
from .wordmatch import shared

#: What stands between a subject and the job said of them ("he is now a", "works as an").
_JOB_VERB_WORDS = frozenset(
    ["a", "an", "as", "is", "was", "am", "are", "be", "been", "became", "becomes", "works",
     "work", "worked", "working", "now", "also", "still", "just", "actually"]
)  # fmt: skip


#: The noun a name is given to, right before it: "a beagle called waffles", "the app
#: Moloni", "my bank, Monzo".
_NAMED_AFTER = re.compile(r"\b([a-z]+)\s*,?\s*(?:(?:called|named)\s+)?[\"'“‘*_]*\s*$", re.I)


#: WordNet roots of kinds no name stands for: what is said ("advice", "subject") or
#: thought and done ("idea", "plan", "game").
_SAID_KINDS = ("communication", "psychological_feature")


#: Cosine of the bundled embedding model at which a word of the sentences before says the
#: thing the question names: "kitten" for "cat" 0.79, "pet" 0.74; "dog" is 0.66.
SIM_SAME_THING = 0.72


class ValueFit(QuestionFacets):
    """How a candidate's value fits the question (mixed into `reader.Reader`)."""

    def _asked_fields(self, c: Candidate) -> list[Field]:
        """The asked fields of a turn's, note's or document's line; a page's line has
        its own label (`Fact.attr`)."""
        if c.fact is not None:
            return []
        whole = c.blocks[0].text if len(c.blocks) == 1 else None
        found = self._labels.asked(c.text, whole)
        if not self.asks_deadline:
            return found
        # A deadline asked ("when do i have to pay the invoice by?"): the field whose
        # label says one ("Due date: 14 May"), though "Invoice date" shares more of the
        # question's words and the model reads it as nearer; and where another line of
        # the block says the deadline, this line's own date is not what was asked. Only
        # in a block a label of which is asked: a lease's "Term: 48 months, from 30 May"
        # is no deadline of a tax declaration.
        if not (found or (whole is not None and self._labels.asked(whole))):
            return found
        due = [f for f in fields(c.text) if self._names_deadline(f.label)]
        if due:
            return due
        others = fields(whole) if whole is not None else []
        return [] if any(self._names_deadline(f.label) for f in others) else found

    def _asked_sim(self, c: Candidate) -> float:
        """How near the question the closest asked label of a line is (0 with none)."""
        if c.fact is not None:
            return 0.0
        if not self.asks_deadline:
            return self._labels.asked_sim(c.text)
        return max((self._labels.label_sim(f.label) for f in self._asked_fields(c)), default=0.0)

    def _tied(self, c: Candidate, span: str | None) -> bool:
        """An amount that measures what a "how much/many" question asks about: "40 g
        salt" for "how much salt goes in it?" (`ties.py`)."""
        if self.q.answer_type != "number" or not span:
            return False
        at = c.text.lower().find(span.lower())
        return at >= 0 and measures(c.text, at, at + len(span), self._measured)

    def _apart(self, c: Candidate, span: str | None) -> bool:
        """A name said in another clause than the thing asked about ("what's my cat
        called?": "a second cat and i said no until after jess's wedding")."""
        if self.q.answer_type != "name" or not span or c.fact is not None:
            return False
        return apart(c.text, span, set(self.q.focus) - self.subj.name_terms - self.subj.covered)

    @cached_property
    def _done_verbs(self) -> set[str]:
        """The stems of what a wh-question asks was done ("switch" in "which phone did i
        switch to?"), unless it asks of a wish or a thing not done itself ("what did i
        want to switch to?")."""
        if self.q.wh in ("yesno", "other", "why", "how"):
            return set()
        verbs = {
            t
            for tok in self._parsed
            if tok.pos_ == "VERB" and tok.lemma_.lower() not in light_verbs()
            for t in terms(tok.text) | terms(tok.lemma_.lower())
        }
        return set() if undone(self.q.text, verbs) else verbs

    def _undone(self, c: Candidate) -> bool:
        """The sentence says what was asked was not done, or only wanted (`offered.py`):
        "nah im not switching" answers no "which phone did i switch to?"."""
        return c.fact is None and undone(c.text, self._done_verbs, c.date)

    def _only_judged(self, c: Candidate, span: str) -> bool:
        """A value the assistant offered just before, which the sentence only judges
        ("haha bread pitt is good" after "Some popular ones: ... Bread Pitt")."""
        return span.lower() in c.offered.lower() and judged_only(c.text, span)

    def _of_another(self, c: Candidate, about: str, span: str | None) -> bool:
        """The asker's own sentence says the verb asked about of someone or something
        else (`ties.said_of_another`): "where do i live?" is not answered by "everything
        lives in obsidian these days"."""
        if (
            self.q.owner != "me"
            or not span
            or c.fact is not None
            or about != "speaker"  # a document says "Tenant pays ..." of the asker by role
        ):
            return False
        return said_of_another(c.text, self._asked_verbs)

    def _labelled(self, c: Candidate, span: str | None) -> bool:
        """The span is the value of a field whose label is what was asked ("Monthly rent:
        289.00 EUR" for the monthly payment), as a page's attribute line is."""
        if not span:
            return False
        at = c.text.lower().find(span.lower())
        return at >= 0 and field_of(self._asked_fields(c), at, at + len(span)) is not None

    def _job_said(self, c: Candidate) -> bool:
        """Asked what someone does for work, their own sentence says a job, though no
        word of the question ("been on nights at the depot, forklift driver"): search
        found it late, having no "work" to match."""
        if self.q.answer_type != "occupation":
            return False
        span, weak, _ = self.span(c)
        return bool(span) and not weak

    def _thing_said_before(self, c: Candidate) -> bool:
        """A thing of the asker's that the question names ("my allotment") may go unsaid
        in a sentence when the turns just before it say it: "Ken built the shed on 14B",
        after a talk of the allotment. A person ("my sister") must be said in the
        sentence itself, or it may be anyone's."""
        from validators.lexicon import names_agent

        hard = self.subj.hard
        stems = {t: [w for w in WORD.findall(self.q.text.lower()) if terms(w) == {t}] for t in hard}
        if any(not words or any(names_agent(w) for w in words) for words in stems.values()):
            return False
        said = terms(c.antecedent)
        if len(shared(hard, said)) == len(hard):
            return True
        if self.similarity is None:
            return False
        # "got a kitten last week!! she's called mochi": said in a word this near it in
        # meaning (WordNet files a kitten under young mammals, not cats)
        before = [w for w in WORD.findall(c.antecedent.lower()) if len(w) > 2]
        before = [w for w in before if w not in stopwords()]
        return bool(before) and all(
            shared({t}, said) or max(self.similarity(stems[t][0], before)) >= SIM_SAME_THING
            for t in hard
        )

    def _job_of_subject(self, text: str, job: str) -> bool:
        """Whether the job is said of the subject: the words before it, past the verb and
        article ("is a", "works as a"), end with the subject's name or a pronoun."""
        at = text.lower().find(job.lower())
        if at < 0:
            return False
        words = WORD.findall(text[:at].lower())
        while words and words[-1] in _JOB_VERB_WORDS:
            words.pop()
        if not words:
            return False
        names = {w for n in self.subj.names for w in WORD.findall(n)}
        return words[-1] in names or words[-1] in ("he", "she", "they")

    def _thing_said(self, c: Candidate) -> bool:
        """Asked for a thing of a kind that is nobody ("which bank does leo use?"), the
        subject's own sentence names one ("i've been with Monzo for years"), though no
        word of the question: search found it late, having no "bank" to match."""
        if not (self._one_kind_asked and self._asks_no_one):
            return False
        span, weak, _ = self.span(c)
        return bool(span) and not weak and self._thing_named(c, span)

    def _thing_named(self, c: Candidate, span: str) -> bool:
        """The value is a name that answers a thing asked for of a kind that is nobody
        ("which bank does leo use?": "Monzo" in "i've been with Monzo for years"), so the
        sentence says the kind though not its word. The picker keeps no name of a person
        for such a kind (`picker._useful_name`); a word the dictionary knows, typed in
        lower case, is no name ("the app"); a page's labelled value is of its label's
        kind ("Employer: Allerton" names no phone); and the name must read as a thing's by
        the embedding model (`someone.reads_as`): "the flat in headingley" names a place,
        no phone."""
        from validators.lexicon import base_forms, kind_asked, known, primarily_a

        from .kinds import noun_starts
        from .someone import reads_as

        if not (self._one_kind_asked and self._asks_no_one) or self.similarity is None:
            return False
        if any(primarily_a(self.q.head or "", root) for root in _SAID_KINDS):
            # "what advice", "what subject", "what game": answered by what was said or
            # done, which a name does not stand for.
            return False
        if c.fact is not None and c.fact.attr:
            return False
        words = WORD.findall(span)
        if not words or (span[:1].islower() and all(known(w.lower()) for w in words)):
            return False
        # A name given to a thing said just before it is of that thing's kind: "a little
        # beagle called waffles" names a dog, no sport; "the app Moloni" an app.
        given = _NAMED_AFTER.search(c.text[: max(c.text.lower().find(span.lower()), 0)])
        if (
            given
            and given.group(1).lower() not in stopwords()
            and given.start(1) in noun_starts(c.text)  # "use" in "i use Monzo" is no kind
        ):
            head = self.q.head or ""
            word = given.group(1).lower()
            return (
                word == head
                or bool(set(base_forms(word)) & set(base_forms(head)))
                or (kind_asked(head, word))
            )
        return reads_as(self.similarity, c.text, span, "thing")

    def _kind_named(self, c: Candidate, span: str, pool: Sequence[Candidate]) -> bool:
        """Whether the value is named as one of the kind asked for ("which variety")
        where it is said again in the same conversation or document: a sentence there
        says both the value and the kind ("self-pollinating varieties like 'Moonlight'"),
        though the sentence read says only the value ("Ill try Moonlight next year")."""
        if not self._one_kind_asked or c.fact is not None:
            return False
        kind = terms(self.q.head or "")
        if not kind or shared(kind, c.words()):
            return False
        value = re.compile(rf"(?<!\w){re.escape(span)}(?!\w)", re.I)
        return any(
            o.fact is None
            and o.block.path == c.block.path
            and o.text != c.text
            and value.search(o.text)
            and shared(kind, o.own_words())
            for o in pool
        )
