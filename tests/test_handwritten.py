"""The hand-written personas: each is what issue 12 asks of it, and its gold is true of
the memory capture builds (every anchor exists, every answer is in its evidence, what a
decline question asks about is mentioned nowhere)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from evals.handwritten import (
    DATA,
    Persona,
    Resolved,
    capture_persona,
    handwritten_units,
    load_persona,
    persona_dirs,
    resolve,
)
from memory_schema import init_memory
from memory_schema.store import load_page, load_session, load_source

DIRS = persona_dirs()


def test_there_are_at_least_four_personas() -> None:
    assert len(DIRS) >= 4, [d.name for d in DIRS]
    owners = [load_persona(d).owner for d in DIRS]
    assert None in owners, "one user never says their name"
    assert any(owners), "one user is named"


@pytest.fixture(scope="module", params=[d.name for d in DIRS])
def captured(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    p = load_persona(DATA / request.param)
    r = resolve(p)
    repo, _ = init_memory(tmp_path_factory.mktemp(p.slug) / "memory")
    capture_persona(repo, p)
    return p, r, repo.root


def _dates(d: dt.date) -> list[str]:
    """A date as people write it (a session's date: the block carries it in its
    frontmatter; or the date an answer names, in the evidence's own wording)."""
    month = d.strftime("%B").lower()
    return [
        d.isoformat(),
        f"{month} {d.day}, {d.year}",
        f"{d.day} {month} {d.year}",
        f"{month} {d.day}",
        f"{d.day} {month}",
        f"{month} {d.year}",
    ]


def _in_evidence(answer: str, held: str) -> bool:
    """The answer is in the evidence, case-insensitive; a date answer in any of the
    ways dates are written ("31 May 2026" is in "ends on may 31, 2026")."""
    if answer.lower() in held:
        return True
    for fmt in ("%B %d, %Y", "%d %B %Y", "%Y-%m-%d", "%d %B", "%B %d"):
        try:
            day = dt.datetime.strptime(answer, fmt).date()
        except ValueError:
            continue
        # With a year, the evidence must name that year too; without, the day and month.
        written = _dates(day)[:3] if "%Y" in fmt else _dates(day)[3:5]
        if "%Y" not in fmt:  # "sept 1", "aug 4": months are typed short
            month = day.strftime("%B").lower()
            written += [f"{m} {day.day}" for m in (month[:3], month[:4])]
        return any(form in held for form in written)
    return False


def _text_of(root: Path, path: str, anchor: str) -> str:
    """The text a gold block holds, as captured (a turn, a paragraph, a whole note),
    with the session's date when it is a turn."""
    if path.startswith("sessions/"):
        s = load_session(root, path)
        n = int(anchor[1:])
        assert 1 <= n <= len(s.turns), f"{path} has no ^{anchor}"
        return " ".join([s.turns[n - 1].content, *_dates(s.date)])
    if path.startswith("sources/"):
        src = load_source(root, path)
        n = int(anchor[1:])
        assert 1 <= n <= len(src.blocks), f"{path} has no ^{anchor}"
        return src.blocks[n - 1]
    assert path.startswith("notes/") and not anchor
    return load_page(root, path).body


def _everything(root: Path, r: Resolved) -> str:
    parts = [t.content for s in r.sessions for t in s.turns]
    parts += ["\n".join(load_source(root, p).blocks) for p in r.sources.values()]
    parts += [load_page(root, p).body for p in r.notes.values()]
    return "\n".join(parts).lower()


def test_persona_has_what_issue_12_asks(captured) -> None:
    p, r, root = captured
    assert isinstance(p, Persona)
    sessions = r.sessions
    assert len(sessions) >= 8
    dates = sorted(s.date for s in sessions)
    assert (dates[-1] - dates[0]).days >= 90, "sessions spread over months"
    assert dates[-1] < p.asked_on
    assert len(set(r.formats.values())) >= 2, r.formats
    assert p.documents and p.notes
    for path in [*r.sources.values(), *r.notes.values()]:
        assert (root / path).is_file(), path
    for s in sessions:
        assert (root / s.path).is_file(), s.path
        assert any(t.role == "assistant" for t in s.turns), "assistant turns (distractors)"
    users = [t for s in sessions for t in s.turns if t.role == "user"]
    first = ""
    if p.owner is None:
        assert all(t.speaker is None for t in users), "unnamed user turns"
    else:
        first = p.owner.split()[0].lower()
        assert any(first in (t.speaker or "").lower() for t in users) or any(
            first in t.content.lower() for t in users
        )
    qs = p.questions
    assert len(qs) >= 15
    cats = [q.category for q in qs]
    assert cats.count("abstention") >= 2
    assert cats.count("knowledge-update") >= 3, "at least 3 changes of value asked about"
    assert {"temporal", "document", "note"} <= set(cats)
    assert any(re.search(r"\b(i|my|me)\b", q.question.lower()) for q in qs), "first person"
    if p.owner:
        assert any(first in q.question.lower() for q in qs), "third person about the owner"
    assert len({q.id for q in qs}) == len(qs)


def test_gold_is_true_of_the_captured_memory(captured) -> None:
    p, r, root = captured
    everything = _everything(root, r)
    for q in p.questions:
        if q.category == "abstention":
            assert not q.answers and not q.evidence and q.absent, q.id
            for term in q.absent:
                found = re.search(rf"\b{re.escape(term.lower())}\b", everything)
                assert not found, f"{p.slug}/{q.id}: {term!r} is mentioned"
            continue
        assert q.answers and r.evidence[q.id], q.id
        held = " ".join(_text_of(root, path, a) for path, a in r.evidence[q.id]).lower()
        for answer in q.answers:
            assert _in_evidence(answer, held), f"{p.slug}/{q.id}: {answer!r} not in its evidence"
        for old in q.stale:
            assert old.lower() in everything, f"{p.slug}/{q.id}: stale {old!r} never said"


def test_units_plug_into_the_harness() -> None:
    units = handwritten_units()
    assert [u.id for u in units] == [d.name for d in DIRS]
    for u in units:
        assert u.capture is not None and u.today is not None
        assert all(q.unit == u.id and q.id.startswith(f"{u.id}/") for q in u.questions)
        for q in u.questions:
            assert q.abstain == (q.category == "abstention")
    assert len(handwritten_units(quick=True)) == 1


def test_bad_evidence_is_a_clear_error(tmp_path: Path) -> None:
    from evals.errors import EvalError

    src = DIRS[0]
    dst = tmp_path / src.name
    import shutil

    shutil.copytree(src, dst)
    qs = (dst / "questions.yaml").read_text()
    first_ref = re.search(r'"([^"]+#\^t\d+)"', qs)
    assert first_ref
    (dst / "questions.yaml").write_text(qs.replace(first_ref.group(1), "no-such-session#^t1", 1))
    with pytest.raises(EvalError, match="names nothing captured"):
        resolve(load_persona(dst))
