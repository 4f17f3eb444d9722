"""Which part of a sentence fills the slot a question asks about, by the dependency parse.

"who found the airbnb?" asks for the one who did the finding: in "we're staying in an
airbnb in alfama that tom found" that is the subject of "found" (tom), not "easyjet"
said earlier in the sentence. "where is aunt carol flying in from?" asks for what
follows "from" after "flying" (dublin), not the restaurant of another clause. And a part
the question already fills in its own words is not the answer: in "what kind of knife did
i want when the old one chipped?", whatever chipped is "the old one", so the knife that
chipped in "my wusthof finally chipped" is not what was wanted.

`asked_slot` reads the question's parse once; `fill` finds, in a sentence, the character
ranges of the words in the asked slot and of those in slots the question fills itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from language.dates import dates
from language.nlp import nearest_up

from .text import terms

_WH = frozenset(["who", "whom", "what", "which", "where"])
#: Prepositions that say where something is or happens: "at a factory in stoke", "off a
#: guy in leith", "from dublin".
PLACE_PREPS = frozenset(
    ["in", "at", "on", "near", "from", "to", "into", "inside", "outside", "around", "off", "by"]
)
_SUBJECT = ("nsubj", "nsubjpass")
_OBJECT = ("dobj", "dative", "attr", "oprd")
#: What a noun phrase leaves out when it stands for a person or thing: its clauses and
#: prepositional phrases ("the vet" of "the vet at the practice on leith walk").
_NOT_PHRASE = frozenset(["prep", "relcl", "advcl", "ccomp", "xcomp", "punct", "cc"])
_RELATIVE = frozenset(["who", "whom", "that", "which"])
_FIRST_PERSON = frozenset(["i", "me", "we", "us", "my", "our"])


@dataclass(frozen=True)
class Asked:
    """The slot a question's wh-word stands in."""

    role: str  # "subject", "object", "place", "prep" or "attr" (of a noun: "who is my vet")
    verbs: frozenset[str]  # stems of the verbs whose slot it is
    prep: str | None = None  # a stranded preposition: "from" in "flying in from?"
    anchor: frozenset[str] = frozenset()  # "vet" in "who is biscuit's vet?"
    #: slots the question fills itself: (verb stems, "subject"/"object")
    given: tuple[tuple[frozenset[str], str], ...] = ()
    #: the asker does it ("where do i work?"): a slot of someone else's doing is no answer
    own: bool = False


def _verb_stems(tok: Any) -> frozenset[str]:
    return frozenset(terms(tok.lemma_.lower()) | terms(tok.text.lower()))


def _is_verb(tok: Any) -> bool:
    # A question parsed without its capitals may tag the main verb a noun ("what did
    # the plumber fix?"): the root of a question with a helping verb is its verb.
    return tok.pos_ == "VERB" or (tok.dep_ == "ROOT" and tok.pos_ not in ("AUX", "PRON"))


def _governor(tok: Any) -> Any | None:
    """The verb a token is an argument of, walking up through nouns and prepositions."""
    return nearest_up(tok, lambda t: _is_verb(t) or t.pos_ == "AUX", 6)


def _with_xcomp(verb: Any) -> set[Any]:
    """The verb with the verbs it governs as complements: "use to work" is "work"."""
    out = {verb}
    out |= {c for c in verb.children if c.dep_ == "xcomp" and _is_verb(c)}
    return out


def asked_slot(doc: Any) -> Asked | None:
    """The slot of the question `doc` (a spaCy parse) that its wh-word asks for; None for
    "when", "how" and questions without one."""
    toks = list(doc)
    wh = next((t for t in toks[:4] if t.lower_ in _WH), None)
    if wh is None:
        return None
    head = wh.head if wh.dep_ == "det" else wh  # "which airline", "what kind of knife"
    stranded = next(
        (
            t
            for t in toks
            if t.pos_ == "ADP" and t.dep_ in ("prep", "dative") and not list(t.children)
        ),
        None,
    )
    if stranded is None and head.dep_ == "pobj" and head.head.pos_ == "ADP":
        stranded = head.head  # "with whom", or "who ... with?" parsed as its object
    governor = _governor(stranded if stranded is not None else head)
    if governor is None:
        return None
    verbs = {v for v in _with_xcomp(governor) if v.pos_ != "AUX" and v.lemma_ != "be"}
    light = {v for v in verbs if v.lemma_ in ("use", "do", "have", "get")}
    verbs = (verbs - light) or verbs
    stems = frozenset(s for v in verbs for s in _verb_stems(v))
    given = _given(toks, wh, head)
    own = any(c.dep_ in _SUBJECT and c.lower_ in ("i", "we") for v in verbs for c in v.children)
    if stranded is not None and verbs:
        return Asked("prep", stems, prep=stranded.lower_, given=given, own=own)
    if wh.lower_ == "where":
        if verbs:
            return Asked("place", stems, given=given, own=own)
        return Asked("place", frozenset(), anchor=_anchor(governor, head), given=given)
    if not verbs:  # "who is biscuit's vet?": what is said to be the vet
        anchor = _anchor(governor, head)
        return Asked("attr", frozenset(), anchor=anchor, given=given) if anchor else None
    role = "subject" if head.dep_ in _SUBJECT else "object"
    return Asked(role, stems, given=given, own=own)


def _anchor(governor: Any, head: Any) -> frozenset[str]:
    """The noun a question with "be" asks about ("vet", "practice")."""
    nouns = [
        c
        for c in governor.children
        if c is not head and c.dep_ in (*_SUBJECT, "attr") and c.pos_ in ("NOUN", "PROPN")
    ]
    return frozenset(s for n in nouns for s in terms(n.lemma_.lower()) | terms(n.lower_))


def _given(toks: list[Any], wh: Any, head: Any) -> tuple[tuple[frozenset[str], str], ...]:
    """The subjects and objects the question fills with its own words: "i" in "what did
    i buy?", "the old one" in "... when the old one chipped?"."""
    out = []
    asked_phrase = {t.i for t in head.subtree} | {wh.i}
    for v in toks:
        if not _is_verb(v) or v.lemma_ == "be":
            continue
        for c in v.children:
            if c.i in asked_phrase or c.lower_ in _WH or c.pos_ not in ("NOUN", "PROPN"):
                continue  # "i", "me", "it" say nothing a sentence's value could be
            if c.dep_ in _SUBJECT:
                out.append((_verb_stems(v), "subject"))
            elif c.dep_ == "dobj":
                out.append((_verb_stems(v), "object"))
    return tuple(out)


@lru_cache(maxsize=4096)
def _parse(sentence: str) -> Any:
    from language.nlp import parse

    return parse([sentence])[0]


Range = tuple[int, int]


def _phrase(tok: Any) -> Range:
    """The noun phrase of a token without its clauses and prepositional phrases."""
    keep = [tok]
    stack = [c for c in tok.children if c.dep_ not in _NOT_PHRASE]
    while stack:
        t = stack.pop()
        keep.append(t)
        stack += [c for c in t.children if c.dep_ not in _NOT_PHRASE]
    return min(t.idx for t in keep), max(t.idx + len(t) for t in keep)


def _subtree(tok: Any) -> Range:
    sub = list(tok.subtree)
    return sub[0].idx, sub[-1].idx + len(sub[-1])


def _referent(tok: Any) -> Any:
    """A relative pronoun stands for the noun its clause describes: "who" in "a woman
    ... who used to work" is the woman."""
    if tok.lower_ in _RELATIVE and tok.head.dep_ == "relcl":
        return tok.head.head
    return tok


def _subjects(verb: Any) -> list[Any]:
    found = [_referent(c) for c in verb.children if c.dep_ in _SUBJECT]
    if found:
        return found
    if verb.dep_ == "conj":  # "bought a bike and rode it": the subject is shared
        return _subjects(verb.head)
    if verb.dep_ == "xcomp":  # "asked me to precept": the object does it, else the subject
        objects = [c for c in verb.head.children if c.dep_ == "dobj"]
        return objects or _subjects(verb.head)
    if verb.dep_ == "relcl":  # "the airbnb tom found"... has its own subject; "a woman
        return []  # working there" names her by the noun, which is no subject here
    return []


def _objects(verb: Any) -> list[Any]:
    found = [_referent(c) for c in verb.children if c.dep_ in ("dobj",)]
    if not found and verb.dep_ == "relcl":  # "the airbnb that tom found"
        found = [verb.head]
    return found


def _preps(verb: Any, words: frozenset[str]) -> list[Any]:
    """The objects of the verb's prepositions among `words` (through a particle too:
    "flying in from dublin")."""
    heads = [verb, *(c for c in verb.children if c.dep_ == "prt")]
    return [
        o
        for h in heads
        for p in h.children
        if p.dep_ in ("prep", "dative", "agent") and p.lower_ in words
        for o in p.children
        if o.dep_ == "pobj"
    ]


@dataclass(frozen=True)
class Fill:
    """Where a sentence fills the asked slot, and where the slots the question fills."""

    asked: tuple[Range, ...]
    given: tuple[Range, ...]
    #: the slot's own words, when they are one phrase: an answer when no typed value
    #: is inside it ("a ceramics factory in stoke")
    filler: Range | None = None
    #: ... whose head is a name ("tom", "dublin"), not a common noun ("my gran")
    named: bool = False
    #: the sentence fills the asked slot, or says the asked verb of someone else: a value
    #: elsewhere in it is of something else ("saving for a flat in stockbridge with her
    #: boyfriend callum who works in finance" for "where do i work?")
    said: bool = False

    def holds(self, start: int, end: int) -> bool:
        """The words from `start` to `end` are in the asked slot."""
        return _inside(start, end, self.asked)

    def given_only(self, start: int, end: int) -> bool:
        """... are in a slot the question fills itself, and not in the asked one."""
        return _inside(start, end, self.given) and not self.holds(start, end)


@lru_cache(maxsize=4096)
def fill(a: Asked, sentence: str) -> Fill:
    doc = _parse(sentence)
    said = False
    fillers: list[Range] = []
    given_at: list[Range] = []
    for tok in doc:
        stems = _verb_stems(tok)
        if tok.pos_ in ("VERB", "AUX") or tok.dep_ == "ROOT":
            for verbs, role in a.given:
                if stems & verbs:
                    found = _subjects(tok) if role == "subject" else _objects(tok)
                    given_at += [_phrase(t) for t in found if t.lower_ not in _FIRST_PERSON]
        if a.verbs and stems & a.verbs and tok.pos_ == "VERB":
            found = _slot(a, tok)
            said = said or bool(found)
            if a.own and _someone_else(tok):
                # "callum who works in finance" says where callum works, not the asker
                given_at += [r for r, _ in found]
            else:
                fillers += found
        elif a.anchor and (terms(tok.lemma_.lower()) | terms(tok.lower_)) & a.anchor:
            found = _of_anchor(a, tok)
            said = said or bool(found)
            fillers += found
    asked_at = [r for r, _ in fillers]
    one = fillers[0] if len(fillers) == 1 else None
    named = bool(one and _named(one[1]))
    return Fill(tuple(asked_at), tuple(given_at), one[0] if one else None, named, said)


def _someone_else(verb: Any) -> bool:
    """The verb's subject is a person or thing named, not the speaker nor a pronoun."""
    subjects = _subjects(verb)
    return bool(subjects) and all(
        t.pos_ in ("NOUN", "PROPN") and t.lower_ not in _FIRST_PERSON for t in subjects
    )


def _named(tok: Any) -> bool:
    from validators.lexicon import known

    if tok.pos_ in ("PRON", "DET", "PUNCT", "NUM", "SYM", "X"):
        return False  # "they", "[": no name however no dictionary has them
    return tok.pos_ == "PROPN" or not known(tok.lower_)


def _slot(a: Asked, verb: Any) -> list[tuple[Range, Any]]:
    if a.role == "subject":
        return [(_phrase(t), t) for t in _subjects(verb) if t.lower_ not in _FIRST_PERSON]
    if a.role == "object":
        found = [(_phrase(t), t) for t in _objects(verb)]
        return found or [(_subtree(t), t) for t in _preps(verb, frozenset(["to"]))]
    if a.role == "prep":
        assert a.prep is not None
        found = [(_subtree(t), t) for t in _preps(verb, frozenset([a.prep]))]
        if not found and a.prep == "with":
            # "who do i go to pottery with?": "me and jess have been going" says it
            # with the other person beside the speaker.
            found = [
                (_phrase(c), c)
                for s in _subjects(verb)
                for c in s.conjuncts
                if c.lower_ not in _FIRST_PERSON
            ]
        return found
    if a.role == "place":
        return [(_subtree(t), t) for t in _places(verb)]
    return []


def _places(tok: Any) -> list[Any]:
    """The objects of place prepositions of a verb or noun, but not a time said with
    one ("moving in on march 1st", "on thursday nights")."""
    return [
        o
        for o in _preps(tok, PLACE_PREPS)
        if o.ent_type_ not in ("DATE", "TIME")
        and not dates(" ".join(t.text for t in o.subtree), None)
    ]


def _of_anchor(a: Asked, noun: Any) -> list[tuple[Range, Any]]:
    """What a sentence says the asked noun is ("the vet is dr okafor", "my manager
    priya"), or where it is ("the practice on leith walk")."""
    head = noun.head
    if a.role == "place":
        found = [(_subtree(t), t) for t in _places(noun)]
        if not found and noun.dep_ in _SUBJECT:
            # "the practice is on leith walk", "the band was a ceilidh lot from glasgow"
            said = [head, *(c for c in head.children if c.dep_ == "attr")]
            found = [(_subtree(t), t) for h in said for t in _places(h)]
        return found
    out: list[tuple[Range, Any]] = []
    if noun.dep_ in _SUBJECT and head.lemma_ == "be":
        out += [(_phrase(c), c) for c in head.children if c.dep_ in ("attr", "acomp")]
    if noun.dep_ == "attr" and head.lemma_ == "be":
        out += [(_phrase(c), c) for c in head.children if c.dep_ in _SUBJECT]
    out += [(_phrase(c), c) for c in noun.children if c.dep_ == "appos"]
    if noun.dep_ in ("compound", "appos"):  # "my manager priya"
        out.append((_phrase(head), head))
    return out


def _inside(start: int, end: int, ranges: tuple[Range, ...]) -> bool:
    return any(s <= start and end <= e for s, e in ranges)


#: What WordNet files verbs of saying under.
_SAYING = ("state", "express", "communicate")


def _verbs_above(sentence: str, start: int, end: int) -> Iterator[tuple[Any, list[Any]]]:
    """The verbs that govern the words at `start:end`, nearest first, each with its
    subjects (`_subjects`: a shared or raised one too)."""
    span = _parse(sentence).char_span(start, end, alignment_mode="expand")
    if span is None:
        return
    tok = span.root
    while tok.head.i != tok.i:
        tok = tok.head
        if _is_verb(tok) or _copula(tok):
            yield tok, _subjects(tok)


def _copula(tok: Any) -> bool:
    """ "is" with a subject of its own: "she's the ops manager" says the job of her."""
    return (
        tok.pos_ == "AUX"
        and tok.lemma_ == "be"
        and any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)
    )


@lru_cache(maxsize=4096)
def reported(sentence: str, start: int, end: int) -> bool:
    """The words at `start:end` are what someone else said, told or advised ("gaz said
    stop buying glass phones and get a rugged android"): a verb of saying with a subject
    of its own that is not the speaker governs them. The speaker's own clause beside it
    ("so ive gone for a samsung") is no report."""
    from validators.lexicon import sense_of

    for verb, subjects in _verbs_above(sentence, start, end):
        if any(t.lower_ in _FIRST_PERSON for t in subjects):
            return False  # the speaker's own clause
        # Any subject but the speaker, a name typed in lower case too (tagged anything).
        someone = [t for t in subjects if t.pos_ != "PRON" or t.lower_ in ("he", "she", "they")]
        lemma = verb.lemma_.lower()
        # A verb of saying in its usual sense ("said", "told", "suggested", "warned"): in
        # some sense nearly any verb says something ("he's taking over" takes a stand).
        if someone and any(sense_of(lemma, act, "v", primary=True) for act in _SAYING):
            return True
    return False


@lru_cache(maxsize=4096)
def said_of_another(sentence: str, start: int, end: int) -> bool:
    """The words at `start:end` are said of someone else: the nearest clause above them
    with a subject has one that is not the speaker ("he was a mechanic for years", "my
    uncle dec said he'll have a look"); False when that subject is "i" or "we", or when
    no clause above has one ("8 weeks in on the tools")."""
    for _, subjects in _verbs_above(sentence, start, end):
        if subjects:
            return not any(t.lower_ in _FIRST_PERSON for t in subjects)
    return False
