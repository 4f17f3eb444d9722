"""A job said only by the asker's own document: "Job title: Trainee Plumber" on a payslip
answers "what do i do for a living?", though the question shares no word with it."""

from __future__ import annotations

from pathlib import Path

from tests.test_agent_messy import first_line, run

PAYSLIP = """NORTHGATE HEATING LTD - PAYSLIP

Northgate Heating Ltd, 12 Mill Lane, Leeds LS6 2AB.

Employee: Priya Shah. Employee no. 0412. Job title: Trainee Plumber (Year 2). Tax code: 1257L.

Pay period: March 2025. Pay date: 28/03/2025. Basic pay, 160.0 hours at £11.20 = £1,792.00.

Deductions: income tax £140.20. National Insurance £56.10. Pension £83.30.

Net pay: £1,512.40.
"""

CHAT = """---
date: 2025-03-30T20:00:00+00:00
title: payday
---
## User

got paid friday finally, gonna treat myself to new boots for work

## Assistant

Nice! Good boots make a big difference on site.
"""


def test_a_job_title_on_the_askers_payslip_answers_what_they_do(tmp_path: Path):
    root = tmp_path / "memory"
    (tmp_path / "payslip.txt").write_text(PAYSLIP, encoding="utf-8")
    (tmp_path / "payday.md").write_text(CHAT, encoding="utf-8")
    run("init", str(root))
    run("capture", "session", str(tmp_path / "payday.md"), "--memory", str(root))
    run("capture", "source", str(tmp_path / "payslip.txt"), "--memory", str(root))
    answer = first_line(root, "what do i do for a living?")
    assert answer.startswith("Trainee Plumber"), answer
    assert first_line(root, "what do i do for work these days?").startswith("Trainee Plumber")


def test_a_question_of_the_owner_by_name_is_searched_as_their_own():
    # "kieran's take home pay": the owner's turns and documents never say the name, so
    # the question is searched again as the owner asks it, "my take home pay"
    from agent.engine_extractive import _in_first_person

    owner = {"Kieran Doyle"}
    asked = "what was kieran's take home pay in august?"
    assert _in_first_person(asked, owner) == "what was my take home pay in august?"
    assert _in_first_person("where does Kieran Doyle's sister live?", owner) == (
        "where does my sister live?"
    )
    assert _in_first_person("what was jas's rent?", owner) == "what was jas's rent?"
