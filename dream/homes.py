"""A home said by whose it is: "i'm at jas's now", "moved into her place", "back at my
dad's", "officially at tasha's parents in round rock".

People who move in with a partner, a friend or a relative seldom name the town again:
the home is the other person's, and its place is said beside it ("at dan's in roath"),
in the next sentence ("its in urmston", "shes in gorgie"), or weeks before, with that
person's home ("her place is in chapel allerton", "her flat in bedminster"), where
"her" is the person the nearest earlier sentence names (`language.refer.person_before`).

By the parse, a phrase stands for someone's home when it is a person's possessive with
no noun after it ("at jas's", "into hers"), a person one is at or in with ("at her
parents", "in with my sister"), or a word WordNet files under housing or places
possessed by a person ("her place", "his flat"). The speaker's clause is then read with
the home's place in it ("i'm at jas's in X now") by the attribute examples: a visit
("had tea at my nan's") reads as none, living there as where the speaker lives.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Callable
from typing import Any

from language.names import known_word, names_a_place
from language.person import clean_text
from language.places import in_gazetteer
from language.refer import PERSON_PRONOUNS, REACH, THING_PRONOUNS, person_before
from validators.lexicon import kind_among, kind_of, primarily_a

from .changes import HOME_VERBS, _hedged, _mine, _negated, _value_text, a_time
from .lexicon import kind_noun

#: Prepositions that put the speaker in someone's home: "at jas's", "moved into hers",
#: "in with her parents". "to" is one only after a verb of moving home ("moved back to my
#: mum's"); "went to my mum's" is a trip there.
_AT = frozenset(["at", "into", "with"])
#: Possessive pronouns said for a home, and the pronoun of its owner.
_THEIRS = {"hers": "her", "his": "him", "theirs": "them"}
#: Pronouns that say the home or its owner again in the next sentence, with their
#: apostrophe dropped as people type ("its in urmston", "shes in gorgie").
_AGAIN = frozenset(
    [*THING_PRONOUNS, *PERSON_PRONOUNS, "its", "shes", "hes", "they", "theyre", "there"]
)
#: The clause, the home's place as X, reads as where the speaker lives (over no value)
#: and as living there (over a visit) by this much together: a second signal beside the
#: grammar, which found someone's home.
AT_HOME = 0.02
#: ... and by more than nothing in a sentence that reads as a change (`roles._changing`):
#: two signals that agree, as `attributes.CHANGE_MARGIN` lowers the bar of a value ("moving
#: day was brutal. but we're officially at tasha's parents in X").
AT_HOME_CHANGED = 0.0
#: Dependents that start a clause of their own: no words of the speaker's being there.
_OWN_CLAUSE = frozenset(["advcl", "ccomp", "conj", "relcl", "parataxis", "cc", "punct"])


def dwelling(word: str) -> bool:
    """A word for a home, by WordNet: housing in some sense ("flat", "house"), or first
    of all a place ("place", "gaff")."""
    low = word.lower()
    return kind_of("housing", low) or kind_among(low, ("housing", "location")) is not None


#: Entity labels of a place, and the most words a place set before a home is read with.
_PLACE_ENTS = frozenset(["GPE", "LOC", "FAC"])
_PLACE_WORDS = 3
#: What WordNet files a town under.
_TOWNS = ("city", "town", "district")


def named_home(span: Any, places: set[str] | frozenset[str] = frozenset()) -> Any:
    """The place a home is named by when it stands before the word for the home, as its
    compound ("the leith flat", "our brunswick share house"), as a span, else None.
    People call the home they live in after its suburb; the phrase's head is a word for
    a home (`_a_home`: not "fernwood studio", a workplace), and its first words (after
    "the", "our") are a place: an entity of place, a name the run reads as a place
    (`places`), or a town of the gazetteer that no dictionary knows as an ordinary word
    or that WordNet knows as a town ("brunswick"). Whose home ("jas's flat") is
    `HomeReader`'s."""
    root = span.root
    if (root.pos_ != "NOUN" and not root.is_lower) or not _a_home(root):
        return None
    doc = span.doc
    start = span.start
    while start < root.i and doc[start].dep_ in ("det", "poss"):
        start += 1
    words = doc[start : root.i]
    if not words or any(t.dep_ == "poss" or t.lower_ in ("'s", "’s") for t in words):
        return None
    for n in range(min(len(words), _PLACE_WORDS), 0, -1):
        place = doc[start : start + n]
        if _a_place(place, places):
            return place
    return None


def _a_home(tok: Any) -> bool:
    """A word for a home and nothing else much: housing in its usual sense ("house"), or
    in some sense and never first a place of work ("flat"; not "studio", "place")."""
    return any(
        primarily_a(w, "housing")
        or (kind_of("housing", w) and kind_among(w, ("location",)) is None)
        for w in {tok.lemma_.lower(), tok.lower_}
    )


def _a_place(span: Any, places: set[str] | frozenset[str]) -> bool:
    text = span.text.lower()
    if span.text.isupper() or any(not t.is_alpha for t in span):
        return False
    if all(t.ent_type_ in _PLACE_ENTS for t in span) or text in places:
        return True
    # "the terrace house", "the reading room": an ordinary word is a town only when
    # WordNet knows it as one too ("brunswick")
    ordinary = len(span) == 1 and known_word(text) and not names_a_place(text)
    return in_gazetteer(text) and (not ordinary or kind_among(text, _TOWNS) is not None)


def _possessive(tok: Any) -> bool:
    return any(c.dep_ == "case" for c in tok.children)


class HomeReader:
    """Finds where the speaker lives when a statement puts them in someone's home.
    `person(word)`: whether a lower-case word names a person the run knows;
    `place(span)`: whether a phrase is a place; `score(contexts)`: how clearly each
    context reads as where the speaker lives, not a visit; `changed(texts)`: whether each
    sentence reads as a change (`roles._changing`), or None."""

    def __init__(
        self,
        person: Callable[[str], bool],
        place: Callable[[Any], bool],
        score: Callable[[list[str]], list[float]],
        changed: Callable[[list[str]], list[bool]] | None = None,
    ):
        self.person = person
        self.place = place
        self.score = score
        self.changed = changed
        self._docs: dict[str, Any] = {}

    def _someone(self, tok: Any) -> bool:
        low = tok.lower_
        return low in PERSON_PRONOUNS or self.person(low) or kind_noun(low) == "person"

    def owners(self, tok: Any) -> list[Any]:
        """The words naming whose home `tok` stands for (a pronoun among them is
        resolved by the caller), or none."""
        low = tok.lower_
        if low in _THEIRS and tok.dep_ == "pobj":
            return [tok]  # "moved into hers"
        if tok.dep_ == "poss" and _possessive(tok) and _slot(tok) is not tok:
            return [tok] if self._someone(tok) else []  # "to my mum's last weekend"
        if tok.dep_ == "pobj" and self._someone(tok) and low not in PERSON_PRONOUNS:
            named = [c for c in tok.children if c.dep_ == "appos" and self._someone(c)]
            if _possessive(tok) or any(_possessive(c) for c in named):
                return [tok, *named]  # "at jas's", "at my mate dan's"
            if tok.head.lower_ in ("at", "with"):
                return [tok]  # "at her parents", "in with my sister"
        if dwelling(tok.lemma_) or dwelling(low):
            return [c for c in tok.children if c.dep_ == "poss" and self._someone(c)]
        return []

    def _parse(self, text: str) -> Any:
        from language.nlp import parse

        if text not in self._docs:
            self._docs[text] = parse([clean_text(text)])[0]
        return self._docs[text]

    def _resolved(self, words: list[Any], before: list[Any]) -> list[str]:
        """The owner's words, lower case; a pronoun is whom the nearest earlier sentence
        names (`before`, nearest last)."""
        out = []
        for w in words:
            low = _THEIRS.get(w.lower_, w.lower_)
            if low in PERSON_PRONOUNS or low == "them":
                found = person_before([(s.text, s.start) for s in before], self._people_in)
                if found is not None:
                    out.append(found[0])
            else:
                out.append(low)
        return out

    def _people_in(self, text: str) -> list[str]:
        return [t.lower_ for t in self._parse(text) if t.pos_ in ("NOUN", "PROPN") and (
            self.person(t.lower_) or kind_noun(t.lower_) == "person")]  # fmt: skip

    def _place_in(self, tok: Any) -> Any:
        """The place a home is said to be in: "at dan's in roath", "her flat in X", "her
        place is in X", "moved into her place in X"."""
        heads = [tok]
        if tok.dep_ == "nsubj" and tok.head.lemma_ == "be":
            heads.append(tok.head)  # "her place is in X"
        elif tok.dep_ == "pobj" and tok.head.dep_ == "prep":
            heads.append(tok.head.head)  # "dossing at dan's in roath": on the verb
        for head in heads:
            for prep in head.children:
                if prep.dep_ != "prep" or prep.lower_ not in ("in", "on") or prep.i < tok.i:
                    continue
                for obj in prep.children:
                    span = obj.doc[obj.left_edge.i : obj.i + 1]
                    if obj.dep_ == "pobj" and self.place(span):
                        return span
        return None

    def _place_next(self, sent: Any) -> Any:
        """The place the next sentence gives the home or its owner: "her place in bootle",
        or said first, "its in urmston", "shes in gorgie", "it's in X" (whatever the
        parser made of "its")."""
        for tok in sent:  # "her place in bootle": a home of theirs, with its place
            if dwelling(tok.lemma_) and any(
                c.dep_ == "poss" and c.lower_ in _AGAIN for c in tok.children
            ):
                place = self._place_in(tok)
                if place is not None:
                    return place
        words = [t for t in sent if not t.is_punct and t.dep_ != "cc"]
        if len(words) < 3 or words[0].lower_ not in _AGAIN:
            return None
        rest = words[1:]
        if rest[0].lemma_ == "be":
            rest = rest[1:]  # "it's in X", "she is in X"
        if not rest or rest[0].lower_ != "in":
            return None
        obj = next((c for c in rest[0].children if c.dep_ == "pobj"), None)
        if obj is None:
            return None
        span = sent.doc[obj.left_edge.i : obj.i + 1]
        return span if self.place(span) else None

    def read(
        self, items: list[tuple[Any, Any]], changing: frozenset[int] | set[int] = frozenset()
    ) -> dict[tuple[int, str], tuple[Any, Any]]:
        """Per statement that puts its speaker in someone's home: ((margin, statement,
        place, value, context), the statement whose turn named the place, when another).
        `changing`: ids of the statements whose sentence reads as a change, where the
        home needs only to read as one at all (`AT_HOME_CHANGED`)."""
        ordered = sorted(items, key=lambda it: (it[0].when or dt.date.min, it[0].n))
        named = self._homes_named(ordered)
        found = []
        said: list[str] = []  # the sentence of each home found
        for st, doc in ordered:
            sents = list(doc.sents)
            for k, sent in enumerate(sents):
                for tok in sent:
                    owner = self.owners(tok)
                    whose, tok = tok, _slot(tok)
                    if not owner or tok.dep_ != "pobj":
                        continue
                    verb = _clause_verb(tok.head)
                    if verb is None or _negated(verb) or not _mine(verb):
                        continue
                    moved = tok.head.lower_ == "to" and verb.lemma_.lower() in HOME_VERBS
                    if tok.head.lower_ not in _AT and not moved:
                        continue  # "went to my mum's": a trip; "moved to my mum's": a home
                    # "i might move into hers", "i'm moving in with my sister" (a plan);
                    # "i'm living at priya's" is so now
                    if _hedged(verb, progressive=verb.lemma_.lower() in HOME_VERBS):
                        continue
                    place, source = self._place_in(tok), st
                    if place is None and k + 1 < len(sents):
                        place = self._place_next(sents[k + 1])
                    if place is None:
                        keys = self._resolved(owner, sents[max(0, k - REACH) : k])
                        now = (st.when or dt.date.min, st.n, k)
                        mine = named.get(st.speaker, {})
                        earlier = [mine[w] for w in keys if w in mine and mine[w][0] < now]
                        if not earlier or any(e[1] is st for e in earlier):
                            continue  # the same turn's plan ("about moving into hers")
                        _, source, place = max(earlier, key=lambda e: e[0])
                        context = _context(tok.head.head, verb, whose, None)
                    else:
                        context = _context(tok.head.head, verb, whose, place)
                    found.append((st, place, context, source))
                    said.append(sent.text)
        if not found:
            return {}
        margins = self.score([f[2] for f in found])
        # A statement of several sentences may read as no change as a whole ("moving day
        # was brutal. 104 degrees. but we're officially at tasha's parents in X, ..."):
        # the home's own sentence is read then.
        unsure = [
            i
            for i, m in enumerate(margins)
            if AT_HOME_CHANGED <= m < AT_HOME and id(found[i][0]) not in changing
        ]
        own = set()
        if unsure and self.changed is not None:
            flags = self.changed([said[i] for i in unsure])
            own = {i for i, flag in zip(unsure, flags, strict=True) if flag}
        out: dict[tuple[int, str], tuple[Any, Any]] = {}
        for i, ((st, place, context, source), margin) in enumerate(
            zip(found, margins, strict=True)
        ):
            change = id(st) in changing or i in own
            if os.environ.get("BRAIN_DEBUG_ATTRIBUTES") == "2":  # every home read
                print(
                    f"  someone's home? {place.text!r} {margin:+.3f}"
                    f"{' (a change)' if change else ''} | {context}",
                    file=sys.stderr,
                )
            if margin < (AT_HOME_CHANGED if change else AT_HOME):
                continue
            key = (id(st), "Lives in")
            value = _value_text(place) or place.text
            if key not in out or margin > out[key][0][0]:
                out[key] = ((margin, st, place, value, context), source)
        return out

    def _homes_named(self, ordered: list[tuple[Any, Any]]) -> dict[str, dict[str, Any]]:
        """Per speaker, per owner word: ((when, turn, sentence), statement, place) of the
        homes the speaker's turns name with a place ("her place is in chapel allerton")."""
        out: dict[str, dict[str, Any]] = {}
        for st, doc in ordered:
            sents = list(doc.sents)
            for k, sent in enumerate(sents):
                for tok in sent:
                    if not (dwelling(tok.lemma_) or dwelling(tok.lower_)):
                        continue
                    owner = [c for c in tok.children if c.dep_ == "poss" and self._someone(c)]
                    place = self._place_in(tok) if owner else None
                    if place is None:
                        continue
                    when = (st.when or dt.date.min, st.n, k)
                    for key in self._resolved(owner, sents[max(0, k - REACH) : k]):
                        out.setdefault(st.speaker, {})[key] = (when, st, place)
        return out


def _slot(tok: Any) -> Any:
    """The word in the preposition's slot: the owner itself, or the time word the parser
    hung the owner's possessive on ("my mum's last weekend")."""
    if tok.dep_ == "poss" and tok.head.dep_ == "pobj" and a_time(tok.head):
        return tok.head
    return tok


def _clause_verb(prep: Any) -> Any:
    """The verb a preposition's phrase belongs to, through an adverb it hangs on ("back
    in my old room at my dad's": "did ... back")."""
    head = prep.head
    for _ in range(REACH):
        if head.pos_ in ("VERB", "AUX"):
            return head
        if head.pos_ != "ADV" or head.head is head:
            return None
        head = head.head
    return None


def _context(root: Any, verb: Any, home: Any, place: Any) -> str:
    """The speaker's clause, the home's place as X: "i'm at jas's in X now". A place said
    in the clause is replaced; one said elsewhere goes after the home. `root`: what the
    home's preposition hangs on: an adverb's phrase is read alone ("back in my old room
    at my dad's", not "did it"), with its verb only when that moves home ("moved back to
    my mum's")."""
    doc = root.doc
    inside = {root.i}
    if root is not verb and verb.lemma_.lower() in HOME_VERBS:
        inside.add(verb.i)
    for c in root.children:
        if c.dep_ not in _OWN_CLAUSE:
            inside |= {t.i for t in c.subtree}
    end = max([home.i, *(t.i for t in home.subtree if t.dep_ == "case")])
    if place is not None and place.root.i not in inside:
        place = None  # said in the next sentence ("its in X")
    words = []
    for i in sorted(inside):
        if place is not None and place.start <= i < place.end:
            if i == place.start:
                words.append("X")
            continue
        words.append(doc[i].text)
        if place is None and i == end:
            words += ["in", "X"]
    return " ".join(words)
