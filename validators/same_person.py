"""Two words for one person: the block names someone one way, the claim another.

A chat turn names people loosely ('the girls', 'a guy in Shropshire', 'the lads from
work', 'my boss'); a wiki line names them by what they are in the story ('her friends',
'a supplier', 'his colleagues', 'his manager'). WordNet files such words as sisters
under 'person' and the model reads them no nearer than it reads mother and grandma, so
the word check took them for a changed person. Two things tell them apart from kin or a
trade swapped for another, and neither is a list of words:

- a word that says only someone's sex or age (WordNet files it under male, female or
  juvenile, and under no role: girl, lad, guy, bloke, kid) leaves open who they are to
  the speaker, and the company one keeps is what such a word says in chat ('out with
  the girls', 'the lads from work'): a word for that company (friend, colleague,
  companion) may say it. Not kin ('the girls' are no daughters unless the block says
  so), not a trade ('a guy' is no plumber: that is a detail added), and not another sex
  or age ('boys' for 'girls' is a changed person).
- two words for someone over others at work (WordNet: a head, a supervisor, a leader)
  that the model reads alike name the one person a speaker answers to: 'my boss' is
  'his manager'. A coach or a director for a boss reads further apart.
"""

from __future__ import annotations

from . import lexicon
from .similarity import PhraseSimilarity

#: What a word for someone's sex or age is a kind of.
_SEX_OR_AGE = ("male", "female", "juvenile")
#: What a word for who someone is to others is a kind of: kin, a partner, a friend, a
#: colleague, a worker, a professional, someone over others. A word under one of these
#: says more than sex or age ('mother' is a female too, 'schoolgirl' a pupil).
_WHO = (
    "relative", "spouse", "lover", "friend", "associate", "acquaintance", "neighbor",
    "worker", "professional", "leader", "head", "supervisor", "expert", "student",
    "enrollee",
)  # fmt: skip
#: The company one keeps: what a word for sex or age may be read as.
_COMPANY = ("friend", "associate", "companion", "peer", "acquaintance")
#: Kin and partners: who someone is by birth or marriage, never read into a loose word.
_KIN = ("relative", "spouse", "lover")
#: Two words for someone over others at work name one person at this cosine (boss/
#: manager 0.56, boss/supervisor 0.67; boss/coach 0.50, boss/director 0.43).
BOSS_SIMILARITY = 0.55


def only_sex_or_age(word: str) -> bool:
    """Does the word say no more of someone than their sex or age ('girls', 'lads',
    'guy', 'kids'), in its usual sense?"""
    return (
        lexicon.kind_among(word, _SEX_OR_AGE) is not None and lexicon.kind_among(word, _WHO) is None
    )


def one_person(claim_word: str, evidence_word: str, model: PhraseSimilarity) -> bool:
    """May the claim word name the people the block's word names, saying whose company
    they are where the block says only their sex or age, or their standing at work
    another way?"""
    if not (lexicon.names_someone(claim_word) and lexicon.names_someone(evidence_word)):
        return False
    if only_sex_or_age(evidence_word):
        return (
            lexicon.kind_among(claim_word, _COMPANY) is not None
            and lexicon.kind_among(claim_word, _SEX_OR_AGE) is None
            and lexicon.kind_among(claim_word, _KIN) is None
        )
    return (
        lexicon.over_someone(claim_word)
        and lexicon.over_someone(evidence_word)
        and model.pair(claim_word, evidence_word) >= BOSS_SIMILARITY
    )
