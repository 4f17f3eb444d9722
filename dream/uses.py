"""What a name is, learnt from what it does in the run's sentences.

Model names are no vehicles to WordNet ("fiesta" is a festival, "polo" a sport,
"octavia" and "yaris" it does not know) and read alone like first names to the
embedding model. What the word does says what it is: a thing that fails its MOT, is
parked, insured, written off or "does 50 to the gallon" is a vehicle, whoever's it is
and whatever the sentence's event. Each name or thing of every statement in the run is
replaced by X in the words around it and compared with example uses of a thing of an
attribute and of anything else (group `value_use` in `language/data/prototypes.json`).
A word used clearly so at least once, and on the whole more so than otherwise, is a
value of that attribute wherever the run says it: "the fiesta is on its last legs, mot's
due" in March makes "finally got rid of the fiesta" in April the end of a car.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from language import classifier_for
from validators.lexicon import a_device_not_vehicle, kind_among, primarily_someone

from .attributes import _phrases, source
from .changes import _TIMES, compared_with

#: A use of a word is its attribute's when nearer those examples than the others' by
#: this much (mean top-3 cosine similarity): "X failed its mot again" by 0.26, "X is
#: costing a fortune in petrol" by 0.07; "X drove me to the airport" is no use of a car.
USE_MARGIN = 0.06
#: A word the dictionary knows as a machine or an appliance and never as a vehicle
#: ("printer", "till", "headset") is one only by a use that a vehicle alone has: "the
#: printer cuts out half the time" leads by 0.05, "X wouldn't start this morning" by
#: 0.09, while "X failed its mot again" leads by 0.15 and "X needs new tyres" by 0.22.
#: Two signals that disagree need the stronger one.
DEVICE_MARGIN = 0.12


def _window(span: Any, width: int = 12) -> str:
    """The sentence's words around the phrase, the phrase as X: a car's use is often
    told at the end ("... off autotrader, 2014 one with 60k on the clock")."""
    doc = span.doc
    start = max(span.sent.start, span.start - width)
    end = min(span.sent.end, span.end + width)
    return " ".join(
        [*(t.text for t in doc[start : span.start]), "X"] + [t.text for t in doc[span.end : end]]
    )


def _a_place(word: str) -> bool:
    """A word WordNet knows first as a place, a building or a home ("place", "garage",
    "house"): "our place is falling apart" is a home, whatever it does."""
    return kind_among(word, ("housing", "location", "structure")) is not None


def _given_to(tok: Any) -> bool:
    """Whom a thing went to: a word WordNet knows first as a person, after "to" on a
    verb ("the volvo's gone to a mate", "fiesta went to a lad at work"). It shares the
    thing's sentence, not its use."""
    prep = tok.head
    return (
        tok.dep_ == "pobj"
        and prep.lower_ == "to"
        and prep.head.pos_ in ("VERB", "AUX")
        and primarily_someone(tok.lemma_.lower()) == "person"
    )


def kinds_by_use(embedder: Any, docs: list[Any], people: set[str] = frozenset()) -> dict[str, str]:
    """`docs`: the run's parsed sentences, anyone's. Returns the words (lower case, a
    phrase's head) that the run uses as values of an attribute, and that attribute. A
    word the run reads as a person's, a pet's or a place's (`people`) is never one: "the
    van route round knowle" reads like a use of a vehicle, and knowle is where."""
    uses: list[tuple[str, str]] = []
    for doc in docs:
        for span in _phrases(doc):
            root = span.root
            if root.pos_ not in ("NOUN", "PROPN") or root.ent_type_ in _TIMES:
                continue
            if not root.is_alpha or root.lower_ in people or source(root):
                continue  # where a thing came from shares its sentence, not its use
            if _a_place(root.lower_) or _given_to(root) or compared_with(root):
                continue  # "less than the ER": what it is measured against, no use of it
            if kind_among(root.lower_, ("time_period",)) is not None:
                continue  # "no weekends ever again": a time, nothing one uses
            uses.append((root.lower_, _window(span)))
    if not uses:
        return {}
    classifier = classifier_for(embedder, "value_use")
    rows = classifier.scores(embedder.embed([u[1] for u in uses]))
    other = classifier.labels.index("other")
    leads: dict[str, dict[str, list[float]]] = {}
    for (word, context), row in zip(uses, rows, strict=True):
        for j, label in enumerate(classifier.labels):
            if j != other:
                leads.setdefault(word, {}).setdefault(label, []).append(float(row[j] - row[other]))
        if os.environ.get("BRAIN_DEBUG_USES"):
            print(f"use {word!r} {[f'{r:.3f}' for r in row]} | {context}", file=sys.stderr)
    out: dict[str, str] = {}
    for word, by_label in leads.items():
        label, found = max(by_label.items(), key=lambda kv: max(kv[1]))
        # once clearly, and on the whole: "jamie drove me to the airport" once is
        # outweighed by everything else jamie does
        device = label == "Gets around by" and a_device_not_vehicle(word)
        least = DEVICE_MARGIN if device else USE_MARGIN
        if max(found) >= least and sum(found) / len(found) > 0:
            out[word] = label
    return out
