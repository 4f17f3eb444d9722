"""A new employer ends the manager of the old one: one's manager works where one works,
so "my manager priya" at the old firm is no longer current once "got the job at X" has
changed the employer; a manager the new job's own block names stays. Chats of a joiner
in `evals/changes/joiner/` (Markdown transcripts)."""

from __future__ import annotations

import re

import pytest

from dream.lexicon import a_superior
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt


@pytest.fixture(scope="module")
def joiner(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("joiner", tmp_path_factory.mktemp("joiner") / "memory")


def test_a_new_employer_ends_the_old_manager(joiner):
    """ "my manager priya keeps moving my shifts" at Greystone, then "got the job at
    oakfield timber": Priya goes to History the day the employer changed; Dale, named
    with the new job in the same turn, is current."""
    current, history = section_text(joiner, "Current"), section_text(joiner, "History")
    assert "Oakfield Timber" in current, current
    assert "Priya" not in current, current
    assert re.search(r"\*\*Manager:\*\* \[\[Priya\]\] — 2026-02-03 to 2026-03-20", history)
    assert "Dale" in current, current


def test_a_superior_is_whom_one_answers_to_at_work():
    """By WordNet: a manager, a boss, a supervisor (a superior or a head); a coach, a
    partner or the employer itself are not."""
    for attr in ("Manager", "Boss", "Supervisor", "Line manager", "Workshop manager"):
        assert a_superior(attr), attr
    for attr in ("Coach", "Partner", "Employer", "Lives in", "Gets around by"):
        assert not a_superior(attr), attr
