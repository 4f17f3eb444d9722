"""The extractive engine: deterministic, offline answers built from memory's own words.

It asks the Memory Agent (through the same tool the LLM engine uses), scores every
sentence of what came back by the question's content words it shares (speaker names
count, so "What did Maya say..." finds Maya's turns), and answers with the best
sentences, each quoted with who said it, when, and its block link. When no sentence
shares a content word with the question beyond a speaker's name, memory does not
support an answer and the engine says it does not know.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from memory_schema.links import short_quote

from .answer import Draft
from .citations import DONT_KNOW
from .errors import AgentError
from .memory_agent import Finding
from .tools import Toolbox

_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_POSSESSIVE = re.compile(r"['’]s\b")
MIN_COVERAGE = 1 / 3  # share of the question's content words a sentence must contain


@cache
def stopwords() -> frozenset[str]:
    text = resources.files("agent").joinpath("data", "stopwords.txt").read_text("utf-8")
    return frozenset(text.split())


@cache
def _stemmer():  # type: ignore[no-untyped-def]
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """Snowball (Porter 2) stem: 'migrating' and 'migration' both give 'migrat'."""
    return str(_stemmer().stemWord(word))


def terms(text: str) -> set[str]:
    """Content words, stemmed: no stopwords, no possessive 's, no single letters."""
    words = _WORD.findall(_POSSESSIVE.sub("", text.lower()))
    return {stem(w) for w in words if len(w) > 1 and w not in stopwords()}


@dataclass(frozen=True)
class Scored:
    score: float
    coverage: float
    text_overlap: int  # content words shared with the sentence itself (not the speaker)
    sentence: str
    finding: Finding


def score(question_terms: set[str], finding: Finding, names: set[str]) -> Scored | None:
    """The best sentence of a finding for the question, or None if it shares nothing
    with the question but names (a greeting to Maya says nothing about Maya's job)."""
    b = finding.blocks[0]
    speaker_terms = terms(b.speaker or "") if not finding.via else set()
    best: Scored | None = None
    for sentence in _SENTENCE.split(finding.text) if not finding.via else [finding.text]:
        st = terms(sentence)
        text_overlap = len((question_terms & st) - names)
        overlap = question_terms & (st | speaker_terms)
        if not text_overlap:
            continue
        coverage = len(overlap) / len(question_terms)
        value = (
            coverage
            + 0.3 / (1 + finding.rank)
            + (0.15 if finding.via else 0.0)  # the wiki states facts, turns chat about them
            - (0.15 if finding.context else 0.0)
        )
        if best is None or value > best.score:
            best = Scored(value, coverage, text_overlap, sentence.strip(), finding)
    return best


def render_line(s: Scored) -> str:
    links = s.finding.links
    if s.finding.via:
        # A wiki sentence may lean on its page ("works here"): name the page.
        page = s.finding.via.rsplit("/", 1)[-1].removesuffix(".md")
        body = s.sentence.rstrip()
        end = body[-1] if body[-1:] in ".!?" else "."
        return f"{page}: {body.rstrip('.!?')} {links}{end}"
    b = s.finding.blocks[0]
    who = b.speaker or b.title
    when = f" on {b.date.isoformat()}" if b.date else ""
    return f'{who} said{when}: "{short_quote(s.sentence, 240)}" {links}'


class ExtractiveEngine:
    name = "extractive"
    model = None

    def __init__(self, toolbox: Toolbox, max_lines: int = 3):
        self.toolbox = toolbox
        self.max_lines = max_lines

    def answer(self, question: str) -> Draft:
        agent = self.toolbox.memory_agent
        if agent is None:
            raise AgentError("the extractive engine needs the Memory Agent")
        result = self.toolbox.call("memory_agent", {"description": question})
        if result.is_error:
            raise AgentError(result.content)
        report = agent.reports[-1]
        q = terms(question) or {w for w in _WORD.findall(question.lower())}
        if not q:
            return Draft(DONT_KNOW, steps=1, stop_reason="no-support")
        names = {t for f in report.findings for b in f.blocks for t in terms(b.speaker or "")}
        scored = [s for f in report.findings if (s := score(q, f, names)) is not None]
        scored = sorted((s for s in scored if s.coverage >= MIN_COVERAGE), key=lambda s: -s.score)
        if not scored:
            return Draft(DONT_KNOW, steps=1, stop_reason="no-support")
        lines: list[str] = []
        used: set[tuple[str, str]] = set()
        for s in scored:
            keys = {(b.path, b.anchor) for b in s.finding.blocks}
            if keys & used or s.score < 0.75 * scored[0].score:
                continue
            used |= keys
            lines.append(render_line(s))
            if len(lines) == self.max_lines:
                break
        text = lines[0] if len(lines) == 1 else "\n".join(f"- {ln}" for ln in lines)
        return Draft(text, steps=1)
