"""Values whose names the tagger misreads, and two values of one attribute in one
sentence: "a moto g5" is a model's name though the parser reads "moto" as an adjective
and "g5" as a number; "with chase" is a bank's name though "chase" is a dictionary
word (a singular noun with no article after a preposition); in "got myself an iphone
13, the moto screen finally went" the value taken up is the new one and the value the
speaker named before is the old one, whichever reads more like a phone
(`dream/attributes.py`). A day that comes back each month is an answer to "when" as
said (`agent/spans.py`)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-01-05", [
        "my phone is a moto g5 and the camera is rubbish",
        "i bank with lloyds, always have",
        "rent comes out on the 1st of each month so im skint by the 20th",
    ]),
    ("2026-03-12", [
        "got myself an iphone 13, the moto screen finally went",
        "opened a joint account with chase, lloyds kept charging us fees",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    """An OpenAI-style export with no names, captured and dreamed."""
    tmp = tmp_path_factory.mktemp("value-names")
    return dreamed_chats(tmp, daily_chats(SAID, "Good to know."))


def test_a_model_name_is_a_value_and_the_one_taken_up_is_current(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Phone:\*\* iphone 13 — since 2026-03-12", current), current
    assert re.search(r"\*\*Phone:\*\* moto g5 — 2026-01-05 to 2026-03-12", history), history


def test_a_dictionary_word_after_a_preposition_names_a_bank(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Bank:\*\* \[\[Chase", current), current
    assert re.search(r"\*\*Bank:\*\* \[\[Lloyds.*2026-01-05 to 2026-03-12", history), history


def test_a_question_about_before_gets_the_old_value(memory):
    out = CliRunner().invoke(
        cli,
        ["ask", "what phone did i have before?", "--json", "--no-record",
         "--memory", str(memory)],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["answer"].lower().startswith("moto g5"), out.output


def test_a_day_of_every_month_answers_when_as_said(memory):
    out = CliRunner().invoke(
        cli,
        ["ask", "when is my rent due?", "--json", "--no-record", "--memory", str(memory)],
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["answer"].lower().startswith("the 1st of each month"), out.output
