"""Does a sentence name a thing of the kind a question asks for?

Asked only of physical kinds (`validators.lexicon.concrete`: a car, a knife, a room):
"what advice did she give?" is answered by what was advised, which names no advice.

"What car do I drive?" asks for one car. A sentence answers it only when it names one:
"my old 2009 corolla failed its mot" does, "i take the bus so i just doomscroll" does
not, however near "bus" is to "car" in meaning. The reader keeps the readings that name
a thing of the asked kind and declines when none does, rather than answering with the
sentence that best shares the question's other words ("drive", "play").

A noun of the sentence (by the tagger) names the kind when
- WordNet files it under the kind ("cello" is an instrument, "jeep" a car);
- it is the kind's own word ("my car is in the garage"; not "car insurance");
- it is a name, which may be a make or a model no dictionary lists ("kangoo", "Skoda",
  "padel"), unless it names a person memory knows, or a number that names which one
  ("health sciences 207");
- or the bundled embedding model puts it within `SIM_KIND` of the kind's word
  ("corolla" 0.51, "tesla" 0.60 for "car"; "bus" is 0.50, "piano" 0.26 for "car").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import lru_cache
from typing import Any

from language.names import chat_words
from language.places import towns_in
from validators.lexicon import base_forms, kind_asked, known, names_someone, names_worker

from .reading import Similarity
from .text import stopwords

#: Cosine of the bundled embedding model between the asked kind and a noun that stands
#: for one of its kinds though WordNet does not file it there. Calibrated on 134 pairs
#: of our own (7 kinds; instances such as "corolla", "iphone", "netball"; things of the
#: same scene such as "garage", "charger", "lesson"): at 0.5, 20 of 47 instances WordNet
#: misses pass and 24 of 87 scene words do. Low on purpose: a scene word passing keeps
#: the reading as before; an instance missed would decline an answer memory holds.
SIM_KIND = 0.5
#: Parts of speech a thing can be named with ("came round" is no round of golf).
_NOUNS = frozenset(["NOUN", "PROPN"])
#: Parts of speech that name nothing, whatever the word.
_FUNCTION = frozenset(
    ["PRON", "DET", "ADP", "AUX", "CCONJ", "SCONJ", "PART", "PUNCT", "INTJ", "NUM", "SYM"]
)


def _label_number(tok: Any) -> bool:
    """A number right after the noun it belongs to, naming which one ("room 207", "health
    sciences 207", "bus 36"), not counting ("20 mins") nor a day ("october 17")."""
    if not tok.like_num or tok.i == 0 or tok.ent_type_ in ("DATE", "TIME"):
        return False
    before = tok.doc[tok.i - 1]
    return tok.head.i == before.i and before.pos_ in _NOUNS and not before.ent_type_


def capitalised_within(text: str, start: int) -> bool:
    """The word at `start` is written with a capital inside a sentence, as names are:
    "learning Portuguese", not "Funny, Clara told me" nor "Random thought: Funny"."""
    before = text[:start].rstrip()
    return text[start : start + 1].isupper() and bool(before) and before[-1] not in '.!?:;"(*-'


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any:
    from language.nlp import parse

    return parse([text])[0]


def noun_starts(text: str) -> set[int]:
    """Where the words the tagger reads as nouns, names or adjectives start ("white" in
    "a white van"; not "round" in "came round", nor "called" in "a dog called rex"), but
    for a town and its preposition ("the van route round knowle", tagged nouns)."""
    placed = _where_said(text)
    return {
        t.idx
        for t in _parsed(text)
        if (t.pos_ in _NOUNS or t.pos_ == "ADJ") and not any(a <= t.idx < b for a, b in placed)
    }


def names_kind(
    text: str,
    kind: str,
    similarity: Callable[[str, list[str]], list[float]] | None,
    exclude: Collection[str] = (),
    proper: Collection[str] = (),
) -> bool:
    """Whether `text` names a thing of `kind` (see the module docstring). `exclude`: lower
    case words that name nothing asked (the question's own, people's names); `proper`:
    words memory capitalizes elsewhere, names though typed here in lower case ("leaning
    stone harbour" after the assistant's "Stone Harbour")."""
    forms = set(base_forms(kind)) | {kind}
    nouns: list[str] = []
    placed = _where_said(text)
    for tok in _parsed(text):
        low = tok.lower_
        if any(a <= tok.idx < b for a, b in placed):
            continue  # "the van route round knowle": a town and its "round", no sport
        if _label_number(tok):
            return True  # "health sciences 207", "oficina 33": a number that names
        if not low.isalpha() or len(low) < 3 or tok.pos_ in _FUNCTION:
            continue
        if tok.pos_ == "VERB" or (tok.pos_ not in _NOUNS | {"ADJ"} and known(low)):
            continue  # a name the tagger does not know it may read as an adverb ("wusthof")
        if low in stopwords() or low in chat_words():
            continue
        if tok.pos_ == "ADJ":
            # A value of a quality asked for: "white" for "what colour".
            if low not in exclude and kind_asked(kind, low):
                return True
            continue
        if set(base_forms(low)) & forms or low in forms:
            # The kind's own word names one ("my car is in the garage"), but not as a
            # word of another noun: "car insurance" is insurance.
            if tok.dep_ == "compound" and tok.head.pos_ in _NOUNS:
                continue
            return True
        if low in exclude:
            continue
        if kind_asked(kind, low):
            return True
        inside = tok.i > 0 and not tok.is_sent_start
        if not known(low) or (tok.text[:1].isupper() and inside) or low in proper:
            return True  # a name: a make, a model, a brand
        nouns.append(low)
    if similarity is None or not nouns:
        return False
    return max(similarity(kind, list(dict.fromkeys(nouns)))) >= SIM_KIND


@lru_cache(maxsize=4096)
def _where_said(text: str) -> tuple[tuple[int, int], ...]:
    """The towns a sentence names after a preposition of place, with the preposition
    (`language.places.towns_in`): where something is, which names no make or model
    though no dictionary knows the town, nor a thing by the preposition the tagger took
    for a noun."""
    return tuple((text.rfind(" ", 0, max(a - 1, 0)) + 1, b) for a, b in towns_in(text))


def an_animal_and_no_one(words: Iterable[str], people: Collection[str] = ()) -> bool:
    """The usual sense of one of the words is an animal and of none a person, by WordNet,
    and none names someone memory knows (`people`): "got a kitten last week" (then "she"
    is the kitten), "what's my cat called?" (not "what's my cat's vet called?")."""
    from validators.lexicon import primarily_a, primarily_someone

    said = list(words)
    if any(w in people or primarily_someone(w) == "person" for w in said):
        return False
    return any(primarily_a(w, "animal") for w in said)


#: Words before a noun that make it someone else's: "my nurse", "her driver".
_POSSESSIVES = frozenset(["my", "your", "his", "her", "their", "our", "its"])
#: Where a job is said of no one in particular: someone who does a thing to or with the
#: speaker ("the nurse said", "called a plumber", "went with the driver").
_NOT_OWN_JOB = frozenset(["nsubj", "nsubjpass", "dobj", "iobj", "poss", "compound", "conj"])


_DEFINITE = frozenset(["the", "that", "this", "those", "these"])


def job_phrases(text: str, similarity: Similarity | None = None) -> list[tuple[int, int]]:
    """Where a sentence says what someone is by their work, as (start, end): a noun
    WordNet files under workers or people by their work (`names_worker`: "driver",
    "nurse", "accountant"; not "daughter", "friend", "girl") with the words that say which
    ("forklift driver", "night nurse"), said of the speaker or the one talked about: as
    what they are ("i'm a nurse", "been a porter there 6 yrs"), as a phrase of its own
    ("on nights at the depot, forklift driver, so ..."), or after "as". Someone else the
    speaker meets ("the nurse said", "called a plumber", "my driver") is no job of theirs.
    With `similarity`, a job's shorthand said at a workplace is one too (`_shorthand_job`:
    "im the ice tech at the rink", "been a sous at a bistro").
    """
    out: list[tuple[int, int]] = []
    for tok in _parsed(text):
        if tok.pos_ != "NOUN" or not tok.lower_.isalpha() or tok.lower_ in chat_words():
            continue
        if not names_worker(tok.lower_) and not _shorthand_job(tok, similarity):
            continue
        kids = list(tok.children)
        if any(k.dep_ == "poss" or k.lower_ in _POSSESSIVES for k in kids):
            continue
        if tok.dep_ in _NOT_OWN_JOB and not (tok.dep_ == "conj" and tok.head.i in _jobs(out, tok)):
            continue
        if tok.dep_ == "appos" and tok.head.dep_ in _NOT_OWN_JOB:
            continue  # "depot manager (big mick) put me on ...": the one its head names
        if tok.dep_ == "pobj" and tok.head.lower_ != "as":
            continue  # "went with the driver"; "works as a driver" is the job
        if tok.dep_ == "attr" and _said_of_a_thing(tok):
            continue  # "thats the killer", "it was a lifesaver": what a thing is, no one's work
        the = any(k.dep_ == "det" and k.lower_ in _DEFINITE for k in kids)
        if the and tok.dep_ not in ("attr", "pobj"):
            # "ill ask marianne, ... the accountant w the office on butler st": someone
            # the speaker knows by their work, not what the speaker is ("i'm the
            # accountant there" and "as the accountant" still are)
            continue
        # The words that say which: "forklift driver", "pediatric nurse", "night shift nurse".
        first = tok.i
        while (
            first > 0
            and tok.doc[first - 1].dep_ in ("compound", "amod")
            and tok.doc[first - 1].head.i in range(first, tok.i + 1)
        ):
            prev = tok.doc[first - 1]
            if not prev.is_alpha or prev.lower_ in _POSSESSIVES or prev.lower_ in stopwords():
                break
            first -= 1
        out.append((tok.doc[first].idx, tok.idx + len(tok.text)))
    return out


#: Pronouns that stand for a thing or a state of affairs, never for a person.
_THING_PRONOUNS = frozenset(["that", "this", "it", "these", "those", "which", "what"])


def _said_of_a_thing(tok: Any) -> bool:
    """The noun says what a thing is: the subject of its "be" is "that", "it", "this"."""
    return any(
        k.dep_ in ("nsubj", "nsubjpass") and k.lower_ in _THING_PRONOUNS for k in tok.head.children
    )


#: Prepositions that say where someone works: "the ice tech at the rink", "a rep for a
#: brewery". ("in" says too much else: "a mess in the mornings".)
_WORKPLACE = frozenset(["at", "for"])
#: What is left of "be" in "im", "hes", "shes", "theyre" once the tagger splits them.
_BARE_BE = frozenset(["m", "s", "re"])


def _shorthand_job(tok: Any, similarity: Similarity | None) -> bool:
    """A noun WordNet files under no worker that is a job's shorthand by where it is said:
    what someone is ("im the ice tech at the rink": WordNet's "tech" is a technical
    school, its "sous" a coin) at or for a workplace the sentence names, and nearer the
    `job_word` examples of the bundled embedding model than those of what else people
    call themselves ("i'm a regular at the pub", "i'm a mess at work"). Someone by no
    work (a member, a fan, a customer: `names_someone`) is no job however said."""
    if similarity is None:
        return False
    # "be" typed without its apostrophe ("im the ice tech") is tagged as a verb "m".
    be = tok.head.lemma_ == "be" or tok.head.lower_ in _BARE_BE
    if not ((tok.dep_ == "attr" and be) or (tok.dep_ == "pobj" and tok.head.lower_ == "as")):
        return False
    workplace = any(
        p.dep_ == "prep"
        and p.lower_ in _WORKPLACE
        and any(o.dep_ == "pobj" and o.pos_ in _NOUNS and not o.ent_type_ for o in p.children)
        for p in tok.children
    )
    if not workplace or names_someone(tok.lower_):
        return False
    from .nearness import nearer

    return nearer(similarity, _with_compounds(tok), "job_word") == "job"


def _with_compounds(tok: Any) -> str:
    """The noun with the nouns before it that say which ("ice tech", "line cook")."""
    words = [c.lower_ for c in tok.lefts if c.dep_ == "compound" and c.is_alpha] + [tok.lower_]
    return " ".join(words)


def _jobs(found: list[tuple[int, int]], tok: Any) -> set[int]:
    """The token indices of the jobs found so far ("a nurse and a midwife")."""
    return {t.i for t in tok.doc if any(a <= t.idx < b for a, b in found)}


__all__ = ["SIM_KIND", "job_phrases", "names_kind", "noun_starts"]
