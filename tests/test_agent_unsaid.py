# ruff: noqa: E501  (turns are written the way people type, in long lines)
"""What a question may leave unsaid. A thing it names ("a pet iguana") must be in the
evidence, said or in other words, or the reader declines; what is done ("attend") and
how ("multiple times") people say in their own words ("went to"). And an answer shows
the next reading as good from another turn before the same value said again.

The conversation is written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt

import pytest

from agent.citations import DONT_KNOW
from agent.question import analyse
from memory_schema import MemoryRepo
from tests.test_agent_helpers import ask
from tests.test_agent_reading import build_memory, two_people

S1 = "sessions/2025/10/pals-1.md"


def _sessions():
    first = [
        (
            "Tom",
            "hey priya! been a mad few weeks. me and a couple of workmates went to a robotics convention in leeds last month, loads of demos",
        ),
        ("Priya", "ooh nice, did u get to try anything?"),
        ("Tom", "yeah a little drone thing, crashed it twice lol. the talks were the best bit tbh"),
        ("Priya", "haha. i finally took my driving test again, third go and i passed!!"),
        ("Tom", "no way, congrats! you said the examiner was harsh last time"),
    ]
    second = [
        ("Priya", "morning! guess what, we got a kitten, shes called miso"),
        ("Tom", "cute!! my kids would love that. we spent sunday at the seaside with my parents"),
    ]
    return [
        two_people("pals-1", dt.datetime(2025, 10, 4, 18), "Tom", first),
        two_people("pals-2", dt.datetime(2025, 10, 12, 9), "Priya", second),
    ]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> MemoryRepo:
    return build_memory(tmp_path_factory.mktemp("unsaid") / "m", _sessions(), None)


def test_a_verb_the_question_says_may_be_said_in_other_words(memory):
    # "attend" is said nowhere; "went to a robotics convention" is what Tom attended.
    a = ask(memory, "What did Tom attend with his workmates?")
    assert a.text != DONT_KNOW
    assert (a.citations[0].path, a.citations[0].anchor) == (S1, "t1"), a.text
    assert "robotics convention" in a.text.splitlines()[0]


def test_a_thing_the_question_names_must_be_there(memory):
    # "iguana" is a thing: neither said nor near anything said ("kitten" is no iguana).
    assert ask(memory, "What is the name of Priya's pet iguana?").text == DONT_KNOW


def test_the_next_reading_as_good_comes_before_the_value_said_again(memory):
    from agent.engine_extractive import ExtractiveEngine
    from agent.evidence import Block, EvidenceStore
    from agent.reader import Candidate, Reading
    from agent.wiki import Wiki

    def reading(anchor: str, text: str, score: float, span: str | None) -> Reading:
        block = Block(S1, anchor, text, speaker="Tom", role="user")
        return Reading(Candidate(text, (block,)), score, span, "speaker")

    readings = [
        reading(
            "t1", "We went to the robotics convention in leeds.", 2.0, "the robotics convention"
        ),
        reading("t3", "The talks at the career fair were the best bit.", 1.9, "the career fair"),
        reading("t5", "Loved the robotics convention.", 1.6, "the robotics convention"),
        reading("t7", "The robotics convention again next year!", 1.5, "the robotics convention"),
    ]
    engine = ExtractiveEngine(toolbox=None)  # type: ignore[arg-type]
    engine._wiki = Wiki.load(memory.root, EvidenceStore(memory.root))
    text = engine._compose(analyse("What event did Tom go to?"), readings, [])
    # Two sentences that say the convention do not push out the one nearly as good.
    assert "#^t3" in text and "#^t5" in text and "#^t7" in text
    assert text.index("#^t3") < text.index("#^t5")
