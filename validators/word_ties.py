"""How one claim word is tied to the block's words by its form alone: the same word or
stem, a dictionary form, a derivation ('adoption'/'adopt'), a shared root
('counselor'/'counseling'), a phrasal verb of the claim ('touches down'), and the ties
that make a word a contradiction ('unsupportive'/'supportive', 'mother'/'mother-in-law').
support.py asks these before WordNet's relations and the embedding model."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from . import lexicon
from .claim_text import _NEG_PREFIXES, FUNCTION_WORDS, LIGHT_VERBS, _lows, _parts, _Reading
from .claim_words import _DERIVING
from .predicates import _parse, is_scheduled
from .words import STOPWORDS, stem, tokens


def _lexical(word: str, ev: _Reading) -> bool:
    s = stem(word)
    return (
        word in ev.words
        or s in ev.stems
        or bool(set(lexicon.base_forms(word)) & ev.bases)
        or (len(s) >= 6 and any(_same_root(s, e) for e in ev.stems))
        or _unknown_form(word, ev)
        or any(contracted(t, word) or clipped(t, word) for t in ev.words)
    )


_VOWELS = frozenset("aeiou")


def contracted(short: str, word: str) -> bool:
    """Is `short` the word written with its vowels and some letters dropped, as chat
    shortens it ('appt' for appointment, 'mgr' manager, 'tmrw' tomorrow, 'wks' weeks)?
    Its first and last letters are the word's (or a dictionary form's), the rest are
    consonants in the word's order, and the dictionary does not know it as a word of its
    own: 'lol' and 'tbh' keep a vowel or a letter out of order, and 'part' is a word."""
    if len(short) < 2 or not short.isalpha() or set(short[1:]) & _VOWELS:
        return False
    if len(short) >= len(word) or lexicon.known(short):
        return False
    for form in {word.lower(), *lexicon.base_forms(word)}:
        if form[0] != short[0] or form[-1] != short[-1] or len(form) <= len(short):
            continue
        rest = iter(form[1:])
        if all(c in rest for c in short[1:]):
            return True
    return False


#: Endings chat puts on a clipped word: 'footy', 'brekkie'.
_CLIP_ENDINGS = ("ie", "y", "s")


def clipped(short: str, word: str) -> bool:
    """Is `short` the word cut short as chat cuts it, no word of the dictionary itself:
    its start ('footy' for football, 'uni' university, 'hols' holidays), with a chat
    ending or none? What is left after the ending is three letters or more and begins the
    word or a dictionary form of it ('contracted' reads the shortenings that drop vowels:
    'appt', 'wks')."""
    if len(short) < 3 or not short.isalpha() or lexicon.known(short):
        return False
    if short in FUNCTION_WORDS or short in STOPWORDS:
        return False  # 'the' is no 'themed' cut short
    cores = [short] + [
        short[: -len(e)] for e in _CLIP_ENDINGS if short.endswith(e) and len(short) - len(e) >= 3
    ]
    for form in {word.lower(), *lexicon.base_forms(word)}:
        for core in cores:
            if len(form) > len(core) + 1 and form.startswith(core):
                return True
    return False


def _root(word: str) -> str:
    """A word without its ending and a final 'e': 'vaped', 'vaping', 'vapes' -> 'vap'."""
    w = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def _unknown_form(word: str, ev: _Reading) -> bool:
    """Another form of a word the dictionary does not know ('vaped' for 'vaping',
    'ghosted' for 'ghosting'), whose forms WordNet's rules cannot give and the crude stem
    misses on a short root."""
    if lexicon.known(word):
        return False
    r = _root(word)
    return len(r) >= 3 and any(_root(e) == r and not lexicon.known(e) for e in ev.words)


def _same_root(a: str, b: str) -> bool:
    """'counselor'/'counseling', 'painter'/'painting'; not 'grandfather'/'grandmother'
    (a shared 'grand') nor 'sister'/'sister-in-law' (a compound)."""
    if "-" in a or "-" in b or a[:5] != b[:5]:
        return False
    if lexicon.relation(a, b) in ("sibling", "antonym"):
        return False  # 'grandad'/'grandmother': two kin the dictionary tells apart
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return n >= 0.7 * min(len(a), len(b))


def _compound_with(word: str, ev: _Reading) -> str | None:
    """A dictionary compound of the block with the word as a part: 'mother-in-law' for
    'mother', 'step-father' for 'father'. It names someone else, though the embedding
    model reads the two alike."""
    for e in ev.content:
        if "-" in e and word in e.split("-") and lexicon.is_lemma(e):
            return e
    return None


def _negated_form(word: str, ev: _Reading) -> str | None:
    """The evidence word this one negates or is negated by: unsupportive/supportive."""
    for p in _NEG_PREFIXES:
        if word.startswith(p) and len(word) - len(p) >= 4 and word[len(p) :] in ev.words:
            return word[len(p) :]
        for e in ev.content:
            if e == p + word:
                return e
    return None


def _derived(word: str, ev: _Reading) -> bool:
    """'helpful' from 'help', 'monthly' from 'month', 'adoption' from 'adopt'."""
    for suffix in _DERIVING:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            for cand in (base, base + "e", base[:-1] if base.endswith("i") else base + "y"):
                if lexicon.known(cand) and _lexical(cand, ev):
                    return True
    return False


def light_for_block_act(word: str, text: str, ev: _Reading) -> bool:
    """Is the claim's word a light verb whose object is the noun of an act the block tells
    with its verb ('made a donation' for 'donated', 'took a decision' for 'decided')? The
    verb says no more than 'did'; the noun is checked itself."""
    for tok in _parse(text):
        if tok.lower_ != word or not any(b in LIGHT_VERBS for b in (tok.lemma_.lower(), word)):
            continue
        for c in tok.children:
            if c.dep_ != "dobj" or c.pos_ != "NOUN":
                continue
            noun = c.lemma_.lower()
            if _derived(noun, ev):
                return True
            wn = lexicon._load()
            forms = set(wn.related.get(noun, ())) - {noun}
            if any("_" not in f and lexicon._is_verb(f) and f in ev.bases for f in forms):
                return True
    return False


def derived_kind(word: str, ev: _Reading) -> str | None:
    """A block word that is a kind of what a derivation of the claim word names: 'ill'
    (illness) for 'flu', 'married' (marriage) for 'wedding'. WordNet ties the forms
    ('ill'/'illness'); its noun tree holds the kinds. Returns the block's word."""
    wn = lexicon._load()
    forms = {f for b in (word, *lexicon.base_forms(word)) for f in wn.related.get(b, ())}
    forms -= {word, *lexicon.base_forms(word)}
    for f in sorted(forms):
        if "_" in f:
            continue  # 'nervous_system' is another thing, not a form of 'nervous'
        for e in ev.content:
            if e in LIGHT_VERBS or "_" in e:
                continue
            if lexicon.relation(f, e) in ("same", "synonym", "general"):
                return e
    return None


def _phrasal_verbs(text: str) -> dict[str, str]:
    """Claim verbs that make a dictionary entry with the word after them: 'touches down'
    (touch_down), 'took up' (take_up), 'dropped out' (drop_out)."""
    out = {}
    doc = _parse(text)
    for tok in doc:
        if tok.pos_ != "VERB" or tok.i + 1 >= len(doc):
            continue
        nxt = doc[tok.i + 1]
        if nxt.head.i != tok.i or nxt.dep_ not in ("prt", "prep", "advmod"):
            continue
        for base in dict.fromkeys([tok.lemma_.lower(), *lexicon.base_forms(tok.lower_)]):
            if lexicon.is_lemma(f"{base}_{nxt.lower_}"):
                out[tok.lower_] = f"{base}_{nxt.lower_}"
                break
    return out


def _windows(word: str, text: str, width: int = 1) -> list[str]:
    """The word with `width` neighbours on each side, wherever it stands in the text."""
    lows = _lows(text)
    out = []
    for i, t in enumerate(lows):
        if word in _parts(t):
            out.append(" ".join(lows[max(0, i - width) : i + width + 1]))
    return out[:3]


def _marks_time_to_come(word: str, text: str) -> bool:
    """Is the word, where it stands, a marker of what is to come ('due', 'set',
    'scheduled' before a 'to' infinitive)?"""
    return any(t.lower_ == word and is_scheduled(t) for t in _parse(text))


def _stands_for(words: Sequence[str], evidence_word: str) -> bool:
    """Does one of the words say the evidence word: a form of it or a synonym?"""
    forms = {stem(evidence_word), *lexicon.base_forms(evidence_word)}
    return any(
        stem(w) in forms
        or bool(set(lexicon.base_forms(w)) & forms)
        or lexicon.relation(w, evidence_word) in ("same", "synonym")
        for w in words
    )


def compound_words(text: str, ev: _Reading) -> set[str]:
    """Claim words that are part of a two-word dictionary entry said in the block or a
    broader name for a word of it: 'musical instrument' for 'cello', 'post office' for
    'the post office'. Read whole, the entry is one word, so its modifier ('musical') is
    no added detail; an entry narrower than the block's word ('estate agent' for
    'agent') is not read so, since there the modifier is the detail."""
    low = [t.lower() for t in tokens(text)]
    out: set[str] = set()
    for a, b in pairwise(low):
        for base in dict.fromkeys([b, *lexicon.base_forms(b)]):
            entry = f"{a}_{base}"
            if not lexicon.is_lemma(entry):
                continue
            if entry in ev.content or any(
                lexicon.relation(entry, e) in ("synonym", "general") for e in ev.content
            ):
                out |= {a, b}
    return out
