"""Values a payslip and a note state in their own words: "take home pay" is a payslip's
"Net pay" (WordNet writes "take-home" as one word, a synonym of "net"), and a name typed
in lower case after a person's title ("dr. nakamura") answers who, not the practice
before it. Memory built through the CLI's real commands in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

SLIP = """BRIGHTMOOR BAKERY LTD - PAYSLIP

Employee: Oona Price. Employee no. 2231. Pay period: October 2025.

Payments: basic pay, 150 hours at £12.20 = £1,830.00. Total gross pay: £1,830.00.

Deductions: income tax £110.20. Total deductions: £171.60.

Net pay: £1,658.40.
"""

NOTE = "lakeside vets - dr. nakamura (nice with nervous dogs)\nboosters due in may"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("slip")
    root = tmp / "memory"
    run("init", str(root), "--owner", "Oona Price")
    (tmp / "slip.txt").write_text(SLIP, encoding="utf-8")
    run("capture", "source", str(tmp / "slip.txt"), "--memory", str(root))
    run("remember", NOTE, "--topic", "dog", "--memory", str(root))
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_take_home_pay_is_net_pay(memory: Path) -> None:
    assert ask(memory, "what was my take home pay in october?").startswith("£1,658.40")


def test_a_name_after_a_title_answers_who(memory: Path) -> None:
    from agent.spans import names

    found = [n.text for n in names("the surgery on elm st - mrs okafor is the practice nurse")]
    assert "Mrs Okafor" in found
    assert ask(memory, "who's my dog's vet").startswith("Dr. Nakamura")
