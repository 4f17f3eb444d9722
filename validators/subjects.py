"""Who a claim is about: names in the block, the speaker ('I'), the listener ('you'),
titles, and the roles of a chat with an AI ('the user', 'the assistant')."""

from __future__ import annotations

import re
from collections.abc import Sequence

from language.dates import WEEKDAY_NAMES, weekday_number
from memory_schema.links import WIKILINK_RE
from memory_schema.session import AI_SPEAKERS

from . import lexicon
from .claim_text import (
    _SENTENCE_RE,
    FUNCTION_WORDS,
    SECOND_PERSON,
    Evidence,
    Support,
    _fail,
    _is_entity,
    _lows,
    _parts,
    _Reading,
)
from .word_ties import contracted
from .words import (
    MONTHS,
    WEEKDAYS,
    stem,
    tokens,
)


def _short_for_day(word: str, day: int) -> bool:
    """Is the block's word a shortening of the day that is no other word ('thurs', 'tues',
    'weds'; not 'sat' or 'wed', which say other things too), wherever it stands?"""
    if word in WEEKDAYS or weekday_number(word) != day:
        return False
    return not lexicon.known(word) or lexicon.senses_within(word, WEEKDAY_NAMES[day])


def role_names(evidence: Sequence[Evidence]) -> list[str]:
    """Words that name a block's speaker by role in a chat with an AI assistant: 'user'
    for the person (an unnamed `user` turn, the owner's turn, or anyone talking to an
    AI), 'assistant' for the AI. They are read like the speaker's name."""
    out: list[str] = []
    for e in evidence:
        speaker = (e.speaker or "").casefold().split()
        to_ai = any((n.casefold().split() or [""])[0] in AI_SPEAKERS for n in e.listeners)
        if e.role == "user" or "user" in speaker or (to_ai and not e.by_ai):
            out.append("user")
        if e.role == "assistant" or e.by_ai or (speaker[:1] and speaker[0] in AI_SPEAKERS):
            out += ["assistant", "AI"]
            if set(_lows(e.text)) & SECOND_PERSON:
                # "since you mentioned your cat is diabetic", "the figures you gave me":
                # the person the assistant speaks to is the user. What the assistant
                # only advises ('you might store your bags') is not so: the mood check
                # holds a claim of fact to a clause that says it.
                out.append("user")
    return list(dict.fromkeys(out))


def _with_context(e: Evidence) -> str:
    """A block as the judge sees it: who said it, to whom, when, where; then the words."""
    head = []
    if e.speaker:
        head.append(f"said by {e.speaker}")
    if e.listeners:
        head.append(f"to {', '.join(e.listeners)}")
    if e.said_on:
        head.append(f"on {e.said_on.isoformat()}")
    if e.title:
        head.append(f"in {e.title!r}")
    return (f"[{' '.join(head)}]\n" if head else "") + e.text


def _context_names(evidence: Sequence[Evidence], subject_names: list[str]) -> set[str]:
    out = set()
    for e in evidence:
        for n in [e.speaker, *e.listeners, e.title, e.context, *subject_names]:
            out |= {w for t in tokens(n or "") if t[0].isupper() for w in _parts(t)}
    return out


def _names(
    claim: str,
    text: str,
    evidence: Sequence[Evidence],
    ev: _Reading,
    context_names: set[str],
    subject_names: list[str],
) -> Support | None:
    """Each name must be in the block, or be the speaker (I), a listener (you) or a title."""
    speakers = {p for e in evidence for p in _parts_of_name(e.speaker)}
    listeners = {p for e in evidence for n in e.listeners for p in _parts_of_name(n)}
    block_words = {w for e in evidence for t in tokens(e.text) for w in _parts(t)}
    others = {
        w
        for t in tokens(" ".join([*(e.context for e in evidence), *(e.title for e in evidence)]))
        for w in _parts(t)
    } | {w for n in subject_names for t in tokens(n) for w in _parts(t)}
    names = []
    for m in WIKILINK_RE.finditer(claim):
        shown = m.group(4) or m.group(2).rsplit("/", 1)[-1]
        names += [t for t in tokens(shown) if t.lower() not in FUNCTION_WORDS]
    for sent in _SENTENCE_RE.split(text):
        toks = tokens(sent)
        names += [
            t
            for i, t in enumerate(toks)
            if _is_entity(t, i == 0, context_names, toks[i - 1] if i else "")
        ]
    spelt_out = _spelt_out(text, evidence)
    for name in dict.fromkeys(names):
        low = _parts(name)[0]
        if name in spelt_out:
            continue
        if "-" in name:
            # 'Nairobi-based', 'Lisbon-born': the name is the capitalised part; the rest is
            # an ordinary word.
            caps = [p for p in name.split("-") if p[:1].isupper()]
            if caps and len(caps) < len(name.split("-")):
                low = _parts(caps[0])[0]
        if low in MONTHS and name[0].isupper():
            # 'Feb' in the block names February.
            if any(MONTHS.get(w) == MONTHS[low] for w in block_words) or any(
                d.month == MONTHS[low] for d in ev.dates
            ):
                continue
            return _fail(f"month {name} is not in the evidence", [name], hard=True)
        if low in WEEKDAYS:
            # 'on wednesdays' names Wednesday too, and chat's 'thurs' or 'weds' anywhere.
            named = low in block_words or low + "s" in block_words
            named = named or any(_short_for_day(w, WEEKDAYS[low]) for w in block_words)
            if named or any(d.weekday() == WEEKDAYS[low] for d in ev.dates):
                continue
            return _fail(f"day {name} is not in the evidence", [name], hard=True)
        if low in block_words or stem(low) in {stem(w) for w in block_words}:
            continue
        # Chat drops the apostrophe: 'valentines' is "Valentine's", 'jamies' "Jamie's".
        if low + "s" in block_words or (low.endswith("s") and low[:-1] in block_words):
            continue
        if low in speakers and low not in listeners:
            continue  # "I" is the speaker
        if low in listeners and low not in speakers:
            both = any(_parts(n)[0] in speakers for n in names)
            if ev.second_person or (ev.first_plural and both):
                continue  # "you"; or "we" read as the speaker and them together
            return _fail(
                f"'{name}' is the listener, but the evidence says nothing about them",
                [name],
                hard=True,
            )
        if low in others or _same_name(low, block_words):
            continue
        if lexicon.is_noun(low) and any(
            contracted(w, low) for w in block_words if w not in FUNCTION_WORDS
        ):
            continue  # 'Elm Street' for 'elm st': a common noun of a name, shortened
        return _fail(f"'{name}' is not in the evidence", [name], hard=True)
    return None


#: Kinds of natural feature a name is said with or without ('the River Wye', 'the wye';
#: 'Loch Ness', 'ness'): WordNet roots of the kind word's usual sense. Not a street or a
#: town: 'Leeds Road' is not Leeds.
_FEATURES = ("body_of_water", "geological_formation", "land")


def _same_name(low: str, block_words: set[str]) -> bool:
    """Is the claim's name another spelling WordNet gives of a word of the block ('Xmas'
    for 'Christmas')?"""
    return any(lexicon.relation(low, w) == "synonym" for w in block_words if len(w) > 2)


def _spelt_out(text: str, evidence: Sequence[Evidence]) -> set[str]:
    """Capitalised claim words the block says in short: the words of a name whose
    initials the block writes ('Dungeons & Dragons' for 'd&d', 'British Sign Language' for
    'bsl'), and the kind of a natural feature beside a name the block says ('River' in
    'the River Wye' for 'the wye')."""
    raw = " ".join(e.text for e in evidence)
    shorts = set()
    for chunk in raw.split():
        letters = re.sub(r"[&.]", "", chunk.strip(",;:!?()'\"").lower())
        if 2 <= len(letters) <= 6 and letters.isalpha():
            shorts.add(letters)
    words = {w.lower() for t in tokens(raw) for w in _parts(t)}
    out: set[str] = set()
    for sent in _SENTENCE_RE.split(text):
        toks = re.findall(r"[\w'’-]+|&", sent)
        runs: list[list[str]] = []
        for i, t in enumerate(toks):
            if t[:1].isupper() and i:
                if runs and runs[-1][-1] == toks[i - 1]:
                    runs[-1].append(t)
                else:
                    runs.append([t])
            elif t.lower() in ("&", "and", "of") and runs and runs[-1][-1] == toks[i - 1]:
                runs[-1].append(t)
        for run in runs:
            caps = [t for t in run if t[:1].isupper()]
            if len(caps) > 1 and "".join(t[0].lower() for t in caps) in shorts:
                out.update(caps)
            named = [t for t in caps if t.lower() in words]
            # A name the dictionary knows whole as another name of a word of the block:
            # 'Mount Everest' for 'everest', 'Mount Etna' for 'etna'.
            whole = "_".join(t.lower() for t in caps)
            if (
                len(caps) > 1
                and lexicon.is_lemma(whole)
                and any(lexicon.relation(whole, w) in ("same", "synonym") for w in words)
            ):
                out.update(caps)
            for t in caps:
                if named and t not in named and lexicon.kind_among(t.lower(), _FEATURES):
                    out.add(t)
    return out


def _parts_of_name(name: str) -> list[str]:
    return [w for t in tokens(name or "") for w in _parts(t)]
