"""What the reader reads: a candidate sentence (`Candidate`), whom the question is about
(`Subject`), and how a candidate was read (`Reading`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property

from memory_schema.session import AI_SPEAKERS

from .evidence import Block
from .text import terms
from .wiki import Fact

#: similarity(question, texts) -> one score in [-1, 1] per text (an embedder's cosine).
Similarity = Callable[[str, list[str]], list[float]]


@dataclass(frozen=True)
class Candidate:
    """A sentence that might answer: from a turn or paragraph, or a line of a page."""

    text: str
    blocks: tuple[Block, ...]
    rank: int = 0  # search rank; 0 for the subject's own page
    fact: Fact | None = None
    context: bool = False  # a neighbour of a search hit
    antecedent: str = ""  # what was said just before: who "she" or "he" is
    #: The next sentence of the same turn, paragraph or note: a value often follows the
    #: words that name what it is of ("Biscuit hydrotherapy - Aqua Paws. Thursdays 11.15.")
    following: str = ""
    #: The other speaker's question that this turn replies to, when it does: a short
    #: reply ("dog!!") leaves the value in the question ("Is Fado your cat?")
    reply_to: str = ""
    #: The page whose line led here: a turn read in its own words for a page's line
    via: str = ""
    #: ... and that line, for the sentence of the turn it retells: its words and meaning
    #: count for the sentence ("Maya Chen works at Northwind" for "I started at Northwind")
    retold: tuple[str, ...] = ()
    #: The question the turn replies to: the turn before it, by someone else, when that
    #: one asks ("What's a favourite book from your childhood?" before "I loved reading
    #: Charlotte's Web as a kid."). Its words say what the reply is about.
    prompt: str = ""
    #: The speaker's own earlier turn that the reply continues, when the other person's
    #: question came between ("I ran a charity race" - "What did you take from it?" -
    #: "I'm starting to realize self-care matters"): what the reply's "it" is.
    thread: str = ""
    #: A page line among those nearest the question in meaning retells it (the wiki as
    #: an index, `wiki_index.py`): on the question's topic though it shares no word.
    indexed: bool = False
    #: What an AI assistant said in the turn just before, when it did: a value the turn
    #: only judges ("haha bread pitt is good") is the assistant's suggestion.
    offered: str = ""
    #: The sentences said before this one, nearest last, each with its block: this
    #: block's earlier ones after those of the block before. What "it" or "he" stands for
    #: was named there (`language.refer`).
    earlier: tuple[tuple[str, Block], ...] = ()

    @property
    def block(self) -> Block:
        return self.blocks[0]

    @property
    def date(self) -> dt.date | None:
        if self.fact is not None and self.fact.date:
            return self.fact.date
        return max((b.date for b in self.blocks if b.date), default=None)

    @property
    def key(self) -> tuple[str, ...]:
        return (self.fact.page if self.fact else "", self.text, self.block.path, self.block.anchor)

    # Stemmed once per candidate: the reader asks for them per question term and again
    # in each of its passes.
    @cached_property
    def _own(self) -> frozenset[str]:
        if self.fact is None:
            return frozenset(terms(" ".join((self.text, *self.retold))))
        if self.topical:
            return frozenset(terms(self.own_text))
        return frozenset(terms(self.text) | terms(self.fact.attr or ""))

    @cached_property
    def topical(self) -> bool:
        """A page line whose label only names the value's topic ("Work and money: xero",
        Dream's word for a change it could not type): the label is a heading, no word of
        the value's own, so "where do i work now?" is answered by "Employer: Malthouse",
        not by xero."""
        return self.fact is not None and _topic_label(self.fact.attr)

    @property
    def own_text(self) -> str:
        """The line's own words: a topical line without its label."""
        if not self.topical or self.fact is None:
            return self.text
        return self.text.removeprefix(self.fact.attr or "").lstrip(" :")

    @cached_property
    def _context(self) -> frozenset[str]:
        if self.fact is None:
            # A turn is read in its conversation, whose given title says what it is about
            # ("got the tojiro dp 210" in "New chef knife"), and as the reply to the
            # question before it; a document's paragraph or a note's line under its title
            # and section.
            said = terms(self.block.topic) | terms(self.prompt) | terms(self.thread)
            return frozenset(said) - self._own
        topic = (self.fact.attr or "") if self.topical else ""
        return frozenset(terms(self.fact.section) | terms(self.fact.title) | terms(topic))

    @cached_property
    def _asked(self) -> frozenset[str]:
        return frozenset(terms(self.prompt)) - self._own - frozenset(terms(self.block.topic))

    def words(self) -> set[str]:
        return set(self._own | self._context)

    def asked_words(self) -> set[str]:
        """Words only the question before the turn says, not the turn itself."""
        return set(self._asked)

    def own_words(self) -> set[str]:
        """Words the line itself says (a fact's label included)."""
        return set(self._own)

    def context_words(self) -> set[str]:
        """Words of where a page line stands: its section heading and page title."""
        return set(self._context)

    @cached_property
    def _thread(self) -> frozenset[str]:
        return frozenset(terms(self.thread)) - self._own

    def thread_words(self) -> set[str]:
        """Words of the speaker's own news that a reply continues."""
        return set(self._thread)


@dataclass
class Subject:
    """Whom the question is about, and every way memory may name them."""

    names: set[str] = field(default_factory=set)  # lower case names and aliases
    phrases: list[str] = field(default_factory=list)  # "my sister"
    pages: set[str] = field(default_factory=set)
    speakers: set[str] = field(default_factory=set)  # lower case: their "I" is the subject
    resolved: str | None = None  # the name a possessive chain led to
    evidence: tuple[Block, ...] = ()  # the blocks that established `resolved`
    chain_done: bool = False  # every link of the chain was resolved to someone
    covered: set[str] = field(default_factory=set)  # chain words the resolved name stands for
    hard: set[str] = field(default_factory=set)  # words that must be said (an unresolved link)
    owner_names: set[str] = field(default_factory=set)  # whose chain it is: never the answer
    mine: bool = False  # the asker themself (or the memory's user): notes and documents are theirs
    question: str = ""  # the question's own words: a possessor it names is its own chain

    @property
    def defined(self) -> bool:
        return bool(self.names or self.phrases or self.pages or self.speakers or self.mine)

    @property
    def name_terms(self) -> set[str]:
        return {t for n in self.names for t in terms(n)}


@dataclass(frozen=True)
class Reading:
    candidate: Candidate
    score: float
    span: str | None  # the short answer, when the question wants a value
    about: str  # how it is about the subject: page, name, phrase, speaker, none
    weak_span: bool = False  # a date taken from when it was said, not from the words
    when: dt.date | None = None  # the date a date answer stands for
    sim: float = 0.0  # closeness in meaning to the question (the embedding model's cosine)
    fit: float = 0.0  # how well it says the question's topic: shared words and closeness
    apart: bool = False  # its name is said in another clause than the thing asked about


def _by_ai(b: Block) -> bool:
    """A turn of an AI assistant (not of a person who happens to hold the assistant
    role, as in a conversation between two people)."""
    if b.role != "assistant":
        return False
    return not b.speaker or (b.speaker.casefold().split() or [""])[0] in AI_SPEAKERS


@cache
def _topic_label(attr: str | None) -> bool:
    """A page label that names a topic of Dream's ("Work and money", "Tools and tech
    (amount)"), not an attribute."""
    from language import prototypes

    return bool(attr) and re.sub(r"\s*\(.*\)$", "", attr or "") in prototypes()["topic"]
