"""The generator's working state: seeded randomness, value pools, slots and beats.

A *slot* is one future session (its start time); a *beat* is a planted exchange placed
in a slot; a *line* is one turn of a beat. Lines that carry a fact record what they must
state (`mentions`) and, once rendered, where they ended up, so gold evidence is
mechanical rather than annotated.
"""

from __future__ import annotations

import datetime as dt
import functools
import random
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import yaml


@functools.cache
def data(name: str) -> Any:
    """One of the YAML data files in evals/personas/data/ (vocab, facts, projects, topics)."""
    text = resources.files("evals.personas").joinpath("data", f"{name}.yaml").read_text("utf-8")
    return yaml.safe_load(text)


@dataclass(eq=False)
class Line:
    role: str
    text: str
    mentions: tuple[str, ...] = ()
    #: (session id, 1-based turn, session path) once rendered.
    placed: tuple[str, int, str] | None = None


@dataclass(eq=False)
class Beat:
    slot: int
    lines: list[Line]
    #: A lead beat is the session's subject (a project task): it opens the session.
    lead: bool = False
    title: str | None = None


@dataclass
class QSpec:
    """A question before rendering: its evidence is still a list of Lines."""

    category: str
    question: str
    answer: str | None
    lines: list[Line] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    absent_terms: list[str] = field(default_factory=list)


_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Sentence starters that read naturally in lower case after an aside ("By the way, my ...").
_LOWERABLE = {
    "My", "The", "We", "We're", "Had", "Still", "Passed", "Back", "Note", "Big", "Last",
    "Got", "Booked", "Knee", "Took", "Having", "Living", "Moving", "First", "Second",
    "Sorry", "Keep", "Quick", "One", "From", "Can", "Please", "Standing", "Nothing", "If",
    "For", "Put", "Saw", "At", "Funny", "A", "Goodbye", "It's", "Being", "Work", "As",
    "Just", "Let", "Signed", "Decided", "Found", "Mystery", "Update", "Checked",
}  # fmt: skip


class Ctx:
    """Per-persona state. All randomness goes through `self.rng` (seeded)."""

    def __init__(self, rng: random.Random, slots: list[dt.datetime]) -> None:
        self.rng = rng
        self.slots = slots
        self.beats: list[Beat] = []
        self.questions: list[QSpec] = []
        self._used: set[str] = set()
        self._lead_slots: set[int] = set()

    # ------------------------------------------------------------------ values
    def draw(self, pool: str | list[Any], k: int = 1) -> list[Any]:
        """k distinct values not used before by this persona (pool: vocab key or list)."""
        items = data("vocab")[pool] if isinstance(pool, str) else pool
        free = [v for v in items if str(v).lower() not in self._used]
        if len(free) < k:
            raise ValueError(f"value pool exhausted ({pool if isinstance(pool, str) else '...'})")
        chosen = self.rng.sample(free, k)
        self._used.update(str(v).lower() for v in chosen)
        return chosen

    def one(self, pool: str | list[Any]) -> Any:
        return self.draw(pool)[0]

    def pick(self, options: list[Any]) -> Any:
        return self.rng.choice(options)

    def spare(self, pool: str) -> Any:
        """A value for background text: never one of this persona's facts, not reserved."""
        return self.pick([v for v in data("vocab")[pool] if str(v).lower() not in self._used])

    def fill(
        self,
        template: str,
        values: dict[str, Any],
        mention: tuple[str, ...] = (),
        also: tuple[str, ...] = (),
        role: str = "user",
    ) -> Line:
        """A line from `template`. It must state the values of the `mention` placeholders
        it contains and the literal strings `also` (its gold evidence `mentions`)."""
        missing = set(_PLACEHOLDER.findall(template)) - set(values)
        if missing:
            raise KeyError(f"template {template!r} lacks values for {sorted(missing)}")
        text = template.format_map(values)
        mentions = tuple(str(values[k]) for k in mention if "{" + k + "}" in template)
        return Line(role, _capitalise(text), mentions + also)

    def aside(self, line: Line) -> Line:
        """Prefix a user line with a conversational aside ("By the way, ...") sometimes."""
        prefix = self.pick(data("topics")["filler"]["aside"])
        if not prefix:
            return line
        first = line.text.split(" ", 1)[0]
        text = line.text[0].lower() + line.text[1:] if first in _LOWERABLE else line.text
        line.text = prefix + text
        return line

    # ------------------------------------------------------------------ time
    def date_of(self, slot: int) -> dt.date:
        return self.slots[slot].date()

    def date_text(self, day: dt.date) -> str:
        """The date as people write it in chat, with day number and month name."""
        month, n, wd = day.strftime("%B"), day.day, day.strftime("%A")
        return self.pick(
            [f"{n} {month}", f"{month} {n}", f"the {_ordinal(n)} of {month}", f"{wd} {n} {month}"]
        )

    # ------------------------------------------------------------------ placement
    def slot_in(
        self, lo: float, hi: float, avoid: set[int] | None = None, lead: bool = False
    ) -> int:
        """A slot index within the fraction [lo, hi) of the timeline, lightly loaded."""
        n = len(self.slots)
        start = min(int(lo * n), n - 1)
        stop = max(start + 1, min(n, int(hi * n + 0.999)))
        bad = (avoid or set()) | (self._lead_slots if lead else set())
        cands = [i for i in range(start, stop) if i not in bad]
        if not cands:
            cands = [i for i in range(n) if i not in bad]
        if not cands:
            raise ValueError("no free session slot left for a planted fact")
        load = {i: 0 for i in cands}
        for b in self.beats:
            if b.slot in load:
                load[b.slot] += 1 + 2 * b.lead
        few = self.rng.sample(cands, min(3, len(cands)))
        chosen = min(few, key=lambda i: load[i])
        if lead:
            self._lead_slots.add(chosen)
        return chosen

    def add(self, slot: int, *lines: Line, lead: bool = False, title: str | None = None) -> Beat:
        beat = Beat(slot, list(lines), lead=lead, title=title)
        self.beats.append(beat)
        return beat

    def ask(self, spec: QSpec) -> None:
        self.questions.append(spec)


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def date_answers(day: dt.date) -> tuple[str, list[str]]:
    """Gold answer for a date (as the turn states it: day and month; the year is the
    session's), and the other ways of writing it that count as correct."""
    month = day.strftime("%B")
    return f"{day.day} {month}", [
        f"{day.day} {month} {day.year}",
        f"{month} {day.day}",
        f"{month} {day.day}, {day.year}",
        day.isoformat(),
    ]
