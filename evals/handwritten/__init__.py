"""Hand-written personas: conversations nobody tuned for, written the way people type.

Each persona is a folder of data, every turn written by hand (no generator, no
templates):

    <slug>/persona.yaml     about, owner (a name, or null when the user never gives one),
                            asked_on (the day questions are asked), documents, notes
    <slug>/sessions/        transcripts in the formats `brain capture session` detects
                            (OpenAI JSON, Brain JSONL, Claude Code JSONL, Markdown)
    <slug>/documents/       files for `brain capture source` (md, txt, html)
    <slug>/questions.yaml   questions, acceptable answers, gold evidence

A memory is built from a persona exactly as a user builds one: its session files through
capture's own batch reader (format detected per file), its documents through source
capture, its notes through `brain remember`'s write path; then Dream and the index, as
`evals.qa` does for every dataset.

Gold evidence names what was captured: `<session id>#^tN` (a turn of that session),
`<document file>#^pN` (a paragraph of that document's source), `note:<name>` (the whole
note file). `resolve` turns these into memory paths and anchors.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import EvalError

if TYPE_CHECKING:
    from memory_schema import MemoryRepo
    from memory_schema.session import Session

    from ..qa_data import Unit

DATA = Path(__file__).resolve().parent
#: Question categories, in report order (a superset of the generated personas').
CATEGORIES = (
    "single-hop",
    "multi-hop",
    "temporal",
    "preference",
    "knowledge-update",
    "document",
    "note",
    "abstention",
)


@dataclass
class Note:
    name: str
    text: str
    topic: str
    at: dt.datetime
    title: str | None = None


@dataclass
class Question:
    id: str
    question: str
    category: str
    answers: list[str]
    evidence: list[str]
    stale: list[str] = field(default_factory=list)
    #: Terms that must occur nowhere in the persona (decline questions only).
    absent: list[str] = field(default_factory=list)


@dataclass
class Persona:
    slug: str
    root: Path
    about: str
    owner: str | None
    asked_on: dt.date
    session_files: list[Path]
    documents: list[Path]
    documents_at: dt.datetime
    notes: list[Note]
    questions: list[Question]


def persona_dirs(data: Path = DATA) -> list[Path]:
    return sorted(p for p in data.iterdir() if (p / "persona.yaml").is_file())


def _yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise EvalError(f"unreadable persona file: {exc}", path=str(path)) from exc


def _when(value: Any, what: str, path: Path) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, 12, tzinfo=dt.UTC)
    try:
        return _when(dt.datetime.fromisoformat(str(value)), what, path)
    except ValueError:
        raise EvalError(f"{what}: not a date or time: {value!r}", path=str(path)) from None


def load_persona(root: Path) -> Persona:
    meta_path, q_path = root / "persona.yaml", root / "questions.yaml"
    meta = _yaml(meta_path) or {}
    raw_qs = _yaml(q_path) or []
    notes = [
        Note(
            name=str(n["name"]),
            text=str(n["text"]),
            topic=str(n.get("topic") or "inbox"),
            at=_when(n["at"], f"note {n['name']}", meta_path),
            title=n.get("title"),
        )
        for n in meta.get("notes") or []
    ]
    questions = [
        Question(
            id=str(q["id"]),
            question=str(q["question"]),
            category=str(q["category"]),
            answers=[str(a) for a in q.get("answers") or []],
            evidence=[str(e) for e in q.get("evidence") or []],
            stale=[str(s) for s in q.get("stale") or []],
            absent=[str(a) for a in q.get("absent") or []],
        )
        for q in raw_qs
    ]
    for q in questions:
        if q.category not in CATEGORIES:
            raise EvalError(f"question {q.id}: unknown category {q.category!r}", path=str(q_path))
    docs = [root / "documents" / str(d) for d in meta.get("documents") or []]
    return Persona(
        slug=root.name,
        root=root,
        about=str(meta.get("about") or ""),
        owner=meta.get("owner"),
        asked_on=_when(meta["asked_on"], "asked_on", meta_path).date(),
        session_files=sorted(p for p in (root / "sessions").iterdir() if p.is_file()),
        documents=docs,
        documents_at=_when(meta.get("documents_at") or meta["asked_on"], "documents_at", meta_path),
        notes=notes,
        questions=questions,
    )


@dataclass
class Resolved:
    """A persona as captured memory will hold it: parsed sessions, the paths its
    documents and notes will get, and each question's gold evidence as (path, anchor)."""

    persona: Persona
    sessions: list[Session]
    formats: dict[str, str]  # session file name -> detected format
    sources: dict[str, str]  # document file name -> sources/... path
    notes: dict[str, str]  # note name -> notes/... path
    evidence: dict[str, list[tuple[str, str]]]  # question id -> gold blocks


def resolve(p: Persona) -> Resolved:
    from ingest.errors import IngestError
    from ingest.formats import parse_file
    from ingest.sources import build_source, fetch
    from memory_schema.notes import build_note

    sessions: list[Session] = []
    formats: dict[str, str] = {}
    try:
        for f in p.session_files:
            fmt, parsed = parse_file(f)
            formats[f.name] = fmt
            sessions += parsed
        sources = {d.name: build_source(fetch(str(d)), p.documents_at).path for d in p.documents}
    except IngestError as exc:
        raise EvalError(f"{p.slug}: {exc.message}", path=exc.path) from exc
    notes = {n.name: build_note(n.text, n.topic, n.at, n.title).path for n in p.notes}
    by_id = {s.id: s for s in sessions}
    evidence = {}
    for q in p.questions:
        blocks = []
        for ref in q.evidence:
            if ref.startswith("note:"):
                name = ref.removeprefix("note:")
                if name not in notes:
                    raise EvalError(f"{p.slug}/{q.id}: no note named {name!r}")
                blocks.append((notes[name], ""))
                continue
            where, _, anchor = ref.partition("#^")
            if where in by_id and anchor.startswith("t"):
                blocks.append((by_id[where].path, anchor))
            elif where in sources and anchor.startswith("p"):
                blocks.append((sources[where], anchor))
            else:
                raise EvalError(f"{p.slug}/{q.id}: evidence {ref!r} names nothing captured")
        evidence[q.id] = blocks
    return Resolved(p, sessions, formats, sources, notes, evidence)


def capture_persona(repo: MemoryRepo, p: Persona) -> None:
    """Capture a persona as a user would: `brain capture session` on its session files,
    `brain capture source` on its documents, `brain remember` for each note."""
    from ingest.batch import capture_session_files
    from ingest.sources import capture_sources
    from memory_schema.notes import write_note

    report = capture_session_files(repo, p.session_files)
    if p.documents:
        report.extend(capture_sources(repo, [str(d) for d in p.documents], now=p.documents_at))
    if not report.ok:
        bad = report.rejected[0]
        raise EvalError(f"{p.slug}: capture rejected {bad.origin}: {bad.message}")
    for n in p.notes:
        write_note(repo, n.text, topic=n.topic, title=n.title, now=n.at, author="eval")


def handwritten_units(quick: bool = False, data: Path = DATA) -> list[Unit]:
    """Every persona as a unit (`quick`: the first one only)."""
    from ..qa_data import QAItem, Unit

    dirs = persona_dirs(data)
    if not dirs:
        raise EvalError("no hand-written personas found", path=str(data))
    units = []
    for d in dirs[:1] if quick else dirs:
        p = load_persona(d)
        r = resolve(p)
        items = [
            QAItem(
                id=f"{p.slug}/{q.id}",
                unit=p.slug,
                category=q.category,
                question=q.question,
                golds=list(q.answers),
                evidence=r.evidence[q.id],
                stale=list(q.stale),
            )
            for q in p.questions
        ]

        def capture(repo: MemoryRepo, p: Persona = p) -> None:
            capture_persona(repo, p)

        units.append(Unit(p.slug, r.sessions, items, today=p.asked_on, capture=capture))
    return units
