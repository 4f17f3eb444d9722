"""The phone network one is on, a value that changes said the way people say it: a
number ported over ("ported my number over to giffgaff"), a sim that came in the post
("mint sim came in the mail, kept my number"). Lowercase chats in `evals/changes/`,
captured from Brain JSONL and Markdown transcripts with the CLI, then dreamt and asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt


@pytest.fixture(scope="module")
def porter(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    memory = tmp_path_factory.mktemp("porter") / "memory"
    return memory, dreamt("porter", memory)


@pytest.fixture(scope="module")
def nanny(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("nanny", tmp_path_factory.mktemp("nanny") / "memory")


def test_a_number_ported_to_another_network_is_the_network_now(porter):
    """ "ported my number over to giffgaff as well, same number": the network's examples
    (`attribute` group, "Phone network") read the clause, not the words of one sentence."""
    current = section_text(porter[1], "Current")
    assert re.search(r"\*\*Phone network:\*\* \[\[Giffgaff\]\] — since 2026-04-02", current), (
        current
    )


def test_a_name_before_the_noun_it_names_is_the_value(nanny):
    """ "mint sim came in the mail, kept my number": the parse makes "mint sim" one phrase;
    the name before "sim", a noun the network's examples set after their value ("my new
    X sim came in the post"), is the network, read as "X sim came in the mail"."""
    current = section_text(nanny, "Current")
    found = re.search(r"\*\*Phone network:\*\* \[?\[?mint[^—]*— since 2026-03-15", current, re.I)
    assert found, current


def test_which_network_am_i_on_is_answered_from_the_profile(porter):
    out = CliRunner().invoke(
        cli,
        ["ask", "which phone network am i on now?", "--json", "--no-record", "--memory",
         str(porter[0])],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)["answer"]
    assert answer.lower().startswith("giffgaff"), answer
