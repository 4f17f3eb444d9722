"""`brain eval qa --quick` end to end: the CI smoke test of the QA harness.

Personas need no dataset, so the persona run is unmarked; the LoCoMo run needs the
benchmark file and carries the `dataset` marker.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agent.llm import ScriptedLLM
from brain.cli import cli
from evals.judge import Judge
from evals.personas import CATEGORIES
from evals.qa import WIKI_OFF, WIKI_ON, Asker, QAOptions, score
from evals.qa_data import persona_units
from memory_schema import MemoryRepo
from memory_schema.store import load_session


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("qa") / "out"
    args = ["eval", "qa", "--dataset", "personas", "--ablation", "wiki", "--quick"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out), "--json", "--judge", "off"])
    assert result.exit_code == 0, result.output
    return out, json.loads(result.stdout)


def test_quick_run_writes_report_results_and_chart(quick_run) -> None:
    out, summary = quick_run
    assert summary["conditions"] == [WIKI_ON, WIKI_OFF] and summary["quick"]
    assert summary["questions"] == 2 * len(CATEGORIES)
    assert "rows" not in summary  # --json prints the summary, results.json has the rows
    results = json.loads((out / "results.json").read_text())
    assert len(results["rows"]) == 2 * summary["questions"]
    for cond in (WIKI_ON, WIKI_OFF):
        block = summary["summary"]["original"][cond]
        assert set(block) == {"overall", *CATEGORIES}
        assert block["overall"]["n"] == summary["questions"]
    paired = summary["paired"]["original"]["overall"]
    assert {"correct", "evidence_recall", "touched_gold", "seconds"} <= set(paired)
    assert (out / "by_category.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = (out / "report.md").read_text()
    assert "wiki on vs off" in report and "| abstention |" in report
    assert "Paired difference" in report
    answers = (out / "answers.jsonl").read_text().splitlines()
    assert len(answers) == len(results["rows"])
    # The built wiki against the gold evidence and the transcripts, pooled over memories.
    cov = summary["coverage"]
    assert cov == results["coverage"] and cov["units"] == 2
    assert 0 <= cov["cited_by_pages"] <= cov["cited_by_pages_or_summaries"] <= cov["gold_blocks"]
    assert cov["gold_cited_by_pages"] == cov["cited_by_pages"] / cov["gold_blocks"]
    assert cov["wiki_to_transcript"] > 0 and cov["transcript_chars"] > 0
    units = results["build"]["units"]
    assert cov["gold_blocks"] == sum(u["coverage"]["gold_blocks"] for u in units.values())
    assert "## The built wiki" in report and "wiki prose as a share of transcript" in report
    assert "### By memory (wiki-on)" in report and "| persona-01 |" in report


def test_quick_run_scores_every_answer(quick_run) -> None:
    out, _ = quick_run
    rows = json.loads((out / "results.json").read_text())["rows"]
    for row in rows:
        assert row["condition"] in (WIKI_ON, WIKI_OFF)
        assert row["correct"] in (0.0, 1.0)
        assert row["seconds"] > 0 and row["tool_calls"] >= 1
        if row["category"] == "abstention":
            assert row["correct"] == float(row["abstained"])
            assert "evidence_recall" not in row
        else:
            assert 0.0 <= row["evidence_recall"] <= 1.0
            assert row["touched_gold"] in (0.0, 1.0)
            # What Dream put in the wiki is a property of the memory, measured once.
            assert ("gold_in_wiki" in row) == (row["condition"] == WIKI_ON)
            if row["condition"] == WIKI_ON:
                assert row["gold_in_wiki"] <= row["gold_in_wiki_or_summaries"]
    # Both conditions answered the very same questions: the comparison is paired.
    ids = {c: sorted(r["id"] for r in rows if r["condition"] == c) for c in (WIKI_ON, WIKI_OFF)}
    assert ids[WIKI_ON] == ids[WIKI_OFF]
    # The extractive engine finds some of the planted facts with the gold turn cited.
    assert sum(r["correct"] for r in rows if r["category"] != "abstention") >= 4
    assert any(r["evidence_recall"] == 1.0 for r in rows if "evidence_recall" in r)


def test_wiki_off_hides_only_the_wiki(quick_run) -> None:
    out, _ = quick_run
    unit = out / "memories" / "persona-01"
    on, off = unit / WIKI_ON, unit / WIKI_OFF
    assert list((on / "knowledge").rglob("*.md")), "Dream wrote no wiki page"
    assert (on / "INDEX.md").is_file()
    assert not list((off / "knowledge").rglob("*.md")) and not (off / "INDEX.md").exists()
    sessions_on = sorted(p.relative_to(on) for p in (on / "sessions").rglob("*.md"))
    sessions_off = sorted(p.relative_to(off) for p in (off / "sessions").rglob("*.md"))
    assert sessions_on == sessions_off  # transcripts and their summaries stay
    assert any(p.name.endswith(".summary.md") for p in sessions_off)
    log = MemoryRepo.open(off).git("log", "--format=%s")
    assert log.splitlines()[0] == "eval: hide the wiki (ablation)"
    # Asking never records into memory: the history is capture, Dream, and the ablation.
    assert "ask" not in MemoryRepo.open(on).git("log", "--format=%s")
    unit_q = persona_units(seed=7, count=1, quick=True)[0]
    for q in unit_q.questions:
        for path, anchor in q.evidence:
            session = load_session(off, path)
            assert int(anchor[1:]) <= len(session.turns)


def test_llm_engine_and_judge_run_through_the_harness(quick_run, tmp_path: Path) -> None:
    """The llm engine (scripted fake: asks the Memory Agent, answers with its synthesis)
    and the LLM judge plug into the same asking and scoring."""
    out, _ = quick_run
    root = out / "memories" / "persona-01" / WIKI_ON
    item = next(q for q in persona_units(seed=7, count=1, quick=True)[0].questions)
    options = QAOptions(out=tmp_path, engine="llm", backend=ScriptedLLM())
    asker = Asker(root, options)
    try:
        ans = asker.ask(item.question)
    finally:
        asker.close()
    assert ans["engine"] == "llm" and ans["tokens"]["input"] > 0
    row = score(item, ans, WIKI_ON)
    assert row["tokens"] > 0 and row["chars_returned"] > 0
    judge = Judge(ScriptedLLM(['{"score": 3, "explanation": "partly"}']))
    verdict = judge.score(item.question, item.golds, row["answer"], [])
    assert verdict.score == 3


def test_bad_options_fail_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "BRAIN_LLM_BASE_URL", "BRAIN_LLM_BACKEND"):
        monkeypatch.delenv(var, raising=False)
    runner = CliRunner()
    res = runner.invoke(cli, ["eval", "qa", "--out", str(tmp_path), "--personas", "0"])
    assert res.exit_code != 0 and "--personas" in res.output
    missing = tmp_path / "nope.json"
    res = runner.invoke(
        cli, ["eval", "qa", "--dataset", "locomo", "--path", str(missing), "--out", str(tmp_path)]
    )
    assert res.exit_code == 1 and "LoCoMo file not found" in res.output
    assert "Traceback" not in res.output
    # The llm engine with no model configured fails at once, before building anything.
    res = runner.invoke(cli, ["eval", "qa", "--engine", "llm", "--out", str(tmp_path / "o")])
    assert res.exit_code == 1 and "needs a backend" in res.output
    assert not (tmp_path / "o").exists()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    res = runner.invoke(cli, ["eval", "qa", "--quick", "--out", str(blocker / "out")])
    assert res.exit_code == 1 and "cannot create the output folder" in res.output


@pytest.mark.dataset
def test_locomo_quick_end_to_end(locomo_path: Path, tmp_path: Path) -> None:
    audit = locomo_path.parent / "locomo-audit"
    args = ["eval", "qa", "--dataset", "locomo", "--quick", "--path", str(locomo_path)]
    args += ["--audit", str(audit), "--out", str(tmp_path), "--json", "--judge", "off"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary["summary"]) == {"original", "audited"}
    block = summary["summary"]["original"][WIKI_ON]
    rows = json.loads((tmp_path / "results.json").read_text())["rows"]
    headline = [r for r in rows if r["locomo_category"] != 5]
    assert block["all"]["n"] == len(rows) == 12  # "overall" is LoCoMo's headline, 1-4
    assert block["overall"]["n"] == len(headline) and 0.0 <= block["overall"]["locomo_f1"] <= 1
    assert {r["locomo_category"] for r in rows} == {1, 2, 3, 4, 5}
    assert any("audited" in r for r in rows)  # the quick slice holds flagged questions
    for r in rows:
        if r["locomo_category"] == 5:
            assert r["locomo_f1"] == float(r["abstained"])
    # The built wiki is measured on LoCoMo too: gold turns of categories 1-4 only.
    cov = summary["coverage"]
    from evals.qa_data import locomo_units

    unit = locomo_units(locomo_path, quick=True)[0]
    gold = {e for q in unit.questions if q.golds for e in q.evidence}
    assert cov["units"] == 1 and cov["gold_blocks"] == len(gold) > 0
    assert cov["transcript_chars"] == sum(len(t.content) for s in unit.sessions for t in s.turns)
    assert cov["cited_by_pages"] <= cov["cited_by_pages_or_summaries"] <= cov["gold_blocks"]


def test_handwritten_quick_builds_through_capture_remember_and_dream(tmp_path: Path) -> None:
    """The first hand-written persona end to end: its sessions, document and note are
    captured as a user would, Dream runs, and every question is scored."""
    from evals.handwritten import handwritten_units

    unit = handwritten_units(quick=True)[0]
    args = ["eval", "qa", "--dataset", "handwritten", "--quick", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, "--json", "--judge", "off"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["dataset"] == "handwritten" and summary["units"] == 1
    assert summary["questions"] == len(unit.questions)
    root = tmp_path / "memories" / unit.id / WIKI_ON
    log = MemoryRepo.open(root).git("log", "--format=%s")
    assert "remember:" in log and "capture:" in log and "dream" in log
    assert list((root / "sources").glob("*.md")) and list((root / "notes").rglob("*.md"))
    rows = json.loads((tmp_path / "results.json").read_text())["rows"]
    for r in rows:
        assert r["category"] in ("abstention",) or 0.0 <= r["evidence_recall"] <= 1.0
    assert summary["coverage"]["gold_blocks"] > 0 and summary["coverage"]["transcript_chars"] > 0
