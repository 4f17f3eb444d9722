"""Whose memory it is, learned from a conversation when nobody set it.

People who type in lower case introduce themselves in lower case ("fwiw im priya"),
and a lower-case word is no name by its looks. The assistant's answer settles it: an
AI that replies "Nice to meet you, Priya." has read the word as a name. So a word
after a self-introduction cue counts as the owner's name when the user wrote it
capitalised (`extract.self_introduction`), or when the AI's next turn addresses the
user by it, capitalised. Dream records what it learns in `.brain/config.yaml` (see run.py).
"""

from __future__ import annotations

import re

from memory_schema.session import Session, Turn
from validators.semantic import STOPWORDS

from .extract import self_introduction

#: "i'm", "im", "i am", "my name is", "call me": the words after it may be a name.
_CUE = re.compile(
    r"\b(?:i\s*['’]?\s*m|i am|my name(?:\s+is|['’]s)|call me)\s+(\w+)(?:\s+(\w+))?",
    re.IGNORECASE,
)


def introduced_name(session: Session) -> str | None:
    """The name a user of this session gives for themself, or None."""
    turns = session.turns
    for i, turn in enumerate(turns):
        if turn.role != "user":
            continue
        name = self_introduction(turn.content)
        if name:
            return name
        reply = next((t for t in turns[i + 1 :] if t.role != "tool"), None)
        if reply is None or not reply.by_ai:
            continue
        name = _confirmed(turn, reply)
        if name:
            return name
    return None


def _confirmed(turn: Turn, reply: Turn) -> str | None:
    """A word after a cue that the AI's reply writes capitalised, with the next word when
    the reply capitalises that too ("Priya Raman")."""
    for m in _CUE.finditer(turn.content):
        first, second = m.group(1), m.group(2)
        if first.lower() in STOPWORDS or first.isdigit():
            continue
        shown = _capitalised(reply.content, first)
        if shown is None:
            continue
        if second and second.lower() not in STOPWORDS:
            both = _capitalised(reply.content, f"{first} {second}")
            if both is not None:
                return both
        return shown
    return None


def _capitalised(text: str, words: str) -> str | None:
    """`words` as `text` writes them, when every one starts with a capital there."""
    for m in re.finditer(rf"\b{re.escape(words)}\b", text, re.IGNORECASE):
        found = m.group(0)
        # Addressed by name ("Nice to meet you, Priya", "Hi Maya"), not a sentence's
        # first word ("Tired is normal") nor a capitalised adjective ("a Canadian").
        addressed = re.search(r"(?:,|\b(?:hi|hello|hey|dear|welcome))\s*$", text[: m.start()], re.I)
        if addressed and all(w[:1].isupper() for w in found.split()):
            return found
    return None
