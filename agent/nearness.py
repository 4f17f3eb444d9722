"""How near a text is to the example questions of language/data/prototypes.json: money or
a count, a code, an attribute asked after."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .reading import Similarity

if TYPE_CHECKING:
    from .question import Question


def nearness(similarity: Similarity, text: str, group: str) -> dict[str, float]:
    """Per label of `group` (language/data/prototypes.json), how near `text` is to its
    examples: the mean of its three closest."""
    from language import prototypes

    return {
        label: sum(sorted(similarity(text, examples), reverse=True)[:3]) / 3
        for label, examples in prototypes()[group].items()
    }


def nearer(
    similarity: Similarity, text: str, group: str, margin: float = 0.0, floor: float = -1.0
) -> str | None:
    """The label of `group` (language/data/prototypes.json, two labels) whose example
    questions `text` is nearest to: the mean of its three closest examples. The first
    label wins only by `margin` and when it is `floor` near at least; None when neither
    does."""
    near = nearness(similarity, text, group)
    first, second = list(near)
    if near[first] > near[second] + margin and near[first] >= floor:
        return first
    return second if near[second] >= near[first] else None


#: A number question asks for a code when its examples are nearer by this much.
CODE_MARGIN = 0.05
#: ... and they are this near at least (mean of the three nearest).
CODE_FLOOR = 0.45


#: A question is after an attribute when its example questions are nearer than those of
#: any other attribute and of "none" by this much (mean top-3 cosine similarity).
ATTRIBUTE_MARGIN = 0.1


#: Question words that say what kind of answer is asked on their own: a "how" question
#: asks a way or an amount, never a workplace; "what" and "which" ask anything.
_TELLING_WH = frozenset({"how", "where", "who"})


def nearest_attribute(similarity: Similarity, text: str, wh: str | None = None) -> str | None:
    """The attribute (group `attribute_asked` of language/data/prototypes.json) whose
    example questions `text` is nearest to by ATTRIBUTE_MARGIN, else None. Asked with a
    telling question word (`wh`), an attribute none of whose examples asks with it is no
    rival: "how do i get to work these days?" is near Employer's "where do I work" too,
    but no workplace answers "how"."""
    near = nearness(similarity, text, "attribute_asked")
    if wh in _TELLING_WH:
        near = {k: v for k, v in near.items() if k == "none" or wh in _attribute_whs(k)}
    ranked = sorted(near, key=lambda k: -near[k])
    best, second = ranked[0], ranked[1]
    if best == "none" or near[best] - near[second] < ATTRIBUTE_MARGIN:
        return None
    return best


#: Verbs that carry no act of their own in a question ("who is", "what phone have i got").
_LIGHT = frozenset({"be", "do", "have", "get"})


def _verbs(text: str) -> set[str]:
    """The lemmas of the verbs a question or example says, light verbs and words WordNet
    knows as no verb ("paulo" tagged a verb) aside."""
    from language.nlp import parse, used_to
    from validators.lexicon import is_base_verb

    (doc,) = parse([text])
    return {
        t.lemma_.lower()
        for t in doc
        if t.pos_ == "VERB"
        and t.lemma_.lower() not in _LIGHT
        and is_base_verb(t.lemma_.lower())
        # A verb that says which thing ("note-taking app") or what it is called ("what's
        # my boyfriend called?", passive) does nothing the question asks about.
        and t.dep_ not in ("amod", "compound")
        # "how did i used to get to work?" asks about getting to work, before.
        and not used_to(t)
        and not any(c.dep_ == "auxpass" for c in t.children)
    }


@cache
def _attribute_verbs(label: str) -> frozenset[str]:
    """The verbs the example questions of an attribute say ("live" for Lives in)."""
    from language import prototypes

    return frozenset(v for q in prototypes()["attribute_asked"][label] for v in _verbs(q))


#: How a question's verb may stand to an example's and still do the same: "take" (my
#: coffee) is a more general "drink".
_KIN = ("same", "synonym", "general", "specific")


def verbs_fit_attribute(text: str, label: str) -> bool:
    """Does the question do what the attribute's example questions do? The embedding
    model puts "which city did i grow up in?" near "which city am i living in", but
    growing up somewhere is no home now: a question whose own verb none of the
    attribute's examples says (nor a synonym, a kind or a sort of one, by WordNet) asks
    something else, and the sentences that say its verb answer it. A question with no
    verb of its own ("who's my boss now?") fits."""
    from validators.lexicon import relation

    known = _attribute_verbs(label)
    verbs = _verbs(text)
    if not all(v in known or any(relation(v, k) in _KIN for k in known) for v in verbs):
        return False
    if verbs and verbs <= known:
        return True  # its own verb, as the examples say it
    # Without a verb of its own, or with one the examples say only in other words ("go"
    # is "work" to WordNet), the things it names must be the examples' things: "where
    # did i go to university?" asks of no workplace.
    things = _attribute_nouns(label)
    return all(n in things or any(relation(n, k) in _KIN for k in things) for n in _nouns(text))


@cache
def _examples_asked(label: str) -> tuple[Question, ...]:
    """The example questions of an attribute, analysed (`analyse`)."""
    from language import prototypes

    from .question import analyse

    return tuple(analyse(q) for q in prototypes()["attribute_asked"][label])


def _attribute_whs(label: str) -> frozenset[str]:
    """The question words the example questions of an attribute ask with."""
    return frozenset(q.wh for q in _examples_asked(label))


def _attribute_types(label: str) -> frozenset[str]:
    """The kinds of answer the example questions of an attribute ask for."""
    return frozenset(q.answer_type for q in _examples_asked(label))


def asks_for_someone_else(q: Question) -> bool:
    """The question asks who a person of some role is: "who was my mortgage broker?",
    "what was the name of my realtor?"; an attribute none of whose examples asks for a
    name ("Lives in") has no such answer, though "my realtor for the house" is near
    "where is my house" in meaning."""
    from validators.lexicon import names_someone

    return q.answer_type == "name" and bool(q.chain) and names_someone(q.chain[-1].split()[-1])


def types_fit_attribute(q: Question, label: str) -> bool:
    """An attribute answers the question only if one of its examples asks for the same
    kind of answer, when the question asks for someone."""
    return not asks_for_someone_else(q) or "name" in _attribute_types(label)


#: Nouns that say which or what of a thing, not a thing ("what's my bank's name?").
_SAYS_WHICH = frozenset({"name", "kind", "sort", "type"})


def _nouns(text: str) -> set[str]:
    """The lemmas of the things a question or example names; people (the subject, "my
    sister"), times ("these days") and words that say which aside."""
    from language.nlp import parse, thing_nouns
    from validators.lexicon import primarily_someone

    (doc,) = parse([text])
    return {
        t.lemma_.lower()
        for t in thing_nouns(doc)
        if t.lemma_.lower() not in _SAYS_WHICH and primarily_someone(t.lemma_.lower()) is None
    }


@cache
def _attribute_nouns(label: str) -> frozenset[str]:
    """The things the example questions of an attribute name ("company", "job")."""
    from language import prototypes

    return frozenset(n for q in prototypes()["attribute_asked"][label] for n in _nouns(q))
