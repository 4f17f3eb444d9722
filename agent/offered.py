"""What a sentence says was not done, or was only offered: such a sentence does not say
what a question about the done thing asks.

- "which phone did i switch to?": "everyone is telling me to switch to an iphone but
  nah im not switching" says the switch both wanted by others and not done; it names
  no phone switched to (`undone`, by the predicates the validators read).
- "what did i name my sourdough starter?": "haha bread pitt is good" judges a name the
  assistant offered, and gives none (`judged_only`); "lol ok" to "How about Monty,
  Leafy McLeafface, or Jungle Judy?" picks none of several (`several`).
- "how much was the dyson?": in "was gonna get the dyson but ..., ended up ordering the
  shark stick one for 179" the amount is said of another thing (`of_another_thing`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from language.nlp import nearest_up

from .text import terms

#: Verbs that link a thing to what is thought of it: "bread pitt is good", "sounds cute".
_JUDGING = frozenset(["be", "sound", "look", "seem"])
#: Words of money that an amount's clause may name beside it ("for 179 quid", "the price
#: was 450"): no other thing the amount is of.
_MONEY_WORDS = frozenset(terms("money price cost pound quid euro dollar buck grand total fee"))


def undone(text: str, verbs: set[str], said_on: dt.date | None = None) -> bool:
    """Every predicate of `text` whose verb is one of `verbs` (stems) is negated or only
    wanted, and one is negated ("telling me to switch ... but im not switching", "i
    refuse to switch"); False when none says the verb."""
    from validators.predicates import DESIRE, predicates

    if not verbs or not terms(text) & verbs:
        return False
    said = [p for p in predicates(text, said_on) if terms(p.head) & verbs]
    # A wish or a request alone may well have been acted on ("kwame asked me to precept
    # the new grad"): a "not" must say it was not done.
    return any(p.negative for p in said) and all(
        p.negative or p.mood == DESIRE or p.hedged for p in said
    )


def asked_undone(question: str, verbs: set[str]) -> bool:
    """The question itself asks of a wish or a thing not done ("what did i want to switch
    to?", "which phone didn't i get?"): a sentence saying so answers it."""
    return undone(question, verbs)


def judged_only(text: str, value: str) -> bool:
    """The value is only what a sentence thinks of ("haha bread pitt is good", "monty
    sounds cute"): the subject of "be", "sound", "look" or "seem" with an adjective."""
    from language.nlp import parse

    low = text.lower()
    at = low.find(value.lower())
    if at < 0:
        return False
    doc = parse([text])[0]
    toks = [t for t in doc if at <= t.idx < at + len(value)]
    for tok in toks:
        if tok.dep_ not in ("nsubj", "nsubjpass"):
            continue
        verb = tok.head
        if verb.lemma_.lower() in _JUDGING and any(
            c.dep_ in ("acomp", "attr") and c.pos_ == "ADJ" for c in verb.children
        ):
            return True
    return False


def several(values: list[Any]) -> bool:
    """A question that offers more than one value ("How about Monty, Leafy McLeafface, or
    Jungle Judy?"): a short reply to it ("lol ok") picks none of them."""
    return len({v.text.lower() for v in values}) > 1


def of_another_thing(text: str, start: int, end: int, things: set[str]) -> bool:
    """The amount at [start, end) is said of another thing than `things` (stems of what
    the question asks the amount of), which the sentence says elsewhere: its clause names
    a thing of its own and none of `things` ("ended up ordering the shark stick one for
    179", after "was gonna get the dyson"). A pronoun ("it was 450") may be the thing."""
    from language.nlp import parse

    if not things or not terms(text) & things:
        return False
    doc = parse([text])[0]
    amount = [t for t in doc if start <= t.idx < end]
    if not amount:
        return False
    verb = _predicate(amount[0])
    if verb is None:
        return False
    # "ended up going with a used optiplex, 80 bucks": a verb completing another's
    # ("going" of "ended up") says one act with it, in one clause
    clause = [t for t in verb.subtree if getattr(_predicate(t), "i", None) == verb.i]
    if any(terms(t.text) & things for t in clause):
        return False  # "the dyson was 450": said in the amount's own clause
    own = [
        t
        for t in clause
        if t.pos_ in ("NOUN", "PROPN")
        and t.i not in {a.i for a in amount}
        and not terms(t.text) & _MONEY_WORDS
        and t.ent_type_ not in ("MONEY", "CARDINAL", "DATE", "TIME", "GPE")
        and t.dep_ in ("nsubj", "nsubjpass", "dobj", "attr", "pobj", "compound", "appos")
        # where or when it was bought ("from argos", "in the sale") is no thing it is of
        and not (t.dep_ == "pobj" and t.head.lower_ not in ("for", "of", "on"))
    ]
    return bool(own)


def _predicate(tok: Any) -> Any | None:
    """The verb of the token's clause, or the verb it completes ("going" in "ended up
    going with"), as far up as such verbs go."""
    verb = _clause_verb(tok)
    while verb is not None and verb.dep_ == "xcomp" and verb.head.i != verb.i:
        verb = verb.head
    return verb


def _clause_verb(tok: Any) -> Any | None:
    """The verb of the clause a token is in."""
    return nearest_up(tok, lambda t: t.pos_ in ("VERB", "AUX") and t.dep_ != "aux", 12)
