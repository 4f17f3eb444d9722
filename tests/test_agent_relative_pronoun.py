# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
""" "she" or "he" opening a sentence is the relative the same speaker just named: in
"first time my dad is letting me host. 12 of us. he still insists on doing his own
paella, he does it every new year too", the paella is the dad's, and the sentence answers
"what does my dad cook every new year?" though it never says "dad". The user's reply to
the assistant's menu ("roast lamb yes.") says nothing of the dad."""

from __future__ import annotations

from pathlib import Path

from tests.test_agent_messy import ask, memory_from

PARTY = """---
date: 2025-12-10T19:00:00+00:00
title: hosting new year
---
# hosting new year

## User

im hosting new years eve at my flat this year, first time my dad is letting me host. 12 of us. he still insists on doing his own paella, he does it every new year too so its a whole production

## Assistant

That's a big step — hosting for twelve! With his paella as the centrepiece, a few ideas that go well with it:

- Roast lamb with rosemary and garlic
- A big green salad with oranges
- Churros with chocolate for midnight

Do you want a shopping list?

## User

roast lamb yes. and ill make a batch of sangria for the table, my mate sam says mine is the best he's had
"""


def test_he_after_my_dad_is_the_dad(tmp_path: Path):
    root = memory_from(tmp_path, {"party.md": PARTY})
    out = ask(root, "what does my dad cook every new year?")
    assert "paella" in out["answer"].split("\n")[0], out["answer"]
