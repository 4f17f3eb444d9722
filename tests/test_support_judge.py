"""The LLM support judge over recorded HTTP and, for wiring, a real local model."""

from __future__ import annotations

import datetime as dt

import pytest
import respx

from agent.llm.openai_backend import OpenAIBackend
from tests.test_llm_backends import OPENAI_URL, body, recorded, router, via  # noqa: F401
from validators.judge import llm_judge
from validators.support import Evidence, check_support

SAID = dt.date(2025, 6, 2)
BLOCK = [
    Evidence(
        "My grandmother taught me to knit the winter before she passed.",
        "Rhea Ilya",
        {SAID},
        "Rhea",
        ("Ilya",),
        "Crafts",
        SAID,
    )
]


def test_judge_verdicts_over_recorded_http(router: respx.Router) -> None:  # noqa: F811
    backend = OpenAIBackend("sk-test", max_retries=0, http_client=via(router))
    route = router.post(OPENAI_URL).mock(
        side_effect=[
            recorded("openai_support_judge_no.json"),
            recorded("openai_support_judge_yes.json"),
            recorded("openai_support_judge_chatty.json"),
        ]
    )
    judge = llm_judge(backend)
    # The extractive check alone cannot place 'instructed' and asks the judge.
    no = check_support("Rhea's aunt instructed her in knitting", BLOCK, judge=judge)
    assert not no.ok and no.judged is False and "grandmother" in no.reason
    yes = check_support("Rhea's grandmother instructed her in knitting", BLOCK, judge=judge)
    assert yes.ok and yes.judged is True
    # An answer outside the strict format is no verdict: the extractive result stands.
    chatty = check_support("Rhea's grandmother instructed her in knitting", BLOCK, judge=judge)
    assert chatty.judged is None
    first = body(route.calls[0])
    system = first["messages"][0]["content"]
    assert "SUPPORTED" in system and "UNSUPPORTED:" in system
    user = first["messages"][-1]["content"]
    assert "[said by Rhea to Ilya on 2025-06-02 in 'Crafts']" in user
    assert "Line: Rhea's aunt instructed her in knitting" in user


def test_a_yes_saying_judge_is_never_asked_about_names_or_numbers() -> None:
    quiet = respx.Router(assert_all_called=False)
    backend = OpenAIBackend("sk-test", max_retries=0, http_client=via(quiet))
    route = quiet.post(OPENAI_URL).mock(return_value=recorded("openai_support_judge_yes.json"))
    judge = llm_judge(backend)
    assert not check_support("Marta's grandmother taught her to knit", BLOCK, judge=judge).ok
    assert not check_support("Rhea learned to knit in 2019", BLOCK, judge=judge).ok
    assert not check_support("Rhea never learned to knit", BLOCK, judge=judge).ok
    assert route.call_count == 0  # none of them reached the model


@pytest.mark.llm_server
def test_judge_wiring_with_a_local_model(llm_server: str) -> None:
    backend = OpenAIBackend(None, base_url=llm_server, timeout=300, max_retries=0)
    result = check_support(
        "Rhea's grandmother instructed her in knitting", BLOCK, judge=llm_judge(backend)
    )
    # SmolLM2 is tiny: whatever it says, the verdict is parsed or ignored, never a crash.
    assert result.judged in (True, False, None)
    assert result.ok or result.reason
