"""Rewordings an LLM writes that are no changed detail (validators.rewording), on pairs
of their own: a manner of the block's verb, the event a light verb of the block leaves
vague, another name of the block's thing. Each keeps
its one-detail twin rejected."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_manner_of_the_blocks_verb_in_a_seldom_sense() -> None:
    # 'devour' is one step under 'eat' only in a seldom sense of 'devour'.
    ev = "the kids ate a whole tray of brownies at the sleepover, not a crumb left"
    assert check("Rhea's kids devoured a whole tray of brownies.", ev, model=True).ok
    # Another event on the same brownies is no manner of eating.
    r = check("Rhea's kids baked a whole tray of brownies.", ev, model=True)
    assert not r.ok and "baked" in r.words


def test_a_phrasal_verb_is_read_as_one_entry() -> None:
    # 'drop out' is one step under 'leave'; 'join' is under nothing of 'leave'.
    ev = "I left the debating society in the end, too many late nights"
    assert check("Rhea dropped out of the debating society in the end.", ev, model=True).ok
    r = check("Rhea joined the debating society in the end.", ev, model=True)
    assert not r.ok


def test_a_light_verb_of_the_block_acting_on_the_same_thing() -> None:
    # 'got my certificate' leaves the event vague: 'qualified with' names it.
    ev = "Got my first aid certificate today! Starting at the leisure centre pool on Monday"
    claim = "Rhea has qualified with a first aid certificate and starts at the pool on Monday."
    assert check(claim, ev, model=True).ok
    # A verb of the block that is not light is its event: 'lost' is no rewording of it.
    ev2 = "Passed my first aid certificate today, starting at the pool on Monday"
    r = check("Rhea has lost her first aid certificate.", ev2, model=True)
    assert not r.ok


def test_an_auxiliary_takes_no_verb_of_the_block() -> None:
    # 'has' (an auxiliary) once took the block's 'got' as if it said it.
    ev = "Got my HGV licence! Starting at the depot in March"
    claim = "Rhea has qualified with her HGV licence and starts at the depot in March."
    assert check(claim, ev, model=True).ok


def test_another_name_of_the_blocks_thing_is_no_person() -> None:
    # 'success' is also a successful person in WordNet; here it is the block's 'hit'.
    ev = "Rhea, your lemon drizzle was a hit at the bake sale!"
    assert check("Rhea's lemon drizzle was a success at the bake sale.", ev, model=True).ok
    r = check("Rhea's lemon drizzle was a failure at the bake sale.", ev, model=True)
    assert not r.ok
    # Two seldom senses tie nothing: 'nuts' and 'eggs' meet only as slang.
    ev2 = "since you mentioned your son can't have eggs, skip the meringue"
    assert not check("The user's son is allergic to nuts.", ev2, model=True).ok


def test_the_last_part_of_a_hyphenated_modifier_of_a_word_the_block_says() -> None:
    ev = "we threw a pirate party for the twins in the garden, total chaos"
    assert check("Rhea threw a pirate-themed party for the twins in the garden.", ev, model=True).ok
    # Only after a word of the block: another theme is rejected.
    r = check("Rhea threw a space-themed party for the twins in the garden.", ev, model=True)
    assert not r.ok
