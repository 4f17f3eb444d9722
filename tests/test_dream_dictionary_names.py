"""A pet or a person whose name is a dictionary word, typed in lower case ("pickle has
been limping on her back leg"), gets a page like any lower-case name
(`dream/lowercase.py`); a word said of a thing the same way ("rent went up again",
"dinner was a roast") does not; and a place's name typed in lower case ("we're in
partick now", which the parser misreads) is a place. The chats are written for these
tests.
"""

from __future__ import annotations

import pytest

from tests.test_dream_attributes import dreamed_chats


def chat(sid: str, day: str, *user: str) -> dict:
    turns = []
    for text in user:
        turns += [
            {"role": "user", "content": text},
            {"role": "assistant", "content": "That sounds like a lot. How are you feeling?"},
        ]
    return {"id": sid, "started_at": f"{day}T19:00:00+00:00", "title": sid, "turns": turns}


SESSIONS = [
    chat(
        "2026-01-04-limp",
        "2026-01-04",
        "pickle has been limping on her back leg since sunday, shes 11 so im worried",
        "work has been mental this week and rent went up again",
        "we got the flat in partick!! two bedrooms and a tiny garden",
    ),
    chat(
        "2026-02-01-vet",
        "2026-02-01",
        "vet says pickle has arthritis in both hips, shes on loxicom now with her dinner",
        "dinner was toast three nights running, work is mad",
    ),
    chat(
        "2026-03-07-weekend",
        "2026-03-07",
        "pickle stayed with my mum for the weekend and she spoiled her rotten",
        "rent is due friday. dinner was a roast for once",
        "we're in partick now!! boxes everywhere",
    ),
    chat(
        "2026-04-02-news",
        "2026-04-02",
        "pickle already loves the new sofa more than me, she sleeps on it all day",
        "work starts early tomorrow, rent went up 40 quid",
    ),
    chat(
        "2026-04-20-carpet",
        "2026-04-20",
        "nah my mate had a van. whats the best way to get dog hair out of a carpet lol",
        "bought more cat litter, the big bag was on offer",
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("dictionary-names"), SESSIONS)


def test_a_dictionary_word_used_as_someone_gets_a_page(memory) -> None:
    pages = {p.stem for p in (memory / "knowledge").rglob("*.md")}
    assert "Pickle" in pages, pages
    page = next((memory / "knowledge").rglob("Pickle.md")).read_text()
    assert "arthritis" in page, page


def test_words_said_of_things_get_no_page(memory) -> None:
    pages = {p.stem.lower() for p in (memory / "knowledge").rglob("*.md")}
    assert not pages & {"work", "rent", "dinner"}, pages


def test_a_word_after_a_pet_nobody_has_is_no_pet(memory) -> None:
    # "dog hair", "cat litter" are compounds; "our dog pickle" would name a pet
    pages = {p.stem.lower() for p in (memory / "knowledge").rglob("*.md")}
    assert not pages & {"hair", "litter"}, pages


def test_a_place_typed_in_lower_case_is_a_place(memory) -> None:
    pages = {
        p.relative_to(memory / "knowledge").as_posix() for p in (memory / "knowledge").rglob("*.md")
    }
    assert "places/Partick.md" in pages, pages
    assert not any(p.endswith("/Partick.md") and not p.startswith("places/") for p in pages)
