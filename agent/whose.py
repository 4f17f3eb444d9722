"""Whose is what was asked about? Another person's own words as rivals of the answer.

Between two people, a question about one of them may ask about something the other one
said of themselves: "What did Caroline realize after her charity race?" when Melanie ran
the race. Every sentence about Caroline is then a weak answer (she said "That charity
race sounds great!"), while Melanie's own "I ran a charity race ... I realized ..." says
the question in its words. The reader reads the other person's first-person sentences,
and lines of their pages, as *rivals*: when a rival fits the question's topic clearly
better than every sentence about the subject, what was asked about is someone else's,
and the reader declines rather than answer with the subject's weaker sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .about import FIRST_PERSON
from .reading import _by_ai

if TYPE_CHECKING:
    from .reading import Candidate, Reading, Subject

#: How much better (in the reader's topic fit: shared words plus the embedding model's
#: closeness) another person's own sentence must fit the question than the subject's
#: best one before the question is read as about the other person's thing.
RIVAL_MARGIN = 0.25
#: Rivals embedded per question (the cheapest-to-rank first, by shared words).
MAX_RIVALS = 12


def subject_person(subj: Subject, known_people: set[str]) -> bool:
    """The question is about one person memory knows, as a speaker or by a person page,
    not someone a chain led to ("my sister's job" asks about the sister)."""
    if subj.resolved is not None:
        return False
    return bool((subj.speakers | subj.names) & known_people)


def is_rival(
    c: Candidate,
    subj: Subject,
    known_people: set[str],
    person_pages: dict[str, str],
    named: frozenset[str] = frozenset(),
) -> bool:
    """A sentence in which another person speaks of themselves, or a line of another
    person's page (`person_pages`: page path -> lower case title). A person the question
    names beside its subject (`named`, lower case: "what did Melanie show to Caroline?")
    is part of what is asked, no rival."""
    mine = subj.speakers | subj.names | subj.owner_names | named
    if c.fact is not None:
        who = person_pages.get(c.fact.page)
        if who is None or who in mine or c.fact.page in subj.pages:
            return False
        low = c.text.lower()
        return not any(n and re.search(rf"\b{re.escape(n)}\b", low) for n in mine)
    b = c.block
    who = (b.speaker or "").lower()
    if not who or who in mine or who not in known_people or _by_ai(b):
        return False
    return bool(FIRST_PERSON.search(c.text))


def said_by_other(c: Candidate, subj: Subject, known_people: set[str]) -> bool:
    """A sentence of another person's turn (not the assistant's, not about the subject)."""
    if c.fact is not None:
        return False
    who = (c.block.speaker or "").lower()
    mine = subj.speakers | subj.names | subj.owner_names
    return bool(who) and who not in mine and who in known_people and not _by_ai(c.block)


def said_by_subject(c: Candidate, subj: Subject) -> bool:
    """A sentence of the subject's own turn, whatever it is about."""
    who = (c.block.speaker or "").lower() if c.fact is None else ""
    return bool(who) and who in subj.speakers | subj.names


def theirs_only(
    topic: set[str],
    subject_words: set[str],
    other_words: set[str],
    shared: Callable[[set[str], set[str]], set[str]],
) -> set[str]:
    """The question's topic words that only another person ever says, never the subject
    in any turn of theirs: "What did Maria receive a certificate for?" when the certificate
    is only in John's turns. The thing asked about is the other person's, whatever the
    subject's sentences share with the rest of the question."""
    theirs = shared(topic, other_words)
    return theirs - shared(theirs, subject_words)


def subject_fit(r: Reading) -> float:
    """How well the subject's reading fits, against rivals. A remark of theirs that does
    not speak of themselves ("That half marathon sounds brutal") is a reply to news:
    when the other person's own words ("I ran my first half marathon") say the topic
    nearly as well (within the margin), the news, and the thing asked about, is theirs."""
    remark = r.about == "speaker" and not own_news(r.candidate)
    return r.fit - (2 * RIVAL_MARGIN if remark else 0.0)


def own_news(c: Candidate) -> bool:
    """The speaker tells their own news in this sentence: it speaks of themselves, or
    an earlier sentence of the same turn did ("Guess what - I got a puppy! Her name's
    Coco"), or it answers a question put to them ("What are your posts about?" -
    "Recently, education reform."). A remark opens a turn and answers nothing ("That
    half marathon sounds brutal!")."""
    return bool(c.prompt) or speaks_of_self(c)


def speaks_of_self(c: Candidate) -> bool:
    """The sentence, or an earlier one of its turn, says "I", "my" or "we"."""
    if FIRST_PERSON.search(c.text):
        return True
    said = c.block.text
    at = said.find(c.text)
    return at > 0 and bool(FIRST_PERSON.search(said[:at]))


def rival_wins(subject_fits: Sequence[float], rival_fits: Sequence[float]) -> bool:
    """Whether the best rival fits the question clearly better than anything about the
    subject."""
    if not rival_fits:
        return False
    best_subject = max(subject_fits, default=0.0)
    return max(rival_fits) > best_subject + RIVAL_MARGIN


__all__ = [
    "MAX_RIVALS",
    "RIVAL_MARGIN",
    "is_rival",
    "own_news",
    "rival_wins",
    "said_by_other",
    "said_by_subject",
    "speaks_of_self",
    "subject_fit",
    "subject_person",
    "theirs_only",
]
