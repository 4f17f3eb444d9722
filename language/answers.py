"""A short reply read with the question it answers.

People answer a question with its value alone: "who's taking over?" - "shawna i think";
"what are you driving these days?" - "a little fiesta". The reply has no verb of its
own, so on its own it states nothing; read into the question's words it is a statement
of the one who replied ("shawna is taking over", "i am driving these days a little
fiesta"). The value comes only from the reply: whoever asked, an assistant or a
person, states nothing by asking.
"""

from __future__ import annotations

import re

from .names import known_word, names_nobody

#: Question words whose answer is a name or a thing, and the preposition a place takes.
_WH = {"who": "", "what": "", "which": "", "where": "in "}
#: Auxiliaries of an inverted question ("what do you drive"), as the speaker says them.
_AUX = {"do": "", "does": "", "did": "did", "are": "am", "were": "was", "have": "have",
        "will": "will", "would": "would", "is": "is"}  # fmt: skip
#: Contractions of a question word with "is" or "will".
_CONTRACTED = re.compile(r"^(who|what|which|where)['’](s|ll|re)$")
#: Words of the asker's "you" in the reply's first person.
_YOU = {"you": "me", "u": "me", "your": "my", "ur": "my", "yours": "mine",
        "yourself": "myself"}  # fmt: skip
#: Words that only hedge a reply ("shawna i think", "prob the red one").
_HEDGES = {"i", "think", "guess", "reckon", "suppose", "believe", "maybe", "probably",
           "prob", "probs", "hopefully", "apparently", "tbh", "lol", "haha", "idk", "so",
           "yeah", "yep", "well", "um", "erm", "hmm", "oh", "ok", "okay"}  # fmt: skip
#: Openers before a question's word ("so who's ...", "and what ...").
_OPENERS = {"so", "and", "ok", "okay", "oh", "but", "also", "then", "great", "nice"}
#: A reply this long (after its hedges) is a sentence of its own, not a value.
MAX_WORDS = 6


def _question(text: str) -> str | None:
    """The last question of a turn."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+", text.strip()) if p.strip()]
    return parts[-1] if parts and parts[-1].endswith("?") else None


def _value(reply: str) -> str | None:
    """The reply's value: its words without hedges and punctuation, when it is short,
    says something (not "no idea", "not sure") and has no verb of its own."""
    if "?" in reply:
        return None
    words = [w.strip(".,!;:()\"'") for w in reply.split()]
    words = [w for w in words if w]
    while words and words[0].lower() in _HEDGES:
        words = words[1:]
    while words and words[-1].lower() in _HEDGES:
        words = words[:-1]
    if not words or len(words) > MAX_WORDS:
        return None
    low = [w.lower() for w in words]
    if any(w in ("no", "not", "nobody", "nothing", "none", "dunno", "idea") for w in low):
        return None
    if all(names_nobody(w) for w in low):
        return None
    from .nlp import parse

    # A word no dictionary knows is a name ("shawna", "kev"): written with its capital,
    # the parse reads it as one, not as a verb
    value = " ".join(w if known_word(w.lower()) else w[:1].upper() + w[1:] for w in words)
    doc = parse([value])[0]
    if any(t.pos_ in ("VERB", "AUX") for t in doc) or not any(
        t.pos_ in ("NOUN", "PROPN", "X") or t.ent_type_ for t in doc
    ):
        return None
    return value


def answer_as_statement(question_turn: str, reply: str) -> str | None:
    """The reply read into the question it answers ("who's taking over his team?",
    "shawna i think" -> "shawna is taking over his team"), or None when the turn before
    asks no question a value answers or the reply says more than a value."""
    question = _question(question_turn)
    if question is None:
        return None
    words = question.rstrip("?").split()
    while words and words[0].lower().strip(",") in _OPENERS:
        words = words[1:]
    if len(words) < 2:
        return None
    first = words[0].lower()
    m = _CONTRACTED.match(first)
    if m:
        first = m.group(1)
        words = [first, {"s": "is", "ll": "will", "re": "are"}[m.group(2)], *words[1:]]
    if first not in _WH:
        return None
    value = _value(reply)
    if value is None:
        return None
    rest = [_YOU.get(w.lower(), w) for w in words[1:]]
    aux = rest[0].lower()
    if aux in _AUX and len(rest) > 1 and rest[1] == "me":
        # "what do you drive now" -> "i drive now X": the asker's "you" is the speaker
        said = [_AUX[aux], *rest[2:]] if _AUX[aux] else rest[2:]
        return " ".join(["i", *said, f"{_WH[first]}{value}"]).replace("  ", " ")
    if first == "where":
        return None  # "where did it go?": no subject to put the place in
    # "who's taking over" -> "shawna is taking over": the question word is the subject
    return " ".join([value, *rest])
