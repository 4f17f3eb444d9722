"""A claim verb in other words (validators/verbs.py): read where it stands and as an
event, never on its own. Pairs of our own, not from the shipped sets; they need the
bundled embedding model, as the support check does."""

from __future__ import annotations

import datetime as dt

import pytest

from validators.support import Evidence, check_support
from validators.verbs import evidence_verbs

SAID = dt.date(2025, 3, 14)


def check(claim: str, text: str):  # type: ignore[no-untyped-def]
    ev = [Evidence(text, "Rhea Ilya", {SAID}, "Rhea", ("Ilya",), "Chat", SAID)]
    return check_support(claim, ev)


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ("I saw a heron at the pond.", "Rhea spotted a heron at the pond."),
        ("I quit the choir after ten years.", "Rhea left the choir after ten years."),
        ("I moved to Leeds for the job.", "Rhea relocated to Leeds for the job."),
        ("I finished the marathon in four hours.", "Rhea completed the marathon in four hours."),
        (
            "I picked the blue tiles for the bathroom.",
            "Rhea chose the blue tiles for the bathroom.",
        ),
    ],
)
def test_a_verb_in_other_words_passes(evidence: str, claim: str) -> None:
    r = check(claim, evidence)
    assert r.ok, r.reason


@pytest.mark.parametrize(
    ("evidence", "claim", "word"),
    [
        (
            "I entered the bake-off at the county fair.",
            "Rhea won the bake-off at the county fair.",
            "won",
        ),
        ("I rented a van for the move.", "Rhea bought a van for the move.", "bought"),
        ("I lent my bike to my neighbour.", "Rhea gave her bike to her neighbour.", "gave"),
        ("I studied French at school.", "Rhea taught French at school.", "taught"),
        ("I fixed the old radio.", "Rhea sold the old radio.", "sold"),
    ],
)
def test_another_event_is_named(evidence: str, claim: str, word: str) -> None:
    r = check(claim, evidence)
    assert not r.ok and word in r.words


def test_each_evidence_verb_answers_for_one_claim_verb() -> None:
    # 'saw' is said by 'saw'; it cannot also stand for 'photographed'.
    r = check("Rhea saw a heron and photographed it.", "I saw a heron at the pond.")
    assert not r.ok and "photographed" in r.words


def test_a_verb_keeps_its_particle_and_preposition() -> None:
    spans = dict(evidence_verbs("I signed up for a pottery course."))
    text = "I signed up for a pottery course."
    start, end = spans["signed"]
    assert text[start:end] == "signed up for"
    text = "His father fell ill in May."
    start, end = dict(evidence_verbs(text))["fell"]
    assert text[start:end] == "fell ill"
    text = "She got into Wharton and moved to Philadelphia."
    start, end = dict(evidence_verbs(text))["got"]
    assert text[start:end] == "got into"
