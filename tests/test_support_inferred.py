"""Words a writer infers from a chat turn, against one changed detail (issue 18), on pairs
of their own: a noun a small parser reads as a verb has no 'not' of its own, a connective
word whose clause reads as a clause of the block, an adjective whose noun names a kind the
block says, and a 'not' on a verb of not doing, which undoes it. The last test runs
`brain eval validators` on a pairs file."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from evals.validator_pairs import evidence_of
from tests.test_support_predicates import check
from validators.predicates import predicates
from validators.support import check_support
from validators.words import ordinals_in

STAG = "didn't go to the stag do in the end, stayed home with the kids"
COLD = "had a horrible cold basically all of last week, still sniffly"
NURSE = "starting my nursing degree in sept, always wanted to be a nurse since i was little"


def test_a_verb_with_an_article_is_a_noun() -> None:
    # 'the stag do': the parser's 'do' is the party, no predicate that could disagree
    # with the block's 'didn't go'.
    claim = "Rhea stayed at home with the kids instead of going to the stag do."
    assert "do" not in {p.head for p in predicates(claim)}
    assert check(claim, STAG, model=True).ok
    r = check("Rhea went to the stag do and left the kids at home.", STAG, model=True)
    assert not r.ok and r.reason.startswith("negation differs")


def test_a_connective_word_whose_clause_reads_as_the_blocks() -> None:
    # The sentence as a whole reads apart from the chatty block; its clause does not.
    said = {"speaker": "Hattie", "date": "2026-06-18", "listeners": ["Sam"], "title": "Uni"}
    ev = [evidence_of(NURSE, said)]
    claim = "Hattie has long wanted to become a nurse and begins a nursing degree in September 2026"
    assert check_support(claim, ev).ok
    r = check_support(claim.replace("has long wanted to become", "works as"), ev)
    assert not r.ok
    # A verb is its clause's event, and is not vouched for by its clause alone.
    r = check("Rhea went to her cousin's hen do.", "ended up missing my cousin's hen do")
    assert not r.ok


def test_an_adjective_whose_noun_names_a_kind_the_block_says() -> None:
    # 'ill' is 'illness', and a cold is one; an injury is not.
    assert check("Rhea was ill for most of last week.", COLD, model=True).ok
    r = check("Rhea was injured for most of last week.", COLD, model=True)
    assert not r.ok and r.words == ("injured",)
    # Only an adjective: 'worked' (worker) is no 'volunteering', though a volunteer works.
    r = check(
        "Rhea has worked at an animal shelter on Saturdays since the spring.",
        "I've been volunteering at the animal shelter every Saturday since spring.",
        model=True,
    )
    assert not r.ok


def test_a_not_on_a_verb_of_not_doing_undoes_it() -> None:
    smiling = "honestly can't stop smiling since he proposed"
    assert {p.head: p.negative for p in predicates(smiling)}["smiling"] is False
    r = check("Rhea stopped smiling after the engagement.", smiling, model=True)
    assert not r.ok and r.reason.startswith("negation differs")
    plants = "i never forget to water the plants, they're my babies"
    assert check("Rhea always remembers to water the plants.", plants, model=True).ok
    r = check("Rhea often forgets to water the plants.", plants, model=True)
    assert not r.ok and r.reason.startswith("negation differs")
    # Without the 'not', the verb still denies what it takes: 'forgot to lock' is unlocked.
    locked = {p.head: p.negative for p in predicates("she forgot to lock the door last night")}
    assert locked["lock"] is True


def test_a_place_is_not_vouched_for_by_a_count_when_the_block_names_another() -> None:
    ev = "passed my driving test first time!!! only 2 minors"
    assert check("Rhea passed her driving test first time, with two minors.", ev).ok
    r = check("Rhea passed her driving test second time, with two minors.", ev)
    assert not r.ok and r.reason == "place 2 is not in the evidence"
    assert ordinals_in("came 2nd at parkrun", digits=True) == {"2"}
    assert ordinals_in("a second-hand bike") == set()


def test_eval_validators_reads_inferred_words_from_a_pairs_file(tmp_path: Path) -> None:
    rows = [
        {"claim": "Rhea was ill for most of last week.", "evidence": COLD, "supported": True},
        {"claim": "Rhea was injured for most of last week.", "evidence": COLD, "supported": False},
        {
            "claim": "Rhea stayed home with the kids instead of going to the stag do.",
            "evidence": STAG,
            "supported": True,
        },
    ]
    for r in rows:
        r["context"] = {"speaker": "Rhea", "date": "2025-03-14"}
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    res = CliRunner().invoke(
        cli, ["eval", "validators", "--pairs", str(pairs), "--judge", "off", "--json"]
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["by_label"]["supported"] == {"accepted": 2, "rejected": 0}
    assert report["by_label"]["unsupported"] == {"accepted": 0, "rejected": 1}
