"""Changes of value said indirectly, across sessions, in lowercase chats captured from
two formats (Brain JSONL and Markdown transcripts, `evals/changes/`): a car traded in
and another picked up in one sentence, a partner one split up with who was named as
"my gf" weeks before (`dream/events.py`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import section_text

CASES = Path(__file__).resolve().parent.parent / "evals" / "changes"


def dreamt(case: str, memory: Path) -> str:
    """The owner's profile after `brain init`, `brain capture session` and `brain dream`."""
    files = sorted(str(f) for f in (CASES / case).iterdir() if f.suffix in (".md", ".jsonl"))
    run = CliRunner()
    for args in (
        ["init", str(memory)],
        ["capture", "session", *files, "--memory", str(memory)],
        ["dream", "--memory", str(memory)],
    ):
        out = run.invoke(cli, args)
        assert out.exit_code == 0, out.output
    return (memory / "knowledge/people/User.md").read_text()


@pytest.fixture(scope="module")
def movers(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("movers", tmp_path_factory.mktemp("movers") / "memory")


@pytest.fixture(scope="module")
def switcher(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("switcher", tmp_path_factory.mktemp("switcher") / "memory")


def test_a_car_traded_in_and_another_picked_up_in_one_sentence(movers):
    """ "traded in the civic, picked up a used rav4": "traded in" is the verb's particle,
    not where the civic ended; the rav4 succeeds the civic it replaced."""
    current, history = section_text(movers, "Current"), section_text(movers, "History")
    assert re.search(r"\*\*Gets around by:\*\* rav4 — since 2026-05-18", current), current
    assert "civic" not in current, current
    assert re.search(r"\*\*Gets around by:\*\* civic — to 2026-05-18", history), history


def test_a_partner_split_up_with_leaves_current_under_the_name_given(switcher):
    """ "my gf priya" made Girlfriend: Priya; "priya and i split up" ends that line, though
    the split reads as a partner's."""
    current, history = section_text(switcher, "Current"), section_text(switcher, "History")
    assert "Priya" not in current, current
    assert re.search(r"\*\*Girlfriend:\*\* \[\[Priya\]\] — 2026-02-02 to 2026-03-09", history)


@pytest.fixture(scope="module")
def freelancer(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("freelancer", tmp_path_factory.mktemp("freelancer") / "memory")


def test_a_partner_named_by_a_clause_in_lower_case(freelancer):
    """ "been seeing someone, her name's jo": the parser reads "name's jo" as the name's
    jo, and "jo" as a common noun; the naming clause gives the name all the same."""
    current = section_text(freelancer, "Current")
    assert re.search(r"\*\*Partner:\*\* \[\[Jo\]\] — since 2026-04-03", current), current


def test_a_job_left_on_the_day_named_and_its_employer_in_one_name(switcher):
    """ "i work at hartwell & co in accounts, paid monthly" is an employer (not a bank,
    not "co"); "handed in my notice at hartwell, my last day there is friday", said on
    Tuesday 24 February, ends it that Friday."""
    current, history = section_text(switcher, "Current"), section_text(switcher, "History")
    assert re.search(r"\*\*Employer:\*\* \[\[Northwind logistics\]\]", current), current
    assert "Hartwell" not in current and "Bank" not in current, current
    assert re.search(
        r"\*\*Employer:\*\* \[\[Hartwell & co\]\] — 2026-02-02 to 2026-02-27", history
    ), history
