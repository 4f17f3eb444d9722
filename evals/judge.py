"""An LLM judge: scores an answer 0-5 against the gold answer and the retrieved evidence.

The rubric is a data file (`evals/prompts/judge.md`); any `agent.llm` backend can judge
(tests use the scripted fake). A reply that is not a score is recorded as unscored,
never guessed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent.llm.base import LLMBackend

_SCORE_RE = re.compile(r'"?score"?\s*[:=]\s*([0-5])\b', re.I)
_MAX_EVIDENCE_CHARS = 4000


@cache
def rubric() -> str:
    return resources.files("evals").joinpath("prompts", "judge.md").read_text("utf-8")


@dataclass(frozen=True)
class Verdict:
    score: int | None  # 0-5, None when the judge's reply held no score
    explanation: str

    def as_dict(self) -> dict[str, Any]:
        return {"score": self.score, "explanation": self.explanation}


def prompt(question: str, golds: list[str], answer: str, evidence: list[str]) -> str:
    gold = (
        " | ".join(golds) if golds else "(memory never mentions this; the assistant should say so)"
    )
    shown = "\n".join(f"- {e}" for e in evidence) or "(none)"
    if len(shown) > _MAX_EVIDENCE_CHARS:
        shown = shown[:_MAX_EVIDENCE_CHARS] + " …"
    return (
        f"Question: {question}\n\nGold answer: {gold}\n\n"
        f"Assistant's answer:\n{answer}\n\nRetrieved evidence:\n{shown}\n"
    )


def parse_verdict(text: str) -> Verdict:
    """The judge's JSON reply (or a reply that at least says `score: N`)."""
    match = re.search(r"\{.*\}", text, re.S)
    if match:
        try:
            obj = json.loads(match.group(0))
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict) and isinstance(obj.get("score"), int | float):
            score = int(obj["score"])
            if 0 <= score <= 5:
                return Verdict(score, str(obj.get("explanation", "")).strip())
    m = _SCORE_RE.search(text)
    if m:
        return Verdict(int(m.group(1)), " ".join(text.split())[:300])
    return Verdict(None, f"unscored reply: {' '.join(text.split())[:200]}")


class Judge:
    def __init__(self, backend: LLMBackend, max_tokens: int = 300):
        self.backend = backend
        self.max_tokens = max_tokens

    @property
    def name(self) -> str:
        return f"{self.backend.name}:{self.backend.model}"

    def score(self, question: str, golds: list[str], answer: str, evidence: list[str]) -> Verdict:
        from agent.errors import AgentError
        from agent.llm.base import Message

        text = prompt(question, golds, answer, evidence)
        try:
            reply = self.backend.complete(rubric(), [Message("user", text)], [], self.max_tokens)
        except AgentError as exc:
            return Verdict(None, f"judge failed: {exc}")
        return parse_verdict(reply.text)
