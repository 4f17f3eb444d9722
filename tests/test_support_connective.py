"""Free paraphrase against one changed detail (validators.connective), on pairs of
their own: connective words of a sentence that reads as its block pass; a sister thing,
a person, an object swapped under the same verb, an added modifier or another event
stay held to the strict test."""

from __future__ import annotations

from tests.test_support_predicates import check

JUMPER = "made my first actually wearable jumper, took me all winter"
WALLET = "lost my wallet on the bus again"
VAN = "bought a used camper van off a farmer in Devon, needs a new clutch"
DOCTOR = "doc put me on blood pressure tablets last week"


def test_a_modifier_rewords_the_blocks_modifier_of_the_same_thing() -> None:
    # 'properly wearable' for 'actually wearable', 'knitted' for 'made' (a light verb).
    claim = "Rhea knitted her first properly wearable jumper over the winter."
    assert check(claim, JUMPER, model=True).ok
    # ... but the light verb's object is the claim verb's: a cardigan is another thing.
    r = check(claim.replace("jumper", "cardigan"), JUMPER, model=True)
    assert not r.ok and "cardigan" in r.words


def test_a_main_verb_names_what_a_light_verb_left_vague() -> None:
    assert check("A doctor started Rhea on blood pressure medication.", DOCTOR, model=True).ok


def test_a_synonym_split_by_a_hyphen() -> None:
    ok = "Rhea bought a second-hand camper van from a Devon farmer; it needs a new clutch."
    assert check(ok, VAN, model=True).ok


def test_an_added_modifier_has_no_slot_in_the_block() -> None:
    r = check(
        "Rhea bought a second-hand yellow camper van from a Devon farmer; it needs a new clutch.",
        VAN,
        model=True,
    )
    assert not r.ok and r.words == ("yellow",)


def test_another_thing_under_the_same_verb_is_a_changed_detail() -> None:
    assert check("Rhea once more misplaced her wallet on the bus.", WALLET, model=True).ok
    r = check("Rhea lost her phone on the bus again.", WALLET, model=True)
    assert not r.ok and "phone" in r.words


def test_a_person_split_by_the_parser_stays_a_person() -> None:
    ev = "My parents are visiting from Lagos for a week in June."
    r = check("Rhea's in-laws are visiting from Lagos for a week in June.", ev, model=True)
    assert not r.ok


def test_a_verb_is_no_broader_word_for_a_particle() -> None:
    # WordNet files 'back' (to support) under 'accept'; in 'hear back' it is a particle.
    ev = "I've applied for the nursing course at Leeds, should hear back in May"
    r = check("Rhea has been accepted onto the nursing course at Leeds.", ev, model=True)
    assert not r.ok


def test_a_role_verb_is_a_detail_even_for_a_light_verb() -> None:
    ev = "did pottery every week at the community centre all autumn, loved it"
    claim = "Rhea attended weekly pottery classes at the community centre through the autumn."
    assert check(claim, ev, model=True).ok
    # 'taught' and 'attended' read alike to the model; teaching is another role.
    r = check(claim.replace("attended", "taught"), ev, model=True)
    assert not r.ok and r.words == ("taught",)


def test_failing_is_a_not_and_a_prefix_opposite_may_stand_for_one() -> None:
    ev = "failed my theory test again, that's two now"
    assert check("Rhea has been unsuccessful in her theory test twice.", ev, model=True).ok
    r = check("Rhea has passed her theory test.", ev)
    assert not r.ok and "negation" in r.reason
    r = check("Rhea failed her theory test.", "passed my theory test!! first go")
    assert not r.ok and "negation" in r.reason
    # 'insufficient' answers the block's "didn't ... enough": no negation mismatch.
    r = check(
        "The inspector faulted Rhea for insufficient checks of her blind spot.",
        "the inspector said i didnt check my blind spot enough",
    )
    assert "negation" not in r.reason


def test_the_aim_of_a_done_act_is_what_was_wanted() -> None:
    ev = "Bought an e-bike because I wanted to cycle to work"
    assert check("To be able to cycle to work, Rhea bought an e-bike.", ev, model=True).ok
    r = check(
        "Rhea cycles to work on her e-bike.", "thinking of getting an e-bike so I can cycle to work"
    )
    assert not r.ok and "modality" in r.reason


def test_weighing_a_move_is_deliberating_and_weighing_kilos_is_a_measure() -> None:
    ev = "honestly I'm thinking of moving to Bristol"
    assert check("Rhea is weighing a move to Bristol.", ev, model=True).ok
    r = check("Rhea has decided to move to Bristol.", ev, model=True)
    assert not r.ok and "modality" in r.reason
    assert check(
        "Rhea's dog weighs 30 kilos.", "my dog weighs 30 kilos now, the vet wants him lighter"
    ).ok


def test_a_manner_of_the_blocks_verb_keeps_its_polarity() -> None:
    ev = "moved the team off Trello last sprint, nobody misses it"
    # 'regret' is one step under 'miss' in WordNet's verb tree: the same event, told
    # in more detail, and denied on both sides.
    assert check("Rhea's team left Trello last sprint and nobody regrets it.", ev, model=True).ok
    r = check("Rhea's team left Trello last sprint and everybody regrets it.", ev, model=True)
    assert not r.ok and "regrets" in r.words


def test_a_role_the_block_names_only_as_a_modifier_is_not_the_persons() -> None:
    r = check("Rhea is a florist.", "I do the deliveries for a florist shop in town", model=True)
    assert not r.ok and "florist" in r.reason
    assert check(
        "Rhea is a florist with a small shop in town.", "I'm a florist, got a small shop in town"
    ).ok
    # A role before a name is that person's title, typed lower case or not: the wiki's
    # relation line 'Fiona — sister' rests on 'my sister fiona says ...'.
    assert check("Fiona — sister", "my sister fiona says i'll last a fortnight lol").ok
    assert check("Dave is her coach.", "coach Dave says my times are better").ok


def test_a_prefix_opposite_is_the_blocks_not() -> None:
    ev = "the examiner said i didnt check my mirrors enough"
    ok = check("The examiner faulted Rhea for insufficient mirror checks.", ev, model=True)
    assert ok.ok, ok.reason
    r = check("The examiner praised Rhea for careful mirror checks.", ev, model=True)
    assert not r.ok
