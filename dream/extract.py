"""Deterministic information extraction from what a person says about themselves.

Rules, not a model: first-person statements ("I just started as a data engineer at
Northwind Labs", "today I joined Helio Energy as a senior data engineer", "we replaced
Jenkins with GitHub Actions", "my note-taking app is Notion", "my manager is Tom
Baker", "please always answer in Python", "I went to a support group yesterday")
become Observations, each with the block it came from. Statements about other people
are `mentions`' job. Names are capitalised word runs; dates are resolved against the
day the turn was said. Questions, hedges ("I'm thinking of moving to Porto") and
whatever the rules do not understand are left alone: a smaller true wiki beats a
larger wrong one.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from validators.semantic import content_words, resolve_dates

from .lexicon import (
    DIETS,
    NOT_NAMES,
    PETS,
    PROJECT_HEADS,
    RELATIONS,
    SINGLE_RELATIONS,
    TOOL_HEADS,
    is_occupation,
    pet_pattern,
    relation_pattern,
    strip_opener,
)

#: Link marker inside an observation's text: {{Name|type}}; resolved to [[File|Name]].
LINK_RE = re.compile(r"\{\{([^{}|]+)\|([a-z]+)\}\}")

# A capitalised word that is not "I'd", "I'm": names are runs of them ("Bank of Spain").
_CAP = r"(?!I['’])[A-Z][\w&'’.-]*[\w&]"
_NAME = rf"{_CAP}(?:\s+(?:(?:of|de|da|van|von|del|&)\s+)?{_CAP})*"
_REL = relation_pattern()
_PET = pet_pattern()
_ROLE = r"(?:an?\s+|the\s+)?(?P<role>[a-z][a-z -]{1,40}?)"
_ADV = r"(?:(?:just|recently|finally|officially|now|also|today|actually)\s+)*"
_ADJ = r"(?:(?:little|big|older|younger|elder|twin|baby|new|late|dear|old|best)\s+)?"
_OBJ = r"(?P<obj>[A-Za-z][\w-]*(?:\s+[a-zA-Z][\w-]*){0,3}?)"
_END = (
    r"(?=\s*[.,;:!?)]|\s+(?:and|but|so|which|since|now|today|yesterday|last|this|for good|in|at|"
    r"after|before|with|from)\b|$)"
)

_IS_ROLE = re.compile(
    rf"^,?\s*(?:is|'s)\s+(?:now\s+)?(?:a|an)\s+(?P<role>[a-z][a-z -]{{0,30}}?){_END}"
)

_P: dict[str, re.Pattern[str]] = {
    # -- jobs
    "job_start": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}(?:started(?:\s+working)?|began\s+working|got\s+(?:a|the)\s+"
        rf"(?:new\s+)?(?:job|position|role))(?:\s+as\s+{_ROLE})?\s+(?:at|with)\s+(?P<org>{_NAME})"
    ),
    "job_join": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}joined\s+(?:the\s+)?(?P<org>{_NAME})(?:\s+as\s+{_ROLE}{_END})?"
    ),
    "job_offer": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}(?:accepted|took|signed)\s+(?:an?|the|their)\s+"
        rf"(?:job\s+|new\s+)*offer\s+(?:from|at|with)\s+(?P<org>{_NAME})"
    ),
    "job_hired": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}(?:been|got)\s+hired\s+(?:by|at)\s+(?P<org>{_NAME})"
    ),
    "job_future": re.compile(
        rf"\bI(?:'ll| will|'m| am)?\s+{_ADV}(?:start|starting)\s+(?:work\s+|my\s+new\s+job\s+)?"
        rf"(?:at|with)\s+(?P<org>{_NAME})"
    ),
    "job_work": re.compile(
        rf"\bI(?:'m| am)?\s+(?:now\s+|currently\s+|still\s+)?work(?:ing)?\s+(?:as\s+{_ROLE}\s+)?"
        rf"(?:at|for)\s+(?P<org>{_NAME})"
    ),
    "job_be": re.compile(
        rf"\bI(?:'m| am)\s+(?:now\s+|currently\s+|still\s+)?{_ROLE}\s+(?:at|for|with)\s+"
        rf"(?P<org>{_NAME})"
    ),
    "job_as": re.compile(
        rf"^[Aa]s\s+{_ROLE}\s+(?:at|for|with)\s+(?P<org>{_NAME}),\s*(?P<rest>.+)$"
    ),
    "job_my": re.compile(
        rf"\b[Mm]y\s+(?:new\s+)?(?:job|role|position)\s+(?:at|with)\s+(?P<org>{_NAME})"
    ),
    "job_left": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}(?:left|quit|lost|resigned\s+from)\s+"
        rf"(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?"
        rf"(?P<org>{_NAME})"
    ),
    "promoted": re.compile(
        rf"\bI(?:'ve| have)?\s+{_ADV}(?:been\s+|got\s+|was\s+|get\s+)?promoted\s+to\s+{_ROLE}{_END}"
    ),
    "start_day": re.compile(
        r"\b(?:I|we)\s+(?:will\s+|'ll\s+)?start(?:s|ing)?\b|\b[Mm]y\s+first\s+day\b"
    ),
    # -- homes
    "live": re.compile(
        rf"\b(?:I|[Ww]e)(?:'m| am|'re| are)?\s+(?:now\s+|currently\s+|still\s+)?"
        rf"(?:live|living|based)\s+in\s+(?P<place>{_NAME})"
    ),
    "living": re.compile(rf"^(?:Living|Being\s+based)\s+in\s+(?P<place>{_NAME})"),
    "moved": re.compile(
        rf"\b(?:I|[Ww]e)(?:'ve| have)?\s+{_ADV}moved\s+(?:to|into)\s+(?P<place>{_NAME})"
    ),
    "from": re.compile(
        rf"(?:\bI(?:'m| am)\s+(?:originally\s+)?from|\bI\s+(?:grew\s+up|was\s+(?:born|raised)"
        rf"(?:\s+and\s+(?:raised|bred))?)\s+in|^(?:[Hh]aving\s+)?(?:[Gg]rown|[Gg]rowing)\s+up\s+in|"
        rf"\b[Mm]y\s+home\s?town(?:\s+is|,))\s+(?P<place>{_NAME})"
    ),
    "where_from": re.compile(
        rf"\b(?P<place>{_NAME}),?\s+(?:the\s+(?:town|city|village|place|country)\s+)?where\s+I\s+"
        r"(?:grew\s+up|was\s+(?:born|raised))"
    ),
    # -- tools
    "switch": re.compile(
        rf"\b(?:[Ww]e|I)(?:'ve| have)?\s+{_ADV}(?:switched|moved|migrated|changed|went)\s+"
        rf"(?:(?:all\s+)?(?:our|the|my)\s+{_OBJ}\s+)?(?:over\s+)?from\s+(?P<old>{_NAME})\s+"
        rf"(?:over\s+)?to\s+(?P<new>{_NAME})"
    ),
    "migrating": re.compile(
        rf"\b(?:[Ww]e|I)(?:'re| are|'m| am)\s+(?:now\s+|currently\s+)?"
        rf"(?:migrating|moving|switching|porting)\s+(?:(?:all\s+)?(?:our|the|my)\s+{_OBJ}\s+)?from\s+(?P<old>{_NAME})\s+to\s+"
        rf"(?P<new>{_NAME})"
    ),
    "replace": re.compile(
        rf"\b(?:[Ww]e|I)(?:'ve| have)?\s+{_ADV}replaced\s+(?P<old>{_NAME})\s+with\s+"
        rf"(?P<new>{_NAME})"
        rf"(?:\s+(?P<prep>for|as)\s+(?:our\s+|the\s+|my\s+)?{_OBJ})?(?=[.,;!?]|$)"
    ),
    "instead": re.compile(
        rf"\b(?:[Ww]e|I)\s+(?:now\s+)?(?:use|switched\s+to)\s+(?P<new>{_NAME})\s+instead\s+of\s+"
        rf"(?P<old>{_NAME})"
    ),
    "now_on": re.compile(
        rf"\b(?:(?:all\s+)?(?:our\s+|the\s+|my\s+)?{_OBJ}\s+)?now\s+(?:runs?|lives?|is|are)\s+"
        rf"(?:on|in)\s+(?P<new>{_NAME})"
    ),
    "off": re.compile(
        rf"\b(?:switched|turned|shut|switching|turning)\s+off\s+(?P<old>{_NAME})|"
        rf"\b(?:stopped\s+using|got\s+rid\s+of|retired|ditched|uninstalled|decommissioned)\s+"
        rf"(?P<old2>{_NAME})"
    ),
    "my_tool": re.compile(
        rf"\b[Mm]y\s+{_OBJ}\s+(?:of\s+choice\s+)?is\s+(?:now\s+)?(?:an?\s+)?(?P<new>{_NAME})"
    ),
    "tool_is_my": re.compile(
        rf"\b(?P<new>{_NAME})\s+is\s+my\s+(?:go-to\s+|main\s+|usual\s+)?{_OBJ}{_END}"
    ),
    "use_as": re.compile(
        rf"\bI(?:'ve| have)?\s+(?:always\s+|still\s+|mostly\s+|been\s+)?(?:use|used|using)\s+"
        rf"(?P<new>{_NAME})\s+as\s+(?:my|our)\s+{_OBJ}{_END}"
    ),
    "use_for": re.compile(
        rf"\b(?:[Ww]e|I)\s+(?:still\s+|now\s+|also\s+|mostly\s+|mainly\s+)?use\s+(?P<new>{_NAME})\s+"
        rf"for\s+(?:our\s+|the\s+|my\s+|all\s+)?{_OBJ}(?=[.,;!?]|$)"
    ),
    "use": re.compile(
        rf"\b(?:[Ww]e|I)\s+(?:still\s+|now\s+|also\s+|mostly\s+|mainly\s+)?use\s+(?P<new>{_NAME})"
        r"(?:\s+(?:there|here|daily|every\s+day|at\s+work|now))?(?=[.,;!?]|$)"
    ),
    # -- people and pets
    "rel_named": re.compile(
        rf"\b(?:[Mm]y|[Oo]ur)\s+{_ADJ}"
        rf"(?P<rel>{_REL}|{_PET})(?:'s\s+name\s+is|,|\s+(?:is\s+)?(?:called|named))?\s+(?P<name>{_NAME})"
    ),
    "rel_is": re.compile(rf"\b[Mm]y\s+(?P<rel>{_REL})\s+is\s+(?P<name>{_CAP}\s+{_CAP})\b"),
    "name_rel": re.compile(
        rf"^(?P<name>{_NAME}),\s+(?:my|our)\s+{_ADJ}(?P<rel>{_REL}|{_PET})(?:\s*,|\s+(?=[a-z]))"
    ),
    "adopted": re.compile(
        rf"\b(?:I|[Ww]e)(?:'ve| have)?\s+{_ADV}(?:adopted|got|rescued|bought)\s+an?\s+"
        rf"(?:new\s+|little\s+)?"
        rf"(?P<rel>{_PET})\s+(?:called|named)\s+(?P<name>{_NAME})"
    ),
    # -- projects
    "project_named": re.compile(rf"\b(?P<name>Project\s+{_NAME})"),
    "named_project": re.compile(rf"\b(?P<name>{_NAME}\s+[Pp]roject)\b"),
    "project_lower": re.compile(
        r"\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?P<name>(?:[a-z][\w-]+\s+){0,2}[a-z][\w-]+\s+(?P<head>"
        + "|".join(sorted(PROJECT_HEADS))
        + r"))\b"
    ),
    # -- preferences
    "prefer": re.compile(
        r"\bI\s+(?P<verb>(?:really\s+|much\s+|strongly\s+|absolutely\s+)?(?:prefer|like|love|enjoy|"
        r"hate|dislike|don't like|do not like|can't stand|don't eat|do not eat|never eat|avoid))"
        r"\s+(?P<what>[^.!?\n]{3,120})"
    ),
    "fan": re.compile(
        r"\bI(?:'m| am)\s+(?P<what>(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+[^.!?\n]{2,80})"
    ),
    "without": re.compile(
        r"\bI\s+(?:can't|cannot|can not|couldn't)\s+(?P<what>(?:start|get\s+through|survive|"
        r"function|live|work|focus|sleep|travel|go|begin)\b[^.!?\n]{0,60}?\bwithout\b[^.!?\n]{2,80})"
    ),
    "habit": re.compile(
        r"\bI\s+(?P<adv>always|usually|normally|mostly|typically)\s+(?P<verb>order|drink|get|"
        r"eat|take|choose|pick|book|go\s+for|listen\s+to|wear|sit|fly|cook|ask\s+for|reach\s+for|"
        r"use)\s+"
        r"(?P<what>[^.!?\n]{2,80})"
    ),
    "best_with": re.compile(
        r"\bI\s+(?P<what>(?:work|focus|concentrate|study|sleep|think|write|code|run|train)\s+best\s+"
        r"(?:with|to|when|in|on|after|before)\s+[^.!?\n]{2,80})"
    ),
    "new_label": re.compile(rf"^(?:[Mm]y\s+)?[Nn]ew\s+{_OBJ}\s*:\s*(?P<new>{_NAME})"),
    "diet": re.compile(
        r"\bI(?:'m| am)\s+(?:a\s+|an\s+)?(?:strict\s+|mostly\s+|fully\s+|now\s+)?(?P<diet>"
        + "|".join(sorted((re.escape(d) for d in DIETS), key=len, reverse=True))
        + r")\b"
    ),
    "favorite_of": re.compile(
        r"^(?P<what>[A-Za-z][\w' -]{1,40}?)\s+(?:is|are)\s+(?:still\s+)?my\s+"
        r"(?:absolute\s+|all-time\s+)?"
        r"(?:favou?rite|go-to)\b(?P<rest>[^.!?\n]{0,60})"
    ),
    "favorite": re.compile(
        r"\b[Mm]y\s+(?P<kind>favou?rite|go-to|usual)\s+(?P<what>[a-z][a-z ]{1,30}?)\s+is\s+"
        r"(?P<value>[^.,;!?\n]{2,60})"
    ),
    "decision": re.compile(
        r"\b(?:[Ww]e|I)(?:'ve| have)?\s+decided\s+(?P<what>(?:to|that|on)\s+[^.!?\n]{3,160})"
    ),
    "have": re.compile(
        r"\bI\s+(?:have|own)\s+(?P<what>(?:a|an|two|three|four|\d+)\s+[^.!?\n]{2,80})"
    ),
    "learning": re.compile(
        rf"\bI(?:'ve| have|'m| am)?\s+{_ADV}(?:(?:started|began|begun|taken\s+up|took\s+up)\s+"
        r"(?:learning|studying|practi[cs]ing|playing|taking\s+lessons\s+in)|learning|studying)\s+"
        r"(?P<what>[^.!?\n,;]{2,60})"
    ),
    "intro": re.compile(
        r"\b(?:I'm|I am|my name is|call me|this is)\s+(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b"
    ),
}
_REQUEST_RE = re.compile(
    r"^(?:please\s+)?(?:always|never|don't ever|do not ever)\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bstanding request\b|\b(?:whenever|every time|each time) you\b|"
    r"\bremember (?:this|that) for (?:the )?future\b|\bfor (?:the )?future(?: reference)?:|"
    r"\bin (?:the )?future,? (?:please )?(?:always|never|use|answer)",
    re.IGNORECASE,
)
#: Hedges and negations before a statement make it not a fact.
_HEDGE_RE = re.compile(
    r"\b(?:if|whether|should|would|could|might|maybe|perhaps|thinking|considering|planning|"
    r"want|wanted|wanna|hope|hoping|wish|not|never|n't|did you|do you|unless|or)\b|n't\b",
    re.IGNORECASE,
)
_LOST_RE = re.compile(
    r"\b(?:lost|losing|lose|left|leaving|leave|quit|quitting|miss|missed|hated|hate|after)\s*$"
)
_JOB_CONTEXT = re.compile(
    r"\b(?:job|role|position|offer|hired|left|quit|company|employer|colleagues|first day|"
    r"onboarding|start(?:s|ing)? there)\b",
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
    r"^(?:that|it|this|how|when|what|your|you|those|these|all the|the way|seeing|hearing|is|was|"
    r"are|were|has|had|and|but|so|too|about|"
    r"to hear|to see|hearing|reading)\b",
    re.IGNORECASE,
)
#: "I'm learning a ton": no subject to learn.
_VAGUE_RE = re.compile(
    r"(?:a\s+(?:lot|ton|bit)|lots|loads|so\s+much|more|how|from|that|what|to\s+(?:be|live|accept))\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|me|we|our|us)\b", re.IGNORECASE)
#: Speakers of assistant turns that are the AI itself; other named speakers are people.
AI_SPEAKERS = frozenset(
    re.findall(
        r"\S+", "assistant ai bot agent brain claude chatgpt gpt gpt-4 gpt-4o copilot gemini"
    )
)
_SENT_RE = re.compile(
    r"(?<=[.!?])(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bSt\.)(?<!\bProf\.)"
    r"(?<!\bvs\.)(?<!\bJr\.)(?<!\bSr\.)\s+(?=[A-Z\"'(])|\n+"
)
_NOT_PROJECT = frozenset(
    [
        "new",
        "big",
        "side",
        "work",
        "current",
        "next",
        "last",
        "first",
        "personal",
        "own",
        "whole",
        "entire",
        "little",
        "pet",
        "school",
        "group",
        "other",
        "same",
        "main",
        "latest",
        "secret",
        "this",
        "that",
        "my",
        "our",
        "the",
        "final",
        "huge",
        "small",
    ]
)
#: Words that make "passion for the project" a phrase, not a project's name.
_GLUE = frozenset(
    [
        "for",
        "of",
        "the",
        "a",
        "an",
        "to",
        "in",
        "on",
        "with",
        "and",
        "or",
        "my",
        "our",
        "your",
        "this",
        "that",
        "its",
        "his",
        "her",
        "their",
        "at",
        "by",
        "from",
        "about",
        "into",
    ]
)
_TOOL_LABEL_DROP = re.compile(r"^(?:all|our|the|my)\s+", re.I)
_TOOL_LABEL_TAIL = re.compile(
    r"(?:\s+(?:forever|now|still|anymore|again|too|also|daily|nowadays|these\s+days|"
    r"for\s+(?:years|ages|months|a\s+while)|at\s+(?:work|home)|every\s+day))+$",
    re.I,
)


@dataclass
class Observation:
    """One thing learned, on one subject, with the block that says so.

    kinds: fact (attr = text; key: an earlier value it replaces), end (attr's current
    value `text` ends), end_attr (attr ends, whatever its value), end_value (whatever
    attribute holds `text` ends), item (a bullet), keyed (the bullet mentioning `key`).
    """

    subject: str  # surface name of the subject
    subject_type: str  # person, organization, place, project, pet, tool
    kind: str
    section: str  # wiki section it belongs in
    text: str  # fact value or bullet text; may hold {{Name|type}} link markers
    attr: str | None = None
    key: str | None = None
    when: dt.date | None = None
    anchor: tuple[str, str, str] = ("", "", "")  # (target, anchor, quote)
    mentions: list[tuple[str, str]] = field(default_factory=list)
    once: bool = False  # keyed: only when the page does not mention the key yet


def is_ai(role: str, speaker: str | None) -> bool:
    """True for turns the AI said (an assistant turn without a person's name)."""
    if role != "assistant":
        return False
    # "brain extractive", "claude 3": the first word names the AI.
    return speaker is None or (speaker.casefold().split() or [""])[0] in AI_SPEAKERS


def clean_name(name: str) -> str | None:
    name = re.sub(r"(?:['’]s)?[.'’,]*$", "", name.strip())
    words = name.split()
    while words and words[0] in NOT_NAMES:
        words = words[1:]
    while words and words[-1] in NOT_NAMES:
        words = words[:-1]
    if not words or len(words) > 5:
        return None
    name = " ".join(words)
    return None if name in NOT_NAMES or len(name) < 2 else name


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_RE.split(text) if s and s.strip()]


def third_person(sentence: str, capital: bool = True) -> str:
    """'I went to my sister's' -> 'went to their sister's' (subject dropped, pronouns)."""
    s = strip_opener(re.sub(r"\s*\[[^\]]{0,300}\]", "", sentence))  # "[shares a photo]"
    s = re.sub(r"^I\s+(?:also\s+|just\s+)?", "", s)
    s = re.sub(r"^I'm\s+", "is ", s)
    s = re.sub(r"^I've\s+", "has ", s)
    for rx, repl in _PRONOUNS:
        s = rx.sub(repl, s)
    s = s.strip().rstrip(".!")
    return s[:1].upper() + s[1:] if s and capital else s


def link(name: str, type_: str) -> str:
    return f"{{{{{name}|{type_}}}}}"


def tool_label(obj: str | None, purpose: bool = False) -> str:
    """'note-taking app' -> 'Note-taking app'; 'CI' -> 'Tool for CI'; none -> 'Tool'.

    `purpose`: the words name what runs on the tool ("our billing service from Rails
    to Django"), never the tool's kind."""
    obj = _TOOL_LABEL_DROP.sub("", (obj or "").strip()).strip()
    obj = _TOOL_LABEL_TAIL.sub("", obj).strip()
    if not obj:
        return "Tool"
    if not purpose and obj.split()[-1].lower() in TOOL_HEADS:
        return obj[:1].upper() + obj[1:]
    return f"Tool for {obj}"


def hedged(sentence: str, start: int) -> bool:
    """A hedge or negation in the clause before position `start` ('if I moved to ...')."""
    before = re.split(r"[,;:]|\b(?:and|but|so)\b", sentence[:start])[-1]
    return bool(_HEDGE_RE.search(before))


def _role(m: re.Match[str]) -> str | None:
    role = (m.groupdict().get("role") or "").strip()
    return role if role and len(role.split()) <= 5 and is_occupation(role) else None


def _found(rx: str, sentence: str) -> re.Match[str] | None:
    m = _P[rx].search(sentence)
    return m if m and not hedged(sentence, m.start()) else None


def job_start_date(text: str, when: dt.date | None) -> dt.date | None:
    """The day a turn says a new job starts ('I start there on February 3')."""
    for sent in sentences(text):
        if _P["start_day"].search(sent):
            dates = resolve_dates(sent, when)
            if dates:
                return dates[0][1]
    return None


def from_sentence(
    sentence: str,
    speaker: str,
    when: dt.date | None,
    anchor: tuple[str, str, str],
    user: bool,
    turn_text: str = "",
) -> list[Observation]:
    """Observations in one sentence said by `speaker` on day `when`."""
    out: list[Observation] = []
    if sentence.rstrip().endswith("?"):
        return out  # questions ask; they do not state
    me = speaker
    s = strip_opener(sentence)
    turn_text = turn_text or sentence

    def obs(**kw: object) -> None:
        kw.setdefault("subject", me)
        kw.setdefault("subject_type", "person")
        kw.setdefault("when", when)
        out.append(Observation(anchor=anchor, **kw))  # type: ignore[arg-type]

    _jobs(s, turn_text, me, when, obs)
    _homes(s, me, obs)
    _tools(s, me, obs)
    _people(s, me, obs)
    _projects(s, sentence, me, when, obs)
    _preferences(s, sentence, user, obs)
    facts = any(o.kind in ("fact", "end") and o.subject == me for o in out)
    # "I start there on 17 April" dates the new job (job_start_date), not an event.
    starts_job = bool(_P["start_day"].search(s) and _JOB_CONTEXT.search(turn_text))
    if not facts and not starts_job:
        _event(s, sentence, when, obs)
    return out


def _jobs(s: str, turn: str, me: str, when: dt.date | None, obs) -> None:  # type: ignore[no-untyped-def]
    m = _found("job_left", s)
    if m and (org := clean_name(m.group("org"))):
        obs(kind="end", section="Current", attr="Employer", text=link(org, "organization"))
        obs(kind="end_attr", section="Current", attr="Role", text="")
    found = None
    names = ("job_start", "job_join", "job_offer", "job_hired", "job_future", "job_work", "job_be")
    for name in (*names, "job_my"):
        m = _found(name, s)
        if not m or not (org := clean_name(m.group("org"))):
            continue
        role = _role(m)
        if name == "job_be" and not role:
            continue
        if name == "job_join" and not role and not _JOB_CONTEXT.search(turn):
            continue
        if name == "job_my" and _LOST_RE.search(s[max(0, m.start() - 40) : m.start()]):
            continue  # "I lost my job at Door Dash"
        found = (org, role)
        break
    m = _P["job_as"].match(s)
    if found is None and m and (org := clean_name(m.group("org"))) and _role(m):
        rest = m.group("rest")
        if re.search(r"\b(?:I|my|me)\b", rest) and not re.match(
            rf"(?:my|our)\s+(?:{_REL})\b", rest
        ):
            found = (org, _role(m))
    if found is None:
        m = _found("promoted", s)
        if m and (role := _role(m)):
            obs(kind="fact", section="Current", attr="Role", text=role)
        return
    org, role = found
    since = job_start_date(turn, when) or when
    obs(kind="fact", section="Current", attr="Employer", text=link(org, "organization"), when=since)
    obs(
        subject=org,
        subject_type="organization",
        kind="keyed",
        section="People",
        key=me,
        text=f"{link(me, 'person')} (from {since})" if since else link(me, "person"),
        when=since,
        once=True,  # a repeated "I work at ..." keeps the first date
    )
    if role:
        obs(kind="fact", section="Current", attr="Role", text=role, when=since)
    else:
        obs(kind="end_attr", section="Current", attr="Role", text="", when=since)


def _homes(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
    for name in ("live", "moved", "living"):
        m = _P[name].match(s) if name == "living" else _found(name, s)
        if m and (place := clean_name(m.group("place"))):
            obs(kind="fact", section="Current", attr="Lives in", text=link(place, "place"))
            obs(
                subject=place,
                subject_type="place",
                kind="keyed",
                section="People",
                key=me,
                text=f"{link(me, 'person')} lives here",
                once=True,
            )
            break
    m = _P["from"].search(s) or _P["where_from"].search(s)
    if m and not hedged(s, m.start()) and (place := clean_name(m.group("place"))):
        # Where someone is from has no start date.
        obs(kind="fact", section="Current", attr="From", text=link(place, "place"), when=None)


def _tool_fact(obs, me: str, attr: str, new: str, old: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """The speaker's tool for a purpose; the engine adds the tool page's 'Used by' line."""
    obs(kind="fact", section="Current", attr=attr, text=link(new, "tool"), key=old)


def _tools(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
    for name in ("switch", "replace", "instead"):
        m = _found(name, s)
        if m and (old := clean_name(m.group("old"))) and (new := clean_name(m.group("new"))):
            kind = m.groupdict().get("prep") == "as"  # "... as my task tracker"
            _tool_fact(obs, me, tool_label(m.groupdict().get("obj"), not kind), new, old)
            return
    m = _found("migrating", s)
    if m and (old := clean_name(m.group("old"))) and clean_name(m.group("new")):
        _tool_fact(obs, me, tool_label(m.group("obj"), True), old)  # still the tool in use
        return
    on, off = _found("now_on", s), _found("off", s)
    new = clean_name(on.group("new")) if on else None
    old = clean_name(off.group("old") or off.group("old2")) if off else None
    if new and old:
        _tool_fact(obs, me, tool_label(on.group("obj"), True), new, old)  # type: ignore[union-attr]
        return
    if old:
        obs(kind="end_value", section="Current", attr="Tool", text=link(old, "tool"))
    if new and on and on.group("obj"):
        _tool_fact(obs, me, tool_label(on.group("obj"), True), new)
        return
    m = _P["new_label"].match(s)
    if (
        m
        and (new := clean_name(m.group("new")))
        and m.group("obj").split()[-1].lower() in TOOL_HEADS
    ):
        _tool_fact(obs, me, tool_label(m.group("obj")), new)
        return
    for name in ("my_tool", "tool_is_my", "use_as"):
        m = _found(name, s)
        obj = m.group("obj") if m else ""
        if m and (new := clean_name(m.group("new"))):
            if name != "use_as" and obj.split()[-1].lower() not in TOOL_HEADS:
                continue
            if " ".join(obj.lower().split()) in RELATIONS:
                continue  # "my manager is Tom Baker" is a person
            _tool_fact(obs, me, tool_label(obj), new)
            return
    m = _found("use_for", s)
    if m and (new := clean_name(m.group("new"))):
        _tool_fact(obs, me, tool_label(m.group("obj"), True), new)
        return
    m = _found("use", s)
    if m and (new := clean_name(m.group("new"))):
        obs(kind="keyed", section="Tools", key=new, text=link(new, "tool"), once=True)
        obs(
            subject=new,
            subject_type="tool",
            kind="keyed",
            section="Used by",
            key=me,
            text=link(me, "person"),
            once=True,
        )


def _people(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
    m = None
    for name in ("rel_named", "name_rel", "adopted", "rel_is"):
        m = _P[name].match(s) if name == "name_rel" else _found(name, s)
        if m and (who := clean_name(m.group("name"))):
            break
    else:
        return
    rel = " ".join(m.group("rel").lower().split())
    pet = rel in PETS
    kind = "pet" if pet else "person"
    if rel in SINGLE_RELATIONS:
        obs(kind="fact", section="Current", attr=rel.capitalize(), text=link(who, kind))
    else:
        obs(
            kind="keyed",
            section="Pets" if pet else "People",
            key=who,
            text=f"{link(who, kind)} — {rel}",
        )
    obs(
        subject=who,
        subject_type=kind,
        kind="keyed",
        section="People",
        key=me,
        text=f"{rel.capitalize()} of {link(me, 'person')}",
    )
    r = _IS_ROLE.match(s[m.end() :])
    if r and not pet and is_occupation(r.group("role")):  # "my husband Idris is a welder"
        obs(subject=who, kind="fact", section="Current", attr="Role", text=r.group("role"))


def _projects(s: str, sentence: str, me: str, when: dt.date | None, obs) -> None:  # type: ignore[no-untyped-def]
    proj = None
    m = _P["project_named"].search(s) or _P["named_project"].search(s)
    if m:
        proj = clean_name(m.group("name"))
        words = (proj or "").lower().replace("project", " ").split()
        if not words or all(w in _NOT_PROJECT for w in words):
            proj = None  # "New project at work", "this project"
    if proj is None:
        m = _P["project_lower"].search(s)
        if m:
            words = m.group("name").split()[:-1]
            glue = {w.lower() for w in words} & _GLUE
            if words and not glue and not all(w.lower() in _NOT_PROJECT for w in words):
                name = m.group("name")
                proj = name[:1].upper() + name[1:]
    if proj:
        obs(kind="keyed", section="Projects", key=proj, text=link(proj, "project"))
        obs(
            subject=proj,
            subject_type="project",
            kind="keyed",
            section="People",
            key=me,
            text=link(me, "person"),
        )


def _preferences(s: str, sentence: str, user: bool, obs) -> None:  # type: ignore[no-untyped-def]
    m = _P["prefer"].search(s)
    if m and not _REACTION_RE.match(m.group("what")) and not hedged(s, m.start()):
        verb = " ".join(m.group("verb").lower().split())
        words = {
            "don't like": "Does not like",
            "do not like": "Does not like",
            "don't eat": "Does not eat",
            "do not eat": "Does not eat",
            "never eat": "Never eats",
            "can't stand": "Cannot stand",
        }
        base = verb.split()[-1]
        adverb = " ".join(verb.split()[:-1])
        say = words.get(verb) or " ".join(
            filter(
                None, [adverb.capitalize(), (base + "s") if adverb else (base + "s").capitalize()]
            )
        )
        obs(kind="item", section="Preferences", text=f"{say} {_mine_to_theirs(m.group('what'))}")
    for name, lead in (("fan", "Is "), ("without", "Cannot "), ("best_with", "")):
        m = _found(name, s)
        if m:
            what = _mine_to_theirs(m.group("what"))
            obs(kind="item", section="Preferences", text=lead + (what if lead else _verb_s(what)))
    m = _found("habit", s)
    if m:
        verb = m.group("verb").split()
        verb[0] = verb[0] + ("es" if verb[0].endswith(("o", "ch", "sh", "s", "x")) else "s")
        text = f"{m.group('adv').capitalize()} {' '.join(verb)} {_mine_to_theirs(m.group('what'))}"
        obs(kind="item", section="Preferences", text=text)
    m = _found("diet", s)
    if m:
        obs(kind="fact", section="Current", attr="Diet", text=m.group("diet").lower())
    m = _P["favorite"].search(s)
    if m:
        kind = m.group("kind").lower()
        label = "Favorite" if kind.startswith("fav") else kind.capitalize()
        obs(
            kind="fact",
            section="Current",
            attr=f"{label} {m.group('what').strip()}",
            text=m.group("value").strip(),
        )
    m = _P["favorite_of"].match(s)
    if m and not re.match(r"(?:it|this|that|they|these|those|which|what)\b", m.group("what"), re.I):
        obs(kind="item", section="Preferences", text=third_person(s))
    if user and _REQUEST_RE.search(s):
        text = re.sub(r"^please\s+", "", s.strip(), flags=re.I).rstrip(".!")
        text = re.sub(r"^(?:one\s+|a\s+|my\s+)?standing\s+request\s*[:,-]\s*", "", text, flags=re.I)
        text = re.sub(r"^[^:]{0,60}\bfuture(?:\s+reference)?\s*:\s*", "", text, flags=re.I)
        if len(content_words(text)) >= 2:
            obs(kind="item", section="Standing requests", text=text[:1].upper() + text[1:])
    m = _found("learning", s)
    what = m.group("what") if m else ""
    if m and not _REACTION_RE.match(what) and not _VAGUE_RE.match(what):
        obs(kind="item", section="Facts", text=third_person(s))
    m = _found("decision", s)
    if m:
        obs(kind="item", section="Decisions", text=f"Decided {m.group('what').strip()}")
    m = _found("have", s)
    if (
        m
        and not resolve_dates(m.group("what"), dt.date(2000, 1, 1))
        and not re.search(
            r"\b(?:with|next|this|tomorrow|tonight|today|meeting|call|appointment)\b",
            m.group("what"),
        )
    ):
        obs(kind="item", section="Facts", text=f"Has {m.group('what').strip()}")


def _verb_s(text: str) -> str:
    """'work best with music' -> 'Works best with music'."""
    first, _, rest = text.partition(" ")
    end = "es" if first.endswith(("o", "sh", "ch", "s", "x")) else "s"
    return f"{first.capitalize()}{end} {rest}"


def _mine_to_theirs(text: str) -> str:
    text = text.strip()
    for rx, repl in _PRONOUNS:
        text = rx.sub(repl, text)
    return text


#: Relative dates that name a day; "last month" or "next year" name no day to list.
_DAY_PHRASE = re.compile(r"\b(?:week|month|year|weekend)s?\b", re.IGNORECASE)
_ABOUT_OTHER = re.compile(rf"^(?:(?:my|our)\s+(?:[\w-]+\s+)?(?:{_REL}|[\w-]+['’]s)\b|{_CAP})")


def _event(s: str, sentence: str, when: dt.date | None, obs) -> None:  # type: ignore[no-untyped-def]
    """A dated thing in the speaker's life: 'my first pottery class is on January 30'."""
    if len(sentence) > 240:
        return
    mine = re.search(r"\b(?:I|I['’]\w+|my|me)\b", s)
    if s[:1].isupper() and not mine and s.split()[0] not in NOT_NAMES:
        return  # "Samir qualified as a firefighter, we're celebrating": someone else's
    if re.match(rf"(?:my|our)\s+(?:[\w-]+\s+)?(?:{_REL})\b|(?:my|our)\s+[\w-]+['’]s\b", s, re.I):
        return  # "my sister is ...", "my colleague's friend ...": someone else's
    if re.search(r"\blike\s+(?:just\s+|only\s+)?yesterday\b", s, re.I):
        return  # "feels like just yesterday": a figure of speech
    if re.search(r"\b(?:if|would|could|might|maybe|perhaps|hope|hoping)\b", s, re.I):
        return  # not something that happened or will
    dates = [(p, d) for p, d in resolve_dates(s, when) if not _DAY_PHRASE.search(p)]
    if not mine and not _FIRST_PERSON.search(s):
        # No one named at all ("knee surgery on 4 February went well"): the speaker's,
        # but only with a date that names its day.
        dates = [(p, d) for p, d in dates if re.search(r"\d", p)]
        if not s[:1].islower():
            return
    if not dates:
        return
    text = third_person(s)
    if len(content_words(text)) < 3:
        return
    obs(kind="item", section="Events", text=f"{dates[0][1].isoformat()}: {text}")


def self_introduction(text: str) -> str | None:
    m = _P["intro"].search(text)
    return clean_name(m.group("name")) if m else None


def is_project_name(name: str) -> bool:
    return bool(re.search(rf"\b(?:[Pp]roject|{'|'.join(PROJECT_HEADS)})\b", name))
