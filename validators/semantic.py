"""Semantic validators: every cited claim is supported by its evidence, no contradictions.

Extractive support (the default, deterministic): the entities, numbers, dates and most
content words of a claim must be found in the blocks it cites (or in their context: the
session's date, speakers and title), and a negated claim must cite negated evidence and
the other way round. An optional `judge` (an LLM entailment check) replaces the
content-word test; the entity, number, date and negation checks always run, because a
weak model must never be able to wave a made-up name or number through.

Contradictions: a line `- **Attribute:** value` outside a history section states a
current value; one subject (a page, or pages sharing a title or alias) with two current
values for one attribute is a contradiction.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from language.dates import days_named
from memory_schema.errors import ParseError
from memory_schema.layout import KNOWLEDGE, NOTES, iter_memory_files
from memory_schema.links import CITE_DEF_RE, LinkResolver, normalize_key, short_quote
from memory_schema.markdown_io import read_text
from memory_schema.memory_config import read_config
from memory_schema.page import CITATIONS_HEADING, Page
from memory_schema.session import Session, Turn
from memory_schema.source import Source
from memory_schema.store import is_session_file, is_source_file

from .cache import SupportCache
from .findings import Finding, Report, finding
from .support import Evidence, Judge, check_support

# Re-exported: Dream writes claims with the same reading of words that checks them.
from .words import STOPWORDS as STOPWORDS
from .words import content_words as content_words
from .words import plain_claim as plain_claim
from .words import stem as stem
from .words import tokens as tokens

#: Sections whose attribute lines are earlier values, not current ones.
HISTORY_HEADINGS = ("history", "earlier", "past", "previous", "timeline", "events")


# -- claims and evidence -----------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    path: str
    line: int
    text: str  # the claim without its [cite:N] markers
    cites: tuple[int, ...]


def page_claims(page: Page) -> list[Claim]:
    """Claims of a page: each run of text ending in one or more [cite:N], line by line."""
    out = []
    offset = page.body_line_offset
    for i, line in enumerate(page.body.split("\n"), start=1):
        if line.strip() == CITATIONS_HEADING:
            break
        if CITE_DEF_RE.match(line) or "[cite:" not in line:
            continue
        prefix = ""
        m = re.match(r"^\s*(?:[-+*]\s+)?(\*\*[^*\n]{1,60}?:\*\*)?", line)
        if m and m.group(1):
            prefix = m.group(1) + " "
        pos = 0
        for group in re.finditer(r"(?:\s*\[cite:\d+\])+", line):
            text = line[pos : group.start()]
            pos = group.end()
            cites = tuple(int(n) for n in re.findall(r"\[cite:(\d+)\]", group.group(0)))
            if not plain_claim(text):
                continue
            if prefix and not text.lstrip().startswith(("-", "*", "+", "**")):
                text = prefix + text  # later claims on a fact line share its label
            out.append(Claim(page.path, i + offset, text.strip(), cites))
    return out


class _EvidenceStore:
    """Loads cited sessions and sources once and hands out their blocks."""

    def __init__(
        self,
        root: Path,
        resolver: LinkResolver,
        titles: dict[str, str],
        owner: Iterable[str] = (),
    ):
        self.root = root
        self.resolver = resolver
        self.titles = titles  # path -> "title alias ..." of each page
        self.owner = list(owner)  # the memory owner's name and aliases
        self._owner_keys = {normalize_key(n) for n in self.owner}
        self._docs: dict[str, Session | Source | None] = {}

    def _load(self, rel: str) -> Session | Source | None:
        if rel not in self._docs:
            doc: Session | Source | None = None
            try:
                text = read_text((self.root / rel).read_bytes(), rel)
                if is_session_file(rel):
                    doc = Session.parse(text, rel)
                    if doc.by_agent:
                        doc = None  # the agent's own transcript: an answer, not evidence
                elif is_source_file(rel):
                    doc = Source.parse(text, rel)
            except (OSError, ParseError, ValueError):
                doc = None
            self._docs[rel] = doc
        return self._docs[rel]

    def block(self, target: str, anchor: str) -> Evidence | None:
        rel = self.resolver.resolve(target)
        doc = self._load(rel) if rel else None
        if isinstance(doc, Session) and anchor.startswith("t") and anchor[1:].isdigit():
            n = int(anchor[1:])
            if not 1 <= n <= len(doc.turns):
                return None
            turn = doc.turns[n - 1]
            names = [turn.who, *doc.participants, doc.title]
            if self._owners_turn(turn):
                names += self.owner
            names += [self.resolver_title(name) for name in names]
            base = turn.at.date() if turn.at else doc.date
            dates = days_named(turn.content, base)
            if base:
                dates.add(base)
            others = tuple(p for p in doc.participants if p and p != turn.who)
            owners = self._owners_turn(turn)
            speaker = " ".join([turn.who, *self.owner]) if owners else turn.who
            return Evidence(
                turn.content,
                " ".join(filter(None, names)),
                dates,
                speaker=speaker or "",
                listeners=others,
                title=doc.title or "",
                said_on=base,
                by_ai=turn.by_ai,
                # The owner is 'the user' even under their own name.
                role="user" if owners else turn.role,
            )
        if isinstance(doc, Source) and anchor.startswith("p") and anchor[1:].isdigit():
            n = int(anchor[1:])
            if not 1 <= n <= len(doc.blocks):
                return None
            captured = doc.captured
            base = captured.date() if isinstance(captured, dt.datetime) else captured
            text = doc.blocks[n - 1]
            dates = days_named(text, base) | {base}
            return Evidence(text, doc.title, dates, title=doc.title or "", said_on=base)
        return None

    def _owners_turn(self, turn: Turn) -> bool:
        """An unnamed `user` turn is the owner's, and so is one under an owner's name."""
        if turn.role != "user" or not self.owner:
            return False
        return turn.speaker is None or normalize_key(turn.speaker) in self._owner_keys

    def resolver_title(self, name: str) -> str:
        """The page a name (a speaker, say) resolves to, with its title and aliases."""
        rel = self.resolver.resolve(name)
        return self.titles.get(rel, "") if rel else ""


def check_claim(
    claim_text: str,
    evidence: list[Evidence],
    subject_names: Iterable[str] = (),
    judge: Judge | None = None,
) -> str | None:
    """Why the evidence does not support the claim, or None when it does (see support.py)."""
    result = check_support(claim_text, evidence, subject_names=subject_names, judge=judge)
    return None if result.ok else result.reason


# -- contradictions ----------------------------------------------------------------------

_FACT_LINE_RE = re.compile(r"^\s*[-*+]\s+\*\*(?P<attr>[^*\n]{1,60}?):\*\*\s*(?P<value>.*)$")


def _value_key(value: str) -> str:
    value = re.split(r"\s+—\s+|\s+\(since|\s*\[cite:", value, maxsplit=1)[0]
    return normalize_key(plain_claim(value))


def current_facts(page: Page) -> list[tuple[str, str, int]]:
    """(attribute, value, line) for each '- **Attr:** value' line in a current section."""
    out = []
    section = ""
    offset = page.body_line_offset
    for i, line in enumerate(page.body.split("\n"), start=1):
        if line.startswith("## "):
            section = line[3:].strip().casefold()
            continue
        if section.startswith(HISTORY_HEADINGS) or section == "citations":
            continue
        m = _FACT_LINE_RE.match(line)
        if m:
            out.append((m.group("attr").strip(), m.group("value"), i + offset))
    return out


def find_contradictions(pages: list[Page]) -> list[Finding]:
    """One subject, one attribute, two different current values."""
    owner: dict[str, str] = {}
    for p in pages:
        for name in [p.title, *p.aliases]:
            owner.setdefault(normalize_key(name), p.path)
    seen: dict[tuple[str, str], tuple[str, str, int]] = {}
    out = []
    for p in sorted(pages, key=lambda p: p.path):
        subject = owner.get(normalize_key(p.title), p.path)
        for attr, value, line in current_facts(p):
            key = (subject, normalize_key(attr))
            vkey = _value_key(value)
            if not vkey:
                continue
            if key in seen and seen[key][0] != vkey:
                _, where, at = seen[key]
                out.append(
                    finding(
                        "contradiction",
                        p.path,
                        line,
                        f"{attr!r} is {plain_claim(value)!r} here but "
                        f"{seen[key][0]!r} at {where}:{at}",
                    )
                )
            else:
                seen.setdefault(key, (vkey, p.path, line))
    return out


# -- the validator -----------------------------------------------------------------------


def _pages(root: Path) -> dict[str, Page]:
    pages = {}
    for rel in iter_memory_files(root):
        if not (
            rel.startswith((f"{KNOWLEDGE}/", f"{NOTES}/", "sessions/"))
            and (not rel.startswith("sessions/") or rel.endswith(".summary.md"))
        ):
            continue
        try:
            pages[rel] = Page.parse(read_text((root / rel).read_bytes(), rel), rel)
        except (OSError, ParseError):
            continue  # the deterministic validators report unreadable files
    return pages


def claim_signatures(page: Page) -> set[str]:
    """A key per claim of a page: its words and the blocks it cites (not their numbers).

    Claims whose key was already in the validated previous version of a page need no new
    check, which keeps an incremental run's cost independent of the page's history.
    """
    return set(claim_list_signatures(page))


def claim_list_signatures(page: Page) -> list[str]:
    """claim_signatures in the order of page_claims(page)."""
    defs = {d.n: f"{d.target}#{d.anchor}" for d in page.citation_defs()}
    return [
        plain_claim(c.text) + "|" + ",".join(sorted(defs.get(n, "?") for n in c.cites))
        for c in page_claims(page)
    ]


def _flat(text: str) -> str:
    return " ".join(text.replace('"', "'").replace("’", "'").split()).casefold()


def _check_quotes(page: Page, store: _EvidenceStore) -> list[Finding]:
    """Each citation's quoted words must be words of the block it cites (a cut quote
    ending in '…' is a prefix of a sentence of it): a rewritten quote misleads readers."""
    out = []
    for d in page.citation_defs():
        quote = d.quote.strip()
        if not quote:
            continue
        ev = store.block(d.target, d.anchor)
        if ev is None:
            continue  # the deterministic validators report missing targets
        q = _flat(quote.removesuffix("…").removesuffix("...").rstrip())
        if q and q not in _flat(ev.text):
            out.append(
                finding(
                    "cite-quote-mismatch",
                    page.path,
                    d.line,
                    f"[cite:{d.n}] quotes {short_quote(quote, 60)!r}, "
                    f"which is not in {d.target}#^{d.anchor}",
                )
            )
    return out


def validate_semantics(
    root: Path | str,
    paths: Iterable[str] | None = None,
    *,
    judge: Judge | None = None,
    known: dict[str, set[str]] | None = None,
    cache: SupportCache | None = None,
    quotes: bool = False,
) -> Report:
    """Check cited claims (in `paths`, default every page and summary) and contradictions.

    `known[path]` holds claim signatures (see claim_signatures) already checked; those
    claims are skipped. `cache` keeps verdicts by content (see cache.py); `quotes` also
    compares each citation's quote with the block it cites.
    """
    root = Path(root)
    pages = _pages(root)
    resolver = LinkResolver()
    for rel in iter_memory_files(root):
        page = pages.get(rel)
        resolver.add_file(rel, page.title if page else None, page.aliases if page else ())
    titles = {rel: " ".join([p.title, *p.aliases]) for rel, p in pages.items()}
    try:
        owner = read_config(root).owner_names
    except ParseError:
        owner = []  # Dream refuses a broken config before it gets here
    store = _EvidenceStore(root, resolver, titles, owner)
    wanted = set(paths) if paths is not None else set(pages)
    findings: list[Finding] = []
    for rel in sorted(wanted & set(pages)):
        page = pages[rel]
        defs = {d.n: d for d in page.citation_defs()}
        names = [page.title, *page.aliases]
        seen = (known or {}).get(rel, set())
        if quotes:
            findings += _check_quotes(page, store)
        for claim in page_claims(page):
            if seen:
                key = ",".join(
                    sorted(
                        f"{defs[n].target}#{defs[n].anchor}" if n in defs else "?"
                        for n in claim.cites
                    )
                )
                if f"{plain_claim(claim.text)}|{key}" in seen:
                    continue
            evidence = [
                ev
                for n in claim.cites
                if n in defs and (ev := store.block(defs[n].target, defs[n].anchor))
            ]
            if rel.startswith(f"{KNOWLEDGE}/") and evidence and all(e.by_ai for e in evidence):
                # A wiki fact needs a person's words; a summary may report what the AI said.
                reason = "only an AI assistant says so, which is no fact about anyone"
            elif cache is not None and judge is None:
                key = cache.key(plain_claim(claim.text), evidence, names)
                reason = cache.get(key)
                if reason is None:
                    reason = check_claim(claim.text, evidence, names, judge)
                    cache.put(key, reason)
            else:
                reason = check_claim(claim.text, evidence, names, judge)
            if reason:
                cites = "".join(f"[cite:{n}]" for n in claim.cites)
                findings.append(
                    finding(
                        "unsupported-claim",
                        rel,
                        claim.line,
                        f"{cites} {plain_claim(claim.text)!r}: {reason}",
                    )
                )
    if cache is not None:
        cache.save()
    wiki = [p for p in pages.values() if not p.path.startswith("sessions/")]
    findings += [f for f in find_contradictions(wiki) if f.path in wanted]
    findings.sort(key=lambda f: (f.path, f.line, f.code))
    return Report(findings)
