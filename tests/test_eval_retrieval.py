"""The retrieval benchmark: evidence normalization, metrics, and real runs on small data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from evals import locomo
from evals import longmemeval as lme
from evals.errors import EvalError
from evals.retrieval import (
    VARIANTS,
    format_locomo,
    question_metrics,
    resolve_variants,
    run_locomo,
)
from search import HashEmbedder, open_index


def turn(who: str, dia: str, text: str) -> dict:
    return {"speaker": who, "dia_id": dia, "text": text}


TINY = [
    {
        "sample_id": "conv-t",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bob",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                turn("Ann", "D1:1", "I adopted a cat named Luna last week."),
                turn("Bob", "D1:2", "Lovely! I started learning the violin."),
                turn("Ann", "D1:3", "Luna sleeps on my keyboard all day."),
            ],
            "session_2_date_time": "10:00 am on 20 June, 2023",
            "session_2": [
                turn("Bob", "D2:1", "My violin teacher says I should practise scales."),
                turn("Ann", "D2:2", "I am moving to Lisbon in September."),
            ],
        },
        "qa": [
            {"question": "What is the name of Ann's cat?", "answer": "Luna",
             "evidence": ["D1:1"], "category": 4},
            {"question": "What instrument does Bob play and who teaches him?",
             "answer": "violin", "evidence": ["D1:2; D2:01"], "category": 1},
            {"question": "When is Ann moving to Lisbon?", "answer": "September",
             "evidence": ["D:2:2"], "category": 2},
            {"question": "Where does Ann live?", "answer": "?", "evidence": ["D9:9", "D"],
             "category": 3},
            {"question": "What is Bob's job?", "answer": "?", "evidence": [], "category": 4},
            {"question": "What does Ann's teacher say?", "adversarial_answer": "scales",
             "evidence": ["D2:1"], "category": 5},
        ],
        "observation": {"session_1_observation": {"Ann": [["Ann keeps a zebra.", "D1:1"]]}},
        "session_summary": {"session_1_summary": "Ann talks about her zebra."},
        "event_summary": {"events_session_1": {"Ann": ["Ann buys a zebra."]}},
    }
]  # fmt: skip


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny-locomo.json"
    path.write_text(json.dumps(TINY), "utf-8")
    audit = tmp_path / "audit"
    audit.mkdir()
    fix = {
        "question_id": "locomo_0_qa2",
        "question": "When is Ann moving to Lisbon?",
        "correct_evidence": ["D2:2", "D1:3"],
        "error_type": "INCOMPLETE",
    }
    (audit / "errors_conv_0.json").write_text(json.dumps([fix]), "utf-8")
    return path


# -- LoCoMo questions -----------------------------------------------------------------------


def test_evidence_normalization_follows_the_rules() -> None:
    ids = {"D1:2", "D2:1", "D11:26", "D30:5"}
    assert locomo.normalize_evidence(["D1:2; D2:01"], ids) == ["D1:2", "D2:1"]
    assert locomo.normalize_evidence(["D:11:26", "D30:05", "D"], ids) == ["D11:26", "D30:5"]
    assert locomo.normalize_evidence(["D9:1 D1:2 D1:2"], ids) == ["D1:2"]
    assert locomo.normalize_evidence(["D9:1"]) == ["D9:1"]  # no id set: nothing dropped


def test_questions_skip_those_left_without_evidence(tiny: Path) -> None:
    qs = locomo.load_questions(tiny, audit_dir=tiny.parent / "audit")
    assert [(q.index, q.category, q.evidence) for q in qs] == [
        (0, 4, ["D1:1"]),
        (1, 1, ["D1:2", "D2:1"]),
        (2, 2, ["D2:2"]),
        (5, 5, ["D2:1"]),
    ]
    assert qs[2].corrected_evidence == ["D2:2", "D1:3"]
    assert qs[0].corrected_evidence is None and qs[3].answer == "scales"


def test_bad_dataset_files_are_eval_errors(tmp_path: Path) -> None:
    with pytest.raises(EvalError, match="not found"):
        locomo.load_raw(tmp_path / "missing.json")
    (tmp_path / "x.json").write_text('{"a": 1}', "utf-8")
    with pytest.raises(EvalError, match="not a LoCoMo file"):
        locomo.load_raw(tmp_path / "x.json")
    with pytest.raises(EvalError, match="not a LongMemEval file"):
        lme.load(tmp_path / "x.json")
    with pytest.raises(EvalError, match="unknown variant"):
        resolve_variants(["bm99"])


def test_turn_and_session_metrics_by_hand() -> None:
    m = question_metrics(["D1:4", "D2:1", "D1:2", "D3:3"], ["D1:2", "D3:9"])
    assert m["recall_any@1"] == 0.0 and m["recall_any@5"] == 1.0
    assert m["recall_all@10"] == 0.0 and m["mrr"] == pytest.approx(1 / 3)
    assert m["ndcg@10"] == pytest.approx((1 / 2) / (1 + 1 / 1.5849625))
    assert m["session_recall_any@1"] == 1.0  # D1 is a gold session
    assert question_metrics([], ["D1:1"])["mrr"] == 0.0


# -- LoCoMo runs ----------------------------------------------------------------------------


def test_locomo_run_on_a_tiny_file(tiny: Path, tmp_path: Path) -> None:
    variants = resolve_variants(["bm25", "dense", "hybrid", "bm25-raw"])
    report = run_locomo(
        tiny,
        variants=variants,
        workdir=tmp_path / "work",
        audit_dir=tiny.parent / "audit",
        embedder=HashEmbedder(),
    )
    assert report["n_questions"] == 3 and report["n_category5"] == 1
    assert set(report["methods"]) == {"bm25", "dense", "hybrid", "bm25-raw"}
    bm25 = report["methods"]["bm25"]
    assert bm25["recall_any@20"] == 1.0  # 5 turns: everything is in the top 20
    assert set(bm25["by_category"]) == {
        "1 multi-hop",
        "2 temporal",
        "4 single-hop",
        "5 adversarial",
    }
    assert bm25["category5"]["n"] == 1 and bm25["latency_ms"]["p50"] >= 0
    corrected = report["corrected"]
    assert corrected["n_flagged"] == 1 and corrected["n_changed"] == 1
    assert corrected["methods"]["bm25"]["recall_all@10"] == 1.0
    text = format_locomo(report)
    assert "original answer key" in text and "audit-corrected answer key" in text
    assert "category 5 adversarial" in text and "bm25-raw" in text

    # Each conversation is a real memory; LoCoMo's generated summaries are not in it.
    root = tmp_path / "work" / "locomo" / "conv-t"
    idx = open_index(root)
    assert idx.search("Luna cat", method="bm25")[0].meta["dia_id"] == "D1:1"
    assert idx.search("zebra", method="bm25") == []


def test_eval_retrieval_cli_json_and_table(tiny: Path, tmp_path: Path) -> None:
    args = ["eval", "retrieval", "--dataset", "locomo", "--path", str(tiny)]
    args += ["--variant", "bm25", "--workdir", str(tmp_path / "w")]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["methods"]["bm25"]["recall_any@10"] == 1.0 and report["n_questions"] == 3
    assert report["corrected"] is None  # no locomo-audit folder beside the file
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and "R@10" in result.output and "no audit folder" in result.output
    result = CliRunner().invoke(cli, ["eval", "retrieval", "--path", str(tmp_path / "none.json")])
    assert result.exit_code == 1 and "not found" in result.output
    result = CliRunner().invoke(cli, ["eval", "retrieval", "--list-variants"])
    assert all(name in result.output for name in VARIANTS)


@pytest.mark.dataset
def test_locomo_one_conversation_bm25(locomo_path: Path, tmp_path: Path) -> None:
    report = run_locomo(
        locomo_path,
        variants=resolve_variants(["bm25", "bm25-raw"]),
        workdir=tmp_path,
        conversations=["conv-26"],
    )
    assert report["n_conversations"] == 1 and report["n_questions"] == 150
    for name in ("bm25", "bm25-raw"):
        # Real figures on conv-26 are about 0.6-0.7; far lower means retrieval broke.
        assert report["methods"][name]["recall_any@10"] > 0.4
    assert report["index"]["blocks"] == 2 * 419


# -- LongMemEval ----------------------------------------------------------------------------


def test_longmemeval_metrics_match_the_official_definitions() -> None:
    ids = lme.corpus_ids("answer_x_1", [("user", True), ("assistant", False), ("user", False)])
    assert ids == {0: "answer_x_1_1", 2: "noans_x_1_3"}
    corpus = ["s1_1", "answer_a_1", "s2_3", "answer_a_3", "s3_1"]
    correct = {"answer_a_1", "answer_a_3"}
    ranked = ["s1_1", "answer_a_1", "s2_3", "s3_1", "answer_a_3"]
    ra, rl, nd = lme.evaluate(ranked, correct, corpus, 3)
    assert (ra, rl) == (1.0, 0.0)
    assert nd == pytest.approx(1.0 / (1 + 1.0))  # DCG 1/log2(2); ideal 1 + 1/log2(2)
    # Session level: k grows until 2 distinct sessions are covered.
    sa, sl, _ = lme.evaluate_sessions(ranked, correct, corpus, 1)
    assert (sa, sl) == (0.0, 0.0)
    sa, _, _ = lme.evaluate_sessions(ranked, correct, corpus, 2)
    assert sa == 1.0
    m = lme.question_metrics(ranked, corpus)
    assert set(m) == {"turn", "session"} and "ndcg_any@50" in m["turn"]


@pytest.mark.dataset
def test_longmemeval_smoke_file(longmemeval_path: Path, tmp_path: Path) -> None:
    report = lme.run_longmemeval(
        longmemeval_path, variants=resolve_variants(["bm25"]), workdir=tmp_path
    )
    assert report["n_questions"] == 2 and report["n_abstention_skipped"] == 0
    turn = report["methods"]["bm25"]["turn"]
    session = report["methods"]["bm25"]["session"]
    assert all(0.0 <= v <= 1.0 for v in [*turn.values(), *session.values()])
    assert turn["recall_any@50"] >= turn["recall_any@1"]
    assert session["recall_any@50"] == 1.0  # ~40 sessions: the top 50 hold them all
    assert "turn level" in lme.format_longmemeval(report)
