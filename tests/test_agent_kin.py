"""Questions about the asker's relatives and friends, typed in lower case.

"who is dario?" asks first who he is to the asker: the turn that says so ("my cousin
dario ..."), which his page's relation line ("Cousin of [[User]]") retells, comes before
more informative turns that only say what he did. A city typed in lower case
("glasgow") is a name, so it answers where someone lives. The chats are written for these
tests, not taken from any dataset."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_agent_messy import first_line, memory_from

BIKE = """---
date: 2026-03-02
title: weekend
---
# weekend

## User
my cousin dario is selling his old bike, might grab it off him if hes not mad about the price

## Assistant
That could be a good deal! Second-hand bikes usually sell for about half their retail price.
"""

SOFA = """---
date: 2026-05-20
title: sofa
---
# sofa

## User
dario said hed help me shift the old sofa down to the tip on saturday, he has a van through work

## Assistant
That's kind of him! Most councils also offer bulky waste collection for around £30.

## User
dario dropped the bike round too, its a 2019 cannondale and it rides lovely
"""


SISTER = """---
date: 2026-03-09
title: catch up
---
# catch up

## User
my sister is up in glasgow now so i barely see her, she moved for the uni job in january

## Assistant
Long-distance family can be hard. A weekly video call helps a lot of people.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(
        tmp_path_factory.mktemp("who"),
        {"bike.md": BIKE, "sofa.md": SOFA, "sister.md": SISTER},
        dream=True,
    )


def test_who_is_someone_is_answered_by_how_they_are_related_first(memory: Path):
    page = (memory / "knowledge" / "people" / "Dario.md").read_text(encoding="utf-8")
    assert "Cousin of [[User]]" in page
    assert "my cousin dario" in first_line(memory, "who is dario?")
    assert "my cousin dario" in first_line(memory, "who's dario again?")


def test_tell_me_about_someone_still_leads_with_what_says_most(memory: Path):
    # Not asked who he is: the most informative turn leads, as before.
    assert "cannondale" in first_line(memory, "tell me about dario")


def test_a_city_typed_in_lower_case_answers_where_someone_lives(memory: Path):
    # "glasgow" is a dictionary word (WordNet's city); "uni" is none, and was the answer.
    assert first_line(memory, "where does my sister live?").startswith("Glasgow")
