"""A claim word read with the words it is said with: 'no longer work night shifts' for
'no more night shifts'.

A word the writer chose often has no tie in WordNet to a word of the block, and reads to
the model, alone, as far from the block as a changed detail does. Read in its phrase (the
word with its syntactic head, with its own dependents, or both) it may read as a phrase
of the block built the same way: 'work night shifts' / 'night shifts'. The phrase is
compared with the block's phrases, never the whole sentence with the whole block, so the
word is vouched for by what it is said with, not by the rest of the claim matching.

Only for the claim's one word nothing else places, when the block has no counterpart of
it (inferred.counterpart, asked before this). Never for a name, number, negation, modal
or time, nor for a word that connective.detail_reason calls a person, a role, a sister of
a block word or an added modifier: those read as the block's phrase however wrong they
are ('Nour's sister-in-law is staying' / 'my mother-in-law is staying'). A WordNet
sister (a tight one, as connective.tight_sister reads it) or an opposite anywhere in the
block refuses too: 'blue winter blazer' reads as 'blue winter jacket'.
"""

from __future__ import annotations

from typing import Any

from . import lexicon
from .claim_text import FUNCTION_WORDS, NEGATIVE_VERBS
from .connective import TIME_NOUNS, _token, detail_reason, tight_sister
from .predicates import _parse
from .similarity import PhraseSimilarity
from .words import NEGATIONS, STOPWORDS

#: A claim phrase this close to a block phrase vouches for its one unplaced word.
#: Calibrated on heldout3-10 and pairs.jsonl (docs/evaluation.md).
PHRASE_SIMILARITY = 0.75

#: What the word's detail may be (connective.detail_reason) and still be read in its
#: phrase: the act, the thing it is done to, a place. A person, a role, a sister of a
#: block word and an added modifier ('a rescue beagle', 'a yellow van') are details the
#: phrase reads as the block's however wrong they are ('Nour's sister-in-law is staying'
#: / 'my mother-in-law is staying').
_READ_IN_PHRASE = (None, "the event", "another thing done the same", "a place")

_CONTENT = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"})
#: Relations of a dependent that are part of what a word names or does.
_DEPENDENTS = frozenset(
    {
        "amod",
        "compound",
        "dobj",
        "pobj",
        "prt",
        "acomp",
        "nmod",
        "npadvmod",
        "attr",
        "advmod",
        "oprd",
    }
)

#: Dependents that say which one or what kind: 'italian' of 'italian place'.
_MODIFIERS = frozenset({"amod", "compound"})


def _content(tok: Any) -> bool:
    return tok.pos_ in _CONTENT and tok.lower_ not in STOPWORDS and tok.is_alpha


def _phrases(tok: Any) -> list[str]:
    """The word with its head, and with its content dependents (and a preposition's
    object: 'works at the bakery' gives 'works bakery'), in sentence order."""
    out = []
    head = tok.head
    if head.dep_ == "prep" and head.head.i != head.i:
        head = head.head  # 'at' of 'works at the bakery': the verb
    has_head = head.i != tok.i and _content(head)
    if has_head:
        pair = sorted([tok, head], key=lambda t: t.i)
        out.append(" ".join(t.lower_ for t in pair))
    deps = []
    for c in tok.children:
        if c.dep_ == "prep":
            deps += [g for g in c.children if g.dep_ == "pobj" and _content(g)]
        elif c.dep_ in _DEPENDENTS and _content(c):
            deps.append(c)
    if deps:
        out.append(" ".join(t.lower_ for t in sorted([tok, *deps], key=lambda t: t.i)))
    # The noun with its own modifiers alone ('favourite italian restaurant' / 'fav italian
    # place'), when it has more dependents ('... for her birthday') that would pull it off.
    mods = [c for c in tok.children if c.dep_ in _MODIFIERS and _content(c)]
    if mods and len(mods) < len(deps):
        out.append(" ".join(t.lower_ for t in sorted([tok, *mods], key=lambda t: t.i)))
    if has_head and deps:
        words = sorted([tok, head, *deps], key=lambda t: t.i)
        out.append(" ".join(t.lower_ for t in words))
    return out


def _strict(tok: Any, word: str) -> bool:
    lemma = tok.lemma_.lower()
    return (
        tok.pos_ in ("PROPN", "NUM", "AUX")
        or tok.tag_ == "MD"
        or word in NEGATIONS
        or lemma in NEGATIONS
        or word in NEGATIVE_VERBS
        or word in TIME_NOUNS
        or lemma in TIME_NOUNS
    )


def _sister_in_block(word: str, lemma: str, ev_doc: Any) -> bool:
    """Does the block have a WordNet sister or opposite of the word (another thing of the
    same kind, the other side)?"""
    forms = {word, lemma} if lexicon.known(lemma) else {word}
    for e in ev_doc:
        if not e.is_alpha or e.lower_ in FUNCTION_WORDS:
            continue
        for f in forms:
            if lexicon.relation(f, e.lower_) == "antonym":
                return True
            if e.pos_ in ("NOUN", "VERB", "ADJ") and tight_sister(f, e.lower_):
                return True
    return False


def phrase_score(word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity) -> float:
    """How close the claim word's phrase reads to the nearest phrase of the block (0 when
    the word is one never inferred, or the block has a sister or opposite of it)."""
    doc = _parse(claim_text)
    tok = _token(doc, word)
    if tok is None or _strict(tok, word):
        return 0.0
    ev_doc = _parse(evidence_text)
    if _sister_in_block(word, tok.lemma_.lower(), ev_doc):
        return 0.0
    if tok.dep_ == "attr" or detail_reason(tok, doc, ev_doc, model) not in _READ_IN_PHRASE:
        return 0.0  # what the subject is, a person, a role, a sister, an added modifier
    mine = _phrases(tok)
    theirs = [p for e in ev_doc if _content(e) for p in _phrases(e)]
    if not mine or not theirs:
        return 0.0
    best = model.best(mine, theirs)
    return max((sim for _, sim in best.values()), default=0.0)


def phrase_vouches(word: str, claim_text: str, evidence_text: str, model: PhraseSimilarity) -> bool:
    """Is the claim's one unplaced word said by a block phrase close to its own?"""
    return phrase_score(word, claim_text, evidence_text, model) >= PHRASE_SIMILARITY
