"""The seeded persona generator: same seed, same personas, byte for byte."""

from __future__ import annotations

import datetime as dt
import random
import re

from .context import Ctx, QSpec, data
from .facts import (
    plant_bridges,
    plant_changes,
    plant_events,
    plant_identity,
    plant_preferences,
    plant_projects,
)
from .model import CATEGORIES, Evidence, Persona, Question
from .render import render_sessions, timeline

#: Questions asked per persona and category in the full suite (18 per persona).
PER_CATEGORY = {
    "single-hop": 3,
    "multi-hop": 2,
    "temporal": 3,
    "preference": 3,
    "prior-task": 3,
    "knowledge-update": 2,
    "abstention": 2,
}
DEFAULT_PERSONAS = 20
DEFAULT_SEED = 7


def generate_personas(
    seed: int = DEFAULT_SEED,
    count: int = DEFAULT_PERSONAS,
    *,
    per_category: dict[str, int] | None = None,
    sessions: tuple[int, int] = (30, 38),
) -> list[Persona]:
    """`count` personas; each one depends only on (seed, its index)."""
    return [
        generate_persona(seed, i, per_category=per_category, sessions=sessions)
        for i in range(count)
    ]


def generate_persona(
    seed: int,
    index: int,
    *,
    per_category: dict[str, int] | None = None,
    sessions: tuple[int, int] = (30, 38),
) -> Persona:
    # String seeds hash with SHA-512 in `random`: stable across runs and platforms.
    rng = random.Random(f"brain-personas:{seed}:{index}")
    start = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 420))
    slots = timeline(rng, rng.randint(*sessions), start)
    ctx = Ctx(rng, slots)
    first, last = ctx.one("first_names"), ctx.one("last_names")
    pid = f"persona-{index + 1:02d}"
    identity = plant_identity(ctx)
    plant_bridges(ctx, identity)
    plant_preferences(ctx)
    plant_events(ctx)
    plant_changes(ctx)
    plant_projects(ctx)
    sessions_out = render_sessions(ctx, pid, first)
    specs = _choose(ctx, per_category or PER_CATEGORY)
    specs += _abstentions(ctx, sessions_out, (per_category or PER_CATEGORY)["abstention"])
    order = {c: i for i, c in enumerate(CATEGORIES)}
    specs.sort(key=lambda s: order[s.category])
    questions = [_finish(spec, pid, n) for n, spec in enumerate(specs, start=1)]
    asked = slots[-1] + dt.timedelta(days=rng.randint(1, 4), hours=rng.randint(0, 5))
    return Persona(pid, f"{first} {last}", sessions_out, questions, asked)


def _choose(ctx: Ctx, per_category: dict[str, int]) -> list[QSpec]:
    chosen = []
    for category in CATEGORIES:
        pool = [q for q in ctx.questions if q.category == category]
        chosen += ctx.rng.sample(pool, min(per_category.get(category, 0), len(pool)))
    return chosen


def words_in(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def _abstentions(ctx: Ctx, sessions: list, count: int) -> list[QSpec]:
    """Questions about things the history never mentions: none of their terms occurs."""
    seen = set()
    for s in sessions:
        seen |= words_in(s.title)
        for t in s.turns:
            seen |= words_in(t.content)
    options = []
    for item in data("facts")["abstention"]:
        terms = [str(t) for t in item["terms"]]
        if not any(words_in(t) <= seen for t in terms):
            options.append(QSpec("abstention", item["question"], None, absent_terms=terms))
    return ctx.rng.sample(options, min(count, len(options)))


def _finish(spec: QSpec, pid: str, n: int) -> Question:
    evidence = []
    for line in spec.lines:
        if line.placed is None:
            raise RuntimeError(f"evidence line was never rendered: {line.text!r}")
        sid, turn, path = line.placed
        evidence.append(Evidence(sid, turn, path, line.mentions))
    return Question(
        id=f"{pid}-q{n:02d}",
        persona=pid,
        category=spec.category,
        question=spec.question,
        answer=spec.answer,
        aliases=list(spec.aliases),
        evidence=evidence,
        stale=list(spec.stale),
        absent_terms=list(spec.absent_terms),
    )
