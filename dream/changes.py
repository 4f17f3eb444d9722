"""Values and changes of value read from a sentence's parse, for any attribute.

Three grammatical shapes, whatever the words around them:

- a possessive attribute with a value: "my manager is Sofia Brandt", "Sofia is my new
  manager", "my go-to editor these days is Helix" -> Manager = Sofia Brandt;
- a change of one value for another: "switched from tea to coffee", "we replaced GitLab
  CI with GitHub Actions", "GitHub Actions replaced GitLab CI", "moved from Lisbon to
  Ghent" -> the new value is current, the old one history;
- an end: "no more coffee for me", "i don't drink coffee anymore", "I quit Duolingo" ->
  whatever attribute holds that value ends.

A name set beside a role the speaker calls new is that role's value too ("the new
manager, tomasz, wants ..." -> Manager = Tomasz). A value traded "for" another and a
thing of now compared with one of before are read in `dream.trades`.

The attribute is the possessed noun when there is one ("my phone" -> Phone); otherwise
the attribute that holds the old value on the page, else the statement's topic. Hedged
or future statements ("I might switch to ...", "thinking about moving to ...") are
left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from language.dates import is_date_word
from language.names import known_word, may_name, names_a_place, names_nobody
from validators.lexicon import (
    is_noun,
    kind_among,
    may_name_place,
    names_worker,
    over_someone,
    primarily_a,
    primarily_someone,
)

from .lexicon import apostrophe_dropped, called_out, greets, kind_noun

#: Verbs that trade one value for another ("from X to Y", "X with/for Y").
CHANGE_VERBS = {"switch", "change", "move", "replace", "swap", "trade", "migrate", "upgrade",
                "convert", "transition", "go", "shift", "downgrade"}  # fmt: skip
#: Of those, the ones that name a new value with "to" alone ("switched to X"); "went to
#: Paris" is a trip, not a change.
TO_VERBS = {"switch", "move", "migrate", "upgrade", "downgrade", "relocate"}
#: Of those, the ones that change where someone lives ("relocated to three lakes for the
#: job" is a new home, not a value "For job").
HOME_VERBS = {"move", "relocate"}
#: Verbs that end a value ("I quit X").
END_VERBS = {"quit", "stop", "leave", "drop", "ditch", "cancel", "abandon", "give", "lose"}
#: Modifiers of a possessed noun that mark its time, not its kind.
TIME_MODIFIERS = {"new", "current", "old", "former", "previous", "latest", "first", "last",
                  "present", "existing"}  # fmt: skip
#: Heads that make a statement hypothetical or not yet done.
HEDGES = {"might", "may", "could", "would", "should", "maybe", "perhaps", "think", "consider",
          "plan", "want", "hope", "wish", "if", "gonna", "going", "will"}  # fmt: skip


@dataclass
class Change:
    attr: str | None  # None: the attribute that holds `old`, else the topic
    new: str | None
    old: str | None
    new_label: str | None  # spaCy entity label of the new value, when it has one
    possessed: str | None = None  # the possessed noun ("manager"), for typing the value
    new_type: str | None = None  # page type of the new value when it is a subject
    described: bool = False  # the value is an adjective ("my mother is happy")
    indefinite: bool = False  # said with "a"/"an": a kind ("my dog is a Corgi"), no name
    #: an end of `old` as the value of `attr`, known or not ("the old corolla died"):
    #: History keeps it even when the page never had it current (`dream.events`)
    ended: bool = False
    #: Other turns that name the value, cited beside the statement's own ((target,
    #: anchor, quote)): "the cottage is ours" gets its place from where it was named
    evidence: tuple[tuple[str, str, str], ...] = ()
    #: a done act of change ("moved to X on june 1st", "switched to X"): the new value
    #: holds from the day the statement names
    started: bool = False


#: Dependents that are part of a value's words.
_PARTS = ("compound", "amod", "nmod", "flat")


def _phrase(tok: Any) -> str:
    """A value's words: the token with its compounds and name parts, no determiners."""
    return tok.doc[_phrase_start(tok) : tok.i + 1].text


def _phrase_start(tok: Any) -> int:
    words = [t for t in tok.subtree if t.dep_ in _PARTS or t == tok]
    skip = TIME_MODIFIERS | {"more", "no", "any"}
    words = [t for t in words if t.i <= tok.i and t.lower_ not in skip]
    # Keep a contiguous run ending at the head, with the text's own spacing.
    run = [tok]
    for t in reversed(words):
        if t.i == run[-1].i - 1 and not t.is_punct and not t.text.endswith("."):
            run.append(t)  # a full stop inside is a sentence's end ("ppl tbh. money")
    return run[-1].i


def place_phrase(tok: Any) -> str:
    """A place's words: as `_phrase`, with a number word written out before them. One
    lives in or moves to one place, so "moved to two harbors", "we live in three rivers"
    name a town ("Two Harbors", "Three Rivers"), not a count of harbours; a count written
    in figures stays a count."""
    start = _phrase_start(tok)
    before = tok.doc[start - 1] if start > 0 else None
    counted = before is not None and before.dep_ == "nummod" and before.head.i == tok.i
    if counted and before.is_alpha and before.like_num:
        start -= 1
    return tok.doc[start : tok.i + 1].text


def _mine(verb: Any) -> bool:
    """The speaker does it: the subject is I or we, or there is none ("moved to york
    last week", typed without the I); a conjoined verb shares its head's subject."""
    while True:
        subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subj:
            # "so we finaly moved": a misspelt adverb read as the subject, "we" hung on it
            return subj[0].lower_ in ("i", "we") or any(
                c.lower_ in ("i", "we") and c.i < subj[0].i for c in subj[0].children
            )
        if verb.dep_ != "conj" or verb.head is verb:
            return True
        verb = verb.head


#: Entities that say when or how many, never what: no value of an attribute.
_NO_VALUE_ENTS = frozenset(["DATE", "TIME", "ORDINAL", "CARDINAL", "MONEY", "QUANTITY", "PERCENT"])


def _is_value(tok: Any) -> bool:
    """A name-like value: a proper noun or entity, or a bare noun ("to almada"), not a
    description with an article ("into a bigger flat"), nor a day or a count ("moved
    it to friday", "to the 14th")."""
    if tok.ent_type_ in _NO_VALUE_ENTS:
        return False
    if tok.ent_type_ or tok.pos_ == "PROPN":
        return True
    return tok.pos_ == "NOUN" and not any(c.dep_ in ("det", "poss") for c in tok.children)


def _hedged(verb: Any, progressive: bool = True) -> bool:
    """A hypothetical or planned act ("i might switch to X", "thinking about X"); with
    `progressive`, "i'm moving to X" too (a plan), which is no hedge where the value is
    the one acting ("dave is retiring", "shawna is taking over")."""
    chain = [verb, *verb.ancestors]
    doc = verb.doc
    for t in chain:
        # "my heart was going mental": "going" of no "going to" hedges nothing
        if _hedge_word(t) or (t.lemma_.lower() in HEDGES and t.lower_ != "going"):
            return True
        # "gonna", "wanna": a word the tokenizer split in two
        if t.i + 1 < len(doc) and t.lower_ + doc[t.i + 1].lower_ in HEDGES:
            return True
        if any(_hedge_word(c) or (c.dep_ == "mark" and c.lower_ == "if") for c in t.children):
            return True
    # "i'm moving to X" is a plan; "i've been banking with X" goes on since the past
    return (
        progressive
        and verb.tag_ == "VBG"
        and any(c.lemma_ == "be" and c.lower_ != "been" for c in verb.children)
    )


def _hedge_word(tok: Any) -> bool:
    """A word of a hedge; "going" only as "going to" ("got into X, going twice a week
    now" says how often); a noun never ("jo has a family plan")."""
    if tok.pos_ in ("NOUN", "PROPN"):
        return False
    if tok.lower_ != "going":
        return tok.lower_ in HEDGES
    doc = tok.doc
    after = doc[tok.i + 2] if tok.i + 2 < len(doc) else None
    # "going to move" is a plan; "going to pilates" a place one goes
    return (
        doc[tok.i + 1].lower_ in ("to", "ta")
        and after is not None
        and after.pos_ in ("VERB", "AUX")
        if tok.i + 1 < len(doc)
        else False
    )


def _unfilled(tok: Any) -> Any:
    """The value's head without chat filler after it ("a nightmare ngl" -> nightmare,
    where the parser made "ngl" the head), or None when it is all filler."""
    while names_nobody(tok.lower_):
        before = [c for c in tok.children if c.i == tok.i - 1 and c.dep_ in _PARTS]
        if not before:
            return None
        tok = before[0]
    return tok


def _proper(tok: Any) -> bool:
    """A proper noun, not a dictionary word in lower case that the tagger called one in
    chat ("a nightmare ngl"); "a Pixel" stays a name."""
    return tok.pos_ == "PROPN" and not (tok.is_lower and known_word(tok.lower_))


def _label(tok: Any) -> str | None:
    return tok.ent_type_ or None


def _negated(tok: Any) -> bool:
    return any(c.dep_ == "neg" for c in tok.children)


def _named_one(tok: Any) -> Any:
    """The one a name belongs to: "our kid's name is rosa" names the kid, not a name."""
    if tok.lemma_.lower() != "name":
        return tok
    return next((c for c in tok.children if c.dep_ == "poss" and c.pos_ == "NOUN"), tok)


def _copula(tok: Any) -> tuple[Any, Any] | None:
    """The two sides of "X is Y" and of a naming "my cat is called mango"."""
    if tok.lemma_ == "be":
        subj = next((c for c in tok.children if c.dep_ == "nsubj"), None)
        attr = next((c for c in tok.children if c.dep_ in ("attr", "acomp")), None)
    elif tok.lemma_.lower() in ("call", "name") and tok.tag_ == "VBN":
        subj = next((c for c in tok.children if c.dep_ == "nsubjpass"), None)
        # The word after "called" is the name, whatever the tagger made of it ("shelly"
        # reads as an adverb to it).
        attr = next((c for c in tok.children if c.i == tok.i + 1 and c.is_alpha), None)
    else:
        return None
    return None if subj is None or attr is None else (subj, attr)


def possessive_values(doc: Any) -> list[Change]:
    out = []
    for tok in doc:
        sides = _copula(tok)
        if sides is None or _negated(tok) or _hedged(tok):
            continue
        subj, attr = sides
        if (named := _pronoun_for_someone(subj, attr)) is not None:
            out.append(named)
            continue
        for owned, value in ((_named_one(subj), attr), (attr, subj)):
            if value.ent_type_ in _TIMES:
                continue  # "my last shift is april 11": a day, not a value
            poss = [c for c in owned.children if c.dep_ == "poss" and c.lower_ in ("my", "our")]
            if any(apostrophe_dropped(c) for c in owned.children if c.dep_ == "compound"):
                continue  # "my moms friend is ...": the mother's friend, not the speaker's
            if any(c.dep_ == "conj" for c in owned.children):
                continue  # "my wife and I were road tripping": what both were, no value
            naming = tok.lemma_ != "be" and value is attr
            kind_of_word = value.pos_ in ("PROPN", "NOUN", "ADJ") or naming
            if not poss or owned.pos_ != "NOUN" or not kind_of_word:
                continue
            if any(c.dep_ == "poss" for c in value.children):
                continue  # "my favourite is my mum's": no value of its own
            said = value
            value = _unfilled(value)
            if value is None:
                continue  # "my gym is tbh": chat, no value
            articles = any(c.lower_ in ("a", "an") for t in (said, value) for c in t.children)
            if not _proper(value) and articles:
                continue  # "my life is a mess", "our landlord is a nightmare ngl": a description
            name = _phrase(owned)
            # "my car is a Honda" names the car's make; "my dog is a Corgi" no dog: said
            # with "a", a value is a kind, never the name of a person or pet (`_typed`).
            out.append(
                Change(
                    name[:1].upper() + name[1:], _phrase(value), None, _label(value), name,
                    described=value.pos_ == "ADJ", indefinite=articles,
                )
            )  # fmt: skip
            break
    return out + _appositions(doc)


def _pronoun_for_someone(subj: Any, attr: Any) -> Change | None:
    """ "she handed the shop to her nephew tomas berg, so he's my boss now": "he" or
    "she" is the last person named before it in the sentence, and "my <role>" (a person
    by WordNet) is theirs now."""
    if subj.lower_ not in ("he", "she") or attr.pos_ != "NOUN" or _negated(attr.head):
        return None
    if not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in attr.children):
        return None
    if kind_noun(attr.lemma_.lower()) != "person":
        return None
    names = [t for t in subj.doc[: subj.i] if _someone_named(t)]
    if not names:
        return None
    run = [names[-1]]
    while run[0].i > 0 and _someone_named(subj.doc[run[0].i - 1]):
        run.insert(0, subj.doc[run[0].i - 1])
    # a surname a dictionary lists ("dahl") is still the name's, as the head it hangs on
    while run[-1].dep_ in ("compound", "flat") and run[-1].head.i == run[-1].i + 1:
        run.append(run[-1].head)
    name = _phrase(attr)
    value = subj.doc[run[0].i : run[-1].i + 1].text
    return Change(name[:1].upper() + name[1:], value, None, "PERSON", name)


def _someone_named(tok: Any) -> bool:
    """A word that names a person: a name by `_a_name`, no day, place or function word."""
    if tok.ent_type_ and tok.ent_type_ != "PERSON":
        return False
    return _a_name(tok) and not names_nobody(tok.lower_) and not names_a_place(tok.lower_)


#: Words that make "the <role>" the speaker's current one: "the new manager, tomasz".
_NOW = {"new", "current"}


def _new_role(noun: Any) -> bool:
    """ "the new manager", "the new physio": someone in a role that just changed hands,
    said by the speaker of their own life (whose else would be "the" new one, unnamed?);
    a role that is someone's by WordNet, not "the new guy" of no role."""
    dets = [c for c in noun.children if c.dep_ in ("det", "poss")]
    now = any(c.dep_ == "amod" and c.lower_ in _NOW for c in noun.children)
    return (
        now
        and len(dets) == 1
        and dets[0].lower_ == "the"
        and kind_noun(noun.lemma_.lower()) == "person"
        and names_worker(noun.lemma_.lower())
    )


def _boss_role(noun: Any) -> bool:
    """ "marta the head chef", "sean the contracts manager", "lorna's the head nurse": a
    role over someone at work, said with "the" of a named person. Whose head chef would
    the speaker call "the head chef" but their own workplace's? Unlike a role that just
    changed hands (`_new_role`), it needs no "new"; unlike any worker ("jo the barista"),
    it must be a kind of head, supervisor or leader by WordNet (the role's noun or a noun
    before it)."""
    # a name hung on it as a possessor is the misread "lorna's the head nurse"
    dets = [c for c in noun.children if c.dep_ == "det" or (c.dep_ == "poss" and c.is_stop)]
    # "manager's a woman called denise": chat drops the article of a singular noun that
    # opens its sentence, where "the" is meant
    bare = (
        noun.tag_ == "NN"
        and noun.left_edge.i == noun.sent.start
        and not any(c.dep_ in ("det", "poss") for c in noun.children)
    )
    the = bare or (len(dets) == 1 and dets[0].lower_ == "the")
    if not the or kind_noun(noun.lemma_.lower()) != "person":
        return False
    words = [noun, *(c for c in noun.children if c.dep_ == "compound")]
    return any(over_someone(w.lemma_.lower()) for w in words)


def _named_as_role(doc: Any) -> list[tuple[Any, Any]]:
    """ "lorna's the head nurse", "imran is the manager there": a name said to be the
    one in a role over someone at work (`_boss_role`). (role noun, name) pairs."""
    out = []
    for tok in doc:
        if tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "be":
            role = tok
            subj = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
        elif (
            tok.dep_ == "poss"
            and tok.i + 2 < len(doc)
            and doc[tok.i + 1].lower_ in ("'s", "’s")
            and doc[tok.i + 2].lower_ == "the"
            and doc[tok.i + 2].head.i > tok.i + 2
        ):
            # "lorna's the head nurse": no possessive has "the" after it, so "'s" is "is"
            role, subj = doc[tok.i + 2].head, tok
        else:
            continue
        named = subj is not None and _a_name(subj) and not names_nobody(subj.lower_)
        if named and role.pos_ == "NOUN" and _boss_role(role):
            out.append((role, subj))
    return out + _role_is_called(doc)


def _role_is_called(doc: Any) -> list[tuple[Any, Any]]:
    """ "the new manager at the depot is a guy called raj": the role's subject is said to
    be someone introduced by name ("a woman called bev", "a lad named jordan"), however
    the parser hung the rest of the sentence. (role noun, name) pairs."""
    out = []
    for t in doc:
        if t.lemma_.lower() not in ("call", "name") or t.tag_ != "VBN" or t.dep_ != "acl":
            continue
        name = next((c for c in t.children if c.dep_ in ("oprd", "dobj", "attr")), None)
        person = t.head
        if name is None or name.i < t.i or not _a_name(name) or names_nobody(name.lower_):
            continue
        if person.pos_ != "NOUN" or kind_noun(person.lemma_.lower()) != "person":
            continue
        # the copula just before "a guy": only its article and words describing him between
        before = [w for w in doc[person.sent.start : person.i] if w.dep_ not in ("det", "amod")]
        be = before[-1] if before else None
        if be is None or be.lemma_ != "be" or be.i != person.left_edge.i - 1:
            continue
        role = next((c for c in be.children if c.dep_ == "nsubj"), None)
        if role is not None and role.pos_ == "NOUN" and (_boss_role(role) or _new_role(role)):
            out.append((role, name))
    return out


def _a_name(tok: Any) -> bool:
    """A proper noun or an entity, or a word no dictionary knows that may be a name
    ("tomasz" typed in lower case, read by the parser as a common noun)."""
    if greets(tok.lower_):
        return False  # "hiya my granddaughter ...": a greeting, however it was tagged
    if tok.pos_ == "PROPN" or tok.ent_type_:
        return True
    return tok.is_alpha and not known_word(tok.lower_) and may_name(tok.lower_)


def _appositions(doc: Any) -> list[Change]:
    """'my manager, Kwame, is great' / 'Kwame, my new manager, ...' / 'the new manager,
    tomasz, wants ...': a name set beside something of the speaker's is its value."""
    out = []
    pairs = [(tok.head, tok) for tok in doc if tok.dep_ == "appos"] + _set_before(doc)
    pairs += _named_as_role(doc)
    # "priya my manager at greystone said ...": a name that opens its sentence before
    # "my <role>" is said to be that one, however the parser tagged the lower-case name
    loose = _before_mine(doc)
    pairs += loose
    for head, tok in pairs:
        if _negated(head):
            continue
        for owned, value in ((head, tok), (tok, head)):
            # "my boss, X", not "my sister's boyfriend X" (the sister's)
            own = [owned, *(c for c in owned.children if c.dep_ in ("compound", "amod"))]
            mine = any(
                c.dep_ == "poss" and c.lower_ in ("my", "our") for t in own for c in t.children
            ) and not any(apostrophe_dropped(t) for t in own)  # "my moms friend": the mother's
            # "met gordon the head chef at dinner": someone met, not one's own head
            over = value.dep_ not in ("dobj", "obj", "pobj", "dative") and _boss_role(owned)
            new_role = owned.pos_ == "NOUN" and (_new_role(owned) or over)
            named = (
                _a_name(value)
                if new_role or (head, tok) in loose
                else value.pos_ == "PROPN" or value.ent_type_
            )
            if (mine or new_role) and owned.pos_ == "NOUN" and named:
                if value.ent_type_ in _TIMES or called_out(value.doc[value.i : value.i + 1]):
                    continue  # "Yeah, Caroline, my family's been great": whom it is said to
                if any(c.lower_ in ("a", "an") for c in value.children):
                    continue  # "pickles is our dog, a corgi beagle mix": what, not who
                name = _phrase(owned)
                out.append(Change(name[:1].upper() + name[1:], _phrase(value), None,
                                  _label(value), name))  # fmt: skip
                break
    return out


#: Parts of speech of words that are never a name.
_FUNCTION_POS = frozenset(["PRON", "DET", "ADP", "AUX", "CCONJ", "SCONJ", "PART", "PUNCT", "NUM"])


def _set_before(doc: Any) -> list[tuple[Any, Any]]:
    """A name set straight before "the <role>" ("marta the new head chef runs a tight
    ship", "met marta, the new head chef"): an apposition the parser of lower-case chat
    reads as two loose phrases. (role noun, name) pairs."""
    out = []
    for det in doc:
        if det.lower_ != "the" or det.dep_ != "det" or det.head.i <= det.i:
            continue
        before = det.i - 1 - (det.i > 1 and doc[det.i - 1].text == ",")
        name = doc[before] if before >= 0 else None
        if name is None or name.dep_ == "appos" or det.head.dep_ == "appos":
            continue  # the parser's own apposition is read as such
        # "priya" may be read as a verb ("priya the new head chef runs ..."): a word no
        # dictionary knows that may be a name is one, whatever its tag
        if name.pos_ not in _FUNCTION_POS and _a_name(name) and not names_nobody(name.lower_):
            out.append((det.head, name))
    return out


#: Parts of speech that may stand before a name opening its clause: "so priya my boss ..."
_OPENING_POS = frozenset(["CCONJ", "INTJ", "ADV", "PUNCT", "SPACE"])


def _before_mine(doc: Any) -> list[tuple[Any, Any]]:
    """A name that opens its sentence, set straight before "my <someone>" ("priya my
    manager at greystone said i can swap", "dave my boss is retiring"): an apposition,
    written without its commas, that the parser of lower-case chat reads as a verb and
    its object or two loose phrases. The noun must be a kind of person by WordNet, and
    the word a name (`_a_name`): "told my manager" has a verb a dictionary knows.
    (noun, name) pairs."""
    out = []
    for poss in doc:
        if poss.lower_ not in ("my", "our") or poss.dep_ != "poss" or poss.i < 1:
            continue
        noun = poss.head
        if noun.pos_ != "NOUN" or noun.i <= poss.i or kind_noun(noun.lemma_.lower()) != "person":
            continue
        if any(t.i != noun.i and t.pos_ in ("NOUN", "PROPN") for t in doc[poss.i + 1 : noun.i]):
            continue  # "my sister's boyfriend": the noun is no one of the speaker's own
        name = doc[poss.i - 1]
        if name.dep_ == "appos" or noun.dep_ == "appos":
            continue  # the parser's own apposition is read as such
        opening = all(t.pos_ in _OPENING_POS for t in doc[name.sent.start : name.i])
        if (
            opening
            and name.pos_ not in _FUNCTION_POS
            and name.is_alpha
            and _a_name(name)
            and not names_nobody(name.lower_)
            and not names_a_place(name.lower_)
        ):
            out.append((noun, name))
    return out


def switches(doc: Any) -> list[Change]:
    out = []
    for verb in doc:
        lemma = verb.lemma_.lower()
        if verb.pos_ not in ("VERB", "AUX") or _negated(verb) or _hedged(verb):
            continue
        obj = next((c for c in verb.children if c.dep_ in ("dobj", "obj")), None)
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if not _mine(verb) and not (lemma == "replace" and subj is not None):
            continue  # "my sister moved to Glasgow" is not the speaker's move
        # "replaced X with Y": the parser may hang "with Y" on X instead of the verb.
        heads = [verb] if obj is None else [verb, obj]
        preps: dict[str, Any] = {}
        for h in heads:
            stack = [c for c in h.children if c.dep_ == "prep"]
            while stack:  # "from tea to coffee" may nest "to" under "from"
                p = stack.pop()
                preps.setdefault(p.lower_, p)
                stack += [c for c in p.children if c.dep_ == "prep"]
        pobj = {
            k: next((c for c in p.children if c.dep_ == "pobj"), None) for k, p in preps.items()
        }
        new = old = None
        if lemma in CHANGE_VERBS and pobj.get("from") is not None and pobj.get("to") is not None:
            old, new = pobj["from"], pobj["to"]
        elif lemma in ("replace", "swap", "trade", "exchange") and obj is not None:
            if subj is not None and subj.pos_ in ("PROPN", "NOUN"):
                old, new = obj, subj  # "GitHub Actions replaced GitLab CI"
            elif pobj.get("with") is not None or pobj.get("for") is not None:
                old, new = obj, pobj.get("with") or pobj.get("for")
        if new is None and lemma in TO_VERBS and pobj.get("from") is None:
            # "moved to almada", "switched to InvoiceXpress for invoices": a new value
            # whose old one is whatever the attribute held.
            target = pobj.get("to") or pobj.get("into") or pobj.get("onto")
            if target is not None and _is_value(target):
                new = target
            elif target is None:
                new = _to_unknown_word(verb)
        if new is None:
            continue
        attr = None
        values = {_phrase(t).lower() for t in (old, new) if t is not None}
        if obj is not None and obj.pos_ == "NOUN" and _phrase(obj).lower() not in values:
            attr = _phrase(obj)  # "switched my phone from android to iphone"
            attr = attr[:1].upper() + attr[1:]
        label = _label(new)
        home = lemma in HOME_VERBS
        if home and obj is not None and obj.lower_ not in ("ourselves", "myself"):
            continue  # "moved it to friday", "they moved me to the 14th": not a new home
        if home:
            # Moving from one place to another changes where someone lives.
            attr, label = "Lives in", "GPE"
        purpose = pobj.get("for")
        if purpose is new:
            purpose = None  # "swapped X for Y": Y is the new value, not what it is for
        if attr is None and purpose is not None and purpose.pos_ == "NOUN" and not home:
            attr = f"For {_phrase(purpose)}"  # "switched to X for invoices"
        value = place_phrase(new) if home else _phrase(new)
        old_value = _phrase(old) if old is not None else None
        out.append(Change(attr, value, old_value, label, started=verb.tag_ == "VBD"))
    return out


def _to_unknown_word(verb: Any) -> Any:
    """ "we moved to lund on june 1st": the parser of lower-case chat reads a place no
    dictionary knows as a verb with "to" before it; a word that is no verb is the place
    moved to ("moved to work from home" moves to no place)."""
    from language.names import is_base_verb

    for c in verb.children:
        to = [a for a in c.children if a.dep_ == "aux" and a.lower_ == "to" and a.i == c.i - 1]
        if c.dep_ == "xcomp" and to and not c.ent_type_ and not is_base_verb(c.lower_):
            low = c.lower_
            named = may_name(low) or names_a_place(low)
            return c if named and not names_nobody(low) else None
    return None


def residences(doc: Any) -> list[Change]:
    """'i live in dore now', 'we're living in Almada': where the speaker lives."""
    out = []
    for verb in doc:
        if verb.lemma_.lower() != "live" or _negated(verb) or _hedged(verb) or not _mine(verb):
            continue
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "in"):
            place = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if place is None or not _is_value(place) or modifies_a_noun(place):
                continue  # "i live in hi vis": "hi" says what kind of "vis"
            if _a_thing_not_a_place(place):
                continue  # "i basically live in work boots": worn, not lived in
            out.append(Change("Lives in", place_phrase(place), None, "GPE"))
    return out


def modifies_a_noun(tok: Any) -> bool:
    """The word stands before a noun of the same phrase, which the parser of lower-case
    chat left hanging elsewhere ("i live in hi vis": "hi" the pobj, "vis" a punctuation
    of "live"): it says what kind of that noun, and is no value itself. A time after it
    ("in leeds now", "in york today") is no such noun."""
    doc = tok.doc
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    return (
        nxt is not None
        and nxt.pos_ in ("NOUN", "PROPN")
        and nxt.is_alpha
        and nxt.head.i != tok.i
        and tok.head.i != nxt.i
        and nxt.dep_ not in ("npadvmod", "conj", "appos")
        and not nxt.ent_type_
        and not a_time(nxt)
        and nxt.lower_ not in _DAY_WORDS
    )


def _a_thing_not_a_place(tok: Any) -> bool:
    """A lower-case word of the dictionary whose usual sense is a physical thing and no
    sense of which is a place ("fleece joggers", "flip flops", "dog hair"), and that
    names no town of the gazetteer ("hull", "bath", "wells" do): what one lives in that
    way is worn, not a home."""
    from language.places import in_gazetteer
    from validators.lexicon import concrete, known, may_name_place

    low = tok.lemma_.lower() if tok.lemma_ else tok.lower_
    if not tok.is_lower or not known(low) or not concrete(low) or may_name_place(low):
        return False
    return not in_gazetteer(tok.lower_) and not in_gazetteer(place_phrase(tok).lower())


def _to_someone(verb: Any, obj: Any) -> bool:
    """The verb hands its object to someone, its recipient said before the object ("give
    me X", "drop us the address"): the thing is passed on, no value of theirs ends."""
    return any(
        c.dep_ in ("dative", "iobj") or (c.dep_ == "dobj" and c.pos_ == "PRON" and c.i < obj.i)
        for c in verb.children
        if c.i != obj.i
    )


def endings(doc: Any) -> list[Change]:
    out = []
    for tok in doc:
        # "no more coffee", "no more coffee for me"
        if tok.lower_ == "more" and any(c.lower_ == "no" for c in tok.children):
            head = tok.head if tok.head.pos_ in ("NOUN", "PROPN") else None
            if head is not None:
                out.append(Change(None, None, _phrase(head), None))
            continue
        if tok.pos_ != "VERB" or _hedged(tok) or not _mine(tok):
            continue
        obj = next((c for c in tok.children if c.dep_ in ("dobj", "obj")), None)
        if obj is None or obj.pos_ not in ("NOUN", "PROPN"):
            continue
        anymore = any(c.lower_ in ("anymore", "longer") for c in tok.subtree)
        if tok.lemma_.lower() in END_VERBS and _put_somewhere(tok):
            continue  # "dropped my phone off a ladder", "left my bag on the bus": moved, kept
        if _to_someone(tok, obj):
            continue  # "give me settings for ...", "drop me the address": handed over
        if (_negated(tok) and anymore) or (tok.lemma_.lower() in END_VERBS and not _negated(tok)):
            out.append(Change(None, None, _phrase(_ended_place(tok, obj)), None))
    return out


#: Prepositions that say where a thing went or was left.
_MOTION_PREPS = frozenset(["off", "onto", "into", "on", "down", "over", "under", "behind"])


def _put_somewhere(verb: Any) -> bool:
    """A verb of ending said of a thing with where it went or was left ("dropped my
    phone off a stepladder", "left my keys on the bus"): the thing moved, nothing ended.
    A time after the preposition says when ("quit my job on friday")."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in _MOTION_PREPS:
            continue
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is not None and not a_time(obj) and obj.ent_type_ not in _TIMES:
            return True
    return False


def _ended_place(verb: Any, obj: Any) -> Any:
    """What ends when the speaker ends something of theirs at a named place: "quit my job
    at X", "gave my notice at X", "left my position with X" end X, not the job."""
    if not any(c.dep_ == "poss" for c in obj.children):
        return obj
    for head in (obj, verb):
        for prep in head.children:
            if prep.dep_ == "prep" and prep.lower_ in ("at", "with", "from"):
                place = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if place is not None and (
                    _is_value(place) or not any(c.lower_ in ("a", "an") for c in place.children)
                ):
                    return place  # "the bakery" is the one the speaker worked at
    return obj


def read_changes(doc: Any) -> list[Change]:
    """Every value, change and end the sentence states, in that order."""
    from .trades import comparisons, moves_told, substitutes, trades_for  # this module's helpers

    changes = [*possessive_values(doc), *residences(doc), *switches(doc)]
    traded = {v.lower() for ch in changes for v in (ch.new, ch.old) if v}
    changes += [
        ch
        for ch in trades_for(doc) + comparisons(doc) + moves_told(doc) + substitutes(doc)
        if (ch.new or ch.old or "").lower() not in traded
    ]
    # An end whose value a trade above gave up is that trade's ("left leith for glasgow")
    gone = {ch.old.lower() for ch in changes if ch.old}
    return changes + [ch for ch in endings(doc) if (ch.old or "").lower() not in gone]


#: Clause-level dependents: a value's context stops at them.
_CLAUSES = {"conj", "ccomp", "advcl", "parataxis", "relcl", "acl"}
#: Words for a day relative to the turn: never part of a value.
_DAY_WORDS = {"today", "tonight", "yesterday", "tomorrow", "now"}
#: Prepositions of time: their object is when something happened ("after the review").
_WHEN_PREPS = {"after", "before", "during", "since", "until", "till", "by"}
#: Entity labels that are times, not values.
_TIMES = {"DATE", "TIME", "ORDINAL", "PERCENT"}
_SPEAKER = {"i", "we", "me", "us", "my", "our"}


@dataclass
class Candidate:
    """A value-like phrase of a sentence and its clause with the phrase replaced by X
    ("I use X now"), for classification by examples as a new value, an old one or
    neither (`language/data/prototypes.json`, group "value_role")."""

    value: str
    context: str
    label: str | None  # spaCy entity label of the phrase
    #: The value of the phrase this one qualifies ("lemon" in "fizzy water with lemon"
    #: is under "fizzy water"), when that phrase is a candidate too.
    under: str | None = None
    #: The head of its context (a verb, or a loose part: "goodbye X"), to tell a value
    #: the same act names ("sold X to Y for Z") from one in a clause of its own.
    clause: int = -1


def a_time(tok: Any) -> bool:
    """A word that says when, not what: an entity of time, or a word WordNet knows first
    as a day of the calendar, which the tagger misses typed in lower case ("running with
    a club on wednesdays" gives no value "wednesdays"; "Wednesday" is a DATE), or a day
    or month as people shorten it, by the one date parser ("thurs", "sept": "interview
    at yorkshire water thurs" made a noun phrase, and an employer, of "Yorkshire Water
    Thurs"). A verb is no time ("may", "sat")."""
    return tok.ent_type_ in _TIMES or (
        tok.is_alpha
        and (
            primarily_a(tok.lower_, "calendar_day")
            or (tok.pos_ in ("NOUN", "PROPN") and is_date_word(tok.text))
        )
    )


def _value_text(span: Any) -> str | None:
    """The phrase without articles, possessives, interjections or a trailing time word
    ("the red bull era" -> "red bull era", "st vincent's today" -> "st vincent's")."""
    toks = list(span)
    # "'s" first is what is left of a possessor ("my nan's micra" -> "micra")
    while toks and (toks[0].dep_ in ("det", "poss", "intj", "case") or toks[0].pos_ == "INTJ"):
        toks = toks[1:]
    while toks and (
        a_time(toks[-1])
        or toks[-1].lower_ in _DAY_WORDS
        or toks[-1].is_punct
        or names_nobody(toks[-1].lower_.rstrip("."))
    ):
        # "the keys today", "KEYS TODAY" (shouted, so not tagged a date), "the new ppl
        # tbh": a time or chat filler at its end is no part of a value
        toks = toks[:-1]
    # "up to 15.10", "about 40": the tagger takes the words that bound an amount into
    # its entity; the value is the amount
    while len(toks) > 1 and _an_amount(toks[-1]) and toks[0].pos_ in ("ADP", "ADV", "PART"):
        toks = toks[1:]
    text = span.doc[toks[0].i : toks[-1].i + 1].text if toks else ""
    return text if len(text) >= 2 else None


def _an_amount(tok: Any) -> bool:
    """A number, or a word the tagger reads as money or a count with a digit ("55k")."""
    return tok.like_num or (
        tok.ent_type_ in ("MONEY", "CARDINAL") and any(c.isdigit() for c in tok.text)
    )


def an_amount(span: Any) -> bool:
    """The phrase is an amount, its unit and the words that bound it ("up to 15.10",
    "£40", "55k", "12 euro"): no name beside the number ("iphone 13", "a 2012 corsa",
    "two 8tb drives")."""
    if span.root.like_num:
        return True
    return any(_an_amount(t) for t in span) and all(
        _an_amount(t)
        or t.ent_type_ == "MONEY"
        or t.is_punct
        or t.is_currency
        or t.pos_ in ("DET", "ADP", "ADV", "PART", "SYM")
        or (t.pos_ == "NOUN" and kind_among(t.lower_, _UNITS) is not None)
        for t in span
    )


#: What a number counts when it is an amount: money, time, a measure (WordNet).
_UNITS = ("unit_of_measurement", "time_unit", "time_period")


def _clause(tok: Any) -> Any:
    """The verb whose clause holds `tok`, or None for a verbless fragment."""
    head = tok
    while head.pos_ not in ("VERB", "AUX"):
        if head.head.i == head.i:
            return None
        head = head.head
    return head


#: Pronouns of another person ("that's the end of X for me" is the speaker's own).
_THIRD_PERSON = {"he", "she", "they", "him", "her", "them"}


def _someone_else(verb: Any, value: Any = None) -> bool:
    """The clause's subject is a third person ("he's off X now", "Marcus found X") and
    the speaker is not in it ("they bumped me to X" is about the speaker, when the value
    hangs on the verb: in "my son keeps sending me flats in X" it is the son's act)."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    head = verb
    while subj is None and head.dep_ == "xcomp" and head.head.i != head.i:
        head = head.head  # "keeps sending me ...": the subject of "keeps"
        subj = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or subj.lower_ in _SPEAKER or _had_done(verb):
        return False
    on_verb = value is None or verb.i in (value.head.i, value.head.head.i)
    if on_verb and any(
        t.lower_ in _SPEAKER for t in verb.subtree if t.dep_ in ("dobj", "dative", "pobj")
    ):
        return False
    return (
        subj.lower_ in _THIRD_PERSON
        or subj.ent_type_ == "PERSON"
        or (subj.pos_ == "NOUN" and _someones(subj))
    )


def _someones(noun: Any) -> bool:
    """A possessed noun that is someone: "my son", "his flat"; not "our flat"."""
    poss = [c for c in noun.children if c.dep_ == "poss"]
    if not poss:
        return False
    return poss[0].lower_ not in ("my", "our") or kind_noun(noun.lemma_.lower()) is not None


def _had_done(verb: Any) -> bool:
    """The speaker had or got it done: "we've had our offer accepted on X", "i got my
    visa approved": the participle's subject is what was done, the act the speaker's."""
    head = verb.head
    if verb.tag_ != "VBN" or head.i == verb.i or head.lemma_.lower() not in ("have", "get"):
        return False
    if verb.dep_ not in ("ccomp", "xcomp", "dobj", "conj"):
        return False
    subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
    return subj is not None and subj.lower_ in ("i", "we")


#: Dependents of a noun that belong to its phrase.
_MODS = {"det", "poss", "compound", "amod", "nummod", "predet", "nmod", "quantmod"}
#: Loose parts of a sentence ("goodbye X, ...", "X instead"): their context is their own.
_LOOSE = {"npadvmod", "intj", "dep", "appos"}
#: Greetings the tagger takes for nouns ("goodbye evernote"): never part of a value.
_GREETINGS = {"goodbye", "bye", "farewell", "hello", "hi", "hey", "welcome"}


def model_name(tok: Any) -> bool:
    """A word with a number after it that counts it as a model ("a pixel 6", "an iphone
    15"): a name, whatever tag the parser gave the word ("pixel" as an adjective)."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return (
        tok.is_alpha
        and nxt is not None
        and nxt.head.i == tok.i
        and nxt.dep_ == "nummod"
        and nxt.ent_type_ not in ("DATE", "TIME", "MONEY", "PERCENT")
    )


def _nominal(tok: Any) -> bool:
    """A noun, a model name, or a gerund standing alone after a preposition, the way a
    name or a way of doing something is said ("over to starling", "switched to
    cycling"): the parser reads such a word as a verb with no object of its own."""
    if tok.pos_ in ("NOUN", "PROPN") or (tok.pos_ == "ADJ" and model_name(tok)):
        return True
    return (
        tok.tag_ == "VBG"
        and tok.dep_ == "pcomp"
        and tok.head.lower_ in ("to", "onto", "into")
        and not any(True for _ in tok.children)
    )


def _spans(doc: Any) -> list[Any]:
    """Nominal phrases: a noun with the modifiers on its left, and amounts."""
    out = []
    for tok in doc:
        if not _nominal(tok) or tok.dep_ == "compound":
            continue
        left = [c for c in tok.lefts if c.dep_ in _MODS]
        start = min((c.left_edge.i for c in left), default=tok.i)
        while start < tok.i and doc[start].lower_ in _GREETINGS:
            start += 1
        out.append(doc[start : tok.i + 1])
    taken = {s.root.i for s in out}
    out += [e for e in doc.ents if e.label_ in ("MONEY", "CARDINAL") and e.root.i not in taken]
    # A phrase inside another ("red" in "red bull era") is part of that value.
    return [
        s for s in out if not any(o is not s and o.start <= s.start and s.end <= o.end and
                                  len(o) > len(s) for o in out)
    ]  # fmt: skip


#: Dependents of a clause's verb that say what the clause does with its value: who, the
#: verb's own words, negation, time and manner ("now", "instead", "anymore").
_CORE = {"nsubj", "nsubjpass", "expl", "aux", "auxpass", "neg", "prt", "advmod", "npadvmod",
         "dative", "acomp", "dobj", "attr", "oprd", "intj", "prep"}  # fmt: skip
#: A core dependent longer than this is detail ("after my 90 day review", "a 2br with
#: heat included"), not the act; "in the morning" and "to me" are short enough to stay.
_CORE_WORDS = 4


def _context(span: Any, verb: Any, values: set[int]) -> tuple[list[Any], int]:
    """The words that say what happens to the value: the path from its clause's verb
    down to it, the verb's short core dependents, and nothing else of the sentence.

    "they bumped me to X after my 90 day review" -> "they bumped me to X": adjuncts
    that do not hold the value (places, reasons, other clauses) are left out, so the
    clause is compared with the examples on its act alone."""
    root = span.root
    sent = range(root.sent.start, root.sent.end)
    # Up from the value to its clause's verb, stopping at a clause or loose part of its
    # own ("goodbye X, ...", "X instead"): that part is the value's context.
    path = [root]
    while (verb is None or path[-1].i != verb.i) and path[-1].head.i != path[-1].i:
        if path[-1].dep_ in _CLAUSES or path[-1].dep_ in _LOOSE:
            break
        path.append(path[-1].head)
    top = path[-1]
    keep = {t.i for t in root.subtree if t.i in sent} if top.i == root.i else set()
    for node in path:
        keep.add(node.i)
        for c in node.children:
            if c in path or c.i not in sent:
                continue
            small = [t for t in c.subtree if t.i in sent]
            if c.dep_ == "prep" and c.lower_ in _WHEN_PREPS:
                continue  # "after my review": when, not what happens to the value
            if node.i != root.i and node.pos_ in ("NOUN", "PROPN") and c.dep_ in _MODS:
                keep.update(t.i for t in small)  # "a studio in X": the noun's own words
            elif (
                c.dep_ in _CORE
                and len(small) <= _CORE_WORDS
                # a loose part holding another value is that value's own ("goodbye X")
                and not (c.dep_ in _LOOSE and any(t.i in values for t in small))
            ):
                keep.update(t.i for t in small)
    keep.update(range(span.start, span.end))  # the value's own phrase
    return [root.doc[i] for i in sorted(keep)], top.i


def clause_context(span: Any, word: Callable[[Any], str | None] = lambda t: t.text) -> str:
    """The words of the value's own clause that say what happens to it, the value as
    X ("treated myself to a pixel 8, the samsung finally cracked" -> "treated myself to
    X" for the pixel, "X finally cracked" for the samsung). `word` says each other word
    as it is to be read (None leaves it out: `plans.done_context`)."""
    words, _ = _context(span, _clause(span.root), set())
    parts: list[str] = []
    for t in words:
        if span.start <= t.i < span.end:
            if not parts or parts[-1] != "X":
                parts.append("X")
        elif (said := word(t)) is not None:
            parts.append(said)
    return " ".join(parts)


def value_candidates(doc: Any) -> list[Candidate]:
    """Phrases that could be a value of the speaker's: a name, an entity, a number or a
    thing ("the calendar"), not a description ("a bigger flat"), not something of the
    speaker's ("my review": an attribute, read by `possessive_values`), not a time."""
    eligible = []
    for span in _spans(doc):
        root = span.root
        if root.dep_ == "pobj" and root.head.lower_ in _WHEN_PREPS:
            continue  # "after the review": when it happened, not a value
        if where_said_bare(span):
            continue  # "dropped it off a ladder on site": where it happened, not a value
        if root.ent_type_ in _TIMES or any(
            t.lower_ in ("a", "an", "some", "no", "any", "every", "my", "our", "your")
            or t.dep_ == "poss"
            for t in span
            if t.i < root.i
        ):
            continue
        if any(c.dep_ == "neg" for c in root.children):
            continue
        if _no_value_word(span) or counted(span):
            continue
        if root.tag_ == "NNS" and not root.ent_type_ and any(t.dep_ == "predet" for t in span):
            continue  # "all the invoices": a description of many things, not a value
        verb = _clause(root)
        if verb is not None and (_someone_else(verb, root) or _hedged(verb)):
            continue
        value = _value_text(span)
        if value is not None and value.lower() not in _SPEAKER | _GREETINGS:
            eligible.append((span, verb, value))
    by_root = {span.root.i: span for span, _, _ in eligible}
    out = []
    for span, verb, value in eligible:
        root = span.root
        words, top = _context(span, verb, set(by_root) - {root.i})
        parts, put = [], False
        for t in words:
            if span.start <= t.i < span.end:
                if not put:
                    parts.append("X")
                    put = True
            else:
                parts.append(t.text)
        if put and len(parts) > 1:
            out.append(
                Candidate(
                    value,
                    " ".join(parts),
                    root.ent_type_ or None,
                    _under(root, by_root),
                    top,
                )
            )
    return out


def _no_value_word(span: Any) -> bool:
    """Words that name no value of the speaker's, whatever their clause reads like:
    - a common noun whose usual sense, to WordNet, is a kind of person ("with the baby
      coming", "that's the killer", "a guy at work"): it says who, and a person a
      speaker has is said by name or by what they are to the speaker ("my manager");
    - a pronoun typed with its "'s" left off ("using whatevers left", "everythings
      packed"): "whatever's", no thing;
    - a number that "a" counts as one thing ("they gave me a 16-35 to use"): a model
      said by its number, no amount, and nothing says what it is."""
    root, doc = span.root, span.doc
    low = root.lower_
    # ... said with its article ("the baby"): one word alone is said as a name ("notice
    # at amazon", "doing pilates", which WordNet reads as Pilate's plural)
    said_as_noun = any(t.dep_ in ("det", "poss", "predet") for t in span)
    if root.pos_ == "NOUN" and said_as_noun and primarily_someone(root.lemma_.lower()) == "person":
        return True
    if (
        root.pos_ in ("NOUN", "PROPN")
        and len(low) > 2
        and low.endswith("s")
        and doc.vocab[low[:-1]].is_stop
        and not is_noun(low)
    ):
        return True
    if root.pos_ == "NUM" or root.ent_type_ in ("CARDINAL", "MONEY", "QUANTITY"):
        before = doc[span.start - 1] if span.start > 0 else None
        if (
            before is not None
            and before.lower_ in ("a", "an")
            and before.head.i in range(span.start, span.end)
        ):
            return True
    return False


def counted(span: Any) -> bool:
    """A plural noun counted by a number above one ("9 weddings booked", "with two 8tb
    drives", which the parser splits and reads as punctuation): several things, no one
    value."""
    doc, root = span.doc, span.root
    if root.tag_ not in ("NNS", "NNPS"):
        return False
    nums = [t for t in doc[max(0, span.start - 2) : root.i] if t.like_num]
    return any(t.ent_type_ not in _TIMES and t.lower_ not in ("1", "one") for t in nums)


def compared_with(tok: Any) -> bool:
    """The word is what something is measured against ("less than the ER", "cheaper
    than aldi"): named beside the speaker's value, no value they have, use or end."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "than"


def where_said_bare(span: Any) -> bool:
    """One singular noun after a preposition with no article, which WordNet knows as a
    kind of place and not as the name of one: English says where one is that way ("on
    site", "at work", "in town", "at home"), never a thing one has or uses ("in leeds"
    names a place)."""
    root = span.root
    # a time the parser hung on it is no part of it ("on site thurs": "thurs" the head)
    words = [t for t in span if not a_time(t)]
    if len(words) != 1 or root.dep_ != "pobj" or root.head.pos_ != "ADP":
        return False
    word = words[0]
    return (
        word.is_lower
        and word.tag_ == "NN"
        # a phrase the parser hung on it says no more what it is ("at work for 2k")
        and not any(c.dep_ in (*_PARTS, "det", "poss", "nummod") for c in word.children)
        and may_name_place(word.lower_)
        and not names_a_place(word.lower_)
    )


def _under(root: Any, by_root: dict[int, Any]) -> str | None:
    """The value of the nearest phrase above `root` within its noun phrase, if any."""
    head = root.head
    while head.i != root.i and head.pos_ not in ("VERB", "AUX"):
        if head.i in by_root:
            return _value_text(by_root[head.i])
        if head.head.i == head.i:
            break
        head = head.head
    return None
