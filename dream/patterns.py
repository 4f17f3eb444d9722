"""The regular expressions of the extraction rules (see `extract`), in one table.

Names are runs of capitalised words ("Bank of Spain"), never "I'd" or "I'm"; roles,
objects and clause ends are lower-case phrases the rules check against `lexicon`.
"""

from __future__ import annotations

import re

# Speakers of assistant turns that are the AI itself: one list, beside Turn.by_ai.
from memory_schema.session import AI_SPEAKERS as AI_SPEAKERS

from .lexicon import DIETS, PROJECT_HEADS, relation_pattern

# A capitalised word that is not "I'd", "I'm": names are runs of them ("Bank of Spain").
_CAP = r"(?!I['’])[A-Z][\w&'’.-]*[\w&]"
_NAME = rf"{_CAP}(?:\s+(?:(?:of|de|da|van|von|del|&)\s+)?{_CAP})*"
_REL = relation_pattern()
#: A kind noun of one or two words ("dog", "rescue greyhound"): what it names (a pet, a
#: person, or neither) is WordNet's to say (`lexicon.kind_noun`), not a list's.
_PET = r"[a-z]+(?:[\s-][a-z]+)?"
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
