"""The persona generator: deterministic, counts as promised, gold evidence verified."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from evals.personas import (
    CATEGORIES,
    Evidence,
    Persona,
    Question,
    generate_persona,
    generate_personas,
)
from evals.personas.context import data
from ingest.capture import capture_sessions
from memory_schema import MemoryRepo, Session
from validators import validate_tree


@pytest.fixture(scope="module")
def suite() -> list[Persona]:
    return generate_personas()


def _tokens(text: str) -> set[str]:
    """Lower-case words, ordinals as numbers ("28th" states the day 28)."""
    text = re.sub(r"\b(\d+)(?:st|nd|rd|th)\b", r"\1", text.lower())
    return set(re.findall(r"[a-z0-9]+", text))


def _dump(personas: list[Persona]) -> str:
    return json.dumps(
        [
            {
                "sessions": [s.render() for s in p.sessions],
                "questions": [q.as_dict() for q in p.questions],
                "asked_at": p.asked_at.isoformat(),
            }
            for p in personas
        ]
    )


def test_full_suite_has_the_promised_size(suite: list[Persona]) -> None:
    questions = [q for p in suite for q in p.questions]
    assert len(suite) >= 20
    assert len(questions) >= 300
    by_category = Counter(q.category for q in questions)
    assert set(by_category) == set(CATEGORIES)
    assert min(by_category.values()) >= 40
    assert len({q.id for q in questions}) == len(questions)
    for p in suite:  # every persona is asked every kind of question
        assert {q.category for q in p.questions} == set(CATEGORIES)


def test_generator_is_deterministic_for_a_seed() -> None:
    first = generate_personas(seed=3, count=3)
    again = generate_personas(seed=3, count=3)
    other = generate_personas(seed=4, count=3)
    assert _dump(first) == _dump(again)
    assert _dump(first) != _dump(other)
    # A persona depends only on (seed, index): a bigger suite starts with the same people.
    assert _dump([generate_persona(3, 1)]) == _dump(first[1:2])


def test_every_gold_turn_states_its_fact(suite: list[Persona]) -> None:
    checked = 0
    for p in suite:
        for q in p.questions:
            if q.category == "abstention":
                continue
            assert q.evidence, q.id
            texts = []
            for ev in q.evidence:
                session = p.session(ev.session)
                assert ev.path == session.path
                assert 1 <= ev.turn <= len(session.turns)
                turn = session.turns[ev.turn - 1]
                assert turn.role == "user"
                assert ev.mentions, f"{q.id}: evidence without a stated fact"
                for m in ev.mentions:
                    assert m.lower() in turn.content.lower(), (q.id, m, turn.content)
                texts.append(turn.content)
                checked += 1
            # The gold answer itself is stated by the gold turns, word for word.
            assert q.answer is not None
            assert _tokens(q.answer) <= _tokens(" ".join(texts)), (q.id, q.answer, texts)
    assert checked >= 300


def test_multi_hop_needs_two_sessions(suite: list[Persona]) -> None:
    for p in suite:
        for q in p.questions:
            if q.category == "multi-hop":
                assert len({e.session for e in q.evidence}) == 2, q.id
                bridge = p.turn_text(q.evidence[1])
                # The bridge turn names the person or pet, never how they relate to the user.
                rel_words = _tokens(q.question) & {"partner", "wife", "husband", "girlfriend"}
                rel_words |= _tokens(q.question) & {"boyfriend", "fiance", "sister", "brother"}
                assert not (rel_words & _tokens(bridge)), (q.id, bridge)


def test_knowledge_updates_keep_the_old_value_earlier(suite: list[Persona]) -> None:
    for p in suite:
        for q in p.questions:
            if q.category != "knowledge-update":
                continue
            assert q.stale and q.answer not in q.stale
            ev = q.evidence[0]
            change_at = p.session(ev.session).turns[ev.turn - 1].at
            old_mentions = [
                t.at
                for s in p.sessions
                for t in s.turns
                if q.stale[0].lower() in t.content.lower() and t.role == "user"
            ]
            assert old_mentions, q.id
            assert max(old_mentions) <= change_at, q.id
            assert min(old_mentions) < change_at, q.id


def test_abstention_terms_never_occur(suite: list[Persona]) -> None:
    for p in suite:
        text = "\n".join(
            [s.title for s in p.sessions] + [t.content for s in p.sessions for t in s.turns]
        )
        for q in p.questions:
            if q.category != "abstention":
                continue
            assert q.answer is None and not q.evidence
            for term in q.absent_terms:
                assert not re.search(rf"\b{re.escape(term)}\b", text, re.I), (q.id, term)


def test_dates_in_temporal_answers_are_consistent(suite: list[Persona]) -> None:
    for p in suite:
        for q in p.questions:
            if q.category != "temporal":
                continue
            assert q.answer is not None
            iso = [a for a in q.aliases if re.fullmatch(r"\d{4}-\d\d-\d\d", a)]
            if iso:  # "when": a date answer is also given as an ISO date, before the question
                assert iso[0] <= p.asked_at.date().isoformat()
            else:  # "which came first": two dated turns, the answer names the earlier one
                assert len(q.evidence) == 2 and q.answer in q.question, q.id
                dated = sorted((_stated_date(p, e), p.turn_text(e)) for e in q.evidence)
                assert q.answer.lower() in dated[0][1].lower(), q.id
                assert q.answer.lower() not in dated[1][1].lower(), q.id


_MONTHS = "January February March April May June July August September October November December"


def _stated_date(p: Persona, ev: Evidence) -> dt.date:
    """The date a turn states (day and month), in the year nearest to its session."""
    text = p.turn_text(ev)
    month = next(i for i, m in enumerate(_MONTHS.split(), 1) if m in text)
    day = int(re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", text).group(1))
    on = p.session(ev.session).date
    assert on is not None
    years = (on.year - 1, on.year, on.year + 1)
    return min((dt.date(y, month, day) for y in years), key=lambda d: abs((d - on).days))


def test_histories_look_like_real_use(suite: list[Persona]) -> None:
    evidence_sessions = {e.session for p in suite for q in p.questions for e in q.evidence}
    for p in suite:
        starts = [s.started for s in p.sessions]
        assert starts == sorted(starts) and len({s.id for s in p.sessions}) == len(starts)
        assert len(p.sessions) >= 25
        assert (starts[-1] - starts[0]).days >= 60  # months, not days
        assert len({s.title for s in p.sessions}) >= 12  # varied topics
        gaps = [(b - a).days for a, b in itertools.pairwise(starts)]
        assert max(gaps) >= 7  # a quiet stretch, as people have
        background = [s for s in p.sessions if s.id not in evidence_sessions]
        assert len(background) >= len(p.sessions) // 4  # sessions no question depends on
    # Distractors: values of other people share the pools of the gold answers.
    pet_names = {str(n).lower() for n in data("vocab")["pet_names"]}
    for p in suite[:5]:
        mentioned = set()
        for s in p.sessions:
            for t in s.turns:
                mentioned |= _tokens(t.content) & pet_names
        assert len(mentioned) >= 1


def test_sessions_round_trip_capture_and_validate(tmp_path: Path, memory: MemoryRepo) -> None:
    persona = generate_persona(11, 0)
    for s in persona.sessions:
        assert Session.parse(s.render(), s.path).render() == s.render()
    report = capture_sessions(memory, persona.sessions)
    assert report.ok and len(report.captured) == len(persona.sessions)
    assert validate_tree(memory.root).ok
    for q in persona.questions:
        for ev in q.evidence:
            text = (memory.root / ev.path).read_text("utf-8")
            assert f"^{ev.anchor}\n" in text


def test_question_json_round_trip(suite: list[Persona]) -> None:
    for q in suite[0].questions:
        assert Question.from_dict(json.loads(json.dumps(q.as_dict()))) == q


def test_templates_are_well_formed() -> None:
    topics = data("topics")["topics"]
    for name, t in topics.items():
        assert len(t["open"]) == len(t["reply"]), name
        assert len(t["follow"]) == len(t["follow_reply"]), name
    for fmt in data("vocab")["answer_formats"]:
        assert fmt["value"] in fmt["request"]
