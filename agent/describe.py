"""Questions that ask what memory knows of someone or something as a whole: "who is
jodie?", "tell me about marcus", "whats wrong with pickle". Their only content word is
the subject's name, so there is no topic to match sentences against; the answer is the
most informative statements about the subject, its page's lines first.

Which questions these are is told by the example questions they are nearest to
(`describe_asked` in language/data/prototypes.json), with the subject's name put in
place of the examples' placeholder; which word is the name, by trying each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from .nearness import nearness
from .reading import _by_ai
from .text import WORD, is_question, stopwords, terms

if TYPE_CHECKING:
    from .reading import Candidate

#: The placeholder name of the example questions.
PLACEHOLDER = "Alex"
#: The describing examples must be nearer than the detail ones by this much (mean of
#: the three nearest): "who is jodie?" 0.2 nearer, "where does jodie live?" 0.2 further.
MARGIN = 0.05
#: ... and this near at least: "what are Caroline's plans for the summer?" is nothing like.
FLOOR = 0.6
#: Statements in the answer, the best first.
MOST = 4
#: How much a statement's kind (informative rather than chatter, `statement` in
#: prototypes.json) counts beside its closeness to the question.
INFORMATIVE = 0.5
#: A line of the subject's own page is what memory has already sorted out about them.
PAGE_BONUS = 0.15
#: "who is dario?" asks first who they are to people: their page's line of a relation
#: ("Cousin of [[Kacper]]") above what they did.
RELATION_BONUS = 0.5
#: The page section of a subject's relations to people (Dream writes "Cousin of [[X]]").
RELATION_SECTION = "People"

_PRONOUN_START = re.compile(r"(?:he|she|they|it|his|her|their|its|hes|shes|theyre)\b", re.I)
_POSSESSIVES = frozenset(["my", "your", "his", "her", "our", "their", "its"])

Similarity = Callable[[str, list[str]], list[float]]


@dataclass(frozen=True)
class Described:
    """The subject a describing question is about: the word(s) naming it."""

    name: str


def described(similarity: Similarity, question: str, names: Sequence[str]) -> Described | None:
    """The subject of a question that asks about it as a whole, or None. `names` are the
    question's proper names; failing those, each word that is not a stopword is tried as
    the name (typed in lower case: "whats wrong with pickle"), the one that makes the
    question most like the describing examples winning."""
    best: tuple[float, str] | None = None
    for name in dict.fromkeys([*names, *_words(question)]):
        masked = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", PLACEHOLDER, question, flags=re.I)
        if masked == question or not _framed(masked):
            continue
        near = nearness(similarity, masked, "describe_asked")
        lead = near["describe"] - near["detail"]
        if lead > MARGIN and near["describe"] >= FLOOR and (best is None or lead > best[0]):
            best = (lead, name)
    return Described(best[1]) if best else None


def _framed(masked: str) -> bool:
    """Besides the name, the question says only what describing questions say ("who",
    "tell me about", "wrong with"): "who supports Alex when she is down?" asks a detail."""
    rest = {w.lower() for w in WORD.findall(masked) if w != PLACEHOLDER}
    return rest <= _frame() | stopwords()


@cache
def _frame() -> frozenset[str]:
    """The words of the describing example questions."""
    from language import prototypes

    return frozenset(
        w.lower() for ex in prototypes()["describe_asked"]["describe"] for w in WORD.findall(ex)
    )


def _words(question: str) -> list[str]:
    """The words of a question that may be a name: not stopwords, not the question's
    frame words of the examples ("tell", "wrong", "know")."""
    words = WORD.findall(question)
    acts = _verbs(question)
    return [
        w
        for i, w in enumerate(words)
        if len(w) > 2
        # ... nor where a verb does: "who do i work for now?" asks who, not about "work"
        and w.lower() not in acts
        and w.lower() not in stopwords()
        and w.lower() not in _frame()
        # "who is my manager?" asks who holds a relation, not about a "manager" as a whole
        and not (i and words[i - 1].lower() in _POSSESSIVES)
        # "what kind of car do i have?" asks for one car, not about "car" as a whole
        and not _category(words, i)
        # A name stands where a noun does: "who am i engaged to?" asks who, not about an
        # "engaged" (a word the dictionary knows only as a verb or an adjective).
        and not _no_noun(w.lower())
    ]


def _verbs(question: str) -> frozenset[str]:
    """The words the parser reads as verbs in the question ("work", "driving")."""
    from language.nlp import parse

    (doc,) = parse([question])
    return frozenset(t.lower_ for t in doc if t.pos_ in ("VERB", "AUX"))


def _no_noun(word: str) -> bool:
    """A dictionary word with no noun sense ("engaged", "married"): no name."""
    from validators.lexicon import is_noun, known

    return known(word) and not is_noun(word)


def _category(words: list[str], i: int) -> bool:
    """The word names the category a question asks one of: "what car", "which kind of
    car"."""
    before = [w.lower() for w in words[max(0, i - 3) : i]]
    return before[-1:] in (["what"], ["which"]) or (
        len(before) == 3 and before[0] in ("what", "which") and before[2] == "of"
    )


def mentions(text: str, name: str) -> bool:
    """The text names the subject: "pickle", "pickle's", "Pickle"."""
    return re.search(rf"(?<!\w){re.escape(name)}(?:['’]s)?(?!\w)", text, re.I) is not None


def informative(similarity: Similarity, texts: list[str]) -> list[float]:
    """How much each text states rather than chats: the mean similarity of its three
    nearest informative examples less that of its three nearest chatter ones."""
    near = [nearness(similarity, t, "statement") for t in texts]
    return [n["informative"] - n["chatter"] for n in near]


def rank(
    similarity: Similarity,
    question: str,
    items: Sequence[tuple[str, bool]],
) -> list[float]:
    """A score per (text, on the subject's page) item: close to the question (with the
    subject's name), informative, a page line a little above a turn."""
    texts = [t for t, _ in items]
    if not texts:
        return []
    sims = similarity(question, texts)
    kinds = informative(similarity, texts)
    return [
        s + INFORMATIVE * k + (PAGE_BONUS if on_page else 0.0)
        for s, k, (_, on_page) in zip(sims, kinds, items, strict=True)
    ]


def usable(text: str) -> bool:
    """A statement worth giving: not a question, and more than a word or two."""
    return not is_question(text) and len(terms(text)) >= 2


def statements(
    similarity: Similarity,
    question: str,
    name: str,
    page: str | None,
    pool: Sequence[Candidate],
    most: int = MOST,
    relations: frozenset[str] = frozenset(),
) -> list[Candidate]:
    """The most informative statements about the subject, best first, one per block: the
    lines of its page (and the turns they retell), and what people said naming it (or in
    their own voice, when the subject is one of the speakers). An AI assistant's words
    are never facts about anyone. The turn a line of `relations` retells (the subject's
    page's lines of how they are related to people, given for a "who" question) comes
    first."""
    low = name.lower()
    items: list[Candidate] = []
    paged: list[bool] = []
    for c in pool:
        if not usable(c.text):
            continue
        if c.fact is None and _by_ai(c.block):
            continue
        on_page = page is not None and (
            c.via == page or (c.fact is not None and c.fact.page == page)
        )
        said = mentions(c.text, name) or any(mentions(line, name) for line in c.retold)
        own = (c.block.speaker or "").lower() == low and c.fact is None
        if on_page or said or own:
            items.append(c)
            paged.append(on_page)
    # the bonus is for the subject's own page: a line of another page that names it is
    # a statement like any turn that does
    scores = rank(similarity, question, [(c.text, p) for c, p in zip(items, paged, strict=True)])
    if relations:
        scores = [
            s + (RELATION_BONUS if set(c.retold) & relations else 0.0)
            for s, c in zip(scores, items, strict=True)
        ]
    ranked = sorted(zip(scores, items, strict=True), key=lambda p: (-p[0], p[1].rank, p[1].key))
    out: list[Candidate] = []
    used: set[tuple[str, str]] = set()
    for _, c in ranked:
        keys = {(b.path, b.anchor) for b in c.blocks}
        if keys & used:
            continue
        used |= keys
        if c.fact is None and _PRONOUN_START.match(c.following):
            # "marcus from work took credit ... hes been team lead since january": the
            # next sentence goes on about them.
            c = replace(c, text=f"{c.text} {c.following}", following="")
        out.append(c)
        if len(out) >= most:
            break
    return out
