"""Mood and polarity as people write them, on text of its own (issue 18, pairs written
outside the project): "it's worth V-ing" advises, a bare 'do' names its object's act,
"can't wait" is eager, "sitting out" is not doing, "thinking of" read as a noun still
wishes, and "looking forward to" wishes."""

from __future__ import annotations

import datetime as dt

from language.dates import days_named
from validators.predicates import predicates
from validators.support import Evidence, check_support

SAID = dt.date(2026, 3, 9)


def block(text: str, speaker: str = "Noa") -> list[Evidence]:
    dates = {SAID} | days_named(text, SAID)
    return [Evidence(text, f"{speaker} Lev", dates, speaker, ("Lev",), "Chat", SAID)]


def check(claim: str, text: str, speaker: str = "Noa"):  # type: ignore[no-untyped-def]
    return check_support(claim, block(text, speaker), similarity=False)


def moods(text: str) -> dict[str, str]:
    return {p.head: p.mood for p in predicates(text, SAID)}


def test_worth_doing_advises_in_the_present_and_was_done_in_the_past() -> None:
    assert moods("it's worth registering the bike with the police now")["registering"] == "desire"
    assert moods("the queue was worth waiting in")["waiting"] != "desire"
    r = check(
        "Noa has registered the bike with the police.",
        "it's worth registering the bike with the police now, before it gets nicked",
    )
    assert not r.ok and r.reason.startswith("modality differs")


def test_a_bare_do_names_its_objects_act() -> None:
    ev = "I spend every lunch break reading about volcanoes, I'd love to do geology one day"
    # 'is studying geology' is about 'to do geology' (a wish), not about the reading.
    r = check("Noa is fascinated by volcanoes and is studying geology.", ev)
    assert not r.ok and r.reason.startswith("modality differs")


def test_cannot_wait_is_eager_not_a_refusal() -> None:
    ev = "got us tickets for the ballet on saturday, can't wait"
    assert moods(ev)["wait"] == "desire"
    assert not any(p.negative for p in predicates(ev, SAID))
    assert not any(p.negative for p in predicates("I cannot wait to see the puppies", SAID))
    assert any(p.negative for p in predicates("I can't eat dairy", SAID))


def test_sitting_out_is_not_taking_part() -> None:
    ev = "skipping the parkrun this week, my calf is still tight"
    assert check("Noa is sitting out the parkrun because her calf is still tight.", ev).ok
    assert [p.negative for p in predicates("I sat out the last round", SAID)] == [True]


def test_thinking_of_read_as_a_noun_still_wishes() -> None:
    ev = "thinking of selling the campervan, it barely gets used"
    assert moods(ev)["selling"] == "desire"
    r = check("Noa has sold the campervan.", ev)
    assert not r.ok and r.reason.startswith("modality differs")


def test_looking_forward_is_a_wish() -> None:
    assert moods("Noa is looking forward to the ballet.")["looking"] == "desire"


def test_a_verbless_list_after_a_comma_is_in_its_predicates_mood() -> None:
    ev = "we're doing a dry january, no wine, no beer, only tea lol"
    runs = [p.mood for p in predicates(ev, SAID, lists=True) if p.text == "only tea lol"]
    assert sorted(runs) == ["plain", "progressive"]  # a list of the doing, or a comment
    # In a claim such a run describes a thing, with no tense of its own.
    assert [p.mood for p in predicates(ev, SAID) if p.text == "only tea lol"] == ["plain"]
    # A clause with a verb of its own keeps its own tense.
    said = {p.text: p.mood for p in predicates("I'm going as a witch, my son chose it", SAID)}
    assert said["my son chose it"] == "past"


def test_due_set_or_scheduled_to_says_will() -> None:
    ev = "my daughter is starting big school in september, not sure who's more nervous"
    assert check_support("Noa's daughter is due to start school in September.", block(ev)).ok
    ev = "my daughter started big school last week, she loves it"
    r = check_support("Noa's daughter is due to start school.", block(ev))
    assert not r.ok and r.reason.startswith("modality differs")
    assert [p.mood for p in predicates("The pool is set to reopen in June.", SAID)] == ["future"]
    # A verb of its own, not a marker: 'I set the alarm to ring'.
    assert "set" in [p.head for p in predicates("I set the alarm to ring at 6", SAID)]


def test_debating_and_leaning_towards_are_not_yet_doing() -> None:
    for ev in (
        "honestly debating whether to sell the flat and rent for a bit",
        "leaning towards selling the flat and renting for a bit",
    ):
        r = check("Noa has sold the flat.", ev)
        assert not r.ok and r.reason.startswith("modality differs"), ev
        assert check("Noa is considering selling the flat.", ev).ok, ev


def test_what_was_needed_planned_nearly_or_failed_was_not_done() -> None:
    for ev, claim in (
        (
            "need to book the car in for its MOT before april",
            "Noa has booked the car in for its MOT.",
        ),
        ("my plan was to clear the loft this weekend", "Noa cleared the loft this weekend."),
        ("about to send the offer letter, eek", "Noa has sent the offer letter."),
        ("almost adopted a second cat yesterday", "Noa adopted a second cat."),
        ("nearly quit the choir last night", "Noa quit the choir."),
        ("failed to get a table at Dishoom again", "Noa got a table at Dishoom."),
    ):
        r = check(claim, ev)
        assert not r.ok and r.reason.startswith(("modality", "negation")), (ev, r)
    assert check(
        "Noa needs to book the car in for its MOT.", "need to book the car in for its MOT"
    ).ok
    assert check("Noa almost adopted a second cat.", "almost adopted a second cat yesterday").ok


def test_needing_a_thing_is_so() -> None:
    ev = "thesis handed in!! examiners say it needs only a few typo fixes"
    assert moods(ev)["needs"] != "desire"
    assert moods("need to renew my passport before june")["renew"] == "desire"


def test_a_plan_on_a_condition_is_not_settled() -> None:
    ev = "if the mortgage comes through, we're moving to Bristol in june"
    r = check("Noa is moving to Bristol in June.", ev)
    assert not r.ok and r.reason.startswith("modality differs")
    assert check("Noa hopes to move to Bristol in June.", ev).ok
    # A habit on a condition is still a habit.
    assert moods("I cycle to work if it's not raining")["cycle"] == "plain"


def test_going_to_before_a_passive_is_a_plan() -> None:
    ev = "we were going to get engaged in paris but my mum got ill"
    r = check("Noa got engaged in Paris.", ev)
    assert not r.ok and r.reason.startswith("modality differs")
