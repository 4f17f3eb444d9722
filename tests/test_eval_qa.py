"""QA metrics, the LLM judge and answer scoring: behaviour on known inputs."""

from __future__ import annotations

import pytest

from agent.llm import ScriptedLLM
from evals import metrics as m
from evals.judge import Judge, parse_verdict, prompt
from evals.qa import score
from evals.qa_data import QAItem
from evals.report import aggregate, groups, paired

PATH = "sessions/2025/01/p-2025-01-14.md"


def _answer(text: str, citations=(), files=(), stop: str = "answered", engine="extractive"):
    return {
        "answer": text,
        "citations": [
            {"n": i, "path": p, "anchor": a, "quote": "q"} for i, (p, a) in enumerate(citations, 1)
        ],
        "files_read": list(files),
        "tool_calls": 1,
        "tokens": {"input": 0, "output": 0},
        "seconds": 0.5,
        "engine": engine,
        "stop_reason": stop,
        "chars_returned": 1200,
        "bytes_read": 5000,
    }


def test_normalization_matches_dates_however_written() -> None:
    assert m.contains("My dentist appointment is on the 28th of January.", ["28 January"])
    assert m.contains("January 28, 2025 [cite:1]", ["January 28"])
    assert not m.contains("128 January", ["28 January"])  # whole words only
    assert m.exact_match("The Lisbon half marathon.", ["lisbon half marathon"])
    assert m.strip_citations("Biscuit [cite:2] [[sessions/a#^t1]]") == "Biscuit"
    # A link to a subject is part of the answer, as Obsidian shows it.
    said = "Maya lives in [[Lisbon]] [cite:1], at [[knowledge/orgs/Helio Energy#Current|Helio]]"
    assert m.strip_citations(said) == "Maya lives in Lisbon , at Helio"
    assert m.contains(said, ["Lisbon"])


def test_an_amount_with_a_currency_sign_answers_the_bare_amount() -> None:
    assert m.contains("€7,800 [cite:1]", ["7,800"])
    assert m.contains("£32 a session", ["32"])
    assert not m.contains("€17,800", ["7,800"])


def test_abstention_is_read_from_the_opening_only() -> None:
    assert m.is_abstention("I don't know: nothing in memory supports an answer to that.")
    assert m.is_abstention("There is no information about a brother in memory.")
    assert m.is_abstention("")
    assert not m.is_abstention("Your dog is called Biscuit [cite:1].")
    assert not m.is_abstention("Biscuit.\n\nAlso you said: 'I don't know what to cook'.")


def test_locomo_f1_follows_locomo() -> None:
    assert m.locomo_f1("7 May 2023", "7 May 2023") == 1.0
    assert m.locomo_f1("painted sunrises", "painting sunrise") == 1.0  # Porter stems
    assert m.locomo_f1("The cat and the dog", "cat, dog") == 1.0  # articles, "and", commas
    assert m.locomo_f1("nothing alike", "7 May 2023") == 0.0
    assert m.locomo_f1("May 2023", "7 May 2023") == pytest.approx(0.8)
    # Category 1: each gold part against the best part of the prediction.
    assert m.locomo_score("pottery, camping", "camping, pottery", 1) == 1.0
    assert m.locomo_score("pottery", "camping, pottery", 1) == pytest.approx(0.5)
    # Category 3: the first alternative of the gold.
    assert m.locomo_score("counseling", "counseling; psychology", 3) == 1.0
    # Category 5: declining is right, answering is wrong.
    assert m.locomo_score("No information available", "self-care", 5) == 1.0
    assert m.locomo_score("self-care is important", "self-care", 5) == 0.0


def test_evidence_recall_expands_collated_ranges() -> None:
    assert m.expand_anchor("t3-t5") == ["t3", "t4", "t5"]
    cites = [{"path": PATH, "anchor": "t3-t5"}]
    assert m.evidence_recall(cites, [(PATH, "t4")]) == 1.0
    assert m.evidence_recall(cites, [(PATH, "t4"), (PATH, "t9")]) == 0.5
    no_md = [{"path": PATH[:-3], "anchor": "t9"}]
    assert m.evidence_recall(no_md, [(PATH, "t9")]) == 1.0
    assert m.touched_gold([PATH, "INDEX.md"], [(PATH, "t1")])
    assert not m.touched_gold(["knowledge/people/Ana.md"], [(PATH, "t1")])


def test_bootstrap_is_seeded_and_paired_differences_detect_effects() -> None:
    values = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0]
    assert m.bootstrap_ci(values, seed=3) == m.bootstrap_ci(values, seed=3)
    lo, hi = m.bootstrap_ci(values, seed=3)
    assert lo <= m.mean(values) <= hi
    better = m.paired_difference([1.0] * 30, [0.0] * 20 + [1.0] * 10)
    assert better["significant"] and better["mean"] == pytest.approx(2 / 3)
    same = m.paired_difference([1.0, 0.0] * 15, [1.0, 0.0] * 15)
    assert same["mean"] == 0 and not same["significant"]
    with pytest.raises(ValueError):
        m.paired_difference([1.0], [1.0, 0.0])


def _item(**kw) -> QAItem:
    base = {
        "id": "p-q01",
        "unit": "p",
        "category": "single-hop",
        "question": "What is my dog's name?",
        "golds": ["Biscuit"],
        "evidence": [(PATH, "t4")],
    }
    return QAItem(**(base | kw))


def test_score_counts_the_first_line_and_the_evidence() -> None:
    ans = _answer('Maya said on 2025-01-14: "My dog Biscuit ..." [cite:1]', [(PATH, "t4")], [PATH])
    row = score(_item(), ans, "wiki-on")
    assert row["correct"] == 1.0 and row["contains"] == 1.0
    assert row["evidence_recall"] == 1.0 and row["touched_gold"] == 1.0
    assert 0 < row["f1"] < 1
    buried = score(_item(), _answer("- Pepper is the neighbour's dog.\n- My dog Biscuit"), "x")
    assert buried["correct"] == 0.0 and buried["contains"] == 1.0
    assert buried["evidence_recall"] == 0.0 and buried["touched_gold"] == 0.0
    # F1 reads the answer line: quoted evidence under it neither helps nor dilutes it.
    short = score(_item(), _answer("Biscuit [cite:1]\n- Maya said: a long quote"), "x")
    assert short["f1"] == 1.0 and buried["f1"] == 0.0


def test_score_abstention_and_knowledge_updates() -> None:
    declined = _answer("I don't know: nothing in memory supports that.", stop="no-support")
    never = _item(category="abstention", golds=[], evidence=[])
    assert score(never, declined, "c")["correct"] == 1.0
    assert score(never, _answer("Your brother is Tom [cite:1]"), "c")["correct"] == 0.0
    assert score(_item(), declined, "c")["correct"] == 0.0
    # An LLM answer declines in words, without the extractive engine's stop reason.
    llm = _answer("There is no information about a brother.", engine="llm")
    assert score(never, llm, "c")["abstained"]
    update = _item(category="knowledge-update", golds=["Linear"], stale=["Trello"])
    assert score(update, _answer("Trello, since 2024 [cite:1]"), "c")["stale"] == 1.0
    assert score(update, _answer("Linear now (Trello before)"), "c")["stale"] == 0.0


def test_score_locomo_with_original_and_audited_keys() -> None:
    item = _item(
        category="temporal",
        golds=["2023"],
        locomo_category=2,
        audited={"golds": ["2022"], "evidence": [(PATH, "t5")], "error_type": "TEMPORAL_ERROR"},
    )
    row = score(item, _answer("2022 [cite:1]", [(PATH, "t5")]), "wiki-on")
    assert row["locomo_f1"] == 0.0 and row["evidence_recall"] == 0.0
    assert row["audited"]["locomo_f1"] == 1.0 and row["audited"]["evidence_recall"] == 1.0
    adversarial = _item(category="adversarial", golds=[], locomo_category=5)
    declined = _answer("I don't know.", stop="no-support")
    assert score(adversarial, declined, "c")["locomo_f1"] == 1.0


def test_aggregate_and_paired_by_category() -> None:
    rows = []
    for i in range(6):
        for cond, correct in (("wiki-on", 1.0), ("wiki-off", float(i % 2))):
            cat = "temporal" if i < 3 else "preference"
            rows.append(
                {"id": f"q{i}", "condition": cond, "category": cat, "correct": correct,
                 "seconds": 0.1 * (i + 1), "abstained": False}
            )  # fmt: skip
    on = aggregate([r for r in rows if r["condition"] == "wiki-on"])
    assert on["n"] == 6 and on["correct"] == 1.0 and on["abstained"] == 0.0
    d = paired(rows, "wiki-on", "wiki-off", seed=1)
    assert d["overall"]["correct"]["mean"] == pytest.approx(0.5)
    assert d["overall"]["correct"]["n"] == 6
    assert set(d) == {"overall", "temporal", "preference"}


def test_judge_scores_with_a_scripted_model_and_never_guesses() -> None:
    assert parse_verdict('{"score": 4, "explanation": "close"}').score == 4
    assert parse_verdict('Sure! {"score": 5, "explanation": "right"} done').score == 5
    assert parse_verdict("score: 2 because it is outdated").score == 2
    assert parse_verdict("I cannot grade this").score is None
    assert parse_verdict('{"score": 9}').score is None
    text = prompt("Where do I work?", [], "At Quillstone", ["sessions/a#^t1: I work at X"])
    assert "never mentions" in text and "I work at X" in text
    llm = ScriptedLLM(['{"score": 5, "explanation": "states Biscuit"}'])
    verdict = Judge(llm).score("What is my dog's name?", ["Biscuit"], "Biscuit", [])
    assert verdict.score == 5 and verdict.explanation == "states Biscuit"
    assert "Gold answer: Biscuit" in llm.calls[0].messages[0].content
    # A failing backend is an unscored verdict, not a crash mid-run.
    assert Judge(ScriptedLLM([])).score("q", ["a"], "a", []).score is None


@pytest.mark.llm_server
def test_judge_against_a_real_local_model(llm_server: str) -> None:
    """A real (tiny, weak) model: whatever it replies becomes a verdict, never a crash."""
    from agent.llm.openai_backend import OpenAIBackend

    backend = OpenAIBackend(None, "smollm2", base_url=llm_server, tool_mode="text", timeout=120)
    verdict = Judge(backend, max_tokens=80).score(
        "What is my dog's name?", ["Biscuit"], "Your dog is called Biscuit [cite:1].", []
    )
    assert verdict.score is None or 0 <= verdict.score <= 5
    assert verdict.explanation


def test_locomo_overall_is_its_headline_and_all_adds_category_5() -> None:
    rows = [
        {"id": f"q{c}", "condition": "wiki-on", "category": name, "locomo_category": c,
         "correct": 1.0 if c == 5 else 0.0, "seconds": 0.1, "abstained": c == 5}
        for c, name in [(4, "single-hop"), (1, "multi-hop"), (5, "adversarial"), (2, "temporal")]
    ]  # fmt: skip
    grouped = groups(rows)
    assert list(grouped) == ["overall", "all", "multi-hop", "temporal", "single-hop", "adversarial"]
    assert aggregate(grouped["overall"])["correct"] == 0.0
    assert aggregate(grouped["all"])["correct"] == 0.25
