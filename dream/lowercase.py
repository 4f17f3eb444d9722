"""People and pets named in lower case ("lou says just move in with her", "zuzia's got
her mocks next week", "the manager there, kwame").

A word no dictionary explains (`language.names.looks_like_name`, the reader's check) is
a name when the run uses it the way people are used:

- **where it stands**, from the parse: the subject of a verb, after "with"/"for"/"to",
  a possessive, an object without an article, or beside a relation word ("my partner
  lou", "lou (my partner)", "the manager there, kwame"). With an article or as a noun's
  modifier ("the yaris", "yaris hybrid") it is a thing; after "in"/"at"/"near" or "to"
  after a verb of going it is a place;
- **what its clause says**, by examples: the clause with the word replaced by X is
  compared with example clauses of a person, a thing and a place (group `name_use` in
  `language/data/prototypes.json`): "X reckons we can afford it" reads as a person,
  "been using X for notes" as a thing;
- **how often**: uses as a person in two sessions (its capitalised form counts), or one
  stated relation.

A name that passes is written with its capital in the sentences that use it, which are
parsed again, so the rest of Dream (entities, pages, links, the relation to the speaker)
treats "lou" exactly as "Lou". Places and things found this way are left alone: a
recurring place or brand never gets a person page.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from language import classifier_for
from language.names import (
    TITLES,
    given_names,
    known_word,
    looks_like_name,
    names_nobody,
    stands_for_a_verb,
)
from language.person import is_bare_contraction
from memory_schema.links import normalize_key
from validators.lexicon import (
    base_forms,
    is_noun,
    is_past,
    known,
    names_someone,
    primarily_a,
    primarily_someone,
)

from .extract import Observation, link
from .lexicon import (
    OCCUPATIONS,
    RELATION_SHORTHAND,
    RELATIONS,
    SINGLE_RELATIONS,
    apostrophe_dropped,
    is_pet,
)

#: A subject named as a person in this many sessions is a name (as `observe.MIN_SESSIONS`).
MIN_SESSIONS = 2
#: A dictionary word is a name when the run uses it as someone this many times.
DICTIONARY_USES = 3
#: ... in this many of them beside "she", "his", ...: someone, not something ("pickle has
#: been limping on her back leg"; "work has been mental" has no "she" to go with it).
DICTIONARY_GENDERED = 2
_GENDERED = frozenset(
    ["she", "he", "her", "him", "his", "hers", "shes", "hes", "herself", "himself"]
)
#: Words either side of a name that the examples read (its clause's core, mostly).
CONTEXT = 3
#: The examples may read a person's clause as a thing's or a place's by this much and
#: still agree with a position that says person; more, and they overrule it.
TOLERANCE = 0.06
#: Words of relation or role that say who a name is when they stand beside it.
_RELATION_WORDS = frozenset(w for w in RELATIONS | OCCUPATIONS if " " not in w)


def _relation_word(word: str) -> bool:
    """A relation, a role, or a kind of animal by WordNet ("dog", "greyhound", "gecko")."""
    return word in _RELATION_WORDS or (word.isalpha() and is_pet(word))


#: Entities that are no name even right after a relation word ("my sister today ...").
_NO_NAME_ENTS = frozenset(["DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"])
_POSSESSIVE = frozenset(["my", "our"])
#: Prepositions of where, and verbs after which "to" says where.
_AT = frozenset(["in", "at", "near", "around", "outside", "inside", "round", "past", "towards"])
_GOING = frozenset(
    [
        "go",
        "move",
        "drive",
        "fly",
        "travel",
        "head",
        "walk",
        "run",
        "get",
        "come",
        "commute",
        "cycle",
        "ride",
        "relocate",
        "return",
        "emigrate",
        "sail",
    ]
)
#: Prepositions after which a word is more likely a thing than a person.
_THING_PREPS = frozenset(["on", "via", "through", "using", "of"])
_NAME_PREPS = frozenset(["with", "for", "to", "from", "by", "about"])
_SUBJECTS = frozenset(["nsubj", "nsubjpass", "poss", "dobj", "dative", "appos", "conj"])


@dataclass
class Use:
    """One use of a candidate word in one parsed sentence."""

    row: int  # the sentence's index in the reader's batch
    path: str  # its session
    key: str  # the word as typed, lower case
    start: int  # character offsets in the sentence
    end: int
    grammar: str  # person, thing, place or other
    relation: str | None = None  # a relation word beside it ("partner")
    mine: bool = False  # ... said with "my"/"our": the speaker's relation
    context: str = ""  # the sentence with the word as X, for the examples
    dictionary: bool = False  # a dictionary word ("pickle", "bramble") used as a name
    gendered: bool = False  # its sentence says "she", "his", ... of someone
    before: str = ""  # the word before it, lower case
    plural: bool = False  # tagged a plural noun ("waffles"): a name only with a relation
    compound: bool = False  # its relation word and it are a compound too ("dog biscuit")


@dataclass
class Named:
    """A lower-case word the run reads as a name."""

    key: str
    title: str
    type: str  # person, pet or place
    relation: str | None = None
    rows: set[int] = field(default_factory=set)
    relation_row: int = -1  # the sentence that states the relation
    said: Any = None  # ... its Statement, once read (`observe.StatementReader`)


def uses_in(
    row: int,
    path: str,
    doc: Any,
    skip: set[str],
    marked: dict[int, tuple[str, bool, bool]] | None = None,
) -> list[Use]:
    """Candidate names in a parsed sentence, with what their position says. `marked`
    holds the words a relation word marks as names (`relation_marked`), by token index."""
    out = []
    for t in doc:
        low = t.text
        if not low.islower() or low in skip or stands_for_a_verb(t):
            continue  # "tryna get back in shape": a verb run together with its "to"
        if low in _RELATION_WORDS:
            continue  # "dil finally came round": who she is to the speaker, no name
        dictionary = not looks_like_name(low)
        if marked and t.i in marked:
            use = Use(row, path, low, t.idx, t.idx + len(t.text), "person", dictionary=dictionary)
            use.relation, use.mine, use.compound = marked[t.i]
        else:
            if dictionary and not _dictionary_candidate(t) and not _set_off_name(t):
                continue
            if t.ent_type_ and t.ent_type_ not in ("PERSON", "ORG", "GPE", "PRODUCT", "NORP"):
                continue  # a date, an amount
            use = Use(
                row, path, low, t.idx, t.idx + len(t.text), _grammar(t), dictionary=dictionary
            )
            use.plural = t.tag_ == "NNS"
            use.relation, use.mine = (None, False) if _modifies_next(t) else _relation(t)
            if dictionary and use.relation and not _said_to_be(t):
                # A word of the language is named by a relation before it only where
                # `relation_marked` read it so ("our dog pickle"): not past a comma ("big
                # news, my new manager is ..."), not after a relation word nobody has ("dog
                # hair"), not what the relation forms ("my friend group"); or where it is
                # said to be one ("pickle is our dog").
                use.relation, use.mine = None, False
            if use.relation:
                use.grammar = "person"
        use.gendered = any(w.lower_ in _GENDERED for w in t.sent)
        use.before = doc[t.i - 1].lower_ if t.i > 0 else ""
        # The word's near context in its sentence: a wider one mixes in other subjects.
        near = doc[max(t.sent.start, t.i - CONTEXT) : min(t.sent.end, t.i + CONTEXT + 1)]
        use.context = " ".join("X" if w.i == t.i else w.text for w in near)
        out.append(use)
    return out


def _said_to_be(t: Any) -> bool:
    """The word is said to be someone's relation or animal, by a copula or an apposition:
    "pickle is our dog", "pickle, my rescue greyhound, ..." (not "the dog food")."""
    kinds = [c for c in t.head.children if c.dep_ == "attr"] if t.dep_ == "nsubj" else []
    if t.dep_ == "nsubj" and t.head.lemma_ != "be":
        kinds = []
    kinds += [c for c in t.children if c.dep_ == "appos"]
    kinds += [t.head] if t.dep_ == "appos" else []
    kinds += [k] if (k := _kind_named(t)) is not None else []
    if t.i + 2 < len(t.doc) and t.doc[t.i + 1].text in (",", "(", "-", "–"):
        # "meet waffles, our new kitten", however the parser hung it; not "big news, my
        # new manager is ...", where the relation is the subject of a clause of its own
        after = t.doc[t.i + 2 : t.i + 5]
        kinds += [r for r in after if r.dep_ not in ("nsubj", "nsubjpass") and _is_relation(r)]
    if any(_is_relation(k) and _the_speakers(k) for k in kinds):
        return True
    # "a little girl on tuesday, 7lb 2oz, poppy, ...": said to be a person, someone's
    return _set_off_after(t) is not None


def relation_marked(docs: list[Any]) -> list[dict[int, tuple[str, bool, bool]]]:
    """Words that a relation word of someone's marks as a name, whatever the tagger made of
    them: "my sister rose is coming" (read as a verb), "my daughter june, she's ..." (read
    as a date), "our dog pickles". Per sentence: token index -> (relation, said with
    "my"/"our"). The sentence is parsed again with the word capitalised, and the word is a
    name when that parse reads it as one beside the relation word ("my sister Rose is
    coming"), not when it stays a verb or a word of the clause ("my boss wants me to ...").
    The last field says the two words are also a compound WordNet knows ("our dog
    biscuit", "our baby shower"): such a name needs another use as someone.
    """
    found: list[tuple[int, int, str, bool, bool]] = []
    for j, doc in enumerate(docs):
        for r in doc:
            # "neighbour" before a name is often tagged an adjective
            # a shorthand of the lists ("my gf priya", "my ex marco") is often read as a name
            listed = r.pos_ == "PROPN" and r.lower_ in _RELATION_WORDS
            if (r.pos_ not in ("NOUN", "ADJ") and not listed) or not _is_relation(r, loose=True):
                continue
            before = [w for w in doc[max(r.sent.start, r.i - 3) : r.i] if not w.is_punct]
            if not any(w.tag_ in ("PRP$", "POS") for w in before):
                continue  # "the sister act", "a dog person": nobody's relation
            i = r.i + 2 if r.i + 2 < len(doc) and doc[r.i + 1].text == "," else r.i + 1
            while i + 1 < len(doc) and doc[i].lower_.rstrip(".") in TITLES | {"."}:
                i += 1  # "my therapist dr okafor": the name is after the title
            if i >= len(doc) or not _name_after_relation(doc[i]):
                continue
            if any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in doc[i].children):
                continue  # "my fish guy at the supplier, ivan": the name is guy's apposition
            if _a_kind_of_animal(r.lemma_.lower(), doc[i].text):
                continue  # "my dog, corgi beagle mix": a breed, not the dog's name
            if _the_relations_verb(doc, i):
                continue  # "my mum reckons i should move": what she does, not her name
            if apostrophe_dropped(r) and known_word(doc[i].text):
                continue  # "my moms cooking", "my sisters wedding": hers, typed without "'"
            mine = _my_own(before)
            rel = _relation_label(r)
            compound = bool(base_forms(f"{r.lower_} {doc[i].text}"))
            found.append((j, i, rel, mine, compound))
    out: list[dict[int, tuple[str, bool, bool]]] = [{} for _ in docs]
    if not found:
        return out
    from language import parse

    texts = []
    for j, i, *_ in found:
        w = docs[j][i]
        texts.append(docs[j].text[: w.idx] + w.text.title() + docs[j].text[w.idx + len(w) :])
    for (j, i, rel, mine, compound), again in zip(found, parse(texts), strict=True):
        if len(again) != len(docs[j]):
            continue  # tokenised otherwise: no reading to compare
        w, r = again[i], again[i - 1] if again[i - 1].text != "," else again[i - 2]
        beside = (w.dep_ == "appos" and w.head.i == r.i) or (
            r.dep_ == "compound" and r.head.i == w.i
        )
        if w.tag_ in ("NNP", "NNPS") or (beside and w.pos_ in ("NOUN", "PROPN")):
            out[j][i] = (rel, mine, compound)
    return out


def _the_relations_verb(doc: Any, i: int) -> bool:
    """The word after a relation word is its verb, not a name, when the dictionary knows it
    only as a verb ("reckons", "texted") and no verb follows it: a name is followed by its
    own verb ("my brother rob is visiting", "my sister sue lives in leeds"), a verb by its
    object or clause ("my mum reckons i should", "my mom says hi")."""
    word = doc[i].text
    after = next((t for t in doc[i + 1 : doc[i].sent.end] if not t.is_punct), None)
    if is_past(word) and after is not None and after.pos_ in ("PRON", "DET", "ADV", "ADP"):
        # a past form that is a noun too ("fed", "drove") is the verb when its object
        # or an adverb follows: "my mom fed her like 5 times", not "my sister rose is"
        return True
    if not known(word) or is_noun(word):
        return False
    return after is None or after.pos_ not in ("VERB", "AUX")


def _relation_label(r: Any) -> str:
    """The relation a word names, as its page says it: the lemma of a listed or WordNet
    relation ("sisters" -> "sister"), the full word for chat shorthand ("gf" ->
    "girlfriend"), else the word as typed."""
    low, lemma = r.lower_, r.lemma_.lower()
    if low in RELATION_SHORTHAND:
        return RELATION_SHORTHAND[low]
    label = lemma if _relation_word(lemma) or primarily_someone(lemma) else low
    # The nouns compounded before it say which relation ("my business partner tomasz" is
    # no partner in life, "my ex boyfriend" no boyfriend now); an animal's ("rescue dog")
    # stays a pet's kind.
    mods = [c.lower_ for c in r.children if c.dep_ == "compound" and c.i < r.i and c.is_alpha]
    if mods and not is_pet(label):
        return " ".join([*mods, label])
    return label


def _my_own(before: list[Any]) -> bool:
    """The words before a relation word make it the speaker's: a "my" or "our" with no
    possessive after it ("my sister's boyfriend marco" is the sister's)."""
    at = [k for k, w in enumerate(before) if w.lower_ in _POSSESSIVE]
    return bool(at) and not any(w.tag_ == "POS" for w in before[at[-1] :])


def _a_kind_of_animal(relation: str, word: str) -> bool:
    """After a word for an animal, a word whose usual sense is an animal too says what
    kind it is ("dog, corgi", "corgi beagle"), not its name."""
    return bool(primarily_a(relation, "animal")) and bool(primarily_a(word, "animal"))


def _name_after_relation(w: Any) -> bool:
    """Could the word after a relation word be a name typed in lower case: a word of
    letters that names somebody at all (not "is", "just", "today"), not a relation of its
    own, and no group ("my friend group")."""
    low = w.text
    if not (low.isalpha() and low.islower() and len(low) >= 2):
        return False
    # A relation word of the lists is no name ("my kid brother"); WordNet's kinds of
    # person are not asked here, since they include famous people ("sue", "carter").
    if names_nobody(low) or is_bare_contraction(low) or low in _RELATION_WORDS:
        return False
    if w.ent_type_ in _NO_NAME_ENTS and w.dep_ != "appos":
        return False  # "my sister today said": a day; "my daughter june, she's" a name
    # "my friend group", "our family circle": what the relation forms, not a name
    return not primarily_a(low, "group")


def _dictionary_candidate(t: Any) -> bool:
    """A dictionary word that may be a pet's or a person's name ("pickle has been limping",
    "bramble", "pepper"): a singular noun, no relation or role word ("mum", "vet"), no
    word that names nobody (pronouns, chat shorthand)."""
    low = t.text
    if len(low) < 3 or not low.isalpha() or t.tag_ not in ("NN", "NNP", "NNS"):
        return False  # "waffles", "biscuits": a plural is a name only beside a relation
    if _relation_word(low) or _relation_word(t.lemma_.lower()):
        return False
    return not names_nobody(low)  # called only for words looks_like_name refuses


def _grammar(t: Any) -> str:
    kids = {c.dep_ for c in t.children}
    if kids & {"det", "poss", "nummod", "amod"}:
        return "thing"  # "the yaris", "my fam", "2 vapes"
    if _with_the_speaker(t):
        return "person"  # "so priya and i get a night off", however the parser hung it
    before = t.doc[t.i - 1] if t.i > t.sent.start else None
    if before is not None and before.lower_ in _AT and before.dep_ == "compound":
        # "the lighter route round frenchay": the parser took the preposition for a noun
        # of the name; where it stands says a place all the same
        return "place"
    if any(c.dep_ == "compound" and c.lower_.rstrip(".") not in TITLES for c in t.lefts):
        return "other"  # the end of a longer name: "st vincent's", "andre whitfield"
    if t.dep_ == "compound":
        # "andre whitfield" starts a longer name; "yaris hybrid" names a kind of thing
        return "other" if looks_like_name(t.head.lower_) else "thing"
    head = t.head
    possessor = t.dep_ == "poss" and any(c.dep_ == "case" for c in t.children)
    if possessor and (names_someone(head.lower_) or _relation_word(head.lower_)):
        # "at tasha's parents", "jo's little sister": whose people they are is someone,
        # only a person has parents, though "at" stands before the word
        return "person"
    if t.i > 0 and t.doc[t.i - 1].lower_ in _AT and t.dep_ != "pobj":
        # "we're in leith now": the parser reads an unknown lower-case word after "in"
        # as anything but its object; where it stands says a place all the same.
        return "place"
    if t.dep_ == "pobj":
        prep = head.lower_
        if prep in _AT or (prep == "to" and head.head.lemma_.lower() in _GOING):
            return "place"
        if prep in _THING_PREPS:
            return "thing"
        return "person" if prep in _NAME_PREPS else "other"
    if t.dep_ in _SUBJECTS or (t.dep_ == "npadvmod" and t.i == t.sent.start):
        return "person"
    return "other"


def _modifies_next(t: Any) -> bool:
    """ "the markham moor truckstop caff": a word set before the noun it modifies is
    part of that noun's phrase, and a word before it ("moor", a person to WordNet) is
    no relation of it. (It may still start a firm's name: "northwind logistics".)"""
    head = t.head
    if head.i != t.i + 1 or head.pos_ != "NOUN" or t.dep_ not in ("amod", "nmod", "compound"):
        return False
    # "lou smith": a surname the dictionary knows as a person ends a name, no noun of it
    return primarily_someone(head.lemma_.lower()) is None


def _with_the_speaker(t: Any) -> bool:
    """The word and the speaker are joined as one subject: "X and i", "me and X" (only
    people do things together with the speaker)."""
    doc, i = t.doc, t.i
    after = [w.lower_ for w in doc[i + 1 : i + 3]]
    before = [w.lower_ for w in doc[max(t.sent.start, i - 2) : i]]
    return after == ["and", "i"] or before in (["me", "and"], ["i", "and"])


def _is_relation(t: Any, loose: bool = False) -> bool:
    """A relation or role word: of the lists, a kind of animal, or a noun whose usual
    sense is a kind of person by WordNet ("neighbour", "stepdad"); `loose` takes one the
    tagger read as an adjective too."""
    if _relation_word(t.lower_) or _relation_word(t.lemma_.lower()):
        return True
    pos = ("NOUN", "ADJ") if loose else ("NOUN",)
    return t.pos_ in pos and t.lower_.isalpha() and primarily_someone(t.lower_) is not None


def _relation(t: Any) -> tuple[str | None, bool]:
    """A relation word beside the name: "my partner lou", "lou (my partner)", "lou, our
    dog", "the manager there, kwame", "lou is my partner"."""
    doc = t.doc

    def found(r: Any) -> tuple[str, bool]:
        mine = _my_own(list(doc[max(0, r.i - 3) : r.i])) or _the_speakers(r)
        return _relation_label(r), mine

    if t.i > 0 and _is_relation(doc[t.i - 1]) and _names_next(doc[t.i - 1]):
        return found(doc[t.i - 1])
    if t.i > 1 and doc[t.i - 1].text == ",":
        for r in reversed(doc[max(0, t.i - 4) : t.i - 1]):
            if _is_relation(r):
                return found(r)
    if t.i + 1 < len(doc) and doc[t.i + 1].text in (",", "(", "-", "–"):
        for r in doc[t.i + 2 : t.i + 5]:
            if _is_relation(r) and r.dep_ not in ("nsubj", "nsubjpass"):
                return found(r)
            if r.text in (")", ",", ".") or r.dep_ in ("nsubj", "nsubjpass"):
                # "31 yrs at X, man cried": a relation word with a verb of its own is
                # whom a clause of its own speaks of, not what X is
                break
    if t.dep_ == "nsubj" and t.head.lemma_ == "be":
        for c in t.head.children:
            if c.dep_ == "attr" and _is_relation(c):
                return found(c)
    kind = _kind_named(t)
    if kind is not None and _is_relation(kind):
        return found(kind)
    person = _set_off_after(t)
    if person is not None:
        return found(person)
    return None, False


def _set_off_name(t: Any) -> bool:
    """A word of letters, set off by commas after a kind of person (`_set_off_after`),
    however the tagger read it ("poppy" as an adjective)."""
    low = t.text
    if len(low) < 3 or not low.isalpha() or names_nobody(low) or _relation_word(low):
        return False
    if primarily_someone(low) or primarily_someone(t.lemma_.lower()):
        return False  # "at the childrens hospital, radiographer, ...": what she is
    return _set_off_after(t) is not None


def _set_off_after(t: Any) -> Any:
    """The kind of person a name set off by commas is said to be, further back in its
    clause, past the details between ("she had a little girl on tuesday, 7lb 2oz, mabli,
    after her nan": the girl): the nearest noun before it that is, to WordNet, a kind of
    person in its usual sense, with no verb between them. None when the word is set off
    from no such noun, or is an item of a list after its label ("...: kettle, toaster,
    bins")."""
    doc = t.doc
    if t.i < 2 or doc[t.i - 1].text != ",":
        return None
    after = doc[t.i + 1] if t.i + 1 < len(doc) else None
    if after is not None and after.text not in (",", ".", "!", ";", "-", "–"):
        return None  # "..., poppy came round": the subject of a clause of its own
    if any(w.text == ":" for w in doc[t.sent.start : t.i]):
        return None  # "stuff for the flat: kettle, toaster, bins": a list's items
    for w in reversed(doc[t.sent.start : t.i - 1]):
        if w.pos_ in ("VERB", "AUX"):
            return None  # a clause of its own
        if w.dep_ in ("compound", "poss", "nmod", "amod"):
            continue  # "the childrens hospital": a word of another noun's phrase
        if w.pos_ == "NOUN" and primarily_someone(w.lemma_.lower()) == "person":
            return w  # in its usual sense: a toaster is someone to WordNet, rarely
    return None


def _names_next(r: Any) -> bool:
    """Does the relation word `r` name the word after it? A word for an animal does only
    as somebody's animal ("our dog pickle", "sam's cat mochi"): "gave the dog lefse" gives
    the dog food, "a beagle mix" is a kind of dog. A word for a person names the next
    word with or without a possessive ("uncle joe", "the plumber dave")."""
    if primarily_someone(r.lemma_.lower()) == "person" or r.lower_ in _RELATION_WORDS:
        return True
    before = [w for w in r.doc[max(r.sent.start, r.i - 3) : r.i] if not w.is_punct]
    return any(w.tag_ in ("PRP$", "POS") for w in before)


def _kind_named(t: Any) -> Any:
    """The noun a naming clause names the word as: "our kid's name is rosa" (kid), "my
    tortoise is called shelly" (tortoise); else None."""
    head = t.head
    if t.dep_ == "attr" and head.lemma_ == "be":
        subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
        if subj is not None and subj.lemma_.lower() == "name":
            owner = next((c for c in subj.children if c.dep_ == "poss"), None)
            if owner is not None and owner.pos_ == "NOUN":
                return owner
            if owner is not None and owner.lower_ in _GENDERED | {"their", "its"}:
                # "we got a puppy!! her name is luna": the one the sentence before
                # introduced, a kind of animal or person the speaker got or has
                return _introduced_before(subj)
    if head.lemma_.lower() in ("call", "name") and head.tag_ == "VBN" and t.i == head.i + 1:
        return next((c for c in head.children if c.dep_ == "nsubjpass"), None)
    return None


def _introduced_before(tok: Any) -> Any:
    """The last noun of the sentence before `tok`'s that the speaker got or has ("we got
    a puppy", "i have a new flatmate") and that is a relation or a kind of animal."""
    if tok.sent.start == 0:
        return None
    before = tok.doc[tok.doc[tok.sent.start - 1].sent.start : tok.sent.start]
    for n in reversed(before):
        if n.pos_ == "NOUN" and _is_relation(n) and _the_speakers(n):
            return n
    return None


def _the_speakers(noun: Any) -> bool:
    """ "our dog", "my rescue greyhound", or "we got a puppy": the speaker's."""
    if any(c.dep_ == "poss" and c.lower_ in _POSSESSIVE for c in noun.children):
        return True
    verb = noun.head
    return noun.dep_ == "dobj" and any(
        c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children
    )


def typed_lowercase(sentence: str) -> bool:
    """Typed without capitals for names: no capitalised word but the first ("I", and
    acronyms such as "ER", say nothing about names)."""
    words = re.findall(r"[^\W\d_]+", sentence)[1:]
    return not any(w[0].isupper() and w[1:].islower() for w in words)


def _aside_relation(raw: str, key: str) -> tuple[str | None, bool]:
    """ "lou (my partner)": an aside in brackets that says who the name is."""
    m = re.search(rf"\b{re.escape(key)}\s*\((\s*(?:my|our)\s+)?(?:\w+\s+)?(\w+)\s*\)", raw, re.I)
    word = m.group(2).lower() if m else ""
    if m and (_relation_word(word) or (word.isalpha() and primarily_someone(word))):
        return m.group(2).lower(), bool(m.group(1))
    return None, False


def decide(
    uses: list[Use],
    capitalised: dict[str, set[str]],
    embedder: Any,
    pages: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Named]:
    """The candidate words that are names: by position, examples and recurrence.
    `capitalised` holds the sessions where spaCy found a person of that name with its
    capital, so "Zuzia" in one session and "zuzia" in another are one person; `pages`
    the person and pet pages already written (lower-case name -> title, type): a name
    with a page needs no recurrence in this run."""
    pages = pages or {}
    if not uses:
        return {}
    keys = {u.key for u in uses}
    for u in uses:  # "lous keeping a tally": a possessive typed without its apostrophe
        if u.key.endswith("s") and u.key[:-1] in keys | set(capitalised):
            u.key = u.key[:-1]
    reads = _read_contexts(uses, embedder)
    words = _read_words(sorted({u.key for u in uses}), embedder)
    by_key: dict[str, list[tuple[Use, float]]] = defaultdict(list)
    for u, lead in zip(uses, reads, strict=True):
        by_key[u.key].append((u, lead))
    out: dict[str, Named] = {}
    for key, found in by_key.items():
        # A person by position, unless the examples clearly read a thing or a place; a
        # thing or a place by position or, where the position says neither, by examples.
        # A given name ("marcus", "olivia") where a person stands is someone's, however
        # the examples read its clause ("X found a townhouse in kettering"); only where
        # it stands as a thing or a place is it none.
        given = key in given_names()
        tolerance = float("inf") if given else TOLERANCE
        person = [
            u for u, lead in found if u.relation or (u.grammar == "person" and lead > -tolerance)
        ]
        other = [
            u for u, lead in found
            if not u.relation and (u.grammar in ("thing", "place") or lead < -tolerance)
        ]  # fmt: skip
        if key in pages and len(person) > len(other):
            title, type_ = pages[key]
            out[key] = Named(key, title, type_, rows={u.row for u, _ in found})
            continue
        if _a_place(found, person) and not known_word(key):
            # "we're in leith now", "the flat in gorgie": a place's name, written with its
            # capital so the parse finds the place (a page only if it recurs, as any).
            # A word one letter off a dictionary word counts ("partick", "patrick").
            out[key] = Named(key, key.title(), "place", rows={u.row for u, _ in found})
            continue
        if _an_organization(found, words[key]) and not known_word(key):
            # "2nd year at ndsu", "ndsu has the best nursing program": a school, a
            # workplace or a shop, written with its capital (a page only if it recurs).
            title = _org_title(key)
            out[key] = Named(key, title, "organization", rows={u.row for u, _ in found})
            continue
        if all(u.plural for u, _ in found) and not any(u.relation for u, _ in found):
            continue  # "keys", "plans": a plural is a name only when said to be someone
        if found[0][0].dictionary:
            # A dictionary word is a name only when the run never uses it as a thing or a
            # place ("the pickle", "in the garden", "at work"), uses it as someone in
            # DICTIONARY_USES sentences, and its clauses read as someone's on the whole:
            # "work has been mental" is said of a thing that is also "at work".
            if any(u.grammar != "person" and not u.relation for u, _ in found):
                continue
            person = [u for u, _ in found]
            related = any(u.relation for u in person)
            if given and not related and all(u.grammar == "person" for u in person):
                # A given name that WordNet knows otherwise ("lena", a river), standing
                # as someone wherever it is used: a name when its clauses read as
                # someone's on the whole; the recurrence below decides the rest
                if sum(lead for _, lead in found) <= 0:
                    continue
            elif all(u.compound for u in person if u.relation) and not any(
                not u.relation for u in person
            ):
                continue  # "our baby shower was lovely": no one unless someone elsewhere
            elif len(person) < DICTIONARY_USES and not related:
                continue
            elif not related and (
                sum(lead for _, lead in found) <= 0
                or sum(u.gendered for u in person) < DICTIONARY_GENDERED
            ):
                continue  # "rent went up again", "dinner was a roast": said of a thing
        elif words[key] != "person" and not any(u.relation for u in person):
            continue  # the word itself reads as a brand or a place ("spotify", "tesco")
        sessions = {u.path for u in person} | capitalised.get(key, set())
        related = [u for u in person if u.relation]
        if len(person) <= len(other) or not (related or len(sessions) >= MIN_SESSIONS):
            continue
        rel = next((u for u in related if u.mine), related[0] if related else None)
        named = Named(key, key.title(), "person")
        if rel is not None:
            named.relation = rel.relation if rel.mine else None
            named.relation_row = rel.row
            # "pickle is our dog": the kind noun's WordNet hypernyms say pet or person
            named.type = "pet" if rel.relation and is_pet(rel.relation) else "person"
        named.rows = {u.row for u, _ in found}
        out[key] = named
    return out


def _a_place(found: list[tuple[Use, float]], person: list[Use]) -> bool:
    """A word no dictionary explains that the run puts where places stand ("in", "near",
    "to" after a verb of going) at least as often as where people stand."""
    # "at" names workplaces and shops as often as places ("working at tesco").
    places = [u for u, _ in found if u.grammar == "place" and not u.relation and u.before != "at"]
    return bool(places) and len(places) >= len(person)


def _an_organization(found: list[tuple[Use, float]], reads_as: str) -> bool:
    """A word no dictionary explains that the run puts where a workplace, a school or a
    shop stands ("at ndsu", "shifts at tesco"), in two sessions or more, that reads alone
    as a brand or a place and is nobody's relation; "duolingo says ..." is never "at"."""
    if reads_as == "person" or any(u.relation for u, _ in found):
        return False
    at = [u for u, _ in found if u.before == "at" and u.grammar in ("place", "other")]
    return bool(at) and len({u.path for u, _ in found}) >= MIN_SESSIONS


def _org_title(key: str) -> str:
    """ "ndsu" -> NDSU, "uvm" -> UVM (a short word of one vowel is said letter by letter),
    "skyline" -> Skyline."""
    return key.upper() if len(key) <= 4 and sum(c in "aeiou" for c in key) <= 1 else key.title()


def _read_contexts(uses: list[Use], embedder: Any) -> list[float]:
    """How much each use's context reads as a person's rather than a thing's or a place's
    by the examples of `name_use` (person minus the best other)."""
    classifier = classifier_for(embedder, "name_use")
    scores = classifier.scores(embedder.embed([u.context for u in uses]))
    person = classifier.labels.index("person")
    others = np.delete(scores, person, axis=1).max(axis=1)
    return [float(x) for x in scores[:, person] - others]


def _read_words(keys: list[str], embedder: Any) -> dict[str, str]:
    """What each word alone reads as by the examples of `name_word`: a person's name, a
    brand or a place. The embedding model knows many brands and places by name."""
    classifier = classifier_for(embedder, "name_word")
    return {
        k: label for k, (label, _) in zip(keys, classifier.label(embedder.embed(keys)), strict=True)
    }


def truecase(text: str, row: int, uses: list[Use], named: dict[str, Named]) -> str:
    """The sentence with each name of the run written with its capital ("lou" -> "Lou",
    "lous" -> "Lou's")."""
    for u in sorted((u for u in uses if u.row == row), key=lambda u: -u.start):
        n = named.get(u.key)
        if n is None or normalize_key(text[u.start : u.end]) not in (u.key, u.key + "s"):
            continue
        title = n.title
        if text[u.start : u.end] == u.key + "s":
            title += "'s"
        text = text[: u.start] + title + text[u.end :]
    return text


def capitalised_people(docs: list[Any], paths: list[str]) -> dict[str, set[str]]:
    """Sessions per one-word person name spaCy found with its capital."""
    out: dict[str, set[str]] = defaultdict(set)
    for doc, path in zip(docs, paths, strict=True):
        for e in doc.ents:
            if e.label_ == "PERSON" and e.text[:1].isupper():
                for word in e.text.split():
                    out[word.lower()].add(path)
    return out


def find_names(
    texts: list[str],
    raws: list[str],
    paths: list[str],
    skips: list[set[str]],
    docs: list[Any],
    embedder: Any,
    pages: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Named]:
    """The run's lower-case names; the sentences that use one are parsed again with its
    capital (in `docs`, in place), so spaCy reads them as names. `texts` are the parsed
    sentences, `raws` the sentences as typed (with the asides `texts` left out)."""
    from language import parse

    uses: list[Use] = []
    marks = relation_marked(docs)
    for j, doc in enumerate(docs):
        if not typed_lowercase(raws[j]):
            continue  # who capitalises names wrote a lower-case word as no name
        found = uses_in(j, paths[j], doc, skips[j], marks[j])
        for u in found:
            if u.relation is None:
                u.relation, u.mine = _aside_relation(raws[j], u.key)
                u.grammar = "person" if u.relation else u.grammar
        uses += found
    named = decide(uses, capitalised_people(docs, paths), embedder, pages)
    todo = sorted({j for n in named.values() for j in n.rows})
    for j, doc in zip(todo, parse([truecase(texts[j], j, uses, named) for j in todo]), strict=True):
        docs[j] = doc
    return named


def with_names(
    entities: list[tuple[str, str]], doc: Any, named: dict[str, Named]
) -> list[tuple[str, str]]:
    """A sentence's subjects with the run's lower-case names in them, typed as the run
    read them (spaCy may call "Lou" an organization, or miss her)."""
    if not named:
        return entities
    out = [(name, _type_of(name, named) or type_) for name, type_ in entities]
    have = {normalize_key(n) for n, _ in out}
    for n in named.values():
        if n.key not in have and re.search(rf"\b{re.escape(n.title)}\b", doc.text):
            out.append((n.title, n.type))
    return out


def _type_of(name: str, named: dict[str, Named]) -> str | None:
    n = named.get(normalize_key(name))
    return n.type if n else None


def relation_observations(named: dict[str, Named]) -> list[Observation]:
    """ "my partner lou": the speaker's page lists [[Lou]] as partner (a current value for
    a relation one has one of at a time), and Lou's page says whose partner she is; cited
    to the sentence that says so."""
    out = []
    for n in named.values():
        st = n.said
        if not n.relation or st is None:
            continue
        me, rel, kind = st.speaker, n.relation, n.type
        at = {"when": st.when, "anchor": st.anchor}
        # A list line, not a current value: the sentence that names a relation often
        # says something else with it ("my partner lou wants ..."), and a value would be
        # read with that sentence's modality.
        section = "Pets" if kind == "pet" else "People"
        text = f"{link(n.title, kind)} — {rel}"
        mine = Observation(me, "person", "keyed", section, text, key=n.title, **at)
        theirs = f"{rel.capitalize()} of {link(me, 'person')}"
        out += [mine, Observation(n.title, kind, "keyed", "People", theirs, key=me, **at)]
        if rel in SINGLE_RELATIONS:
            # One at a time ("my partner sam"): also the current value, with its history,
            # as "my partner Sam" is (`extract`).
            value = link(n.title, kind)
            out.append(Observation(me, "person", "fact", "Current", value, rel.capitalize(), **at))
    return out
