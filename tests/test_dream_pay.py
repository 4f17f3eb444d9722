"""A wage said as an amount is Pay.

An amount is read in its clause as said, not as X: "they bumped me up to X after my
review" reads like a job or a home as much as a wage, "... up to 15.10 ..." like a wage.
Only an attribute of amounts can take it, by a clear margin (`dream/attributes.py`).
"""

from __future__ import annotations

import re

import pytest

from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-02-03", [
        "got the job at the vets on mill road. 14.20 an hour which isnt amazing but its a start",
        "week two of no sugar, down 3 kilos. my husband thinks im mad because i take my "
        "coffee black now but honestly it works",
    ]),
    ("2026-01-20", [
        "me and dan are talking about me moving in with him. i pay 480 a month for my room "
        "in the hulme flatshare, his place is 950. is 60/40 fair when he earns more",
    ]),
    ("2026-03-14", [
        "went to the match with my brother, we paid 40 for the tickets and it rained all day",
        "took my dog to the beach at formby, she ran off after a seagull for ages",
    ]),
    ("2026-06-11", [
        "also a small update on what i said before, they bumped me up to 15.10 after my "
        "probation review",
        "no sugar thing is over. back on biscuits, sue me. did switch to soy milk in my coffee "
        "tho",
        "my dog ate a whole sock yesterday, vet says she'll be fine",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("pay"), daily_chats(SAID, "Nice."))


def test_a_wage_said_as_an_amount_is_pay(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Pay:\*\* 15\.10 — since 2026-06-11", current), current
    assert re.search(r"\*\*Pay:\*\* 14\.20 — 2026-02-03 to 2026-06-11", history), history
    # an amount under a topic's name, or with the words that bound it, is no value
    assert "(amount)" not in profile and "up to" not in current + history
    # what the tickets cost is no wage, nor a share of the rent the one it replaced
    assert not re.search(r"\*\*[^*]+:\*\* (40|60/40)\b", current + history)
    # and a home said beside amounts is still a home
    assert re.search(r"\*\*Lives in:\*\* \[\[Hulme Flatshare", current + history), current


def test_a_wage_answers_no_question_of_what_is_paid_out(memory):
    """The page's "Pay: 15.10" shares the question's verb as a noun: it is a wage, and
    "how much rent do i pay" is asked of a payment out (the turn that says 480; the
    later "we paid 40 for the tickets" is about something else)."""
    from tests.test_agent_messy import first_line

    out = first_line(memory, "how much rent do i pay now?")
    assert "480" in out and "15.10" not in out, out
