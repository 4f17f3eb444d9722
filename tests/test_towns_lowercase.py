"""Towns typed in lower case (`language.places`): read as places where a place stands,
by Dream (a home at someone's in a town) and by the agent's reader (no sport in "the van
route round knowle")."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.kinds import names_kind
from agent.spans import names
from language.places import towns_in
from tests.test_agent_messy import first_line, memory_from

KETO = """---
date: 2025-03-04T23:40:00-06:00
title: keto
---
## User

cooler in the civic it is. tasha says i'm gonna be a keto dad and she's gonna hide the tortillas

## Assistant

Ha, good luck with the tortillas.
"""

MOVING_DAY = """---
date: 2025-08-30T22:30:00-05:00
title: moving day
---
## User

{moved}

## Assistant

Congratulations on getting moved!
""".format(
    moved="moving day was brutal. 104 degrees. but we're officially at tasha's parents in round"
    " rock, gave the keys back at the riverside place this afternoon."
)

ROUTE = """---
date: 2025-03-19T19:00:00+00:00
title: knee
---
## User

{route}

## Assistant

That's good of him while your knee heals.
""".format(
    route="depot manager (big mick) has put me on the shorter van route round knowle for now"
    " which is nice of him tbf"
)


@pytest.mark.parametrize(
    ("sentence", "towns"),
    [
        ("we're officially at tasha's parents in round rock, gave the keys back", ["round rock"]),
        ("the shorter van route round knowle for now", ["knowle"]),
        ("my clients are mostly in cascais and estoril", ["cascais", "estoril"]),
        ("going to jas's mum's in cardiff for christmas", ["cardiff"]),
        ("we moved to knowle.", ["knowle"]),  # a full stop ends the name
        ("i live in round rock. its hot", ["round rock"]),
        ("moved to st. ives last spring", ["st. ives"]),
        ("in march we went to reading", []),  # words first, towns only as more words
        ("went to jordan's after work", []),  # whose home, not where
        ("a round rock in the garden", []),  # no preposition of place before it
        ("got it from tyler", []),  # a dictionary word whose usual sense is no place
    ],
)
def test_towns_are_read_only_where_a_place_stands(sentence: str, towns: list[str]):
    assert [sentence[a:b] for a, b in towns_in(sentence)] == towns


def test_the_reader_finds_a_lower_case_town_and_no_thing_in_its_preposition():
    moving = "but we're officially at tasha's parents in round rock, gave the keys back."
    assert "Round Rock" in [s.text for s in names(moving)]
    route = "depot manager (big mick) has put me on the shorter van route round knowle for now"
    # "knowle", in no dictionary, is a town, not a make or a brand; "round" no round of golf
    assert not names_kind(route, "sport", None)
    assert not names_kind(route, "car", None)


@pytest.fixture(scope="module")
def moved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("towns")
    return memory_from(tmp, {"keto.md": KETO, "moving.md": MOVING_DAY}, dream=True)


def test_dream_reads_a_home_at_someones_in_a_lower_case_town(moved: Path):
    # "at tasha's parents": only a person has parents, though "at" stands before her
    assert (moved / "knowledge" / "people" / "Tasha.md").exists()
    profile = (moved / "knowledge" / "people" / "User.md").read_text(encoding="utf-8")
    assert "**Lives in:** [[Round Rock]]" in profile
    # the keys given back are no old home
    assert not [line for line in profile.splitlines() if line.startswith("- **") and "keys" in line]
    assert first_line(moved, "where do i live now?").startswith("Round Rock")


def test_a_route_round_a_town_names_no_sport(tmp_path: Path):
    root = memory_from(tmp_path, {"route.md": ROUTE})
    assert not first_line(root, "what sport am i doing now?").lower().startswith("round")
