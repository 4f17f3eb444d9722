"""People type questions without "?": the reader takes a sentence that asks as no answer
given whatever its last character ("how much should i charge for a 5oz bottle of hot
sauce." is no price of it)."""

from __future__ import annotations

import pytest

from agent.text import is_question


@pytest.mark.parametrize(
    "sentence",
    [
        "how much should i charge for a 30 minute dog walk in leeds.",
        "should i get the 210 or the 240",
        "is it worth it for a 6 month lease",
        "what do you think",
        "how do i do keto at weddings",
        "Where can I park near the station?",
    ],
)
def test_a_question_typed_without_a_question_mark_asks(sentence: str):
    assert is_question(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "what i want is a van",
        "when i got home it was gone",
        "did it in 3 hours",
        "do it tomorrow",
        "how i met her is a long story",
        "would you believe it!",
        "it was 15 a walk",
    ],
)
def test_a_sentence_that_tells_does_not_ask(sentence: str):
    assert not is_question(sentence)
