"""The current value of any attribute, however the change is typed: a value the grammar
ends and a successor named in other words, a name beside something of the speaker's, an
end at a named place, and what is no value (a day, a description of many things)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import numpy as np
import pytest

from dream import DreamOptions, run_dream
from dream.changes import Candidate, read_changes, value_candidates
from dream.roles import read_roles
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from language import parse
from language.person import clean_text
from memory_schema import init_memory
from search import get_embedder


def _session(sid: str, day: str, *turns: str) -> dict:
    out = []
    for text in turns:
        out += [{"role": "user", "content": text}, {"role": "assistant", "content": "ok!"}]
    return {"id": sid, "started_at": f"{day}T09:00:00+00:00", "title": sid, "turns": out}


SESSIONS = [
    _session("2026-01-04-drinks", "2026-01-04",
             "i drink diet coke all day at my desk, like 4 cans"),
    _session("2026-02-11-drinks", "2026-02-11",
             "ok so i quit diet coke. 3 weeks now. fizzy water with lemon instead, "
             "way less headachey"),
    _session("2026-03-02-work", "2026-03-02",
             "first week done. my boss, Carla Mendes, is kind of a lot but fair"),
    _session("2026-03-20-rate", "2026-03-20",
             "tiny update, hr bumped me to 31.50 after the probation review"),
    _session("2026-04-02-keys", "2026-04-02", "WE GOT THE KEYS TODAY. finally"),
]  # fmt: skip


class _Examples:
    """A classifier by examples with fixed scores per text (the mechanism under test is
    how the scores are combined, not the embedding model)."""

    def __init__(self, labels: list[str], table: dict[str, list[float]]):
        self.labels, self.table = labels, table

    def scores(self, vectors: np.ndarray) -> np.ndarray:
        return np.array([self.table[str(int(v[0]))] for v in vectors])


class _Embed:
    def __init__(self, ids: dict[str, int]):
        self.ids = ids

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.array([[float(self.ids[t])] for t in texts])


@dataclass
class _Said:
    n: int
    vector: np.ndarray
    topic: str = "Work and money"
    anchor: tuple[str, str, str] = ("sessions/x", "t1", "")
    changes: list = field(default_factory=list)


def _read(context_scores: list[float], sentence_change: list[float], value: str) -> list:
    role = _Examples(["new", "old", "other"], {"0": context_scores})
    change = _Examples(["change", "steady"], {"7": sentence_change})
    st = _Said(1, np.array([7.0]))
    read_roles([(st, Candidate(value, "they did something to X", None))], role,
               _Embed({"they did something to X": 0}), change)  # fmt: skip
    return [(c.new, c.old) for c in st.changes]


def test_a_lone_new_value_needs_a_clear_clause_or_a_sentence_of_change_too() -> None:
    clear, fair = [0.80, 0.60, 0.65], [0.70, 0.62, 0.64]  # margins 0.15 and 0.06
    assert _read(clear, [0.4, 0.5], "31.50") == [("31.50", None)]
    assert _read(fair, [0.4, 0.5], "31.50") == []  # a steady sentence: not enough
    assert _read(fair, [0.5, 0.4], "31.50") == [("31.50", None)]  # a change: enough
    assert _read(fair, [0.5, 0.4], "keys") == []  # a bare common noun says too little


def values(text: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(c.attr, c.new, c.old) for c in read_changes(parse([clean_text(text)])[0])]


def test_a_name_beside_something_of_the_speakers_is_its_value() -> None:
    assert values("my boss, Carla Mendes, is kind of a lot") == [("Boss", "Carla Mendes", None)]
    assert values("Omar, my new team lead, seems nice") == [("Team lead", "Omar", None)]
    assert values("met Omar, the team lead of the other squad") == []


def test_an_end_at_a_named_place_ends_the_place() -> None:
    assert values("quit my job at northwind last friday") == [(None, None, "northwind")]
    assert values("so i lost my job at the corner bakery") == [(None, None, "corner bakery")]
    assert values("i quit coffee") == [(None, None, "coffee")]


def test_a_day_and_a_description_of_many_things_are_no_values() -> None:
    assert values("my last day there is april 30") == []
    found = [c.value for c in value_candidates(parse(["i sent all the invoices yesterday"])[0])]
    assert "all the invoices" not in found and "invoices" not in found


def test_someone_elses_act_is_not_the_speakers_value() -> None:
    def found(text: str) -> list[str]:
        return [c.value for c in value_candidates(parse([clean_text(text)])[0])]

    assert "Porto" not in found("my brother keeps sending me flats in Porto, cute but no")
    assert "Porto" not in found("my mum wants me to look at flats in Porto")
    assert "sugar" in found("so that's the end of sugar for me")  # 'that' is no one else
    assert "31.50" in found("they bumped me to 31.50")  # the speaker is what they moved


def test_a_values_context_is_its_act_not_the_whole_sentence() -> None:
    doc = parse([clean_text("they bumped me to 31.50 after my 90 day review")])[0]
    contexts = {c.value: c.context for c in value_candidates(doc)}
    assert contexts == {"31.50": "they bumped me to X"}  # the review is when, not a value


def section(text: str, name: str) -> list[str]:
    m = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return [x for x in (m.group(1).splitlines() if m else []) if x.startswith("- ")]


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    tmp = tmp_path_factory.mktemp("current")
    f = tmp / "chats.jsonl"
    f.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS))
    repo, _ = init_memory(tmp / "memory")
    assert capture_sessions(repo, parse_file(f)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return (tmp / "memory/knowledge/people/User.md").read_text()


def test_an_ended_value_and_its_successor_in_other_words(profile: str) -> None:
    current, history = section(profile, "Current"), section(profile, "History")
    assert any("fizzy water" in x and "since 2026-02-11" in x for x in current), current
    assert not any("diet coke" in x.lower() for x in current)
    assert any("diet coke" in x.lower() and "to 2026-02-11" in x for x in history), history


def test_a_named_boss_is_current(profile: str) -> None:
    current = section(profile, "Current")
    assert any(x.startswith("- **Boss:**") and "Carla Mendes" in x for x in current), current


def test_when_something_happened_is_no_value(profile: str) -> None:
    current = section(profile, "Current")
    assert not any("probation" in x for x in current)
    assert not any("keys" in x.lower() for x in current)  # "WE GOT THE KEYS TODAY"
