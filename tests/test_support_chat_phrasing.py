"""How people say things in chat, read the way a wiki line rewords them (issue 18): a
'no' said to something is a refusal, what someone needs done is not done yet, a claim
about a sale is no claim that the thing is still owned, a month to come makes a bare
'starting ...' a plan, and a name whose apostrophe chat drops ('valentines')."""

from __future__ import annotations

from evals.validator_pairs import evidence_of
from validators.support import Support, check_support


def said(text: str, speaker: str, date: str):
    return [evidence_of(text, {"speaker": speaker, "date": date})]


def check(claim: str, text: str, speaker: str, date: str) -> Support:
    return check_support(claim, said(text, speaker, date))


BOSS = "my boss said no to the four day week thing, so annoyed"
VET = "just got back from the vet, milo has to have two teeth out next week"
FLAT = "sold the flat!! completion is on the 28th"
IVF = "we've been trying for a baby for two years, starting ivf in november"
DINNER = "took priya to that new italian place for valentines, the tiramisu was unreal"


def test_saying_no_is_a_refusal() -> None:
    for claim in (
        "Mel's request for a four-day week was turned down by her boss.",
        "Mel's boss refused her request for a four-day week.",
    ):
        assert check(claim, BOSS, "Mel", "2026-05-14").ok, claim
    r = check("Mel's boss agreed to a four-day week.", BOSS, "Mel", "2026-05-14")
    assert not r.ok and r.reason.startswith("negation differs")


def test_what_is_needed_done_is_not_done_yet() -> None:
    ok = check("Milo needs two teeth removed the following week.", VET, "Zoe", "2026-04-09")
    assert ok.ok, ok.reason
    r = check("Milo had two teeth removed.", VET, "Zoe", "2026-04-09")
    assert not r.ok and r.reason.startswith("modality differs")


def test_a_sale_is_no_claim_that_the_thing_is_still_owned() -> None:
    ok = check("The sale of Pat's flat completes on 2026-07-28.", FLAT, "Pat", "2026-07-07")
    assert ok.ok, ok.reason
    r = check("Pat still owns the flat.", FLAT, "Pat", "2026-07-07")
    assert not r.ok and r.reason == "negation differs: the evidence says it ended"
    r = check("The sale of Pat's flat completes on 2026-07-29.", FLAT, "Pat", "2026-07-07")
    assert not r.ok and "2026-07-29" in r.reason


def test_a_month_still_to_come_makes_a_plan() -> None:
    ok = check("Sophie plans to start IVF in November 2026.", IVF, "Sophie", "2026-10-08")
    assert ok.ok, ok.reason
    r = check("Sophie started IVF in November 2026.", IVF, "Sophie", "2026-10-08")
    assert not r.ok and r.reason.startswith("modality differs")


def test_a_name_chat_writes_without_its_apostrophe() -> None:
    ok = check(
        "Raj took Priya to a new Italian place for Valentine's Day.", DINNER, "Raj", "2026-02-14"
    )
    assert ok.ok, ok.reason
    r = check(
        "Raj took Priya to a new Italian place for Mother's Day.", DINNER, "Raj", "2026-02-14"
    )
    assert not r.ok and r.words == ("Mother's",)
    claim = "Raj took Sara to a new Italian place for Valentine's Day."
    r = check(claim, DINNER, "Raj", "2026-02-14")
    assert not r.ok and r.words == ("Sara",)


VAPE = "quit vaping 3 weeks ago and honestly i feel so much better"
CHOIR = "two weeks ago i started going to a choir on wednesdays and i'm loving it"
CONSULTANT = "saw the consultant last tues, she thinks surgery in the spring is the way to go"


def test_another_form_of_a_word_the_dictionary_does_not_know() -> None:
    ok = check("Gus has not vaped for three weeks.", VAPE, "Gus", "2026-07-01")
    assert ok.ok, ok.reason
    r = check("Gus has not smoked for three weeks.", VAPE, "Gus", "2026-07-01")
    assert not r.ok and r.words == ("smoked",)


def test_a_weekday_said_in_the_plural() -> None:
    claim = "Bea joined a Wednesday choir around 2026-02-09 and is enjoying it."
    ok = check(claim, CHOIR, "Bea", "2026-02-23")
    assert ok.ok, ok.reason
    r = check(claim.replace("Wednesday", "Thursday"), CHOIR, "Bea", "2026-02-23")
    assert not r.ok and r.reason == "day Thursday is not in the evidence"


def test_a_date_taken_out_leaves_the_sentence_as_written() -> None:
    # With the date out, 'on  , who recommended' was parsed with 'recommended' as the
    # sentence's main verb, an event the block does not say.
    claim = "Ines saw her consultant on 2026-03-10, who recommended surgery in the spring."
    ok = check(claim, CONSULTANT, "Ines", "2026-03-17")
    assert ok.ok, ok.reason
    r = check(claim.replace("spring", "summer"), CONSULTANT, "Ines", "2026-03-17")
    assert not r.ok and r.words == ("summer",)
    r = check(claim.replace("03-10", "03-11"), CONSULTANT, "Ines", "2026-03-17")
    assert not r.ok and r.reason == "date 2026-03-11 is not in the evidence"


NAN = "my nan had a fall last night, she's ok but they're keeping her in for observation"


def test_a_word_for_someone_in_its_seldom_sense_said_of_someone() -> None:
    # 'nan' is a grandmother only in a seldom sense of WordNet's (it is bread first);
    # 'my nan' says which.
    ok = check("Joe's grandmother had a fall on 2026-06-10.", NAN, "Joe", "2026-06-11")
    assert ok.ok, ok.reason
    for other in ("aunt", "mother"):
        r = check(f"Joe's {other} had a fall on 2026-06-10.", NAN, "Joe", "2026-06-11")
        assert not r.ok and r.words == (other,), (other, r)
