"""Words and sentences: the extractive engine's matching units."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

WORD = re.compile(r"[^\W_]+")  # lower-cased text; letters of any script ("tomás")
_SENTENCE = re.compile(
    r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bMrs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<=[.!?])\s+(?=[A-Z0-9\"'(“‘])"
)
_LOWER_SENTENCE = re.compile(
    r"(?<!\bdr\.)(?<!\bmr\.)(?<!\bms\.)(?<!\bst\.)(?<!\bmrs\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    r"(?<![0-9]\.)(?<=[.!?])\s+(?=[a-z0-9\"'(“‘])"
)
_POSSESSIVE = re.compile(r"['’]s\b")


@cache
def stopwords() -> frozenset[str]:
    text = resources.files("agent").joinpath("data", "stopwords.txt").read_text("utf-8")
    return frozenset(text.split())


@cache
def _stemmer():  # type: ignore[no-untyped-def]
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@cache
def stem(word: str) -> str:
    """Snowball (Porter 2) stem: 'migrating' and 'migration' both give 'migrat'."""
    return str(_stemmer().stemWord(word))


@cache
def lexicon() -> dict[str, object]:
    """The extractive engine's word lists (`data/question_words.json`), read once."""
    text = resources.files("agent").joinpath("data", "question_words.json").read_text("utf-8")
    return dict(json.loads(text))


@cache
def _base_forms() -> dict[str, str]:
    """Past forms of irregular verbs to their base form ("grew" -> "grow")."""
    out: dict[str, str] = {}
    for line in lexicon()["irregular_verbs"]:  # type: ignore[union-attr]
        base, *forms = str(line).split()
        out.update({f: base for f in forms if f != base})
    return out


def terms(text: str) -> set[str]:
    """Content words, stemmed: no stopwords, no possessive 's, no single letters; the
    past of an irregular verb counts as the verb ("grew" as "grow")."""
    words = WORD.findall(_POSSESSIVE.sub("", text.lower().replace("’", "'")))
    base = _base_forms()
    return {stem(base.get(w, w)) for w in words if len(w) > 1 and w not in stopwords()}


def sentences(text: str) -> list[str]:
    """Sentences of a turn or paragraph, one per line of prose at least. Text typed
    without capitals ("weird but good. the manager there is so chill") is split at its
    full stops too."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip().lstrip("-*>• ").strip()
        if line:
            rx = _LOWER_SENTENCE if not any(ch.isupper() for ch in line) else _SENTENCE
            out += [s.strip() for s in rx.split(line) if s.strip()]
    return out


def is_question(sentence: str) -> bool:
    """A sentence that asks rather than tells ("What do you recommend?")."""
    return sentence.rstrip(" \"')]”’").endswith("?")


__all__ = ["WORD", "is_question", "sentences", "stem", "stopwords", "terms"]
