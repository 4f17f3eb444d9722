"""A speaker's sentence in the third person, from its parse: "I" becomes the speaker's
name with the verb agreeing ("I love painting" -> "Caroline loves painting"), "my" becomes
"their", "you" in a chat between two people becomes the other person, and openers,
vocatives and asides ("Wow,", "Hey Mel,", ", Caroline!", "[shows a photo]") are dropped.

Grammar, not phrasing: every rule here is about English pronouns and agreement, none
about what a particular sentence says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: Object and possessive forms of the first person, singular and plural.
_OBJECT = {
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
    "us": "them",
    "our": "their",
    "ours": "theirs",
    "ourselves": "themselves",
}
#: Words that open a sentence without adding to it.
_OPENERS = {
    "so", "well", "oh", "and", "but", "also", "anyway", "anyways", "honestly", "actually",
    "yeah", "yes", "yep", "yup", "no", "nope", "ok", "okay", "hey", "hi", "hello", "wow",
    "haha", "lol", "omg", "ugh", "hmm", "um", "uh", "btw", "ah", "aw", "aww", "woah",
    "whoa", "gosh", "man", "dude", "guys", "thanks", "thank", "sure", "right", "like", "plus",
    "tbh", "lmao", "yay", "wooo", "woohoo", "hah", "heh", "alright", "cool", "great",
    "awesome", "nice", "sweet", "totally", "absolutely", "definitely", "indeed", "oops",
}  # fmt: skip
_ASIDE_RE = re.compile(r"\s*[\[(][^\])\n]{0,300}[\])]")
_NON_TEXT_RE = re.compile(r"[^\w\s.,;:!?'’\"“”()/&%$€£+#@-]+")
_CONTRACTED = re.compile(r"^['’]")
#: Intensifiers that add no fact as adverbs ("so proud", "really"), and chat words that
#: add none anywhere ("lol").
_FILLERS = {
    "really", "so", "very", "super", "totally", "just", "actually", "honestly", "literally",
    "definitely", "kinda", "sorta", "basically", "pretty", "truly", "absolutely", "seriously",
}  # fmt: skip
_CHAT_WORDS = {"lol", "haha", "hahaha", "tbh", "omg", "lmao", "imo", "xd", "btw"}


@dataclass
class Rewrite:
    text: str  # the sentence in the third person
    about_speaker: bool  # the speaker is its grammatical subject (I / we)
    first_person: bool  # it speaks of the speaker at all (I, my, we, ...)


#: Contractions typed without their apostrophe ("im", "dont"), restored before parsing.
_BARE = {
    "im": "I'm", "ive": "I've", "ill": None, "dont": "don't", "doesnt": "doesn't",
    "didnt": "didn't", "cant": "can't", "couldnt": "couldn't", "wouldnt": "wouldn't",
    "shouldnt": "shouldn't", "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't",
    "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "shes": "she's",
    "thats": "that's", "youre": "you're", "theyre": "they're", "whats": "what's",
    "lets": None, "wont": None,
}  # fmt: skip
_BARE_RE = re.compile(r"\b(" + "|".join(k for k, v in _BARE.items() if v) + r")\b", re.I)
#: The shape of any contraction typed without its apostrophe, listed above or not
#: ("youll", "itll", "mustnt"): pronoun or wh-word plus m/re/ve/ll/d/s, or a verb plus nt.
_BARE_SHAPE = re.compile(
    r"(?:i|you|we|they|he|she|it|that|there|what|who|where|here)(?:m|re|ve|ll|d|s)|"
    r"(?:do|does|did|is|are|was|were|have|has|had|wo|ca|could|would|should|must|need|ai)nt"
)


def is_bare_contraction(word: str) -> bool:
    """'doesnt', 'theyre', 'youll': a contraction typed without its apostrophe."""
    low = word.lower()
    return low in _BARE or bool(_BARE_SHAPE.fullmatch(low))


def restore_apostrophes(text: str) -> str:
    """'im priya, dont ask' -> "I'm priya, don't ask" (typed fast, read the same)."""

    def repl(m: re.Match[str]) -> str:
        word = _BARE[m.group(1).lower()] or m.group(1)
        return word if m.group(1)[:1].islower() or word[:1] == "I" else word.capitalize()

    return _BARE_RE.sub(repl, text)


def clean_text(text: str) -> str:
    """Asides in brackets and emoji removed, bare contractions restored, spaces collapsed."""
    text = restore_apostrophes(_ASIDE_RE.sub("", text))
    # An emoji between two clauses separates them like a semicolon.
    text = _NON_TEXT_RE.sub(" ; ", text)
    text = re.sub(r"\s*;\s*(?:;\s*)*", "; ", " ".join(text.split()))
    text = re.sub(r"\s*;\s*([.,!?])", r"\1", text)
    return _shorthand_lowered(text.strip(" ;"))


def _shorthand_lowered(text: str) -> str:
    """A phone capitalises a message's first word, chat shorthand too ("Ngl Costco is the
    only place i shop", "Bc Jen's sick"); so capitalised, the tagger reads it as the
    start of a name ("Ngl Costco", a person). It is read in lower case, as typed."""
    from .names import chat_words  # names reads this module's contractions

    first, _, rest = text.partition(" ")
    if first[:1].isupper() and first[1:].islower() and first.lower() in chat_words():
        return f"{first.lower()} {rest}" if rest else first.lower()
    return text


def third_singular(lemma: str, form: str) -> str:
    """The present third person singular of a verb ('go' -> 'goes', 'try' -> 'tries')."""
    low = lemma.lower()
    if low == "be":
        return "is"
    if low == "have":
        return "has"
    if low in ("do", "go"):
        return low + "es"
    if form.lower() in ("can", "could", "will", "would", "shall", "should", "may", "might"):
        return form
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return low + "es"
    if re.search(r"[^aeiou]y$", low):
        return low[:-1] + "ies"
    return low + "s"


def _finite(subject: Any) -> list[Any]:
    """The finite verbs a subject governs: its head or the head's auxiliaries, plus
    conjoined verbs that share the subject ("I love it and do it daily")."""
    head = subject.head
    out = [c for c in head.children if c.dep_ in ("aux", "auxpass") and c.i < head.i]
    if head.tag_ in ("VBP", "VBD", "VBZ", "MD") or head.lemma_ == "be":
        out.append(head)
    for conj in head.conjuncts:
        if not any(c.dep_ in ("nsubj", "nsubjpass") for c in conj.children):
            out.append(conj)
    return out


def _start(toks: list[Any], names: set[str]) -> int:
    """Index (in the tokens) of the first token after openers and a vocative."""
    i = 0
    while i < len(toks):
        t = toks[i]
        low = t.lower_
        after_opener = i > 0 and (toks[i - 1].lower_ in _OPENERS or toks[i - 1].pos_ == "INTJ")
        named = low in names or t.pos_ == "PROPN" or (after_opener and t.text[:1].isupper())
        vocative = named and i + 1 < len(toks) and toks[i + 1].text in (",", "!", "-", "—")
        # A word that negates or determines what follows is no opener, whatever its
        # spelling: "no more night shifts for me" is not "more night shifts".
        negates = t.dep_ in ("neg", "det")
        if t.is_punct or ((low in _OPENERS or t.pos_ == "INTJ") and not negates) or vocative:
            i += 1
            continue
        break
    return i


def _end(toks: list[Any], names: set[str]) -> int:
    """Drop a trailing vocative (", Mel!") and end punctuation."""
    j = len(toks)
    while j > 0 and (toks[j - 1].is_punct or toks[j - 1].is_space):
        j -= 1
    k = j
    while k > 0 and toks[k - 1].lower_ in names:
        k -= 1
    if k < j and k > 0 and toks[k - 1].text == ",":
        j = k - 1
    return j


def rewrite_third_person(
    sent: Any,
    speaker: str,
    addressee: str | None = None,
    names: set[str] | None = None,
    skip: set[int] | frozenset[int] = frozenset(),
) -> Rewrite:
    """The sentence (a spaCy Span) as a line about `speaker`.

    `addressee` is the other person of a two-person chat ("you" becomes them); `names`
    are lowercase names (participants) that count as vocatives at the start or the end;
    tokens whose index is in `skip` (clauses judged chatter) are left out.
    """
    vocatives = {n.lower() for n in names or set()}
    for name in [speaker, addressee]:
        if name:
            vocatives.update(w.lower() for w in name.split())
    toks = [t for t in sent if t.i not in skip]
    start = _start(toks, vocatives)
    end = _end(toks, vocatives)
    toks = toks[start:end]
    if not toks:
        return Rewrite("", False, False)
    agree: dict[int, str] = {}
    first_person = about = False
    singular = ("i", "you") if addressee else ("i",)
    for subj in toks:
        if subj.dep_ not in ("nsubj", "nsubjpass") or subj.lower_ not in (*singular, "we"):
            continue
        if subj.lower_ in ("i", "we"):
            first_person = True
            if subj.head.i == sent.root.i or subj.i == toks[0].i:
                about = True
        if subj.lower_ == "we":
            continue  # "Maya and others went": the plural verb stays
        for verb in _finite(subj):
            low = verb.lower_.replace("’", "'")
            if low in ("'m", "m", "am", "'re", "are"):
                agree[verb.i] = "is"
            elif low in ("'ve", "ve"):
                agree[verb.i] = "has"
            elif low == "were":
                agree[verb.i] = "was"
            elif verb.tag_ == "VBP" and low == verb.lemma_.lower():
                # A base form only: a past form mis-tagged VBP ("got") stays as it is.
                agree[verb.i] = third_singular(verb.lemma_, verb.text)
    out: list[str] = []
    prev = toks[0].i
    named = False  # the first mention of the speaker names them; later ones are pronouns
    for t in toks:
        low = t.lower_
        word = t.text
        chat = low in _CHAT_WORDS
        filler = low in _FILLERS and t.dep_ in ("advmod", "intj", "npadvmod", "dep", "punct")
        if chat or filler or (t.pos_ == "INTJ" and t.i != toks[0].i):
            if out and t.whitespace_ and not out[-1].endswith(" "):
                out[-1] += " "
            continue  # "I'm so proud" -> "Caroline is proud"
        if low in ("i", "we") and t.tag_ == "PRP":
            first_person = named = True
            # "we" is the speaker and people of theirs (family, team), rarely the listener.
            word = speaker if low == "i" else f"{speaker} and others"
        elif low in _OBJECT and t.tag_ in ("PRP", "PRP$"):
            first_person = True
            if not named and low in ("my", "mine", "me", "our", "ours", "us"):
                word = speaker if low in ("me", "us") else f"{speaker}'s"
                named = True
            else:
                word = _OBJECT[low]
        elif low in ("you", "your", "yours", "yourself") and addressee:
            word = addressee if low in ("you", "yourself") else f"{addressee}'s"
        elif t.i in agree:
            word = agree[t.i]
            if t.text[:1].isupper():
                word = word[:1].upper() + word[1:]
        elif low in ("'ll", "’ll"):
            word = "will"
        elif low in ("'re", "’re", "'ve", "’ve"):
            word = {"'re": "are", "’re": "are", "'ve": "have", "’ve": "have"}[low]
        if out and t.i - prev > 1 and not out[-1].endswith(" ") and not t.is_punct:
            out[-1] += " "  # a skipped clause between: "those, [so I made] people"
        prev = t.i
        glued = out and not out[-1].endswith(" ") and not t.is_punct
        if glued and word != t.text and not _CONTRACTED.match(word):
            out[-1] = out[-1] + " "  # "I'm" -> "Priya is", "im" -> "Priya is"
        out.append(word + t.whitespace_)
    text = "".join(out).strip().rstrip(" ,;:-—")
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = text[:1].upper() + text[1:]
    return Rewrite(text, about, first_person)


#: Dependencies that give a clause its subject.
_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")
#: Tags of a verb in the past: the forms a diary-style sentence drops its "I" before.
_PAST = ("VBD", "VBN")
#: Verbs of feeling and thinking: said without "I" in the present they are still the
#: speaker's ("love the new flat", "miss the old place"); an order to an assistant is
#: made with other verbs ("remind me", "write an email").
_FEELING = {"love", "like", "hate", "miss", "prefer", "enjoy", "adore", "dislike", "loathe",
            "need", "want", "hope", "wish", "think", "feel", "reckon", "guess", "know",
            "dread", "regret", "appreciate", "fancy", "doubt"}  # fmt: skip


def _subjectless(sent: Any) -> bool:
    return not any(c.dep_ in _SUBJECTS for c in sent.root.children)


def _with_i(text: str, offsets: dict[int, str]) -> str:
    """`text` with a subject ("i ", "i'm ") at each offset (a sentence's start, its
    capital lowered: 'Went to a pride parade' -> 'i went to ...')."""
    for at in sorted(offsets, reverse=True):
        rest = text[at:]
        if rest[:2].istitle():
            rest = rest[:1].lower() + rest[1:]
        text = text[:at] + offsets[at] + rest
    return text


def _own_subject(i: Any) -> str | None:
    """The subject to restore when the token "i" reads as the subject of its verb: "i "
    before a verb in the past ("i bought", "i been loving"), after a modal ("i cant
    stand") or of feeling ("i love"); "i'm " before a verb in -ing ("i'm enjoying");
    None for anything else (an order: "i remind me")."""
    verb = i.head
    if i.dep_ not in ("nsubj", "nsubjpass") or verb.pos_ not in ("VERB", "AUX"):
        return None
    aux = [c for c in verb.children if c.dep_ == "aux" and c.i < verb.i]
    if verb.tag_ in _PAST or any(c.tag_ in _PAST or c.tag_ == "MD" for c in aux):
        return "i "
    if verb.tag_ == "VBG" and not aux:
        return "i'm "
    if verb.tag_ == "VBP" and verb.lemma_.lower() in _FEELING:
        return "i "
    return None


#: Tags of a word that opens a clause with a subject of its own ("my sister came
#: over", "the corsa died"): no "i" goes before it.
_OWN_SUBJECT = {"PRP", "PRP$", "DT", "PDT", "WP", "WP$", "WDT", "WRB", "EX", "CD", "MD"}


def _opening(sent: Any) -> Any:
    """Where a sentence's "i" was left out: its first word after openers and adverbs
    ("ok finally caved and got ..."), or None when that word has a subject's tag."""
    for t in sent:
        if t.is_punct or t.lower_ in _OPENERS or t.pos_ == "INTJ" or t.tag_ == "RB":
            continue
        if t.tag_ in _OWN_SUBJECT or t.dep_ in _SUBJECTS:
            return None
        # "painted by my daughter": done to it, by someone else
        return None if any(c.dep_ == "agent" for c in t.children) else t
    return None


def _past_opening(t: Any) -> bool:
    """A sentence that opens with a verb in the past though its main clause has a
    subject: "got a little fiesta now, the corsa finally died" (the parser often reads
    the verb as a name: "ditched evernote")."""
    if any(c.dep_ in _SUBJECTS for c in t.children):
        return False
    return t.tag_ in _PAST or (t.pos_ in ("NOUN", "PROPN") and t.lower_.endswith("ed"))


def restore_subject(texts: list[str], docs: list[Any]) -> tuple[list[str], list[Any]]:
    """People write to a chat as to a diary, without their "I": "bought a 2017 fiesta
    off a guy from work", "finally handed in my notice", "ditched evernote". A sentence
    whose main clause has no subject is read again with "i" in front; when the parser
    then takes "i" as the subject of a verb in the past ("i bought"), after a modal,
    in -ing ("really enjoying the pottery class") or of feeling ("love the new flat"),
    that reading is the sentence's. An order ("remind me to call the bank", "write an
    email to my boss") keeps its own parse: "i" would make a statement nobody made.
    Returns the texts and docs, changed where a subject was restored (each sentence of
    a text on its own)."""
    from .nlp import parse

    trials = [
        (k, sent.start_char if _subjectless(sent) else opening.idx)
        for k, doc in enumerate(docs)
        for sent in doc.sents
        if len(sent) > 1
        and (opening := _opening(sent)) is not None
        and (_subjectless(sent) or _past_opening(opening))
    ]
    if not trials:
        return texts, docs
    restored: dict[int, dict[int, str]] = {}
    tried = parse(_with_i(texts[k], {at: "i "}) for k, at in trials)
    for (k, at), doc in zip(trials, tried, strict=True):
        span = doc.char_span(at, at + 1)
        subject = _own_subject(span[0]) if span is not None and span[0].lower_ == "i" else None
        if subject:
            restored.setdefault(k, {})[at] = subject
    if not restored:
        return texts, docs
    texts, docs = list(texts), list(docs)
    changed = {k: _with_i(texts[k], ats) for k, ats in restored.items()}
    for k, doc in zip(changed, parse(changed.values()), strict=True):
        texts[k], docs[k] = changed[k], doc
    return texts, docs


#: What opens a sentence before its subject noun: "my managers a ...", "the kids a ...".
_BEFORE_SUBJECT = frozenset(["my", "our", "the", "his", "her", "their"])
#: Words that can follow a subject only through a verb: an article, or "called"/"named"
#: naming the one the noun is ("managers a woman called denise", "managers called jo").
_AFTER_COPULA = frozenset(["a", "an", "the", "called", "named"])


def restore_copula(texts: list[str], docs: list[Any]) -> tuple[list[str], list[Any]]:
    """ "managers a woman called denise", "my sisters a nurse now": "manager's" with its
    apostrophe dropped, the "'s" standing for "is", which the parser reads as a plural
    noun with no verb. A plural noun that opens its sentence (after "my", "the", ...) and
    is straight followed by an article or "called" has no verb of its own; when its
    singular is, to WordNet, a kind of person or animal, the sentence is read again with
    "<singular> is", and that reading is the sentence's when the parser then makes the
    noun the subject of "is". Returns the texts and docs, changed where one was restored."""
    from validators.lexicon import names_animal, names_someone

    from .nlp import parse

    trials: list[tuple[int, int, int, str]] = []  # (text, start char, end char, singular)
    for k, doc in enumerate(docs):
        for sent in doc.sents:
            toks = [t for t in sent if not t.is_punct]
            lead = 1 if toks and toks[0].lower_ in _BEFORE_SUBJECT else 0
            if len(toks) < lead + 2:
                continue
            noun, after = toks[lead], toks[lead + 1]
            low, lemma = noun.lower_, noun.lemma_.lower()
            if noun.tag_ != "NNS" or low != lemma + "s" or after.lower_ not in _AFTER_COPULA:
                continue
            if after.i != noun.i + 1 or not (names_someone(lemma) or names_animal(lemma)):
                continue
            trials.append((k, noun.idx, noun.idx + len(noun.text), noun.text[: len(lemma)]))
    if not trials:
        return texts, docs
    tried = [texts[k][:a] + f"{word} is" + texts[k][b:] for k, a, b, word in trials]
    restored: dict[int, list[tuple[int, int, str]]] = {}
    for (k, a, b, word), doc in zip(trials, parse(tried), strict=True):
        span = doc.char_span(a, a + len(word))
        be = doc[span[0].i + 1] if span is not None and span[0].i + 1 < len(doc) else None
        if be is not None and span[0].dep_ == "nsubj" and span[0].head.i == be.i:
            restored.setdefault(k, []).append((a, b, word))
    if not restored:
        return texts, docs
    texts, docs = list(texts), list(docs)
    changed = {}
    for k, spots in restored.items():
        text = texts[k]
        for a, b, word in sorted(spots, reverse=True):
            text = text[:a] + f"{word} is" + text[b:]
        changed[k] = text
    for k, doc in zip(changed, parse(changed.values()), strict=True):
        texts[k], docs[k] = changed[k], doc
    return texts, docs
