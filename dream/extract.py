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
from typing import Any

from language.dates import dates
from validators.semantic import STOPWORDS, content_words

from .lexicon import (
    NOT_NAMES,
    PROJECT_HEADS,
    RELATIONS,
    SINGLE_RELATIONS,
    TOOL_HEADS,
    greets,
    is_occupation,
    is_pet,
    kind_noun,
    strip_opener,
)
from .patterns import (
    _FIRST_PERSON,
    _GLUE,
    _HEDGE_RE,
    _IS_ROLE,
    _JOB_CONTEXT,
    _LOST_RE,
    _NOT_PROJECT,
    _P,
    _PRONOUNS,
    _REACTION_RE,
    _REL,
    _REQUEST_RE,
    _SENT_RE,
    _TOOL_LABEL_DROP,
    _TOOL_LABEL_TAIL,
    _VAGUE_RE,
    AI_SPEAKERS,
)

#: Link marker inside an observation's text: {{Name|type}}; resolved to [[File|Name]].
LINK_RE = re.compile(r"\{\{([^{}|]+)\|([a-z]+)\}\}")


@dataclass
class Observation:
    """One thing learned, on one subject, with the block that says so.

    kinds: fact (attr = text; key: an earlier value it replaces), end (attr's current
    value `text` ends), end_attr (attr ends, whatever its value), end_value (whatever
    attribute holds `text` ends), ended (attr's value `text` ends, on record or not),
    item (a bullet), keyed (the bullet mentioning `key`).
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
    #: fact: the value it replaces, recorded in History when the page had none current.
    replaces: str | None = None
    #: fact: more blocks that say it, cited beside `anchor` ((target, anchor, quote))
    also: tuple[tuple[str, str, str], ...] = ()
    #: fact: said as a done act of change on a day ("moved to lund on june 1st"): the
    #: value holds from `when`, though an earlier block named it first (a lease signed)
    starts: bool = False


def is_ai(role: str, speaker: str | None) -> bool:
    """True for turns the AI said (an assistant turn without a person's name)."""
    if role != "assistant":
        return False
    # "brain extractive", "claude 3": the first word names the AI.
    return speaker is None or (speaker.casefold().split() or [""])[0] in AI_SPEAKERS


def clean_name(name: str) -> str | None:
    name = re.sub(r"(?:['’]s)?[.'’,]*$", "", name.strip())
    words = name.split()
    while words and (words[0] in NOT_NAMES or greets(words[0])):
        words = words[1:]  # "Hiya": a greeting, no name (`lexicon.greets`)
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
            days = [s.date for s in dates(sent, when) if s.date]
            if days:
                return days[0]
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
    _projects(s, me, obs)
    _preferences(s, user, obs)
    facts = any(o.kind in ("fact", "end") and o.subject == me for o in out)
    # "I start there on 17 April" dates the new job (job_start_date), not an event.
    starts_job = bool(_P["start_day"].search(s) and _JOB_CONTEXT.search(turn_text))
    if not facts and not starts_job:
        _event(s, sentence, when, obs, me)
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


def _tool_fact(obs, attr: str, new: str, old: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """The speaker's tool for a purpose; the engine adds the tool page's 'Used by' line."""
    obs(kind="fact", section="Current", attr=attr, text=link(new, "tool"), key=old)


def _tools(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
    for name in ("switch", "replace", "instead"):
        m = _found(name, s)
        if m and (old := clean_name(m.group("old"))) and (new := clean_name(m.group("new"))):
            kind = m.groupdict().get("prep") == "as"  # "... as my task tracker"
            _tool_fact(obs, tool_label(m.groupdict().get("obj"), not kind), new, old)
            return
    m = _found("migrating", s)
    if m and (old := clean_name(m.group("old"))) and clean_name(m.group("new")):
        _tool_fact(obs, tool_label(m.group("obj"), True), old)  # still the tool in use
        return
    on, off = _found("now_on", s), _found("off", s)
    new = clean_name(on.group("new")) if on else None
    old = clean_name(off.group("old") or off.group("old2")) if off else None
    if new and old:
        _tool_fact(obs, tool_label(on.group("obj"), True), new, old)  # type: ignore[union-attr]
        return
    if old:
        obs(kind="end_value", section="Current", attr="Tool", text=link(old, "tool"))
    if new and on and on.group("obj"):
        _tool_fact(obs, tool_label(on.group("obj"), True), new)
        return
    m = _P["new_label"].match(s)
    if (
        m
        and (new := clean_name(m.group("new")))
        and m.group("obj").split()[-1].lower() in TOOL_HEADS
    ):
        _tool_fact(obs, tool_label(m.group("obj")), new)
        return
    for name in ("my_tool", "tool_is_my", "use_as"):
        m = _found(name, s)
        obj = m.group("obj") if m else ""
        if m and (new := clean_name(m.group("new"))):
            if name != "use_as" and obj.split()[-1].lower() not in TOOL_HEADS:
                continue
            if " ".join(obj.lower().split()) in RELATIONS:
                continue  # "my manager is Tom Baker" is a person
            _tool_fact(obs, tool_label(obj), new)
            return
    m = _found("use_for", s)
    if m and (new := clean_name(m.group("new"))):
        _tool_fact(obs, tool_label(m.group("obj"), True), new)
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


def _relation_named(s: str) -> tuple[re.Match[str], str, str] | None:
    """The first "my sister Lena", "Pepper, our rescue greyhound", "we adopted a kitten
    called Miso" whose kind noun is a relation, a kind of person or of animal (not "my
    car Bessie"): the match, the name and the relation."""
    for name in ("rel_named", "name_rel", "adopted", "rel_is"):
        if name == "name_rel":
            matches = [m] if (m := _P[name].match(s)) else []
        else:
            matches = [m for m in _P[name].finditer(s) if not hedged(s, m.start())]
        for m in matches:
            rel = " ".join(m.group("rel").lower().split())
            if (who := clean_name(m.group("name"))) and kind_noun(rel) is not None:
                return m, who, rel
    return None


def _people(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
    found = _relation_named(s)
    if found is None:
        return
    m, who, rel = found
    pet = is_pet(rel)
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


def _projects(s: str, me: str, obs) -> None:  # type: ignore[no-untyped-def]
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


def _preferences(s: str, user: bool, obs) -> None:  # type: ignore[no-untyped-def]
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
        and not dates(m.group("what"), dt.date(2000, 1, 1))
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


def _event(s: str, sentence: str, when: dt.date | None, obs, me: str) -> None:  # type: ignore[no-untyped-def]
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
    # Dates that name a day; "last month" or "two weeks ago" name no day to list.
    days = [(d.phrase, d.date) for d in dates(s, when) if d.precision == "day" and d.date]
    past = when is not None and any(d < when for _, d in days)
    diary = bool(days) and _diary(s, past)
    if not mine and not _FIRST_PERSON.search(s) and not diary:
        # No one named at all ("knee surgery on 4 February went well"): the speaker's,
        # but only with a date that names its day.
        days = [(p, d) for p, d in days if re.search(r"\d", p)]
        if not s[:1].islower():
            return
    if not days:
        return
    text = _speaker_clause(s, days[0][0], me, diary)
    if text is None or len(content_words(text)) < 3:
        return
    obs(kind="item", section="Events", text=f"{days[0][1].isoformat()}: {text}")


def _diary(s: str, past: bool = False) -> bool:
    """The sentence opens with a past act and no subject, as a diary does ("signed the
    lease yesterday", "update: put in an offer last night"): the speaker's own, typed
    without the "I", so a relative day ("yesterday") dates it as well as a written one.
    Only a label ("update:") or an interjection may come before the verb. With `past`
    (the sentence names a day before it was said), a verb the tagger read as a bare
    form is past too: "put", "set", "quit" look the same, and nobody is told to do
    something last night."""
    from language import parse

    doc = parse([s])[0]
    verb = next((t for t in doc if t.pos_ in ("VERB", "AUX")), None)
    tags = ("VBD", "VBN", "VB") if past else ("VBD", "VBN")
    if verb is None or verb.tag_ not in tags:
        return False
    before = doc[: verb.i]
    label = any(t.text == ":" for t in before)
    if not label and any(t.pos_ not in ("INTJ", "PUNCT") for t in before):
        return False
    return not any(
        c.dep_ in ("nsubj", "nsubjpass", "expl", "aux", "auxpass") for c in verb.children
    )


#: An event's sentence with fewer content words takes the sentence before it along.
_EVENT_WORDS = 6


def _speaker_clause(s: str, phrase: str, me: str, diary: bool = False) -> str | None:
    """The sentence of `s` that holds the date `phrase`, as a line about the speaker `me`
    ("dev and i called it quits tonight" -> "Dev and Jo called it quits tonight"), or None
    when that sentence is about someone else ("her bday is 3rd august"); a `diary`
    sentence (`_diary`) is the speaker's whoever else it names ("put in an offer last
    night and they took it")."""
    from language import parse, rewrite_third_person

    at = s.lower().find(phrase.lower())
    previous = None
    for sent in parse([s])[0].sents:
        if at < 0 or sent.start_char <= at < sent.end_char:
            said = rewrite_third_person(sent, me)
            # the diary's own sentence only: "booked it!! her bday is tomorrow" is hers
            own = diary and previous is None
            if not (said.first_person or said.about_speaker or own) and re.search(
                r"\b(?:she|he|they|her|his|their)\b", sent.text, re.I
            ):
                return None
            if previous is not None and len(content_words(said.text)) < _EVENT_WORDS:
                # "we leave june 16": what is left is said in the sentence before it
                before = rewrite_third_person(previous, me).text
                if before:
                    return f"{before}. {said.text}"
            return said.text or None
        previous = sent
    return None


#: How people say who they are, in any case: "I'm", "im", "my name is", "my full name
#: is", "name's", "call me", "this is", "it's (me)", "i go by". The word after it may be
#: their name; whether it is one is read from the word (below), not from the cue.
INTRO_CUE = (
    r"(?:i\s*['’]?\s*m|i am|my\s+(?:full\s+|real\s+)?name(?:\s+is|\s*['’]\s*s)|"
    # a bare "name's rafael" opens its clause: "her name's luna" names someone else
    r"(?<![\w'’]\s)(?<![\w'’])name\s*['’]\s*s|"
    r"(?:you\s+can\s+|people\s+|everyone\s+|ppl\s+)?call(?:s)?\s+me|this is|"
    r"it\s*['’]?\s*s(?:\s+me)?,?|i\s+go\s+by)"
)
_INTRO_RE = re.compile(
    rf"\b(?P<cue>{INTRO_CUE})\s+(?P<name>[^\W\d_]{{2,20}})\b(?!\s*['’]s\b)", re.IGNORECASE
)
#: A message that opens with its writer's name: "rosa here, quick q", "hi, Tom here".
_HERE_RE = re.compile(
    r"^\W*(?:(?:hi|hey|hello|morning|evening)\W+)?(?P<name>[^\W\d_]{2,20})\s+here\b(?!\s+(?:is|are|was))",
    re.IGNORECASE,
)


def self_introduction(text: str, embedder: Any = None, asked: str | None = None) -> str | None:
    """The name in "I'm Maya Chen", "name's rafael btw" or "rosa here, quick q": a word
    after a cue (or before "here" at a message's start) that is capitalised as typed, or,
    typed in lowercase, that the embedding model reads as a name in "i'm <word>" (by
    examples, so "im tired" is no name). The surname the message gives is kept. `asked`
    is the question of the AI turn this message answers, if any: "its asana" after
    "Which app is he suggesting?" names the app, not who is typing."""
    from language import classifier_for
    from language.names import names_nobody

    found = [(m, True) for m in _INTRO_RE.finditer(text)]
    found += [(m, False) for m in _HERE_RE.finditer(text)]
    for m, cued in sorted(found, key=lambda f: f[0].start("name")):
        word = m.group("name")
        if names_nobody(word.lower()) or word.lower() in NOT_NAMES:
            continue
        cue = m.group("cue").lower() if cued else ""
        weak = cue.startswith(("it", "this"))
        if weak and dates(word, dt.date.today(), loose=True):
            continue  # "it's Monday again", "this is Tuesday": a day, not who is typing
        # "it's X" / "this is X" says who is typing only where a message opens ("hey,
        # it's maya"); elsewhere, or as the answer to a question about something else,
        # it says what a thing is ("honestly it's Notion", "its asana").
        if weak and not cue.endswith(("me", "me,")) and _answers(text[: m.start("cue")], asked):
            continue
        # Capitalised after a cue, it is a name; with no cue, unless it starts the
        # message ("Tired here" is no one; the model reads that one below).
        capitalised = word[:1].isupper() and word[1:].islower()
        if capitalised and (cued or m.start("name") > 0):
            return with_surname(text, word)
        if embedder is None or not (word.islower() or word[:1].isupper()):
            continue
        phrase = f"i'm {word.lower()}"
        label, _ = classifier_for(embedder, "introduction").label(embedder.embed([phrase]))[0]
        if label == "introduction":
            return with_surname(text, word)
    return None


#: Up to two more words after a first name may be its middle name and surname.
_MORE_NAMES = re.compile(r"\s+([^\W\d_]{2,20}(?:-[^\W\d_]{2,20})?)")


#: Words a message may open with before the writer says who they are.
_GREETING = frozenset({"hi", "hey", "hello", "heya", "hiya", "yo", "morning", "evening", "oh"})


def _opens(before: str) -> bool:
    """Only greetings and punctuation come before this point of a message."""
    return all(w in _GREETING for w in re.findall(r"[^\W\d_]+", before.lower()))


def _answers(before: str, asked: str | None) -> bool:
    """A weak cue is no introduction: it does not open the message, or the message
    answers a question that is not about who is typing."""
    return not _opens(before) or bool(asked and not asks_who(asked))


def asks_who(question: str) -> bool:
    """A question asks who someone is or what they are called ("who am I talking to?",
    "what's your name?"), by its parse: a "who" word, or the noun "name"."""
    from language.errors import LanguageError
    from language.nlp import parse

    try:
        doc = parse([question])[0]
    except LanguageError:
        return False
    return any(t.lower_ in ("who", "whom") or t.lemma_.lower() == "name" for t in doc)


def with_surname(text: str, word: str) -> str:
    """The introduced name with the surnames the same message gives it ("im teo btw,
    teo halvorsen"; "im priya raman"; "my name is rosa maria delgado-ruiz"): words
    after the name, capitalised as typed or, in lowercase, words no dictionary explains."""
    from language.names import looks_like_name

    best = [word]
    for m in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
        more, at = [], m.end()
        while len(more) < 2 and (n := _MORE_NAMES.match(text, at)):
            part = n.group(1)
            capital = part.istitle() and m.group(0)[:1].isupper()
            lower = part.islower() and all(looks_like_name(p) for p in part.split("-"))
            if not (capital or lower) or part.lower() in STOPWORDS:
                break
            more.append(part)
            at = n.end()
        if len(more) + 1 > len(best):
            best = [word, *more]
    return " ".join("-".join(p[:1].upper() + p[1:] for p in w.split("-")) for w in best)


def is_project_name(name: str) -> bool:
    return bool(re.search(rf"\b(?:[Pp]roject|{'|'.join(PROJECT_HEADS)})\b", name))
