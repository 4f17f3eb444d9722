"""Plant a persona's facts as beats in its timeline and write the questions about them.

Every family draws its values, places the turns that state them (plus distractors that
state something similar about someone else), and registers candidate questions whose
evidence is the very Line objects it placed.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from .context import Ctx, Line, QSpec, data, date_answers

_SINGLE = ("pet", "partner", "sibling", "friend", "hometown", "partner_job", "learning")
_BRIDGES = {  # family -> (identity family, answer placeholder, answer pool)
    "partner_instrument": ("partner", "instrument", "instruments"),
    "sibling_city": ("sibling", "city", "cities"),
    "friend_job": ("friend", "profession", "professions"),
    "pet_vet": ("pet", "vet", "vet_surnames"),
}
_PREFERENCES = {  # family -> (placeholder, vocab pool)
    "diet": ("diet", "diets"),
    "coffee": ("coffee", "coffee_orders"),
    "answer_format": ("request", "answer_formats"),
    "units": ("unit", "units"),
    "code_language": ("language", "languages"),
    "music": ("music", "music"),
    "cuisine": ("cuisine", "cuisines"),
    "seat": ("seat", "seats"),
}


def _facts() -> dict[str, Any]:
    return data("facts")


def _distract(ctx: Ctx, family: str, values: dict[str, Any], chance: float = 0.6) -> None:
    """Sometimes plant a similar-but-different statement about someone else."""
    templates = _facts()[family].get("distractor")
    if templates and ctx.rng.random() < chance:
        line = ctx.fill(ctx.pick(templates), values)
        ctx.add(ctx.slot_in(0.0, 1.0), ctx.aside(line))


def _question(ctx: Ctx, family: str, values: dict[str, Any], key: str = "question") -> str:
    return str(ctx.pick(_facts()[family][key])).format_map(values)


# ---------------------------------------------------------------------- identity


def plant_identity(ctx: Ctx) -> dict[str, tuple[dict[str, Any], Line, int]]:
    """Relations, pet, hometown, partner's job, a language: single-hop questions.

    Returns each family's values, the line stating it and its slot, for the bridges.
    """
    vals: dict[str, dict[str, Any]] = {
        "pet": {"kind": ctx.one("pet_kinds"), "pet": ctx.one("pet_names")},
        "partner": {"rel": ctx.one("partner_words"), "name": ctx.one("first_names")},
        "sibling": {"rel": ctx.pick(["sister", "brother"]), "name": ctx.one("first_names")},
        "friend": {"name": ctx.one("first_names")},
        "hometown": {"city": ctx.one("cities")},
        "learning": {"language": ctx.one("learning_languages")},
    }
    vals["partner_job"] = {"rel": vals["partner"]["rel"], "profession": ctx.one("professions")}
    mention = {
        "pet": ("kind", "pet"),
        "partner": ("rel", "name"),
        "sibling": ("rel", "name"),
        "friend": ("name",),
        "hometown": ("city",),
        "partner_job": ("rel", "profession"),
        "learning": ("language",),
    }
    answer_key = {"pet": "pet", "partner": "name", "sibling": "name", "friend": "name"}
    answer_key |= {"hometown": "city", "partner_job": "profession", "learning": "language"}
    other_pool = {"pet": "pet_names", "partner": "first_names", "sibling": "first_names"}
    other_pool |= {"friend": "first_names", "hometown": "cities", "partner_job": "professions"}
    other_pool |= {"learning": "learning_languages"}
    out = {}
    for family in _SINGLE:
        v = vals[family]
        also = ("best friend",) if family == "friend" else ()
        line = ctx.fill(ctx.pick(_facts()[family]["state"]), v, mention[family], also)
        slot = ctx.slot_in(0.0, 0.55)
        ctx.add(slot, ctx.aside(line))
        out[family] = (v, line, slot)
        ctx.ask(QSpec("single-hop", _question(ctx, family, v), str(v[answer_key[family]]), [line]))
        other = {"other": ctx.one(other_pool[family]), "other_name": ctx.one("first_names")}
        _distract(ctx, family, {**v, **other})
    return out


def plant_bridges(ctx: Ctx, identity: dict[str, tuple[dict[str, Any], Line, int]]) -> None:
    """A fact about a person or pet stated by name only, in another session: multi-hop."""
    for family, (of, key, pool) in _BRIDGES.items():
        who, id_line, id_slot = identity[of]
        value = ctx.one(pool)
        v = {**who, key: value}
        name_key = "pet" if of == "pet" else "name"
        line = ctx.fill(ctx.pick(_facts()[family]["bridge"]), v, (name_key, key))
        ctx.add(ctx.slot_in(0.0, 1.0, avoid={id_slot}), ctx.aside(line))
        answer, aliases = (f"Dr. {value}", [str(value)]) if key == "vet" else (str(value), [])
        q = _question(ctx, family, v)
        ctx.ask(QSpec("multi-hop", q, answer, [id_line, line], aliases=aliases))
        other = {"other": ctx.one(pool), "other_name": ctx.one("first_names")}
        _distract(ctx, family, {**v, **other})


# ---------------------------------------------------------------------- preferences


def plant_preferences(ctx: Ctx, count: int = 5) -> None:
    for family in ctx.rng.sample(sorted(_PREFERENCES), count):
        key, pool = _PREFERENCES[family]
        value = ctx.one(pool)
        if family == "answer_format":
            v, answer, also = {"request": value["request"]}, value["value"], (value["value"],)
        else:
            v, answer, also = {key: value}, str(value), ()
        line = ctx.fill(ctx.pick(_facts()[family]["state"]), v, (key,) if not also else (), also)
        ctx.add(ctx.slot_in(0.0, 0.75), ctx.aside(line))
        aliases = [f"{answer} units"] if family == "units" else []
        ctx.ask(QSpec("preference", _question(ctx, family, v), answer, [line], aliases=aliases))
        if family in ("diet", "coffee", "code_language", "music", "cuisine"):
            _distract(ctx, family, {"other": ctx.one(pool), "other_name": ctx.one("first_names")})


# ---------------------------------------------------------------------- dated events


def _event_values(ctx: Ctx) -> dict[str, Any]:
    return {
        "city": ctx.one("cities"),
        "conference": ctx.one("conferences"),
        "band": ctx.one("bands"),
    }


def plant_events(ctx: Ctx, count: int = 4) -> None:
    """Dated events said before (plan) or after (recap) they happen; when, and in what order."""
    kinds = {k: v for k, v in _facts()["events"].items() if k != "order_question"}
    last = ctx.date_of(len(ctx.slots) - 1)
    taken: set[dt.date] = set()
    done: list[tuple[dt.date, str, Line]] = []
    for kind in ctx.rng.sample(sorted(kinds), count):
        spec = kinds[kind]
        v = _event_values(ctx)
        slot = ctx.slot_in(0.05, 0.9)
        on = ctx.date_of(slot)
        mode = ctx.pick(["plan", "recap"]) if "recap" in spec else "plan"
        for _ in range(50):
            day = on + dt.timedelta(days=ctx.rng.randint(3, 30) if mode == "plan" else 0)
            if mode == "recap":
                day = on - dt.timedelta(days=ctx.rng.randint(1, 10))
            if day not in taken and all(abs((day - d).days) >= 2 for d in taken) and day <= last:
                break
        else:
            continue
        taken.add(day)
        label = str(spec["label"]).format_map(v)
        core = label.split(" ", 1)[1]  # without "my"/"the": what the turn must say
        text = ctx.date_text(day)
        line = ctx.fill(
            ctx.pick(spec[mode]), {**v, "date": text}, also=(core, str(day.day), day.strftime("%B"))
        )
        ctx.add(slot, ctx.aside(line))
        answer, aliases = date_answers(day)
        q = str(ctx.pick(spec["question"])).format_map(v)
        ctx.ask(QSpec("temporal", q, answer, [line], aliases=aliases))
        done.append((day, label, line))
        if spec.get("distractor") and ctx.rng.random() < 0.6:
            other_day = day + dt.timedelta(days=ctx.rng.choice([-9, -5, 4, 8, 13]))
            ov = {**_event_values(ctx), "other_name": ctx.one("first_names")}
            d_line = ctx.fill(
                ctx.pick(spec["distractor"]), {**ov, "date": ctx.date_text(other_day)}
            )
            ctx.add(ctx.slot_in(0.0, 1.0, avoid={slot}), ctx.aside(d_line))
    if len(done) >= 2:
        (d1, l1, line1), (d2, l2, line2) = ctx.rng.sample(done, 2)
        first_label = l1 if d1 < d2 else l2
        a, b = (l1, l2) if ctx.rng.random() < 0.5 else (l2, l1)
        q = str(ctx.pick(_facts()["events"]["order_question"])).format_map({"a": a, "b": b})
        core = first_label.split(" ", 1)[1]
        ctx.ask(QSpec("temporal", q, core, [line1, line2], aliases=[first_label]))


# ---------------------------------------------------------------------- changes of state


def _change(
    ctx: Ctx, family: str, v: dict[str, Any], lo: float, hi: float, date: bool = False
) -> tuple[Line, int, dt.date | None]:
    """The old state early in the timeline (once or twice), the change later."""
    for _ in range(ctx.rng.randint(1, 2)):
        old = ctx.fill(ctx.pick(_facts()[family]["old"]), v)
        ctx.add(ctx.slot_in(0.0, 0.4), ctx.aside(old))
    slot = ctx.slot_in(lo, hi)
    day = None
    values = dict(v)
    also: tuple[str, ...] = ()
    if date:
        day = ctx.date_of(slot) + dt.timedelta(days=ctx.rng.randint(7, 21))
        values["date"] = ctx.date_text(day)
        also = (str(day.day), day.strftime("%B"))
    line = ctx.fill(ctx.pick(_facts()[family]["change"]), values, ("new",), also)
    ctx.add(slot, ctx.aside(line))
    return line, slot, day


def plant_changes(ctx: Ctx) -> None:
    """A new job (always), sometimes a move, one or two replaced tools: knowledge update."""
    v = {"title": ctx.one("job_titles"), "old": ctx.one("companies"), "new": ctx.one("companies")}
    line, _, day = _change(ctx, "job", v, 0.55, 0.8, date=True)
    assert day is not None
    later = [i for i, t in enumerate(ctx.slots) if t.date() > day + dt.timedelta(days=7)]
    if later:  # a remark about the new job, once it has started
        after = ctx.fill(ctx.pick(_facts()["job"]["after"]), v)
        ctx.add(ctx.pick(later), ctx.aside(after))
    ctx.ask(QSpec("knowledge-update", _question(ctx, "job", v), v["new"], [line], stale=[v["old"]]))
    answer, aliases = date_answers(day)
    q = _question(ctx, "job", v, "start_question")
    ctx.ask(QSpec("temporal", q, answer, [line], aliases=aliases))
    if ctx.rng.random() < 0.6:
        v = {"old": ctx.one("cities"), "new": ctx.one("cities")}
        line, _, _ = _change(ctx, "move", v, 0.45, 0.85)
        q = _question(ctx, "move", v)
        ctx.ask(QSpec("knowledge-update", q, v["new"], [line], stale=[v["old"]]))
    tools = data("vocab")["tools"]
    for category in ctx.rng.sample(sorted(tools), ctx.rng.randint(1, 2)):
        old, new = ctx.draw(tools[category], 2)
        v = {"category": category, "old": old, "new": new}
        line, _, _ = _change(ctx, "tool", v, 0.45, 0.9)
        q = _question(ctx, "tool", v)
        ctx.ask(QSpec("knowledge-update", q, new, [line], stale=[old]))


# ---------------------------------------------------------------------- projects


def plant_projects(ctx: Ctx, count: int = 2) -> None:
    """Multi-session projects: a kickoff, then one session per decided detail."""
    projects = data("projects")
    kinds = [k for k in projects if k not in ("distractor", "kind_labels")]
    windows = [(0.0, 0.3), (0.3, 0.55)]
    for (lo, hi), kind in zip(windows, ctx.rng.sample(kinds, count), strict=False):
        spec = projects[kind]
        drawn = {k: ctx.one(list(pool)) for k, pool in (spec.get("draw") or {}).items()}
        name = str(spec["project"]).format_map(drawn)
        v = {**drawn, "project": name}
        i = ctx.rng.randrange(len(spec["intro"]))
        intro = ctx.fill(spec["intro"][i], v)
        reply = Line("assistant", str(spec["intro_reply"][i % len(spec["intro_reply"])]))
        slot = ctx.slot_in(lo, hi, lead=True)
        ctx.add(
            slot, intro, reply, lead=True, title=f"{name[:1].upper()}{name[1:]}: getting started"
        )
        prev, n = slot, len(ctx.slots)
        for detail in spec["details"].values():
            value = str(ctx.one(list(detail["values"])))
            dv = {**v, **{k: ctx.one(list(p)) for k, p in (detail.get("draw") or {}).items()}}
            dv["value"] = value
            ask = ctx.fill(ctx.pick(detail["ask"]), dv)
            reply = Line("assistant", str(ctx.pick(detail["reply"])))
            mention = ("value", "project", *(detail.get("draw") or {}))
            confirm = ctx.fill(ctx.pick(detail["confirm"]), dv, mention)
            start = prev / n + 0.04
            before = set(range(prev + 1))  # a project's tasks come in order
            slot = prev = ctx.slot_in(start, start + 0.22, avoid=before, lead=True)
            title = f"{name[:1].upper()}{name[1:]}: {detail['noun']}"
            ctx.add(slot, ask, reply, confirm, lead=True, title=title)
            q = str(ctx.pick(detail["question"])).format_map(dv)
            ctx.ask(QSpec("prior-task", q, value, [confirm]))
            if ctx.rng.random() < 0.35:
                other = [x for x in detail["values"] if str(x) != value]
                d = {
                    "other_name": ctx.one("first_names"),
                    "kind_label": projects["kind_labels"][kind],
                    "noun": detail["noun"],
                    "other_value": ctx.pick(other),
                }
                line = ctx.fill(ctx.pick(projects["distractor"]), d)
                ctx.add(ctx.slot_in(slot / n, 1.0, avoid={slot}), ctx.aside(line))
