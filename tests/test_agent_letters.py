# ruff: noqa: E501  (letters are written as institutions write them, in long lines)
"""The reader on documents written as institutions write them: a renewal letter in
prose, a payslip of tables, an appointment letter. The words of a question are not the
letter's ("yearly" for "annual"), an amount is asked of one line of a table, and a
reference number is a code, not an amount.

The documents are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.labels import Labels
from agent.question import analyse
from agent.spans import amounts, is_code
from tests.test_agent_messy import run

RENEWAL = """<html><head><title>Contents insurance renewal</title></head><body>
<h1>Your contents policy renewal</h1>
<p>Dear Ms Varga,</p>
<p>Thank you for insuring your home contents with Larkspur Mutual. Your policy number is LM-2290-17 and it renews on 3 February 2027.</p>
<p>Your new annual premium is £212.80, which we will collect in twelve monthly instalments of £17.73.</p>
<p>Your excess remains at £150 for each claim.</p>
<p>Questions? Call our team on 0345 222 0190, Monday to Friday.</p>
</body></html>
"""

CLINIC = """Ridgeway Physiotherapy
Appointment confirmation

Your first assessment with our senior physiotherapist is on Tuesday 17 November 2026 at 09:40 at our Canal Street clinic.
Sessions last 45 minutes.
"""

PAYSLIP = """# Payslip September 2026

Employer: Harrow & Finch Bakeries
Payroll number: 00731

| Item | Hours | Rate | Amount |
|---|---|---|---|
| Basic pay | 150 | £12.60 | £1,890.00 |
| Early start premium | 40 | £1.75 | £70.00 |

| Deductions | Amount |
|---|---|
| Income tax | £262.10 |
| Pension | £84.35 |

Net pay: £1,490.22, paid on 30 September 2026.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("letters")
    root = tmp / "memory"
    (tmp / "renewal.html").write_text(RENEWAL, encoding="utf-8")
    (tmp / "payslip.md").write_text(PAYSLIP, encoding="utf-8")
    (tmp / "clinic.txt").write_text(CLINIC, encoding="utf-8")
    run("init", str(root))
    for name in ("renewal.html", "payslip.md", "clinic.txt"):
        run("capture", "source", str(tmp / name), "--memory", str(root))
    return root


def answer(root: Path, question: str) -> str:
    out = run("ask", question, "--json", "--no-record", "--memory", str(root))
    return json.loads(out)["answer"]


def test_a_dictionary_word_is_not_read_as_a_typo_of_memory_s_word(memory: Path):
    # "yearly" is one letter from "early" (in "Early start premium"), but it is a word.
    assert answer(memory, "what's the yearly premium on my contents cover?").startswith("£212.80")


def test_how_much_asks_for_the_amount_of_the_noun_after_it(memory: Path):
    q = analyse("how much pension came out of my wages?")
    assert q.head == "pension" and q.focus == {"pension"}, q
    assert answer(memory, "how much pension came out of my pay?").startswith("£84.35")


def test_a_reference_number_is_answered_with_the_whole_code(memory: Path):
    assert answer(memory, "what's the policy number for my contents insurance?").startswith(
        "LM-2290-17"
    )


def test_a_label_that_shares_only_the_kind_of_value_is_not_the_one_asked():
    # "Payroll number: 00731" says "number", as the question does, and nothing else of it.
    q = analyse("whats my policy number")
    labels = Labels(q.text, set(q.terms), None)
    assert labels.asked("Policy number: LM-2290-17")
    assert not labels.asked("Payroll number: 00731")


def test_codes_and_phone_numbers_are_one_span_and_ranges_are_not_codes():
    text = "Policy LM-2290-17, call 0345 222 0190 or +44 20 7946 0958; we did 3-4 km"
    spans = [a.text for a in amounts(text)]
    assert "LM-2290-17" in spans and "0345 222 0190" in spans and "+44 20 7946 0958" in spans
    assert "3" in spans and not any(is_code(s) for s in ("3-4", "12", "£84.35"))


def test_a_clipped_word_is_read_as_the_full_word_memory_writes(memory: Path):
    # "physio" is in no dictionary; the letter says "Physiotherapy".
    assert answer(memory, "what time is the physio?").startswith("09:40")
