"""A car known by what it does, and a home said in passing or only in an address.

Model names are no vehicles to WordNet and read alone like first names ("octavia"),
so a car's kind is learnt from what the run does with the word: it fails its MOT, has
"40k on the clock" (`dream/uses.py`). Then "sold the octavia to a mate" ends a car and
"a secondhand polo off gumtree" starts one, the polo and not the site it came from
(`dream/events.py`). A home said inside the subject of a sentence ("our flat on mill
road in sowerby is falling apart") is where one lives, a town after a house number and
its street in an address ("12 crown street, todmorden") is the new one, and a place
denied ("we're not in halifax") is none (`dream/attributes.py`)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-01-10", [
        "the octavia failed its mot, needs new discs all round. 290 quid",
        "our flat on mill road in sowerby is honestly falling apart, damp everywhere",
    ]),
    ("2026-03-02", [
        "sold the octavia to a mate from work for 700",
        "picked up a secondhand polo off gumtree, 2016 one with 40k on the clock",
        "lol we're not in halifax. can u check this: "
        "'please change my address to 12 crown street, todmorden, ol14 5aa'",
    ]),
    ("2026-03-20", ["the polo does 55 to the gallon and parks anywhere"]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    """An OpenAI-style export with no names, captured and dreamed."""
    tmp = tmp_path_factory.mktemp("car-by-use")
    return dreamed_chats(tmp, daily_chats(SAID, "Good to know. Halifax has great markets."))


def ask(memory, question: str) -> str:
    out = CliRunner().invoke(
        cli, ["ask", question, "--json", "--no-record", "--memory", str(memory)]
    )
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["answer"].split("\n")[0].lower()


def test_a_model_name_used_as_a_car_changes_what_one_drives(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Gets around by:\*\* polo — since 2026-03-02", current), current
    assert "gumtree" not in current.lower(), current
    assert re.search(r"\*\*Gets around by:\*\* octavia — .*to 2026-03-02", history), history


def test_a_home_in_a_subject_and_a_town_in_an_address(memory):
    profile = (memory / "knowledge/people/User.md").read_text()
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Lives in:\*\* \[\[Todmorden", current), current
    assert re.search(r"\*\*Lives in:\*\* \[\[Sowerby", history), history
    assert "halifax" not in (current + history).lower()


def test_now_and_before_are_answered_from_the_profile(memory):
    assert ask(memory, "what do i drive now?").startswith("polo")
    assert ask(memory, "what car did i have before the polo?").startswith("octavia")
    assert ask(memory, "where do i live now?").startswith("todmorden")
