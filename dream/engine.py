"""Phases 2-4 on a Plan: summarize sessions, map observations to subjects, update the wiki.

The extractive engine gets its observations from `extract`; the llm engine hands in its
own (see `llm_engine`). Both go through `WikiBuilder`, which resolves subjects, edits
pages with history, applies the forget log and renders only what changed.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memory_schema.errors import ParseError
from memory_schema.index_md import render_index
from memory_schema.layout import INDEX_FILE, KNOWLEDGE, NOTES
from memory_schema.links import link_target_for_path, normalize_key
from memory_schema.page import Page
from memory_schema.repo import MemoryRepo
from memory_schema.session import Session

from . import forget as fg
from .extract import (
    LINK_RE,
    Observation,
    from_sentence,
    from_third_person,
    is_ai,
    self_introduction,
    sentences,
)
from .orient import Limits, Plan, WorkItem
from .subjects import SubjectIndex
from .summarize import build_summary
from .wiki import WikiPage, cites_of, strip_cites

Progress = Callable[[str], None]
#: Given a work item, the llm engine returns (observations, summary bullets) or None.
Observer = Callable[[WorkItem, "WikiBuilder"], list[Observation] | None]


@dataclass
class Outcome:
    files: dict[str, str | None] = field(default_factory=dict)
    pages_created: list[str] = field(default_factory=list)
    pages_updated: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)
    deferred: list[str] = field(default_factory=list)
    forgotten: int = 0  # lines and pages removed by the forget log
    problems: list[str] = field(default_factory=list)


def _is_page_file(path: str) -> bool:
    return path.endswith(".md") and path.startswith((f"{KNOWLEDGE}/", f"{NOTES}/"))


class WikiBuilder:
    """The wiki of the base commit, edited in memory."""

    def __init__(self, repo: MemoryRepo, plan: Plan, today: dt.date, embedder: Any = None):
        self.repo = repo
        self.plan = plan
        self.today = today
        paths = [p for p in plan.files if p.startswith(f"{KNOWLEDGE}/") and p.endswith(".md")]
        self.originals: dict[str, str] = {}
        pages: dict[str, WikiPage] = {}
        for path, data in repo.show_many(paths, plan.base).items():
            if data is None:
                continue
            try:
                text = data.decode("utf-8")
                pages[path] = WikiPage.from_page(Page.parse(text, path))
            except (ParseError, UnicodeDecodeError):
                continue  # left alone; the validators report it
            self.originals[path] = text
        self.pages = pages
        self.subjects = SubjectIndex(pages, today, embedder)
        self.touched: set[str] = set()
        self.created: set[str] = set()
        self.summaries: dict[str, WikiPage] = {}
        self.extra_files: dict[str, str | None] = {}
        self.principal = plan.state.principal
        self.principal_aliases: list[str] = []
        self.backlinks: set[tuple[str, str]] = set()  # (page, page it should link to)

    # -- subjects -------------------------------------------------------------------------

    def page_for(self, name: str, type_: str) -> WikiPage:
        principal = self.principal
        if principal and normalize_key(name) in {
            normalize_key(n) for n in [principal, *self.principal_aliases]
        }:
            name, type_ = principal, "profile"
        page, new = self.subjects.get_or_create(name, type_)
        if new:
            self.created.add(page.path)
        if type_ == "profile":
            for alias in self.principal_aliases:
                self.subjects.add_alias(page, alias)
        if type_ == "profile" and page.type == "person":
            page.type = "profile"
        return page

    def render_links(self, text: str) -> tuple[str, list[WikiPage]]:
        linked = []

        def repl(m: Any) -> str:
            name, type_ = m.group(1), m.group(2)
            page = self.page_for(name, type_)
            linked.append(page)
            return f"[[{page.title}]]" if page.title == name else f"[[{page.title}|{name}]]"

        return LINK_RE.sub(repl, text), linked

    # -- applying observations ------------------------------------------------------------

    def apply(self, obs: Observation) -> bool:
        if fg.matches(obs.subject, self.plan.forget) or fg.matches(obs.text, self.plan.forget):
            return False
        target, anchor, quote = obs.anchor
        page = self.page_for(obs.subject, obs.subject_type)
        text, linked = self.render_links(obs.text)
        cite = [page.cite(target, anchor, fg.redact(quote, self.plan.forget))]
        changed = False
        if obs.kind == "fact" and obs.attr:
            attr = self._tool_attr(page, obs) if obs.attr.startswith("Tool") else obs.attr
            before = page.current(attr)
            result = page.set_fact(attr, text, obs.when, cite)
            changed = result != "same"
            if result == "changed" and before is not None:
                self._close_backlink(page, before.value, before.since, obs.when, cite)
        elif obs.kind == "end" and obs.attr:
            cur = page.current(obs.attr)
            if cur is not None and normalize_key(cur.value) == normalize_key(text):
                changed = page.end_fact(obs.attr, obs.when, cite)
                self._close_backlink(page, cur.value, cur.since, obs.when, cite)
        elif obs.kind == "keyed" and obs.key:
            key_page = self.subjects.resolve(obs.key, "person")
            key = f"[[{key_page.title}" if key_page else obs.key
            changed = page.set_item(obs.section, key, text, cite)
        else:
            changed = page.add_item(obs.section, text, cite)
        for other in linked:
            if other.path != page.path:
                self.backlinks.add((other.path, page.path))
        if changed:
            self.touched.add(page.path)
        return changed

    def _links_back(self, page: WikiPage, to: WikiPage) -> bool:
        body = "\n".join(line for lines in page.sections.values() for line in lines)
        return f"[[{to.title}]]" in body or f"[[{to.title}|" in body

    def _tool_attr(self, page: WikiPage, obs: Observation) -> str:
        """A switch 'from X to Y' replaces whatever attribute currently holds X."""
        if obs.key:
            for fact in page.facts():
                if normalize_key(fact.value) == normalize_key(obs.key):
                    return fact.attr
            if obs.attr == "Tool" and page.current("Tool") is not None:
                return f"Tool replacing {obs.key}"
        return obs.attr or "Tool"

    def _close_backlink(
        self,
        person: WikiPage,
        old_value: str,
        since: dt.date | None,
        until: dt.date | None,
        cite: list[str],
    ) -> None:
        """The old employer's (or home's) page: the person's line gets its end date."""
        m = re.match(r"\[\[([^\]|#]+)", old_value.strip())
        if m is None:
            return
        other = self.subjects.resolve(m.group(1), "organization")
        if other is None or other.path == person.path or until is None:
            return
        for line in other.sections.get("People", []):
            if f"[[{person.title}" in line:
                start = f"{since.isoformat()} " if since else ""
                text = strip_cites(line).split(" (", 1)[0]
                text = text.replace(" lives here", " lived here")
                for ph in cite:
                    other.quotes.setdefault(ph, person.quotes.get(ph, ""))
                if other.set_item(
                    "People",
                    f"[[{person.title}",
                    f"{text} ({start}to {until})",
                    cites_of(line)[:1] + cite,
                ):
                    self.touched.add(other.path)
                return

    # -- sessions -------------------------------------------------------------------------

    def observe_session(self, item: WorkItem) -> list[tuple[int, str, Observation]]:
        session = item.session
        target = link_target_for_path(item.path)
        self.learn_principal(session)
        out = []
        for n, turn in enumerate(session.turns, start=1):
            if n <= item.old_turns or turn.role in ("system", "tool"):
                continue
            if is_ai(turn.role, turn.speaker):
                continue
            speaker = self._speaker_name(turn.speaker, session)
            when = turn.at.date() if turn.at else session.date
            anchor = (target, f"t{n}", turn.content)
            user = turn.role == "user"
            for sent in sentences(turn.content):
                if fg.matches(sent, self.plan.forget):
                    continue
                for obs in from_sentence(sent, speaker, when, anchor, user):
                    out.append((n, sent, obs))
                for obs in from_third_person(sent, when, anchor):
                    if normalize_key(obs.subject) != normalize_key(speaker):
                        out.append((n, sent, obs))
        return out

    def learn_principal(self, session: Session) -> None:
        if self.principal:
            return
        users = [t for t in session.turns if t.role == "user"]
        intro = next(
            (self_introduction(t.content) for t in users if self_introduction(t.content)), None
        )
        speaker = next((t.speaker for t in users if t.speaker), None)
        if intro and (not speaker or normalize_key(intro).startswith(normalize_key(speaker))):
            self.principal = intro
        elif speaker:
            self.principal = speaker
        elif users:
            self.principal = "User"
        if self.principal and speaker and speaker != self.principal:
            self.principal_aliases.append(speaker)

    def _speaker_name(self, speaker: str | None, session: Session) -> str:
        if speaker is None:
            return self.principal or "User"
        return speaker

    def summarize(
        self, item: WorkItem, observed: dict[tuple[int, str], int], titles: list[str]
    ) -> None:
        page = build_summary(
            item.session,
            item.path,
            observed,
            titles,
            lambda text: not fg.matches(text, self.plan.forget),
            self.today,
        )
        page.quotes = {k: fg.redact(v, self.plan.forget) for k, v in page.quotes.items()}
        self.summaries[page.path] = page

    # -- forgetting -----------------------------------------------------------------------

    def apply_forget(self, entries: list[fg.ForgetEntry]) -> int:
        """Remove what new forget entries name from the wiki, notes and summaries."""
        if not entries:
            return 0
        removed = 0
        doomed = [p for p in self.pages.values() if fg.matches(p.title, entries)]
        for page in doomed:
            del self.pages[page.path]
            self.extra_files[page.path] = None
            removed += 1
        gone = {p.title for p in doomed}
        for page in self.pages.values():
            n = page.remove_lines(
                lambda line: fg.matches(line, entries) or any(f"[[{t}" in line for t in gone)
            )
            page.aliases = [a for a in page.aliases if not fg.matches(a, entries)]
            quotes = {k: fg.redact(v, entries) for k, v in page.quotes.items()}
            n += quotes != page.quotes
            page.quotes = quotes
            if n:
                removed += n
                self.touched.add(page.path)
        others = [
            p
            for p in self.plan.files
            if (p.startswith(f"{NOTES}/") and p.endswith(".md")) or p.endswith(".summary.md")
        ]
        for path, data in self.repo.show_many(others, self.plan.base).items():
            if data is None or path in self.summaries:
                continue
            text = data.decode("utf-8", "replace")
            if not fg.matches(text, entries):
                continue
            try:
                page = WikiPage.from_page(Page.parse(text, path))
            except ParseError:
                continue
            page.auto_summary = False
            removed += page.remove_lines(lambda line: fg.matches(line, entries))
            page.quotes = {k: fg.redact(v, entries) for k, v in page.quotes.items()}
            page.summary = fg.redact(page.summary, entries)
            for key, value in page.extra_meta.items():
                if isinstance(value, list):
                    page.extra_meta[key] = [
                        v for v in value if not (isinstance(v, str) and fg.matches(v, entries))
                    ]
            page.title = fg.redact(page.title, entries)
            if not page.has_content() and path.startswith(f"{NOTES}/"):
                self.extra_files[path] = None
            else:
                self.extra_files[path] = page.render()
        return removed

    # -- output ---------------------------------------------------------------------------

    def _add_backlinks(self) -> None:
        """Pages linked from another page link back, unless they already do."""
        for src, dst in sorted(self.backlinks):
            page, to = self.pages.get(src), self.pages.get(dst)
            if page and to and not self._links_back(page, to) and page.add_link(to.title):
                self.touched.add(src)

    def outputs(self, outcome: Outcome) -> None:
        self._add_backlinks()
        linked = {src for src, _ in self.backlinks}
        for path in sorted(self.touched | self.created):
            page = self.pages.get(path)
            if page is None:
                continue
            if not page.has_content() and path not in self.originals and path not in linked:
                continue  # a subject named but never described or linked gets no page
            page.updated = self.today
            text = page.render()
            if text == self.originals.get(path):
                continue
            outcome.files[path] = text
            (outcome.pages_created if path in self.created else outcome.pages_updated).append(path)
        for path, page in sorted(self.summaries.items()):
            outcome.files[path] = page.render()
            outcome.summaries.append(path)
        for path, text in self.extra_files.items():
            outcome.files[path] = text
            if path.startswith(f"{KNOWLEDGE}/") and text is None:
                outcome.pages_updated.append(path)
        if any(p.startswith(f"{KNOWLEDGE}/") for p in outcome.files):
            outcome.files[INDEX_FILE] = render_index(self.index_pages())

    def index_pages(self) -> list[Page]:
        return [p.to_page() for p in self.pages.values()]


def run_engine(
    repo: MemoryRepo,
    plan: Plan,
    limits: Limits,
    *,
    today: dt.date,
    embedder: Any = None,
    observer: Observer | None = None,
    progress: Progress | None = None,
) -> tuple[Outcome, WikiBuilder]:
    """Summarize, map and update for every work item within the time budget."""
    started = time.monotonic()
    outcome = Outcome(deferred=list(plan.deferred))
    wiki = WikiBuilder(repo, plan, today, embedder)
    outcome.forgotten = wiki.apply_forget(plan.new_forget)
    for i, item in enumerate(plan.items):
        if i and time.monotonic() - started > limits.max_seconds:
            outcome.deferred += [it.path for it in plan.items[i:]]
            break
        if progress:
            progress(item.path)
        if observer is not None:
            wiki.learn_principal(item.session)
            found = observer(item, wiki)
            if found is None:
                outcome.problems.append(
                    f"{item.path}: the model gave no usable output; retried next run"
                )
                outcome.deferred.append(item.path)
                continue
            triples = [(int(o.anchor[1][1:] or 0), "", o) for o in found]
        else:
            triples = wiki.observe_session(item)
        observed: dict[tuple[int, str], int] = {}
        titles: list[str] = []
        for n, sent, obs in triples:
            wiki.apply(obs)
            observed[(n, sent)] = observed.get((n, sent), 0) + 1
            page = wiki.subjects.resolve(obs.subject, obs.subject_type)
            if page and page.title not in titles:
                titles.append(page.title)
        wiki.summarize(item, observed, titles)
        outcome.sessions.append(item.path)
    for path, _, source in plan.sources:
        target = link_target_for_path(path)
        captured = source.captured
        when = captured.date() if isinstance(captured, dt.datetime) else captured
        for n, block in enumerate(source.blocks, start=1):
            for sent in sentences(block):
                if fg.matches(sent, plan.forget):
                    continue
                for obs in from_third_person(sent, when, (target, f"p{n}", block)):
                    wiki.apply(obs)
    wiki.outputs(outcome)
    return outcome, wiki


def next_state(
    plan: Plan, outcome: Outcome, wiki: WikiBuilder, run_id: str, now: dt.datetime
) -> str | None:
    """The new dream-state.json text, or None when the run consumed nothing."""
    state = plan.state
    done = set(outcome.sessions)
    if not done and not plan.sources and not plan.new_forget and not plan.refreshed:
        return None
    for item in plan.items:
        if item.path in done:
            state.sessions[item.path] = {"blob": item.blob, "turns": len(item.session.turns)}
    for path, blob in plan.refreshed.items():
        state.sessions.setdefault(path, {})["blob"] = blob
    for path, blob, _ in plan.sources:
        state.sources[path] = blob
    state.forget = sorted(set(state.forget) | {e.digest for e in plan.new_forget})
    state.principal = wiki.principal
    state.last_run = run_id
    state.last_run_at = now.isoformat(timespec="seconds")
    return state.render()
