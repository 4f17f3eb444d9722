"""Phases 2-4 on a Plan: summarize sessions, map observations to subjects, update the wiki.

The extractive engine gets its observations from `extract`; the llm engine hands in its
own (see `llm_engine`). Both go through `WikiBuilder`, which resolves subjects, edits
pages with history, applies the forget log and renders only what changed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from memory_schema.errors import ParseError
from memory_schema.index_md import render_index
from memory_schema.layout import INDEX_FILE, KNOWLEDGE, NOTES
from memory_schema.links import WIKILINK_RE, link_target_for_path, normalize_key
from memory_schema.page import Page
from memory_schema.repo import MemoryRepo
from memory_schema.session import Session
from validators.semantic import plain_claim

from . import forget as fg
from .attributes import KINDS, value_of_kind
from .extract import (
    LINK_RE,
    Observation,
    from_sentence,
    is_ai,
    link,
    sentences,
)
from .lexicon import a_superior
from .mentions import NAMED_TYPES, Mentions, Topic, third_person_facts, topic_after
from .orient import Plan, WorkItem
from .owner import adopt_owner, introduced_name
from .parties import documents, owner_from_documents, user_turns
from .requests import keep_request
from .subjects import SubjectIndex
from .summarize import build_summary
from .wiki import Fact, WikiPage, cites_of, strip_cites

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


def people_line(
    speaker: str, name: str, when: dt.date | None, anchor: tuple[str, str, str]
) -> Observation:
    return Observation(
        subject=speaker,
        subject_type="person",
        kind="keyed",
        section="People",
        text=link(name, "person"),
        key=name,
        when=when,
        anchor=anchor,
        once=True,
    )


def line_value(value: str) -> str:
    """A fact's value as a comparable key: words only, link syntax and case removed."""
    return normalize_key(plain_claim(value))


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
        # The owner set in .brain/config.yaml wins over one an earlier run learned.
        self.principal = plan.config.owner or plan.state.principal
        self.principal_aliases: list[str] = list(plan.config.owner_aliases)
        self.backlinks: set[tuple[str, str]] = set()  # (page, page it should link to)
        #: (block, page, attribute) whose current value a block changed or ended.
        self.changes: set[tuple[tuple[str, str], str, str]] = set()
        self._mentions: Mentions | None = None
        self._names_cache: tuple[set[str], dict[str, WikiPage]] | None = None
        adopt_owner(self, plan.state.principal)

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

    def render_links(self, text: str) -> tuple[str, list[tuple[str, WikiPage]]]:
        """Link markers as [[File name|Shown]] links (Obsidian resolves by file name)."""
        linked = []

        def repl(m: Any) -> str:
            name, type_ = m.group(1), m.group(2)
            page = self.page_for(name, type_)
            linked.append((name, page))
            return page.link(name)

        return LINK_RE.sub(repl, text), linked

    def _key(self, key: str, linked: list[tuple[str, WikiPage]]) -> str:
        """What identifies a keyed bullet: the link to the subject it is about."""
        for name, page in linked:
            if name == key:
                return f"[[{page.stem}"
        page = self.subjects.resolve(key, "person")
        return f"[[{page.stem}" if page else key

    # -- applying observations ------------------------------------------------------------

    def apply(self, obs: Observation) -> bool:
        if fg.matches(obs.subject, self.plan.forget) or fg.matches(obs.text, self.plan.forget):
            return False
        target, anchor, quote = obs.anchor
        page = self.page_for(obs.subject, obs.subject_type)
        if obs.kind.startswith("end"):
            # Ending a value names it, but must not create a page for it ("I lost my
            # job at Door Dash" when Door Dash was never the employer on record).
            text, linked = LINK_RE.sub(lambda m: m.group(1), obs.text), []
        else:
            text, linked = self.render_links(obs.text)
        cite = [page.cite(target, anchor, fg.redact(quote, self.plan.forget))]
        cite += [page.cite(t, a, fg.redact(q, self.plan.forget)) for t, a, q in obs.also]
        here = (target, anchor)
        changed = False
        if obs.kind == "fact" and obs.attr:
            attr = self._replaced_attr(page, obs)
            if (
                attr != obs.attr
                and KINDS.get(obs.attr) is not None  # a typed attribute of its own
                and KINDS.get(attr) != KINDS.get(obs.attr)
                and not value_of_kind(attr, obs.text)
                and value_of_kind(obs.attr, obs.text)
            ):
                # The old value sits under an attribute of another kind (a firm held as
                # a Manager by a wrong reading): the switch keeps its own attribute, and
                # the old value, switched from, is no longer current.
                if obs.when is not None and page.current(attr) is not None:
                    changed = page.end_fact(attr, obs.when, cite)
                attr = obs.attr
            if not value_of_kind(attr, obs.text):
                # The attribute is known only now (the one that holds the old value):
                # "bye leith, got the keys" names no place to live in.
                return False
            before = page.current(attr)
            if target.startswith("sources/") and before is not None:
                # A document's claim about someone never overrides what is on record
                # from people themselves; its citation says where it came from.
                return False
            result = page.set_fact(attr, text, obs.when, cite, starts=obs.starts)
            changed = result != "same"
            if result == "changed" and before is not None:
                self.changes.add((here, page.path, attr.casefold()))
                self._close_backlink(page, before.value, before.since, obs.when, cite)
            if (
                result in ("new", "changed")
                and obs.replaces
                and obs.when
                and (before is None or line_value(before.value) != line_value(obs.replaces))
            ):
                # "switched from tea to coffee" with no tea on record, or another value
                # on record: tea, named as what was replaced, is history too.
                page.add_history(Fact(attr, obs.replaces, None, obs.when, cite))
            fresh = before is None or line_value(before.value) != line_value(text)
            ended = self._old_job_ended(page, attr, obs) if fresh else None
            if result in ("new", "changed") and ended is not None:
                changed = self._end_superiors(page, ended, obs.when, cite) or changed
            if result in ("new", "changed") and fresh:
                # A switch's turn may not name the purpose; the earlier value's turn did.
                extra = before.cites[:1] if result == "changed" and before else []
                self._used_by(page, attr, obs, linked, cite + extra)
        elif obs.kind in ("end", "ended") and obs.attr:
            cur = page.current(obs.attr)  # found by the attribute's casefold, as end_fact
            if obs.kind == "ended" and (cur is None or line_value(cur.value) != line_value(text)):
                # The value ended is the value, under whatever name the page holds it
                # ("Girlfriend: Priya" from "my gf priya", ended as a partner)
                cur = next(
                    (f for f in page.facts() if line_value(f.value) == line_value(text)), cur
                )
            if cur is not None and line_value(cur.value) == line_value(text):
                changed = page.end_fact(cur.attr, obs.when, cite)
                self.changes.add((here, page.path, cur.attr.casefold()))
                self._close_backlink(page, cur.value, cur.since, obs.when, cite)
                if changed and obs.when and cur.attr.casefold() == "employer":
                    # "put my notice in at X": whoever one answered to there goes too
                    # (cited to this turn, not the earlier one that named X)
                    self._end_superiors(page, obs.when, obs.when, cite[:1])
            # "ended" ("the old corolla finally died"): the value ends whether or not the
            # page had it; one the page never had goes to History with the day it ended.
            elif (
                obs.kind == "ended"
                and obs.when is not None
                and not any(line_value(f.value) == line_value(text) for f in page.facts("History"))
            ):
                before = len(page.sections.get("History", []))
                page.add_history(Fact(obs.attr, text, None, obs.when, cite))
                changed = len(page.sections["History"]) != before
        elif obs.kind == "end_job" and obs.when is not None:
            # "handed my notice in at the hotel, last day friday": the job ends with no
            # new one named, and whoever the speaker answered to there with it
            for attr in ("Employer", "Role"):
                cur = page.current(attr)
                if cur is not None and (cur.since is None or cur.since <= obs.when):
                    changed = page.end_fact(cur.attr, obs.when, cite) or changed
                    self._close_backlink(page, cur.value, cur.since, obs.when, cite)
            changed = self._end_superiors(page, obs.when, obs.when, cite) or changed
        elif obs.kind == "end_attr" and obs.attr:
            # "Role" ends with the job it belonged to, when this block changed the job.
            if (here, page.path, "employer") in self.changes:
                changed = page.end_fact(obs.attr, obs.when, cite)
        elif obs.kind == "end_value":
            cur = next((f for f in page.facts() if line_value(f.value) == line_value(text)), None)
            if cur is not None:
                changed = page.end_fact(cur.attr, obs.when, cite)
                self._close_backlink(page, cur.value, cur.since, obs.when, cite)
        elif obs.kind == "keyed" and obs.key:
            key = self._key(obs.key, linked)
            said = any(
                key + "]]" in line or key + "|" in line
                for lines in page.sections.values()
                for line in lines
            )
            if not (obs.once and said):
                changed = page.set_item(obs.section, key, text, cite)
        else:
            changed = page.add_item(obs.section, text, cite)
        for _, other in linked:
            if other.path != page.path:
                self.backlinks.add((other.path, page.path))
        if changed:
            self.touched.add(page.path)
        return changed

    def _old_job_ended(self, page: WikiPage, attr: str, obs: Observation) -> dt.date | None:
        """The day the employer before the one just stated ended, as History holds it: the
        one current before it, the one a switch named ("from X to Y"), or one said ended
        ("put my notice in at X ... got a job at Y"); None for a first employer on record
        (or no day known)."""
        if attr.casefold() != "employer":
            return None
        ends = [
            f.until
            for f in page.facts("History")
            if f.attr.casefold() == "employer"
            and f.until is not None
            and (obs.when is None or f.until <= obs.when)
        ]
        return max(ends, default=None)

    def _end_superiors(
        self, page: WikiPage, ended: dt.date, when: dt.date | None, cite: list[str]
    ) -> bool:
        """One's manager works where one works: a new employer ends the manager (boss,
        supervisor: `lexicon.a_superior`) said while the old job was current, by the day
        it `ended`; one said later, or in this block ("got a job at X, my new boss is
        Y"), is the new job's."""
        out = False
        for fact in page.facts():
            if not a_superior(fact.attr) or set(fact.cites) & set(cite):
                continue
            if fact.since is not None and fact.since > ended:
                continue
            if page.end_fact(fact.attr, when, cite):
                out = True
                self._close_backlink(page, fact.value, fact.since, when, cite)
        return out

    def _used_by(
        self,
        page: WikiPage,
        attr: str,
        obs: Observation,
        linked: list[tuple[str, WikiPage]],
        cite: list[str],
    ) -> None:
        """A tool that became someone's current tool says who uses it, for what, since when."""
        for _, tool in linked:
            if tool.type != "tool" or tool.path == page.path:
                continue
            purpose = attr[len("Tool for ") :] if attr.startswith("Tool for ") else attr.lower()
            text = page.link(obs.subject)
            if not attr.startswith("Tool") or attr.startswith("Tool for "):
                text += f" — {purpose}"
            if obs.when:
                text += f" (from {obs.when.isoformat()})"
            tool.quotes.update({c: page.quotes.get(c, "") for c in cite})
            if tool.set_item("Used by", f"[[{page.stem}", text, cite):
                self.touched.add(tool.path)

    def path_of(self, obs: Observation) -> str | None:
        page = self.subjects.resolve(obs.subject, obs.subject_type)
        return page.path if page else None

    def _links_back(self, page: WikiPage, to: WikiPage) -> bool:
        body = "\n".join(line for lines in page.sections.values() for line in lines)
        body += "\n".join(page.lead)
        return f"[[{to.stem}]]" in body or f"[[{to.stem}|" in body

    def _replaced_attr(self, page: WikiPage, obs: Observation) -> str:
        """A switch 'from X to Y' replaces whatever attribute currently holds X."""
        assert obs.attr is not None
        if obs.key:
            for fact in page.facts():
                if line_value(fact.value) == line_value(obs.key):
                    return fact.attr
            if obs.attr == "Tool":
                return f"Tool replacing {obs.key}"
        return obs.attr

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
        other = self._page_by_link(m.group(1))
        if other is None or other.path == person.path or until is None:
            return
        for section in ("People", "Used by"):
            for line in other.sections.get(section, []):
                if f"[[{person.stem}]]" in line or f"[[{person.stem}|" in line:
                    start = f"{since.isoformat()} " if since else ""
                    text = strip_cites(line).split(" (", 1)[0]
                    text = text.replace(" lives here", " lived here")
                    for ph in cite:
                        other.quotes.setdefault(ph, person.quotes.get(ph, ""))
                    if other.set_item(
                        section,
                        f"[[{person.stem}",
                        f"{text} ({start}to {until})",
                        cites_of(line)[:1] + cite,
                    ):
                        self.touched.add(other.path)
                    return

    def _page_by_link(self, target: str) -> WikiPage | None:
        key = normalize_key(target)
        for page in self.pages.values():
            if normalize_key(page.stem) == key:
                return page
        return self.subjects.resolve(target, "organization")

    # -- sessions -------------------------------------------------------------------------

    def observe_session(self, item: WorkItem) -> list[tuple[int, str, Observation]]:
        out = []
        for n, sent, speaker, when, anchor, user in self._sentences(item):
            turn_text = anchor[2]
            for obs in from_sentence(sent, speaker, when, anchor, user, turn_text):
                if obs.section == "Standing requests" and not keep_request(
                    obs.text, turn_text, self.subjects.embedder
                ):
                    continue  # an injection, or an action rather than a way to answer
                out.append((n, sent, obs))
            for obs in third_person_facts(sent, when, anchor):
                if normalize_key(obs.subject) == normalize_key(speaker):
                    continue
                out.append((n, sent, obs))
                if obs.subject_type == "person":
                    # Someone the speaker talks about is someone in their life: the
                    # speaker's page lists them, so the two pages link.
                    out.append((n, sent, people_line(speaker, obs.subject, when, anchor)))
        return out

    def _sentences(self, item: WorkItem) -> Any:
        """(turn number, sentence, speaker, day, anchor, said by the user) of new turns."""
        session = item.session
        target = link_target_for_path(item.path)
        self.learn_principal([session])
        # Standing requests are made to an assistant, not in a chat between two people.
        with_ai = any(is_ai(t.role, t.speaker) for t in session.turns)
        for n, turn in enumerate(session.turns, start=1):
            if n <= item.old_turns or turn.role in ("system", "tool"):
                continue
            if is_ai(turn.role, turn.speaker):
                continue
            speaker = self._speaker_name(turn.speaker, session)
            when = turn.at.date() if turn.at else session.date
            anchor = (target, f"t{n}", turn.content)
            for sent in sentences(turn.content):
                if "[[" in sent or "[cite:" in sent:
                    continue  # quoted memory (an agent's answer), not a statement
                if not fg.matches(sent, self.plan.forget):
                    yield n, sent, speaker, when, anchor, turn.role == "user" and with_ai

    def observe_mentions(
        self, item: WorkItem, lines: dict[tuple[int, str], str] | None = None
    ) -> list[tuple[int, str, Observation]]:
        """Notes on known subjects; run after every session's facts made their pages.
        `lines`: (turn, sentence) -> the sentence in the third person, the notes' words."""
        lines = lines or {}
        if self._mentions is None:
            profile = self.subjects.resolve(self.principal, "profile") if self.principal else None
            self._mentions = Mentions(list(self.pages.values()), profile)
        out = []
        topic: Topic | None = None  # the project this session is about, so far
        for n, sent, speaker, when, anchor, _ in self._sentences(item):
            page = self.subjects.resolve(speaker, "person")
            mine = {page.path} if page else set()
            line = lines.get((n, sent))
            found = self._mentions.notes(sent, speaker, mine, when, anchor, line)
            named = [o for o in found if o.subject_type in NAMED_TYPES]
            if named:
                project = self.subjects.resolve(named[0].subject, named[0].subject_type)
                if project is not None:
                    topic = topic_after(topic, project, speaker, sent)
            elif topic is not None:
                found += self._mentions.topic_note(sent, speaker, mine, when, anchor, topic, line)
            out += [(n, sent, obs) for obs in found]
        return out

    def learn_principal(self, sessions: Iterable[Session]) -> None:
        """Whose memory it is, when nobody said: the first name a user of these sessions
        gives, else "User". A name given in any of them wins over the stand-in "User", so
        a run where she signs her name in April writes her page from January on (an
        earlier run's "User" profile is taken over, as when the owner is set by hand)."""
        if self.principal and self.principal != "User":
            return
        stand_in = False
        for session in sessions:
            name, alias = self._principal_of(session)
            if name:
                earlier, self.principal = self.principal, name
                if alias and alias != name:
                    self.principal_aliases.append(alias)
                if earlier == "User":
                    adopt_owner(self, earlier, name)
                return
            stand_in = stand_in or any(t.role == "user" for t in session.turns)
        if stand_in and not self.principal:
            self.principal = "User"

    def learn_principal_from_documents(self) -> None:
        """Whose memory it is, when no turn said and nobody set it: the one party of the
        user's own documents that is the user ("Employee: Kieran Doyle" on the payslip
        the user calls "my payslip"; `dream.parties`). The stand-in "User"'s profile is
        taken over, as when the owner signs a message."""
        if self.principal != "User" or self.plan.config.owner or self.subjects.embedder is None:
            return
        party = owner_from_documents(
            documents(self.repo, self.plan),
            lambda: user_turns(self.repo, self.plan),
            self.subjects.embedder,
        )
        if party is not None:
            self.principal = party.name
            adopt_owner(self, "User", party.name)

    def _principal_of(self, session: Session) -> tuple[str | None, str | None]:
        """(the user's name in this session, the speaker name it is also known by)."""
        users = [t for t in session.turns if t.role == "user"]
        # The AI's reply confirms a lower-case name; else the embedding model reads the
        # phrase as an introduction ("hey im priya btw") by examples.
        embedder = self.subjects.embedder
        intro = introduced_name(session, embedder)
        speaker = next((t.speaker for t in users if t.speaker), None)
        if intro and (not speaker or normalize_key(intro).startswith(normalize_key(speaker))):
            return intro, speaker
        return speaker, None

    def _speaker_name(self, speaker: str | None, session: Session) -> str:
        if speaker is None:
            return self.principal or "User"
        return speaker

    def summarize(
        self,
        item: WorkItem,
        observed: dict[tuple[int, str], int],
        subjects: list[tuple[str, str]],
        statements: list[Any] | None = None,
    ) -> None:
        page = build_summary(
            item.session,
            item.path,
            observed,
            subjects,
            statements or [],
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
            if page and to and not self._links_back(page, to) and page.add_link(to):
                self.touched.add(src)

    def _link_names(self) -> tuple[set[str], dict[str, WikiPage]]:
        if self._names_cache is None:
            names: dict[str, WikiPage] = {}
            for p in self.pages.values():
                for name in [p.title, *p.aliases]:
                    names.setdefault(normalize_key(name), p)
            self._names_cache = ({normalize_key(p.stem) for p in self.pages.values()}, names)
        return self._names_cache

    def _obsidian_links(self, page: WikiPage) -> None:
        """Links that name a page by title or alias become [[File name|Shown]] links.

        `brain validate` resolves titles and aliases, Obsidian only file names; a link
        written by hand or by an older run as [[Maya]] for "Maya Chen.md" is rewritten,
        and so is a dangling [[Tom]] once exactly one person page is a Tom.
        """
        stems, names = self._link_names()

        def repl(m: Any) -> str:
            bang, target, frag, shown = m.group(1), m.group(2), m.group(3) or "", m.group(4)
            key = normalize_key(target)
            if bang or "/" in target or not target or key in stems:
                return m.group(0)
            # A title or alias; else a person's first name that only one page has.
            page = names.get(key) or self.subjects.resolve(target, "person")
            if page is None:
                return m.group(0)
            return f"[[{page.stem}{frag}|{shown or target}]]"

        for lines in [page.lead, *page.sections.values()]:
            lines[:] = [WIKILINK_RE.sub(repl, line) for line in lines]

    def outputs(self, outcome: Outcome) -> None:
        self._add_backlinks()
        linked = {src for src, _ in self.backlinks}
        for path in sorted(self.touched | self.created):
            page = self.pages.get(path)
            if page is None:
                continue
            if not page.has_content() and path not in self.originals and path not in linked:
                continue  # a subject named but never described or linked gets no page
            self._obsidian_links(page)
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
