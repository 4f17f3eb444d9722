"""Changes of value told across turns, in the words people type: the old value ends in
one turn ("the old corolla finally died", "my boss dave is retiring", "quit rugby") and
the new one starts weeks later with another verb ("picked up a used honda civic", "got
into bouldering"), or comes as the answer to the assistant's question ("who's taking
over?" - "shawna i think"); a negated old value with an implied new one ("no more night
shifts for me, days from now on"); a move said by its destination alone, a place of two
lower-case words ("we moved to two harbors"). The latest start is Current, the earlier
values History, each dated and cited; the assistant's words are never a value
(`dream/events.py`, `language/answers.py`)."""

from __future__ import annotations

import re

import pytest

from tests.test_dream_attributes import dreamed_chats, section_text


def chat(day: str, turns: list[str]) -> dict:
    """One chat of the day; a turn starting "A: " is the assistant's."""
    out = []
    for t in turns:
        ai = t.startswith("A: ")
        out.append({"role": "assistant" if ai else "user", "content": t[3:] if ai else t})
    return {"id": f"{day}-chat", "started_at": f"{day}T18:00:00+00:00", "title": "chat",
            "turns": out}  # fmt: skip


FIRST = [
    chat("2026-01-05", [
        "ugh the old corolla finally died on the a40, garage says its not worth fixing",
        "A: Sorry to hear that. Do you have a way to get to work?",
        "bus for now i guess. also my boss dave is retiring end of the month, gonna miss him",
        "A: That's a big change. Do you know who will replace him?",
        "no idea yet",
        "we live in duluth, the flat above the bakery",
        "i play rugby on sundays with the vets team",
    ]),
    chat("2026-02-09", [
        "picked up a used honda civic on saturday!! 60k miles, runs like a dream",
        "A: Nice! How's work going now that Dave has left?",
        "weird without him tbh",
        "A: Who's taking over his team?",
        "shawna i think",
        "no more night shifts for me btw, days from now on",
        "A: That should help your sleep. Anything else new?",
        "we moved to two harbors last month, way quieter",
        "quit rugby after the knee thing, physio said no contact sport",
    ]),
    chat("2026-03-15", [
        "got into bouldering at the climbing gym, going twice a week now",
        "A: Bouldering is great for rehab. You could also try the Mesabi Trail by bike.",
    ]),
]  # fmt: skip

SECOND = [
    chat("2025-10-02", [
        "my supervisor maria handed in her notice today, last day is friday",
        "A: Oh no. Did you get on well with her?",
        "yeah shes been great",
        "been doing pilates on tuesdays, its ok",
    ]),
    chat("2025-11-20", [
        "bought a second hand trek off a guy at work, my commute is so much quicker",
        "A: Who's replacing Maria as your supervisor?",
        "kev from the leeds office",
        "A: Have you tried the Arriva buses?",
        "stopped doing pilates, too pricey tbh",
    ]),
    chat("2026-01-08", [
        "took up swimming at the leisure centre, 3 mornings a week",
        "A: Good for you! The pool at Roundhay is lovely too.",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def first(tmp_path_factory: pytest.TempPathFactory) -> str:
    memory = dreamed_chats(tmp_path_factory.mktemp("events1"), FIRST)
    return (memory / "knowledge/people/User.md").read_text()


@pytest.fixture(scope="module")
def second(tmp_path_factory: pytest.TempPathFactory) -> str:
    memory = dreamed_chats(tmp_path_factory.mktemp("events2"), SECOND)
    return (memory / "knowledge/people/User.md").read_text()


def test_a_thing_that_ended_in_one_session_and_its_successor_in_another(first, second):
    current, history = section_text(first, "Current"), section_text(first, "History")
    assert re.search(r"\*\*Gets around by:\*\* honda civic — since 2026-02-09", current), current
    assert re.search(r"\*\*Gets around by:\*\* corolla — to 2026-01-05", history), history
    current = section_text(second, "Current")
    assert re.search(r"\*\*Gets around by:\*\* trek — since 2025-11-20", current), current


def test_a_sport_given_up_and_another_taken_up(first, second):
    current, history = section_text(first, "Current"), section_text(first, "History")
    assert re.search(r"\*\*Sport:\*\* bouldering — since 2026-03-15", current), current
    assert re.search(r"\*\*Sport:\*\* rugby — to 2026-02-09", history), history
    current, history = section_text(second, "Current"), section_text(second, "History")
    assert re.search(r"\*\*Sport:\*\* swimming — since 2026-01-08", current), current
    assert re.search(r"\*\*Sport:\*\* pilates — to 2025-11-20", history), history


def test_the_answer_to_the_assistants_question_succeeds_the_one_who_left(first, second):
    """The value is the reply's; what the assistant suggested, and a non-answer ("no idea
    yet"), are no values."""
    values = "\n".join(section_text(p, s) for p in (first, second) for s in ("Current", "History"))
    for word in ("mesabi", "arriva", "roundhay", "no idea", "bus"):
        assert word not in values.lower(), values
    current, history = section_text(first, "Current"), section_text(first, "History")
    assert re.search(r"\*\*Boss:\*\* \[\[Shawna", current), current
    assert re.search(r"\*\*Boss:\*\* \[\[Dave", history), history
    current, history = section_text(second, "Current"), section_text(second, "History")
    assert re.search(r"\*\*Supervisor:\*\* \[\[Kev", current), current
    assert re.search(r"\*\*Supervisor:\*\* \[\[Maria", history), history


def test_a_negated_old_value_and_an_implied_new_one(first):
    current = section_text(first, "Current")
    assert re.search(r"\*\*Shift:\*\* days — since 2026-02-09", current), current


def test_a_move_said_by_its_destination_of_two_lower_case_words(first):
    current, history = section_text(first, "Current"), section_text(first, "History")
    assert re.search(r"\*\*Lives in:\*\* \[\[Two Harbors", current), current
    assert re.search(r"\*\*Lives in:\*\* \[\[Duluth", history), history


def test_a_short_reply_reads_into_the_question_it_answers():
    from language.answers import answer_as_statement as answered

    assert answered("Who's taking over his team?", "shawna i think") == (
        "Shawna is taking over his team"
    )
    assert answered("ok. who is your new boss?", "marcus lol") == "Marcus is my new boss"
    assert answered("Where are you living now?", "two harbors") == "i am living now in two harbors"
    # a reply with a verb of its own, a non-answer, or no question before it: no statement
    assert answered("What happened?", "the car died on the motorway") is None
    assert answered("Who will replace him?", "no idea yet") is None
    assert answered("That sounds great.", "shawna") is None


def test_a_dictionary_word_gets_its_attribute_by_its_kind():
    from dream.events import kind_attribute

    assert kind_attribute("rugby") == "Sport"
    assert kind_attribute("night shifts") == "Shift"
    assert kind_attribute("weeks") is None  # a span of time, not a shift
    assert kind_attribute("old car") == "Gets around by"
    assert kind_attribute("sandwich") is None
    assert kind_attribute("Corolla") is None  # a name: its kind is read by examples
