"""Turn a persona's slots and beats into Sessions, recording where each fact landed."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any

from memory_schema.layout import session_path
from memory_schema.session import Session, Turn

from .context import Beat, Ctx, Line, data


def timeline(rng: Any, count: int, start: dt.date) -> list[dt.datetime]:
    """Session start times: weekdays busier than weekends, evenings and lunch breaks
    busier than the night, one quiet stretch (a holiday), at most one session a day."""
    hours = [8, 9, 9, 10, 12, 12, 13, 17, 18, 19, 20, 20, 21, 21, 22, 23]
    out: list[dt.datetime] = []
    day = start
    holiday_after = rng.randint(count // 3, 2 * count // 3)
    while len(out) < count:
        busy = 0.34 if day.weekday() < 5 else 0.2
        if rng.random() < busy:
            t = dt.time(rng.choice(hours), rng.randrange(60))
            out.append(dt.datetime.combine(day, t))
            if len(out) == holiday_after:
                day += dt.timedelta(days=rng.randint(8, 18))
        day += dt.timedelta(days=1)
    return out


def render_sessions(ctx: Ctx, persona_id: str, speaker: str) -> list[Session]:
    by_slot: dict[int, list[Beat]] = defaultdict(list)
    for beat in ctx.beats:
        by_slot[beat.slot].append(beat)
    return [
        _session(ctx, f"{persona_id}-{start:%Y-%m-%d}", start, by_slot[i], speaker)
        for i, start in enumerate(ctx.slots)
    ]


def _topic_values(ctx: Ctx) -> dict[str, Any]:
    return {
        "city": ctx.spare("cities"),
        "person": ctx.spare("first_names"),
        "day": ctx.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]),
        "number": ctx.rng.randint(3, 12),
    }


def _exchange(
    ctx: Ctx, user: list[str], assistant: list[str], v: dict[str, Any], i: int | None = None
) -> list[Line]:
    """A user line and the assistant line written for it (the lists are parallel)."""
    i = ctx.rng.randrange(len(user)) if i is None else i
    return [
        Line("user", user[i].format_map(v)),
        Line("assistant", assistant[i % len(assistant)].format_map(v)),
    ]


def _session(ctx: Ctx, sid: str, start: dt.datetime, beats: list[Beat], speaker: str) -> Session:
    topics, filler = data("topics")["topics"], data("topics")["filler"]
    lead = [b for b in beats if b.lead]
    rest = [b for b in beats if not b.lead]
    units: list[list[Line]] = []
    if lead:
        title = lead[0].title or "Project work"
        opening = list(lead[0].lines)
        if opening[-1].role == "user":
            opening.append(Line("assistant", ctx.pick(filler["ack"])))
        rest += lead[1:]  # never happens by construction, kept so nothing is dropped
    else:
        topic = topics[ctx.pick(sorted(topics))]
        v = _topic_values(ctx)
        title = str(ctx.pick(topic["title"])).format_map(v)
        opening = _exchange(ctx, topic["open"], topic["reply"], v)
        follows = range(len(topic["follow"]))
        for i in ctx.rng.sample(follows, min(len(follows), ctx.rng.choice([0, 1, 1, 2]))):
            units.append(_exchange(ctx, topic["follow"], topic["follow_reply"], v, i))
    for beat in rest:
        lines = list(beat.lines)
        if lines[-1].role == "user":
            lines.append(Line("assistant", ctx.pick(filler["ack"])))
        units.append(lines)
    if ctx.rng.random() < 0.35:
        units.append(
            [
                Line("user", ctx.pick(filler["user"])),
                Line("assistant", ctx.pick(filler["assistant"])),
            ]
        )
    ctx.rng.shuffle(units)
    lines = opening + [ln for unit in units for ln in unit]
    if ctx.rng.random() < 0.6:
        lines += [
            Line("user", ctx.pick(filler["closing_user"])),
            Line("assistant", ctx.pick(filler["closing_assistant"])),
        ]
    path = session_path(sid, start.year, start.month)
    turns = []
    at = start
    for n, line in enumerate(lines, start=1):
        line.placed = (sid, n, path)
        who = speaker if line.role == "user" else None
        turns.append(Turn(role=line.role, content=line.text, speaker=who, at=at))
        at += dt.timedelta(minutes=ctx.rng.randint(1, 4), seconds=ctx.rng.randrange(60))
    return Session(id=sid, title=title, format="brain", turns=turns, started=start)
