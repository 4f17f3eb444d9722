"""Which attribute of the speaker a statement gives a value of, and whether the value is
of that attribute's kind.

Each name, thing or amount of a person's sentence is replaced by X in the few words
around it ("i report to the head chef there, X, ...") and compared with example clauses
of a handful of attributes (group `attribute` in `language/data/prototypes.json`: where
someone lives, who employs them, who they report to, who their partner is, what they
drink, how they get around, what they are paid) and of none. A phrase nearest one
attribute's examples by a margin is a value of it only when it is of the attribute's
kind: a named place for where someone lives, a person for a manager or a partner, a
named organisation (or a workplace: "the dialysis clinic") for an employer, an amount
for pay, a thing that is no person, place or time for the others. So "offer letter" is
no employer and "Property Manager" no manager.

The statement then states the current value of that attribute: the page's earlier value
goes to History (`dream.wiki.WikiPage.set_fact`). The reader maps a question to the same
attributes with example questions (group `attribute_asked`), so "who's my boss now?"
finds "Manager: Andre Whitfield" without sharing a word with "i report to ...".
Attributes outside these keep the engine's other readings (`changes`, `roles`).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from functools import cache
from typing import Any

from language import classifier_for
from language.classify import prototypes
from language.names import (
    known_word,
    looks_like_name,
    may_name,
    names_a_place,
    stands_for_a_verb,
)
from language.places import names_a_town
from validators.lexicon import (
    describes,
    kind_among,
    kind_of,
    known,
    may_name_place,
    no_conveyance,
    primarily_a,
    primarily_someone,
)

from .changes import (
    _DAY_WORDS,
    _SPEAKER,
    _TIMES,
    TIME_MODIFIERS,
    Change,
    _clause,
    _hedged,
    _someone_else,
    _spans,
    _value_text,
    a_time,
    an_amount,
    clause_context,
    model_name,
)
from .homes import HomeReader, named_home
from .lexicon import RELATIONS, called_out
from .plans import done_context, done_later, only_planned
from .roles import has_number

#: The kind of value each attribute takes (its label is what the page writes).
KINDS = {
    "Lives in": "place",
    "Employer": "organization",
    "Manager": "person",
    "Partner": "person",
    "Drinks": "thing",
    "Gets around by": "thing",
    "Pay": "amount",
    "Shops at": "business",
    "Phone": "thing",
    "Bank": "business",
    "Phone network": "business",
    "Gym": "business",
    "Notes app": "thing",
    "Medication": "thing",
}
#: Page types of the values that are subjects of their own.
PAGE_TYPES = {
    "place": "place",
    "organization": "organization",
    "business": "organization",
    "person": "person",
}
#: A phrase's words nearest an attribute's examples by this much over "none" and ...
MARGIN = 0.06
#: ... over the runner-up attribute (mean top-3 cosine similarity).
LEAD = 0.02
#: When the sentence reads as a change (`change` examples), a smaller margin will do:
#: two signals that agree ("sous chef at X", said as news of a new job).
CHANGE_MARGIN = 0.03
#: A common noun (no name, no entity) is a thing's value only this clearly: many
#: clauses read a little like having or using something.
THING_MARGIN = 0.1
#: ... and its clause nearer a new value's examples than no value's by this much.
THING_ROLE = 0.03
#: An amount is pay only this clearly, read as said ("they bumped me to 55k" by 0.18):
#: what was paid for something ("we pay 600 a month toward bills", 0.06), a budget
#: ("a7 iv body is 2500", 0.07) or a count reads a little like pay too.
AMOUNT_MARGIN = 0.1
#: A name said beside a new value is its old one when its clause reads as left behind
#: by this much over new and other (`value_role`).
LEFT = 0.03
#: Words before a noun that make it a description or an attribute, not a value.
_DESCRIBED = {"a", "an", "some", "no", "any", "every", "each", "my", "our", "your", "his",
              "her", "their"}  # fmt: skip
#: Page types that a value of each kind cannot be.
_CONTRADICTS = {
    "place": {"person", "pet"},
    "person": {"place", "organization", "tool", "pet", "event", "concept"},
    "organization": {"person", "pet"},
    "business": {"person", "pet"},
    "thing": {"person", "place", "pet"},
}
#: A companion's name reads as a person's by this much over a brand or a place
#: (`name_word` examples): "jen" by 0.17, "priyanka" by 0.18, the bank "monzo" by 0.06,
#: the app "asana" by 0.11.
PERSON_LEAD = 0.12
#: A name alone reads as a person's, a brand's or a place's (`name_word` examples) only
#: by this much over the others: "sean" by 0.19, "culina" by 0.07; "sorrel" (0.004) and
#: "marta" (0.03) may name anything.
WORD_LEAD = 0.05
#: Prepositions of company: "pilates with jen", "swimming w theo".
_WITH = frozenset(["with", "w", "w/"])


def _companion(span: Any) -> bool:
    """The phrase is whom the speaker does something with: the object of "with" ("been
    doing pilates with jen"), or one joined to "i" ("jen and i did yoga"). An account is
    held "with" a bank too: the name's own reading tells them apart (`PERSON_LEAD`)."""
    root = span.root
    if root.dep_ == "pobj" and root.head.lower_ in _WITH:
        return True
    return any(t.lower_ in ("i", "me") for t in [*root.conjuncts, root.head] if t.i != root.i)


#: Words either side of the phrase that the examples read.
WINDOW = 5
#: Entity labels by kind; a phrase without one is judged by its words.
_PLACE_LABELS = {"GPE", "LOC", "FAC"}
_ORG_LABELS = {"ORG", "FAC"}
_AMOUNT_LABELS = {"MONEY", "CARDINAL", "QUANTITY"}
#: Workplaces said with a common noun are organisations when "my <noun>" reads as one
#: (`subject` examples); an object or a document does not.
WORKPLACE_KINDS = {"organization", "place"}


def _named(span: Any, names: set[str]) -> bool:
    """A name: capitalised mid-text, a name found in lower case this run, or a word no
    dictionary explains ("kedzie", "lupita")."""
    if _model(span):
        return True  # "a pixel 6": a dictionary word with a model's number
    words = [t for t in span if t.pos_ in ("PROPN", "NOUN", "X")] or list(span)
    for t in words:
        if t.lower_ in RELATIONS:
            continue  # "dil" (daughter-in-law), "sis": who someone is, no name
        if t.lower_ in names or (
            t.text[:1].isupper() and not t.is_sent_start and t.pos_ == "PROPN"
        ):
            return True
        if (
            t.is_lower
            and not stands_for_a_verb(t)
            and (
                looks_like_name(t.text)
                or (t.pos_ == "PROPN" and not known_word(t.lower_) and may_name(t.lower_))
            )
        ):
            return True  # "rashid" is one letter off a word, yet tagged a name; "ppl" is not
    return False


def _phrases(doc: Any) -> list[Any]:
    """Nominal phrases (the longest), then entities and lower-case names outside them."""
    given = _names_given(doc) + [name for name, _ in _called(doc).values()]
    out = [u for s in _spans(doc) if (u := _untimed(_numbered(s))) is not None]
    out = [s for s in out if not any(g.start < s.end and s.start < g.end for g in given)]
    out = _ampersands(sorted(out + given, key=lambda s: s.start))
    out = [s for s in out if not any(o.start <= s.start and s.end <= o.end and o != s for o in out)]
    taken = {i for s in out for i in range(s.start, s.end)}
    for e in doc.ents:
        if e.label_ not in _TIMES and not any(i in taken for i in range(e.start, e.end)):
            out.append(e)
            taken |= set(range(e.start, e.end))
    return sorted(out, key=lambda s: s.start)


def _untimed(span: Any) -> Any:
    """The phrase without the words of time at its end, which the parser of lower-case
    chat hangs on a name as its head ("interview at yorkshire water thurs": the phrase
    "yorkshire water thurs", its root "thurs"), so that neither the value nor its kind
    is read from them; None when nothing else is left."""
    end = span.end
    while end > span.start and a_time(span.doc[end - 1]):
        end -= 1
    if end == span.end:
        return span
    return span.doc[span.start : end] if end > span.start else None


def _names_given(doc: Any) -> list[Any]:
    """The name a naming clause gives ("her name's jo", "his name is tiago"), whatever
    the parser made of a short name in lower case (an adjective, a verb, a possessed
    thing of "name's")."""
    out = []
    for t in doc:
        if t.lower_ != "name" or t.pos_ != "NOUN":
            continue
        if t.dep_ == "poss" and any(c.dep_ == "case" for c in t.children) and t.head.i > t.i:
            first = t.head.i if t.head.i == t.i + 2 else -1  # "name 's jo"
        elif t.dep_ == "nsubj" and t.head.lemma_ == "be" and t.head.i == t.i + 1:
            first = t.i + 2  # "name is jo"
        else:
            continue
        if first < 0 or first >= len(doc) or not doc[first].is_alpha or doc[first].is_stop:
            continue
        end = first + 1  # and a surname: "jo harris"
        while (
            end < len(doc)
            and doc[end].pos_ == "PROPN"
            and doc[end].is_alpha
            and doc[end].ent_type_ not in _TIMES
        ):
            end += 1
        out.append(doc[first:end])
    return out


#: Verbs that give someone's name: "a woman called bev", "a guy named femi".
_CALLING = frozenset(["call", "name"])


def _called(doc: Any) -> dict[int, tuple[Any, Any]]:
    """Names given to a kind of person by "called" or "named" ("a woman called bev runs
    the dispensary", "my new lead is a guy named femi", "the bloke over goods in is
    called pete"): per name, (the name, the words it stands for). The name is read
    where the words for the person stand ("X runs the dispensary"), since people
    introduce someone new that way, and the generic noun ("guy") is no value."""
    out: dict[int, tuple[Any, Any]] = {}
    for t in doc:
        if t.lemma_.lower() not in _CALLING or t.tag_ != "VBN":
            continue
        name = next((c for c in t.children if c.dep_ in ("oprd", "dobj", "attr")), None)
        if name is None or name.i < t.i or not name.is_alpha or name.is_stop:
            continue
        if t.dep_ == "acl":
            person = t.head  # "a woman called bev"
        else:  # "the bloke ... is called pete"
            person = next((c for c in t.children if c.dep_ == "nsubjpass"), None)
        if person is None or person.pos_ != "NOUN":
            continue
        if primarily_someone(person.lemma_.lower()) != "person":
            continue  # "a place called fennel", "a band called x": no one
        end = name.i + 1
        while end < t.sent.end and doc[end].pos_ == "PROPN" and doc[end].is_alpha:
            end += 1  # and a surname: "a guy called femi adeyemi"
        start = person.left_edge.i if t.dep_ == "acl" else person.i
        stands = doc[start:end] if t.dep_ == "acl" else doc[start : person.i + 1]
        out[name.i] = (doc[name.i : end], stands)
    return out


def _ampersands(spans: list[Any]) -> list[Any]:
    """Phrases joined by "&" are one name ("hartwell & co", "marks & spencer"): people
    write "and" between two things."""
    out: list[Any] = []
    for s in spans:
        prev = out[-1] if out else None
        if prev is not None and s.start == prev.end + 1 and s.doc[prev.end].text == "&":
            out[-1] = s.doc[prev.start : s.end]
        else:
            out.append(s)
    return out


def _given_name(text: str) -> bool:
    """Words a naming clause may give in lower case as a name ("jo", "sam"): letters,
    no chat, no word that describes ("her name is lovely")."""
    return all(may_name(w) and not describes(w) for w in text.lower().split())


def _named_by_clause(span: Any) -> bool:
    """The phrase is the name a naming clause gives (`_names_given`)."""
    return any(g.start == span.start and g.end == span.end for g in _names_given(span.doc))


def _numbered(span: Any) -> Any:
    """A name with its number after it: "an iphone 15", "a pixel 6"."""
    nums = [c.i for c in span.root.rights if c.dep_ == "nummod" and c.i == span.end]
    return span.doc[span.start : nums[0] + 1] if nums and span.root.pos_ != "PROPN" else span


#: Words of how much that are no part of a value ("way too much tea" is tea).
_QUANTITY = {"too", "much", "many", "more", "less", "few", "lot", "lots", "way", "so", "plenty"}


def _unquantified(span: Any) -> Any:
    start = span.start
    while start < span.root.i and span.doc[start].lower_ in _QUANTITY:
        start += 1
    return span.doc[start : span.end]


def _bare(span: Any) -> Any:
    """A phrase's name: its head and the nouns before it ("a little fiesta" -> "fiesta")."""
    start = span.root.i
    while start > span.start and span.doc[start - 1].dep_ == "compound":
        start -= 1
    return span.doc[start : max(span.end, span.root.i + 1)]


def _beside(span: Any, phrases: list[Any]) -> Any:
    """The noun phrase a name is set beside with a comma ("the art director there,
    priscilla okafor, ..."), whatever the parser made of it; else the name itself."""
    doc = span.doc
    i = span.start - 1
    if i < 1 or doc[i].text != ",":
        return span
    if span.end < span.sent.end and doc[span.end].is_alpha:
        return span  # "now, the corsa finally died": the subject of a clause of its own
    j = i - 1
    while j > span.sent.start and doc[j].pos_ == "ADV":
        j -= 1  # "there", "now"
    for p in phrases:
        if p.end - 1 == j and p.root.pos_ == "NOUN" and p is not span:
            return p
    return span


def _description(span: Any, phrases: list[Any]) -> Any:
    """The definite description set after a bare name ("at sorrel tonight, the tasting
    menu place in ancoats"; "marta the new head chef"): an apposition, whatever the
    parser made of it, that says what the name is. It is no value of its own. None when
    the phrase is no bare name or nothing describes it."""
    doc = span.doc
    if span.root.pos_ not in ("PROPN", "NOUN") or span.root.lower_ in _DAY_WORDS:
        return None
    if any(t.dep_ in ("det", "poss") or t.lower_ in _DESCRIBED for t in span):
        return None
    j = span.end
    while j < span.sent.end and doc[j].lower_ in _DAY_WORDS:
        j += 1  # "at sorrel tonight, the ...": a time between the name and its apposition
    if j < span.sent.end and doc[j].text == ",":
        j += 1
    elif j > span.end:
        return None  # "sorrel tonight the ...": no apposition without the comma
    return next(
        (p for p in phrases if p.start == j and p[0].lower_ == "the" and p.root.pos_ == "NOUN"),
        None,
    )


def _context(span: Any, around: Any = None, stop: int | None = None) -> str:
    """The words either side of the phrase, the phrase as X. A name set beside a noun
    is read where that noun stands: "i report to X there, priscilla okafor". `stop`:
    where the words after end (the name's own apposition, read on its own). An amount
    is read as said: "they bumped me to X" fits a home or a job as well as a wage, and
    "they bumped me to 55k" only a wage."""
    doc = span.doc
    around = span if around is None else around
    amount = around is span and an_amount(span)
    sent = span.sent
    if amount and sent.start == span.start and sent.end == span.end:
        sent = doc[:]  # "14.20 an hour": the parser cut the amount off as a sentence
    start = max(sent.start, around.start - WINDOW)
    end = min(sent.end, around.end + WINDOW, sent.end if stop is None else stop)
    before = [t.text for t in doc[start : around.start]]
    value = span.text if amount else "X"
    return " ".join([*before, value, *(t.text for t in doc[around.end : end])])


def fits(
    span: Any,
    kind: str,
    names: set[str],
    word_kind: Any,
    workplace: Any = None,
    naming: bool = False,
) -> bool:
    """Is the phrase a value of this kind? `word_kind(text)` says what a name alone reads
    as (person, brand or place, `name_word` examples); `workplace(noun)` whether a common
    noun is a workplace (`subject` examples)."""
    label = span.label_ if span.label_ else (span.root.ent_type_ or "")
    text = span.text
    if kind == "amount":
        return an_amount(span) or label == "MONEY"
    if label in _TIMES or (label in _AMOUNT_LABELS and not _model(span)):
        return False
    if any(c.isdigit() for c in text) and (kind != "thing" or not _model(span)):
        return False  # a number is no name, but "a pixel 6" is one thing's name
    if len(text) > 3 and text.isupper():
        return False  # shouted ("WE GOT THE KEYS TODAY"): no name by its capitals
    if titled(_value_text(span) or text):
        return kind == "person"  # "mr pearson": someone, whatever the examples read
    named = label == "PERSON" or _named(span, names)
    if kind != "person" and not named and _a_kind_of_person(span):
        return False  # "got it off a guy", "engineer coming": someone, no thing or firm
    if kind == "person":
        if _where_someone_is(span):
            return False  # "kev my boss at haulwell": kev is the boss, haulwell where
        if naming and (named or _given_name(text)):
            return True  # "her name is Ines": whatever the name alone reads as
        # a name that reads as nobody's kind clearly ("marta": a place by 0.03) may be
        # a person's
        kind_read = word_kind(text)
        return label == "PERSON" or (
            named
            and label not in _PLACE_LABELS
            and (kind_read == "person" or kind_read.endswith("?"))
        )
    if kind == "place":
        # "our flat in gorgie": a word no dictionary knows where a home is said to be
        unknown = span.root.is_lower and not known_word(span.root.lower_)
        inside = unknown and span.root.dep_ == "pobj" and span.root.head.lower_ == "in"
        town = unknown and _after_street(span)  # "41 orford road, walthamstow"
        # "at tasha's parents in round rock": a town of the gazetteer where places stand
        town = town or names_a_town(span.doc.text, span.start_char, span.end_char)
        return (
            label in _PLACE_LABELS or inside or town or (named and label not in ("PERSON", "NORP"))
        )
    if kind == "business":
        if _people_not_business(span):
            return False  # "the Northland Beer League is my workout now": no gym
        # One the speaker buys from or belongs to: nobody takes a person's name for one,
        # so a brand that reads like a first name ("monzo") is still a business.
        if _bare_singular(span):
            return True  # "an account with chase": a word used as a name, no article
        return label in _ORG_LABELS or (named and label not in ("PERSON", "NORP", "GPE", "LOC"))
    if kind == "organization":
        if len(text.split()) == 1 and word_kind(text) == "person":
            return False  # one name that reads as a person's ("Joana") employs nobody
        if label in _ORG_LABELS or (named and label not in ("PERSON", "NORP", "GPE", "LOC")):
            return True  # a town ("the nursing program in Glasgow") employs nobody
        if _where(span):
            return False  # "got a job in two harbors": where the job is, not who gives it
        if _bare_singular(span) and not kind_among(span.root.lower_, _NO_EMPLOYER):
            return True  # "a trial shift at sorrel": a dictionary word used as a name
        # A workplace said with a common noun has words of its own ("the dialysis
        # clinic"); "the bungalow" is one noun with its article.
        words = [t for t in span if t.dep_ not in ("det", "poss") and t.pos_ != "DET"]
        return len(words) > 1 and workplace is not None and workplace(span.root.lemma_)
    # A thing: no person, no place.
    if label in {"PERSON", "NORP"} | _PLACE_LABELS:
        return False
    return not named or word_kind(text).rstrip("?") != "person"


def _someone_or_somewhere(span: Any) -> bool:
    """The phrase is one word that WordNet knows first as a person or a place (a
    surname, a town: "hartley", "halifax"). Businesses are named so too ("lloyds"), but
    only a clause that clearly says what the business is to the speaker ("i bank with
    lloyds") makes such a word one; where something the speaker got came from ("my
    payslip from hartley") names whoever gave it."""
    if len(span) != 1 or not span.root.is_alpha:
        return False
    low = span.root.lower_
    return primarily_someone(low) == "person" or names_a_place(low) or primarily_a(low, "location")


def _a_kind_of_person(span: Any) -> bool:
    """The phrase's head is a common noun whose usual sense, to WordNet, is a kind of
    person ("a guy", "the engineer", "some lad", "a woman"): it says who, never what a
    person has, uses or works for. One such word alone after "at" or "with" is said as
    a name ("notice at amazon", though an amazon is a woman to WordNet)."""
    root = span.root
    return (
        root.pos_ == "NOUN"
        and primarily_someone(root.lemma_.lower()) == "person"
        and not _bare_singular(span)
    )


def source(tok: Any) -> bool:
    """The word is where a thing was got from: the object of "off" or "from" on a verb
    with an object of its own ("getting a secondhand polo off gumtree", "bought a used
    civic from a guy at work"), never the thing got. "switched from X" has no object."""
    prep = tok.head
    if tok.dep_ != "pobj" or prep.lower_ not in ("off", "from"):
        return False
    verb = prep.head
    # the object before the preposition: in "switched from tea to coffee, no more tea"
    # the parser's object comes after, and "from tea" is what was left. With the "i" a
    # diary sentence left out put back, the parser may read the object as a noun of
    # manner ("i dropped my pixel 6 off the scaffold"): a noun all the same, not a time.
    return verb.dep_ == "dobj" or any(
        c.i < prep.i
        and (
            c.dep_ == "dobj"
            or (c.dep_ == "npadvmod" and c.pos_ in ("NOUN", "PROPN") and not a_time(c))
        )
        for c in verb.children
    )


def _in_subject(span: Any, verb: Any) -> bool:
    """The phrase is in the words of its clause's subject ("our flat in X is ...")."""
    return any(
        c.dep_ in ("nsubj", "nsubjpass") and c.i != span.root.i and span.root in c.subtree
        for c in verb.children
    )


def _after_street(span: Any) -> bool:
    """The phrase follows a house number and its street, after a comma: the town of an
    address ("41 orford road, walthamstow, e17"), however the parser read the words."""
    doc, i = span.doc, span.start - 1
    if i < 2 or doc[i].text != ",":
        return False
    j = i - 1
    while j > span.sent.start and i - j <= 4 and doc[j].is_alpha:
        j -= 1
    return j < i - 1 and doc[j].like_num and doc[j].is_digit


#: What a bare noun after "at" or "with" names when it is no name: "at lunch", "at
#: college", "with training", "at work" (WordNet's usual sense of the word).
_NO_EMPLOYER = ("institution", "act", "time_period", "meal", "event", "group")

#: Prepositions whose object says where something is, never who runs it.
_WHERE = frozenset(["in", "near", "around", "outside", "inside", "across"])


def _where(span: Any) -> bool:
    """The phrase says where: the object of "in", "near", ... ("a job in two harbors"),
    or a number before a common noun ("two harbors": a town's name or a count, no
    business either way)."""
    root = span.root
    if root.dep_ == "pobj" and root.head.lower_ in _WHERE:
        return True
    return any(c.dep_ == "nummod" and c.i < root.i for c in root.children)


#: What a business is to WordNet: a group of people may be one ("credit union", "co-op").
_BUSINESS_ROOTS = ("institution", "establishment", "enterprise", "company")


def _people_not_business(span: Any) -> bool:
    """The phrase names a group of people that sells nothing: its last words as WordNet
    knows them ("beer league", "hockey team", "running club") are usually a kind of
    social group (a league, a team, a club), not an institution or an establishment
    ("credit union", "health club", "co-op")."""
    words = [t.lower_ for t in span if t.is_alpha and t.i <= span.root.i]
    for k in range(len(words)):
        tail = " ".join(words[k:])
        if known(tail):
            return primarily_a(tail, "social_group") and not any(
                primarily_a(tail, root) for root in _BUSINESS_ROOTS
            )
    return False


def value_of_kind(attr: str, text: str) -> bool:
    """May a value written as `text` (a `{{Name|type}}` marker or plain words) stand for
    a typed attribute, whichever reading found it? A value the readings typed as a
    subject of the attribute's kind may; otherwise it must name something: a place,
    a person or a business is a name ("leith", "Monzo"), not dictionary words ("the
    new place", "keys") nor chat ("ppl tbh"); an amount has a number. So a move's
    successor read as "keys", or "my gym is all the new ppl tbh", is no value. Attributes
    of no kind take any value."""
    kind = "amount" if attr.endswith("(amount)") else KINDS.get(attr)
    if kind is None:
        return True
    m = re.fullmatch(r"\{\{([^{}|]+)\|([a-z]+)\}\}", text.strip())
    value, typed = (m.group(1), m.group(2)) if m else (text.strip(), None)
    if kind == "amount":
        return has_number(value)  # "6b+" is a grade, no amount
    if kind != "person" and titled(value):
        return False  # "the landlords a farmer, mr pearson": a person, whatever typed it
    head = value.split()[-1].lower().strip(".,!?") if value.split() else ""
    if attr in _CONVEYED and head.isalpha() and no_conveyance(head):
        return False  # "chatting to at the truckstop caff": a café takes no one anywhere
    if typed is not None:
        # A subject of a kind that contradicts the attribute's is no value ("Lives in" a
        # person, a manager who is a town); another reading typed it, so it names one.
        return typed not in _CONTRADICTS[kind]
    if kind == "thing":
        return bool(value) and (_names_something(value) or _of_its_kind(attr, value))
    return (kind == "organization" and len(value.split()) > 1) or _names_something(value)


#: Attributes whose values are ways of getting around (`validators.lexicon.no_conveyance`).
_CONVEYED = frozenset(["Gets around by"])


def titled(text: str) -> bool:
    """A form of address and a name ("mr pearson", "Mrs. O'Neill", "dr khan"): a person,
    by WordNet's forms of address ("mr", "ms"), or an abbreviation of a kind of person
    ("dr." is a doctor), never a place, a business or a thing."""
    words = text.split()
    if len(words) < 2:
        return False
    first = words[0].lower().rstrip(".")
    if not first.isalpha():
        return False
    if kind_of("form_of_address", first) or kind_of("form_of_address", first + "."):
        return True
    return not known(first) and primarily_someone(first + ".") == "person"


def _where_someone_is(span: Any) -> bool:
    """The phrase follows a kind of person and a preposition ("kev my boss at haulwell",
    "the manager from X"): where that person works or comes from, not the person. Read
    by the words' order, since the parser of lower-case chat may hang the name anywhere
    ("haulwell" as a noun of "smokes")."""
    doc, i = span.doc, span.start
    if i < 2 or doc[i - 1].pos_ != "ADP" or doc[i - 1].lower_ in _WITH:
        return False
    noun = doc[i - 2]
    return noun.pos_ == "NOUN" and primarily_someone(noun.lemma_.lower()) == "person"


def _holder(span: Any, names: set[str]) -> Any:
    """Who holds the role a phrase is the workplace of: the name set before "my boss"
    ("kev my boss at haulwell", "kev, my boss at haulwell"), an apposition whatever the
    parser made of it; None when no name stands there."""
    doc, j = span.doc, span.start - 2  # the role noun
    start = span.sent.start
    while j > start and (doc[j - 1].dep_ in ("poss", "det") or doc[j - 1].lower_ in _DESCRIBED):
        j -= 1
    if j > start and doc[j - 1].text == ",":
        j -= 1
    if j - 1 < start:
        return None
    name = doc[j - 1]
    if not name.is_alpha or name.is_stop or name.lower_ in _SPEAKER:
        return None
    if name.lower_ in names or name.pos_ == "PROPN" or looks_like_name(name.text):
        return doc[j - 1 : j]
    return None


def _of_its_kind(attr: str, value: str) -> bool:
    """A value in dictionary words of an attribute named for a made thing ("Phone") is
    that thing or a kind of it, by WordNet: "ETD stuff" is no phone. Attributes named
    otherwise ("Drinks", "Gets around by") take any."""
    from validators.lexicon import kind_among, kind_of

    noun = attr.lower()
    if " " in noun or kind_among(noun, ("artifact",)) is None:
        return True
    head = value.split()[-1].lower()
    return head == noun or kind_of(noun, head)


def _names_something(value: str) -> bool:
    """Some word of the value is a name: capitalised (not shouted), a word no dictionary
    knows that may be a name, or a model's number ("pixel 6")."""
    for w in value.split():
        w = w.strip(".,!?'’\"()")
        if not w:
            continue
        if w[:1].isupper() and not w.isupper():
            return True
        if any(c.isdigit() for c in w):
            return True
        if may_name(w.lower()) and not known_word(w.lower()):
            return True
    return False


def _bare_singular(span: Any) -> bool:
    """One singular noun after a preposition with no article, no possessive and no
    modifier: English says a thing that way only when it is a name ("with chase",
    "over to starling"), a mass noun or an idiom ("to work"), and the attribute's
    examples have already read the clause as one of a business."""
    root = span.root
    return (
        len(span) == 1
        and root.is_lower
        and root.tag_ in ("NN", "NNP", "VBG")
        and root.dep_ in ("pobj", "pcomp")
        and root.head.lower_ in ("with", "to", "at", "from", "onto", "into")
        and not any(True for _ in root.children)
        # "into town", "to school", "at home": an idiom of going somewhere, no business
        # (a word WordNet knows as a kind of place)
        and not may_name_place(root.lower_)
    )


def _model(span: Any) -> bool:
    """The phrase ends in a model's number after its name ("pixel 6", "galaxy s21")."""
    last = span[-1]
    if len(span) < 2 or not any(c.isdigit() for c in last.text):
        return False
    return model_name(span[-2]) or (last.is_alpha is False and last.text[:1].isalpha())


def _introduced(span: Any) -> str:
    """The sentence before a naming clause and the clause, the name as X."""
    doc, sent = span.doc, span.sent
    start = sent.start
    if start > 0:
        start = doc[start - 1].sent.start
    end = min(sent.end, span.end + WINDOW)
    before = [t.text for t in doc[start : span.start]]
    return " ".join([*before, "X", *(t.text for t in doc[span.end : end])])


def _naming(verb: Any) -> bool:
    """ "his name is X", "her name's X": a clause that names someone, whose possessor is
    the one named, not the owner of a value."""
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return verb.lemma_ == "be" and subj is not None and subj.lemma_.lower() == "name"


def _lead(row: Any, none: int) -> float:
    """How far the best attribute of a row of scores is above "none"."""
    return float(max(v for j, v in enumerate(row) if j != none) - row[none])


def _addressed(verb: Any) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ == "you" for c in verb.children)


def _what_one_is(span: Any) -> bool:
    """The phrase says what the speaker is ("im the only DBA on the billing system",
    "we're the night crew"): the complement of "I am", a role or a description of the
    speaker, never a thing, place, organisation or person the speaker has. An all-caps
    role ("DBA", "QA") reads as an organisation's name on its own."""
    root = span.root
    if root.dep_ != "attr" or root.head.lemma_ != "be":
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in root.head.children)


def _theirs(span: Any) -> bool:
    """The value belongs to someone else's thing: "my parents house in X", "his flat in
    X", "my dad's truck" (the value's own noun, or a noun on the way up, whose possessor
    is not the speaker, or a relative)."""
    tok = span.root
    on_the_way = [tok]
    while tok.head.i != tok.i and tok.dep_ in ("pobj", "prep", "compound", "appos"):
        tok = tok.head
        on_the_way.append(tok)
    for tok in on_the_way:
        for c in tok.children:
            if c.dep_ == "poss" and c.lower_ not in ("my", "our") and c.i < span.root.i:
                return True
            relative = c.dep_ in ("compound", "nmod") and c.lemma_.lower() in RELATIONS
            if tok.i != span.root.i and relative:
                return True  # "my parents house": the parents'
    return False


@cache
def name_nouns() -> dict[str, set[str]]:
    """Per attribute, the nouns its examples set right after the value ("my X account",
    "my X sim came in the post", "X gym"): a name before one of them is the value, the
    noun what it is a name of."""
    out: dict[str, set[str]] = {}
    for attr, examples in prototypes()["attribute"].items():
        for ex in examples:
            words = re.findall(r"[\w']+", ex.lower())
            out.setdefault(attr, set()).update(
                words[i + 1] for i, w in enumerate(words[:-1]) if w == "x"
            )
    return out


def _modifier_name(span: Any) -> Any:
    """The words that name a thing before the common noun saying what it is ("a tesco
    mobile sim", "my monzo account", "the verizon bill"), as a span, or None: what
    modifies the noun as a compound, not as a description ("a new sim")."""
    root, doc = span.root, span.doc
    if root.pos_ not in ("NOUN", "PROPN") or root.i == span.start:
        return None
    start = root.i
    while (
        start > span.start
        and doc[start - 1].dep_ in ("compound", "flat", "nmod", "amod")
        and doc[start - 1].lower_ not in TIME_MODIFIERS
    ):
        start -= 1
    words = doc[start : root.i]
    # Typed in lower case, a name's words are often tagged adjectives ("tesco mobile",
    # "bt mobile"); one word read as a compound or a name is enough, "a big red car" has
    # none.
    if not any(t.dep_ != "amod" or t.pos_ == "PROPN" or t.ent_type_ for t in words):
        return None
    if any(t.ent_type_ in ("PERSON", "GPE", "LOC", "NORP") for t in words):
        return None
    return words


class AttributeReader:
    """Reads the values of typed attributes in a run's first-person statements."""

    def __init__(self, embedder: Any, workplace: Any = None, topics: tuple[str, ...] = ()):
        self.embedder = embedder
        self.classifier = classifier_for(embedder, "attribute")
        self.workplace = workplace
        self._words = classifier_for(embedder, "name_word")
        self._roles = classifier_for(embedder, "value_role")
        self._word_kinds: dict[str, str] = {}
        #: attributes named after a statement's topic ("Work and money"): a typed value of
        #: the same statement says better what it states
        self.topics = set(topics)
        #: names typed in lower case that the run reads as places (`dream.lowercase`)
        self.places: set[str] = set()
        #: names (lower case) the run reads as people or pets: never a place or a business
        self.people: set[str] = set()
        #: words the run uses as values of an attribute (`dream.uses`): no person's names
        self.used: dict[str, str] = {}
        #: whether each sentence reads as a change (`roles.read_as_change`), or None
        self.changed: Any = None

    def _a_thing(self, span: Any, margin: float, context: str, least: float = THING_MARGIN) -> bool:
        """A common noun as a thing's value: clearly so by the examples, one thing (not
        "ideas"), no part or measure of something ("part of my routine"), and its clause
        nearer the `value_role` examples of a new value than of no value ("i do X in the
        morning now"; not "i also enjoy X", "i made it with X")."""
        root = span.root
        if margin < least or root.tag_ in ("NNS", "NNPS"):
            return False
        if any(c.dep_ == "prep" and c.lower_ == "of" for c in root.children):
            return False
        row = self._roles.scores(self.embedder.embed([context]))[0]
        labels = self._roles.labels
        return float(row[labels.index("new")] - row[labels.index("other")]) >= THING_ROLE

    def _someone(self, span: Any, value: str) -> bool:
        """The phrase names a person, however the tagger typed it: one the run reads as a
        person or a pet (`dream.lowercase`, their pages), or a companion in what the
        speaker does ("pilates with jen", "jen and i did yoga") whose word alone reads as
        a person's name by the `name_word` examples, clearly: "i bank with monzo" is
        said the same way, and "monzo" reads only a little like a first name."""
        if value.lower() in self.people:
            return True
        if not _companion(span):
            return False
        label, lead = self._words.label(self.embedder.embed([value.lower()]))[0]
        return label == "person" and lead >= PERSON_LEAD

    def _a_place(self, value: str) -> bool:
        """The run reads the value's name as a place (`dream.lowercase`, its pages)."""
        words = value.lower().split()
        return bool(words) and (value.lower() in self.places or words[-1] in self.places)

    def _word_kind(self, text: str) -> str:
        """What a name alone reads as, with "?" after it when only by less than
        WORD_LEAD ("sorrel", "marta": a name of anything)."""
        if self.used.get(text.lower().split()[-1] if text.split() else "") is not None:
            return "brand"  # "the octavia failed its mot": a thing's name, whatever it reads as
        if text not in self._word_kinds:
            label, lead = self._words.label(self.embedder.embed([text]))[0]
            self._word_kinds[text] = label if lead >= WORD_LEAD else f"{label}?"
        return self._word_kinds[text]

    def read(self, items: list[tuple[Any, Any]], names: set[str], changing: set[int]) -> None:
        """`items`: (Statement, parsed sentence). Adds to each statement's changes the
        value of the attribute its sentence states, or names the attribute of a value
        the other readings found ("dialysis clinic" under Employer, not "Work and
        money"). `changing`: ids of statements whose sentence reads as a change."""
        found: list[tuple[Any, Any, str, bool, bool]] = []
        contexts: list[str] = []
        besides: list[str] = []
        #: index in `found` of a name read before its noun -> that noun
        modifiers: dict[int, str] = {}
        #: indices in `found` of a place read before a word for a home (`named_home`)
        dwelt: set[int] = set()
        #: index in `found` of a plan's value -> the statement that said it done
        planned: dict[int, Any] = {}
        for st, doc in items:
            phrases = _phrases(doc)
            called_names = _called(doc)
            # A description set after a name says what the name is; the name is read
            # without it ("did a trial shift at X tonight", not "..., the tasting menu")
            descriptions = {
                p.start: (span, p) for span in phrases if (p := _description(span, phrases))
            }
            apposed = {d.start for _, d in descriptions.values()}
            for span in phrases:
                if span.start in apposed:
                    continue  # "the tasting menu place": sorrel's, no value of its own
                described = [t.lower_ for t in span if t.i < span.root.i and t.lower_ in _DESCRIBED]
                # "a bigger flat", "my review": a description or an attribute, no value;
                # but "my monzo account" names one before its noun
                whole = not described or described in (["a"], ["an"])
                named = _modifier_name(span)
                # "our brunswick share house": a home called after its place
                home = named_home(span, self.places)
                if not whole and named is None and home is None:
                    continue
                # "got a little fiesta now": a thing one has is said with "a"; its value
                # is its name, without the article and the words that describe it
                value = _value_text(_bare(span) if described else _unquantified(span))
                if value is None or value.lower() in _SPEAKER or value == st.speaker:
                    continue
                if called_out(span):
                    continue  # "Hey Jon, my online store ...": whom it is said to
                if any(c.lower_ in ("i", "we") and c.i < span.root.i for c in span.root.children):
                    continue  # "so we finaly moved": a misspelt word the parse hung "we" on
                verb = _clause(span.root)
                if verb is not None and _addressed(verb):
                    continue  # "you mentioned your work at X": the other person's
                called = called_names.get(span.start)
                naming = (
                    (verb is not None and _naming(verb))
                    or _named_by_clause(span)
                    or (called is not None and called[0].end == span.end)
                )
                theirs = verb is not None and not naming and _someone_else(verb, span.root)
                # "our flat in X is falling apart": the subject's words are said as
                # they are, whatever the tense; only what the verb does may be a plan
                subject = verb is not None and _in_subject(span, verb)
                hedged = verb is not None and _hedged(verb, progressive=not subject)
                # "we're signing for a flat in X this week", then "signed it": done
                done = done_later(st, verb, items) if hedged and only_planned(verb) else None
                if (_theirs(span) and not naming) or (
                    verb is not None and (theirs or (hedged and done is None))
                ):
                    continue  # "my sister's new boyfriend X", "i might move to X"
                if done is not None:
                    planned[len(found)] = done[0]
                if verb is not None and any(c.dep_ == "neg" for c in verb.children):
                    continue  # "lol we're not in X": a value denied, none stated
                if home is not None:
                    # the place is the value, read where the whole phrase stands ("rent
                    # in X is 260 a week"), as where one lives or nothing
                    dwelt.add(len(found))
                    if done is not None:
                        planned[len(found)] = done[0]
                    found.append((st, home, _value_text(home) or home.text, False, False))
                    contexts.append(
                        _context(span) if done is None else done_context(span, verb, done[1])
                    )
                    besides.append("")
                    continue
                if named is not None and not naming:
                    # "mint sim came in the mail": the name before the noun, read with
                    # the noun in its clause ("X sim came in the mail")
                    modifiers[len(found)] = span.root.lower_
                    found.append((st, named, named.text, False, False))
                    contexts.append(_context(named))
                    besides.append("")
                if not whole or _what_one_is(span):
                    continue
                found.append((st, span, value, naming, bool(described)))
                # Read where it stands and, set beside a noun, where that noun stands
                # ("the manager there, X, is so chill"; "i report to X there, andre").
                beside = _beside(span, phrases)
                if naming and called is not None:
                    # "a woman called X runs the dispensary": read as "X runs the
                    # dispensary", the name where the words for the person stand
                    contexts.append(_context(span, around=called[1]))
                elif naming:
                    # "his name is X" names whom the sentence before introduced ("i am
                    # seeing someone new."): read the two together
                    contexts.append(_introduced(span))
                elif done is not None:
                    contexts.append(done_context(span, verb, done[1]))
                else:
                    after = next((d for n, d in descriptions.values() if n is span), None)
                    stop = after.start - (doc[after.start - 1].text == ",") if after else None
                    contexts.append(_context(span, stop=stop))
                besides.append(_context(span, beside) if beside is not span else "")
        homes = {
            ch.new.lower()
            for st, _ in items
            for ch in st.changes
            if ch.new and ch.attr == "Lives in"
        }
        for st, _ in items:
            # "got a job in two harbors", "still settling in to two harbors": where the run
            # says one lives, said again, is no value of the statement's topic
            st.changes[:] = [
                ch
                for ch in st.changes
                if not (
                    ch.new and ch.new.lower() in homes and ch.old is None and ch.possessed is None
                    and _topic(ch.attr, self.topics)
                )
            ]  # fmt: skip
        # With no value phrase found, someone's home below may still be read ("we're
        # officially at tasha's parents in X" names the place by the home's owner).
        scores = self.classifier.scores(self.embedder.embed(contexts)) if found else []
        others = [i for i, b in enumerate(besides) if b]
        if others:
            more = self.classifier.scores(self.embedder.embed([besides[i] for i in others]))
            none = self.classifier.labels.index("none")
            for i, row in zip(others, more, strict=True):
                if _lead(row, none) > _lead(scores[i], none):
                    scores[i], contexts[i] = row, besides[i]
        labels = self.classifier.labels
        none = labels.index("none")
        best: dict[tuple[int, str], tuple[float, Any, Any, str, str]] = {}
        rivals: dict[tuple[int, str], list[tuple[float, Any, Any, str, str]]] = {}
        weak: dict[tuple[int, str], list[tuple[float, Any, Any, str, str]]] = {}
        nouns = name_nouns()
        named_before: dict[tuple[int, str], Any] = {}
        for i, ((st, span, value, naming, article), context, row) in enumerate(
            zip(found, contexts, scores, strict=True)
        ):
            # An amount is a value of an attribute of amounts or of none: which other
            # attribute its clause reads like ("they put me up to 15.10": a job) is no
            # rival
            amount = an_amount(span)
            among = [
                j
                for j in range(len(labels))
                if j != none and (not amount or KINDS[labels[j]] == "amount")
            ]
            top = max(among, key=lambda j: row[j])
            if i in modifiers and modifiers[i] not in nouns.get(labels[top], ()):
                continue  # "car payment": no name of what the attribute's values are
            if i in dwelt and KINDS[labels[top]] != "place":
                continue  # "the leith flat": a home's place, nothing else
            runner = max((row[j] for j in among if j != top), default=row[none])
            margin = float(row[top] - row[none])
            if os.environ.get("BRAIN_DEBUG_ATTRIBUTES") == "2":  # every phrase read
                print(f"  {labels[top]}? {value!r} {margin:+.3f} | {context}", file=sys.stderr)
            # Two signals that agree: a sentence of change, or a value another reading
            # found new ("our flat in X": a home, read as a value of its topic)
            seen = any(ch.new and _same(ch.new, value) for ch in st.changes)
            need = CHANGE_MARGIN if id(st) in changing or seen else MARGIN
            if id(st) in changing:  # any attribute it reads as may have lost this value
                for j, label in enumerate(labels):
                    if j != none and row[j] > row[none]:
                        entry = (float(row[j] - row[none]), st, span, value, context)
                        weak.setdefault((id(st), label), []).append(entry)
            if margin < (AMOUNT_MARGIN if amount else need) or row[top] - runner < LEAD:
                continue
            attr = labels[top]
            if article and (KINDS[attr] != "thing" or span.root.lemma_.lower() in attr.lower()):
                continue  # "a bigger flat" is no home; "a new phone" names no phone
            place = KINDS[attr] == "place" and value.lower() in self.places | homes
            # Where the run says one lives is a place, no employer, unless named as one
            a_home = (
                value.lower() in homes and (span.label_ or span.root.ent_type_) not in _ORG_LABELS
            )
            if KINDS[attr] in ("organization", "business") and a_home:
                continue
            if KINDS[attr] != "person" and self._someone(span, value):
                continue  # "been doing pilates with jen": whom one does it with, no gym
            if KINDS[attr] in ("thing", "person") and self._a_place(value):
                continue  # "the lighter route round frenchay": where, no vehicle, no one
            if (
                KINDS[attr] == "business"
                and (margin < THING_MARGIN or source(span.root))
                and _someone_or_somewhere(span)
            ):
                continue  # "got my payslip from hartley": a surname, whoever paid, no bank
            if place and _among_many(span):
                continue  # "i have 3 houses in X": houses someone works at, not a home
            if KINDS[attr] == "place" and _beside_it(span):
                continue  # "apartment hunting near X": close to the home, not the home
            if KINDS[attr] == "person" and _names_a_thing(span):
                continue  # "signed the X wedding": whose wedding, no partner
            if KINDS[attr] == "person" and _where_someone_is(span):
                # "kev my boss at X": X is where the boss works; the boss is kev
                span = _holder(span, names)
                if span is None:
                    continue
                value = span.text
            if (
                not place
                and i not in modifiers  # its noun says what it names
                and i not in dwelt  # a place by `named_home`
                and not fits(span, KINDS[attr], names, self._word_kind, self.workplace, naming)
            ):
                continue
            if KINDS[attr] == "thing" and source(span.root):
                continue  # "a secondhand polo off X": where it came from
            if (
                KINDS[attr] == "thing"
                and span.root.is_lower
                and span.root.lower_ not in self.used
                and primarily_a(span.root.lower_, "person")
            ):
                continue  # "sold the octavia to a X from work": to whom, no thing had
            plain = not (span.label_ or span.root.ent_type_ or _named(span, names))
            # In a sentence that reads as a change, a thing had (an object, not a doing)
            # needs only MARGIN: "got a little fiesta now, the corsa finally died"
            held = span.root.dep_ in ("dobj", "attr", "oprd", "pobj")
            least = MARGIN if id(st) in changing and held else THING_MARGIN
            if KINDS[attr] == "thing" and plain and not self._a_thing(span, margin, context, least):
                continue
            if i in planned:  # stated when said done, cited with the plan that named it
                named_before[(id(planned[i]), attr)] = st
                st = planned[i]
            key = (id(st), attr)
            rivals.setdefault(key, []).append((margin, st, span, value, context))
            if key not in best or margin > best[key][0]:
                best[key] = (margin, st, span, value, context)
        olds = self._new_and_old(rivals, best)
        olds.update(self._left_behind(weak, best, olds, names))
        for key, (entry, before) in self._homes_named_before(items, names, changing).items():
            if key not in best:
                best[key] = entry
                named_before[key] = before
        # "i'm at jas's now", "back at my dad's. its in X": someone's home (`dream.homes`)
        homes = HomeReader(
            lambda word: word in self.people,
            lambda span: (
                (_value_text(span) or "").lower() in self.places
                or fits(span, "place", names, self._word_kind)
            ),
            self._as_home,
            self.changed,
        )
        for key, (entry, before) in homes.read(items, changing).items():
            # someone's home, by the parse and two readings, over a lone reading's value
            # ("moved in with my girlfriend!! her place in bootle, the walton flat is
            # someone elses problem now": Bootle, not Walton)
            if key not in best or (entry[0] > best[key][0] and not _same(entry[3], best[key][3])):
                best[key] = entry
                if before is not entry[1]:
                    named_before[key] = before
        if os.environ.get("BRAIN_DEBUG_ATTRIBUTES"):
            for (_, attr), (m, _st, _span, value, context) in best.items():
                print(f"attribute {attr}: {value!r} +{m:.3f} | {context}", file=sys.stderr)
        said: dict[tuple[str, str], list[str]] = {}
        chosen = sorted(best.items(), key=lambda kv: (kv[1][1].when or dt.date.min, kv[1][1].n))
        for key, (_, st, span, value, _) in chosen:
            attr = key[1]
            # "the clinic" after "the dialysis clinic": the value already named, not a new one
            earlier = said.setdefault((st.speaker, attr), [])
            value = next((v for v in earlier if _part(value, v)), value)
            earlier.append(value)
            if self._traded_for(st, attr, span, value, names):
                continue
            _state(st, attr, span, value, self.topics, olds.get(key))
            if key in named_before:  # cite where the place was named, beside the move
                for ch in st.changes:
                    if ch.new == value and ch.attr == attr:
                        ch.evidence = (named_before[key].anchor,)

    def _as_home(self, contexts: list[str]) -> list[float]:
        """How clearly each context reads as where the speaker lives: its margin as such
        over no value by the attribute examples, plus its margin as living somewhere over
        visiting by the `home_stay` examples ("had tea at my nan's in X" is a visit)."""
        vectors = self.embedder.embed(contexts)
        labels = self.classifier.labels
        none, home = labels.index("none"), labels.index("Lives in")
        stay = classifier_for(self.embedder, "home_stay")
        lives, visits = stay.labels.index("lives"), stay.labels.index("visits")
        return [
            float(row[home] - row[none] + kind[lives] - kind[visits])
            for row, kind in zip(self.classifier.scores(vectors), stay.scores(vectors), strict=True)
        ]

    def _new_and_old(
        self,
        rivals: dict[tuple[int, str], list[tuple[float, Any, Any, str, str]]],
        best: dict[tuple[int, str], tuple[float, Any, Any, str, str]],
    ) -> dict[tuple[int, str], str]:
        """Two values of one attribute in one sentence ("treated myself to a pixel 8, the
        samsung finally cracked"; "opened an account with chase, the halifax app is
        awful"): by the `value_role` examples, the one said as taken up is the value, and
        one said as left behind is its old value, not whichever reads more like the
        attribute. Returns the old value of each such statement and attribute."""
        pairs = {
            k: v
            for k, v in rivals.items()
            if len({e[3].lower() for e in v}) > 1
            # "i pay 575 a month ... is 50/50 fair": amounts of one sentence are a sum
            # and its share, what things cost, not a wage and the one it replaced
            and KINDS[k[1]] != "amount"
            # "switched from tea to coffee": the grammar already said which is which
            and not any(ch.new and ch.old for ch in v[0][1].changes)
        }
        if not pairs:
            return {}
        entries = [e for v in pairs.values() for e in v]
        rows = self._roles.scores(self.embedder.embed([clause_context(e[2]) for e in entries]))
        labels = self._roles.labels
        new, old = labels.index("new"), labels.index("old")
        lean = {id(e): float(r[new] - r[old]) for e, r in zip(entries, rows, strict=True)}
        out: dict[tuple[int, str], str] = {}
        for key, found in pairs.items():
            # A value the speaker named before, saying this attribute, is the old one
            # ("the samsung screen cracked" after "ive got a samsung galaxy"); then the
            # examples decide.
            before = _said_before(key, found[0][1], best)
            ranked = sorted(found, key=lambda e: (_named_in(e[3], before), -lean[id(e)]))
            best[key] = ranked[0]
            gone = ranked[-1]
            gone_before = _named_in(gone[3], before) and not _named_in(ranked[0][3], before)
            if (gone_before or lean[id(gone)] < 0) and not _same(gone[3], ranked[0][3]):
                out[key] = gone[3]
        return out

    def _left_behind(
        self,
        weak: dict[tuple[int, str], list[tuple[float, Any, Any, str, str]]],
        best: dict[tuple[int, str], tuple[float, Any, Any, str, str]],
        olds: dict[tuple[int, str], str],
        names: set[str],
    ) -> dict[tuple[int, str], str]:
        """The old value of a change that names only its new one clearly ("got a little
        fiesta now, the corsa finally died"): another name of the same sentence, of the
        attribute's kind, that the attribute's examples read a little (not enough to be
        a value) and the `value_role` examples read as left behind ("X finally died")."""
        found = []
        for key, (_, _st, _span, value, _) in best.items():
            if key in olds or key not in weak:
                continue
            for e in weak[key]:
                if _same(e[3], value) or not _named(e[2], names):
                    continue
                if e[2].root.dep_ == "pobj":
                    continue  # "died on the a1": where, not what was left behind
                if fits(e[2], KINDS[key[1]], names, self._word_kind):
                    found.append((key, e))
        if not found:
            return {}
        rows = self._roles.scores(self.embedder.embed([clause_context(e[2]) for _, e in found]))
        labels = self._roles.labels
        new, old = labels.index("new"), labels.index("old")
        out: dict[tuple[int, str], str] = {}
        gone: dict[tuple[int, str], float] = {}
        for (key, e), r in zip(found, rows, strict=True):
            lean = float(r[old] - max(r[new], r[labels.index("other")]))
            if lean >= LEFT and lean > gone.get(key, 0.0):
                out[key], gone[key] = e[3], lean
        return out

    def _traded_for(self, st: Any, attr: str, span: Any, value: str, names: set[str]) -> bool:
        """Two values of one kind in a sentence that states a change: the one the change
        names is new, the other old ("switched the weekly shop to aldi, sainsburys got
        way too dear": Shops at aldi, no longer sainsburys), whatever the change's own
        reading called the attribute (its object noun, the topic)."""
        low = value.lower()
        for ch in st.changes:
            if not ch.new or ch.old or ch.possessed or ch.attr in KINDS or _same(ch.new, low):
                continue
            other = next(
                (p for p in _phrases(span.doc) if (_value_text(p) or "").lower() == ch.new.lower()),
                None,
            )
            if other is None or not fits(other, KINDS[attr], names, self._word_kind):
                continue
            if KINDS[attr] == "thing" and not _named(other, names):
                continue  # a common noun is no name of a thing one has
            ch.attr, ch.old = attr, value
            ch.new_type = ch.new_type or PAGE_TYPES.get(KINDS[attr])
            return True
        return False

    def _homes_named_before(
        self, items: list[tuple[Any, Any]], names: set[str], changing: set[int]
    ) -> dict[tuple[int, str], tuple[tuple[float, Any, Any, str, str], Any]]:
        """A move said through its consequences: "we got the keys today. the cottage is
        ours", where the place was named with the thing weeks before ("priya found a
        cottage in X"). "the cottage" (or "our cottage") refers to the speaker's earlier
        "cottage in X": the sentence is read with "the cottage in X" in its place, and
        when it reads as where the speaker lives, by the examples, and as a change (two
        signals that agree), X is the value."""
        earlier: dict[tuple[str, str], tuple[Any, Any]] = {}  # (speaker, noun) -> (st, place)
        for st, doc in sorted(items, key=lambda it: (it[0].when or dt.date.min, it[0].n)):
            for tok in doc:
                if tok.pos_ != "NOUN":
                    continue
                place = _place_of(tok, names, self._word_kind)
                if place is not None:
                    earlier[(st.speaker, tok.lemma_.lower())] = (st, place)
        if not earlier:
            return {}
        found: list[tuple[Any, Any, str, Any]] = []
        for st, doc in items:
            if id(st) not in changing:
                continue
            for tok in doc:
                before = earlier.get((st.speaker, tok.lemma_.lower()))
                if tok.pos_ != "NOUN" or before is None or before[0] is st:
                    continue
                if (before[0].when or dt.date.min) > (st.when or dt.date.min):
                    continue
                if not _definite(tok) or _place_of(tok, names, self._word_kind) is not None:
                    continue
                place = before[1]
                start = max(tok.sent.start, tok.i - WINDOW)
                end = min(tok.sent.end, tok.i + 1 + WINDOW)
                words = [t.text for t in doc[start : tok.i + 1]] + ["in", "X"]
                words += [t.text for t in doc[tok.i + 1 : end]]
                found.append((st, place, " ".join(words), before[0]))
        if not found:
            return {}
        labels = self.classifier.labels
        none, home = labels.index("none"), labels.index("Lives in")
        scores = self.classifier.scores(self.embedder.embed([f[2] for f in found]))
        out: dict[tuple[int, str], tuple[tuple[float, Any, Any, str, str], Any]] = {}
        for (st, place, context, before_st), row in zip(found, scores, strict=True):
            runner = max(row[j] for j in range(len(labels)) if j not in (home, none))
            margin = float(row[home] - row[none])
            if margin < MARGIN or row[home] - runner < LEAD:
                continue
            key = (id(st), "Lives in")
            if key not in out or margin > out[key][0][0]:
                entry = (margin, st, place, _value_text(place) or place.text, context)
                out[key] = (entry, before_st)
        return out


def _said_before(key: tuple[int, str], st: Any, best: dict[tuple[int, str], Any]) -> set[str]:
    """The words of the speaker's earlier sentences that state the same attribute."""
    when = (st.when or dt.date.min, st.n)
    words: set[str] = set()
    for (_, attr), entry in best.items():
        other = entry[1]
        if (
            attr == key[1]
            and other.speaker == st.speaker
            and (other.when or dt.date.min, other.n) < when
        ):
            words |= set(other.sent.lower().replace(",", " ").split())
    return words


def _named_in(value: str, words: set[str]) -> bool:
    return any(len(w) >= 3 and w in words for w in value.lower().split())


def _place_of(tok: Any, names: set[str], word_kind: Any) -> Any:
    """The named place a noun is said to be in or on ("a cottage in X", "a 1br on X"),
    as a span, else None."""
    preps = list(tok.children)
    if tok.dep_ == "dobj":  # "found a cottage in X": the parser often hangs it on the verb
        preps += [c for c in tok.head.children if c.i > tok.i]
    for prep in preps:
        if prep.dep_ != "prep" or prep.lower_ not in ("in", "on"):
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj":
                continue
            span = obj.doc[obj.left_edge.i : obj.i + 1]  # "Hebden Bridge", not its appositions
            if not any(t.pos_ == "PROPN" or t.ent_type_ for t in span) and not _named(span, names):
                continue
            if fits(span, "place", names, word_kind):
                return span
    return None


def _definite(tok: Any) -> bool:
    """ "the cottage", "our cottage": one already known, not "a cottage"."""
    return any(
        (c.dep_ == "det" and c.lower_ in ("the", "that", "this"))
        or (c.dep_ == "poss" and c.lower_ in ("our", "my"))
        for c in tok.children
    )


def _state(
    st: Any, attr: str, span: Any, value: str, topics: set[str], old: str | None = None
) -> None:
    """The statement states `value` for `attr`: a change another reading found for the
    same value takes the attribute's name; else the value is stated anew, in place of a
    lone value the examples of change read under the statement's topic ("offer letter"
    under Work and money). A value the statement ends is no current value."""
    low = value.lower()
    if any(ch.old and ch.new is None and _same(ch.old, low) for ch in st.changes):
        return
    kind = KINDS[attr]
    new_type = PAGE_TYPES.get(kind)
    # A change said in another sentence of the turn ("got a start at X. been getting the
    # subway in instead of the bus") is another value's, not this one's
    sentence = span.sent.text.lower()
    traded = next(
        (ch for ch in st.changes if ch.new and ch.old and ch.new.lower() in sentence), None
    )
    if traded is not None and not any(ch.new and _same(ch.new, low) for ch in st.changes):
        if new_type is not None and _untyped(traded):
            # The change named a common noun ("the bungalow", said beside the old home);
            # the named value of the attribute's kind in the same statement ("in Dore")
            # is what changed to.
            traded.attr, traded.new, traded.new_type = attr, value, new_type
            traded.new_label = span.label_ or span.root.ent_type_ or None
            if traded.old and _common(traded.old):
                traded.old = None  # "gave the keys back": no old home, as below
        return  # the statement's change is read ("fizzy water instead" of diet coke)
    for ch in st.changes:
        if ch.new and _same(ch.new, low):
            if ch.possessed is None:  # "my manager is X" already names its attribute
                ch.attr = attr
                if ch.new.lower() in low and len(low) > len(ch.new):
                    ch.new = value  # "13" read alone is "iphone 13" whole
                ch.old = ch.old or old
                ch.new_type = ch.new_type or new_type
                if new_type is not None and ch.old and _common(ch.old):
                    ch.old = None  # "our flat in X ..., the boiler is ancient": no home
            return
    label = span.label_ or span.root.ent_type_ or None
    st.changes[:] = [
        ch
        for ch in st.changes
        if not (ch.new and ch.old is None and ch.possessed is None and _topic(ch.attr, topics))
    ]
    st.changes.append(Change(attr, value, old, label, new_type=new_type))


def _among_many(span: Any) -> bool:
    """A place said of many things ("3 houses in X", "flats in X"): no one home."""
    prep = span.root.head
    return span.root.dep_ == "pobj" and prep.head.tag_ in ("NNS", "NNPS")


#: Prepositions that say a place is beside another, not in it.
_BESIDE = frozenset(["near", "beside", "nearby", "by", "past", "opposite"])


def _beside_it(span: Any) -> bool:
    """The value is where something is near, not where it is: "near X", "close to X",
    "next to X"."""
    root = span.root
    if root.dep_ != "pobj":
        return False
    prep = root.head
    return prep.lower_ in _BESIDE or (
        prep.lower_ == "to" and prep.head.lower_ in ("close", "next", "closer", "nearer")
    )


def _names_a_thing(span: Any) -> bool:
    """The name stands before a common noun that says what it names ("the tran/moore
    wedding", "the smith account"): the thing is of them, and they are no one's partner
    or boss by it."""
    root = span.root
    head = root.head
    return (
        root.dep_ in ("compound", "nmod", "amod", "det")
        and head.pos_ == "NOUN"
        and not span.start <= head.i < span.end
    )


def _common(value: str) -> bool:
    """Words any dictionary explains, in lower case: no name of a place, a business or
    a person ("boiler")."""
    return value.islower() and all(known_word(w) for w in value.split())


def _untyped(ch: Change) -> bool:
    """A change to a thing in lower case with no kind: no entity, no subject type, no
    attribute of its own."""
    return (
        ch.possessed is None and ch.new_label is None and ch.new_type is None
        and bool(ch.new) and ch.new == ch.new.lower()
    )  # fmt: skip


def _topic(attr: str | None, topics: set[str]) -> bool:
    return attr is not None and (attr in topics or attr.removesuffix(" (amount)") in topics)


def _part(short: str, long: str) -> bool:
    """`short` is the last words of `long` ("clinic", "dialysis clinic")."""
    a, b = short.lower().split(), long.lower().split()
    return len(a) < len(b) and b[-len(a) :] == a


def _same(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a in b or b in a
