"""Sixth round on issue 18: a British noun in its seldom sense is still a sister thing
('flat' for an apartment: a 'house' in its place is a changed detail), and a name is the
same name with its accents or without ('Bogotá' / 'bogota')."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_house_is_no_flat_in_its_seldom_sense() -> None:
    ev = "we finally moved into the new flat near the station, still living out of boxes"
    r = check(
        "Rhea moved into a new house near the station and is still unpacking.", ev, model=True
    )
    assert not r.ok and "house" in r.words
    assert check(
        "Rhea moved into a new flat near the station and is still unpacking.", ev, model=True
    ).ok


def test_a_name_is_the_same_with_its_accents_or_without() -> None:
    ev = "I'm going to try chatting with my neighbour who's from bogota"
    assert check("Rhea plans to chat with her neighbour from Bogotá.", ev, model=True).ok
    r = check("Rhea plans to chat with her neighbour from Medellín.", ev, model=True)
    assert not r.ok and r.words == ("Medellin",)
    ev = "had lunch with José at the café on the corner"
    assert check("Rhea had lunch with Jose at the cafe on the corner.", ev).ok


def test_a_kin_word_in_its_seldom_sense_has_sisters() -> None:
    # 'mum' is WordNet's chrysanthemum first and mother only seldom.
    ev = "my mum's been in hospital since tuesday with pneumonia, she's doing a bit better"
    r = check("Rhea's grandmother has been in hospital with pneumonia.", ev, model=True)
    assert not r.ok and r.words == ("grandmother",)
    assert check("Rhea's mother has been in hospital with pneumonia.", ev, model=True).ok


def test_missed_is_not_having_made_it() -> None:
    ev = "couldn't make it to the wedding in the end, my train was cancelled"
    assert check("Rhea missed the wedding because her train was cancelled.", ev, model=True).ok
    assert not check("Rhea went to the wedding though her train was cancelled.", ev).ok
    # A verb of failing never makes a mismatch of its own, and a 'not' on the same verb
    # is still one.
    ev = "I miss my family so much"
    assert check("Rhea misses her family.", ev).ok
    assert not check("Rhea does not miss her family.", ev).ok
