"""What a thesaurus knows about two words: WordNet 3.0, shipped as data/wordnet.json.gz.

The support check asks one question of it: may this evidence word stand for that claim
word? Yes for forms of one word (went/go, children/child), shared senses (mom/mother,
bought/purchased), a more general claim word (guitar -> instrument) and derived forms
(adoption/adopt). No, and loudly, for opposites (started/stopped, supportive/
unsupportive) and for sisters under one parent (mother/grandma, beach/mountain): the
embedding model scores those as similar, WordNet knows they are different things.
Built by validators/wordnet_build.py; only the senses people use are kept.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

Relation = Literal[
    "same", "synonym", "rare", "general", "specific", "related", "antonym", "sibling"
]
#: How far up "a kind of" may go: guitar -> stringed instrument -> musical instrument.
GENERAL_HOPS = 4
#: Sisters share an ancestor this close: aunt and grandmother meet at "relative", beach
#: and mountain at "geological formation"; nothing more general is that near a leaf.
SIBLING_HOPS = 4

# Inflection rules WordNet's morphy uses: (suffix, replacement).
_RULES = (
    ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
    ("ing", "e"), ("ing", ""), ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)  # fmt: skip


@dataclass(frozen=True)
class _WordNet:
    parents: list[tuple[int, ...]]
    similar: list[tuple[int, ...]]
    pos: list[str]
    lemmas: dict[str, tuple[int, ...]]  # senses in use
    rare: dict[str, tuple[int, ...]]  # the other senses: enough for a synonym, no more
    antonyms: frozenset[tuple[str, str]]
    related: dict[str, frozenset[str]]
    exceptions: dict[str, tuple[str, ...]]
    defined_by: dict[int, frozenset[str]]  # a verb sense -> the verbs its definition says


@cache
def _load() -> _WordNet:
    raw = resources.files("validators").joinpath("data/wordnet.json.gz").read_bytes()
    data = json.loads(gzip.decompress(raw))
    related: dict[str, set[str]] = {}
    for a, b in data["related"]:
        related.setdefault(a, set()).add(b)
        related.setdefault(b, set()).add(a)
    return _WordNet(
        parents=[tuple(s[1]) for s in data["synsets"]],
        similar=[tuple(s[2]) for s in data["synsets"]],
        pos=[s[0] for s in data["synsets"]],
        lemmas={k: tuple(v) for k, v in data["lemmas"].items()},
        rare={k: tuple(v) for k, v in data["rare"].items()},
        antonyms=frozenset(tuple(p) for p in data["antonyms"]),
        related={k: frozenset(v) for k, v in related.items()},
        exceptions={k: tuple(v) for k, v in data["exceptions"].items()},
        defined_by={int(k): frozenset(v) for k, v in data.get("defined_by", {}).items()},
    )


def known(word: str) -> bool:
    return bool(base_forms(word))


@cache
def base_forms(word: str) -> tuple[str, ...]:
    """Dictionary forms of a word ('went' -> go, 'children' -> child), itself first."""
    wn = _load()
    w = word.lower().replace(" ", "_").replace("’", "'")
    out = [w] if w in wn.lemmas else []
    out += [e for e in wn.exceptions.get(w, ()) if e in wn.lemmas]
    for suffix, repl in _RULES:
        if w.endswith(suffix) and len(w) > len(suffix) + 1:
            cand = w[: len(w) - len(suffix)] + repl
            if cand in wn.lemmas:
                out.append(cand)
    # A doubled consonant before -ed/-ing: stopped -> stop, running -> run.
    for suffix in ("ed", "ing", "er", "est"):
        stem = w[: -len(suffix)]
        if (
            w.endswith(suffix)
            and len(stem) >= 3
            and stem[-1] == stem[-2]
            and stem[:-1] in wn.lemmas
        ):
            out.append(stem[:-1])
    return tuple(dict.fromkeys(out))


def _senses(word: str, rare: bool = False) -> set[int]:
    wn = _load()
    out = {s for base in base_forms(word) for s in wn.lemmas[base]}
    if rare:
        out |= {s for base in base_forms(word) for s in wn.rare.get(base, ())}
    return out


def _primary(word: str) -> set[int]:
    """The most frequent sense of each part of speech of a word."""
    wn = _load()
    out: dict[tuple[str, str], int] = {}
    for base in base_forms(word):
        for s in wn.lemmas[base]:
            out.setdefault((base, wn.pos[s]), s)
    return set(out.values())


def _ancestors(senses: set[int], hops: int) -> dict[int, int]:
    """Each sense's ancestors (and itself) with their distance."""
    wn = _load()
    out = {s: 0 for s in senses}
    frontier = set(senses)
    for d in range(1, hops + 1):
        nxt = set()
        for s in frontier:
            for p in wn.parents[s]:
                if p not in out:
                    out[p] = d
                    nxt.add(p)
        frontier = nxt
    return out


@cache
def relation(claim_word: str, evidence_word: str) -> Relation | None:
    """How an evidence word relates to a claim word, or None when WordNet knows no tie."""
    a, b = base_forms(claim_word), base_forms(evidence_word)
    if not a or not b:
        return None
    if set(a) & set(b):
        return "same"
    wn = _load()
    if any((x, y) in wn.antonyms or (y, x) in wn.antonyms for x in a for y in b):
        return "antonym"
    sa, sb = _senses(claim_word), _senses(evidence_word)
    if sa & sb or any(set(wn.similar[s]) & sb for s in sa):
        return "synonym"
    # A shared sense that one of them seldom has: 'former' is 'old' only in old's fourth
    # sense, but 'train' is 'take' too (take aim); the caller asks the embedder which.
    ra, rb = _senses(claim_word, rare=True), _senses(evidence_word, rare=True)
    if ra & rb or any(set(wn.similar[s]) & rb for s in ra):
        return "rare"
    # The evidence word in its usual sense is a kind of the claim word: 'guitar' is an
    # instrument; 'moved' is a kind of 'sold' only in a sense nobody means.
    if set(_ancestors(_primary(evidence_word), GENERAL_HOPS)) & ra:
        return "general"
    # ... and in a sense it seldom has: 'hit' is a kind of 'success' when it is not a
    # blow; the caller asks the embedder which.
    if set(_ancestors(_senses(evidence_word, rare=True), GENERAL_HOPS)) & ra:
        return "rare"
    if any(wn.related.get(x, frozenset()) & set(b) for x in a):
        return "related"
    if set(_ancestors(sa, GENERAL_HOPS)) & sb:
        return "specific"  # the claim word is a kind of the evidence word: more detail
    # Sisters only among nouns: verb and adjective trees are too shallow to say that
    # two verbs under one parent ('relocate', 'move') are different things.
    up_a = {s for s in _ancestors(sa, SIBLING_HOPS) if wn.pos[s] == "n"}
    up_b = {s for s in _ancestors(sb, SIBLING_HOPS) if wn.pos[s] == "n"}
    if up_a & up_b:
        return "sibling"
    return None


@cache
def defines(claim_verb: str, evidence_verb: str) -> bool:
    """Does WordNet define a sense of one verb by the other, where a verb stands in the
    definition: 'book' is 'arrange for and reserve ...' (so 'arranged' for 'booked'),
    'elect' is 'select by a vote ...' only as a noun, 'quit' is 'go away or leave'? The
    caller holds the two to one event (the same things done, by the same people); a
    definition that names a verb only as a noun ('do volunteer work') ties nothing."""
    wn = _load()
    a, b = set(base_forms(claim_verb)), set(base_forms(evidence_verb))
    if not a or not b or a & b:
        return False
    return any(
        wn.pos[s] == "v" and wn.defined_by.get(s, frozenset()) & other
        for word, other in ((claim_verb, b), (evidence_verb, a))
        for s in _senses(word)
    )


@cache
def kind_of(category: str, word: str, seldom: bool | None = None) -> bool:
    """Is the word, in some sense, a kind of the category: 'white' or 'orange' of 'colour',
    'sage green' of 'colour', 'violin' of 'instrument'? (`seldom`: whether senses seldom
    meant count; by default, for a word that can describe.)"""
    if set(base_forms(category)) & set(base_forms(word)):
        return False
    # Asked for a colour, "orange" is the colour, not the fruit: a seldom sense counts
    # for a word that can describe (a quality's value), not for a thing ("job" is a book
    # only as the Book of Job, "guide" only as a guidebook).
    senses = _senses(word, rare=describes(word) if seldom is None else seldom)
    # The category is a noun ("what phone"): "called" is a kind of phoning, a verb, and
    # names no phone.
    wn = _load()
    kinds = {s for s in _senses(category, rare=True) if wn.pos[s] == "n"}
    return bool(set(_ancestors(senses, GENERAL_HOPS)) & kinds)


@cache
def _with_kinds() -> frozenset[int]:
    """The senses WordNet files some kind under (a parent of another sense)."""
    return frozenset(p for parents in _load().parents for p in parents)


@cache
def kind_asked(category: str, word: str, seldom: bool | None = None) -> bool:
    """`kind_of`, for a category asked about: one WordNet lists no kinds of is asked as
    what it is a kind of. A pet is an animal kept for company, and WordNet files no cat
    or dog under "pet": "what pet do i have?" is answered by an animal ("the cat"); "what
    car" keeps its own kinds ("jeep"), not every motor vehicle."""
    if kind_of(category, word, seldom):
        return True
    wn = _load()
    usual = {s for s in _primary(category) if wn.pos[s] == "n"}
    if not usual or usual & _with_kinds():
        return False
    parents = {p for s in usual for p in wn.parents[s]}
    senses = _senses(word, rare=describes(word) if seldom is None else seldom)
    return bool(set(_ancestors(senses, 20)) & parents)


@cache
def said_for(word: str, general: str) -> bool:
    """May `general` stand for the noun `word`, as a word for what it is a kind of, in a
    sense WordNet lists (a seldom one too): "my kid" for a daughter or a son (a child),
    "my partner" for a wife, "my hubby" for a husband. Not a sister for a daughter, nor
    a son for a daughter: those are other people."""
    wn = _load()
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    generals = {s for s in _senses(general, rare=True) if wn.pos[s] == "n"}
    return bool(nouns and generals) and bool(set(_ancestors(nouns, GENERAL_HOPS)) & generals)


@cache
def sense_of(word: str, anchor: str, pos: str, primary: bool = False) -> bool:
    """Is the word, in a sense of part of speech `pos` ("n" or "v"), the anchor or a kind
    of it: 'bill' and 'overcharge' of 'charge' (verbs), 'rent' of 'payment' (nouns)?
    With `primary`, only the word's most frequent sense counts ('deal' is an amount only
    in a sense nobody means when asking "what kind of deal did he get?")."""
    wn = _load()
    own = _primary(word) if primary else _senses(word)
    senses = {s for s in own if wn.pos[s] == pos}
    anchors = {s for s in _senses(anchor) if wn.pos[s] == pos}
    return bool(set(_ancestors(senses, GENERAL_HOPS - 1)) & anchors)


#: What WordNet files a role under when its holder is over someone at work: a head
#: ("head chef", "head nurse"), a supervisor ("foreman"), a leader ("team leader").
_OVER_SOMEONE = ("head", "supervisor", "leader")


def over_someone(word: str) -> bool:
    """Is the word a role over someone at work, by WordNet (`_OVER_SOMEONE`)? Dream reads
    "marta the head chef" as the speaker's boss by it, and the reader answers "who is my
    boss?" with a value labelled by such a word ("Head chef: Marta")."""
    return any(said_for(word, root) for root in _OVER_SOMEONE)


@cache
def concrete(word: str) -> bool:
    """Is the word, in its usual sense as a noun, a physical thing ('car', 'knife',
    'room', 'dog'), not an abstraction ('advice', 'reason', 'event')?"""
    wn = _load()
    usual = {s for s in _primary(word) if wn.pos[s] == "n"}
    physical = {s for s in _senses("physical_entity") if wn.pos[s] == "n"}
    return bool(set(_ancestors(usual, 20)) & physical)


@cache
def describes(word: str) -> bool:
    """Can the word be an adjective ('white', 'large'): a value of a quality asked for,
    not a thing?"""
    wn = _load()
    return any(wn.pos[s] == "a" for s in _senses(word))


def phrasal_verb(first: str, second: str) -> bool:
    """Do two words make one verb WordNet knows: 'keep track', 'look after', 'pick up'
    (also as 'keeping track')?"""
    wn = _load()
    return any(
        wn.pos[s] == "v" for b in base_forms(first) for s in wn.lemmas.get(f"{b}_{second}", ())
    )


@cache
def names_agent(word: str) -> bool:
    """A kind of person or of someone who does something ('driver' is an operator, a
    causal agent, not a person, in WordNet): what a job title's last word is. A drug or a
    drink ("a cure", "a beer"), WordNet's other causal agents, is none."""
    wn = _load()
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    roots = _person_senses() | _operator_senses()
    return bool(nouns) and bool(set(_ancestors(nouns, 14)) & roots)


#: People named by how they stand to someone (kin, friends, lovers, neighbours, clients)
#: or by age or sex: no work they do ("daughter", "mate", "girl", "kid").
_NOT_WORK = (
    "relative", "friend", "lover", "juvenile", "female", "male", "acquaintance",
    "neighbor", "customer", "client", "patient", "stranger", "companion", "peer",
)  # fmt: skip


@cache
def names_worker(word: str) -> bool:
    """Is the word, in its usual sense as a noun, someone by the work they do: a worker
    ('driver', 'porter', 'cleaner'), a professional ('nurse', 'lawyer'), any other kind of
    person WordNet files under no relation to someone, nor age or sex ('accountant',
    'baker')? What answers "what does he do for work?". A worker's name cut short
    ('tech', 'physio', 'admin') is one too (`_clipped_worker`)."""
    return _worker(word) or _clipped_worker(word)


#: The fewest letters a word cut short keeps ("tech" of "technician").
CLIPPED = 4


def _clipped_worker(word: str) -> bool:
    """A word cut short from a worker's name ("mech", "physio", "admin"): no word of the
    dictionary itself, and the start of a one-word worker's noun at least two letters
    longer. A word WordNet knows is what it says ("night" is no nightwatchman, "plum" no
    plumber; so "tech", a technical school to WordNet, is missed)."""
    w = word.lower()
    if len(w) < CLIPPED or not w.isalpha() or known(w):
        return False
    return any(_worker(full) for full in _starting_with(w) if len(full) >= len(w) + 2)


def _starting_with(prefix: str) -> list[str]:
    """The one-word lemmas that start with `prefix`, by a sorted list of them."""
    import bisect

    lemmas = _one_word_lemmas()
    i = bisect.bisect_left(lemmas, prefix)
    out = []
    while i < len(lemmas) and lemmas[i].startswith(prefix):
        out.append(lemmas[i])
        i += 1
    return out


@cache
def _one_word_lemmas() -> list[str]:
    return sorted(w for w in _load().lemmas if w.isalpha())


@cache
def _worker(word: str) -> bool:
    if _verb_form(word):
        return False  # "grinding", "nursing": the work done, never the one who does it
    wn = _load()
    usual = {s for s in _primary(word) if wn.pos[s] == "n"}
    workers = _noun_senses("worker")
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    # "cleaner", "builder": a substance first to WordNet, a worker in another sense
    usual |= {s for s in nouns if set(_ancestors({s}, 14)) & workers}
    up = set(_ancestors(usual, 14))
    if not up & (_person_senses() | workers | _operator_senses()):
        return False
    if usual <= _person_senses() | _noun_senses("individual") | _noun_senses("adult"):
        return False  # "person", "adult" themselves
    return not up & frozenset().union(*(_noun_senses(w) for w in _NOT_WORK))


def _verb_form(word: str) -> bool:
    """A word ending in -ing or -ed that the morphology reads as the form of another
    word ("grinding" of "grind"): a noun is inflected only for the plural, so the base
    lends it no noun senses ("grinding" is no "grind", a swot). A word that is its own
    only base ("viking", "underling") is none."""
    w = word.lower()
    return w.endswith(("ing", "ed")) and any(b != w for b in base_forms(w))


@cache
def is_noun(word: str) -> bool:
    """Has the word a noun sense in use ('lab', 'bar'; not 'shun', which is only a verb)?"""
    wn = _load()
    return any(wn.pos[s] == "n" for s in _senses(word))


@cache
def senses_within(word: str, other: str) -> bool:
    """Is every sense in use of `word` one of `other`'s ('fri' of 'friday'; not 'sat',
    which is also 'sit')? True for a word the dictionary does not know ('thurs')."""
    return _senses(word) <= _senses(other)


def wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


def is_lemma(word: str) -> bool:
    """A dictionary word as written or as an irregular form ('went'), not by suffix rules."""
    wn = _load()
    w = word.lower()
    return w in wn.lemmas or w in wn.exceptions


_PRESENT = frozenset(["am", "are", "is", "has", "does", "have", "do"])


@cache
def is_past(word: str) -> bool:
    """A past-tense verb form: 'went', 'finished', 'adopted' (not 'need', 'bed')."""
    wn = _load()
    w = word.lower()
    if w in _PRESENT:
        return False
    if w in wn.exceptions:
        return any(_is_verb(b) for b in wn.exceptions[w]) and not w.endswith("ing")
    if w.endswith("ed") and len(w) > 4:
        return any(_is_verb(b) and b != w for b in base_forms(w))
    return False


def is_base_verb(word: str) -> bool:
    """A verb as the dictionary lists it, uninflected: 'get', 'figure', 'save' (not 'got')."""
    return _is_verb(word.lower())


def _is_verb(lemma: str) -> bool:
    wn = _load()
    return any(wn.pos[s] == "v" for s in wn.lemmas.get(lemma, ()))


@cache
def _noun_senses(lemma: str) -> frozenset[int]:
    """The noun senses of a WordNet lemma, as written ("person", "causal_agent")."""
    wn = _load()
    return frozenset(s for s in wn.lemmas.get(lemma, ()) if wn.pos[s] == "n")


def _person_senses() -> frozenset[int]:
    return _noun_senses("person")


@cache
def _operator_senses() -> frozenset[int]:
    """WordNet's operator, a causal agent that runs a machine: where it files drivers
    ("chauffeur", "cabby"), beside people. Its sister agents are substances and forces
    (a drug, "beer", "chill" as cold), which do no work for a living."""
    wn = _load()
    agents = _noun_senses("causal_agent")
    return frozenset(s for s in _noun_senses("operator") if set(wn.parents[s]) & agents)


@cache
def names_someone(word: str) -> bool:
    """Is the word, in a sense in use, a kind of person: kin ('cousin'), a role
    ('treasurer', 'chair'), a group member ('flatmate')?"""
    wn = _load()
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    return bool(nouns) and bool(set(_ancestors(nouns, 14)) & _person_senses())


@cache
def primarily_someone(word: str) -> str | None:
    """ "person" when the word's most frequent noun sense is a kind of person ('sister',
    'boss', 'neighbour'), "animal" when a kind of animal ('dog', 'puppy'), else None:
    'family' and 'life' are someone only in a sense seldom meant."""
    for root in ("person", "animal"):
        if primarily_a(word, root):
            return root
    return None


@cache
def primarily_a(word: str, root: str) -> bool:
    """Is the word's most frequent noun sense a kind of `root` ('group' for 'crew')?"""
    return _filed_under(_primary(word), _noun_senses(root))


@cache
def usually_a(word: str, category: str, name: bool = False) -> bool:
    """Is the word, in its usual noun sense, a kind of what the category usually means,
    however far down WordNet files it? "portuguese" is a language seven kinds down
    (Romance, Italic, Indo-European, natural language), past `GENERAL_HOPS`; "small talk"
    is "language" only as speech, a sense of it seldom meant. A name (`name`, written
    with a capital) counts in any of its senses: "Japanese" is the people first and the
    language as often."""
    wn = _load()
    kinds = {s for s in _primary(category) if wn.pos[s] == "n"}
    return _filed_under(_senses(word) if name else _primary(word), kinds)


def _filed_under(senses: set[int], kinds: set[int] | frozenset[int]) -> bool:
    """Is one of the noun senses among `senses` filed under one of `kinds`, however deep?"""
    wn = _load()
    nouns = {s for s in senses if wn.pos[s] == "n"}
    return bool(nouns and kinds and set(_ancestors(nouns, 14)) & kinds)


#: How far up a kind may be: rugby -> football -> contact sport -> field game -> outdoor
#: game -> athletics.
KIND_HOPS = 8


@cache
def kind_among(word: str, roots: tuple[str, ...]) -> str | None:
    """The first of `roots` (WordNet lemmas, "vehicle", "athletics") that the word's usual
    noun sense is a kind of, within KIND_HOPS: 'rugby' -> athletics, 'night shift' ->
    duty_period, 'bike' -> vehicle; None when none is ('corolla' is a flower's part)."""
    wn = _load()
    # the usual sense only: "chase" is a pursuit, a sport only as a hunt nobody means
    nouns = {s for s in _primary(word) if wn.pos[s] == "n"}
    if not nouns:
        return None
    above = set(_ancestors(nouns, KIND_HOPS))
    return next((root for root in roots if above & _noun_senses(root)), None)


#: What a machine, a tool or an appliance is a kind of; a vehicle is one too (a wheeled
#: vehicle is a container to WordNet), and is told apart by "vehicle".
_DEVICE_ROOTS = ("device", "equipment", "implement", "container", "home_appliance")


@cache
def a_device_not_vehicle(word: str) -> bool:
    """Is the word, in some noun sense (a seldom one too), a machine, a tool or an
    appliance, and in none a vehicle? 'printer' (a pressman first), 'till' (a cashbox
    beside boulder clay), 'headset', 'kettle': yes; 'car', 'forklift', 'bike': no, and
    so no for a name the dictionary does not know ('yaris') or knows as no thing
    ('fiesta', a festival)."""
    wn = _load()
    nouns = {s for s in _senses(word, rare=True) if wn.pos[s] == "n"}
    above = set(_ancestors(nouns, 14))
    devices = frozenset().union(*(_noun_senses(root) for root in _DEVICE_ROOTS))
    vehicles = _noun_senses("vehicle") | _noun_senses("conveyance")
    return bool(above & devices) and not above & vehicles


#: What a way of getting around is a kind of, in some sense: a vehicle, public transport,
#: a conveyance ("lift"), or the body ("on foot"; "tube" is one too, to WordNet).
_CONVEYING_ROOTS = ("conveyance", "vehicle", "public_transport", "body_part")


@cache
def no_conveyance(word: str) -> bool:
    """Is the word, in its usual noun sense, a physical thing that in no sense (a seldom
    one too) is a way of getting around, nor someone or an animal? 'caff' (a building),
    'coffee', 'pub': yes. 'bus', 'cab', 'foot': no; 'fiesta' and 'golf' (a festival, a
    sport: no thing at all), 'polo' (a surname too) and 'jaguar' (an animal) may be a
    make's name; a word the dictionary does not know ('yaris') may be a model's."""
    wn = _load()
    if not concrete(word) or primarily_someone(word) is not None:
        return False
    nouns = {s for s in _senses(word, rare=True) if wn.pos[s] == "n"}
    above = set(_ancestors(nouns, 14))
    return not any(above & _noun_senses(root) for root in _CONVEYING_ROOTS)


_PLACE_ROOTS = ("location", "structure", "facility", "geological_formation", "body_of_water")


@cache
def _place_senses() -> frozenset[int]:
    return frozenset().union(*(_noun_senses(root) for root in _PLACE_ROOTS))


@cache
def names_place(word: str) -> bool:
    """Is the word, in every noun sense in use, a kind of place: a location, a building
    or facility ('gym'), land or water ('beach', 'lake')? ('position' is a job too.)"""
    wn = _load()
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    places = _place_senses()
    return bool(nouns) and all(set(_ancestors({s}, 14)) & places for s in nouns)


@cache
def names_animal(word: str) -> bool:
    """Is the word, in some noun sense (a seldom one too), a kind of animal: 'dog',
    'greyhound', 'tarantula', 'turtle' (mostly a sweater, to WordNet), 'kid' (a young
    goat)? Whether it is one where it is said is the caller's question."""
    wn = _load()
    nouns = {s for s in _senses(word, rare=True) if wn.pos[s] == "n"}
    return bool(nouns) and bool(set(_ancestors(nouns, 20)) & _noun_senses("animal"))


@cache
def may_name_place(word: str) -> bool:
    """Is the word, in some noun sense in use, a kind of place ('town', 'school', 'work'
    as a workplace, 'bed')? Unlike `names_place`, one such sense is enough."""
    wn = _load()
    nouns = {s for s in _senses(word) if wn.pos[s] == "n"}
    places = _place_senses()
    return any(set(_ancestors({s}, 14)) & places for s in nouns)


@cache
def _children() -> dict[int, tuple[int, ...]]:
    wn = _load()
    out: dict[int, list[int]] = {}
    for s, parents in enumerate(wn.parents):
        for p in parents:
            out.setdefault(p, []).append(s)
    return {k: tuple(v) for k, v in out.items()}


@cache
def _words_of() -> dict[int, tuple[str, ...]]:
    wn = _load()
    out: dict[int, list[str]] = {}
    for w, senses in wn.lemmas.items():
        if "_" in w:
            continue
        for s in senses:
            out.setdefault(s, []).append(w)
    return {k: tuple(v) for k, v in out.items()}


@cache
def kind_of_failing(verb: str) -> bool:
    """Is the verb, in a sense in use, a way of failing (a verb sense WordNet files right
    under 'fail'): 'missed the wedding' is not having made it there, as 'failed the
    test' is not having passed it."""
    wn = _load()
    fail = {s for s in wn.lemmas.get("fail", ()) if wn.pos[s] == "v"}
    return any(wn.pos[s] == "v" and set(wn.parents[s]) & fail for s in _senses(verb))


@cache
def seldom_sister(claim_word: str, evidence_word: str) -> bool:
    """Is the evidence word, in a sense WordNet counts seldom, a sister of the claim word
    or wider than it: 'mum' (WordNet's chrysanthemum first, mother only seldom) for
    'grandmother'? Nouns only, as for `relation`'s sisters."""
    wn = _load()
    mine = _senses(claim_word)
    seldom = {s for s in _senses(evidence_word, rare=True) - _senses(evidence_word)}
    seldom = {s for s in seldom if wn.pos[s] == "n"}
    if not mine or not seldom or mine & seldom:
        return False
    up_a = {s for s in _ancestors(mine, SIBLING_HOPS) if wn.pos[s] == "n"}
    # One step more on the seldom side: such a sense is often a word of one register
    # filed under the plain word ('mom' under 'mother').
    up_b = {s for s in _ancestors(seldom, SIBLING_HOPS + 1) if wn.pos[s] == "n"}
    return bool(up_a & up_b)


@cache
def sisters(word: str) -> tuple[str, ...]:
    """One-word nouns under the same parent as the word's usual noun sense ('motorbike',
    'truck', 'bus' for 'car'): the things a changed detail would name instead."""
    wn = _load()
    kids, words = _children(), _words_of()
    own = set(base_forms(word))
    out: dict[str, None] = {}
    for s in _primary(word):
        if wn.pos[s] != "n":
            continue
        for p in wn.parents[s]:
            for c in kids.get(p, ()):
                if c != s:
                    out.update((w, None) for w in words.get(c, ()) if w not in own)
    return tuple(out)


#: How far up from a noun its kind may be for an act to make one: "rent" is a payment
#: four steps up (an annuity in advance, an annuity, a regular payment, a payment), as is
#: a salary's "expenditure"; further up every payment is a transfer of anything.
ACT_HOPS = 4


@cache
def act_of_kind(noun: str, verb: str) -> bool:
    """Is `verb` the act that makes what `noun`, in its usual sense, is a kind of, by
    WordNet's derivations: "rent" is a payment, which paying makes ("paying her 550 a
    month for my half" says what the rent is); an insurance "premium" is a payment too.
    The noun's own verb ("renting") is its word already, not its kind's."""
    wn = _load()
    usual = {s for s in _primary(noun) if wn.pos[s] == "n"}
    own = set(base_forms(noun))
    kinds = {w for s in _ancestors(usual, ACT_HOPS) for w in _words_of().get(s, ())} - own
    acts = {v for k in kinds for v in wn.related.get(k, frozenset()) if _is_verb(v)}
    return bool(acts & set(base_forms(verb)))


@cache
def _cluster(word: str) -> frozenset[str]:
    """The word's dictionary forms and the words of the senses WordNet calls similar to
    its adjective senses ('pricey' beside 'expensive', 'tough' beside 'hard')."""
    wn = _load()
    words = _words_of()
    out = set(base_forms(word))
    for s in _senses(word, rare=True):
        if wn.pos[s] in ("a", "s"):
            for t in (s, *wn.similar[s]):
                out.update(words.get(t, ()))
    return frozenset(out)


@cache
def opposed(claim_word: str, evidence_word: str) -> bool:
    """Are the two adjectives opposites, directly or through a word similar to one of them
    ('pricey' is similar to 'expensive', the opposite of 'cheap'; 'tough' to 'hard', the
    opposite of 'easy')? WordNet lists opposites for head words only."""
    wn = _load()
    a, b = _cluster(claim_word), _cluster(evidence_word)
    return any((x, y) in wn.antonyms or (y, x) in wn.antonyms for x in a for y in b)


def related_words(word: str) -> frozenset[str]:
    """The words WordNet derives from the word's dictionary forms or them from it
    ('annual' -> year, 'adoption' -> adopt)."""
    wn = _load()
    return frozenset(r for b in base_forms(word) for r in wn.related.get(b, frozenset()))


def nouns_of(word: str) -> set[str]:
    """The things an adjective is of, two derivations deep ('annual' -> annually -> year,
    'dietary' -> diet), leaving out the qualities ('hard' -> hardness): those are what any
    adjective names. None for an adjective of worth or degree ('favourite', 'new')."""
    near = set(related_words(word))
    near |= {r for w in near for r in related_words(w)}
    return {w for w in near if is_noun(w) and not kind_among(w, ("attribute",))}


def kin_or_lover(word: str) -> bool:
    """Is the word, in its usual sense, a relative or a lover ("wife", "aunt",
    "boyfriend"): who someone is to another, not what they do?"""
    return primarily_a(word, "relative") or primarily_a(word, "lover")
