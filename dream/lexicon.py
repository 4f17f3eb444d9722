"""Word lists the extraction rules use: general English vocabulary, nothing dataset-specific.

Relations people name ("my sister Lena"), occupations (so "as a copy editor at
Acme" is a job and "as a customer at Acme" is not), the head nouns of software tools
("my note-taking app is Notion"), diets, project-like undertakings, and the words that
open a chat sentence without being part of it ("By the way, ...").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from validators.lexicon import kind_among, names_animal, names_someone


def _words(text: str) -> frozenset[str]:
    return frozenset(w.replace("_", " ") for w in text.split())


#: People a user names by relation; multi-word ones use _ for the space.
RELATIONS = _words(
    """wife husband partner spouse fiance fiancee fiancé fiancée girlfriend boyfriend
    sister brother sibling twin mother mom mum father dad parent son daughter child kid
    stepmother stepfather stepsister stepbrother stepson stepdaughter half-sister
    half-brother mother-in-law father-in-law sister-in-law brother-in-law son-in-law daughter-in-law
    grandmother grandma granny grandfather grandpa grandson granddaughter
    cousin aunt uncle niece nephew godmother godfather goddaughter godson
    friend best_friend close_friend old_friend childhood_friend
    manager boss supervisor colleague coworker co-worker teammate classmate flatmate
    roommate housemate neighbor neighbour mentor mentee tutor teacher coach
    doctor therapist dentist landlord landlady assistant"""
)
#: Relation words as people type them in chat, and the word they stand for: "my gf priya"
#: is her girlfriend, "my sis" her sister.
RELATION_SHORTHAND = {
    "gf": "girlfriend", "bf": "boyfriend", "bff": "best friend", "sis": "sister",
    "bro": "brother", "hubs": "husband", "wifey": "wife", "mil": "mother-in-law",
    "fil": "father-in-law", "bil": "brother-in-law", "sil": "sister-in-law",
    "dil": "daughter-in-law",
    "stepmom": "stepmother", "stepdad": "stepfather", "grandad": "grandfather",
}  # fmt: skip
RELATIONS = RELATIONS | frozenset(RELATION_SHORTHAND) | frozenset(["ex"])
#: Relations a person has one of at a time: a fact with history, not a list item.
SINGLE_RELATIONS = _words(
    "wife husband partner spouse fiance fiancee fiancé fiancée girlfriend boyfriend manager boss"
)
#: Head nouns of occupations and roles (the last word of "senior data engineer").
OCCUPATIONS = _words(
    """engineer developer programmer designer architect analyst scientist researcher
    manager director lead head chief officer executive president founder co-founder
    owner partner consultant contractor freelancer intern apprentice trainee associate
    specialist coordinator administrator admin assistant secretary receptionist clerk
    editor writer author journalist reporter copywriter translator interpreter
    teacher lecturer professor tutor instructor coach trainer librarian
    nurse doctor physician surgeon dentist pharmacist therapist psychologist psychiatrist
    paramedic midwife vet veterinarian optician physiotherapist
    lawyer attorney solicitor barrister paralegal judge notary
    accountant auditor banker actuary economist bookkeeper
    chef cook baker barista bartender waiter waitress butcher sommelier
    electrician plumber carpenter mechanic builder welder technician painter decorator
    gardener landscaper florist farmer fisherman
    pilot driver courier firefighter firefighter police officer detective soldier guard
    photographer illustrator animator artist musician composer singer actor dancer
    producer filmmaker curator
    salesperson seller marketer recruiter representative rep agent broker planner buyer
    tester maintainer administrator sysadmin devops sre cto ceo cfo coo cmo vp pm po
    hairdresser barber stylist cleaner nanny caregiver carer housekeeper
    student postdoc researcher fellow"""
)
#: Nouns that end the name of a software tool's job ("note-taking app", "task tracker").
TOOL_HEADS = _words(
    """app application tool tracker editor client browser ide language framework library
    database db platform service system software program os stack orchestrator
    scheduler manager notebook launcher terminal shell reader player calendar
    mail email messenger chat vcs host hosting provider backend frontend
    watch phone laptop tablet camera headphones earbuds e-reader router"""
)
DIETS = _words(
    """vegetarian vegan pescatarian pescetarian flexitarian keto paleo gluten-free
    dairy-free lactose-free kosher halal teetotal teetotaler"""
)
#: Head nouns of undertakings that get a project page ("the kitchen renovation").
PROJECT_HEADS = _words(
    """project renovation remodel migration rewrite redesign refactor proposal thesis
    dissertation wedding offsite launch"""
)
#: Capitalised words that start a sentence or name a day, not a subject.
NOT_NAMES = _words(
    """I I'm I've I'd I'll The A An My We Our Us It Its This That These Those There Here
    He She They His Her Their Them You Your Yes No Hi Hello Hey Thanks Thank Please OK
    Okay Also And But So Oh Well Yeah Yep Nope Anyway Actually Honestly Funny Random
    Unrelated Quick Big News Update Btw By Today Yesterday Tomorrow Tonight Now Then
    Still Just Finally Sorry Great Perfect Cool Nice Good Wow Ha Haha Hmm Sure Right
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March
    April May June July August September October November December Mr Mrs Ms Dr
    Christmas Easter Fun Fact Side Note Speaking Talking Random Guess What
    Which What When Where Why How Who Whose If Since Because After Before While Once
    Lunch Dinner Breakfast Decided Named Signed Booked Ordered Got Made For In On At To
    From With Of As Into About Over Under Between Through During Without Within Not Every
    Each All Some Any Most More Less Only Even Maybe Perhaps Probably Definitely Last Next
    First Second Third Big Small Huge Little Dear Poor"""
)
#: Chat openers to drop before reading a sentence: "By the way, my sister ...".
OPENER_RE = re.compile(
    r"^(?:(?:also|and|oh|so|but|well|yeah|yes|ok|okay|anyway|actually|honestly|btw|"
    r"by the way|random thought|unrelated|funny|fun fact|side note|quick update|update|"
    r"big news|good news|news|guess what|speaking of which|on another note|"
    r"quick reminder[^:,.]{0,40}|for the record|just so you know|fyi)\b[\s,:;!.-]*)+",
    re.IGNORECASE,
)


def strip_opener(sentence: str) -> str:
    """'Unrelated, but my sister ...' -> 'my sister ...'."""
    s = OPENER_RE.sub("", sentence.strip())
    s = re.sub(r"^but\s+", "", s, flags=re.IGNORECASE)
    return s.strip()


def is_occupation(role: str) -> bool:
    words = role.lower().split()
    return bool(words) and words[-1] in OCCUPATIONS


@cache
def a_superior(attr: str) -> bool:
    """An attribute whose values are the one someone answers to at work: its last word
    is, to WordNet, a kind of superior or head in its usual sense ("Manager", "Boss",
    "Supervisor", "Line manager"); a leader of anything else is not ("Coach")."""
    words = attr.lower().split()
    return bool(words) and kind_among(words[-1], ("superior", "head")) is not None


def relation_pattern() -> str:
    """Regex alternation of RELATIONS, longest first, spaces as \\s+."""
    items = sorted(RELATIONS, key=len, reverse=True)
    return "|".join(re.escape(r).replace(r"\ ", r"\s+") for r in items)


#: A word that names a person and an animal is a pet's only when "my <word>" reads as a
#: pet's clearly (mean top-3 cosine similarity): "my bunny" +0.24, "my baby" +0.05.
PET_LEAD = 0.1


@cache
def kind_noun(noun: str) -> str | None:
    """What a kind noun said of a name makes it: "pet" for a kind of animal, "person" for
    a kind of person, by WordNet's hypernyms ("pickle is our dog", "our rescue greyhound
    biscuit", "my sister maya"); None for neither ("my car"). The head of a longer noun
    speaks for it ("rescue greyhound"). A word that is both ("kid", "nanny", "bunny") is
    what "my <noun>" reads as by the `subject` examples, a person unless clearly a pet."""
    low = " ".join(noun.lower().split())
    if low in RELATIONS:
        return "person"  # "brother-in-law": WordNet spells it with spaces
    words = low.replace("-", " ").split()
    if not words:
        return None
    for word in dict.fromkeys([" ".join(words), words[-1]]):
        animal = names_animal(word)
        person = word in RELATIONS or names_someone(word)
        if animal and person:
            return _person_or_pet(word)
        if animal:
            return "pet"
        if person:
            return "person"
    return None


def is_pet(noun: str) -> bool:
    return kind_noun(noun) == "pet"


def _person_or_pet(word: str) -> str:
    from language import classifier_for
    from search import get_embedder

    embedder = get_embedder()
    subject = classifier_for(embedder, "subject")
    row = subject.scores(embedder.embed([f"my {word}"]))[0]
    person, pet = subject.labels.index("person"), subject.labels.index("pet")
    return "pet" if row[pet] - row[person] >= PET_LEAD else "person"


#: Tags of a word after a plural noun that say no plural verb agrees with it: "my moms
#: coming" (a participle with no "are"), "my moms sick", "my moms so annoying", "my moms
#: says".
_NO_PLURAL_VERB = frozenset(["VBG", "VBN", "VBZ", "JJ", "RB"])


#: Words that open a call to someone: "Hey Jon, ...", "Thanks, Gina!", "Yeah, Caroline, ...".
_CALLING = _words(
    """hey hi hello thanks thank thx ty wow oh yes no yeah yep yup dear congrats
    congratulations sorry aw aww ha haha lol ok okay well cool great awesome nice sure
    bye morning night omg"""
)
#: A word no dictionary explains is a greeting ("hiya", "heya") when the embedding model
#: reads it this near one of the calling words above (cosine similarity): "hiya" 0.70,
#: "heya" 0.87; given names are no nearer than 0.4 ("mabli" 0.38, "denise" 0.34).
GREETING_SIMILARITY = 0.5
#: The calling words that greet or thank, which a greeting typed as chat reads like.
_GREETINGS = ("hello", "hi", "hey", "morning", "bye", "thanks")


@cache
def greets(word: str) -> bool:
    """A word that greets or thanks: one of the calling words, or a word no dictionary
    explains that the embedding model reads as one of them ("Hiya, my granddaughter
    ..."): no one's name, whatever the tagger made of it."""
    low = word.lower().strip(",.!?")
    if low in _CALLING:
        return True
    from language.names import known_word

    if not low.isalpha() or known_word(low):
        return False
    from search import get_embedder

    word_vector = get_embedder().embed([low])[0]
    return float((_greeting_vectors() @ word_vector).max()) >= GREETING_SIMILARITY


@cache
def _greeting_vectors() -> Any:
    """The greetings' vectors, embedded once for every word `greets` weighs."""
    from search import get_embedder

    return get_embedder().embed(list(_GREETINGS))


#: What may follow a name that is called out: a comma, a dash, the sentence's end.
_AFTER_CALL = frozenset([",", "!", ".", "?", "-", "–", "—", ";", ":", "...", "…"])


def called_out(span: Any) -> bool:
    """The name calls out to the one spoken to, so it is no value of anything in the
    sentence: "Hey Jon, my online store has been a roller coaster", "Yeah, Caroline, my
    family's been great", "Jon, my store is doing well", "so proud of you, Mel!". Not
    "Kwame, my new manager, is great" (an apposition closed by its comma says what the
    name is), "my manager, Kwame, is great" or "I met Kwame, my new manager"."""
    doc = span.doc
    after = doc[span.end] if span.end < len(doc) else None
    if after is not None and after.text not in _AFTER_CALL and not after.is_space:
        return False
    sent = span.root.sent
    before = [t for t in doc[sent.start : span.start] if not t.is_punct and not t.is_space]
    if before:
        if all(greets(t.lower_) or t.pos_ == "INTJ" for t in before):
            return True  # "Thanks, Gina!", "Hey Jon,"
        rest = [t for t in doc[span.end : sent.end] if not t.is_punct and not t.is_space]
        # ", Mel!" ending the sentence, unless it says who a noun before it is
        # ("I met my manager, Kwame.")
        previous = doc[span.start - 1] if span.start > 0 else None
        return (
            not rest
            and previous is not None
            and previous.text == ","
            and (span.root.dep_ != "appos")
        )
    if after is None or after.text not in (",", "-", "–", "—"):
        return False  # "Jon called": a subject
    appos = next((c for c in span.root.children if c.dep_ == "appos"), None)
    if appos is not None:
        # "Caroline, my family's been great": no second comma closes what she is, nor
        # the sentence's end ("Oscar, my guinea pig.")
        edge = appos.right_edge.i + 1
        return edge < span.root.sent.end and not doc[edge].is_punct
    if any(c.dep_ in ("relcl", "acl") for c in span.root.children):
        return False  # "Jon, who I met at work, is nice"
    # "Jon, my store is doing well": what follows the comma is a clause of its own
    return span.root.dep_ not in ("nsubj", "nsubjpass") or span.root.head.i > span.end + 1


def apostrophe_dropped(noun: Any) -> bool:
    """A plural form typed for the singular with its "'s" left off: "my moms coming to
    stay" is "my mom's coming", and "my moms birthday" is her birthday (a relation's
    thing; "my writers group" is a kind of group), while "my moms were here" and "my
    kids love it" are plurals a verb agrees with."""
    if noun.tag_ != "NNS" or noun.lemma_.lower() == noun.lower_:
        return False
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    if after is None:
        return False
    if after.tag_ in ("NN", "NNP"):
        return noun.lemma_.lower() in RELATIONS
    if after.tag_ in ("VB", "VBP") and noun.dep_ == "pobj":
        # "to my sisters place", the parser reading "place" as a verb: the object of a
        # preposition is no subject of a verb after it, so the word is a thing of hers
        return noun.lemma_.lower() in RELATIONS
    return after.tag_ in _NO_PLURAL_VERB
