"""The run of phases 2-4 over a Plan: every work item's facts first, then sources, then
notes on known subjects (so a person named in a later session is known when an earlier
one mentions them), then the summaries, then the files to write.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from memory_schema.links import link_target_for_path, normalize_key
from memory_schema.repo import MemoryRepo

from . import forget as fg
from .engine import Observer, Outcome, Progress, WikiBuilder
from .extract import Observation, sentences
from .lowercase import Named, relation_observations
from .mentions import third_person_facts
from .observe import (
    KNOWN_TYPES,
    Statement,
    StatementReader,
    adopt_unnamed,
    known_pages_named,
    names_in_any_case,
    observations,
    owned_titles_of,
    recurring,
    value_observations,
)
from .orient import Limits, Plan, WorkItem
from .wiki import WikiPage


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
    done: list[tuple[WorkItem, list[tuple[int, str, Observation]]]] = []
    wiki.learn_principal(item.session for item in plan.items)
    wiki.learn_principal_from_documents()
    for i, item in enumerate(plan.items):
        if i and time.monotonic() - started > limits.max_seconds:
            outcome.deferred += [it.path for it in plan.items[i:]]
            break
        if progress:
            progress(item.path)
        if observer is not None:
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
        for _, _, obs in triples:
            wiki.apply(obs)
        done.append((item, triples))
    for path, _, source in plan.sources:
        target = link_target_for_path(path)
        captured = source.captured
        when = captured.date() if isinstance(captured, dt.datetime) else captured
        for n, block in enumerate(source.blocks, start=1):
            for sent in sentences(block):
                if fg.matches(sent, plan.forget):
                    continue
                for obs in third_person_facts(sent, when, (target, f"p{n}", block)):
                    wiki.apply(obs)
    statements, named, unnamed = (
        _statements(wiki, [item for item, _ in done]) if observer is None else ({}, {}, {})
    )
    names_in_any_case(statements, unnamed)
    names, owned = recurring(statements, lambda k, t: wiki.subjects.resolve(k, t) is not None)
    # Names typed in lower case that the run reads as people (`dream.lowercase`) earn a
    # page by their own test (recurrence as a person, or a stated relation).
    names |= set(named)
    for obs in relation_observations(named):
        wiki.apply(obs)
    titles = owned_titles_of(statements)
    for item, triples in done:
        if observer is None:
            # A sentence already mapped to a subject's facts is not also a note there.
            seen = {
                (n, sent, wiki.path_of(obs))
                for n, sent, obs in triples
                if obs.kind in ("fact", "end")
            }
            # A note is written in the third person: the statement's own rewrite, whole
            # (a note is the one line on its page that holds the sentence).
            lines = {
                (st.n, st.sent): st.whole or st.said or st.line
                for st in statements.get(item.path, []) + unnamed.get(item.path, [])
            }
            notes = [
                t
                for t in wiki.observe_mentions(item, lines)
                if (t[0], t[1], wiki.path_of(t[2])) not in seen
            ]
            for _, _, obs in notes:
                wiki.apply(obs)
            triples = triples + notes
            # Every other informative statement: a third-person line on each subject
            # page it is about, unless a rule above already put that sentence there.
            taken = {(n, wiki.path_of(obs)) for n, _, obs in triples}
            # A value is kept off a page only by a rule's own value from that turn, not
            # by a rule's link ("I use X now" lists X under Tools; the value is current).
            valued = {
                (n, wiki.path_of(obs))
                for n, _, obs in triples
                if obs.kind in ("fact", "end", "end_value", "end_attr")
            }
            # Pages made so far (a workplace, a home town that became a value) are found
            # in any case: "the new machine at skyline lanes" goes on Skyline Lanes.
            known = {
                normalize_key(name): page.type
                for page in wiki.subjects.pages.values()
                if page.type in KNOWN_TYPES
                for name in (page.title, *page.aliases)
            }
            aside = unnamed.get(item.path, [])
            for st in statements.get(item.path, []) + aside:
                pages = known_pages_named(st, known)
                have = {normalize_key(n) for n, _ in st.entities}
                extra = [(n, t) for n, t in pages if normalize_key(n) not in have]
                if any(st is a for a in aside):
                    if not extra:
                        # no line of its own, but a value it starts or ends is the
                        # speaker's ("the old corolla finally died": `dream.events`)
                        for obs in value_observations(st, "person"):
                            if (st.n, wiki.path_of(obs)) not in valued and wiki.apply(obs):
                                triples.append((st.n, st.sent, obs))
                        continue
                    adopt_unnamed(st, extra)
                elif extra:
                    st.entities = [*st.entities, *extra]
                names |= {normalize_key(n) for n, _ in pages}
                found = observations(st, "person", names, owned, titles)
                found += value_observations(st, "person")
                for obs in found:
                    if (st.n, wiki.path_of(obs)) in (valued if obs.section == "Current" else taken):
                        continue
                    if wiki.apply(obs):
                        triples.append((st.n, st.sent, obs))
        observed: dict[tuple[int, str], int] = {}
        subjects: list[WikiPage] = []
        for n, sent, obs in triples:
            observed[(n, sent)] = observed.get((n, sent), 0) + 1
            page = wiki.subjects.resolve(obs.subject, obs.subject_type)
            if page and page not in subjects:
                subjects.append(page)
        wiki.summarize(
            item, observed, [(p.title, p.link()) for p in subjects], statements.get(item.path)
        )
        outcome.sessions.append(item.path)
    wiki.outputs(outcome)
    return outcome, wiki


def next_state(
    plan: Plan, outcome: Outcome, wiki: WikiBuilder, run_id: str, now: dt.datetime
) -> str | None:
    """The new dream-state.json text, or None when the run consumed nothing."""
    state = plan.state
    done = set(outcome.sessions)
    if (
        not done
        and not plan.sources
        and not plan.new_forget
        and not plan.refreshed
        and not plan.stale_summaries
    ):
        return None
    for item in plan.items:
        if item.path in done:
            state.sessions[item.path] = {"blob": item.blob, "turns": len(item.session.turns)}
    # The agent's own transcripts are consumed unread: marked, so no run parses them again.
    for path, (blob, turns) in plan.agent_sessions.items():
        state.sessions[path] = {"blob": blob, "turns": turns, "agent": True}
    for summary in plan.stale_summaries:
        session = summary[: -len(".summary.md")] + ".md"
        state.sessions.setdefault(session, {})["agent"] = True
    state.agent_checked = True
    for path, blob in plan.refreshed.items():
        state.sessions.setdefault(path, {})["blob"] = blob
    for path, blob, _ in plan.sources:
        state.sources[path] = blob
    state.forget = sorted(set(state.forget) | {e.digest for e in plan.new_forget})
    state.principal = wiki.principal
    state.last_run = run_id
    state.last_run_at = now.isoformat(timespec="seconds")
    return state.render()


def _statements(
    wiki: WikiBuilder, items: list[WorkItem]
) -> tuple[dict[str, list[Statement]], dict[str, Named], dict[str, list[Statement]]]:
    """Informative statements of every item, the names typed in lower case they use, and
    the statements that name no one the parse found (needs the embedding model; none
    without)."""
    if wiki.subjects.embedder is None or not items:
        return {}, {}, {}
    reader = StatementReader(wiki.subjects.embedder)
    reader.pages = {
        normalize_key(name): (page.title, page.type)
        for page in wiki.subjects.pages.values()
        if page.type in ("person", "pet")
        for name in (page.title, *page.aliases)
    }
    found = reader.read(
        items, lambda turn, session: wiki._speaker_name(turn.speaker, session), wiki.plan.forget
    )
    return found, reader.named, reader.unnamed
