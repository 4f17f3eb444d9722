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
