# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on a choice the asker leans to, typed in lower case: a name the
assistant wrote with capitals ("Stone Harbour") is read whole in "leaning stone harbour",
and "towards" in the question is a function word, not something the evidence must say.
Through the CLI (init, capture session, dream) into a real git repo, then `ask`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

GYMS = """---
date: 2026-05-20
title: climbing gyms
---
# climbing gyms

## User
trying to pick a climbing gym near the new flat. the arch or stone harbour, which one

## Assistant
Both are good. The Arch is mostly bouldering; Stone Harbour has taller walls and runs a cheap beginners' lead course. Are you more into bouldering or ropes?

## User
ropes mostly. leaning stone harbour bc of the lead course
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("leaning")
    root = tmp / "memory"
    (tmp / "gyms.md").write_text(GYMS, encoding="utf-8")
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", str(tmp / "gyms.md"), *m)
    run("dream", *m)
    return root


def test_a_choice_typed_in_lower_case_is_read_as_the_name_memory_capitalises(memory: Path):
    out = json.loads(
        run(
            "ask",
            "which gym am i leaning towards?",
            "--json",
            "--no-record",
            "--memory",
            str(memory),
        )
    )
    assert out["answer"].split("\n")[0].startswith("Stone Harbour"), out["answer"]
