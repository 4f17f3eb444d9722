"""What holds now, though the question does not say "now": "what car do i have?" asked
of a memory where the user said "the corsa's clutch is going" in March and "got a little
fiesta now" in June. A question in the present tense about the asker's own value asks
what holds today, as "what car do i have now?" does: of the answers of the kind asked
that score nearly as well as the best one (within 0.6, and as close in meaning within
0.25), the one said last wins (`reader._latest_first`), unless its value is said in
another clause than the thing asked about ("marcus wants a second cat and i said no
until after jess's wedding" names no cat). Unlike "now" said out loud, a later date
adds nothing to a sentence's score: what was said last is preferred only among answers
that already compete.

A question about before ("what did i drive before?", "what was my old car?") is past,
not present, and keeps the earlier value; so does one that names a time ("in May").
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .question import Question
    from .reader import Subject

#: The kinds of value that change over time and that a later statement replaces. A date
#: asked in the present ("when is my appointment?") is one event among several, and a
#: count or amount is left to the words that ask for now ("how much do i earn now?").
CHANGING = frozenset(["place", "name", "occupation", "thing"])


def as_of_now(q: Question, subj: Subject) -> Question:
    """The question read as one about now, when it asks in the present tense for the
    asker's own value of one kind ("what car do i have?", "where do i work?")."""
    if q.current or q.past or not q.present or not subj.mine:
        return q
    if q.answer_type not in CHANGING or q.choices:
        return q
    if q.answer_type == "thing" and not q.head and not q.attribute:
        return q  # "what did she realize?" asks for words, not a value that changes
    return replace(q, lately=True)
