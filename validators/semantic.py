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

import calendar
import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from memory_schema.errors import ParseError
from memory_schema.layout import KNOWLEDGE, NOTES, iter_memory_files
from memory_schema.links import CITE_DEF_RE, CITE_RE, WIKILINK_RE, LinkResolver, normalize_key
from memory_schema.markdown_io import read_text
from memory_schema.memory_config import read_config
from memory_schema.page import CITATIONS_HEADING, Page
from memory_schema.session import Session, Turn
from memory_schema.source import Source
from memory_schema.store import is_session_file, is_source_file

from .findings import Finding, Report, finding

#: (claim, evidence) -> True when the evidence entails the claim.
Judge = Callable[[str, str], bool]

#: Share of a claim's content words that must occur in its evidence.
MIN_CONTENT_COVERAGE = 0.5
#: Sections whose attribute lines are earlier values, not current ones.
HISTORY_HEADINGS = ("history", "earlier", "past", "previous", "timeline", "events")


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS = _wordset(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me more most my myself now of off on once only or other our
    ours ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves since current currently earlier formerly previously now then still ago
    said says say told tells tell mentioned mentions mention per via one's it's i'm i've
    i'd i'll let's really much many lot lots get got gets getting well"""
)
NEGATIONS = _wordset(
    "not no never none nobody nothing neither nor without cannot can't don't doesn't didn't "
    "won't isn't aren't wasn't weren't haven't hasn't hadn't shouldn't wouldn't couldn't "
    "dislike dislikes disliked hate hates hated"
)
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        re.findall(
            r"\w+",
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
        )
    )
}
MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
WEEKDAYS = {d.lower(): i for i, d in enumerate(calendar.day_name)}

_TOKEN_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+(?:[.,:]\d+)*")
_ISO_DATE_RE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_LABEL_RE = re.compile(r"\*\*[^*\n]{1,60}?:\*\*")
_MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY_MONTH_RE = re.compile(
    rf"\b(?:(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})\.?|({_MONTH_NAMES})\.?\s+(\d{{1,2}})"
    rf"(?:st|nd|rd|th)?)\b(?:,?\s+(\d{{4}}))?",
    re.IGNORECASE,
)
_RELATIVE_RE = re.compile(
    r"\b(yesterday|today|tonight|this morning|this evening|tomorrow|"
    r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week|month|year)s?\s+ago|"
    r"last\s+(week|month|year|weekend|" + "|".join(WEEKDAYS) + r")|"
    r"next\s+(week|month|year|weekend|" + "|".join(WEEKDAYS) + r"))\b",
    re.IGNORECASE,
)


# -- text helpers (shared with dream) ---------------------------------------------------


def plain_claim(text: str) -> str:
    """A claim as words: labels, link syntax, citations and emphasis removed."""
    text = CITE_RE.sub(" ", text)
    text = _LABEL_RE.sub(" ", text)

    def shown(m: re.Match[str]) -> str:
        if m.group(4):
            return m.group(4)
        return m.group(2).rsplit("/", 1)[-1]

    text = WIKILINK_RE.sub(shown, text)
    text = re.sub(r"[*_`>#]+", " ", text)
    text = re.sub(r"^\s*[-+]\s+", "", text)
    return " ".join(text.split())


def tokens(text: str) -> list[str]:
    return [t.replace("’", "'") for t in _TOKEN_RE.findall(text)]


def stem(word: str) -> str:
    """A crude English stem, enough to match 'engineering' with 'engineer'."""
    w = word.lower().strip("'-")
    for suffix in ("ies", "ing", "ed", "es", "ly", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    return w


def content_words(text: str) -> list[str]:
    return [
        t.lower()
        for t in tokens(text)
        if not t[0].isdigit() and len(t) >= 3 and t.lower() not in STOPWORDS
    ]


def is_negated(text: str) -> bool:
    words = {t.lower() for t in tokens(text)}
    return bool(words & NEGATIONS) or "n't" in text.lower()


def numbers_in(text: str) -> set[str]:
    out = set()
    for t in tokens(text):
        low = t.lower()
        if t[0].isdigit():
            out.add(t.replace(",", ""))
        elif low in NUMBER_WORDS and low != "one":
            out.add(NUMBER_WORDS[low])
    return out


def _shift_months(day: dt.date, months: int) -> dt.date:
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def resolve_dates(text: str, base: dt.date | None) -> list[tuple[str, dt.date]]:
    """Dates a text names: ISO dates, '15 June (2026)', and, given the day it was said,
    relative ones ('yesterday', 'last Friday', 'two weeks ago'). Returns (phrase, date)."""
    out: list[tuple[str, dt.date]] = []
    for m in _ISO_DATE_RE.finditer(text):
        try:
            out.append((m.group(0), dt.date(int(m[1]), int(m[2]), int(m[3]))))
        except ValueError:
            continue
    for m in _DAY_MONTH_RE.finditer(text):
        day = int(m.group(1) or m.group(4))
        month = MONTHS[(m.group(2) or m.group(3)).lower()]
        if m.group(5):
            years = [int(m.group(5))]
        elif base is not None:
            # No year: the one that puts the day nearest the day it was said, so
            # "5 February" said in November is next February, "30 January" said on
            # 3 February is four days back.
            years = [base.year - 1, base.year, base.year + 1]
        else:
            continue
        days = []
        for year in years:
            try:
                days.append(dt.date(year, month, day))
            except ValueError:
                continue
        if days:
            near = min(days, key=lambda d: abs((d - base).days) if base else 0)
            out.append((m.group(0), near))
    if base is None:
        return out
    for m in _RELATIVE_RE.finditer(text):
        phrase = m.group(1).lower()
        when: dt.date | None = None
        if phrase in ("today", "tonight", "this morning", "this evening"):
            when = base
        elif phrase == "yesterday":
            when = base - dt.timedelta(days=1)
        elif phrase == "tomorrow":
            when = base + dt.timedelta(days=1)
        elif phrase.endswith("ago"):
            raw = m.group(2).lower()
            n = int(raw) if raw.isdigit() else int(NUMBER_WORDS.get(raw, "1"))
            unit = m.group(3).lower()
            if unit in ("day", "week"):
                when = base - dt.timedelta(days=n * (7 if unit == "week" else 1))
            else:
                when = _shift_months(base, -n * (12 if unit == "year" else 1))
        else:
            sign = -1 if phrase.startswith("last") else 1
            unit = (m.group(4) or m.group(5) or "").lower()
            if unit in WEEKDAYS:
                delta = (base.weekday() - WEEKDAYS[unit]) % 7 or 7
                when = (
                    base - dt.timedelta(days=delta)
                    if sign < 0
                    else base + dt.timedelta(days=(WEEKDAYS[unit] - base.weekday()) % 7 or 7)
                )
            elif unit in ("week", "weekend"):
                when = base + dt.timedelta(days=7 * sign)
            elif unit == "month":
                when = _shift_months(base, sign)
            elif unit == "year":
                when = _shift_months(base, 12 * sign)
        if when is not None:
            out.append((m.group(0), when))
    return out


# -- claims and evidence -----------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    path: str
    line: int
    text: str  # the claim without its [cite:N] markers
    cites: tuple[int, ...]


@dataclass
class Evidence:
    """A cited block and what is known around it."""

    text: str
    context: str  # speaker, participants, title: names the claim may use
    dates: set[dt.date] = field(default_factory=set)
    by_ai: bool = False  # an AI assistant's turn: never a fact about anyone


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
            dates = {d for _, d in resolve_dates(turn.content, base)}
            if base:
                dates.add(base)
            return Evidence(turn.content, " ".join(filter(None, names)), dates, turn.by_ai)
        if isinstance(doc, Source) and anchor.startswith("p") and anchor[1:].isdigit():
            n = int(anchor[1:])
            if not 1 <= n <= len(doc.blocks):
                return None
            captured = doc.captured
            base = captured.date() if isinstance(captured, dt.datetime) else captured
            text = doc.blocks[n - 1]
            dates = {d for _, d in resolve_dates(text, base)} | {base}
            return Evidence(text, doc.title, dates)
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


_CLAUSE_RE = re.compile(r"[,;:]\s+|\s+(?:so|but|because|although|though|whereas)\s+")


def _clauses(text: str) -> list[str]:
    """Sentences cut at clause boundaries, where the scope of a negation mostly ends."""
    return [
        c
        for sent in re.split(r"(?<=[.!?])\s+|\n", text)
        for c in _CLAUSE_RE.split(sent)
        if c.strip()
    ]


def _date_ok(day: dt.date, evidence: list[Evidence]) -> bool:
    return any(day in ev.dates for ev in evidence)


def check_claim(
    claim_text: str,
    evidence: list[Evidence],
    subject_names: Iterable[str] = (),
    judge: Judge | None = None,
) -> str | None:
    """Why the evidence does not support the claim, or None when it does."""
    if not evidence:
        return "cited block not found"
    text = plain_claim(claim_text)
    ev_text = "\n".join(ev.text for ev in evidence)
    context = " ".join([ev.context for ev in evidence] + list(subject_names))
    ev_words = {w.lower() for w in tokens(ev_text + " " + context)}
    ev_words |= {w[:-2] for w in ev_words if w.endswith("'s")}  # Sara's -> Sara
    ev_stems = {stem(w) for w in ev_words}

    def found(word: str) -> bool:
        low = word.lower().replace("’", "'")
        low = low[:-2] if low.endswith("'s") and len(low) > 3 else low  # Jon's -> Jon
        s = stem(low)
        return (
            low in ev_words
            or s in ev_stems
            or (len(s) >= 6 and any(e.startswith(s[:5]) for e in ev_stems))
        )

    # Dates: each must be a day the evidence names or was said on.
    for phrase, day in resolve_dates(text, None):
        if not _date_ok(day, evidence):
            return f"date {phrase} is not in the evidence"
        text = text.replace(phrase, " ")
    # Numbers.
    ev_numbers = numbers_in(ev_text + " " + context)
    for ev in evidence:
        for d in ev.dates:
            ev_numbers |= {str(d.year), str(d.day), f"{d.day:02d}", str(d.month)}
    missing = sorted(n for n in numbers_in(text) if n not in ev_numbers)
    if missing:
        return f"number {missing[0]} is not in the evidence"
    # Entities: names in [[links]], and capitalised words past the first one.
    for m in WIKILINK_RE.finditer(claim_text):
        shown = m.group(4) or m.group(2).rsplit("/", 1)[-1]
        for word in tokens(shown):
            if word.lower() not in STOPWORDS and not found(word):
                return f"'{word}' is not in the evidence"
    toks = tokens(text)
    for i, t in enumerate(toks):
        if i > 0 and t[0].isupper() and t.lower() not in STOPWORDS and not found(t):
            return f"'{t}' is not in the evidence"
    # Negation: each sentence of the claim against the evidence sentence closest to it.
    # Clauses, not whole sentences: "my girlfriend is a florist, so our schedules never
    # line up" says she is a florist; the "never" belongs to the other clause.
    ev_sents = _clauses(ev_text)
    for part in _clauses(text):
        words = {stem(w) for w in content_words(part)}
        if not words:
            continue
        negated = is_negated(part)
        best = max(
            ev_sents,
            key=lambda s, w=words, n=negated: (
                len(w & {stem(x) for x in content_words(s)}),
                is_negated(s) == n,
            ),
        )
        if not words & {stem(x) for x in content_words(best)}:
            continue  # no clause of the evidence speaks of this part (a name, a label)
        if negated != is_negated(best):
            return "negation differs from the evidence"
    if judge is not None:
        return None if judge(text, ev_text) else "the judge found it not entailed"
    cwords = [w for w in content_words(text) if w not in STOPWORDS]
    if cwords:
        hits = sum(1 for w in cwords if found(w))
        if hits / len(cwords) < MIN_CONTENT_COVERAGE:
            gone = [w for w in cwords if not found(w)]
            return f"words not in the evidence: {', '.join(gone[:4])}"
    return None


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


def validate_semantics(
    root: Path | str,
    paths: Iterable[str] | None = None,
    *,
    judge: Judge | None = None,
    known: dict[str, set[str]] | None = None,
) -> Report:
    """Check cited claims (in `paths`, default every page and summary) and contradictions.

    `known[path]` holds claim signatures (see claim_signatures) already checked; those
    claims are skipped.
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
    wiki = [p for p in pages.values() if not p.path.startswith("sessions/")]
    findings += [f for f in find_contradictions(wiki) if f.path in wanted]
    findings.sort(key=lambda f: (f.path, f.line, f.code))
    return Report(findings)
