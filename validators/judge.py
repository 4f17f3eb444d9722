"""The LLM support judge: one claim, its cited block, one strict one-line verdict.

`llm_judge(backend)` returns a `Judge` for `check_support`. The model sees the claim,
the block and its context and must answer `SUPPORTED` or `UNSUPPORTED: words - reason`;
any other answer is no verdict (None), and the extractive result stands. The judge
only ever rules on content words: names, numbers, dates, polarity and modality are
checked by `check_support` whatever the model says.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from .support import Judge, JudgeVerdict

_VERDICT_RE = re.compile(
    r"^\s*(?:\*\*)?(SUPPORTED|UNSUPPORTED)(?:\*\*)?\s*(?::\s*(?P<why>.*))?$", re.IGNORECASE
)


def _prompt() -> str:
    return resources.files("validators").joinpath("prompts/support_judge.md").read_text("utf-8")


def parse_verdict(text: str) -> JudgeVerdict | None:
    """The verdict of a strict one-line answer, or None when the answer is not one."""
    lines = [x for x in (text or "").strip().splitlines() if x.strip()]
    if len(lines) != 1:
        return None
    m = _VERDICT_RE.match(lines[0])
    if not m:
        return None
    if m.group(1).upper() == "SUPPORTED":
        return None if m.group("why") else JudgeVerdict(True)
    return JudgeVerdict(False, (m.group("why") or "").strip() or "not supported")


def llm_judge(backend: Any, max_output_tokens: int = 60) -> Judge:
    """A Judge asking `backend` (an agent.llm backend) about one claim at a time."""
    from agent.llm.base import Message

    system = _prompt()

    def judge(claim: str, evidence: str) -> JudgeVerdict | None:
        msg = f"Evidence:\n{evidence}\n\nLine: {claim}\n\nVerdict:"
        resp = backend.complete(system, [Message("user", msg)], [], max_output_tokens)
        return parse_verdict(resp.text)

    return judge
