# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""The answer is of the kind the question asks, and nothing else answers it.

- A name has letters: "Apoquel 5.4 mg tablets for dogs" gives no dog's name.
- "what's my landlord's surname?" asks a name (a surname is a kind of name, by WordNet):
  a sentence that gives none does not answer it.
- "12 and a half kilo" is a weight, so "how much was the vet bill?" is the bill's "86
  quid".
- "the new rota has me starting at 6" says the time, bare.
- "who do i work for now?" asks who; "work" is a verb there, no one to describe.
- "what does dafydd do for a living?" asks a job of someone memory has no page for: a
  sentence about him that names no job does not answer it."""

from __future__ import annotations

import pytest

from agent.citations import DONT_KNOW
from tests.test_agent_messy import first_line
from tests.test_dream_attributes import daily_chats, dreamed_chats

SAID = [
    (
        "2026-03-04",
        [
            "took bramble to the vets this morning. shes 12 and a half kilo now, they were happy with that. the bill was 86 quid for the jabs and a nail clip",
            "the vet gave us apoquel for her itchy paws. Apoquel 5.4 mg tablets for dogs, half a tablet a day",
        ],
    ),
    (
        "2026-03-19",
        [
            "my landlord is finally sorting the boiler on friday, only took him 3 weeks. he texted me a photo of the new one",
            "the transit failed its MOT again, ive had the Ford since my niece was born lol",
            "dafydd from next door came round to help with the fence, he was brilliant bless him",
        ],
    ),
    (
        "2026-04-02",
        [
            "the new rota has me starting at 6 at the depot so the dog walks are moving to the afternoon",
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("kinds"), daily_chats(SAID, "Okay!"))


def test_a_number_is_no_name(memory) -> None:
    out = first_line(memory, "whats my dogs name?")
    assert "5.4" not in out, out


def test_a_surname_asked_and_never_said_is_declined(memory) -> None:
    from agent.question import analyse

    assert analyse("what's my landlord's surname?").answer_type == "name"
    assert analyse("whats my nans maiden name").answer_type == "name"
    assert first_line(memory, "what's my landlord's surname?") == DONT_KNOW


@pytest.mark.parametrize(
    ("sentence", "rank"),
    [("shes 12 and a half kilo now", 0), ("it came to 3 and a half grand in the end", 2)],
)
def test_a_fraction_keeps_its_unit(sentence, rank) -> None:
    from agent.spans import amounts, money_rank

    (found,) = amounts(sentence)
    assert money_rank(sentence, found) == rank, found


def test_a_weight_is_no_bill(memory) -> None:
    out = first_line(memory, "how much was bramble's vet bill?")
    assert "86" in out and "12" not in out, out


def test_a_bare_hour_answers_what_time(memory) -> None:
    out = first_line(memory, "what time do i start now?")
    assert out.startswith("6"), out


@pytest.mark.parametrize("question", ["who do i work for now?", "who was i driving for before?"])
def test_a_verb_is_no_one_to_describe(similarity, question) -> None:
    from agent.describe import described

    assert described(similarity, question, []) is None


def test_a_job_asked_of_a_name_never_given_one_is_declined(memory) -> None:
    assert first_line(memory, "what does dafydd do for a living?") == DONT_KNOW
