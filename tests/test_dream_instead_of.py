"""A value used in place of another, said with "instead of" ("been getting the subway
in instead of the train"): what the verb takes is current, what follows "of" history,
whatever value the page held; a value cut by the validators gives back the one it
replaced. Chats in `evals/changes/barista/`, captured from Markdown transcripts."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from dream.changes import read_changes
from dream.tree import TransientTree
from language import parse
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt


@pytest.fixture(scope="module")
def barista(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("barista", tmp_path_factory.mktemp("barista") / "memory")


def _read(text: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(ch.attr, ch.new, ch.old) for ch in read_changes(parse([text])[0])]


def test_instead_of_names_the_new_value_and_the_old():
    """The verb's object is new, the value after "instead of" old; a conveyance or a
    vehicle (WordNet) is how the speaker gets around, anything else waits for its page.
    A plan, someone else's habit, doings, times, a denial and a one-off in the past
    change nothing."""
    assert _read("i get the bus instead of the car now") == [("Gets around by", "bus", "car")]
    assert _read("been using obsidian for notes instead of notion, way less faff") == [
        (None, "obsidian", "notion")
    ]
    for text in (
        "i might get the train instead of the bus next year",
        "my flatmate takes the bus instead of the car",
        "been walking instead of driving",
        "we had the party on tuesday instead of monday",
        "i didnt take the train instead of the bus",
        "ordered the salmon instead of the steak",
    ):
        assert _read(text) == [], text


def test_a_value_used_instead_of_another_is_current(barista):
    """ "been getting the subway in instead of the train since monday", in a lower-case
    turn whose first sentence names a new employer: both values are current."""
    current = section_text(barista, "Current")
    assert re.search(r"\*\*Gets around by:\*\* subway — since 2026-03-04", current), current
    assert "car" not in current, current
    assert re.search(r"\*\*Employer:\*\* \[\[Botanic Bakery\]\]", current), current


def test_the_value_given_up_is_history_whatever_the_page_held(barista):
    """In January the bus replaced the car; in March the subway replaced the train, said
    as given up, while the page held the bus: both the bus and the train are history."""
    history = section_text(barista, "History")
    assert re.search(r"\*\*Gets around by:\*\* car — to 2026-01-12", history), history
    assert re.search(r"\*\*Gets around by:\*\* bus — 2026-01-12 to 2026-03-04", history), history
    assert re.search(r"\*\*Gets around by:\*\* train — to 2026-03-04", history), history


PAGE = """---
title: Sam
type: profile
aliases: []
tags: []
created: 2026-03-01
updated: 2026-03-01
---
# Sam

## Current

- **Employer:** [[Northfield Print Works]] — since 2026-01-05 [cite:1]
- **Gets around by:** hammock — since 2026-02-20 [cite:2]

## History

- **Gets around by:** scooter — 2026-01-05 to 2026-02-20 [cite:1] [cite:2]

## Citations

- [cite:1] [[sessions/2026/01/s1#^t1]] "started at northfield print works, i scoot in"
- [cite:2] [[sessions/2026/02/s2#^t3]] "can you add a hammock to the shopping list"
"""


def test_a_value_cut_by_the_validators_gives_back_the_one_it_replaced(tmp_path):
    """The validators cut "hammock" (asked of the assistant, not held): the scooter it
    replaced on the page is current again, citing its own evidence only."""
    tree = TransientTree(SimpleNamespace(root=tmp_path), "run", "base", {})
    rel = "knowledge/people/Sam.md"
    tree.write(rel, PAGE)
    cut = next(i for i, x in enumerate(PAGE.split("\n"), start=1) if "hammock" in x)
    tree.remove_lines(rel, {cut})
    text = tree.read(rel) or ""
    current, history = section_text(text, "Current"), section_text(text, "History")
    assert "hammock" not in text
    assert re.search(
        r"\*\*Gets around by:\*\* scooter — since 2026-01-05 \[cite:\d\]$", current, re.M
    )
    assert "scooter" not in history, history
    assert "Northfield Print Works" in current
