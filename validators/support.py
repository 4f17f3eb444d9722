"""The support check: does the block a claim cites say what the claim says?

One function, `check_support`, for every writer of cited lines: Dream's extractive and
llm engines, the MCP dream and note tools, and `brain validate`. A claim is supported
when each of its parts is accounted for by the cited block or by what is known around
it (who said it, on what day, in which session or source):

- every date is a day the block names or was said on ("yesterday" said on 8 May is
  2023-05-07), every number is in it, every name is in it or is the speaker ("I" becomes
  the speaker's name, "you" the listener's), or the session or page title;
- every content word is the same word, another form of it, a synonym, a broader word
  (WordNet, see lexicon.py), or a word or phrase of the block that the embedding model
  finds close to it, and never an opposite or a sister term (mother for grandma);
- polarity and modality agree: a claim that something happened needs a block that says
  it happened, not that it is wanted or planned, and the other way round; "not" on one
  side needs "not" on the other.

A word nothing accounts for is named in the result, so a writer can fix the claim.
An LLM judge, when given, may vouch for content words the extractive test cannot place
(paraphrase is its job), but it is never asked to forgive a name, number, date,
polarity or modality: those checks always run, so a yes-saying model waves nothing
through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from . import lexicon, phrase_close
from .categories import kind_of_named, names_of_things
from .claim_text import (
    _SUPPORTING,
    FIRST_PERSON,
    FIRST_PLURAL,
    FUNCTION_WORDS,
    LIGHT_VERBS,
    SECOND_PERSON,
    Evidence,
    Judge,
    JudgeVerdict,
    Support,
    _fail,
    _lows,
    _parts,
    _Reading,
)
from .claim_words import (
    _MOTION_TO_RE,
    DWELLINGS,
    GROUP_NOUNS,
    JOURNEYS,
    PREFERENCE,
    SPAN_VERBS,
    UNIT_SIGNS,
    _claim_words,
    _parts_of_speech,
    _possessive_place,
    _takes_duration,
)
from .clause_support import clause_vouches
from .comparisons import contrary_comparison
from .connective import connective_vouches, role_said_of_a_thing
from .converse import who_does_what
from .dated import days_left_open, unsupported_date
from .events import event_vouches
from .feelings import said_feeling
from .inferred import inferred
from .polarity import _HELD_UNTIL, _polarity_and_modality, denied
from .predicates import _parse
from .qualities import quality_said
from .role_holders import role_not_held
from .said_ties import defined_as, own_group, particle_verbs, same_object, split_particles
from .same_person import one_person
from .similarity import PhraseSimilarity, default_similarity
from .subjects import _context_names, _names, _with_context, role_names
from .verbs import evidence_verbs, same_event
from .word_ties import (
    _compound_with,
    _derived,
    _lexical,
    _marks_time_to_come,
    _negated_form,
    _phrasal_verbs,
    _stands_for,
    _windows,
    compound_words,
    derived_kind,
    light_for_block_act,
)
from .words import (
    STOPWORDS,
    durations,
    fold_accents,
    frequencies,
    numbered_places,
    numbers_in,
    ordinals_in,
    plain_claim,
    same_duration,
    stem,
    tokens,
)
from .worth import worth_opposed, worth_said

#: A claim word is close enough to an evidence word or phrase at this cosine.
PARAPHRASE_SIMILARITY = 0.66
#: ... and at this one when WordNet calls them sister terms or the claim word narrower
#: (dad for father passes, puppy for dog and mother for grandma do not).
SISTER_SIMILARITY = 0.84

#: ... and at this one when they share a sense one of them seldom has (former/old).
RARE_SENSE_SIMILARITY = 0.5

#: ... and at this one for a verb WordNet ties loosely to a verb of the block (a narrower
#: or sister verb: 'spotted' for 'saw', 'relocating' for 'moving'), on the words alone.
VERB_SIMILARITY = 0.6

#: ... or at this one for the words with their neighbours ('teeth extracted' for 'teeth
#: pulled'), when WordNet ties them by a seldom sense or the claim word is narrower.
WINDOW_SIMILARITY = 0.68


#: A preposition whose date was taken out, by the gap it left (two spaces or more: 'saw
#: her consultant on  , who recommended', 'On   Caroline ran').
_DANGLING_RE = re.compile(
    r"\b(?:on|in|since|by|from|until|till|at|around|before|after|of)\s{2,}", re.IGNORECASE
)


def _tidy(text: str) -> str:
    """The claim with the prepositions its dates were taken from removed, so the parser
    reads the sentence as written: with 'on' and a comma left, 'who recommended surgery'
    was read as the sentence's main verb. The gaps stay: the parser reads the rest as it
    did."""
    out = _DANGLING_RE.sub("  ", text)
    return re.sub(r"^(\s*),", r"\1 ", out)


def listeners_words(e: Evidence) -> list[str]:
    """The words of the names of those a block was said to, lower-cased."""
    return [w.lower() for n in e.listeners for w in tokens(n)]


def _said_as_someones(word: str, text: str) -> bool:
    """Is the word said after a possessive pronoun in the text ('my nan', 'our gran')?"""
    pattern = rf"\b(?:my|our|your|his|her|their)\s+{re.escape(word)}\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


#: Words the check reads as saying nothing (FUNCTION_WORDS: reporting verbs, hedges) that
#: name a thing too, when the parser reads them as nouns: 'note', 'report', 'update',
#: 'people'. Not the vague nouns, which name anything.
_REPORTING_NOUNS = frozenset(
    w
    for w in FUNCTION_WORDS - STOPWORDS
    if lexicon.is_noun(w)
    and w not in lexicon.wordset("something someone thing things stuff kind sort bit way one ones")
)


def _read(evidence: Sequence[Evidence], extra_names: Iterable[str]) -> _Reading:
    text = "\n".join(ev.text for ev in evidence)
    ctx = " ".join([*(ev.context for ev in evidence), *(ev.title for ev in evidence)])
    ctx += " " + " ".join(extra_names)
    toks = tokens(text)
    words: set[str] = set()
    for t in toks + tokens(ctx):
        words.update(_parts(t))
    content = [
        w
        for t in toks
        for w in _parts(t)
        if (w not in FUNCTION_WORDS or w in LIGHT_VERBS) and len(w) >= 2
    ]
    content += [w for t in tokens(ctx) for w in _parts(t) if w not in FUNCTION_WORDS]
    # A noun of the block that is also a word of reporting ('a voice note', 'hire more
    # people'): what it names is said, whatever the verb of that spelling says.
    content += [t.lower_ for t in _parse(text) if t.pos_ == "NOUN" and t.lower_ in _REPORTING_NOUNS]
    phrases = []
    low = [t.lower() for t in toks]
    # Multiword dictionary entries of the block: 'went to' is go_to, a synonym of attend.
    for n in (2, 3):
        for i in range(len(low) - n + 1):
            head = lexicon.base_forms(low[i]) or (low[i],)
            for base in head[:2]:
                mwe = "_".join([base, *low[i + 1 : i + n]])
                if lexicon.is_lemma(mwe):
                    content.append(mwe)
    # ... and a verb whose particle comes after its object: 'given my deposit back' is
    # give_back (return), 'called the trip off' call_off (cancel).
    content += split_particles(text)
    for n in (2, 3):
        for i in range(len(low) - n + 1):
            window = low[i : i + n]
            if any(w not in FUNCTION_WORDS for w in window):
                phrases.append(" ".join(window))
    open_days, open_years = days_left_open(evidence)
    dates = {d for ev in evidence for d in ev.dates} | open_days
    numbers = numbers_in(text + " " + ctx, block=True) | {
        n for t in toks if "-" in t for n in numbers_in(" ".join(_parts(t)), block=True)
    }
    # A day said or named vouches for its year, not for its day or month as a count:
    # 'in March' is no '3 kittens'.
    numbers |= {str(d.year) for d in dates} | {str(y) for y in open_years}
    lows = {t.lower().replace("’", "'") for t in toks}
    return _Reading(
        words=words,
        stems={stem(w) for w in words},
        bases={b for w in words for b in lexicon.base_forms(w)},
        content=list(dict.fromkeys(content)),
        phrases=list(dict.fromkeys(phrases)),
        numbers=numbers,
        dates=dates,
        first_person=bool(lows & FIRST_PERSON),
        second_person=bool(lows & SECOND_PERSON),
        first_plural=bool(lows & FIRST_PLURAL),
        text=text,
    )


# -- the check ------------------------------------------------------------------------


def check_support(
    claim: str,
    evidence: Sequence[Evidence],
    *,
    subject_names: Iterable[str] = (),
    judge: Judge | None = None,
    similarity: PhraseSimilarity | bool | None = None,
) -> Support:
    """Check one claim against the blocks it cites (and their context).

    `claim` is a wiki line or sentence (Markdown, [[links]], [cite:N] and a leading
    '**Label:**' are read as plain words); `evidence` the cited blocks; `subject_names`
    the title and aliases of the page the claim is on (a line on Caroline's page may
    leave her name out or use it). `judge` is an optional LLM verdict on the content
    words; `similarity` the phrase model (default: the bundled one; False: words only).
    """
    if not evidence:
        return _fail("cited block not found", hard=True)
    # One spelling of a name for every reader below: with its accents or without.
    claim = fold_accents(claim)
    evidence = [
        replace(
            e,
            text=fold_accents(e.text),
            context=fold_accents(e.context),
            speaker=fold_accents(e.speaker),
            listeners=tuple(fold_accents(n) for n in e.listeners),
            title=fold_accents(e.title),
        )
        for e in evidence
    ]
    subject_names = [fold_accents(n) for n in subject_names]
    # 'The user' and 'the assistant' name the speaker as a name would (issue 12: a claim
    # about the owner, cited to the owner's own turn).
    subject_names = [*subject_names, *role_names(evidence)]
    text = plain_claim(claim)
    ev = _read(evidence, subject_names)

    # Days and stretches of days ('2026-03-10', 'October 4th', 'the weekend of 24-25
    # January'): each one the evidence names (dated.unsupported_date says how).
    phrase, text = unsupported_date(text, evidence, ev.dates)
    if phrase is not None:
        return _fail(f"date {phrase} is not in the evidence", [phrase], hard=True)
    # A span said in other units is the same span: 'two years' / 'twenty-four months',
    # 'a fortnight' / 'two weeks'. It is read in the block's words, so its count and
    # unit are checked as if the claim had said them so.
    # The claim as written, its dates taken out (checked above; an ISO date pulls the
    # model's reading of a sentence away from the block's): the readers that parse a
    # sentence need its grammar, which the rewriting of spans below breaks ('made a
    # nine-hour drive' -> 'made 9 hours drive' hangs the next clause on another verb).
    text = _tidy(text)
    written = text
    ev_spans = [span for e in evidence for span in durations(e.text)]
    for phrase, days in durations(text):
        same = [p for p, d in ev_spans if same_duration(days, d)]
        if same:
            text = text.replace(phrase, same[0], 1)
        elif ev_spans:
            # 'a week' has no count to check, but the block's 'two weeks' is another span.
            return _fail(f"span {phrase} is not in the evidence", [phrase], hard=True)
    # How often, said another way: 'weekly' or 'every Tuesday' for 'on tuesdays', 'every
    # second Sunday' or 'fortnightly' for 'every other sunday'. A claim's frequency the
    # block says (on the same weekday, when it names one) is read in the block's words,
    # so 'second' counts no 2; another one is left to the word and number checks.
    # A frequency the block does not say, when it says one, is another ('weekly' for
    # 'every other sunday'); a weekday it names is its own detail ('on Sundays' beside
    # 'fortnightly').
    ev_every = [f for e in evidence for f in frequencies(e.text)]
    for phrase, days, weekday in frequencies(text):
        same = [p for p, d, wd in ev_every if d == days and (weekday is None or wd == weekday)]
        if same:
            text = text.replace(phrase, same[0] if weekday else " ", 1)
        elif ev_every and weekday is None:
            return _fail(f"frequency {phrase} is not in the evidence", [phrase], hard=True)
    claim_numbers = numbers_in(text) | {
        n for t in tokens(text) if "-" in t for n in numbers_in(" ".join(_parts(t)))
    }
    missing = sorted(n for n in claim_numbers if n not in ev.numbers)
    if missing:
        return _fail(f"number {missing[0]} is not in the evidence", missing, hard=True)
    # A place ('at the second attempt') is not vouched for by a count ('2 minors') when
    # the block names another place ('first time'): the one slot filled two ways.
    ev_places = ordinals_in(ev.text, digits=True)
    # ... and a place the block numbers after its noun ('round 2') is that place of it.
    other = ordinals_in(text) - ev_places - numbered_places(text, ev.text)
    other = sorted(other) if ev_places else []
    if other:
        return _fail(f"place {other[0]} is not in the evidence", other, hard=True)

    names = _context_names(evidence, subject_names)
    ceased: set[str] = set()  # claim verbs of what stopped, said by a verb of ending
    failed = _names(claim, text, evidence, ev, names, subject_names)
    if failed is None:
        ended = bool(_HELD_UNTIL.search(claim))
        failed = _polarity_and_modality(text, evidence, ceased=ceased, ended=ended)
    if failed is not None:
        return failed
    contrary = contrary_comparison(text, ev.text)
    if contrary:
        word, other = contrary
        return _fail(f"'{word}' contradicts '{other}' in the evidence", [word], hard=True)
    role = role_said_of_a_thing(text, ev.text)
    if role:
        return _fail(f"'{role}' is not said of anyone in the evidence", [role], hard=True)
    if len(evidence) == 1:  # who holds a role is read within one block
        [e] = evidence
        speaker = [w.lower() for w in tokens(e.speaker)] + (["user"] if e.role == "user" else [])
        held = role_not_held(written, e.text, e.said_on, speaker, listeners_words(e))
        if held:
            return _fail(held[1], [held[0]], hard=True)
        # Who does the verb: 'Sam lent it to Dave' is not 'Dave lent me it', and 'Sam
        # borrowed it' is the same event from Sam's side (converse.py).
        roles = who_does_what(written, e.text, speaker, listeners_words(e))
        if roles.swapped:
            verb, doer = roles.swapped[0]
            return _fail(f"'{verb}' is done by '{doer}' in the evidence", [verb], hard=True)
        converse = roles.converse
    else:
        converse = frozenset()
    counterparts: dict[str, str] = {}
    alone, contrasts = _unsupported_words(
        text, ev, names, similarity, ceased, written, converse=converse, counterparts=counterparts
    )
    if contrasts:
        word, other = contrasts[0]
        return _fail(f"'{word}' contradicts '{other}' in the evidence", [word], hard=True)
    if judge is not None:
        verdict = judge(text, "\n\n".join(_with_context(e) for e in evidence))
        if isinstance(verdict, bool):
            verdict = JudgeVerdict(verdict)
        if verdict is not None:
            if not verdict.supported:
                why = verdict.reason or "the judge found it not entailed"
                return Support(False, f"judge: {why}", tuple(alone), False, False)
            return Support(True, "", (), False, True)
    if alone:
        said = [
            f"{w} (the evidence says '{counterparts[w]}')" if w in counterparts else w
            for w in alone
        ]
        return _fail(f"not in the evidence: {', '.join(said)}", alone)
    return Support(True)


def _unsupported_words(
    text: str,
    ev: _Reading,
    names: set[str],
    similarity: PhraseSimilarity | bool | None,
    ceased: set[str] = frozenset(),  # type: ignore[assignment]
    written: str | None = None,
    *,
    converse: frozenset[str] = frozenset(),
    counterparts: dict[str, str] | None = None,
) -> tuple[list[str], list[tuple[str, str]]]:
    """Claim content words nothing accounts for, and (word, opposite) pairs. A word left
    alone whose place the block fills with another word is entered in `counterparts`."""
    todo: list[str] = []
    contrasts: list[tuple[str, str]] = []
    liking = bool(_lows(ev.text) and set(_lows(ev.text)) & PREFERENCE)
    pos, lemmas = _parts_of_speech(text)
    ev_pos = _parts_of_speech(ev.text)[0]
    said: dict[str, str] = {}  # a lemma checked in place of the claim's word -> the word
    claim_words = _claim_words(text, names, ev)
    phrasal = _phrasal_verbs(text)
    compounds = compound_words(text, ev)
    judging = similarity is not False
    for w in claim_words:
        if _lexical(w, ev) or _derived(w, ev) or w in ceased or w in compounds:
            continue
        if judging and pos.get(w) in ("ADJ", "VERB"):
            # A judgement of a thing the block judges the other way: 'excellent' changing
            # rooms for ones that 'are rubbish' (worth.py). The sentences read alike.
            model = default_similarity() if similarity is None or similarity is True else similarity
            other = worth_opposed(w, written or text, ev.text, model)
            if other is not None:
                contrasts.append((w, other))
                continue
        if pos.get(w) in ("VERB", "AUX") and light_for_block_act(w, written or text, ev):
            continue  # 'made a donation' for 'donated': the noun is the act, checked itself
        if pos.get(w) == "ADJ" and derived_kind(w, ev):
            # 'ill' for 'flu': the adjective's noun names a kind the block says. Not a verb:
            # 'worked' (worker) is no 'volunteering', though a volunteer is a worker.
            continue
        lemma = lemmas.get(w, w)
        if lemma != w and not lexicon.known(w) and lexicon.known(lemma):
            # spaCy knows the forms WordNet's rules miss: 'spoken' is 'speak'.
            if _lexical(lemma, ev):
                continue
            said[lemma] = w
            pos[lemma] = pos.get(w, "")
            w = lemma
        mwe = phrasal.get(said.get(w, w))
        if mwe and any(
            lexicon.relation(mwe, e) in (*_SUPPORTING, "specific")
            for e in ev.content
            if e not in LIGHT_VERBS  # 'make' has a sense for everything
        ):
            continue  # 'touches down' is touch_down, a way of 'landing'
        if any(sign in ev.text for sign in UNIT_SIGNS.get(w, ())):
            continue  # 'percent' for '8%', 'pounds' for '£250': the number is checked
        if w in JOURNEYS and _MOTION_TO_RE.search(ev.text):
            continue  # 'going to Morocco', 'taking the kids to Japan': a trip
        if w in PREFERENCE and liking:
            continue  # 'enjoys', 'is into', 'keen on': one liking; polarity is checked apart
        if w in GROUP_NOUNS and ev.first_plural:
            continue  # 'we', 'our' of a speaker: their family, household, the couple
        if ev.first_plural and own_group(w, text):
            continue  # 'we didn't win the final': Mina's team, the group she speaks for
        if w in DWELLINGS and _possessive_place(ev.text):
            continue  # 'at my aunt's' is at her home
        if _marks_time_to_come(w, text):
            continue  # 'is due to start', 'is set to open': no more than 'will'; mood is checked
        if w in SPAN_VERBS and _takes_duration(w, text):
            continue  # 'spent forty years as', 'has gone three weeks without': the span is checked
        neg = _negated_form(w, ev)
        if neg and denied(text, w) != denied(ev.text, neg):
            continue  # 'was unsure' for "wasn't sure": a 'not' on one side is the prefix
        if neg:
            contrasts.append((w, neg))
            continue
        whole = _compound_with(w, ev)
        if whole:
            contrasts.append((w, whole))  # a mother is no mother-in-law
            continue
        todo.append(w)
    blocked: dict[str, set[str]] = {}
    rare: dict[str, list[str]] = {}
    verbs: dict[str, list[str]] = {}  # a claim verb -> evidence words of a looser tie
    need_model = []
    for w in todo:
        rels = {e: lexicon.relation(w, e) for e in ev.content}
        if pos.get(w) == "VERB":
            # A verb is no broader word for a particle or an adverb: 'accepted' is not
            # said by the 'back' of 'hear back', though WordNet files 'back' (support)
            # under it.
            for e in [e for e, r in rels.items() if r == "general"]:
                if ev_pos.get(e) in ("ADV", "ADP", "PART"):
                    rels[e] = None
        for e in LIGHT_VERBS & rels.keys():
            if rels[e] in _SUPPORTING:
                rels[e] = "rare"  # 'take' shares a sense with half the dictionary
        for e in [e for e, r in rels.items() if r is None]:
            # A block word in a sense WordNet counts seldom is that sense's sister too:
            # 'mum' is WordNet's chrysanthemum first, so 'grandmother' (0.67 to 'mum')
            # would pass as a paraphrase of it, not a sister of 'mother'.
            if lexicon.seldom_sister(w, e):
                rels[e] = "sibling"
        # An opposite in the block outweighs any other tie: 'won' is a kind of 'scored',
        # but not when the block says 'lost'.
        # Unless another word of the claim speaks of it too: 'a new boiler after the
        # previous one' tells of the 'old one' as well.
        others = [c for c in claim_words if c != w]
        opposite = [
            e
            for e, r in rels.items()
            if r == "antonym"
            and not any(lexicon.relation(c, e) in (*_SUPPORTING, "rare") for c in others)
        ]
        # An opposite under a 'not' on one side only is the block's own word: 'did not
        # pass' for 'failed', 'didn't win' for 'lost' (polarity has held them together).
        if opposite and any(denied(text, said.get(w, w)) != denied(ev.text, e) for e in opposite):
            continue
        if opposite and (w in converse or said.get(w, w) in converse):
            continue  # 'borrowed' for 'lent' with lender and borrower changed places
        if opposite:
            contrasts.append((w, opposite[0]))
            continue
        if any(r in _SUPPORTING for r in rels.values()):
            continue
        if pos.get(w) == "VERB":
            # Sister terms are things: a verb has no sisters ('spotted' and 'saw' meet
            # only as nouns), and a narrower verb may say the same thing in more detail
            # ('relocating' for 'moving', 'quit' for 'leave'). The model decides, on the
            # two words alone: their neighbours are the same on both sides, so in
            # context 'sold her a necklace' reads like 'gave me this necklace'.
            for e in ev.content:
                wide = rels.get(e) in ("specific", "sibling") or (
                    rels.get(e) is None and lexicon.relation(e, w) in ("specific", "synonym")
                )
                if wide:
                    rels[e] = None
                    verbs.setdefault(w, []).append(e)
        blocked[w] = {e for e, r in rels.items() if r in ("sibling", "specific")}
        rare[w] = [e for e, r in rels.items() if r == "rare"]
        need_model.append(w)
    if not need_model:
        return [], contrasts
    model = default_similarity() if similarity is None or similarity is True else similarity
    if model is False:
        return [said.get(w, w) for w in need_model], contrasts
    best_word = model.best(need_model, ev.content)
    best_phrase = model.best(need_model, ev.phrases)
    # Names of things in the block the claim does not say: one of its nouns says them.
    said_words = {t.lower() for t in tokens(written or text)}
    unsaid = [n for n in names_of_things(ev.text, names) if n.lower() not in said_words]
    alone = []
    for w in need_model:
        ok = False
        for cand, sim in (best_word.get(w, ("", 0.0)), best_phrase.get(w, ("", 0.0))):
            if not cand:
                continue
            close = set(cand.split()) & blocked[w]
            if sim >= (SISTER_SIMILARITY if close else PARAPHRASE_SIMILARITY):
                ok = True
        # A seldom shared sense, or a narrower word, counts when the model reads the two
        # words alike where they stand: 'two-bedroom apartment' / 'two-bedroom flat'.
        # A verb that shares a seldom sense is read with up to two neighbours a side
        # ('to open his own bakery' / 'to start my own bakery').
        width = 2 if pos.get(w) == "VERB" else 1
        ok = ok or any(
            model.pair(w, e) >= RARE_SENSE_SIMILARITY
            or max(
                (
                    model.pair(a, b)
                    for n in range(1, width + 1)
                    for a in _windows(said.get(w, w), text, n)
                    for b in _windows(e, ev.text, n)
                ),
                default=0.0,
            )
            >= WINDOW_SIMILARITY
            for e in rare[w]
        )
        # A word for someone that the block's word is only in a seldom sense, said of
        # someone by a possessive ('my nan', 'my gran' for a grandmother): the sense in
        # use there is the person, whatever else the word means ('nan' is bread).
        ok = ok or (
            lexicon.names_someone(said.get(w, w))
            and any(_said_as_someones(e, ev.text) for e in rare[w])
        )
        ok = ok or any(model.pair(w, e) >= VERB_SIMILARITY for e in verbs.get(w, ()))
        if not ok and pos.get(w) == "NOUN":
            # The block's loose word for the same people: 'friends' for 'the girls',
            # 'manager' for 'my boss' (same_person.py).
            ok = any(one_person(said.get(w, w), e, model) for e in ev.content)
        if not ok and pos.get(w) == "NOUN" and unsaid:
            # A kind for a name the dictionary does not know: 'car' for 'the old Corolla'.
            ok = kind_of_named(said.get(w, w), unsaid, model) is not None
        if not ok and pos.get(w) == "VERB":
            # A verb in other words ('spotted' for 'saw'), read as an event (verbs.py),
            # among the block's verbs no other word of the claim stands for.
            word = said.get(w, w)
            others = [c for c in claim_words if c != word]
            taken = {v for v, _ in evidence_verbs(ev.text) if _stands_for(others, v)}
            # ... or one WordNet defines by the other ('arranged' for 'booked').
            with_particle = particle_verbs(ev.text)
            ok = any(
                defined_as(word, form) and same_object(word, text, v, ev.text)
                for v, _ in evidence_verbs(ev.text)
                if v not in taken
                for form in [v, *with_particle.get(v, ())]
            )
            ok = ok or same_event(word, text, ev.text, taken, model.vector, model.pair) is not None
        if not ok and pos.get(w) == "ADJ":
            # A quality the block says with another adjective: 'tough' for 'brutal'.
            ok = quality_said(said.get(w, w), ev.text, model) is not None
        if not ok and pos.get(w) in ("ADJ", "VERB"):
            # A judgement of the same thing, of the same worth: 'poor' wind for wind that
            # 'was rubbish' (worth.py).
            ok = worth_said(said.get(w, w), written or text, ev.text, model) is not None
        if not ok and pos.get(w) not in ("NOUN", "PROPN"):
            # A feeling the block says in its own words: 'nervous' for 'bricking it'. Not
            # a thing: 'knee' reads as the sore one, and a knee is no shoulder.
            ok = said_feeling(said.get(w, w), ev.text, model) is not None
        if not ok:
            alone.append(w)
    if alone:
        # A life event the block tells in an idiom: 'resigned' for 'handed in my notice'.
        vouched = event_vouches([said.get(w, w) for w in alone], written or text, ev.text, model)
        alone = [w for w in alone if said.get(w, w) not in vouched]
    if alone:
        # A word with no checkable detail whose clause reads as one of the block's.
        shown = {said.get(w, w): blocked[w] for w in alone}
        vouched = clause_vouches(shown, written or text, ev.text, model, shown)
        alone = [w for w in alone if said.get(w, w) not in vouched]
    if alone:
        # A connective word (no name, person, place, sister thing, event or added
        # modifier) of a sentence that reads as the block: free paraphrase.
        vouched = connective_vouches(
            [said.get(w, w) for w in alone], written or text, ev.text, model
        )
        alone = [w for w in alone if said.get(w, w) not in vouched]
    if len(alone) == 1:
        # One word nothing places: one the writer inferred when the block has no word in
        # its place and the sentence reads as the block; a changed detail when it has
        # (inferred.py). Two or more are an added clause, an embellishment.
        word = said.get(alone[0], alone[0])
        implied, other = inferred(word, written or text, ev.text, model)
        if implied:
            alone = []
        elif other is not None:
            if counterparts is not None:
                counterparts[word] = other
        elif phrase_close.phrase_vouches(word, written or text, ev.text, model):
            # No word of the block in its place: the word read with its head or its
            # dependents reads as a phrase of the block ('received the offer' / 'got
            # the offer').
            alone = []
    return [said.get(w, w) for w in alone], contrasts
