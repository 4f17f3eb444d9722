"""A home said through a plan and its doing, and a home called after its place.

"were signing for a 1 bed in bedminster on friday" is a plan; "signed it this morning",
four days on, says it done: where the speaker lives from then, cited with both turns.
"rent on the easton flat went up" names the home by its place before the word for it:
the place is where the speaker lives, not "Easton Flat". Chats in `evals/changes/nester/`.
"""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace

import pytest

from language import parse
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt


@pytest.fixture(scope="module")
def nester(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("nester", tmp_path_factory.mktemp("nester") / "memory")


def test_a_planned_move_said_done_later_is_where_one_lives(nester):
    current, history = section_text(nester, "Current"), section_text(nester, "History")
    now = r"\*\*Lives in:\*\* \[\[Bedminster\]\] — since 2026-05-16 \[cite:\d+\] \[cite:\d+\]"
    assert re.search(now, current), current
    before = r"\*\*Lives in:\*\* \[\[Easton\]\] — 2026-02-09 to 2026-05-16"
    assert re.search(before, history), history
    assert "Easton Flat" not in nester


def _plan(text: str, later: list[tuple[str, int]], speaker: str = "me"):
    """The plan's verb in `text` (said on day 0) and what `done_later` finds among the
    `later` statements (text, days after)."""
    from dream.plans import done_later, only_planned

    st = SimpleNamespace(speaker=speaker, when=dt.date(2026, 3, 2), n=0)
    doc = parse([text])[0]
    verb = next(t for t in doc if t.tag_ == "VBG")
    items = [(st, doc)]
    for n, (said, days) in enumerate(later, 1):
        other = SimpleNamespace(speaker="me", when=st.when + dt.timedelta(days=days), n=n)
        items.append((other, parse([said])[0]))
    found = done_later(st, verb, items)
    return only_planned(verb), (found[0].n, found[1]) if found else None


def test_a_plan_is_done_when_its_own_verb_is_said_done_by_the_same_speaker():
    plan = "we're buying a little terrace in hexham this spring"
    assert _plan(plan, [("bought it!! keys in hand", 3)]) == (True, (1, "bought"))
    assert _plan(plan, [("still havent heard back", 1), ("we bought it in the end", 9)]) == (
        True,
        (2, "bought"),
    )
    for said, days in (
        ("we didnt buy it, the survey was grim", 5),  # denied
        ("my brother bought one last year", 2),  # someone else's
        ("if we'd bought it we'd be skint", 4),  # hedged
        ("bought it!!", 60),  # too long after to be this plan
    ):
        assert _plan(plan, [(said, days)])[1] is None, said
    # hedged by more than its tense: no plan that a later doing confirms
    assert _plan("we might be buying a place in hexham", [("bought it", 3)])[0] is False


def test_a_place_before_the_word_for_a_home_is_the_home_s_place():
    from dream.homes import named_home

    def home(text: str) -> str | None:
        doc = parse([text])[0]
        found = [h.text for chunk in doc.noun_chunks if (h := named_home(chunk)) is not None]
        return found[0] if found else None

    assert home("the heating in our brunswick share house is broken") == "brunswick"
    assert home("rent on the easton flat went up") == "easton"
    assert home("the london flat is a tip") == "london"
    for text in (
        "the terrace house is freezing",  # a kind of house
        "the student flat is grim",
        "my mums house is cold",  # whose, not where
        "the big house on the corner",
    ):
        assert home(text) is None, text


def test_a_break_up_said_in_other_words_ends_the_partner(nester):
    """ "my bf kieran" made Boyfriend; "kieran came round for the rest of his gear ... and
    thats us properly finished" names no end of his, yet its other clause reads as a
    relationship ending (`breakup` examples): the Boyfriend line is history."""
    current, history = section_text(nester, "Current"), section_text(nester, "History")
    assert "Kieran" not in current, current
    ended = r"\*\*Boyfriend:\*\* \[\[Kieran\]\] — 2026-01-20 to 2026-04-26"
    assert re.search(ended, history), history


def test_only_a_clause_of_a_relationship_ending_reads_as_one():
    from dream.breakups import BREAKUP_MARGIN, a_partner
    from language import classifier_for
    from search.embedder import get_embedder

    assert all(a_partner(w) for w in ("Girlfriend", "Boyfriend", "Wife", "Partner", "Fiance"))
    assert not any(a_partner(w) for w in ("Sister", "Manager", "Mate", "Friend"))
    embedder = get_embedder()
    breakup = classifier_for(embedder, "breakup")

    def ending(text: str) -> float:
        row = breakup.scores(embedder.embed([text]))[0]
        end = breakup.labels.index("ended")
        return float(row[end] - max(r for j, r in enumerate(row) if j != end))

    for text in ("he's gone back to his mums for good", "we're done for good, she's kept the cat"):
        assert ending(text) >= BREAKUP_MARGIN, text
    for text in ("the marathon is over", "X came round for dinner and we watched a film",
                 "thats the bathroom done", "X finished her shift at six"):  # fmt: skip
        assert ending(text) < BREAKUP_MARGIN, text


def test_a_relations_thing_after_a_preposition_is_no_name(nester):
    """ "would it be weird to bring the cat to my sisters place for a week": the parser
    reads "place" as a verb, so "sisters" looked like a relation with a name after it
    ("Place"). The object of "to" is no subject of a verb after it: "place" is hers."""
    from dream.lexicon import apostrophe_dropped

    assert "[[Place]]" not in nester

    def dropped(text: str, word: str) -> bool:
        return apostrophe_dropped(next(t for t in parse([text])[0] if t.lower_ == word))

    assert dropped("would it be weird to bring the cat to my sisters place for a week", "sisters")
    assert not dropped("my sisters live in leeds", "sisters")
    assert not dropped("my kids love it at my sisters", "kids")
