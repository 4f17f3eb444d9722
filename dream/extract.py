"""Deterministic information extraction from session turns and source paragraphs.

Rules, not a model: first-person statements ("I just started as a data engineer at
Northwind Labs", "we replaced Jenkins with GitHub Actions", "my manager is Tom Baker",
"please always answer in Python", "I went to a support group yesterday") and a few
third-person ones ("Tom works at Globex") become Observations, each with the block it
came from. Names are capitalised word runs; dates are resolved against the day the
turn was said. Whatever the rules do not understand is left alone: a smaller true wiki
beats a larger wrong one.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from validators.semantic import resolve_dates

#: Link marker inside an observation's text: {{Name|type}}; resolved to [[Title|Name]].
LINK_RE = re.compile(r"\{\{([^{}|]+)\|([a-z]+)\}\}")

_NAME = r"(?:[A-Z][\w&'’.-]*[\w&])(?:\s+(?:(?:of|de|van|von|and|&)\s+)?[A-Z][\w&'’.-]*[\w&])*"
_NOT_NAMES = {
    "I",
    "I'm",
    "The",
    "A",
    "An",
    "My",
    "We",
    "Our",
    "It",
    "This",
    "That",
    "Yes",
    "No",
    "Hi",
    "Hello",
    "Thanks",
    "Please",
    "OK",
}
RELATIONS = [
    "wife",
    "husband",
    "partner",
    "spouse",
    "sister",
    "brother",
    "mother",
    "mom",
    "mum",
    "father",
    "dad",
    "son",
    "daughter",
    "friend",
    "best",
    "friend",
    "manager",
    "boss",
    "colleague",
    "coworker",
    "co-worker",
    "cousin",
    "aunt",
    "uncle",
    "grandmother",
    "grandma",
    "grandfather",
    "grandpa",
    "mentor",
    "roommate",
    "neighbor",
    "neighbour",
    "girlfriend",
    "boyfriend",
    "niece",
    "nephew",
    "teacher",
    "doctor",
    "therapist",
]
#: Relations a person has one of at a time: facts with history, not list items.
SINGLE_RELATIONS = {"wife", "husband", "partner", "spouse", "manager", "boss"}
_REL = "|".join(sorted((r.replace("-", r"\-") for r in RELATIONS), key=len, reverse=True))
_ROLE = r"(?:an?\s+|the\s+)?(?P<role>[a-z][a-z -]{1,40}?)"
_STARTED = (
    r"(?:just\s+|recently\s+)?(?:started(?:\s+working)?|joined|began\s+working|"
    r"got\s+(?:a|the)\s+(?:new\s+)?(?:job|position|role)|accepted\s+(?:a|an|the)\s+"
    r"(?:new\s+)?(?:job|offer|position|role))"
)

_PATTERNS: dict[str, re.Pattern[str]] = {
    "job_start": re.compile(
        rf"\bI(?:'ve| have)?\s+{_STARTED}(?:\s+as\s+{_ROLE})?\s+(?:at|with)\s+(?P<org>{_NAME})"
    ),
    "job_work": re.compile(
        rf"\bI(?:'m| am)?\s+(?:now\s+)?work(?:ing)?\s+(?:as\s+{_ROLE}\s+)?(?:at|for)\s+"
        rf"(?P<org>{_NAME})"
    ),
    "job_be": re.compile(rf"\bI(?:'m| am)\s+{_ROLE}\s+at\s+(?P<org>{_NAME})"),
    "job_left": re.compile(rf"\bI\s+(?:just\s+)?(?:left|quit)\s+(?P<org>{_NAME})"),
    "live": re.compile(
        rf"\bI(?:'m| am)?\s+(?:now\s+|currently\s+)?(?:live|living|based)\s+in\s+"
        rf"(?P<place>{_NAME})"
    ),
    "moved": re.compile(rf"\bI(?:'ve| have)?\s+(?:just\s+)?moved\s+to\s+(?P<place>{_NAME})"),
    "from": re.compile(rf"\bI(?:'m| am)\s+(?:originally\s+)?from\s+(?P<place>{_NAME})"),
    "switch": re.compile(
        r"\b(?:[Ww]e|I)(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:switched|moved|migrated|changed)"
        r"\s+(?:(?:our|the|my)\s+(?P<obj>[A-Za-z][\w -]{0,30}?)\s+)?from\s+"
        rf"(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})"
    ),
    "replace": re.compile(
        r"\b(?:[Ww]e|I)(?:'ve| have)?\s+(?:just\s+|finally\s+)?replaced\s+"
        rf"(?P<old>{_NAME})\s+with\s+(?P<new>{_NAME})(?:\s+for\s+(?:our\s+|the\s+)?"
        r"(?P<obj>[A-Za-z][\w -]{0,30}?))?(?=[.,;!?]|$)"
    ),
    "instead": re.compile(
        rf"\b(?:[Ww]e|I)\s+(?:now\s+)?use\s+(?P<new>{_NAME})\s+instead\s+of\s+(?P<old>{_NAME})"
    ),
    "use_for": re.compile(
        rf"\b(?:[Ww]e|I)\s+(?:still\s+)?use\s+(?P<new>{_NAME})\s+for\s+(?:our\s+|the\s+|my\s+)?"
        r"(?P<obj>[A-Za-z][\w -]{0,30}?)(?=[.,;!?]|$)"
    ),
    "rel_named": re.compile(rf"\b[Mm]y\s+(?P<rel>{_REL})(?:'s name is|,)?\s+(?P<name>{_NAME})"),
    "rel_is": re.compile(rf"\b[Mm]y\s+(?P<rel>{_REL})\s+is\s+(?P<name>{_NAME})"),
    "project": re.compile(
        r"\b(?:working on|work on|leading|building|running)\s+(?:a\s+|the\s+|our\s+)?"
        rf"(?:project\s+)?(?P<name>{_NAME})(?:\s+project)?"
    ),
    "project_named": re.compile(rf"\b(?P<name>(?:Project|project)\s+{_NAME})"),
    "prefer": re.compile(
        r"\bI\s+(?P<verb>(?:really\s+|much\s+|strongly\s+)?(?:prefer|like|love|enjoy|hate|"
        r"dislike|don't like|do not like|can't stand))\s+(?P<what>[^.!?\n]{3,120})"
    ),
    "favorite": re.compile(
        r"\b[Mm]y\s+favou?rite\s+(?P<what>[a-z][a-z ]{1,30}?)\s+is\s+(?P<value>[^.,;!?\n]{2,60})"
    ),
    "decision": re.compile(
        r"\b(?:[Ww]e|I)(?:'ve| have)?\s+decided\s+(?P<what>(?:to|that|on)\s+[^.!?\n]{3,160})"
    ),
    "have": re.compile(
        r"\bI\s+(?:have|own)\s+(?P<what>(?:a|an|two|three|four|\d+)\s+[^.!?\n]{2,80})"
    ),
    "third_work": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:now\s+)?(?:works|is working)\s+"
        rf"(?:as\s+{_ROLE}\s+)?(?:at|for)\s+(?P<org>{_NAME})"
    ),
    "third_join": re.compile(rf"\b(?P<subj>{_NAME})\s+(?:just\s+)?joined\s+(?P<org>{_NAME})"),
    "third_live": re.compile(
        rf"\b(?P<subj>{_NAME})\s+(?:now\s+)?(?:lives|moved)\s+(?:in|to)\s+(?P<place>{_NAME})"
    ),
    "intro": re.compile(
        r"\b(?:I'm|I am|my name is|call me|this is)\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b"
    ),
}
_REQUEST_RE = re.compile(
    r"^(?:please\s+)?(?:always|never|don't ever|do not ever)\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bin (?:the )?future,? (?:please )?(?:always|never|use|answer)",
    re.IGNORECASE,
)
_PRONOUNS = [
    (re.compile(r"\bI'm\b"), "they're"),
    (re.compile(r"\bI've\b"), "they've"),
    (re.compile(r"\bI'd\b"), "they'd"),
    (re.compile(r"\bI'll\b"), "they'll"),
    (re.compile(r"\bI\b"), "they"),
    (re.compile(r"\bmyself\b"), "themself"),
    (re.compile(r"\bmy\b", re.I), "their"),
    (re.compile(r"\bme\b"), "them"),
]
#: "I love that you...", "I love it when..." are reactions, not standing preferences.
_REACTION_RE = re.compile(
    r"^(?:that|it|this|how|when|what|your|you|those|these|all the|the way|seeing|hearing)\b",
    re.IGNORECASE,
)
#: Speakers of assistant turns that are the AI itself; other named speakers are people.
AI_SPEAKERS = frozenset(
    re.findall(
        r"\S+", "assistant ai bot agent brain claude chatgpt gpt gpt-4 gpt-4o copilot gemini"
    )
)
_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])|\n+")


@dataclass
class Observation:
    """One thing learned, on one subject, with the block that says so."""

    subject: str  # surface name of the subject
    subject_type: str  # person, organization, place, project
    kind: str  # fact | end | item | keyed
    section: str  # wiki section it belongs in
    text: str  # fact value or bullet text; may hold {{Name|type}} link markers
    attr: str | None = None
    key: str | None = None  # for keyed items: the text that identifies the bullet
    when: dt.date | None = None
    anchor: tuple[str, str, str] = ("", "", "")  # (target, anchor, quote)
    mentions: list[tuple[str, str]] = field(default_factory=list)


def is_ai(role: str, speaker: str | None) -> bool:
    """True for turns the AI said (an assistant turn without a person's name)."""
    return role == "assistant" and (speaker is None or speaker.casefold() in AI_SPEAKERS)


def clean_name(name: str) -> str | None:
    name = re.sub(r"(?:['’]s)?[.'’,]*$", "", name.strip())
    words = name.split()
    while words and words[0] in _NOT_NAMES:
        words = words[1:]
    if not words or len(words) > 5:
        return None
    name = " ".join(words)
    return None if name in _NOT_NAMES or len(name) < 2 else name


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_RE.split(text) if s and s.strip()]


def third_person(sentence: str, capital: bool = True) -> str:
    """'I went to my sister's' -> 'went to their sister's' (subject dropped, pronouns)."""
    s = re.sub(r"^(?:(?:so|and|but|well|oh|yeah|also|actually),?\s+)+", "", sentence, flags=re.I)
    s = re.sub(r"^I\s+(?:also\s+|just\s+)?", "", s)
    s = re.sub(r"^I'm\s+", "is ", s)
    s = re.sub(r"^I've\s+", "has ", s)
    for rx, repl in _PRONOUNS:
        s = rx.sub(repl, s)
    s = s.strip().rstrip(".!")
    return s[:1].upper() + s[1:] if s and capital else s


def link(name: str, type_: str) -> str:
    return f"{{{{{name}|{type_}}}}}"


def _obj_label(obj: str | None) -> str:
    obj = (obj or "").strip()
    return f"Tool for {obj}" if obj else "Tool"


def from_sentence(
    sentence: str, speaker: str, when: dt.date | None, anchor: tuple[str, str, str], user: bool
) -> list[Observation]:
    """Observations in one sentence said by `speaker` on day `when`."""
    out: list[Observation] = []
    me = speaker

    def obs(**kw: object) -> None:
        kw.setdefault("subject", me)
        kw.setdefault("subject_type", "person")
        kw.setdefault("when", when)
        out.append(Observation(anchor=anchor, **kw))  # type: ignore[arg-type]

    for name in ("job_start", "job_work", "job_be"):
        m = _PATTERNS[name].search(sentence)
        if m and (org := clean_name(m.group("org"))):
            obs(kind="fact", section="Current", attr="Employer", text=link(org, "organization"))
            obs(
                subject=org,
                subject_type="organization",
                kind="keyed",
                section="People",
                key=me,
                text=f"{link(me, 'person')} (from {when})" if when else link(me, "person"),
            )
            role = (m.groupdict().get("role") or "").strip()
            if role and len(role.split()) <= 4:
                obs(kind="fact", section="Current", attr="Role", text=role)
            break
    m = _PATTERNS["job_left"].search(sentence)
    if m and (org := clean_name(m.group("org"))):
        obs(kind="end", section="Current", attr="Employer", text=link(org, "organization"))
    for name in ("live", "moved"):
        m = _PATTERNS[name].search(sentence)
        if m and (place := clean_name(m.group("place"))):
            obs(kind="fact", section="Current", attr="Lives in", text=link(place, "place"))
            obs(
                subject=place,
                subject_type="place",
                kind="keyed",
                section="People",
                key=me,
                text=f"{link(me, 'person')} lives here",
            )
            break
    m = _PATTERNS["from"].search(sentence)
    if m and (place := clean_name(m.group("place"))):
        obs(kind="fact", section="Current", attr="From", text=link(place, "place"))
    for name in ("switch", "replace", "instead"):
        m = _PATTERNS[name].search(sentence)
        if m and (old := clean_name(m.group("old"))) and (new := clean_name(m.group("new"))):
            label = _obj_label(m.groupdict().get("obj"))
            obs(kind="fact", section="Current", attr=label, text=new, key=old)
            break
    else:
        m = _PATTERNS["use_for"].search(sentence)
        if m and (new := clean_name(m.group("new"))):
            obs(kind="fact", section="Current", attr=_obj_label(m.group("obj")), text=new)
    for name in ("rel_named", "rel_is"):
        m = _PATTERNS[name].search(sentence)
        if m and (who := clean_name(m.group("name"))):
            rel = m.group("rel").lower()
            if rel in SINGLE_RELATIONS:
                obs(kind="fact", section="Current", attr=rel.capitalize(), text=link(who, "person"))
            else:
                obs(kind="keyed", section="People", key=who, text=f"{link(who, 'person')} — {rel}")
            obs(
                subject=who,
                kind="keyed",
                section="People",
                key=me,
                text=f"{rel.capitalize()} of {link(me, 'person')}",
            )
            break
    for name in ("project_named", "project"):
        m = _PATTERNS[name].search(sentence)
        if m and (proj := clean_name(m.group("name"))) and proj.lower() != "project":
            obs(kind="keyed", section="Projects", key=proj, text=link(proj, "project"))
            obs(
                subject=proj,
                subject_type="project",
                kind="item",
                section="About",
                text=f"{link(me, 'person')}: {third_person(sentence, capital=False)}",
            )
            break
    m = _PATTERNS["prefer"].search(sentence)
    if m and not _REACTION_RE.match(m.group("what")):
        verb = m.group("verb").lower()
        words = {"don't like": "Does not like", "do not like": "Does not like"}
        say = words.get(verb) or ("Cannot stand" if "can't" in verb else verb.capitalize() + "s")
        say = say.replace("Prefers", "Prefers").replace("Lovess", "Loves")
        what = m.group("what").strip()
        for rx, repl in _PRONOUNS:
            what = rx.sub(repl, what)
        obs(kind="item", section="Preferences", text=f"{say} {what}")
    m = _PATTERNS["favorite"].search(sentence)
    if m:
        obs(
            kind="fact",
            section="Current",
            attr=f"Favorite {m.group('what').strip()}",
            text=m.group("value").strip(),
        )
    if user and _REQUEST_RE.search(sentence):
        text = re.sub(r"^please\s+", "", sentence.strip(), flags=re.I).rstrip(".!")
        obs(kind="item", section="Standing requests", text=text[:1].upper() + text[1:])
    m = _PATTERNS["decision"].search(sentence)
    if m:
        obs(kind="item", section="Decisions", text=f"Decided {m.group('what').strip()}")
    m = _PATTERNS["have"].search(sentence)
    if m:
        obs(kind="item", section="Facts", text=f"Has {m.group('what').strip()}")
    dates = resolve_dates(sentence, when)
    if dates and re.match(r"^(?:\w+,?\s+)?I\b", sentence) and len(sentence) <= 240:
        phrase, day = dates[0]
        said = re.sub(
            rf"\s*(?:\b(?:on|about)\s+)?{re.escape(phrase)}", "", sentence, count=1, flags=re.I
        )
        obs(kind="item", section="Events", text=f"{day.isoformat()}: {third_person(said)}")
    return out


def from_third_person(
    sentence: str, when: dt.date | None, anchor: tuple[str, str, str]
) -> list[Observation]:
    """Statements about named people: 'Tom works at Globex', 'Ana moved to Porto'."""
    out = []
    for name, attr, folder in (
        ("third_work", "Employer", "organization"),
        ("third_join", "Employer", "organization"),
        ("third_live", "Lives in", "place"),
    ):
        m = _PATTERNS[name].search(sentence)
        if not m:
            continue
        subj = clean_name(m.group("subj"))
        value = clean_name(m.group("org" if folder == "organization" else "place"))
        if subj and value and len(subj.split()) <= 3:
            out.append(
                Observation(
                    subject=subj,
                    subject_type="person",
                    kind="fact",
                    section="Current",
                    attr=attr,
                    text=link(value, folder),
                    when=when,
                    anchor=anchor,
                )
            )
    return out


def self_introduction(text: str) -> str | None:
    m = _PATTERNS["intro"].search(text)
    return clean_name(m.group("name")) if m else None
