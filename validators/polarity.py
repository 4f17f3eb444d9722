"""Polarity and modality, predicate by predicate: a claim's predicate against the
block's predicates that speak of the same thing (predicates.py reads them)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon
from .claim_text import (
    _NEG_PREFIXES,
    _SUPPORTING,
    FUNCTION_WORDS,
    IRREALIS,
    LIGHT_VERBS,
    NEGATIVE_VERBS,
    Evidence,
    Support,
    _fail,
    _parts,
    _Reading,
)
from .endings import ceases, ending_verb, ends
from .moods import DIRECTIVE_VERBS, OPINION_VERBS, PROPOSING_VERBS
from .predicates import (
    DESIRE,
    FUTURE,
    MOOD_WORDS,
    ONGOING,
    PAST,
    PLAIN,
    PROGRESSIVE,
    Predicate,
    _parse,
    moods_agree,
    predicates,
)
from .words import (
    NEGATIONS,
    numbers_in,
    stem,
    tokens,
)


def _overlap(a: set[str], clause: str) -> int:
    """How many of the words `a` the clause accounts for (forms, synonyms, derivations)."""
    words = {w for t in tokens(clause) for w in _parts(t) if w not in FUNCTION_WORDS}
    hit = {stem(w) for w in words} | {b for w in words for b in lexicon.base_forms(w)}
    n = 0
    for w in a:
        forms = {stem(w), *lexicon.base_forms(w)}
        if forms & hit or any(lexicon.relation(w, x) in _SUPPORTING for x in words):
            n += 1
    return n


#: A claim that says its value ended ("Northwind Labs — 2026-03-02 to 2026-09-14", a
#: page's history line; "formerly", "used to") does not claim it still holds.
#: A history line's span after its dash: 'X — 2025-06-01 to 2026-01-05' (its dates may
#: already be checked and blanked, leaving 'X — to').
_SPAN = re.compile(r"\s+[—–]\s+(?:[\d-]+\s+)?to\b[\s\d-]*$")
_HELD_UNTIL = re.compile(
    r"\bto \d{4}-\d{2}(?:-\d{2})?\b|\buntil\b|\bformer(?:ly)?\b|\bused to\b|\bpreviously\b",
    re.I,
)


def _head_overlap(claim_verb: str, evidence_verb: str) -> int:
    """Do the two predicates share their verb? Two light verbs ('has', 'got', 'make')
    only when they are one verb: each shares a sense with half the dictionary, so 'has a
    dental appointment' is no 'can't make thursday' said again."""
    light = LIGHT_VERBS | FUNCTION_WORDS
    if claim_verb in light and evidence_verb in light:
        same = set(lexicon.base_forms(claim_verb)) & set(lexicon.base_forms(evidence_verb))
        return int(bool(same))
    return _overlap({claim_verb}, evidence_verb)


def _speaks_of_each(words: set[str], preds: list[Predicate]) -> bool:
    """Does the claim's predicate share two words or more with each of two or more block
    predicates with a verb, no word with two of them ('book club' with one, 'parents
    evening' with the other)? A word shared by chance ('see' of "long time no see") or
    a question tag ("don't you think?") is not a predicate spoken of."""
    acts = [p for p in preds if p.head]
    if len(acts) < 2:
        return False
    shared = [{w for w in words if _overlap({w}, " ".join(p.words))} for p in acts]
    if any(len(x) < 2 for x in shared):
        return False
    return all(not (a & b) for i, a in enumerate(shared) for b in shared[i + 1 :])


def _off_for_ending(claim: Predicate, ev: Predicate) -> float:
    """A claim's verb of ending ('quit smoking', 'gave up alcohol') said by the block as
    being off the thing ('been off the fags'): the 'off' is that verb, one word more in
    common (negation.py reads the 'off')."""
    return 1.0 if claim.neg_verb and ev.neg_scope[:1] == ("off",) else 0.0


def _taken_instead(words: set[str], p: Predicate) -> bool:
    """The claim's words are what an ending was for or went to, not what it ended: 'left
    leith for glasgow', 'ditched spotify for tidal' end Leith and Spotify; Glasgow and
    Tidal are taken up. 'gave the shop to her son erik' ends her shop, not Erik."""
    for prep in ("for", "to"):
        if prep not in p.words:
            continue
        cut = p.words.index(prep)
        before, after = " ".join(p.words[:cut]), " ".join(p.words[cut + 1 :])
        if _overlap(words, after) > 0 and _overlap(words, before) == 0:
            return True
    return False


#: The forms of 'be', a copula that tells no act.
_BE = frozenset(["be", "am", "is", "are", "was", "were", "been", "being", "'s", "'re", "'m"])


def _is_act(part: Predicate) -> bool:
    """Does the claim's predicate tell an act (a verb other than 'be')?"""
    return bool(part.head) and part.head.lower() not in _BE


def _describes(p: Predicate, part: Predicate) -> bool:
    """Is the block's predicate a plain description ('my mum is sick': a copula, said as
    so) that the claim's predicate merged into a noun and its modifier ('her sick mum'),
    with no verb of the claim's? Not a wish ('my goal is a marathon') nor what the
    claim's own verb says of its thing ('considers it her best decision' for "it's the
    best decision")."""
    if (
        p.head.lower() not in _BE
        or p.head not in p.words
        or p.negative
        or p.mood not in (PLAIN, PAST)
        or _head_overlap(part.head, p.head)
    ):
        return False
    cut = p.words.index(p.head)
    before, after = set(p.words[:cut]), set(p.words[cut + 1 :])
    return any(
        t.dep_ == "amod" and t.lower_ in after and t.head.lower_ in before
        for t in _parse(part.text)
    )


#: Words before a verb that make its subject what it acts on: 'the shop was sold'.
_PASSIVE = frozenset(["was", "were", "got", "get", "gets", "been", "be", "is", "are"])


def _doer_of_ending(words: set[str], p: Predicate) -> bool:
    """The claim's words are who did the ending, not what it ended: 'accountant friend
    checked it' ends nothing of the accountant (and 'check' is an ending only in its
    sense of 'stop'). A verb of ending ends what comes after it, or its subject when
    it is passive ('the shop got sold')."""
    if p.head not in p.words or ending_verb(p.head, p.words):
        return False  # a verb of ending by example ends its subject too ('moved away')
    cut = p.words.index(p.head)
    before, after = p.words[:cut], p.words[cut + 1 :]
    if set(before) & _PASSIVE:
        return False
    return _overlap(words, " ".join(before)) > 0 and _overlap(words, " ".join(after)) == 0


def _polarity_and_modality(
    text: str,
    evidence: Sequence[Evidence],
    ev: _Reading | None = None,
    *,
    ceased: set[str] | None = None,
    ended: bool = False,
) -> Support | None:
    """Each predicate of the claim against the evidence predicates that share most words
    with it: the same polarity, and moods that agree (predicates.py). A claim that
    something stopped ('no longer owns a car') may rest on a done act of ending it ('sold
    my car'); its verb then goes into `ceased`, accounted for by the ending."""
    said_on = next((e.said_on for e in evidence if e.said_on), None)
    # A history line's span ('evernote — 2025-06-01 to 2026-01-05') says when it held,
    # not a purpose ('to 2026-01-05' is no infinitive), and its value is so, not wished
    # (a bare 'evernote' is no imperative): it needs evidence of a done or held value.
    fact_line = ended and _SPAN.search(text) is not None
    if fact_line:
        text = _SPAN.sub(" ", text)
    ev_preds = [
        p for e in evidence for p in predicates(e.text, e.said_on, advice=_advises(e), lists=True)
    ]
    if not ev_preds:
        return None
    ignore = FUNCTION_WORDS | IRREALIS | NEGATIONS | NEGATIVE_VERBS
    claim_preds = predicates(text, said_on)
    for k, part in enumerate(claim_preds):
        if _view_of_denied(part, claim_preds[k + 1 : k + 2]):
            continue  # its clause, checked next, carries what it says
        words = {w for t in part.words for w in _parts(t) if w not in ignore and len(w) > 1}
        words -= {w for w in words if numbers_in(w)}
        if not words or part.words[:1] == ("whether",):
            continue  # 'to hear whether she got the flat': an open question, neither way
        # The predicate that shares the claim's verb weighs more: 'moved to Denver' is
        # about 'moving there', not about 'a job offer in Denver'.
        scored = [
            (
                _overlap(words, " ".join(p.words))
                + 0.5 * _head_overlap(part.head, p.head)
                + _pronoun_for_thing(part, p, words)
                + _off_for_ending(part, p),
                p,
            )
            for p in ev_preds
        ]
        top = max(s for s, _ in scored)
        if top == 0:
            continue  # no predicate of the evidence speaks of this part (a name, a label)
        # One shared word and another verb: 'requires insulin' and "I'd keep the insulin
        # in the fridge" are not one predicate said twice, so their moods say nothing of
        # each other (the words are still checked one by one). Polarity and endings
        # still hold: 'owns a car' / 'sold my car', 'works at Google' / 'left Google'.
        best = [p for s, p in scored if s == top]
        if _is_act(part) and all(_describes(p, part) for p in best):
            # The block's clause describes one of the claim's things ('my nephew is deaf'
            # for 'so she can talk to her deaf nephew'): the claim merged it into a noun
            # phrase, and its mood is that of its own act, held to the clauses left.
            rest = [(s, p) for s, p in scored if s > 0 and not _describes(p, part)]
            if rest:
                top = max(s for s, _ in rest)
                best = [p for s, p in rest if s == top]
        if len(best) > 1:
            # A tie goes to the predicates about the claim's things, not its verb alone:
            # 'is studying astrophysics' is about 'to do astrophysics', not about 'reading
            # about black holes' ('read' is a synonym of 'study').
            things = words - {part.head}
            about = {id(p): _overlap(things, " ".join(p.words)) for p in best}
            most = max(about.values())
            best = [p for p in best if about[id(p)] == most]
        # ... unless the block's verb is a bare 'do', which names no act but its object's
        # ('to do astrophysics at uni' is studying it): the claim's verb says that act.
        weak = top < WEAK_ALIGNMENT and len(words) > 1 and not any(_does(p) for p in best)
        same = [p for p in best if _same_polarity(part, p, words)]
        if any(p not in same for p in best) and _speaks_of_each(words, best):
            # One predicate of the claim that speaks of two of the block's as much, each
            # by words of its own, one denied: 'will go to book club after her parents'
            # evening' says both happen, and "won't be at book club, got a parents'
            # evening" denies one.
            same = []
        if ceases(part):
            # 'no longer owns a car' / 'sold my car', 'no longer plays the guitar' / 'gave
            # up the guitar': the ending is said as a done act, on the thing itself or on
            # the verb right after it ('retired from teaching'). The claim's own verb is
            # what stopped, so the ending accounts for it; a plan to end is not enough.
            near = best + [
                ev_preds[i - 1]
                for i, p in enumerate(ev_preds)
                if p in best and i and p.head.endswith("ing")  # 'retired from teaching'
            ]
            ending = [p for p in near if p.mood in (PAST, PLAIN) and (ends(p) or p.neg_verb)]
            if ending and ceased is not None:
                ceased.add(part.head)
            if not same and ending:
                continue  # a done ending: what it ended holds no longer, whatever the tense
        elif (
            not part.negative
            and part.mood in (PLAIN, PROGRESSIVE, ONGOING)
            and not ends(part)
            and not ended
            # ... unless the claim tells of the ending too: 'retired from [teaching]'.
            and not (k and part.dep == "pcomp" and ends(claim_preds[k - 1]))
        ):
            # 'still works at Google' / 'left Google': what the block ended holds no more;
            # the act before counts only for what it governs ('retired from [teaching]',
            # not 'broke my wrist, [skateboarding]').
            near = best + [
                ev_preds[i - 1]
                for i, p in enumerate(ev_preds)
                if p in best and i and p.dep == "pcomp"
            ]
            # A claim that names the ending act itself ('the sale completes on the 28th'
            # for 'sold the flat') tells of the ending, not of what it ended.
            if any(
                p.mood in (PAST, PLAIN)
                and ends(p, done_only=True)
                and not _names_act(part, p.head)
                and not _taken_instead(words, p)
                and not _doer_of_ending(words, p)
                for p in near
            ):
                return _fail("negation differs: the evidence says it ended", [part.head], hard=True)
        if (
            not same
            and ended
            and any(p.mood in (PAST, PLAIN) and (ends(p) or p.neg_verb) for p in best)
        ):
            continue  # a history line ('coffee — to 2026-02-11') rests on 'i quit coffee'
        if not same:
            same = _other_clause_of_its_things(part, words, best, ev_preds)
        if not same and not _speaks_of_denied(part, best):
            # The aligned clause shares the claim's other words, not what it denies: the
            # 'not' is held to the clauses that speak of that and of what it governs.
            best = _clauses_of_denied(part, words, ev_preds)
            if not best:
                continue
            same = [p for p in best if _same_polarity(part, p, words)]
        if not same:
            return _fail("negation differs from the evidence", _neg_words(part), hard=True)
        # Two ways of not doing may differ in tense: 'called off the trip' (done) is
        # 'not going' (to come); a wish still needs a wish.
        mood = PLAIN if fact_line else part.mood  # a held value is so, whatever its words
        if not weak and mood == FUTURE and not part.hedged and same and all(p.hedged for p in same):
            # 'will do a master's next year' for 'might go back to uni to do a masters': a
            # plan may be said as 'will', a maybe may not.
            return _fail(
                "modality differs: the claim is still to come, the evidence only possible",
                [part.text],
                hard=True,
            )
        if not weak and _aim_partly_reached(part, same, claim_preds):
            continue
        if not weak and not any(
            moods_agree(mood, p.mood)
            or (part.negative and p.negative and DESIRE not in (mood, p.mood))
            # The aim of a done act is what was wanted: 'to be able to borrow e-books, he
            # swapped his Kindle' / 'swapped it because I wanted to borrow e-books'.
            or (part.purpose and p.mood == DESIRE)
            or (p.purpose and mood == DESIRE)
            # A request in the block is the asking a claim reports ('please book your
            # review' for 'asked for the review to be booked'), or the instruction said
            # again ('always answer with examples' for 'please always answer with ...').
            or (p.request and (mood == PLAIN or _reports_asking(part)))
            for p in same
        ):
            return _fail(
                f"modality differs: the claim is {MOOD_WORDS[mood]}, "
                f"the evidence {MOOD_WORDS[same[0].mood]}",
                [part.text],
                hard=True,
            )
    return None


def _governed(part: Predicate, words: set[str]) -> set[str]:
    """The claim's nouns after its verb, the things it governs ('fish' of 'eating fish
    sometimes'; an adverb says how often, not what)."""
    if part.head not in part.words:
        return set()
    after = part.words[part.words.index(part.head) + 1 :]
    return {
        w
        for t in after
        for w in _parts(t)
        if w in words and lexicon.is_noun(w) and _overlap({w}, part.head) == 0
    }


def _other_clause_of_its_things(
    part: Predicate, words: set[str], best: list[Predicate], ev_preds: list[Predicate]
) -> list[Predicate]:
    """The block's clause of what the claim's verb governs, when the clause that aligned
    best, of opposite polarity, shares only the claim's verb: 'still eats fish now and
    then' is told by "still have fish sometimes", not by "i don't eat meat any more",
    which shares 'eat' and nothing the claim eats. Empty when there is no such clause."""
    things = _governed(part, words)
    if not things or any(_overlap(things, " ".join(p.words)) for p in best):
        return []
    # ... or by a pronoun after the verb: "didn't enjoy it much", "i passed it".
    if any(_pronoun_for_thing(part, p, words) for p in best):
        return []
    return [
        q
        for q in ev_preds
        if q not in best and _overlap(things, " ".join(q.words)) and _same_polarity(part, q, words)
    ]


def _clauses_of_denied(part: Predicate, words: set[str], ev_preds: list[Predicate]) -> list:
    """The block's clauses that speak of what a negative claim denies and of what its
    verb governs: 'did not receive the scholarship' is held to 'I got the scholarship',
    though 'full tuition for my master's in Edinburgh' shares more of its words; 'not to
    climb for six weeks' is not held to 'at the climbing gym'."""
    if not part.negative:
        return []
    things = _governed(part, words)
    return [
        q
        for q in ev_preds
        if _denied_is_in(part, set(q.words)) and things and _overlap(things, " ".join(q.words))
    ]


def _speaks_of_denied(part: Predicate, best: list[Predicate]) -> bool:
    """Does the other side speak of what the negative side denies: its verb, or the words
    of a narrower 'no' or 'without'? 'has gone twelve days without alcohol' aligns with
    '12 days in' by its days, and 'is doing Dry January' with 'not drinking for dry
    january' by its name; neither clause speaks of what the other denies (alcohol,
    drinking), so neither can confirm or gainsay the 'not' (the words are still held to
    the block one by one). A light verb ('has no car', "can't make the reunion") denies
    its object, and a verb of not doing ('quit my job') what it governs, so there the
    whole predicate counts."""
    if part.negative:
        return any(_denied_is_in(part, set(p.words)) for p in best)
    return any(not p.negative or p.neg_verb or _denied_is_in(p, set(part.words)) for p in best)


def _denied_is_in(neg: Predicate, other: set[str]) -> bool:
    """Are the words a negative predicate denies, or a form or synonym of them, among
    `other`? Light words count here: 'got' says what 'did not receive' denies."""
    scope = [w for w in neg.neg_scope if w not in FUNCTION_WORDS and w not in NEGATIONS]
    head = neg.head
    governed = neg.words[neg.words.index(head) + 1 :] if head in neg.words else ()
    if scope:
        core = set(scope)
    elif neg.neg_verb and head == neg.neg_verb:
        # A verb of not doing denies what it governs: 'quit Northwind Labs' speaks of
        # the firm that 'started at Northwind Labs' names.
        core = {w for w in governed if w.isalpha() and w not in FUNCTION_WORDS}
        if not core:
            return True
    elif head.isalpha() and head not in LIGHT_VERBS | FUNCTION_WORDS and not _is_aux(head):
        core = {head}
    else:
        return True  # 'has no car', "i'm not a fan": the 'not' is on the whole
    for w in core:
        forms = {stem(w), *lexicon.base_forms(w)}
        for x in other:
            if forms & {stem(x), *lexicon.base_forms(x)}:
                return True
            if lexicon.relation(w, x) in _SUPPORTING or lexicon.relation(x, w) in _SUPPORTING:
                return True
            # An opposite speaks of it too, to gainsay it: 'won' of 'did not lose',
            # 'missing' of 'will not attend'.
            if lexicon.relation(w, x) == "antonym":
                return True
    return False


def _is_aux(word: str) -> bool:
    return bool(set(lexicon.base_forms(word)) & {"be", "have", "do"})


#: Verbs of a view or a feeling that take a clause: 'feels the house never gets warm'.
_VIEW_VERBS = OPINION_VERBS | {"feel", "find"}


def _reports_asking(part: Predicate) -> bool:
    """Is the claim's verb one of asking or advising ('asked', 'told him', 'urged')?"""
    return bool({part.head, *lexicon.base_forms(part.head)} & (DIRECTIVE_VERBS | PROPOSING_VERBS))


def _view_of_denied(part: Predicate, after: list[Predicate]) -> bool:
    """Is the claim's predicate a view whose clause, right after it, is denied ('Alan
    feels the house never gets properly warm')? That says what "the house never feels
    properly warm" says: the 'not' may stand on either verb, as with "I don't think it
    will work" (moods.raises_not), so the view is checked by its clause alone."""
    return (
        not part.negative
        and bool(after)
        and after[0].dep == "ccomp"
        and after[0].negative
        and bool(set(lexicon.base_forms(part.head)) & _VIEW_VERBS)
    )


def _aim_partly_reached(part: Predicate, same: list[Predicate], claim: list[Predicate]) -> bool:
    """Is the claim's predicate the aim of an act going on ('doing the Three Peaks to
    raise money for a hospice') that the block says is partly reached ('already raised
    £800'), as the claim says too ('and has raised £800 so far')? The aim is still
    wanted; what is done of it is told by the claim's own done verb, checked against the
    block like any other. Without that done verb in the claim, 'is saving to buy a
    house' for 'bought a house' stays a mood changed."""
    if not part.aim or not any(p.mood in (PAST, ONGOING, PLAIN) for p in same):
        return False
    verb = {part.head, *lexicon.base_forms(part.head)}
    return any(
        q is not part
        and q.mood in (PAST, ONGOING)
        and not q.negative
        and verb & {q.head, *lexicon.base_forms(q.head)}
        for q in claim
    )


#: Pronouns that stand for a thing said before: "we can't get one", "couldn't afford it".
_THING_PRONOUNS = frozenset(["it", "one", "them", "that", "this"])


def _pronoun_for_thing(claim: Predicate, ev: Predicate, words: set[str]) -> float:
    """A block predicate with the claim's verb and a pronoun where the claim names its
    things ("I'm allergic to cats so we can't get one" for "cannot get a cat", "didn't
    like it" for "did not like the film"): the pronoun says those things, and the verb is
    the claim's, even a light one ('get', 'have') the word overlap leaves out. Scored as
    if every word of the claim were said there, which a predicate that only shares the
    things ('saw the film') cannot reach."""
    if not claim.head or ev.head not in ev.words:
        return 0.0
    # The pronoun as the verb's object, after it ('get one', 'like it'); a subject ('it
    # was great') stands for a situation, not for the claim's thing.
    after = ev.words[ev.words.index(ev.head) + 1 :]
    if not set(after) & _THING_PRONOUNS:
        return 0.0
    same = set(lexicon.base_forms(claim.head)) & set(lexicon.base_forms(ev.head))
    if not (same or claim.head == ev.head):
        return 0.0
    return (
        len(words)
        + 0.5
        - _overlap(words, " ".join(ev.words))
        - 0.5 * _overlap({claim.head}, ev.head)
        + 0.25
    )


def _names_act(part: Predicate, verb: str) -> bool:
    """Does a word of the predicate name the verb's act: a form of it, a synonym, a
    derived or a broader word ('sale' or 'selling' for 'sold')?"""
    ties = (*_SUPPORTING, "specific")
    return any(
        lexicon.relation(w, verb) in ties or lexicon.relation(verb, w) in ties
        for w in part.words
        if w not in FUNCTION_WORDS and w.isalpha()
    )


#: Below this score (one shared word, not the verb) a block predicate is not the claim's
#: predicate said again: the overlap is 1 per word and 0.5 for the verb.
WEAK_ALIGNMENT = 1.5
#: Words that make a predicate negative by their meaning, not by a 'not': they oppose
#: liking ('hates running' / 'loves running'), not any verb ('frustrates his accountant').
_DISLIKING = frozenset(["dislike", "dislikes", "disliked", "hate", "hates", "hated"])


_DO = frozenset(["do", "does", "did", "doing", "done"])


def _does(part: Predicate) -> bool:
    """Is the predicate a bare 'do' with an object ('to do astrophysics', 'doing a
    no-spend month'), which says only that its object is done?"""
    return part.head in _DO and len(set(part.words) - FUNCTION_WORDS - _DO) >= 1


def _advises(e: Evidence) -> bool:
    """Is the block an AI assistant's turn, whose bare verbs advise ('book the ferry')?"""
    from .subjects import role_names

    return "assistant" in role_names([e])


def _same_polarity(claim: Predicate, ev: Predicate, words: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    """Both or neither negative; a verb of not doing on one side may stand for the same
    verb on the other ('left his job' for 'quit my job'). A negation narrower than its
    predicate ('no more commute', "check-in isn't until 3pm") counts only when the other
    side speaks of what it negates; a 'hate' only against a liking."""
    # 'failed the test' is 'did not pass it': a verb of failing counts as a 'not'.
    fails = (_fails(claim), _fails(ev))
    neg = (claim.negative != fails[0], ev.negative != fails[1])
    prefixed = (_prefixed_not(claim), _prefixed_not(ev))
    if any(fails) and neg[0] == neg[1]:
        return True
    if neg[0] != neg[1] and any(prefixed):
        # An adjective that is its own opposite by a prefix may stand for a 'not' on the
        # other side ('unsuccessful' for 'failed', 'insufficient mirror checks' for
        # "didn't check mirrors enough"); it never makes a mismatch of its own ('help
        # out unpaid' for 'volunteering').
        return (neg[0] != prefixed[0]) == (neg[1] != prefixed[1])
    if any(fails):
        return False
    if _missed_for_not_done(claim, ev):
        return True
    if _both_denied_opposites(claim, ev):
        return False
    if claim.negative == ev.negative:
        return True
    if _almost_not(claim, ev):
        return True
    if _not_as_for_less(claim, ev):
        return True
    if _opposite_denied(claim, ev):
        return True
    neg, other = (claim, ev) if claim.negative else (ev, claim)
    if neg.neg_scope[:1] == ("without",):
        # 'without her husband' is gainsaid by 'with my husband', not by any word of the
        # other side that names him ('three weeks off sugar' for 'without sugar').
        about = {w for w in neg.neg_scope[1:] if w not in FUNCTION_WORDS}
        theirs = words if other is claim else set(other.words) - FUNCTION_WORDS
        return not ("with" in other.words and about and _overlap(theirs, " ".join(about)))
    if neg.neg_scope:
        about = {w for w in neg.neg_scope if w not in FUNCTION_WORDS and w not in NEGATIONS}
        theirs = words if other is claim else set(other.words) - FUNCTION_WORDS
        if about and not _overlap(theirs, " ".join(about)):
            return True
    marks = set(neg.words) & (NEGATIONS | {"n't", "never", "no"})
    if marks and marks <= _DISLIKING and not neg.neg_verb:
        from .claim_words import PREFERENCE

        if not set(other.words) & PREFERENCE and _overlap({other.head}, neg.head) == 0:
            return True
    verb, other = (claim.neg_verb, ev) if claim.negative else (ev.neg_verb, claim)
    if not verb or (claim.negative and ev.negative):
        return False
    if set(other.words) & {"almost", "nearly"}:
        return False  # 'nearly quit my job' is no quitting, though it says 'quit'

    return any(
        lexicon.relation(verb, w) in (*_SUPPORTING, "specific", "rare")
        or lexicon.relation(w, verb) in (*_SUPPORTING, "specific", "rare")
        for w in other.words
        if w not in FUNCTION_WORDS
    )


#: Adverbs that deny all but a little; 'barely' too, though it is read as a 'not' only
#: before 'ever' or 'any' ('barely passed' passed: negation.py).
_ALMOST_NOT = frozenset(["hardly", "scarcely", "barely"])


def _almost_not(claim: Predicate, ev: Predicate) -> bool:
    """Is one side's only 'not' a 'hardly' or 'scarcely' where the other says 'barely' of
    the same verb: 'hardly speak any English' for 'barely speaks English'? Whatever
    'barely' means there, the two sides say it alike."""
    neg, other = (claim, ev) if claim.negative else (ev, claim)
    marks = set(neg.words) & (NEGATIONS | {"n't", "no"})
    return (
        bool(marks)
        and marks <= _ALMOST_NOT
        and not neg.neg_verb
        and "barely" in other.words
        and bool(
            {neg.head, *lexicon.base_forms(neg.head)}
            & {other.head, *lexicon.base_forms(other.head)}
        )
    )


def _not_as_for_less(claim: Predicate, ev: Predicate) -> bool:
    """Is one side's 'not' on a comparison of equals ("don't miss it as much as I
    thought", "isn't as busy as last year") where the other side says the lesser degree
    ('misses it less than expected', 'quieter than last year' is left to the words): a
    'not as much as' is a 'less than', so the 'not' is the comparison's, not the verb's.
    The lesser degree is any word WordNet opposes to 'more' ('less', 'fewer')."""
    neg, other = (claim, ev) if claim.negative else (ev, claim)
    if neg.neg_verb or "as" not in neg.words:
        return False
    return any(
        lexicon.relation(w, "more") == "antonym" or lexicon.opposed(w, "more")
        for w in other.words
        if w.isalpha() and w != "more"
    )


#: Verbs of an outcome that did not come: 'failed the test' is 'did not pass it'.
FAILING = lexicon.wordset("fail fails failed failing flunk flunks flunked flunking")


def _fails(part: Predicate) -> bool:
    return bool(set(part.words) & FAILING)


def _missed_for_not_done(claim: Predicate, ev: Predicate) -> bool:
    """Is one side's verb a way of failing, said plainly, where the other side denies
    another verb: 'missed the wedding' for "couldn't make it to the wedding", 'will miss
    book club' for "can't make book club"? Only as a match: such verbs have other senses
    ('fell off his bike' is no failure), so they never make a mismatch of their own."""
    for mine, other in ((claim, ev), (ev, claim)):
        if (
            not mine.negative
            and other.negative
            and not other.neg_verb
            and mine.head
            and lexicon.kind_of_failing(mine.head)
            and not set(lexicon.base_forms(mine.head)) & set(lexicon.base_forms(other.head))
        ):
            return True
    return False


def _prefixed_not(part: Predicate) -> bool:
    """Does an adjective of the predicate mean a 'not' by its prefix, being its own
    word's opposite in WordNet (unsuccessful/successful, insufficient/sufficient; not
    'discover' or 'income', which oppose nothing)?"""
    for w in part.words:
        if w in NEGATIONS:
            continue  # already read as a 'not' ('dislikes')
        for prefix in _NEG_PREFIXES:
            base = w[len(prefix) :]
            if w.startswith(prefix) and len(base) >= 4 and lexicon.relation(w, base) == "antonym":
                return True
    return False


def _opposite_denied(claim: Predicate, ev: Predicate) -> bool:
    """Is one side's 'not' said on the opposite of a word of the other side: 'didn't win'
    for 'lost', 'never remembers' for 'forgets', "isn't far" for 'close' (WordNet's
    antonyms)? A verb of not doing or a narrow 'no' is read elsewhere."""
    neg, other = (claim, ev) if claim.negative else (ev, claim)
    if neg.neg_verb or neg.neg_scope:
        return False
    mine = [w for w in neg.words if w not in FUNCTION_WORDS and w not in NEGATIONS]
    theirs = [w for w in other.words if w not in FUNCTION_WORDS and w not in NEGATIONS]
    return any(lexicon.relation(a, b) == "antonym" for a in mine for b in theirs)


def _both_denied_opposites(claim: Predicate, ev: Predicate) -> bool:
    """Is a plain 'not' said on each side of two opposites: 'did not lose the final' and
    "didn't win the final" say opposite things, though both are negative."""
    if not (claim.negative and ev.negative):
        return False
    if claim.neg_verb or claim.neg_scope or ev.neg_verb or ev.neg_scope:
        return False
    return _opposite_denied(claim, ev)


def _neg_words(part: Predicate) -> list[str]:
    marks = [w for w in part.words if w in NEGATIONS or w in ("n't", "never", "no")]
    return marks or [part.neg_verb or part.text]


def denied(text: str, word: str) -> bool:
    """Is the word said under a 'not' where it stands ('pass' in 'did not pass')? An
    opposite under a 'not' is the block's own word: 'did not pass' for 'failed', 'didn't
    win' for 'lost' (the polarity check has already held the two predicates together)."""
    if word in NEGATIONS or word in NEGATIVE_VERBS:
        return False  # 'hate', 'quit': the word is the 'not' itself, not under one
    return any(p.negative and p.neg_verb != word for p in predicates(text) if word in p.words)
