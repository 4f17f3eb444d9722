"""The words of mood and polarity the predicate reader knows (predicates.py): verbs of
wishing and of not doing, modals, hedges, and the readings of an infinitive that say it
is not done ('has yet to fix', 'was unable to get', 'told him to rest', 'have to renew').

Each class is a handful of examples of a kind of word, not the words of a test set.
"""

from __future__ import annotations

from typing import Any

from language.nlp import spelt

from . import lexicon
from .claim_text import _NEG_PREFIXES

#: Verbs (lemmas) whose complement is not yet real: 'want to go', 'plans a trip'.
DESIRE_VERBS = frozenset(
    [
        "want",
        "wish",
        "hope",
        "plan",
        "intend",
        "aim",
        "consider",
        "mean",
        "dream",
        "tempt",
        "hesitate",
        "try",
        "seek",
        "aspire",
        "long",
        "yearn",
        "crave",
        "prepare",
        # Deliberating is not yet doing: 'contemplating a move', 'mulling over an offer'.
        "contemplate",
        "ponder",
        "mull",
        "debate",  # 'debating whether to sell the flat'
        # Wanting by another verb: 'I fancy trying bouldering', 'desires a quiet life'.
        "fancy",
        "desire",
        "covet",
    ]
)
#: ... and these only with the particle after them: 'thinking about', 'looking into'.
_DESIRE_WITH = {
    "think": {"about", "of"},
    "look": {"into", "forward"},
    "lean": {"towards", "toward"},  # 'leaning towards leaving the agency'
}
#: Adjectives and nouns with the same force: 'keen to', 'her plans to', 'a goal of'.
DESIRE_HEADS = frozenset(
    [
        "keen",
        "eager",
        "ready",
        "willing",
        "determined",
        "plan",
        "plans",
        "goal",
        "goals",
        "dream",
        "dreams",
        "hope",
        "hopes",
        "wish",
        "intention",
        "idea",
        # Advice weighs an act, it does not report one: "it's worth applying now".
        "worth",
    ]
)
#: Modal verbs that put their verb in the possible, not the real.
_MODALS = frozenset(["may", "might", "could", "would", "should", "must", "ought"])
#: Verbs of not doing: what they govern does not happen ('quit smoking', 'skips lunch').
NEGATIVE_VERBS = frozenset(
    [
        "avoid",
        "skip",
        "refuse",
        "quit",
        "stop",
        "cease",
        "cancel",
        "decline",
        "reject",
        "abandon",
        "forgo",
    ]
)
#: Verb + particle pairs of not doing: 'gave up', 'called off', 'turned down'.
NEGATIVE_PHRASES = {
    "give": {"up"},
    "call": {"off"},
    "turn": {"down"},
    "back": {"out"},
    # Not taking part: 'sitting out climbing tonight', 'opted out of the trip'.
    "sit": {"out"},
    "opt": {"out"},
    "bow": {"out"},
}
#: Words that tie a clause to a later time of another: 'once the kids are older' (not
#: 'after saving for two years', which may be done already).
_TEMPORAL = frozenset(["when", "once", "before", "until", "till", "whenever"])
_HEDGES = frozenset(["maybe", "perhaps", "possibly", "probably", "likely", "hopefully"])
#: Verbs that ask someone else to act: in 'told him to rest', 'advised her to apply', the
#: act is wanted by the asker, not done ('taught me to fish' is done, and stays so).
DIRECTIVE_VERBS = frozenset(
    ["tell", "ask", "advise", "urge", "recommend", "encourage", "order", "instruct", "remind",
     "warn", "beg", "persuade", "push", "pressure", "nag", "invite", "expect"]
)  # fmt: skip
#: Verbs that put an act forward without asking it of anyone: 'suggested journaling'.
PROPOSING_VERBS = frozenset(["suggest", "propose"])
#: Verbs of waiting: what one waits to do has not happened ('still waiting to hear back').
_WAITING = frozenset(["wait", "await"])


def _lemma_of(tok: Any) -> str:
    return tok.lemma_.lower()


def _infinitive(tok: Any) -> bool:
    return tok.tag_ == "VB" and any(
        c.dep_ == "aux" and c.lower_ in ("to", "ta", "na") for c in tok.children
    )


def obliges(tok: Any) -> bool:
    """Is the verb an obligation still to meet: a present 'have to' / 'has to', 'have got
    to', a chat's 'gotta' (spaCy: 'got' + 'ta'), 'ought to'? Like 'need to', what it
    governs is not yet done ('I have to renew my passport before June'). A past 'had to
    cancel' was met, and stays a done act."""
    if tok.lower_ == "ought":
        return True
    inf = [c for c in tok.children if c.dep_ == "xcomp" and _infinitive(c)]
    if not inf:
        return False
    if _lemma_of(tok) == "have" and tok.tag_ in ("VB", "VBP", "VBZ"):
        return not yet_to(tok) and not any(c.dep_ == "dobj" for c in tok.children)
    if tok.lower_ == "got":
        # 'gotta rest', "I've got to go": not 'got to see her' (was able to), which has
        # no 'ta' and no 'have'.
        return any(a.lower_ == "ta" for c in inf for a in c.children) or any(
            a.dep_ == "aux" and a.lemma_.lower() == "have" for a in tok.children
        )
    return False


def cannot_have(tok: Any, aux: list[Any]) -> bool:
    """'couldn't get tickets', 'could not make it': a 'could' denied is a past act that
    did not come off, not a wish; the check reads it as not done. ('If I could' is a
    supposition, and keeps its mood.)"""
    return (
        any(a.lower_ == "could" for a in aux)
        and any(c.dep_ == "neg" for c in tok.children)
        and not any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in tok.children)
    )


#: Words that make a bare verb a request: 'pls come', 'please bring a plate'.
_PLEASE = frozenset(["please", "pls", "plz"])


def asked_or_forbidden(tok: Any, aux: list[Any]) -> bool:
    """Is the verb, with no subject or auxiliary of its own, an act asked for ('pls
    come', a request) or forbidden by what a verb of saying reports ('physio said no
    running for six weeks', 'doc told me no lifting')? Either way it is wanted of
    someone, not done: 'told him not to run' says it again."""
    # A small parser may take the 'pls' for the subject.
    if aux or any(
        c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in _PLEASE for c in tok.children
    ):
        return False
    if tok.tag_ == "VB" and any(c.lower_ in _PLEASE for c in tok.children):
        return True
    gov = tok.head
    return (
        tok.lower_.endswith("ing")
        and gov.i != tok.i
        and _lemma_of(gov) in {"say", "tell"} | DIRECTIVE_VERBS
        and any(c.lower_ == "no" and c.i < tok.i for c in tok.children)
    )


def asks_of_another(gov: Any, tok: Any) -> bool:
    """Is the infinitive what a verb of asking wants of its object ('told him to lose a
    stone', 'advised her to rest'), or the gerund what a verb of advising puts forward
    ('suggested journaling', 'recommended cutting down on sugar')?"""
    if (
        tok.dep_ not in ("xcomp", "advcl")
        or _lemma_of(gov) not in DIRECTIVE_VERBS | PROPOSING_VERBS
    ):
        return False
    if tok.dep_ == "advcl":
        # 'asked for the car to be washed': the clause after 'for' is what is asked.
        return any(c.dep_ == "mark" and c.lower_ == "for" for c in tok.children) and _to(tok)
    if tok.tag_ == "VBG":
        return True  # no one need be named: the act put forward is not yet done
    if tok.tag_ == "VBN" and _to(tok):
        return True  # 'asked for the review to be booked': a passive is asked of no one
    # Whom it is asked of: the object ('told him to rest'), or the subject of a passive
    # ('was told to rest', 'has been advised to cut down').
    return _infinitive(tok) and any(
        c.dep_ in ("dobj", "dative", "auxpass", "nsubjpass") for c in gov.children
    )


def _to(tok: Any) -> bool:
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)


def not_yet(gov: Any, tok: Any) -> bool:
    """Is the infinitive still not done by what it hangs on: 'has yet to fix the boiler',
    'is yet to reply', 'still waiting to hear back'?"""
    if tok.dep_ != "xcomp" or not _infinitive(tok):
        return False
    if _lemma_of(gov) in _WAITING:
        return not any(c.dep_ == "neg" for c in gov.children)  # "can't wait to see": eager
    return yet_to(gov)


def yet_to(tok: Any) -> bool:
    """'has yet to', 'is yet to': as good as 'has not' (the verb itself is denied)."""
    return (
        _lemma_of(tok) in ("have", "be")
        and any(c.dep_ == "advmod" and c.lower_ == "yet" for c in tok.children)
        and any(c.dep_ == "xcomp" and _infinitive(c) for c in tok.children)
    )


def unable(gov: Any, tok: Any) -> bool:
    """Does the infinitive hang on an adjective that is its own opposite by a prefix
    ('unable to get tickets', 'unwilling to move'): it did not, or will not, happen?"""
    if gov.pos_ != "ADJ" or not _infinitive(tok):
        return False
    w = gov.lower_
    return any(
        w.startswith(p) and len(w) - len(p) >= 4 and lexicon.relation(w, w[len(p) :]) == "antonym"
        for p in _NEG_PREFIXES
    )


def without_scope(tok: Any) -> tuple[str, ...]:
    """What a 'without' denies, marked as its own: ('without', 'the', 'kids')."""
    return ("without", *(x.lower_ for x in tok.subtree if x.i != tok.i and not x.is_punct))


def passed_over(tok: Any) -> bool:
    """Is the verb what was done instead of ('stayed in instead of going', 'rather than
    driving'): not done?"""
    if tok.dep_ != "pcomp":
        return False
    prep = tok.head
    before = prep.doc[prep.i - 1].lower_ if prep.i else ""
    return (prep.lower_, before) in (("of", "instead"), ("than", "rather"))


_PERSONAL = frozenset(["i", "we", "you", "he", "she", "they"])


def wishes(tok: Any) -> bool:
    """Is the predicate a wish said with no verb of wishing: 'I need a holiday' (a person
    named as needing a thing; 'the car needs tyres' and a bare 'needs a new clutch' are
    so), 'looking to buy a car', 'is keen' /
    'is eager' / 'is determined', 'my goal this year is a sub-4 marathon'?"""
    lemma = _lemma_of(tok)
    kids = list(tok.children)
    subj = [c for c in kids if c.dep_ in ("nsubj", "nsubjpass")]
    if lemma == "need" and any(c.dep_ == "dobj" for c in kids):
        return bool(subj) and all(
            c.lower_ in _PERSONAL or c.pos_ == "PROPN" or lexicon.names_someone(c.lemma_.lower())
            for c in subj
        )
    if lemma == "look" and any(c.dep_ == "xcomp" and _infinitive(c) for c in kids):
        return True
    if lemma == "be":
        # 'is keen to learn', not 'is keen on sailing' (a liking, so)
        if any(
            c.dep_ == "acomp"
            and c.lower_ in DESIRE_HEADS
            and any(_infinitive(g) for g in c.children)
            for c in kids
        ):
            return True
        return any(c.lower_ in DESIRE_HEADS and c.pos_ == "NOUN" for c in subj)
    return False


#: Verbs of opinion whose 'not' is said of the clause under them ("I don't think I'll
#: renew" is "I think I won't renew"): the 'not' moves down, as English speakers mean it.
OPINION_VERBS = frozenset(["think", "believe", "expect", "suppose", "reckon", "imagine", "guess"])


def _denied_by_not(tok: Any) -> bool:
    """Is the verb denied by a 'not' or "n't" (not by 'never', which keeps its own
    time: 'I never thought ...')?"""
    return any(c.dep_ == "neg" and c.lower_ in ("not", "n't") for c in tok.children)


def raises_not(gov: Any, tok: Any) -> bool:
    """Is the clause under a present verb of opinion denied by a 'not' ("I don't think
    I'll renew", "she doesn't believe it will work")? Its 'not' is the clause's."""
    return (
        tok.dep_ == "ccomp"
        and gov.lemma_.lower() in OPINION_VERBS
        and gov.tag_ in ("VB", "VBP", "VBZ")
        and _denied_by_not(gov)
        and not any(c.dep_ == "neg" for c in tok.children)
    )


def beyond_expectation(gov: Any, tok: Any) -> bool:
    """Is the clause what one never expected, in the past ("I never thought I'd enjoy
    gardening this much", "didn't think I'd get the job")? That is said of what came
    about: its 'would' is the expectation's time, not a wish."""
    said_before = gov.tag_ == "VBD" or any(
        a.dep_ == "aux" and a.tag_ == "VBD" for a in gov.children
    )
    expected = any(a.dep_ == "aux" and spelt(a) in ("would", "'d") for a in tok.children) or (
        gov.lemma_.lower() == "expect" and _infinitive(tok)  # 'didn't expect it to go so well'
    )
    return (
        tok.dep_ in ("ccomp", "xcomp")
        and gov.lemma_.lower() in OPINION_VERBS
        and said_before
        and any(c.dep_ == "neg" or c.lower_ == "never" for c in gov.children)
        and expected
    )


def judges(tok: Any) -> bool:
    """Is 'consider' said of a judgement, with an object and what it is judged to be
    ('considers it her best decision', 'considered him a friend'), not of weighing an
    act ('considering a move')? A small parser hangs the pair as a clause with no verb."""
    if tok.lemma_.lower() != "consider":
        return False
    kids = list(tok.children)
    if any(
        c.dep_ in ("ccomp", "oprd", "xcomp") and c.pos_ in ("NOUN", "PROPN", "ADJ") for c in kids
    ):
        return True
    # 'considers moving to Toronto the best decision': the act and what it is judged to
    # be, each a complement of its own; 'considering a move' has only one.
    # A small parser may hang both on the act instead ('quitting the agency the smartest
    # thing': two objects, one verb), which no verb has.
    if any(c.dep_ == "dobj" for c in kids) and any(c.dep_ in ("xcomp", "ccomp") for c in kids):
        return True
    return any(
        c.dep_ in ("xcomp", "ccomp") and sum(g.dep_ == "dobj" for g in c.children) >= 2
        for c in kids
    )
