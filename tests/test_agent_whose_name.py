# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""Whom a question names is never its answer, and a word the assistant capitalized only
inside a longer name is no name when the user says it. Small chats through the CLI's own
capture, then `brain ask`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from agent.engine_extractive import _proper_words
from agent.evidence import Block
from agent.reading import Candidate
from tests.test_agent_messy import first_line, memory_from

LETTER = """---
date: 2026-04-02
title: council letter
---
# council letter

## User
got a letter from the council about the bins, it says oluwaseun adeyemi on the envelope so def for me. what do they want

## Assistant
It sounds like a routine notice. Councils usually write when collection days change or when a bin has been reported as missing.

## User
yeah they moved collection to fridays. i rent a flat on dunmore road in hackney btw so its hackney council
"""


def test_the_name_a_question_says_is_not_its_answer(tmp_path: Path):
    root = memory_from(tmp_path, {"letter.md": LETTER})
    for question in ("where does oluwaseun live?", "who sent oluwaseun a letter?"):
        said = first_line(root, question).lower()
        # "Oluwaseun Adeyemi" (or its surname alone) is whom the question asks about: no
        # value answered, though a sentence quoted whole may say it ("it says oluwaseun
        # adeyemi on the envelope"), and no road ("Dunmore") either for who sent it.
        value = "" if said.startswith("user said on") else said
        assert "oluwaseun" not in value and "adeyemi" not in value, (question, said)
        if question.startswith("who"):
            assert not value.startswith("dunmore"), (question, said)


def test_a_word_capitalized_inside_a_longer_name_is_no_name_alone():
    said = (
        "For an older Skoda, places like Quick Lube and Tyre Shack often have cheap deals, "
        "and the staff at Halfords will check the tyres; ask for Rosa Okafor there. "
        "Is Buggy the one you drive?"
    )
    mine = "cool. the buggy and the shopping all fit in the shack at my mums lol"
    pool = [
        Candidate(said, (Block("sessions/c.md", "t2", said, "assistant", role="assistant"),)),
        Candidate(mine, (Block("sessions/c.md", "t3", mine, "user", role="user"),)),
    ]
    proper = _proper_words(pool)
    # The names whole, and a word capitalized by itself, are names ...
    assert {"quick lube", "tyre shack", "halfords", "rosa okafor", "okafor"} <= proper
    assert "buggy" in proper  # after a question's capitalized opener, a name of its own
    # ... but "shack" and "lube", capitalized only inside one, are the user's plain words.
    assert not {"shack", "lube"} & proper


def test_a_page_value_naming_someone_is_no_job_nor_place() -> None:
    """ "Work and money: Noor" on the asker's page says whom they work with: it answers
    neither what they do for a living nor where they live."""
    from agent.question import analyse
    from agent.reader import Reader, Subject
    from agent.wiki import Fact

    line = "Work and money: Noor — since 2025-03-01"
    b = Block("sessions/w.md", "t1", "first shift with noor on monday", "user", role="user")
    fact = Fact("knowledge/people/User.md", "User", "Current", line, (b,), "Work and money", "Noor")
    page = Candidate(line, (b,), 0, fact=fact)
    for question in ("what do i do for a living these days?", "where do i live now?"):
        # asked as the attribute the line holds, as the engine maps a question to one
        asked = replace(analyse(question), attribute="Work and money")
        reader = Reader(asked, Subject(mine=True), {"noor"}, {"noor"})
        assert reader.span(page)[0] != "Noor", question
        # ... nor is it taken by meaning, as a value of the asker's page close to the
        # question (`_value_by_meaning`)
        assert not reader._value_by_meaning(page, "page", 0.9), question


def test_what_a_thing_is_is_no_ones_job() -> None:
    """ "that was a lifesaver" says what a thing was, not what the speaker does."""
    from agent.kinds import job_phrases

    assert job_phrases("honestly that was a lifesaver after the night shift") == []
    assert job_phrases("it was a killer of a week") == []
    said = "im a porter at the royal infirmary"
    assert [said[a:b] for a, b in job_phrases(said)] == ["porter"]
