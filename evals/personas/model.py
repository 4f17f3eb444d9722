"""Personas, questions and gold evidence as plain data (JSON round trip)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from memory_schema.session import Session

#: Question categories, in report order.
CATEGORIES = (
    "single-hop",
    "multi-hop",
    "temporal",
    "preference",
    "prior-task",
    "knowledge-update",
    "abstention",
)


@dataclass(frozen=True)
class Evidence:
    """One gold evidence turn: the session, the 1-based turn, and what the turn states."""

    session: str
    turn: int
    path: str  # sessions/YYYY/MM/<id>.md
    mentions: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return f"t{self.turn}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "turn": self.turn,
            "path": self.path,
            "anchor": self.anchor,
            "mentions": list(self.mentions),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Evidence:
        return cls(d["session"], int(d["turn"]), d["path"], tuple(d.get("mentions") or ()))


@dataclass
class Question:
    """A question with its gold answer (None: never mentioned, the agent should abstain)."""

    id: str
    persona: str
    category: str
    question: str
    answer: str | None
    aliases: list[str] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    #: Values that were true once and are not any more (knowledge update).
    stale: list[str] = field(default_factory=list)
    #: Words that occur nowhere in the persona's history (abstention).
    absent_terms: list[str] = field(default_factory=list)

    @property
    def golds(self) -> list[str]:
        """Every acceptable answer string (empty for abstention)."""
        return [] if self.answer is None else [self.answer, *self.aliases]

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "persona": self.persona,
            "category": self.category,
            "question": self.question,
            "answer": self.answer,
            "aliases": list(self.aliases),
            "evidence": [e.as_dict() for e in self.evidence],
            "stale": list(self.stale),
            "absent_terms": list(self.absent_terms),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Question:
        return cls(
            id=d["id"],
            persona=d["persona"],
            category=d["category"],
            question=d["question"],
            answer=d.get("answer"),
            aliases=list(d.get("aliases") or []),
            evidence=[Evidence.from_dict(e) for e in d.get("evidence") or []],
            stale=list(d.get("stale") or []),
            absent_terms=list(d.get("absent_terms") or []),
        )


@dataclass
class Persona:
    """One synthetic user: their sessions (oldest first) and the questions about them."""

    id: str
    name: str
    sessions: list[Session]
    questions: list[Question]
    #: When the questions are asked: a little after the last session.
    asked_at: dt.datetime

    def session(self, session_id: str) -> Session:
        for s in self.sessions:
            if s.id == session_id:
                return s
        raise KeyError(session_id)

    def turn_text(self, ev: Evidence) -> str:
        return self.session(ev.session).turns[ev.turn - 1].content

    @property
    def turn_count(self) -> int:
        return sum(len(s.turns) for s in self.sessions)
