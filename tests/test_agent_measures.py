# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""A measure asked is answered in its unit: "how heavy" wants a mass ("4.2 kg"), not the
"14th" the parcel went on; "8lb 1oz" is one weight, its parts joined."""

from __future__ import annotations

import pytest

from agent.measures import measure_asked, measured_amounts
from agent.spans import amounts
from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-03-18",
        [
            "posted the big box of toys to my brother on the 14th, it came to 4.2 kg so cost a fortune",
            "and our grandson finally arrived on friday the 13th, 8lb 1oz and everyone doing fine",
        ],
    ),
    (
        "2026-04-02",
        [
            "my nephew dylan is 7 now and obsessed with dinosaurs, any ideas for his party?",
            "dylan wants a volcano cake apparently lol",
        ],
    ),
    ("2026-04-20", ["took dylan to the natural history museum for his birthday, he loved it"]),
    ("2026-05-09", ["my niece ffion had her 16th birthday on the 3rd, cant believe it"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("measures"), daily_chats(SAID, "Okay!"))


def test_the_unit_says_the_measure() -> None:
    assert measure_asked("how much did he weigh?") == "mass unit"
    assert measure_asked("how tall is she now") == "linear unit"
    assert measure_asked("how much was the parcel?") is None
    said = "hes 5 ft 4 now and 3 times the size of his brother"
    assert [a.text for a in measured_amounts(said, amounts(said), "how tall is he")] == ["5 ft 4"]


def test_a_weight_asked_is_answered_in_weight(memory) -> None:
    out = first_line(memory, "how heavy was the box i sent my brother?")
    assert "4.2 kg" in out and "14" not in out, out
    out = first_line(memory, "how much did my grandson weigh when he was born?")
    assert "8lb 1oz" in out and "13" not in out, out


def test_how_old_asks_a_number_not_the_word(memory) -> None:
    out = first_line(memory, "how old is dylan?")
    assert out.startswith("7"), out


def test_an_ordinal_birthday_says_the_age(memory) -> None:
    # the "3rd" is a day of the month, the "16th" before "birthday" an age
    out = first_line(memory, "how old is ffion?")
    assert out.startswith("16 "), out
