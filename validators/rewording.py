"""Rewordings the connective test of connective.py lets through as the block's own.

An LLM rewording a turn changes more than connective words: it says how an act was done
('devoured' for 'ate', 'dropped out' for 'left'), names what a light verb leaves vague
('qualified with a CELTA' for 'got my CELTA'), calls a thing by another of its names ('a
success' for 'a hit') and speaks of the speaker in the third person. Each test here is a
tie WordNet or the parse makes between the claim and the block, never a closeness the
model reads alone: the model reads a changed event ('won' for 'ran') or a sister thing
('ankle' for 'wrist') as close as any rewording.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from . import lexicon
from .claim_text import LIGHT_VERBS
from .words import stem


@cache
def _succeeding() -> frozenset[int]:
    """WordNet's verb sense of succeeding, attaining what was aimed at ('succeed', not its
    sense of coming after, which it shares with 'follow')."""
    wn = lexicon._load()
    after = lexicon._senses("follow", rare=True)
    return frozenset(s for s in lexicon._senses("succeed") if wn.pos[s] == "v" and s not in after)


def achieves(tok: Any) -> bool:
    """Is the verb one of succeeding at the act it governs ('managed to stand up twice',
    'succeeded in getting a table')? It says no more than that the act came about, which
    the block says by telling of the act ('stood up twice'); the act itself, its tense and
    polarity are checked as the claim's own."""
    wn = lexicon._load()
    mine = {s for s in lexicon._senses(tok.lemma_.lower(), rare=True) if wn.pos[s] == "v"}
    if not set(lexicon._ancestors(mine, 1)) & _succeeding():
        return False
    for c in tok.children:
        if c.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children):
            return True
        if c.dep_ == "prep" and c.lower_ == "in" and any(g.dep_ == "pcomp" for g in c.children):
            return True
    return False


def same_thing_as(tok: Any, ev_doc: Any) -> bool:
    """Does the claim noun name, in one of its senses (a seldom one too), what a noun of
    the block names, or a broader thing ('a success' for 'a hit', 'a position' for 'a
    job', 'a rental agreement' for 'the lease')? In that sense it is the block's thing
    said in other words, not a person or another thing, whatever its other senses are
    ('success' is also a successful person, 'position' a place). Sisters share no sense
    and sit under no sense of each other: 'ankle' for 'wrist' stays a detail."""
    wn = lexicon._load()
    word = tok.lemma_.lower() if lexicon.known(tok.lemma_.lower()) else tok.lower_
    mine = {s for s in lexicon._senses(word, rare=True) if wn.pos[s] == "n"}
    if not mine:
        return False

    def used(w: str) -> set[int]:
        return lexicon._senses(w)

    people = lexicon._person_senses()
    for e in ev_doc:
        if e.pos_ != "NOUN" or not e.is_alpha:
            continue
        other = e.lemma_.lower() if lexicon.known(e.lemma_.lower()) else e.lower_
        if set(lexicon.base_forms(other)) & set(lexicon.base_forms(word)):
            continue  # the same word: the strict tests already had their say
        theirs = {s for s in lexicon._senses(other, rare=True) if wn.pos[s] == "n"}
        # One side at least in a sense in use: two seldom senses tie 'nuts' to 'eggs'.
        ties = (mine & set(lexicon._ancestors(theirs & used(other), 2))) | (
            mine & used(word) & set(lexicon._ancestors(theirs, 2))
        )
        for s in ties:
            # The tying sense must be no person: 'replacement' is 'someone' only as one.
            if not set(lexicon._ancestors({s}, 14)) & people:
                return True
    return False


def manner_of(claim_verb: str, evidence_verb: str, rare: bool = False) -> bool:
    """Is the claim verb, in any of its senses, one step under the block's verb (in a
    sense in use) in WordNet's verb tree: a manner of doing it ('regret' of 'miss',
    'borrow' of 'take', 'migrate' of 'move', 'devour' of 'eat', 'drop out' of 'leave')?
    Further up the tree ties everything ('regret' is three steps under 'move'). With
    `rare`, the claim's seldom senses count, as a claim verb's sense is the one its sentence gives
    it: 'devour' is 'eat greedily' only in a seldom sense, and a verb a writer picks to
    say how something was done is one step under it; a changed event ('won' for 'ran',
    'kept' for 'sold', 'joined' for 'led') is no manner of the block's verb in any sense."""
    wn = lexicon._load()
    mine = {s for s in lexicon._senses(claim_verb, rare=rare) if wn.pos[s] == "v"}
    theirs = {s for s in lexicon._senses(evidence_verb) if wn.pos[s] == "v"}
    up = lexicon._ancestors(mine, 1)
    return any(up.get(s) == 1 for s in theirs)


def verb_entry(tok: Any) -> str:
    """The verb as a dictionary entry: with its particle when WordNet knows the two as one
    ('dropped out' is drop_out, 'handed in' hand_in), else its lemma."""
    lemma = tok.lemma_.lower()
    for c in tok.children:
        if (
            c.dep_ in ("prt", "prep", "advmod")
            and c.i == tok.i + 1
            and lexicon.is_lemma(f"{lemma}_{c.lower_}")
        ):
            return f"{lemma}_{c.lower_}"
    return lemma if lexicon.known(lemma) else tok.lower_


def arguments(verb: Any) -> list[str]:
    """The nouns a verb acts on or with: its object, and the object of a preposition or a
    particle hung on it ('qualified with a CELTA', 'dropped out of the choir')."""
    out = []
    # By the dependency, not the tag: a small parser tags 'her clootie dumpling' a verb.
    for c in verb.children:
        # ... and a 'clause' after it headed by a word WordNet knows as no verb ('made
        # her famous clootie dumpling', parsed as one): a mis-tagged object.
        misread = c.dep_ == "ccomp" and c.i > verb.i and not lexicon._is_verb(c.lemma_.lower())
        if c.dep_ in ("dobj", "attr") or misread:
            out.append(c)
        elif c.dep_ in ("prep", "prt"):
            out += [g for g in c.children if g.dep_ == "pobj"]
    return [t.lemma_.lower() if t.pos_ == "NOUN" else t.lower_ for t in out if t.is_alpha]


def shares_argument(claim_verb: Any, evidence_verb: Any) -> bool:
    """Do the two verbs act on the same thing: the same noun, a form of it or a synonym
    ('loved her day' / 'had the best day', 'qualified with a CELTA' / 'got my CELTA')?"""
    mine = arguments(claim_verb)
    theirs = arguments(evidence_verb)
    return any(
        a == b or stem(a) == stem(b) or lexicon.relation(a, b) in ("same", "synonym")
        for a in mine
        for b in theirs
    )


@cache
def _act_senses() -> frozenset[int]:
    wn = lexicon._load()
    return frozenset(
        s for root in ("act", "event") for s in wn.lemmas.get(root, ()) if wn.pos[s] == "n"
    )


def names_its_act(tok: Any) -> bool:
    """Is the claim verb a light verb whose object names the act ('make the car journey',
    'took a trip', 'had a fall')? The event is then the noun, held to account itself; the
    verb says no more than 'did'. 'made a cake' is no act: there 'made' is the event."""
    if not is_light(tok):
        return False
    wn = lexicon._load()
    acts = _act_senses()
    for c in tok.children:
        if c.dep_ != "dobj" or c.pos_ != "NOUN":
            continue
        # The noun's most frequent sense: 'a drive' is a journey before it is a road.
        senses = {s for s in lexicon._primary(c.lemma_.lower()) if wn.pos[s] == "n"}
        if senses and all(set(lexicon._ancestors({s}, 14)) & acts for s in senses):
            return True
    return False


def is_light(verb: Any) -> bool:
    """Is the block's verb a light one ('got', 'made', 'had', 'doing')?"""
    return any(b in LIGHT_VERBS for b in (*lexicon.base_forms(verb.lower_), verb.lemma_.lower()))


#: The speaker's own words for themselves, in the order a claim's third person maps
#: onto them ('Harriet's' and 'her' are 'my').
_VOICE = (
    (r"\b(?:she|he)\b", "I"),
    (r"\b(?:her|his)\b", "my"),
    (r"\bhim\b", "me"),
    (r"\b(?:herself|himself)\b", "myself"),
)


def hyphen_suffix(tok: Any, doc: Any, ev_doc: Any) -> bool:
    """Is the word the last part of a hyphenated modifier whose first part the block says
    ('dinosaur-themed party' for 'a dinosaur party', 'two weeks-long' for 'two weeks')?
    It only makes a modifier of that word: the first part is the detail, checked itself."""
    if tok.i < 2 or doc[tok.i - 1].text != "-" or doc[tok.i - 1].whitespace_:
        return False
    if tok.pos_ not in ("ADJ", "VERB") or tok.head.pos_ not in ("NOUN", "PROPN"):
        return False
    first = doc[tok.i - 2]
    forms = {stem(first.lower_), *lexicon.base_forms(first.lower_)}
    return any(
        stem(e.lower_) in forms or bool(set(lexicon.base_forms(e.lower_)) & forms)
        for e in ev_doc
        if e.is_alpha
    )
