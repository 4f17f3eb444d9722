"""Changes of value said in two more shapes, read by the order of the words as well as
by the parse (a name typed in lower case is often misread: "ditched spotify" parses
with Spotify as the verb):

- a value given up or traded for another, named with "for": "we left headingley for
  harrogate", "ditched spotify for apple music", "swapped red bull for green tea",
  "traded in the civic for a used rav4" -> the value after "for" is new, the one
  before it old;
- a thing of now compared with one of before: "the corsa is miles better on fuel than
  the fiesta ever was", "the rav4 handles snow way better than the old civic did" ->
  the subject said in the present is new, the one after "than", said in the past or
  called old, is old;
- a move named as a thing that happened: "the move from croydon nearly killed me" ->
  Croydon is where the speaker lived before;
- a value used in place of another, said with "instead of": "been taking the bus in
  instead of the car", "i drink oat milk now instead of normal milk" -> what the verb
  takes is new, what follows "instead of" old.

The attribute is the one that holds the old value on the page, else the statement's
topic, as for any change (`dream.changes`).
"""

from __future__ import annotations

from typing import Any

from language.names import known_word, may_name
from validators.lexicon import base_forms, kind_of, phrasal_verb, primarily_a, sense_of

from .changes import (
    _NOW,
    CHANGE_VERBS,
    END_VERBS,
    HEDGES,
    HOME_VERBS,
    TIME_MODIFIERS,
    Change,
    _a_name,
    _hedge_word,
    _hedged,
    _is_value,
    _label,
    _mine,
    _negated,
    a_time,
    place_phrase,
)

#: Words before a value that keep it a value: a known one, the speaker's, or one
#: introduced ("swapped the civic for a rav4").
_VALUE_DETS = {"the", "a", "an"}


#: What a thing done "for" something is done for, by WordNet, when no value: a reason or
#: a state to reach ("quit coffee for health reasons", "for peace and quiet").
_WHY = ("motivation", "state")


def _value_run(doc: Any, i: int) -> tuple[int, int, str | None]:
    """The words of a value starting at token `i`, as (start, end, article): nouns, names
    and the adjectives of a name, whatever tag the parser gave a name typed in lower case
    ("ditched spotify", read as a verb), up to a function word, a time or punctuation."""
    article = None
    if i < len(doc) and doc[i].lower_ in _VALUE_DETS:
        article, i = doc[i].lower_, i + 1
    end = i
    while end < len(doc):
        tok = doc[end]
        name = tok.is_alpha and not known_word(tok.lower_) and may_name(tok.lower_)
        # "a used rav4": a participle that describes the value is of its words
        word = tok.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "X") or name or tok.dep_ == "amod"
        stop = tok.is_stop and tok.dep_ != "amod"  # "used" is a stop word
        if not word or a_time(tok) or tok.lower_ in ("for", "in", "up") or stop:
            break
        end += 1
    return i, end, article


def _verb_lemma(tok: Any) -> str:
    """A verb's lemma, also where the parser took it for another part of speech: a past
    form WordNet knows ("ditched" -> ditch) read as an auxiliary or an adjective."""
    if tok.pos_ == "VERB":
        return tok.lemma_.lower()
    if tok.tag_ not in ("VBD", "VBN") and not tok.lower_.endswith("ed"):
        return ""
    return next((b for b in base_forms(tok.lower_) if b in CHANGE_VERBS | END_VERBS), "")


def trades_for(doc: Any) -> list[Change]:
    """A value given up or changed for another named with "for": "ditched spotify for
    tidal", "we left leith for glasgow", "swapped red bull for green tea", "traded the
    civic in for a rav4". Read by the order of the words, which holds where the parser
    misreads names typed in lower case; the value after "for" is a value (a name, or a
    bare noun), not a purpose ("for a walk", "for my health", "for the wedding") nor an
    idiom ("for good"), nor a time ("for a month")."""
    out = []
    for verb in doc:
        lemma = _verb_lemma(verb)
        if lemma not in CHANGE_VERBS | END_VERBS:
            continue
        # "i ditched spotify ...": a name typed in lower case may take the verb's place
        # in the parse, the verb hung on it as an auxiliary
        clause = verb.head if verb.dep_ == "aux" else verb
        if _negated(clause) or _hedged(clause) or not _mine(clause):
            continue
        i = verb.i + 1
        # "gave up X for Y", "traded in X for Y" (the parser may read "in" as a
        # preposition; WordNet knows "trade in" as one verb)
        while i < len(doc) and (
            (doc[i].dep_ == "prt" and doc[i].is_stop) or phrasal_verb(lemma, doc[i].lower_)
        ):
            i += 1  # not "leith", a name the parser took for a particle
        start, end, article = _value_run(doc, i)
        if end == start or end - start > 4 or article in ("a", "an"):
            continue
        while end < len(doc) and doc[end].dep_ == "prt" and doc[end].is_stop:
            end += 1  # "traded the civic in for"
        if end >= len(doc) or doc[end].lower_ != "for":
            continue
        n_start, n_end, n_article = _value_run(doc, end + 1)
        if n_end == n_start or n_end - n_start > 4 or n_article == "the":
            continue
        while n_start < n_end - 1 and doc[n_start].tag_ == "VBN":
            n_start += 1  # "a used rav4" is a rav4
        old, new = doc[start:end], doc[n_start:n_end]
        head = new[-1]
        if known_word(f"for {new.text.lower()}"):
            continue  # "for good", "for sure": an idiom
        if n_article is not None and not any(not known_word(t.lower_) for t in new):
            continue  # "for a walk": a purpose; "for a kobo" names one
        if any(primarily_a(head.lower_, root) for root in _WHY):
            continue  # "for health reasons", "for my sanity": why, not what instead
        if old.text.lower() == new.text.lower():
            continue
        out.append(Change(None, new.text, old.text, _label(head)))
    return out


#: Verbs of a clause said of the past beside a comparison: "than the fiesta ever was".
_PAST_PROFORMS = {"was", "were", "did", "had"}


def _named_run(doc: Any, i: int) -> tuple[int, int]:
    """The words of a name from token `i`: names only (a proper noun or a word no
    dictionary knows: "corsa", "rav4"), so a noun the parser misread after it
    ("the rav4 handles snow") is left out."""
    end = i
    while end < len(doc) and _a_name(doc[end]) and not a_time(doc[end]):
        end += 1
    return i, end


def comparisons(doc: Any) -> list[Change]:
    """A thing of now compared with one of before: "the corsa is miles better on fuel
    than the fiesta ever was", "the rav4 handles snow way better than the old civic
    did". The subject, said in the present, is the value now; the one after "than", said
    in the past ("was", "did") or called old, is the value before. Both must be names:
    "it's better than the old one was" names nothing."""
    out = []
    for than in doc:
        if than.lower_ != "than":
            continue
        sent = than.sent
        i = than.i + 1
        old_said = False
        while i < sent.end and doc[i].lower_ in _VALUE_DETS | {"my", "our"}:
            i += 1
        while i < sent.end and doc[i].lower_ in TIME_MODIFIERS:
            old_said, i = True, i + 1
        # the value before may be any noun ("the fiesta", a word of the dictionary), not
        # a pronoun ("the old one")
        o_start, o_end = i, i
        while o_end < sent.end and (doc[o_end].pos_ in ("NOUN", "PROPN") or _a_name(doc[o_end])):
            o_end += 1
        if o_end == o_start or doc[o_end - 1].lower_ == "one":
            continue
        after = [t for t in doc[o_end : sent.end] if t.pos_ != "ADV"][:1]
        past = bool(after) and after[0].lower_ in _PAST_PROFORMS
        if not (past or old_said):
            continue
        s = sent.start
        if doc[s].lower_ in _VALUE_DETS | {"my", "our"}:
            s += 1
        while s < than.i and doc[s].lower_ in _NOW:
            s += 1
        n_start, n_end = _named_run(doc, s)
        if n_end == n_start or n_end >= than.i or doc[n_end].tag_ == "POS":
            continue  # "jo's car is faster than ...": Jo's car, no value "jo"
        between = doc[n_end : than.i]
        if any(t.tag_ == "VBD" or t.lower_ in _PAST_PROFORMS for t in between):
            continue  # "the corsa was better than ...": both of the past
        if any(_hedge_word(t) or t.lemma_.lower() in HEDGES for t in between):
            continue  # "the corsa would be better than ...": no value yet
        new, old = doc[n_start:n_end], doc[o_start:o_end]
        if any(t.ent_type_ == "PERSON" for t in (*new, *old)):
            continue  # "Max is bigger than Oscar was at his age": two of them, no change
        if new.text.lower() != old.text.lower():
            out.append(Change(None, new.text, old.text, _label(new[-1])))
    return out


def moves_told(doc: Any) -> list[Change]:
    """A move named as a thing that happened: "the move from croydon nearly killed me",
    "the move from leith went ok", "our move to york went fine" -> the place it was
    from ends as where the speaker lives, the place it was to is where they live now.
    Only a move of the past (its clause's verb in the past tense: "the move to leeds is
    next week" is still to come) and the speaker's ("her move to leeds" is not)."""
    out = []
    for noun in doc:
        if noun.pos_ != "NOUN" or noun.lemma_.lower() not in HOME_VERBS:
            continue
        if any(c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in noun.children):
            continue
        verb = noun.head
        if noun.dep_ not in ("nsubj", "nsubjpass") or verb.tag_ != "VBD" or _hedged(verb):
            continue
        for prep in (c for c in noun.children if c.dep_ == "prep"):
            place = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if place is None or not _is_value(place) or place.ent_type_ == "PERSON":
                continue
            if prep.lower_ == "from":
                out.append(Change("Lives in", None, place_phrase(place), "GPE", ended=True))
            elif prep.lower_ == "to":
                out.append(Change("Lives in", place_phrase(place), None, "GPE", new_type="place"))
    return out


def substitutes(doc: Any) -> list[Change]:
    """A value used in place of another, said with "instead of": "been getting the
    subway in instead of the train", "i get the bus instead of the car now". What the
    speaker's verb takes (its object, else the value just before "instead") is new, the
    value after "of" old. Read by the order of the words: the parser hangs "instead of"
    anywhere (a coordination, an adverb of the verb or of a time before it). A doing
    after "of" ("instead of driving") names no value, nor does a time; a plan, a
    denial, someone else's habit and a one-off in the past change nothing."""
    out = []
    for instead in doc:
        if instead.lower_ != "instead" or instead.i + 1 >= len(doc):
            continue
        if doc[instead.i + 1].lower_ != "of":
            continue
        start, end, _ = _value_run(doc, instead.i + 2)
        if end == start or end - start > 4 or a_time(doc[end - 1]):
            continue
        old = doc[start:end]
        sent = instead.sent
        verb = next(
            (t for t in reversed(doc[sent.start : instead.i]) if t.pos_ in ("VERB", "AUX")), None
        )
        if verb is None or _negated(verb) or _hedged(verb) or not _mine(verb):
            continue
        if verb.tag_ == "VBD":
            continue  # "ordered the salmon instead of the steak": once, no value held
        obj = next((c for c in verb.children if c.dep_ in ("dobj", "obj")), None)
        if obj is None or obj.i >= instead.i:
            # "the bus instead of the car" with no verb taking it: the value just before
            obj = next(
                (t for t in reversed(doc[verb.i + 1 : instead.i]) if t.pos_ in ("NOUN", "PROPN")),
                None,
            )
        if obj is None or a_time(obj) or obj.lower_ in ("it", "that", "this", "one"):
            continue
        new_start, new_end, _ = _value_run(doc, _first_word(obj))
        new = doc[new_start : max(new_end, obj.i + 1)]
        if not new.text or new.text.lower() == old.text.lower():
            continue
        attr = _kind_of_substitute(verb, new, old)
        out.append(Change(attr, new.text, old.text, _label(obj)))
    return out


def _kind_of_substitute(verb: Any, new: Any, old: Any) -> str | None:
    """The attribute of a value used in place of another, by WordNet: the kind of
    either value ("bike" and "car" are vehicles, a train or a bus a conveyance), or a verb
    whose usual sense is travelling ("cycling a brompton in"); None leaves it to the page
    that holds the old value, else the statement's topic."""
    from .events import KIND_ROOTS, kind_attribute  # events reads this module's changes

    for value in (new, old):
        attr = kind_attribute(value.text)
        if attr is not None:
            return attr
    vehicle = dict(KIND_ROOTS)["vehicle"]
    if any(kind_of("conveyance", value[-1].lower_) for value in (new, old)):
        return vehicle
    if sense_of(verb.lemma_.lower(), "travel", "v", primary=True):
        return vehicle
    return None


def _first_word(tok: Any) -> int:
    """Where a value's words start: its compounds and modifiers, no article."""
    words = [t for t in tok.subtree if t.i <= tok.i and t.dep_ in ("compound", "amod", "nmod")]
    return min([t.i for t in words] + [tok.i])
