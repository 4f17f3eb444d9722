# ruff: noqa: E501  (documents and chats are written as people write them, in long lines)
"""Values a line labels ("Membership fee: 42.50 GBP"), and table rows read with their
column headers as the labels of their cells: the reader takes the value of the label the
question asks about, in any unit, over a value of the right kind elsewhere in the line
or in another line. Memory built through the CLI's real commands in a real git repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.labels import fields, readable
from tests.test_agent_messy import run

GYM_CHAT = """---
date: 2026-01-08
title: gym or not
---
# gym or not

## User
thinking of joining a gym again, the one by the canal. is it worth it

## Assistant
Most gyms ask for a monthly payment of £25 to £60, plus a joining fee. Dentists and physios often say regular exercise helps with back pain as well.

## User
ok signed up today, i'll send you the contract stuff later
"""

CONTRACT = """# Canalside Fitness: membership agreement

Member number: CF-20931. Start date: 8 January 2026.

Monthly fee: 42.50 GBP, collected on the 3rd of each month.

Cancellation: one month of notice, in writing.

Annual leave for staff is not covered by this agreement.
"""

PLOTS = """# Greenway allotments: plot register 2026

| Plot | Size | Holder | Annual rent |
|---|---|---|---|
| 3 | 250 m2 | Ines Duarte | £48 |
| 7 | 125 m2 | the user | £30 |
| 12 | 500 m2 | Kofi Mensah | £85 |
"""

OFFER = """# Offer letter: junior designer at Foxglove Studio

Salary: £31,000 a year, paid monthly.

Paid holiday: four weeks a year, plus bank holidays.

Probation: six months.
"""

DENTIST = """# Treatment summary

Date of visit: 14 February 2026. Dentist: Dr Amara Osei.

Treatment: temporary crown on the lower left molar; permanent crown fitted in three weeks.
"""

INVOICE = """# Invoice 2026-031

From: Lumen Translation Services
To: Harbor Dental Group

Invoice date: 2 March 2026
Due date: 1 April 2026

Total due: 720.00 USD
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("labels")
    root = tmp / "memory"
    run("init", str(root))
    m = ["--memory", str(root)]
    (tmp / "gym.md").write_text(GYM_CHAT, encoding="utf-8")
    run("capture", "session", str(tmp / "gym.md"), *m)
    for name, text in (
        ("contract.md", CONTRACT),
        ("plots.md", PLOTS),
        ("offer.md", OFFER),
        ("dentist.md", DENTIST),
        ("invoice.md", INVOICE),
    ):
        (tmp / name).write_text(text, encoding="utf-8")
        run("capture", "source", str(tmp / name), *m)
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_fields_of_a_line_and_a_table_row_read_with_its_headers() -> None:
    line = "Date of visit: 14 February 2026. Dentist: Dr. Amara Osei."
    assert [(f.label, f.value) for f in fields(line)] == [
        ("Date of visit", "14 February 2026"),
        ("Dentist", "Dr. Amara Osei"),
    ]
    assert fields("we met at 10:30, ok?") == []
    assert fields("Buying or renting, in short: renting") == []  # a sentence, no label
    rows = readable(PLOTS).split("\n")
    assert "Plot: 7; Size: 125 m2; Holder: the user; Annual rent: £30" in rows
    assert not any(r.startswith("|") for r in rows)


def test_the_labelled_amount_is_taken_over_the_assistants_range(memory: Path) -> None:
    # "Monthly fee" means the monthly payment. The assistant's "monthly payment of £25
    # to £60" is no fact about the user, and the "3rd of each month" is no money.
    assert ask(memory, "how much is the monthly payment for my gym?").startswith("42.50 GBP")


def test_a_table_cell_is_read_under_its_column_header_in_the_row_asked(memory: Path) -> None:
    assert ask(memory, "what's the annual rent on plot 7?").startswith("£30")
    # "how big" asks no typed value: the answer is the row, the one of plot 12
    assert "Plot: 12; Size: 500 m2" in ask(memory, "how big is plot 12?")


def test_a_label_says_the_amount_asked_whatever_its_unit(memory: Path) -> None:
    # "how much" here is no money: the label names it, though the salary is money.
    assert ask(memory, "how much paid holiday comes with the foxglove offer?").startswith(
        "four weeks"
    )


def test_a_labelled_name_answers_which_person(memory: Path) -> None:
    assert ask(memory, "which dentist fitted my temporary crown?").startswith("Dr Amara Osei")


def test_fields_on_lines_of_their_own_and_the_label_that_says_most_of_the_question(
    memory: Path,
) -> None:
    # One field a line: "Invoice date: ..." ended at its line, not at "Due date: ...".
    assert [f.label for f in fields("Invoice date: 2 March 2026\nDue date: 1 April 2026")] == [
        "Invoice date",
        "Due date",
    ]
    # "when is the invoice due?": the model reads "Invoice date" as nearer the question,
    # but "Due date" holds its rarer word, and the invoice is what both lines are about.
    assert ask(memory, "when is the invoice due?").startswith("1 April 2026")


def test_a_sentence_before_a_colon_is_no_label() -> None:
    # A chat line whose colon introduces what the sentence says: no field, so "Kestrel"
    # is not the value of "the rollout is over" when asked who runs the rollout.
    assert fields("The rollout is over: every store now takes payments on Kestrel.") == []
    assert fields("we finally booked it: the van comes friday") == []
    assert [f.label for f in fields("Owner: Ruth Okafor; Status: done")] == ["Owner", "Status"]
