"""Changes of value said the way people type them, read across turns: a value stated
one month ("we get most of our groceries from sainsburys") is superseded by one of the
same attribute said later in other words ("switched the weekly shop to aldi, ..."), a
sentence typed without its "I" ("dropped notion, everything goes in apple notes these
days") is the speaker's, and a hypothetical or someone else's move changes nothing
(`dream/attributes.py`, `language.person.restore_subject`)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-02-01", [
        "we get most of our groceries from sainsburys, it's on the way home",
        "i keep my shopping lists and journal in notion",
        "our flat in marchmont is tiny but cosy",
    ]),
    ("2026-03-01", [
        "i might switch to asda, the prices are mad",
        "my brother moved to glasgow last week",
    ]),
    ("2026-04-10", [
        "switched the weekly shop to aldi, sainsburys got way too dear",
        "dropped notion, everything goes in apple notes these days",
        "we're in morningside now, finally unpacked",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    """An OpenAI-style export with no names (one JSON object per line), captured and
    dreamed; the assistant suggests other values, which are never the user's."""
    tmp = tmp_path_factory.mktemp("phrasings")
    return dreamed_chats(tmp, daily_chats(SAID, "You could try Tesco or Obsidian."))


def test_a_value_said_later_in_other_words_is_current_and_the_earlier_one_history(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Shops at:\*\* \[\[Aldi", current), current
    assert re.search(r"\*\*Shops at:\*\* \[\[Sainsburys.*2026-02-01 to 2026-04-10", history)
    assert re.search(r"\*\*Lives in:\*\* \[\[Morningside", current), current
    assert re.search(r"\*\*Lives in:\*\* \[\[Marchmont.*to 2026-04-10", history), history


def test_a_sentence_without_its_i_is_the_speakers_change(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"^- \*\*[^*]+:\*\* apple notes — since 2026-04-10", current, re.M), current
    assert re.search(r"^- \*\*[^*]+:\*\* notion — to 2026-04-10", history, re.M), history


def test_a_hypothetical_someone_elses_move_or_the_assistant_change_nothing(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    values = section(profile, "Current") + section(profile, "History")
    for word in ("asda", "glasgow", "tesco", "obsidian"):
        assert word not in values.lower(), values


def test_a_question_in_other_words_finds_the_new_attribute(memory):
    out = CliRunner().invoke(
        cli,
        ["ask", "where do i do my food shop these days?", "--json", "--no-record",
         "--memory", str(memory)],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["answer"].lower().startswith("aldi")
