"""Paraphrases an LLM writes that the support check refused, and one-detail claims it let
through, read by general means (issue 18, second round): a 'we' that speaks for the
speaker's team, crew or club; a 'not' on each side of two opposites, which says
opposite things; a distance ('moved two streets away') that is no leaving."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import Support, check_support


def check(claim: str, text: str, speaker: str, date: str) -> Support:
    return check_support(claim, [evidence_of(text, {"speaker": speaker, "date": date})])


BANDS = "we won the battle of the bands!!! still buzzing"
QUIZ = "we didn't win the pub quiz, lost by two points"


def test_a_we_speaks_for_the_speakers_own_group() -> None:
    ok = check("Ife's crew won the battle of the bands.", BANDS, "Ife", "2026-06-20")
    assert ok.ok, ok.reason
    # A group named as nobody's is a subject of its own, and a person is no 'we'.
    r = check("The crew won the battle of the bands.", BANDS, "Ife", "2026-06-20")
    assert not r.ok and r.words == ("crew",)
    r = check("Ife's cousin won the battle of the bands.", BANDS, "Ife", "2026-06-20")
    assert not r.ok and r.words == ("cousin",)


def test_a_not_on_each_side_of_two_opposites_differs() -> None:
    for claim in ("Bo did not lose the pub quiz.", "Bo's team did not lose the pub quiz."):
        r = check(claim, QUIZ, "Bo", "2026-05-02")
        assert not r.ok and r.reason == "negation differs from the evidence", claim
    for claim in ("Bo's team did not win the pub quiz.", "Bo's team lost the pub quiz."):
        ok = check(claim, QUIZ, "Bo", "2026-05-02")
        assert ok.ok, (claim, ok.reason)


def test_a_distance_is_no_leaving() -> None:
    near = "my brother moved 5 minutes away, so sunday lunch is a thing again"
    ok = check("Kit's brother now lives five minutes away.", near, "Kit", "2026-06-20")
    assert ok.ok, ok.reason
    # 'moved away' with no count before it, or 'miles away', is still a leaving.
    for text in ("my brother moved away from us in the spring", "my brother moved miles away"):
        r = check("Kit's brother still lives nearby.", text, "Kit", "2026-06-20")
        assert not r.ok and r.reason == "negation differs: the evidence says it ended", text


def test_a_verb_wordnet_defines_by_the_blocks_verb_on_the_same_thing() -> None:
    # WordNet defines 'book' as 'arrange for and reserve (something ...) in advance', and
    # knows no other tie between the two verbs.
    class_ = "booked a cookery class for my mum's birthday, she's going to love it"
    table = "booked a table at the thai place for friday!"
    for claim, text in (
        ("Jo arranged a cookery class for her mum's birthday.", class_),
        ("Jo has arranged a table at the Thai place for Friday.", table),
    ):
        ok = check(claim, text, "Jo", "2026-06-10")
        assert ok.ok, (claim, ok.reason)
    # Another thing arranged is another event; another verb is not defined by 'book'.
    r = check("Jo arranged a surprise party for her mum's birthday.", class_, "Jo", "2026-06-10")
    assert not r.ok and "arranged" in r.words
    r = check("Jo taught a cookery class for her mum's birthday.", class_, "Jo", "2026-06-10")
    assert not r.ok and r.words == ("taught",)


def test_the_verbs_a_definition_is_said_in() -> None:
    from validators.wordnet_build import _defining_verbs

    assert _defining_verbs(
        "arrange for and reserve (something for someone else) in advance; x"
    ) == [
        "arrange",
        "reserve",
    ]
    assert _defining_verbs("go away or leave") == ["go", "leave"]
    # A noun of the definition ties nothing, nor a verb after 'to' ('refuse to accept').
    assert _defining_verbs("do volunteer work") == ["do"]
    assert _defining_verbs('refuse to accept; "He declined my offer"') == ["refuse"]


def test_a_particle_after_the_object_makes_the_dictionary_verb() -> None:
    charger = "my flatmate still hasn't given my phone charger back, it's been a week"
    ok = check("Ola's flatmate has yet to return her phone charger.", charger, "Ola", "2026-06-20")
    assert ok.ok, ok.reason
    r = check("Ola's flatmate has returned her phone charger.", charger, "Ola", "2026-06-20")
    assert not r.ok and r.reason == "negation differs from the evidence"
    r = check("Ola's flatmate has yet to borrow her phone charger.", charger, "Ola", "2026-06-20")
    assert not r.ok and r.words == ("borrow",)


def test_a_partner_is_the_other_half_of_a_speakers_we() -> None:
    dog = "we've just adopted a rescue greyhound, she's called pip"
    ok = check("Ana and her partner have adopted a rescue greyhound.", dog, "Ana", "2026-06-20")
    assert ok.ok, ok.reason
    r = check("Ana and her sister have adopted a rescue greyhound.", dog, "Ana", "2026-06-20")
    assert not r.ok and r.words == ("sister",)


def test_no_way_refuses_the_verb_after_it() -> None:
    reunion = "no way i'm missing the reunion this year"
    ok = check("Ravi plans to attend the reunion.", reunion, "Ravi", "2026-06-20")
    assert ok.ok, ok.reason
    r = check("Ravi will not attend the reunion.", reunion, "Ravi", "2026-06-20")
    assert not r.ok and r.reason == "negation differs from the evidence"
    gym = "no way we're going back to that gym"
    ok = check("Dee will not go back to that gym.", gym, "Dee", "2026-06-20")
    assert ok.ok, ok.reason
    r = check("Dee is going back to that gym.", gym, "Dee", "2026-06-20")
    assert not r.ok and r.reason == "negation differs from the evidence"


def test_a_definition_read_with_the_blocks_particle_and_the_role_given() -> None:
    # WordNet's 'vote in' is 'elect by a vote'; the block's 'me' and the claim's 'Pam'
    # are the one person, so the role each side gives is what is compared.
    club = "the book club voted me in as secretary, no idea what i've signed up for"
    ok = check("Pam has been elected secretary of the book club.", club, "Pam", "2026-03-02")
    assert ok.ok, ok.reason
    # Another role is another election: the verb is not tied, and is named.
    r = check("Pam has been elected chair of the book club.", club, "Pam", "2026-03-02")
    assert not r.ok and "elected" in r.words
