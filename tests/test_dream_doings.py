"""A doing said as a verb ("took up swimming") is a value only as an activity. The
phrasal "going with X", "ended up going with X" names a choice, not a doing; WordNet
knows "going" only through its verb's noun "a go" (a turn of duty), which made
"Shift: going" the speaker's current value (`dream.events.kind_attribute`)."""

from __future__ import annotations

import re

import pytest

from dream.events import kind_attribute
from tests.test_dream_attributes import dreamed_chats, section_text
from tests.test_dream_events import chat

CHATS = [
    chat("2026-01-10", [
        "the old kettle died so we looked at a few and ended up going with a cheap bosch one",
        "A: Bosch kettles are reliable. Smeg and Russell Hobbs are also popular.",
        "took up swimming at the lido, before work on mondays",
        "A: Good for you! Outdoor pools are bracing in January.",
    ]),
    chat("2026-02-14", [
        "been going with the 7am bus since the car went, its fine",
        "A: Early buses are usually quieter.",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    memory = dreamed_chats(tmp_path_factory.mktemp("doings"), CHATS)
    return (memory / "knowledge/people/User.md").read_text()


def test_going_with_a_thing_is_no_value_of_its_own(profile: str) -> None:
    values = section_text(profile, "Current") + section_text(profile, "History")
    assert not re.search(r"\*\*[^*]+:\*\* going\b", values), values
    # the doing taken up is still a sport
    assert re.search(r"\*\*Sport:\*\* swimming — since 2026-01-10", values), values


def test_a_doing_takes_only_an_activitys_kind() -> None:
    assert kind_attribute("going", doing=True) is None
    assert kind_attribute("swimming", doing=True) == "Sport"
    assert kind_attribute("cycling", doing=True) == "Sport"
    # said as things, the same dictionary keeps every kind
    assert kind_attribute("night shifts") == "Shift"
    assert kind_attribute("bike") == "Gets around by"
