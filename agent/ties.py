"""How a value in a sentence is tied to what the question asks about. A sentence may hold
several values of the kind asked for, and several sentences may hold one: the answer is
the value said of the thing asked about, not the one nearest in the text.

- "how much salt goes in it?": "40 g salt" measures salt; "batch 7" numbers a batch.
- "what's my cat called?": a name said in another clause than the cat ("a second cat and
  i said no until after jess's wedding") is not the cat's.
- "What's his name?" - "pickles lol": a short reply to a question for a name is the name,
  typed in lower case or not.
- "where do i live now?": "everything lives in obsidian" says "live" of everything, not
  of the asker; the verb asked about has another subject.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from .text import WORD, lexicon, stopwords, terms

#: What stands between two clauses: punctuation or a joining word.
CLAUSE_BREAK = re.compile(r"[,;:()!?]|\.\s|\s[-–—]\s|\b(?:and|but|then|so|because|bc)\b")
#: A name this far from every word of the thing asked about, past a clause break, is
#: said of something else ("my cat, Pickles" is 5 characters apart).
APART_CHARS = 40
#: How many words after an amount say what it measures ("40 g salt", "24 contact hours").
UNIT_WORDS = 3
#: A reply this short is all value: "pickles lol", "dog!!", "Ana, why?".
SHORT_REPLY_WORDS = 4
_HOW_MUCH = re.compile(r"\bhow\s+(?:much|many)\s+(.*)$", re.I)


@cache
def _aux() -> frozenset[str]:
    words = lexicon()["aux"]
    return frozenset(str(w) for w in words)  # type: ignore[union-attr]


@cache
def light_verbs() -> frozenset[str]:
    """Light verbs ("do", "get", "use", `generic_verbs`): they say too little of a thing."""
    return frozenset(str(w) for w in lexicon()["generic_verbs"])  # type: ignore[union-attr]


def _light(word: str) -> bool:
    """A light verb in any form: "goes", "got", "using"."""
    from validators.lexicon import base_forms

    return word in light_verbs() or any(b in light_verbs() for b in base_forms(word))


@cache
def _openers() -> frozenset[str]:
    return frozenset(str(w) for w in lexicon()["sentence_openers"])  # type: ignore[union-attr]


def measured(question: str) -> set[str]:
    """The stems of what a "how much/many" question measures: "salt" in "how much salt goes
    in my sauce?", "paid vacation" in "how much paid vacation do i get?"."""
    m = _HOW_MUCH.search(question)
    if not m:
        return set()
    out: list[str] = []
    for w in WORD.findall(m.group(1).lower()):
        if w in stopwords() or w in _aux() or len(out) == 2 or _light(w):
            break  # "how much salt goes in": the verb ends what is measured
        out.append(w)
    return terms(" ".join(out))


def measures(text: str, start: int, end: int, what: set[str]) -> bool:
    """The amount at [start, end) measures one of `what`: it is said in the words right
    after it, in the same clause ("40 g salt", "3 cups of flour")."""
    if not what:
        return False
    after = CLAUSE_BREAK.split(text[end:].lower(), maxsplit=1)[0]
    unit = " ".join(WORD.findall(text[start:end].lower())[1:] + WORD.findall(after)[:UNIT_WORDS])
    return bool(terms(unit) & what)


def apart(text: str, value: str, focus: set[str]) -> bool:
    """A value said in another clause than every word of the thing asked about, and not
    near any of them: of something else."""
    if not focus:
        return False
    low = text.lower()
    at = low.find(value.lower())
    if at < 0:
        return False
    spots = [m.start() for m in WORD.finditer(low) if terms(m.group(0)) & focus]
    if not spots:
        return False

    def far(p: int) -> bool:
        lo, hi = sorted((at, p))
        return hi - lo > APART_CHARS and CLAUSE_BREAK.search(low[lo:hi]) is not None

    return all(far(p) for p in spots)


def named_in_reply(text: str, asks_name: bool) -> str | None:
    """The name a short reply gives to a question for one ("What's his name?" -
    "pickles lol."): its first word that is no filler, capitalised."""
    if not asks_name:
        return None
    words = WORD.findall(text)
    if not words or len(words) > SHORT_REPLY_WORDS:
        return None
    for w in words:
        low = w.lower()
        if low in stopwords() or low in _openers() or low in _aux():
            continue
        return w[:1].upper() + w[1:]
    return None


#: Subjects that are the asker: the verb asked about is said of them.
_FIRST_PERSON = frozenset(["i", "we", "me", "us"])


def said_of_another(text: str, verbs: set[str]) -> bool:
    """One of the question's verbs (`verbs`, stems) is said in `text` with a subject that
    is not the speaker ("everything lives in obsidian", "my sister lives in leeds"), and
    none of them with the speaker as subject."""
    if not verbs or not terms(text) & verbs:
        return False
    subjects = _subjects(text, frozenset(verbs))
    return bool(subjects) and not any(s in _FIRST_PERSON for s in subjects)


@cache
def _subjects(text: str, verbs: frozenset[str]) -> tuple[str, ...]:
    from language.nlp import parse

    out = []
    doc = parse([text])[0]
    for tok in doc:
        if tok.pos_ in ("VERB", "AUX") and terms(tok.text) & verbs:
            out += [
                c.lower_
                for c in tok.children
                if c.dep_ in ("nsubj", "nsubjpass") and not _cut_off(doc, c, tok)
            ]
    return tuple(out)


def _cut_off(doc: Any, subject: Any, verb: Any) -> bool:
    """A lone comma stands between the subject the parser gave and its verb: English puts
    none there (a clause inside the subject comes between two, "my sister, who lives in
    leeds, starts"), so the words are a list of fragments: in "52k plus health insurance,
    starts july 14" nothing says the insurance starts."""
    sub = [t for t in subject.subtree if t.i < verb.i]
    while sub and sub[-1].text == ",":
        sub.pop()  # the parser may hang the comma on the subject
    if not sub or any(t.text == "," for t in sub):
        return False
    lo, hi = sub[-1].i + 1, verb.i
    return lo < hi and any(doc[i].text == "," for i in range(lo, hi))
