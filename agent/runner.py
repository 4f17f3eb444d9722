"""The foreground agent: a working set, a sandbox, the tools, an engine, and a record.

`Agent` is what `brain ask` and `brain chat` drive: each question goes to the engine,
the draft's citations are checked and collated, and the exchange is recorded into
`sessions/` through the write path (tool calls summarized) unless recording is off.
"""

from __future__ import annotations

import datetime as dt
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from memory_schema.index_md import DEFAULT_BUDGET_TOKENS, render_index
from memory_schema.layout import INSTRUCTIONS_FILE
from memory_schema.links import short_quote
from memory_schema.repo import MemoryRepo
from memory_schema.session import Session, Turn
from memory_schema.store import load_pages

from .answer import Answer, Draft
from .citations import DONT_KNOW, process
from .engine_extractive import ExtractiveEngine
from .engine_llm import (
    DEFAULT_MAX_OUTPUT_TOKENS,
    DEFAULT_MAX_STEPS,
    DEFAULT_MAX_TOKENS,
    LLMEngine,
)
from .errors import ConfigError
from .evidence import EvidenceStore
from .llm import BackendSettings, LLMBackend, open_backend
from .memory_agent import AGENT_FORMAT, MemoryAgent, Searcher
from .tools import Toolbox, ToolRecord

if TYPE_CHECKING:
    from sandbox.base import Sandbox
    from sandbox.workingset import WorkingSet

ENGINES = ("extractive", "llm")


@dataclass(frozen=True)
class AgentSettings:
    """Everything an agent session is configured by; brain.config fills it from the env."""

    engine: str = "extractive"
    backend: BackendSettings = field(default_factory=BackendSettings)
    max_steps: int = DEFAULT_MAX_STEPS
    max_tokens: int = DEFAULT_MAX_TOKENS
    max_output_tokens: int = DEFAULT_MAX_OUTPUT_TOKENS
    index_budget: int = DEFAULT_BUDGET_TOKENS
    sandbox: str = "local"
    recent_sessions: int = 10
    include: tuple[str, ...] = ()
    search_k: int = 10


class Agent:
    """One agent session over a memory repo (`kind` is "ask" or "chat")."""

    def __init__(
        self,
        memory_root: Path | str,
        settings: AgentSettings | None = None,
        *,
        kind: str = "ask",
        record: bool = True,
        backend: LLMBackend | None = None,
        searcher: Searcher | None = None,
        workset_dir: Path | str | None = None,
    ):
        from sandbox import open_sandbox
        from sandbox.workingset import InitialMap, WorkingSet

        self.settings = s = settings or AgentSettings()
        if s.engine not in ENGINES:
            raise ConfigError(f"unknown engine {s.engine!r}; choose from {', '.join(ENGINES)}")
        self.repo = MemoryRepo.open(memory_root)
        self.kind = kind
        self.record = record
        # Open the backend before cloning anything, so a missing key fails fast.
        llm = (backend or open_backend(s.backend)) if s.engine == "llm" else None
        self.workset: WorkingSet = WorkingSet.create(
            self.repo.root, workset_dir, InitialMap(s.recent_sessions, s.include)
        )
        try:
            self.sandbox: Sandbox = open_sandbox(s.sandbox, self.workset.root)
        except BaseException:
            self.workset.close()
            raise
        self.store = EvidenceStore(self.repo.root)
        self.memory_agent = MemoryAgent(
            self.repo.root,
            searcher=searcher,
            store=self.store,
            workset=self.workset,
            k=s.search_k,
        )
        self.toolbox = Toolbox(self.sandbox, self.workset, self.memory_agent)
        self.engine: ExtractiveEngine | LLMEngine
        self.owner_names = _owner_names(self.repo.root)
        if llm is None:
            self.engine = ExtractiveEngine(self.toolbox, owner_names=self.owner_names)
        else:
            self.engine = LLMEngine(
                llm,
                self.toolbox,
                index=self.index_prefill(),
                instructions=self._instructions(),
                owner=self.owner_names[0] if self.owner_names else "",
                max_steps=s.max_steps,
                max_tokens=s.max_tokens,
                max_output_tokens=s.max_output_tokens,
            )
        self.session_id = _session_id(kind)
        self.started = dt.datetime.now().astimezone().replace(microsecond=0)
        self.answers: list[Answer] = []
        self._asked_at: list[dt.datetime] = []

    def index_prefill(self) -> str:
        """INDEX.md of the working set's wiki, under the configured token budget."""
        return render_index(load_pages(self.workset.root), self.settings.index_budget)

    def _instructions(self) -> str:
        path = self.workset.root / INSTRUCTIONS_FILE
        return path.read_text("utf-8") if path.is_file() else ""

    def ask(self, question: str) -> Answer:
        question = question.strip()
        if not question:
            raise ConfigError("ask needs a question")
        t0 = time.perf_counter()
        asked_at = dt.datetime.now().replace(microsecond=0)
        calls_before = len(self.toolbox.log)
        read_before = len(self.toolbox.files_read)
        draft: Draft = self.engine.answer(question)
        cited = process(draft.text, self.store)
        text, withheld = cited.text, None
        if not cited.citations:
            # No evidence, no answer: a budget stop keeps its own explanation.
            text = draft.text if draft.stop_reason.endswith("budget") else DONT_KNOW
            if draft.text.strip() and draft.text != text:
                withheld = draft.text.strip()
        stop = draft.stop_reason
        if stop == "answered" and not cited.citations:
            stop = "no-support"
        answer = Answer(
            question=question,
            text=text,
            citations=cited.citations,
            invalid_citations=cited.invalid,
            files_read=list(dict.fromkeys(self.toolbox.files_read[read_before:])),
            tool_calls=len(self.toolbox.log) - calls_before,
            tokens=draft.usage,
            seconds=time.perf_counter() - t0,
            engine=self.engine.name,
            stop_reason=stop,
            tools=self.toolbox.log[calls_before:],
            model=self.engine.model,
            withheld=withheld,
        )
        self.answers.append(answer)
        self._asked_at.append(asked_at)
        if self.record:
            answer.session_path = self._record()
        return answer

    def transcript(self) -> Session:
        """This session so far as a memory transcript (tool calls summarized)."""
        turns: list[Turn] = []
        for a, at in zip(self.answers, self._asked_at, strict=True):
            turns.append(Turn("user", a.question, at=at))
            turns += [Turn("tool", _tool_line(r), speaker=r.name, at=at) for r in a.tools]
            # Per-answer figures ride on the answer's turn: a chat transcript grows by
            # appending turns, and earlier turns (and the frontmatter) never change.
            meta = {
                "tool_calls": a.tool_calls,
                "invalid_citations": a.invalid_citations,
                "tokens_input": a.tokens.input,
                "tokens_output": a.tokens.output,
                "seconds": round(a.seconds, 3),
                "stop": a.stop_reason,
            }
            turns.append(
                Turn("assistant", _answer_text(a), speaker=f"brain {a.engine}", at=at, meta=meta)
            )
        first = self.answers[0].question if self.answers else self.kind
        title = f"{self.kind}: {' '.join(first.split())}"
        extra: dict[str, object] = {"engine": self.engine.name}
        if self.engine.model:
            extra["model"] = self.engine.model
        return Session(
            id=self.session_id,
            title=title[:120],
            format=AGENT_FORMAT,
            turns=turns,
            started=self.started.replace(tzinfo=None),
            participants=["user", f"brain {self.engine.name}"],
            extra=extra,
        )

    def _record(self) -> str | None:
        from ingest.capture import capture_sessions

        report = capture_sessions(self.repo, [self.transcript()], command=self.kind)
        done = report.captured
        return done[0].path if done else None

    def close(self) -> None:
        try:
            self.sandbox.close()
        finally:
            self.workset.close()

    def __enter__(self) -> Agent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _owner_names(root: Path) -> list[str]:
    """The memory owner's name and aliases; none when unset (or the config is broken:
    answering does not need it, and `brain config` reports the problem)."""
    from memory_schema.errors import ParseError
    from memory_schema.memory_config import read_config

    try:
        return read_config(root).owner_names
    except ParseError:
        return []


def _session_id(kind: str) -> str:
    now = dt.datetime.now()
    return f"{kind}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


def _tool_line(r: ToolRecord) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in r.arguments.items())
    return f"{r.name}({args}) -> {r.summary}"


def _answer_text(a: Answer) -> str:
    lines = [a.text]
    if a.citations:
        lines.append("")
        for c in a.citations:
            span = f" ({c.anchor})" if "-" in c.anchor else ""
            lines.append(f'- [cite:{c.n}] {c.link}{span} "{c.quote}"')
    if a.invalid_citations:
        lines.append(f"\n({a.invalid_citations} invalid citations dropped)")
    if a.withheld:
        lines.append(f"\n(withheld, cites no evidence: {short_quote(a.withheld, 300)!r})")
    return "\n".join(lines)
