"""Ties a claim word has to the block through how a thing is said, not through the word
alone: a group the speaker's 'we' speaks for ('Mina's team'), a verb WordNet defines by
the block's verb on the same object ('arranged a class' / 'booked a class'), and a verb
whose particle comes after its object ('given my deposit back' is give_back).
support.py asks these after a word's forms and WordNet's relations (issue 18)."""

from __future__ import annotations

import re

from . import lexicon
from .claim_text import LIGHT_VERBS
from .predicates import _parse


def own_group(word: str, text: str) -> bool:
    """Is the word, in its usual sense, a group of people (team, club, choir, crew:
    WordNet's social groups), said in the claim as someone's ('Mina's team', 'her
    choir')? A speaker's 'we' speaks for such a group; a group named as nobody's ('the
    council') is a subject of its own."""
    if not lexicon.primarily_a(word, "social_group"):
        return False
    pattern = rf"(?:\b(?:my|our|your|his|her|their)|\w['’]s?)\s+{re.escape(word)}\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


#: How two verbs may be tied in WordNet for a definition to join them: not at all, or
#: by a seldom shared sense. A kind of the other ('lent' of 'gave'), a sister or an
#: opposite is a changed event the definition would hide ('lend' is 'give temporarily').
_UNTIED = (None, "rare")


def defined_as(claim_verb: str, evidence_verb: str) -> bool:
    """Is one verb defined by the other in WordNet ('book' is 'arrange for and reserve
    ...'), with no other tie between them: 'arranged a class' for 'booked a class'."""
    if evidence_verb in LIGHT_VERBS or claim_verb in LIGHT_VERBS:
        return False  # 'take a walk', 'do volunteer work': a light verb defines everything
    if lexicon.relation(claim_verb, evidence_verb) not in _UNTIED:
        return False
    if lexicon.relation(evidence_verb, claim_verb) not in _UNTIED:
        return False
    return lexicon.defines(claim_verb, evidence_verb)


def _objects(verb: str, text: str) -> set[str]:
    """What the verb acts on where it stands: its object ('booked a class'), or with none
    the object of a preposition under it ('applied for the course'), as the noun's forms.
    Not both: 'for her birthday' is when, not what, beside an object."""
    out: set[str] = set()
    for tok in _parse(text):
        if tok.lower_ != verb:
            continue
        heads = [c for c in tok.children if c.dep_ in ("dobj", "nsubjpass")]
        if not heads:
            preps = [c for c in tok.children if c.dep_ in ("prep", "prt")]
            heads = [g for c in preps for g in c.children if g.dep_ == "pobj"]
        # ... and the role the object is given ('elected treasurer', 'voted me in as
        # treasurer'): a passive's subject is the block's 'me', a name or a pronoun.
        heads += [c for c in tok.children if c.dep_ == "oprd"]
        heads += [
            g for c in tok.children if c.lower_ == "as" for g in c.children if g.dep_ == "pobj"
        ]
        for h in heads:
            out |= {h.lower_, *lexicon.base_forms(h.lower_)}
    return out


def same_object(claim_verb: str, claim: str, evidence_verb: str, block: str) -> bool:
    """Do the two verbs act on the same thing: 'arranged a cocktail-making class' and
    'booked a cocktail-making class'? A definition ties verbs by a sense; the same object
    on both sides is what makes it the one event."""
    mine, theirs = _objects(claim_verb, claim), _objects(evidence_verb, block)
    return bool(mine & theirs) or any(
        lexicon.relation(a, b) in ("same", "synonym") for a in mine for b in theirs
    )


def particle_verbs(text: str) -> dict[str, list[str]]:
    """Each verb of a text that makes a dictionary verb with its particle, next to it or
    after its object ('voted me in' -> vote_in, 'given my deposit back' -> give_back)."""
    out: dict[str, list[str]] = {}
    for tok in _parse(text):
        if tok.pos_ != "VERB":
            continue
        for c in tok.children:
            # A small parser hangs such a particle as an adverb ('back') or a preposition
            # with nothing under it ('handed her notice in'): a bare word after the verb.
            bare = c.dep_ == "prt" or (c.dep_ in ("advmod", "prep") and not list(c.children))
            if not bare or c.i <= tok.i:
                continue
            for base in dict.fromkeys([tok.lemma_.lower(), *lexicon.base_forms(tok.lower_)]):
                if lexicon.is_lemma(f"{base}_{c.lower_}"):
                    out.setdefault(tok.lower_, []).append(f"{base}_{c.lower_}")
                    break
    return out


def split_particles(text: str) -> list[str]:
    """Dictionary verbs of a text said with their object between the verb and its
    particle ('given my deposit back' -> give_back); an adjacent pair is read apart."""
    out = []
    for tok in _parse(text):
        for c in tok.children:
            bare = c.dep_ == "prt" or (c.dep_ in ("advmod", "prep") and not list(c.children))
            if not bare or c.i <= tok.i + 1 or tok.pos_ != "VERB":
                continue
            for base in dict.fromkeys([tok.lemma_.lower(), *lexicon.base_forms(tok.lower_)]):
                if lexicon.is_lemma(f"{base}_{c.lower_}"):
                    out.append(f"{base}_{c.lower_}")
                    break
    return out
