"""Changes said the way people outside the project say them.

A car handed down or lent by a relative is said as theirs ("my uncle gave me his old
passat", "driving my aunt's clio till the insurance pays out"): the parse says it passed
to the speaker, so it is the current car (`dream/events.py`), and "gave me" ends nothing
of the speaker's (`validators/endings.py`). A boss introduced by role and then by name
("the new manager at the warehouse is a lad called dylan") is the one in that role
(`dream/changes.py`). A work device's trouble ("the printer wouldnt start this
morning") makes no car of a word WordNet knows as a machine (`dream/uses.py`), while a
model name it does not know ("corsa" failing its MOT once) still is one."""

from __future__ import annotations

import re

import pytest

from language.nlp import parse
from search.embedder import get_embedder
from tests.test_dream_attributes import daily_chats, dreamed_chats
from tests.test_dream_attributes import section_text as section

SAID = [
    ("2026-01-08", [
        "the corsa failed its mot, rust on the subframe, garage wants 700",
        "my manager trish is leaving at the end of the month, gutted",
        "the printer wouldnt start this morning, had to write the labels by hand",
    ]),
    ("2026-02-12", ["my uncle gave me his old passat when he retired, the corsa went for scrap"]),
    ("2026-03-05", ["the new manager at the warehouse is a lad called dylan, seems alright"]),
    ("2026-03-20", ["the printer wouldnt start again this morning, nobody knows why"]),
    ("2026-04-02", [
        "passat got written off on the a1, nobody hurt thank god",
        "driving my aunt's clio till the insurance pays out",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The owner's profile after an OpenAI-style export with no names is dreamed."""
    tmp = tmp_path_factory.mktemp("handed-on")
    memory = dreamed_chats(tmp, daily_chats(SAID, "Sorry to hear that. How are you getting on?"))
    return (memory / "knowledge/people/User.md").read_text()


def test_a_relatives_car_given_or_lent_is_the_current_car(profile: str) -> None:
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Gets around by:\*\* clio — since 2026-04-02", current), current
    assert re.search(r"\*\*Gets around by:\*\* passat — 2026-02-12 to 2026-04-02", history), history
    assert re.search(r"\*\*Gets around by:\*\* corsa — .*to 2026-02-12", history), history


def test_a_boss_named_after_the_role(profile: str) -> None:
    current, history = section(profile, "Current"), section(profile, "History")
    assert re.search(r"\*\*Manager:\*\* \[\[Dylan", current), current
    assert re.search(r"\*\*Manager:\*\* \[\[Trish", history), history


def test_a_work_device_that_fails_is_no_car(profile: str) -> None:
    assert "printer" not in (section(profile, "Current") + section(profile, "History"))
    # the word is read with what was done with it; a machine needs a vehicle's own use
    used = _kinds(["the printer wouldnt start this morning, had to write the labels by hand"])
    assert "printer" not in used
    # ... which a van known to WordNet as a surveyor's instrument has
    assert _kinds(["the transit failed its mot again, brakes this time"]).get("transit") == (
        "Gets around by"
    )


def _kinds(sentences: list[str]) -> dict[str, str]:
    from dream.uses import kinds_by_use

    return kinds_by_use(get_embedder(), parse(sentences))
