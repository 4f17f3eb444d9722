# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""A word beside a word for someone is their name, though a dictionary knows it: in
"so auntie jan is giving me her old fiesta", "jan" is the aunt (the parse puts it with
"auntie"), not January, and answers "who gave me the fiesta?"."""

from __future__ import annotations

from pathlib import Path

from agent.spans import names
from tests.test_agent_messy import first_line, memory_from

CAR = """---
date: 2025-06-20T18:30:00+00:00
title: car
---
## User

so auntie jan is giving me her old fiesta, she's finally got herself a yaris. 2014 petrol, 61k miles

## Assistant

That's generous of her! A 2014 Fiesta is cheap to insure. Do you want a checklist for transferring the V5C?
"""


def test_a_month_word_beside_a_word_for_someone_is_a_name():
    found = [n.text for n in names("so auntie jan is giving me her old fiesta")]
    assert "Jan" in found
    assert "Dec" in [n.text for n in names("my uncle dec said he'd look at it sat")]
    assert [n.text for n in names("my sister is moving in march")] == []


def test_who_gave_the_car_is_the_aunt(tmp_path: Path):
    root = memory_from(tmp_path, {"car.md": CAR})
    answer = first_line(root, "who gave me the fiesta?")
    assert answer.startswith("Jan"), answer
