"""End-to-end question answering: build each memory the production way, ask, score.

For every unit (a persona, a LoCoMo conversation): `init`, capture its sessions, run
Dream until nothing is deferred, index; for the wiki ablation, copy that memory and hide
the wiki (one commit deleting knowledge/ and INDEX.md; sessions, their summaries,
sources and notes stay). Then every question is asked of a fresh agent per condition
(`brain ask`, not recorded, so no answer leaks into the next question), conditions
interleaved so both see the same machine load, and each answer is scored.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import coverage
from . import metrics as m
from .errors import EvalError
from .qa_data import QAItem, Unit, locomo_units, persona_units

if TYPE_CHECKING:
    from agent.llm.base import LLMBackend
    from agent.runner import AgentSettings
    from memory_schema import MemoryRepo

    from .judge import Judge

WIKI_ON, WIKI_OFF = "wiki-on", "wiki-off"
DATASETS = ("personas", "handwritten", "locomo")
ABLATIONS = ("wiki",)
#: progress(phase, done, total); phases "building memories" (units) and "asking" (answers).
Progress = Callable[[str, int, int], None]


@dataclass
class QAOptions:
    out: Path
    dataset: str = "personas"
    engine: str = "extractive"
    ablation: str | None = None
    quick: bool = False
    seed: int = 7
    personas: int = 20
    per_category: int | None = None
    locomo_path: Path | None = None
    audit_dir: Path | None = None
    conversations: list[str] = field(default_factory=list)
    agent: AgentSettings | None = None
    backend: LLMBackend | None = None  # for --engine llm; None: opened from settings
    judge: Judge | None = None
    workdir: Path | None = None  # where memories are built (default OUT/memories)

    @property
    def conditions(self) -> list[str]:
        return [WIKI_ON, WIKI_OFF] if self.ablation == "wiki" else [WIKI_ON]


@dataclass
class Built:
    """A unit's memories, one per condition, and what building them took."""

    roots: dict[str, Path]
    stats: dict[str, Any]
    #: (session path, anchor) of every block the wiki cites: what Dream put in the wiki.
    wiki_cites: set[tuple[str, str]] = field(default_factory=set)
    #: ... and of every block the wiki or a session summary cites.
    summary_cites: set[tuple[str, str]] = field(default_factory=set)


def load_units(o: QAOptions) -> list[Unit]:
    if o.dataset == "personas":
        return persona_units(
            seed=o.seed, count=o.personas, quick=o.quick, per_category=o.per_category
        )
    if o.dataset == "handwritten":
        from .handwritten import handwritten_units

        return handwritten_units(quick=o.quick)
    if o.dataset == "locomo":
        if o.locomo_path is None:
            raise EvalError("--dataset locomo needs the LoCoMo file (--path or BRAIN_BENCH_DIR)")
        return locomo_units(
            o.locomo_path,
            audit_dir=o.audit_dir,
            quick=o.quick,
            conversations=o.conversations or None,
        )
    raise EvalError(f"unknown dataset {o.dataset!r}; choose from {', '.join(DATASETS)}")


def dream_until_done(repo: MemoryRepo, options: Any, max_runs: int = 50) -> list[Any]:
    """Dream until no session is left for a later run (at most `max_runs` runs): a real
    night stops at its limits and the next night goes on; an evaluation wants it all."""
    from dream import run_dream

    results = [run_dream(repo, options)]
    while results[-1].deferred and len(results) < max_runs:
        results.append(run_dream(repo, options))
    return results


def build_memory(unit: Unit, root: Path, conditions: list[str]) -> Built:
    """Capture, dream and index one unit; a wiki-off copy when asked for."""
    from dream import DreamOptions
    from memory_schema import init_memory
    from search import get_embedder, open_index

    on = root / WIKI_ON
    if root.exists():
        shutil.rmtree(root)
    repo, _ = init_memory(on)
    t0 = time.perf_counter()
    capture_unit(repo, unit)
    t1 = time.perf_counter()
    options = DreamOptions(engine="extractive", embedder=get_embedder(), today=unit.today)
    runs = len(dream_until_done(repo, options))
    t2 = time.perf_counter()
    index = open_index(on)
    index.update()
    index.close()
    t3 = time.perf_counter()
    roots = {WIKI_ON: on}
    if WIKI_OFF in conditions:
        roots[WIKI_OFF] = hide_wiki(on, root / WIKI_OFF)
    stats = {
        "sessions": len(unit.sessions),
        "turns": sum(len(s.turns) for s in unit.sessions),
        "dream_runs": runs,
        "pages": len(list((on / "knowledge").rglob("*.md"))),
        "capture_seconds": round(t1 - t0, 3),
        "dream_seconds": round(t2 - t1, 3),
        "index_seconds": round(t3 - t2, 3),
    }
    answered = [q.evidence for q in unit.questions if q.golds and q.evidence]
    cov, by_pages, by_both = coverage.measure(on, unit.sessions, answered)
    stats["coverage"] = cov.as_dict()
    return Built(roots, stats, by_pages, by_both)


def capture_unit(repo: MemoryRepo, unit: Unit) -> None:
    """Capture a unit's sessions, then its documents and notes when it has any (a unit
    may bring its own capture, as hand-written personas do: their files through
    `brain capture`'s own code)."""
    if unit.capture is not None:
        unit.capture(repo)
        return
    from ingest.capture import capture_sessions

    report = capture_sessions(repo, unit.sessions)
    if not report.ok:
        bad = report.rejected[0]
        raise EvalError(f"{unit.id}: capture rejected {bad.id}: {bad.message}")


def hide_wiki(src: Path, dst: Path) -> Path:
    """A copy of the memory with knowledge/ and INDEX.md removed in one commit.

    The search index is copied along: its vectors are keyed by text, so only the
    removed wiki blocks change when it catches up."""
    from memory_schema import MemoryRepo
    from search import open_index

    shutil.copytree(src, dst, symlinks=True)
    repo = MemoryRepo.open(dst)
    wiki = sorted(
        p.relative_to(dst).as_posix() for p in (dst / "knowledge").rglob("*") if p.is_file()
    )
    with repo.transaction("eval: hide the wiki (ablation)", {"Brain-Command": "eval"}) as tx:
        for rel in [*wiki, "INDEX.md"]:
            if (dst / rel).exists():
                tx.delete(rel)
    index = open_index(dst)
    index.update()
    index.close()
    return dst


class Asker:
    """Asks one question of a fresh agent over one memory and measures what it took."""

    def __init__(self, root: Path, o: QAOptions):
        from agent.runner import AgentSettings
        from search import open_index

        self.root = root
        self.settings = o.agent or AgentSettings(engine=o.engine)
        self.backend = o.backend
        self.index = open_index(root)

    def ask(self, question: str) -> dict[str, Any]:
        from agent.runner import Agent

        with Agent(
            self.root,
            self.settings,
            record=False,
            backend=self.backend,
            searcher=self.index,
        ) as agent:
            returned = [0]
            call = agent.toolbox.call

            def counting(name: str, arguments: dict[str, Any] | None) -> Any:
                result = call(name, arguments)
                returned[0] += len(result.content)
                return result

            agent.toolbox.call = counting  # type: ignore[method-assign]
            answer = agent.ask(question)
        out = answer.as_json()
        out["stop_reason"] = answer.stop_reason
        out["chars_returned"] = returned[0]
        out["bytes_read"] = sum(
            (self.root / f).stat().st_size for f in answer.files_read if (self.root / f).is_file()
        )
        return out

    def close(self) -> None:
        self.index.close()


def score(item: QAItem, ans: dict[str, Any], condition: str) -> dict[str, Any]:
    """One answer's row: what was asked, answered and cited, and every metric."""
    text = str(ans["answer"])
    top = m.first_line(m.strip_citations(text))
    abstained = ans.get("stop_reason") == "no-support" or (
        ans.get("engine") != "extractive" and m.is_abstention(text)
    )
    row: dict[str, Any] = {
        "id": item.id,
        "unit": item.unit,
        "condition": condition,
        "category": item.category,
        "question": item.question,
        "golds": item.golds,
        "answer": text,
        "citations": ans["citations"],
        "files_read": ans["files_read"],
        "abstained": abstained,
        "seconds": ans["seconds"],
        "tool_calls": ans["tool_calls"],
        "tokens": ans["tokens"]["input"] + ans["tokens"]["output"],
        "chars_returned": ans["chars_returned"],
        "bytes_read": ans["bytes_read"],
        "stop_reason": ans.get("stop_reason"),
    }
    row |= _correctness(item.golds, text, top, abstained)
    if item.evidence:
        row["evidence_recall"] = m.evidence_recall(ans["citations"], item.evidence)
        row["touched_gold"] = float(m.touched_gold(ans["files_read"], item.evidence))
    if item.stale:
        row["stale"] = float(m.contains(top, item.stale) and not m.contains(top, item.golds))
    if item.locomo_category is not None:
        gold = item.golds[0] if item.golds else ""
        row["locomo_category"] = item.locomo_category
        said = _answer_for_f1(top, abstained)
        row["locomo_f1"] = m.locomo_score(said, gold, item.locomo_category)
        if item.audited is not None:
            audited_gold = item.audited["golds"][0] if item.audited["golds"] else ""
            row["audited"] = {
                "error_type": item.audited.get("error_type"),
                "golds": item.audited["golds"],
                "locomo_f1": m.locomo_score(said, audited_gold, item.locomo_category),
                **_correctness(item.audited["golds"], text, top, abstained),
            }
            if item.audited["evidence"]:
                row["audited"]["evidence_recall"] = m.evidence_recall(
                    ans["citations"], item.audited["evidence"]
                )
    return row


def _answer_for_f1(text: str, abstained: bool) -> str:
    """The answer line as LoCoMo scores it. F1 reads only the answer's first line, as
    `correct` does: the lines under it quote the cited evidence, and scoring them would
    make an answer's F1 depend on how much evidence it shows. An abstention scores as
    LoCoMo's own phrase, so category 5 reads it either way."""
    return "No information available" if abstained else text


def _correctness(golds: list[str], text: str, top: str, abstained: bool) -> dict[str, Any]:
    if not golds:  # never mentioned: right only when the agent declines
        return {"correct": float(abstained), "contains": float(abstained)}
    return {
        "correct": float(not abstained and m.contains(top, golds)),
        "contains": float(not abstained and m.contains(text, golds)),
        "em": float(not abstained and m.exact_match(top, golds)),
        "f1": 0.0 if abstained else m.token_f1(top, golds),
    }


def _wiki_figures(item: QAItem, row: dict[str, Any], built: Built) -> None:
    """What Dream put in the wiki for this question's gold blocks (wiki-on rows only:
    a property of the memory, the same for both conditions)."""
    gold = coverage.gold_blocks([item.evidence])
    if gold:
        row["gold_in_wiki"] = len(gold & built.wiki_cites) / len(gold)
        row["gold_in_wiki_or_summaries"] = len(gold & built.summary_cites) / len(gold)


def _judge(o: QAOptions, item: QAItem, row: dict[str, Any]) -> None:
    if o.judge is None:
        return
    quotes = [f"{c['path']}#^{c['anchor']}: {c['quote']}" for c in row["citations"]]
    verdict = o.judge.score(item.question, item.golds, row["answer"], quotes)
    row["judge"] = verdict.as_dict()


def run_qa(o: QAOptions, progress: Progress | None = None) -> dict[str, Any]:
    """Build, ask, score, write report.md, results.json and the chart; return results."""
    from .report import summarize, write_report

    if o.ablation not in (None, *ABLATIONS):
        raise EvalError(f"unknown ablation {o.ablation!r}; choose from {', '.join(ABLATIONS)}")
    if o.engine == "llm" and o.backend is None:
        # Open the model once, before minutes of building: a missing key fails now.
        from agent.llm import open_backend
        from agent.runner import AgentSettings

        o.backend = open_backend((o.agent or AgentSettings(engine="llm")).backend)
    units = load_units(o)
    try:
        o.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EvalError(
            f"cannot create the output folder: {exc.strerror}", path=str(o.out)
        ) from exc
    workdir = o.workdir or o.out / "memories"
    total = sum(len(u.questions) for u in units) * len(o.conditions)
    rows: list[dict[str, Any]] = []
    builds: dict[str, Any] = {}
    started = time.perf_counter()
    with (o.out / "answers.jsonl").open("w", encoding="utf-8") as log:
        for k, unit in enumerate(units, 1):
            if progress:
                progress("building memories", k - 1, len(units))
            built = build_memory(unit, workdir / unit.id, o.conditions)
            builds[unit.id] = built.stats
            askers = {c: Asker(root, o) for c, root in built.roots.items()}
            try:
                for i, item in enumerate(unit.questions):
                    # Alternate which condition goes first, so neither always runs warm.
                    order = o.conditions if i % 2 == 0 else o.conditions[::-1]
                    for condition in order:
                        row = score(item, askers[condition].ask(item.question), condition)
                        if condition == WIKI_ON:
                            _wiki_figures(item, row, built)
                        _judge(o, item, row)
                        rows.append(row)
                        log.write(json.dumps(row, ensure_ascii=False) + "\n")
                        if progress:
                            progress("asking", len(rows), total)
            finally:
                for a in askers.values():
                    a.close()
    if progress:
        progress("building memories", len(units), len(units))
    results = summarize(o, units, rows, builds, time.perf_counter() - started)
    write_report(results, o.out)
    return results
