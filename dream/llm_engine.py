"""The llm engine: a language model reads each new session, with the Dream Skill as its
instructions and the agent's read-only tools and Memory Agent to look around memory,
and reports observations as JSON. Dream turns them into pages exactly as it does the
extractive engine's, and the validators (entity, number, date and negation checks plus
the model's own entailment judgement) cut whatever the evidence does not support, so a
weak or confused model can waste a run but never corrupt the repo.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from memory_schema.index_md import render_index
from memory_schema.links import link_target_for_path
from memory_schema.repo import MemoryRepo

from .engine import Observer, WikiBuilder
from .extract import Observation, link
from .orient import WorkItem

SUBJECT_TYPES = ("person", "organization", "place", "project", "tool", "pet")
SECTIONS = (
    "Current",
    "Preferences",
    "Standing requests",
    "Facts",
    "Events",
    "Decisions",
    "People",
    "Pets",
    "Projects",
    "Tools",
    "Notes",
    "About",
)
MAX_TURN_CHARS = 1200


def _prompt(name: str) -> str:
    return resources.files("dream").joinpath("prompts", name).read_text("utf-8")


def task_text(item: WorkItem, owner: str | None = None) -> str:
    """The model's task for one session; an unnamed `user` turn is shown as the owner's
    (the person the memory belongs to), so its "I" and "my" get the owner's name."""
    s = item.session
    first = item.old_turns + 1

    def who(t: Any) -> str:
        return owner if owner and t.role == "user" and t.speaker is None else t.who

    turns = "\n".join(
        f"^t{n} {who(t)} ({t.role}): {' '.join(t.content.split())[:MAX_TURN_CHARS]}"
        for n, t in enumerate(s.turns, start=1)
        if n >= first
    )
    return (
        _prompt("task.md")
        .replace("{path}", item.path)
        .replace("{title}", s.title)
        .replace("{date}", s.date.isoformat() if s.date else "undated")
        .replace("{participants}", ", ".join(s.participants))
        .replace("{first}", str(first))
        .replace("{last}", str(len(s.turns)))
        .replace("{turns}", turns)
    )


def parse_observations(text: str, item: WorkItem) -> list[Observation] | None:
    """The model's JSON as Observations; None when there is no JSON object at all.

    Entries that are not well formed (unknown type or section, a turn that does not
    exist, an empty value) are dropped one by one.
    """
    m = re.search(r"\{.*\}", text, re.S)
    if not m:
        return None
    try:
        data = json.loads(m.group(0))
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("observations"), list):
        return None
    target = link_target_for_path(item.path)
    turns = item.session.turns
    out = []
    for raw in data["observations"]:
        obs = _observation(raw, item, target, turns)
        if obs is not None:
            out.append(obs)
    return out


def _observation(raw: Any, item: WorkItem, target: str, turns: list[Any]) -> Observation | None:
    if not isinstance(raw, dict):
        return None
    subject = str(raw.get("subject") or "").strip()
    type_ = str(raw.get("type") or "").strip().lower()
    section = str(raw.get("section") or "").strip()
    value = " ".join(str(raw.get("value") or "").split())
    turn = raw.get("turn")
    if not isinstance(turn, int) or not item.old_turns < turn <= len(turns):
        return None
    if not subject or type_ not in SUBJECT_TYPES or section not in SECTIONS or not value:
        return None
    if len(subject) > 80 or len(value) > 300 or "[[" in value or "{{" in value:
        return None
    the_turn = turns[turn - 1]
    when = the_turn.at.date() if the_turn.at else item.session.date
    value_type = str(raw.get("value_type") or "").strip().lower()
    text = link(value, value_type) if value_type in SUBJECT_TYPES else value
    attr = str(raw.get("attribute") or "").strip()[:40] or None
    kind = "fact" if section == "Current" and attr else "item"
    if section == "Current" and not attr:
        section = "Facts"
    return Observation(
        subject=subject,
        subject_type=type_,
        kind=kind,
        section=section,
        text=text,
        attr=attr if kind == "fact" else None,
        when=when,
        anchor=(target, f"t{turn}", the_turn.content),
    )


def make_observer(
    repo: MemoryRepo,
    backend: Any,
    *,
    instructions: str = "",
    max_steps: int = 8,
    max_tokens: int = 60_000,
    max_output_tokens: int = 1024,
    searcher: Any = None,
) -> Observer:
    """An Observer that asks `backend` (agent.llm.LLMBackend) about each session."""
    from agent.engine_llm import LLMEngine
    from agent.memory_agent import MemoryAgent
    from agent.tools import Toolbox
    from sandbox.local import LocalSandbox
    from skills import load_skill

    skill = load_skill("dream_observe")  # JSON observations; skills/dream is for hosts
    toolbox = Toolbox(
        LocalSandbox(repo.root), memory_agent=MemoryAgent(repo.root, searcher=searcher)
    )

    def observe(item: WorkItem, wiki: WikiBuilder) -> list[Observation] | None:
        engine = LLMEngine(
            backend,
            toolbox,
            index=render_index(wiki.index_pages()),
            instructions=instructions,
            max_steps=max_steps,
            max_tokens=max_tokens,
            max_output_tokens=max_output_tokens,
        )
        engine.system = skill.body  # the Skill is the whole of the model's instructions
        owner = wiki.principal if wiki.principal != "User" else None
        draft = engine.answer(task_text(item, owner))
        return parse_observations(draft.text, item)

    return observe


def make_judge(backend: Any, max_output_tokens: int = 60) -> Any:
    """The support judge every writer shares (validators.judge.llm_judge)."""
    from validators.judge import llm_judge

    return llm_judge(backend, max_output_tokens)
