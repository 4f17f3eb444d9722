"""What is said about other subjects: third-person facts, and notes on pages that exist.

Third-person facts are rules like the first-person ones ("Tom Baker now works at Acme",
"Omar Haddad is the tech lead of Project Atlas", "Samir qualified as a firefighter").
Notes need the wiki: once a person, pet or project has a page, a later statement whose
subject is that person ("Callum finally bought a new flute", "my girlfriend is a
florist" when the profile says who the girlfriend is) or that names the project lands
on its page as a dated line in the third person, with the other subjects it names
linked: the statement's own rewrite (`observe`), "I" and "my" made the speaker, so a
note is no copy of the turn. A sentence with no rewrite is quoted after its speaker's
name, since "I" and "my" mean the speaker, not the page's subject.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from memory_schema.links import normalize_key
from validators.semantic import STOPWORDS, content_words, stem

from .extract import (
    Observation,
    clean_name,
    hedged,
    is_project_name,
    link,
)
from .lexicon import (
    SINGLE_RELATIONS,
    is_occupation,
    kind_noun,
    strip_opener,
)
from .patterns import _CAP, _END, _NAME, _PET, _REL, _ROLE
from .wiki import WikiPage, strip_cites

_P3 = {
    "work": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:now\s+|still\s+)?(?:works|is\s+working)\s+"
        rf"(?:as\s+{_ROLE}\s+)?(?:at|for)\s+(?P<org>{_NAME})"
    ),
    "join": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:just\s+|recently\s+)?joined\s+(?:the\s+)?(?P<org>{_NAME})"
        rf"(?=\s+as\b|{_END})"
    ),
    "live": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:now\s+|still\s+)?(?:lives|moved)\s+(?:in|to)\s+(?P<place>{_NAME})"
    ),
    "role_of": re.compile(
        rf"\b(?P<subj>{_NAME})\s+is\s+(?:now\s+)?(?:the|our|their|his|her|a|an|my)\s+"
        rf"(?P<role>[a-z][a-z -]{{1,40}}?)\s+(?P<prep>of|at|for|on|in)\s+(?P<org>{_NAME})"
    ),
    "role_as": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:[a-z]+ly\s+)?(?:works|worked|is\s+working|qualified|trained|"
        rf"retrained|started\s+working|got\s+a\s+job)\s+as\s+{_ROLE}{_END}"
    ),
}
#: After a known subject: "... is a florist", "... works as a nurse".
_ROLE_REST = re.compile(
    rf"^\s*(?:is|'s)\s+(?:now\s+)?(?:a|an)\s+(?P<role>[a-z][a-z -]{{0,30}}?){_END}|"
    rf"^\s*(?:[a-z]+ly\s+)?(?:works|qualified|trained|retrained)\s+as\s+(?:a|an)\s+"
    rf"(?P<role2>[a-z][a-z -]{{0,30}}?){_END}"
)
_MY_REL = re.compile(
    rf"^(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|elder|twin|baby|new|late|dear)\s+)?"
    rf"(?P<rel>{_REL}|{_PET})\b(?P<named>,?\s+{_CAP})?"
)
#: Requests and questions to the assistant are not statements about a subject.
_REQUEST = re.compile(
    r"^(?:help|give|make|tell|show|write|suggest|recommend|explain|list|remind|draft|find|"
    r"check|compare|plan|summari[sz]e|can|could|would|will|should|what|which|how|why|"
    r"where|when|who|any|is there|are there|do you|let's|please)\b",
    re.IGNORECASE,
)
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w&'’.-]*")
#: Page types that get a note from each statement that names them.
SUBJECT_TYPES = ("person", "pet")
NAMED_TYPES = ("project",)
LINKED_TYPES = ("person", "pet", "project", "organization", "place", "tool")
MAX_NGRAM = 5
MIN_NOTE_WORDS = 4


def third_person_facts(
    sentence: str, when: dt.date | None, anchor: tuple[str, str, str]
) -> list[Observation]:
    """Statements about named people: 'Tom works at Globex', 'Ana moved to Porto'."""
    if sentence.rstrip().endswith("?"):
        return []
    s = strip_opener(sentence)
    out: list[Observation] = []

    def obs(subject: str, type_: str, **kw: object) -> None:
        kw.setdefault("when", when)
        out.append(Observation(subject=subject, subject_type=type_, anchor=anchor, **kw))  # type: ignore[arg-type]

    for name, attr, folder in (
        ("work", "Employer", "organization"),
        ("join", "Employer", "organization"),
        ("live", "Lives in", "place"),
    ):
        m = _P3[name].search(s)
        if not m or hedged(s, m.start()):
            continue
        subj = clean_name(m.group("subj"))
        value = clean_name(m.group("org" if folder == "organization" else "place"))
        if subj and value and len(subj.split()) <= 3 and subj != value:
            obs(subj, "person", kind="fact", section="Current", attr=attr, text=link(value, folder))
            role = (m.groupdict().get("role") or "").strip()
            if role and is_occupation(role):
                obs(subj, "person", kind="fact", section="Current", attr="Role", text=role)
    m = _P3["role_of"].search(s)
    if m and not hedged(s, m.start()) and is_occupation(m.group("role")):
        subj, org = clean_name(m.group("subj")), clean_name(m.group("org"))
        if subj and org and subj != org and len(subj.split()) <= 3:
            kind = "project" if is_project_name(org) else "organization"
            role = " ".join(m.group("role").split())
            obs(
                subj,
                "person",
                kind="fact",
                section="Current",
                attr="Role",
                text=f"{role} {m.group('prep')} {link(org, kind)}",
            )
            obs(
                org,
                kind,
                kind="keyed",
                section="People",
                key=subj,
                text=f"{link(subj, 'person')} — {role}",
            )
            if kind == "organization" and m.group("prep") in ("at", "for", "of"):
                obs(
                    subj,
                    "person",
                    kind="fact",
                    section="Current",
                    attr="Employer",
                    text=link(org, kind),
                )
    m = _P3["role_as"].search(s)
    if m and not hedged(s, m.start()) and is_occupation(m.group("role")):
        subj = clean_name(m.group("subj"))
        if subj and len(subj.split()) <= 3:
            obs(
                subj,
                "person",
                kind="fact",
                section="Current",
                attr="Role",
                text=m.group("role").strip(),
            )
    return out


_CALL = re.compile(
    r"(?:^|,|\b(?:hey|hi|hello|thanks|thank you|wow|oh|yes|no|yeah|dear|congrats|"
    r"congratulations|sorry|man|aw+|ha+|well|ok|okay|good morning|good night|bye))\W*$",
    re.IGNORECASE,
)


_LINKING = frozenset(
    re.findall(
        r"\S+",
        """with to for about from at and or like than by of on in into onto as met saw told
        asked called visited invited thanked helped meet see tell ask call visit invite
        thank help love miss know include includes including""",
    )
)


def _vocative(text: str, start: int, end: int) -> bool:
    """The name addresses someone: 'Wow, Melanie, ...', 'Thanks Melanie!', '... keep it
    up Nate!'; not 'I had lunch with Nate.'"""
    after = text[end:].lstrip()
    if after and after[0] not in ",!.?;:-–—":
        return False
    before = text[:start].rstrip()
    if _CALL.search(before):
        return True
    words = re.findall(r"[\w']+", before.lower())
    return bool(words) and words[-1] not in _LINKING


#: Words too common to tie a sentence to a project's topic.
_WEAK = frozenset(
    re.findall(
        r"\S+",
        """project thing things time today week month year good great really still just
        need want think know going done work working make made lot also like sure okay""",
    )
)


@dataclass
class Topic:
    """The project a session is about: who named it and the words said around it."""

    page: WikiPage
    speaker: str
    words: set[str]


_NOT_TOPIC = _WEAK | STOPWORDS


def topic_words(sentence: str) -> set[str]:
    return {stem(w) for w in content_words(sentence) if len(w) >= 4 and w not in _NOT_TOPIC}


def topic_after(topic: Topic | None, page: WikiPage, speaker: str, sentence: str) -> Topic:
    """The topic once `speaker` named project `page` in `sentence`."""
    if topic is not None and topic.page is page and topic.speaker == speaker:
        topic.words |= topic_words(sentence)
        return topic
    return Topic(page, speaker, topic_words(sentence))


class Mentions:
    """Known subjects by name, and the people the principal names by relation."""

    def __init__(self, pages: Iterable[WikiPage], profile: WikiPage | None):
        self.names: dict[str, WikiPage | None] = {}  # None: ambiguous
        persons: dict[str, list[WikiPage]] = {}
        for page in pages:
            if page.type not in LINKED_TYPES:
                continue
            for name in {page.title, *page.aliases}:
                self._add(normalize_key(name), page)
            if page.type in SUBJECT_TYPES and len(page.title.split()) > 1:
                persons.setdefault(normalize_key(page.title.split()[0]), []).append(page)
        for first, found in persons.items():
            if first not in self.names and len(found) == 1:
                self.names[first] = found[0]
        self.relations: dict[str, WikiPage] = {}
        if profile is not None:
            self._learn_relations(profile)

    def _add(self, key: str, page: WikiPage) -> None:
        if len(key) < 2:
            return
        if key in self.names and self.names[key] is not page:
            self.names[key] = None  # two subjects share the name: link neither
        else:
            self.names[key] = page

    def _learn_relations(self, profile: WikiPage) -> None:
        found: dict[str, list[WikiPage]] = {}
        lines = profile.sections.get("People", []) + profile.sections.get("Pets", [])
        for line in lines:
            m = re.match(r"^- \[\[([^\]|]+)(?:\|[^\]]*)?\]\] — (.+)$", strip_cites(line))
            if m and kind_noun(m.group(2).strip()) is not None:
                page = self.page_named(m.group(1))
                if page is not None:
                    found.setdefault(m.group(2).strip().lower(), []).append(page)
        for fact in profile.facts():
            rel = fact.attr.lower()
            m = re.match(r"\[\[([^\]|]+)", fact.value)
            if rel in SINGLE_RELATIONS and m and (page := self.page_named(m.group(1))):
                found.setdefault(rel, []).append(page)
        self.relations = {rel: pages[0] for rel, pages in found.items() if len(pages) == 1}

    def page_named(self, name: str) -> WikiPage | None:
        page = self.names.get(normalize_key(name))
        if page is not None:
            return page
        stem = normalize_key(name)
        for candidate in self.names.values():
            if candidate is not None and normalize_key(candidate.stem) == stem:
                return candidate
        return None

    def find(self, text: str) -> list[tuple[int, int, WikiPage]]:
        """(start, end, page) of known names in `text`, longest first, left to right."""
        toks = [
            (m.start(), m.end(), re.sub(r"(?:['’]s|[.'’-])+$", "", m.group(0)))
            for m in _TOKEN_RE.finditer(text)
        ]
        out = []
        i = 0
        while i < len(toks):
            hit = None
            for n in range(min(MAX_NGRAM, len(toks) - i), 0, -1):
                start, end = toks[i][0], toks[i + n - 1][0] + len(toks[i + n - 1][2])
                page = self.names.get(normalize_key(text[start:end]))
                if page is None:
                    continue
                capital = text[start].isupper()
                if page.type in NAMED_TYPES or capital:
                    hit = (start, end, page, n)
                    break
            if hit:
                out.append(hit[:3])
                i += hit[3]
            else:
                i += 1
        return out

    def linked(self, text: str, skip: set[str]) -> str:
        """`text` with the known subjects it names (other than `skip` paths) as link markers."""
        out, pos = [], 0
        for start, end, page in self.find(text):
            if page.path in skip:
                continue
            out.append(text[pos:start])
            out.append(link(text[start:end], page.type))
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def notes(
        self,
        sentence: str,
        speaker: str,
        speaker_paths: set[str],
        when: dt.date | None,
        anchor: tuple[str, str, str],
        line: str | None = None,
    ) -> list[Observation]:
        """Notes (and role facts) on the known subjects a sentence is about. `line` is the
        sentence in the third person (`observe.Statement.line`), the note's words when
        there is one; else the note quotes the speaker."""
        if sentence.rstrip().endswith("?") or when is None:
            return []
        s = strip_opener(sentence)
        if len(s.split()) < MIN_NOTE_WORDS or _REQUEST.match(s):
            return []
        subjects: list[WikiPage] = []
        out: list[Observation] = []
        m = _MY_REL.match(s)
        if m and not m.group("named"):
            page = self.relations.get(" ".join(m.group("rel").lower().split()))
            if page is not None:
                subjects.append(page)
                rest = s[m.end() :]
                r = _ROLE_REST.match(rest)
                role = (r.group("role") or r.group("role2")) if r else None
                if role and is_occupation(role) and not hedged(rest, 0):
                    out.append(
                        Observation(
                            page.title,
                            page.type,
                            "fact",
                            "Current",
                            role.strip(),
                            "Role",
                            when=when,
                            anchor=anchor,
                        )
                    )
        for start, end, page in self.find(s):
            if page.type not in (*SUBJECT_TYPES, *NAMED_TYPES) or page in subjects:
                continue
            if page.type in SUBJECT_TYPES and _vocative(s, start, end):
                continue  # "Thanks, Melanie!" speaks to her, not about her
            subjects.append(page)
        for page in subjects:
            if page.path in speaker_paths:
                continue
            out.append(
                Observation(
                    subject=page.title,
                    subject_type=page.type,
                    kind="item",
                    section="Notes",
                    text=self._note(s, line, speaker, {page.path, *speaker_paths}, when),
                    when=when,
                    anchor=anchor,
                )
            )
        return out

    def _note(
        self, said: str, line: str | None, speaker: str, skip: set[str], when: dt.date
    ) -> str:
        """A note's text: the third-person line with the speaker and the known subjects
        linked ("2026-01-10 · [[User]]'s sister [[Maren]] lives in Duluth"), or, with no
        such line, the speaker's words quoted after their name."""
        if line:
            text = self.linked(line.rstrip(" ."), skip)
            text = re.sub(rf"^{re.escape(speaker)}\b", link(speaker, "person"), text, count=1)
            return f"{when.isoformat()} · {text}"
        text = self.linked(said.rstrip(" ."), skip)
        return f"{when.isoformat()} · {link(speaker, 'person')}: {text}"

    def topic_note(
        self,
        sentence: str,
        speaker: str,
        speaker_paths: set[str],
        when: dt.date | None,
        anchor: tuple[str, str, str],
        topic: Topic,
        line: str | None = None,
    ) -> list[Observation]:
        """A statement later in a session about the project it named earlier.

        "Batch size 1500 did it: the audit_log table copied" follows "copying the
        audit_log table for the inventory migration keeps timing out": same speaker, a
        word of the same topic, no other project named, a statement not a request.
        """
        if speaker != topic.speaker or when is None or sentence.rstrip().endswith("?"):
            return []
        s = strip_opener(sentence)
        if len(s.split()) < MIN_NOTE_WORDS or _REQUEST.match(s):
            return []
        if not topic_words(s) & topic.words:
            return []
        return [
            Observation(
                subject=topic.page.title,
                subject_type=topic.page.type,
                kind="item",
                section="Notes",
                text=self._note(s, line, speaker, {topic.page.path, *speaker_paths}, when),
                when=when,
                anchor=anchor,
            )
        ]
