"""Sentences without their "I" ("bought a 2017 fiesta off a guy from work") are the
speaker's statements: Dream writes them on the owner's page in the third person, and an
order to the assistant ("remind me to ...") stays no fact (language.person.restore_subject)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from language import parse
from language.person import restore_subject
from memory_schema import init_memory
from search import get_embedder

FIXTURE = Path(__file__).parent / "fixtures" / "messy" / "dropped-subject.json"


def test_a_past_verb_without_a_subject_gets_i_and_an_order_does_not() -> None:
    texts = [
        "bought a 2017 fiesta off a guy from work for 5.2k",
        "ok new year new me. signed up at puregym on the high st",
        "Went to a pride parade last weekend!",
        "love the new flat",
        "really enjoying the pottery class",
        "remind me to cancel the corsa insurance",
        "write an email to my boss about the rota",
        "the corsa failed its mot again",
    ]
    out, docs = restore_subject(texts, parse(texts))
    assert out[0] == "i bought a 2017 fiesta off a guy from work for 5.2k"
    assert out[1] == "ok new year new me. i signed up at puregym on the high st"
    assert out[2] == "i went to a pride parade last weekend!"
    assert out[3] == "i love the new flat"
    assert out[4] == "i'm really enjoying the pottery class"
    assert out[5:] == texts[5:]
    assert [d.text for d in docs] == out


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("dropped") / "memory"
    repo, _ = init_memory(root)
    assert capture_sessions(repo, parse_file(FIXTURE)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    [page] = [p for p in (root / "knowledge").rglob("*.md") if "type: profile" in p.read_text()]
    return page.read_text()


def test_the_speakers_unsaid_i_is_on_their_page(profile: str) -> None:
    written = profile.split("## Citations")[0]  # the page's lines, not the turns it quotes
    lines = [x for x in written.splitlines() if x.startswith("- ")]
    assert any("signed up at puregym" in x for x in lines), profile
    assert any("bought a 2017 fiesta" in x for x in lines), profile
    assert any("handed in their notice" in x for x in lines), profile
    assert not any("remind" in x.lower() for x in lines)
