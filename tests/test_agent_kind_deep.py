# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""A thing of the kind asked is read by what its word usually means, however far down
WordNet files it:

- "Portuguese" is a language seven kinds down (Romance, Italic, Indo-European, natural
  language), and answers "which language am i learning?" though the turn never says
  "language";
- asked what holds lately, a later "Greek" said of a flatmate is a language too, but
  not the asker's; "Funny, ..." at the start of a sentence is no name (only a word
  written with a capital inside a sentence counts in all its senses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_agent_messy import first_line, memory_from

COMMUTE = """---
date: 2025-01-07T08:10:00+00:00
title: commute
---
## User

the 7:40 train is always late now. ive started learning Portuguese on the commute tho, twenty mins a day so its not wasted

## Assistant

Nice use of the time! Spaced-repetition apps work well in short bursts like that.
"""

OSCAR = """---
date: 2025-04-11T18:30:00+00:00
title: oscar
---
## User

my flatmate Oscar is learning Greek for a work trip, very ambitious. Funny, he said the alphabet was the easy bit

## Assistant

Greek grammar does take a while; the alphabet is a good first step though.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return memory_from(
        tmp_path_factory.mktemp("kind-deep"), {"commute.md": COMMUTE, "oscar.md": OSCAR}
    )


@pytest.mark.parametrize(
    "question",
    ["which language am i learning?", "what language have i been studying lately?"],
)
def test_a_language_is_one_however_deep_wordnet_files_it(memory: Path, question: str) -> None:
    assert "Portuguese" in first_line(memory, question)
