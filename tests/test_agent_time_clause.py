# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""What a question asks, apart from when it asks it.

- "how do i get to work these days?" is near Employer's "where do I work" to the
  embedding model too, but no workplace answers "how": the profile's Gets around by does.
- "how did i used to get to work?" asks about getting to work before: "used to" is no
  using.
- "what was my rent before i moved?" asks the rent; "before i moved" only says when, so
  a note that says "moved" about something else is no answer.
- "how much rent am i paying now?": paying is what makes rent, so "not paying 12 a month
  for spotify" is no rent."""

from __future__ import annotations

import pytest

from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-01-08",
        [
            "new year new budget lol. rent on the flat on kirk street is 540 a month and the bus pass is killing me on top",
            "i get the 42 bus to work every morning, its 50 min door to door",
        ],
    ),
    (
        "2026-02-11",
        [
            "started at harrow joinery last week, its a proper workshop job finally",
        ],
    ),
    (
        "2026-03-02",
        [
            "cancelled spotify, not paying 12 a month for spotify when i barely use it",
            "car boot pitch moved to the top field, pitch fee is 15 now",
        ],
    ),
    (
        "2026-04-20",
        [
            "we moved into the new place on saturday!! rent is 610 but theres a garden",
            "been cycling to work on the brompton instead of the bus since the move, 20 min tops",
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("timeclause"), daily_chats(SAID, "Got it."))


@pytest.mark.parametrize(
    "question", ["how do i get to work these days?", "how do i get into work at the moment"]
)
def test_how_i_get_to_work_asks_how_i_travel_not_where_i_work(similarity, question) -> None:
    from agent.nearness import nearest_attribute
    from agent.question import analyse

    assert nearest_attribute(similarity, question, analyse(question).wh) == "Gets around by"


def test_used_to_is_no_verb_of_the_question() -> None:
    from agent.nearness import verbs_fit_attribute

    assert verbs_fit_attribute("how did i used to get to work?", "Gets around by")
    assert verbs_fit_attribute("where did i use to live?", "Lives in")


def test_a_commute_question_answers_with_the_ride(memory) -> None:
    assert "brompton" in first_line(memory, "how do i get to work these days?").lower()
    out = first_line(memory, "how did i used to get to work?").lower()
    assert "bus" in out and "brompton" not in out, out


def test_a_clause_of_time_does_not_choose_the_answer(memory) -> None:
    out = first_line(memory, "what was my rent before i moved?")
    assert "540" in out, out


def test_a_payment_not_made_is_no_rent(memory) -> None:
    out = first_line(memory, "how much rent am i paying now?")
    assert "610" in out, out
