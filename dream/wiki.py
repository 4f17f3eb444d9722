"""The wiki page as Dream edits it: sections of lines, facts with history, evidence.

A page is parsed into its lead text and `## ` sections; inside, `[cite:N]` becomes a
stable placeholder `[cite:@target#anchor]` so lines can move between pages and sections
and the numbering is redone on render. Lines Dream does not understand (hand-written
text) are kept as they are.

Fact lines keep the current value of one attribute and its history:

    ## Current
    - **Employer:** [[Northwind Labs]] — since 2026-06-15 [cite:1]
    ## History
    - **Employer:** [[Acme Corp]] — 2026-05-04 to 2026-06-15 [cite:2] [cite:1]
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from language.classify import prototypes
from memory_schema.links import CITE_RE, normalize_key
from memory_schema.page import CITATIONS_HEADING, Evidence, Page, build_page
from validators.semantic import plain_claim

#: Sections of observations, one per topic (the classes of `language` prototypes).
TOPIC_SECTIONS = tuple(prototypes()["topic"])

#: Section order on pages Dream writes; others (hand-written) follow in their own order.
SECTION_ORDER = (
    "Current",
    "Preferences",
    "Standing requests",
    "Facts",
    "People",
    "Pets",
    "Projects",
    "Tools",
    "Used by",
    "About",
    "Decisions",
    "Events",
    *TOPIC_SECTIONS,
    "Notes",
    "History",
    "Related",
)
#: Sections of dated lines, trimmed to the latest MAX_EVENTS and kept in date order.
DATED_SECTIONS = ("Events", "Notes", *TOPIC_SECTIONS)
MAX_CITES_PER_LINE = 3
#: Dated events kept on a page; older ones stay in the session summaries.
MAX_EVENTS = 30
#: Dated observations kept per topic section.
MAX_TOPIC_LINES = 80
_PH_RE = re.compile(r"\[cite:@([^\]#]+)#([A-Za-z0-9-]+)\]")
_FACT_RE = re.compile(
    r"^- \*\*(?P<attr>[^*\n]+?):\*\* (?P<value>.*?)"
    r"(?: — (?:since (?P<since>\d{4}-\d{2}-\d{2})|(?P<from>\d{4}-\d{2}-\d{2})? ?to "
    r"(?P<until>\d{4}-\d{2}-\d{2})))?(?P<cites>(?: ?\[cite:@[^\]]+\])*)\s*$"
)


def placeholder(target: str, anchor: str) -> str:
    return f"[cite:@{target}#{anchor}]"


def line_key(line: str) -> str:
    """What a line says, for de-duplication: words only, no citations or links syntax."""
    return normalize_key(plain_claim(_PH_RE.sub(" ", line)))


def cites_of(line: str) -> list[str]:
    return [m.group(0) for m in _PH_RE.finditer(line)]


def strip_cites(line: str) -> str:
    return _PH_RE.sub("", line).rstrip()


def with_cites(text: str, cites: list[str]) -> str:
    unique = list(dict.fromkeys(cites))[:MAX_CITES_PER_LINE]
    return text.rstrip() + ("".join(f" {c}" for c in unique) if unique else "")


@dataclass
class Fact:
    attr: str
    value: str
    since: dt.date | None = None
    until: dt.date | None = None
    cites: list[str] = field(default_factory=list)

    def render(self, historic: bool = False) -> str:
        line = f"- **{self.attr}:** {self.value}"
        if historic and self.until:
            start = self.since.isoformat() + " " if self.since else ""
            line += f" — {start}to {self.until.isoformat()}"
        elif self.since:
            line += f" — since {self.since.isoformat()}"
        return with_cites(line, self.cites)

    @classmethod
    def parse(cls, line: str) -> Fact | None:
        m = _FACT_RE.match(line)
        if not m:
            return None
        since = m.group("since") or m.group("from")
        return cls(
            attr=m.group("attr"),
            value=m.group("value").strip(),
            since=dt.date.fromisoformat(since) if since else None,
            until=dt.date.fromisoformat(m.group("until")) if m.group("until") else None,
            cites=cites_of(m.group("cites") or ""),
        )


@dataclass
class WikiPage:
    path: str
    title: str
    type: str
    created: dt.date
    updated: dt.date
    aliases: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    summary: str = ""
    extra_meta: dict[str, Any] = field(default_factory=dict)
    lead: list[str] = field(default_factory=list)
    sections: dict[str, list[str]] = field(default_factory=dict)
    quotes: dict[str, str] = field(default_factory=dict)  # placeholder -> quote
    auto_summary: bool = True

    # -- parse / render -------------------------------------------------------------------

    @classmethod
    def from_page(cls, page: Page) -> WikiPage:
        defs = {d.n: d for d in page.citation_defs()}
        quotes: dict[str, str] = {}

        def to_placeholder(m: re.Match[str]) -> str:
            d = defs.get(int(m.group(1)))
            if d is None:
                return ""
            ph = placeholder(d.target, d.anchor)
            quotes.setdefault(ph, d.quote)
            return ph

        lead: list[str] = []
        sections: dict[str, list[str]] = {}
        current: list[str] = lead
        for line in page.body.split("\n"):
            if line.strip() == CITATIONS_HEADING:
                break
            if line.startswith("# ") and current is lead and not any(x.strip() for x in lead):
                continue  # the H1 title, re-rendered from the title
            if line.startswith("## "):
                current = sections.setdefault(line[3:].strip(), [])
                continue
            current.append(CITE_RE.sub(to_placeholder, line))
        meta = page.meta
        known = ("title", "type", "aliases", "tags", "created", "updated", "summary")
        today = dt.date.today()
        return cls(
            path=page.path,
            title=page.title,
            type=page.type or "topic",
            created=_as_date(meta.get("created")) or today,
            updated=_as_date(meta.get("updated")) or today,
            aliases=page.aliases,
            tags=[t for t in meta.get("tags") or [] if isinstance(t, str)],
            summary=page.summary,
            extra_meta={k: v for k, v in meta.items() if k not in known},
            lead=_trim(lead),
            sections={k: _trim(v) for k, v in sections.items()},
            quotes=quotes,
            auto_summary=bool(meta.get("dream", False)),
        )

    def render(self) -> str:
        return self.to_page().render()

    def to_page(self) -> Page:
        order = [s for s in SECTION_ORDER if self.sections.get(s)]
        order += [s for s in self.sections if s not in SECTION_ORDER and self.sections[s]]
        numbers: dict[str, int] = {}
        evidence: list[Evidence] = []

        def number(m: re.Match[str]) -> str:
            ph = m.group(0)
            if ph not in numbers:
                numbers[ph] = len(numbers) + 1
                quote = self.quotes.get(ph, "")
                evidence.append(Evidence(m.group(1), m.group(2), quote))
            return f"[cite:{numbers[ph]}]"

        blocks: list[tuple[str | None, str]] = []
        if any(x.strip() for x in self.lead):
            blocks.append((None, _PH_RE.sub(number, "\n".join(self.lead))))
        for name in order:
            blocks.append((name, _PH_RE.sub(number, "\n".join(self.sections[name]))))
        if self.auto_summary:
            self.summary = self.make_summary()
        meta = dict(self.extra_meta)
        if self.auto_summary:
            meta["dream"] = True
        return build_page(
            self.path,
            title=self.title,
            type=self.type,
            summary=self.summary,
            sections=blocks or [(None, "")],
            evidence=evidence,
            created=self.created,
            updated=self.updated,
            aliases=self.aliases,
            tags=self.tags,
            extra_meta=meta,
        )

    def make_summary(self) -> str:
        facts = [f for f in (Fact.parse(x) for x in self.sections.get("Current", [])) if f]
        parts = [f"{f.attr}: {plain_claim(f.value)}" for f in facts[:3]]
        if not parts:
            for name in SECTION_ORDER:
                lines = [x for x in self.sections.get(name, []) if x.startswith("- ")]
                if lines and name != "Related":
                    parts.append(plain_claim(strip_cites(lines[0])))
                    break
        text = " · ".join(parts) or f"{self.type.capitalize()} page."
        return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + " …"

    @property
    def stem(self) -> str:
        """The file name without .md: what Obsidian resolves a [[link]] by."""
        return self.path.rsplit("/", 1)[-1][:-3]

    def link(self, shown: str | None = None) -> str:
        shown = shown or self.title
        return f"[[{self.stem}]]" if shown == self.stem else f"[[{self.stem}|{shown}]]"

    # -- editing --------------------------------------------------------------------------

    def cite(self, target: str, anchor: str, quote: str) -> str:
        ph = placeholder(target, anchor)
        self.quotes.setdefault(ph, quote)
        return ph

    def add_item(self, section: str, text: str, cites: list[str]) -> bool:
        """Add a bullet unless the section already says it; then only add the evidence."""
        changed = self._add_item(section, text, cites)
        if changed and section in DATED_SECTIONS:
            self._trim_events(section)
        return changed

    def _trim_events(self, section: str) -> None:
        """Keep the latest MAX_EVENTS dated lines; older ones live on in summaries."""
        lines = self.sections[section]
        dated = sorted(
            (x for x in lines if re.match(r"^- \d{4}-\d{2}-\d{2}", x)), key=lambda x: x[2:12]
        )
        cap = MAX_TOPIC_LINES if section in TOPIC_SECTIONS else MAX_EVENTS
        drop = set(dated[: max(0, len(dated) - cap)])
        self.sections[section] = sorted(
            (x for x in lines if x not in drop), key=lambda x: x[2:12] if x[2:3].isdigit() else ""
        )

    def _add_item(self, section: str, text: str, cites: list[str]) -> bool:
        lines = self.sections.setdefault(section, [])
        text = text if text.startswith("- ") else f"- {text}"
        key = line_key(text)
        for i, line in enumerate(lines):
            if line_key(line) == key:
                merged = with_cites(strip_cites(line), cites_of(line) + cites)
                changed = merged != line
                lines[i] = merged
                return changed
        lines.append(with_cites(text, cites))
        return True

    def set_item(self, section: str, key: str, text: str, cites: list[str]) -> bool:
        """Replace the bullet that mentions `key` (e.g. a link) or add one."""
        lines = self.sections.setdefault(section, [])
        new = with_cites(text if text.startswith("- ") else f"- {text}", cites)
        keys = (key + "]]", key + "|") if key.startswith("[[") else (key,)
        for i, line in enumerate(lines):
            if any(k in line for k in keys):
                if line == new:
                    return False
                lines[i] = new
                return True
        lines.append(new)
        return True

    def facts(self, section: str = "Current") -> list[Fact]:
        return [f for f in (Fact.parse(x) for x in self.sections.get(section, [])) if f]

    def current(self, attr: str) -> Fact | None:
        key = attr.casefold()
        return next((f for f in self.facts() if f.attr.casefold() == key), None)

    def set_fact(
        self, attr: str, value: str, when: dt.date | None, cites: list[str], starts: bool = False
    ) -> str:
        """State a value of an attribute; an earlier different value moves to History.
        `starts`: the value is said to begin on `when` (a move on a day), which is its
        start though an earlier block named it (the lease signed weeks before).

        Returns 'same', 'new', 'changed' or 'historic' (an older value than the current
        one, recorded in History only).
        """
        cur = self.current(attr)
        lines = self.sections.setdefault("Current", [])
        if cur is not None and line_key(cur.value) == line_key(value):
            since = when if starts and when else _min(cur.since, when)
            updated = Fact(cur.attr, cur.value, since, None, cur.cites + cites)
            self._replace_fact(lines, cur, updated.render())
            return "same" if updated.render() == cur.render() else "new"
        if cur is not None and when and cur.since and when < cur.since:
            old = Fact(attr, value, when, cur.since, cites + cur.cites[:1])
            self.add_history(old)
            return "historic"
        new = Fact(attr, value, when, None, cites)
        if cur is None:
            lines.append(new.render())
            return "new"
        self._replace_fact(lines, cur, new.render())
        self.add_history(Fact(cur.attr, cur.value, cur.since, when, cur.cites[:2] + cites[:1]))
        return "changed"

    def end_fact(self, attr: str, when: dt.date | None, cites: list[str]) -> bool:
        cur = self.current(attr)
        if cur is None or when is None:
            return False
        self._replace_fact(self.sections["Current"], cur, None)
        self.add_history(Fact(cur.attr, cur.value, cur.since, when, cur.cites[:2] + cites[:1]))
        return True

    def give_back(self, gone: Fact) -> bool:
        """A current value cut from the page (the validators found no support for it)
        gives back the value it replaced: the History line of the same attribute that
        ends the day it began is current again, without the cut value's evidence. Else a
        spurious later value ("add a column", read as a vehicle) would leave the true
        one ended."""
        if gone.since is None or self.current(gone.attr) is not None:
            return False
        key = gone.attr.casefold()
        history = self.sections.get("History", [])
        for i in reversed(range(len(history))):
            fact = Fact.parse(history[i])
            if fact and fact.attr.casefold() == key and fact.until == gone.since:
                cites = [c for c in fact.cites if c not in gone.cites] or fact.cites
                del history[i]
                back = Fact(fact.attr, fact.value, fact.since, None, cites)
                self.sections.setdefault("Current", []).append(back.render())
                return True
        return False

    def add_history(self, fact: Fact) -> None:
        lines = self.sections.setdefault("History", [])
        text = fact.render(historic=True)
        if any(line_key(x) == line_key(text) for x in lines):
            return
        lines.append(text)
        lines.sort(key=lambda x: (Fact.parse(x) or Fact("", "", dt.date.min)).since or dt.date.min)

    @staticmethod
    def _replace_fact(lines: list[str], old: Fact, new: str | None) -> None:
        for i, line in enumerate(lines):
            parsed = Fact.parse(line)
            if parsed and parsed.attr.casefold() == old.attr.casefold():
                if new is None:
                    del lines[i]
                else:
                    lines[i] = new
                return

    def add_link(self, other: WikiPage) -> bool:
        lines = self.sections.setdefault("Related", [])
        link = f"- {other.link()}"
        if link in lines or other.path == self.path:
            return False
        lines.append(link)
        return True

    def remove_lines(self, predicate: Any) -> int:
        """Drop lines (lead and sections) for which predicate(line) is true."""
        removed = 0
        for lines in [self.lead, *self.sections.values()]:
            keep = [x for x in lines if not predicate(x)]
            removed += len(lines) - len(keep)
            lines[:] = keep
        return removed

    def has_content(self) -> bool:
        return any(x.strip() for x in self.lead) or any(
            any(x.strip() for x in v) for k, v in self.sections.items() if k != "Related"
        )


def _min(a: dt.date | None, b: dt.date | None) -> dt.date | None:
    return min(a, b) if a and b else a or b


def _as_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else None


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return list(lines)
