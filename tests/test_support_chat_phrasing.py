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
