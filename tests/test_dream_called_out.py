"""A name called out to the one spoken to ("Hey Jon, my store ...") is no value of
anything the sentence says: Dream wrote "Family: Caroline" and "Shops at: Jon" (and an
organization page "Jon") from such sentences of LoCoMo conversations 0-4."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from memory_schema import init_memory
from search import get_embedder

TURNS = [
    ("Caroline", "How's your family doing these days, Melanie?"),
    ("Melanie", "Yeah, Caroline, my family's been great - their love and support really "
                "helped me through tough times."),
    ("Caroline", "Hey Melanie, my online clothing store has been a roller coaster but rewarding."),
    ("Melanie", "Thanks, Caroline! Kwame, my new manager, is great."),
    ("Caroline", "Oh nice. My landlord, Priya Shah, raised the rent again."),
    ("Melanie", "Do you have pets, Caroline?"),
    ("Caroline", "Thanks, Mel! And yup, I do- Oscar, my guinea pig. He's been great."),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("called")
    chat = base / "chat.jsonl"
    turns = [{"role": "user", "name": who, "content": text} for who, text in TURNS]
    session = {"id": "2023-07-15-chat", "started_at": "2023-07-15T10:00:00+00:00", "turns": turns}
    chat.write_text(json.dumps(session) + "\n")
    root = base / "memory"
    repo, _ = init_memory(root)
    assert capture_sessions(repo, parse_file(chat)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return root


def current(root: Path, person: str) -> list[str]:
    text = (root / "knowledge" / "people" / f"{person}.md").read_text()
    block = re.search(r"^## Current\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return [x for x in (block.group(1) if block else "").splitlines() if x.startswith("- ")]


def test_a_name_called_out_is_no_value(memory: Path) -> None:
    melanie, caroline = current(memory, "Melanie"), current(memory, "Caroline")
    assert not any("Caroline" in x for x in melanie), melanie
    assert not any("Melanie" in x for x in caroline), caroline
    assert not (memory / "knowledge" / "organizations" / "Melanie.md").exists()


def test_a_name_an_apposition_describes_is_still_a_value(memory: Path) -> None:
    assert any(x.startswith("- **Manager:** [[Kwame]]") for x in current(memory, "Melanie"))
    # ... also when the sentence ends it: "Oscar, my guinea pig."
    assert any(x.startswith("- **Guinea pig:** [[Oscar]]") for x in current(memory, "Caroline"))
