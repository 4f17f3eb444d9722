"""dream/compress.py: lines keep their informative clauses (real parses, the bundled
embedding model's statement examples)."""

from __future__ import annotations

import pytest

from dream.compress import chatter_tokens, keep_best_of_turn
from dream.observe import Statement
from language import classifier_for, parse
from language.person import clean_text, rewrite_third_person
from search import get_embedder


@pytest.fixture(scope="module")
def compress() -> object:
    embedder = get_embedder()
    kind = classifier_for(embedder, "statement")

    def run(*said: str) -> list[str]:
        docs = parse([clean_text(s) for s in said])
        out = []
        for doc, skip in zip(docs, chatter_tokens(docs, embedder, kind), strict=True):
            parts = [rewrite_third_person(s, "Ines", "Bo", None, skip).text for s in doc.sents]
            out.append("; ".join(p for p in parts if p))
        return out

    return run


def test_a_reaction_joined_to_a_fact_goes_with_its_and(compress) -> None:
    [line] = compress("We adopted a puppy from the shelter last week and it was so exciting!")
    assert line.startswith("Ines and others adopted a puppy from the shelter last week")
    assert "exciting" not in line and not line.endswith(" and")


def test_a_fronted_aside_goes_and_a_named_clause_stays(compress) -> None:
    aside, named = compress(
        "By the way, I signed up for a pottery class downtown.",
        "I started at Lumen Labs in March, it was great.",
    )
    assert aside == "Ines signed up for a pottery class downtown"
    assert "Lumen Labs" in named and "March" in named and "great" not in named


def test_complements_and_single_clauses_stay_whole(compress) -> None:
    made, one, hedge = compress(
        "It made me rethink my whole career plan.",
        "My brother finally finished his thesis on coral reefs.",
        "I'm pretty sure my landlord will raise the rent again.",
    )
    assert made == "It made Ines rethink their whole career plan"
    assert one == "Ines's brother finally finished his thesis on coral reefs"
    assert "landlord will raise the rent again" in hedge


def test_a_sentence_of_only_chatter_is_left_whole(compress) -> None:
    # The sentence as a whole was judged informative upstream: nothing is cut to nothing.
    [line] = compress("It was so fun and I loved it.")
    assert line


def test_a_turn_says_its_point_once() -> None:
    def st(n: int, margin: float, entities: list[tuple[str, str]] | None = None) -> Statement:
        anchor = ("sessions/s", f"t{n}", "")
        return Statement(n, "", "Ines", None, anchor, "", "Travel", margin, entities or [])

    strong, weak, named = st(1, 0.2), st(1, 0.01), st(1, 0.01, [("Lisbon", "place")])
    alone = st(2, 0.0)
    keep_best_of_turn({"sessions/s.md": [strong, weak, named, alone]})
    assert strong.on_pages and named.on_pages and alone.on_pages
    assert not weak.on_pages


def test_each_sentence_of_a_lowercase_turn_is_cut_on_its_own(compress) -> None:
    # Typed fast, one "sentence" to the splitter, several to the parser: a chatty first
    # sentence must not take the next one's news with it.
    [line] = compress("ok the move went fine. also update: i quit smoking. 2 weeks now")
    assert "Ines quit smoking" in line or "Ines quits smoking" in line


def test_a_clause_that_names_its_subject_stays(compress) -> None:
    [line] = compress("yeah it's booked. halvorsen is way more relaxed which might be good for me")
    assert "alvorsen" in line
