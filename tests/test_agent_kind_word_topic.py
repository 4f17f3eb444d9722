# ruff: noqa: E501  (chats are written the way people type, in long lines)
"""A question whose only other word describes ("whats my salary at the new job": "new")
is about the thing of the kind it asks: a letter's "Your starting salary will be
£31,200" answers it, not an amount the asker said in a chat titled "new car"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

CHAT = """---
date: 2026-05-02
title: new car
---
# new car

## User
scrapped the old fiesta today, got 150 quid for it which is more than i expected. picked up a yaris from a dealer in town

## Assistant
Nice one! Good luck with the new role.
"""

LETTER = """Northgate Logistics Ltd
Offer of employment

Dear Ms Okafor,

We are pleased to offer you the position of Warehouse Team Leader at our Hilltop depot.

Your starting salary will be £31,200 per annum, paid monthly.
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("kindword")
    root = tmp / "memory"
    (tmp / "chat.md").write_text(CHAT, encoding="utf-8")
    (tmp / "offer.txt").write_text(LETTER, encoding="utf-8")
    run("init", str(root), "--owner", "Ada Okafor")
    run("capture", "session", str(tmp / "chat.md"), "--memory", str(root))
    run("capture", "source", str(tmp / "offer.txt"), "--memory", str(root))
    return root


def test_a_describing_word_is_no_topic_the_kind_asked_is(memory: Path) -> None:
    out = run(
        "ask", "whats my salary at the new job", "--json", "--no-record", "--memory", str(memory)
    )
    assert json.loads(out)["answer"].startswith("£31,200"), out
