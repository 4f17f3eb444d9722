"""The support check: every word of a claim answers to its cited block (validators.support)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from validators.judge import parse_verdict
from validators.support import Evidence, JudgeVerdict, check_support

SAID = dt.date(2025, 3, 14)  # a Friday


def block(text: str, speaker: str = "Rhea", listener: str = "Ilya") -> list[Evidence]:
    from language.dates import days_named

    dates = {SAID} | days_named(text, SAID)
    return [Evidence(text, f"{speaker} {listener}", dates, speaker, (listener,), "Chat", SAID)]


def ok(claim: str, text: str, **kw: object) -> bool:
    return check_support(claim, block(text), similarity=False, **kw).ok  # type: ignore[arg-type]


def test_first_person_and_relative_dates_become_names_and_iso_days() -> None:
    ev = "I went to a climbing gym with my cousin yesterday"
    assert ok("2025-03-13 · Rhea went to a climbing gym with her cousin", ev)
    r = check_support("2025-03-12 · Rhea went to a climbing gym", block(ev), similarity=False)
    assert not r.ok and r.hard and "2025-03-12" in r.reason


def test_one_changed_word_is_named() -> None:
    ev = "My cousin gave me her old bike when she moved to Oslo"
    r = check_support("Rhea's aunt gave her an old bike", block(ev), similarity=False)
    assert not r.ok and r.words == ("aunt",)
    r = check_support("Rhea's cousin sold her an old bike", block(ev), similarity=False)
    assert not r.ok and "sold" in r.words


def test_names_numbers_listeners() -> None:
    ev = "I ran 12 kilometres on Sunday"
    assert not ok("Rhea ran 15 kilometres", ev)
    assert not ok("Marta ran 12 kilometres", ev)  # no such person
    assert not ok("Ilya ran 12 kilometres", ev)  # the listener; the block is about "I"
    assert ok("Ilya ran 12 kilometres", "You ran 12 kilometres, well done")


def test_polarity_opposites_and_modality() -> None:
    assert not ok("Rhea stopped learning the violin", "I started learning the violin")
    assert not ok("Rhea's parents are unsupportive", "My parents are supportive")
    assert not ok("Rhea does not eat fish", "I eat fish most days")
    want = "I really want to open a bookshop one day"
    assert ok("Rhea wants to open a bookshop", want)
    assert not ok("Rhea opened a bookshop", want)
    assert not ok("Rhea plans to open a bookshop", "I opened a bookshop last year")


def test_synonyms_forms_and_broader_words_pass() -> None:
    assert ok("Rhea purchased a guitar", "I bought a guitar")
    assert ok("Rhea's children went to the coast", "My kids went to the coast")
    assert ok("Rhea plays an instrument", "I play the cello")


def test_judge_rules_on_words_never_on_names() -> None:
    ev = "I just started as a data engineer at Northwind Labs."
    yes = lambda c, e: JudgeVerdict(True)  # noqa: E731
    no = lambda c, e: JudgeVerdict(False, "'employed' is a stretch")  # noqa: E731
    assert ok("Rhea is employed by Northwind Labs", ev, judge=yes)
    assert not ok("Rhea works at Northwind Labs", ev, judge=no)
    assert not ok("Rhea works at Globex", ev, judge=yes)  # a name no judge can forgive
    assert not ok("Rhea quit Northwind Labs", ev, judge=yes)  # polarity either


def test_judge_answers_are_strict() -> None:
    assert parse_verdict("SUPPORTED") == JudgeVerdict(True)
    v = parse_verdict("UNSUPPORTED: aunt - the evidence says cousin")
    assert v is not None and not v.supported and "cousin" in v.reason
    assert parse_verdict("Yes, I think so") is None
    assert parse_verdict("SUPPORTED\nbecause...") is None


def _pairs(path: Path) -> Path:
    rows = [
        {
            "claim": "Rhea bought a red bike",
            "evidence": "I bought a red bike",
            "context": {"speaker": "Rhea", "date": "2025-03-14"},
            "supported": True,
        },
        {
            "claim": "Rhea bought a blue bike",
            "evidence": "I bought a red bike",
            "context": "Rhea, 14 March 2025",
            "supported": False,
            "kind": "detail",
        },
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_eval_validators_command(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path / "pairs.jsonl")
    res = CliRunner().invoke(cli, ["eval", "validators", "--pairs", str(pairs), "--judge", "off"])
    assert res.exit_code == 0, res.output
    assert "rejection precision 100.0%, recall 100.0%" in res.output
    res = CliRunner().invoke(
        cli, ["eval", "validators", "--pairs", str(pairs), "--judge", "off", "--json"]
    )
    report = json.loads(res.output)
    assert report["by_label"]["unsupported"] == {"accepted": 0, "rejected": 1}
    assert report["errors"] == []


def test_eval_validators_bad_line_is_one_clean_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"claim": "x", "evidence": "y", "supported": true}\n{"claim": \n')
    res = CliRunner().invoke(cli, ["eval", "validators", "--pairs", str(bad), "--judge", "off"])
    assert res.exit_code != 0
    assert "line 2: not JSON" in res.output and "Traceback" not in res.output


def test_a_part_of_a_month_is_one_of_its_days() -> None:
    ev = "I had knee surgery last week, recovering slowly"  # said 2025-03-14: 2025-03-07
    assert ok("Rhea had knee surgery in early March 2025", ev)
    r = check_support("Rhea had knee surgery in late March 2025", block(ev), similarity=False)
    assert not r.ok and r.hard and "late March 2025" in r.reason
    assert not ok("Rhea had knee surgery in early February", ev)
