"""Is a candidate sentence about the question's subject, and how: on their page, by their
name, by a phrase for them ("my sister"), in their own voice, or the asker's own note?
Someone else speaking of themselves, or calling out to the subject by name, is not."""

from __future__ import annotations

import re
from functools import lru_cache

from language.refer import person_before

from .reading import Candidate, Subject
from .text import terms

#: The speaker speaking of themselves, also with the apostrophe left out ("im the ice
#: tech at the rink", "ive been with monzo for years"), as people type.
FIRST_PERSON = re.compile(
    r"\b(i|i'm|im|i've|ive|i'd|i'll|me|my|mine|we|we're|we've|our|us)\b", re.I
)


_SECOND_PERSON = re.compile(r"\b(you|you're|you've|you'd|you'll|your|yours|yourself)\b", re.I)
_THANKS = re.compile(r"\bthank(?:s| you| u)\b|\bsee you\b|\blove you\b", re.I)
#: A clause that opens in the first person after a comma or semicolon: "..., my friend
#: marta is driving", "...; i'm doing the boxes".
_OWN_CLAUSE = re.compile(r"[,;]\s*(?:and\s+|so\s+|but\s+)?(?:my|i|i'm|im|i've|ive)\s")
#: A sentence that opens with "she" or "he", also typed "hes"/"shes" ("hes a shouter but
#: hes sound"), and not "she and i".
_OPENS_WITH_HER = re.compile(r"\s*(?:she|he)(?:s\b|\b)(?!\s+and\s+(?:i|me)\b)")
_PRONOUN = re.compile(r"\b(she|he|they|her|his|him|their)\b", re.I)


def _phrase_before(c: Candidate, subj: Subject, known_people: set[str]) -> bool:
    """ "she" opening the sentence is the relative asked about, whom the same speaker
    named within a few sentences before, with no one named nearer: "first time my mom is
    letting me take over. 14 people. she still insists on doing her own tamales"."""
    mine = [p for p in subj.phrases if p.startswith(("my ", "our "))]
    if not mine:
        return False
    speaker = (c.block.role, c.block.speaker)
    earlier = [(t, 0) for t, b in c.earlier if (b.role, b.speaker) == speaker]

    def people(text: str) -> list[str]:
        low = text.lower()
        found = [p for p in mine if re.search(rf"\b{re.escape(p)}\b", low)]
        return found or sorted(_people_named(text, known_people))

    hit = person_before(earlier, people)
    return hit is not None and hit[0] in mine


def _about(
    c: Candidate,
    subj: Subject,
    known_people: set[str],
    dialogues: frozenset[str] = frozenset(),
    asked: frozenset[str] = frozenset(),
) -> str | None:
    """How a candidate is about the subject ("page", "name", "speaker", ...) or None.
    `asked`: the people the question names besides its subject (lower case)."""
    about = _about_said(c, subj, known_people, dialogues, asked)
    if about is None and c.retold and c.via in subj.pages and not _to_other(c, subj):
        # The subject's own page retells this sentence: the wiki read it as about them,
        # though the sentence does not say so ("It was Matt Patterson, he is so
        # talented!" is Melanie's concert, and her page says so).
        return "page"
    return about


def _to_other(c: Candidate, subj: Subject) -> bool:
    """The subject's own words to the other person about the other person's things, in
    the second person only ("Wishing you the best on your adoption journey!", "Glad your
    son is okay"): about the one addressed, though the subject's page retells them."""
    if c.fact is not None:
        return False
    who = (c.block.speaker or "").lower()
    # "your": the thing is theirs ("Been reading that book you recommended" is the
    # speaker's own reading).
    return (
        who in subj.speakers | subj.names
        and bool(re.search(r"\byour\b", c.text, re.I))
        and not FIRST_PERSON.search(c.text)
    )


def _about_said(
    c: Candidate,
    subj: Subject,
    known_people: set[str],
    dialogues: frozenset[str],
    asked: frozenset[str],
) -> str | None:
    """How a candidate is about the subject by its own words and who said it."""
    if not subj.defined:
        return "none"
    low = c.text.lower().replace("’", "'")
    asked_words = terms(subj.question)
    for p in subj.phrases:
        # "my colleague's best friend" is not "my best friend"; but asked "who runs his
        # studio's social media?", "my dance studio's social media" is the one asked.
        bare = p.removeprefix("my ")
        whose = [
            m.group(1)
            for m in re.finditer(rf"\b(?!my\b)(\w+)'s {re.escape(bare)}\b", low)
            if not terms(m.group(1)) <= asked_words
        ]
        if whose and not re.search(rf"\bmy {re.escape(bare)}\b", low):
            return None
    if c.fact is not None and c.fact.page in subj.pages:
        return "page"
    spoken = c.fact is None or c.fact.speaker is not None
    who = ((c.fact.speaker if c.fact is not None else None) or c.block.speaker or "").lower()
    # Someone else speaking of themselves ("Thanks, Caroline! My family ..."): their "my"
    # is theirs, whoever they address or whatever the sentence shares with the question.
    own_voice = bool(spoken and who and FIRST_PERSON.search(c.text))
    by_other = own_voice and who not in subj.speakers | subj.owner_names | subj.names
    for n in subj.names:
        if n and re.search(rf"\b{re.escape(n)}\b", low):
            if by_other and _addressed(low, n):
                continue  # "Yeah, Caroline, my family's been great" is about the speaker
            if who and who not in subj.speakers | subj.names and _bare_call(low, n):
                continue  # "Thanks, Gina!" calls out to her and says nothing about her
            return "name"
    # Another person's words about "the tattoo" are about theirs, unless said to the
    # subject ("your tattoo"): "What does Jon's tattoo symbolize?" is not answered by
    # Gina's "Got the tattoo a few years ago". Whose thing it is speaks of it as theirs
    # ("How is Gina's store doing?": Gina's "The store's doing great!").
    other = bool(
        spoken and who in known_people and who not in subj.speakers | subj.names | subj.owner_names
    )
    for p in subj.phrases:
        if _to_other(c, subj) and re.search(rf"\byour {re.escape(p.removeprefix('my '))}\b", low):
            continue  # the subject's "Glad your son is okay" is the other person's son
        if re.search(rf"\b{re.escape(p)}\b", low) and not (by_other and not p.startswith("my ")):
            # Whose chain it is says "my kids" of the kids asked about ("What do Mel's
            # kids like?"): the possessor's own words about them are about them.
            theirs = who in subj.owner_names and re.search(rf"\b(?:my|our) {re.escape(p)}\b", low)
            if other and not (p.startswith("my ") or _SECOND_PERSON.search(c.text) or theirs):
                continue
            return "phrase"
    # "she works theatres at DRI, scrub nurse, ... and id be doing lessons": the speaker's
    # own "id" later on does not make a sentence that opens with "she" theirs.
    opens_with_her = bool(_OPENS_WITH_HER.match(low))
    if c.antecedent and _PRONOUN.search(c.text) and subj.names and (opens_with_her or not by_other):
        before = c.antecedent.lower()
        # Named, not called out to: after "hey Tom! ... my son fell", "he" is the son.
        named = any(
            n and re.search(rf"\b{re.escape(n)}\b", before) and not _addressed(before, n)
            for n in subj.names
        )
        others = {n for n in known_people if re.search(rf"\b{re.escape(n)}\b", low)}
        if named and not others - subj.names:
            return "name"  # "She works as a nurse", just after Mila was named
    if opens_with_her and subj.phrases and _phrase_before(c, subj, known_people):
        return "phrase"
    if spoken and who and who in subj.speakers:
        if _OPENS_WITH_HER.match(low):
            if _pet_just_said(c, known_people):
                return "speaker"  # "got a kitten last week!! she's called mochi": the pet
            # "She works as a nurse", "she works theatres ..., so we'd see each other":
            # about someone else, whatever "we" comes later ("she and i" is both; "they"
            # may be things: "They were an important part of our wedding"). A clause of
            # the speaker's own after a comma is theirs: "she'll be up front with me, my
            # friend marta is driving the van".
            return "speaker" if _OWN_CLAUSE.search(low) else None
        if FIRST_PERSON.search(c.text):
            return "speaker"
        if _SECOND_PERSON.search(_THANKS.sub(" ", c.text)):
            if c.block.path not in dialogues:
                # Said to an AI assistant, "you" is the assistant, which has no son or
                # news of its own: "from now on, keep your answers short" is the
                # speaker's own standing request.
                return "speaker"
            return None  # "Thank goodness your son's okay": about the one addressed
        others = _people_named(c.text, known_people)
        # Neither "I" nor "you": talking to an AI, people tell their own news without
        # pronouns ("weird but good. the manager there is so chill"); between two people
        # it is the speaker's news only inside a turn where they speak of themselves
        # ("Took the kids out. It was awesome!"), not a remark ("Adoption sounds awesome.").
        # A reply to a question put to them ("Any fun plans for the summer?" -
        # "Researching adoption agencies") is their news too.
        own_news = c.block.path not in dialogues or FIRST_PERSON.search(c.block.text) or c.prompt
        # A person the question names too is no rival ("what does okonkwo want for my
        # figures?" is answered by the speaker's "okonkwo wants everything in viridis").
        if not others - subj.names - subj.speakers - asked and own_news:
            return "speaker"
        if own_news and _left_out_i(c.text):
            # "going to jas's mum's in cardiff for christmas": the speaker's own news
            # with its "i" left out; the person named is where they go, no rival.
            return "speaker"
    if subj.mine and c.fact is None and c.block.role is None:
        return "own"  # the asker's own note or document: nobody else's words
    if c.via in subj.pages and not subj.speakers:
        return "page"  # a turn a line of the page of the thing asked about retells
    return None


def _pet_just_said(c: Candidate, known_people: set[str]) -> bool:
    """The sentence before, in the same turn, names an animal and no one: "she" or "he"
    is the animal ("got a kitten last week!! she's called mochi"), by the usual sense of
    its words in WordNet."""
    from .kinds import an_animal_and_no_one

    before = [text for text, block in c.earlier if block is c.block]
    if not before:
        return False
    words = [w for w in re.findall(r"[a-z]+", before[-1].lower()) if len(w) > 2]
    return an_animal_and_no_one(words, known_people)


@lru_cache(maxsize=4096)
def _left_out_i(text: str) -> bool:
    """A sentence typed as to a diary, its "i" left out ("going to jas's mum's for
    christmas", "handed my keys back"): `language.person` restores the subject. The
    sentence's parse is the one the reader's other checks share (`kinds._parsed`)."""
    from language.person import restore_subject

    from .kinds import _parsed

    restored, _ = restore_subject([text], [_parsed(text)])
    return restored[0] != text


def _people_named(text: str, known_people: set[str]) -> set[str]:
    """Known people a sentence names, also by a capitalized short form ("Mel" for
    Melanie)."""
    low = text.lower()
    out = {n for n in known_people if re.search(rf"\b{re.escape(n)}\b", low)}
    firsts = {n.split()[0]: n for n in known_people if n}
    for word in re.findall(r"\b[A-Z][a-z]{2,}\b", text):
        w = word.lower()
        hits = [n for f, n in firsts.items() if f != w and f.startswith(w)]
        if len(hits) == 1:
            out.add(hits[0])
    return out


def _bare_call(low: str, name: str) -> bool:
    """A sentence that only calls out to someone ("Thanks, Gina!", "Wow, Caroline!"):
    every mention of the name is a call, and one word at most is left beside it."""
    return _addressed(low, name) and len(terms(low) - terms(name)) <= 1


def _addressed(low: str, name: str) -> bool:
    """Every mention of `name` calls out to them ("Thanks, Caroline!", "Yeah, Mel, ...",
    "... so proud of you, Caroline.") rather than telling about them."""
    n = re.escape(name)
    mentions = len(re.findall(rf"\b{n}\b", low))
    calls = len(
        re.findall(
            rf"(?:^|[,.!?;:(\-–—]\s*|\b(?:hey|hi|hello|thanks|thank you|yeah|yes|wow|oh|aw+|"
            rf"congrats|sorry|dear|ok|okay|well|so)\s+)['\"]?{n}(?=\s*(?:[,.!?;:)\-–—]|$))",
            low,
        )
    )
    return mentions > 0 and calls >= mentions
