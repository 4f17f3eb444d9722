# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""Values said aside, as people type them: a name in brackets after whose it is, a
diary sentence with its "i" left out that names someone else's place, a value someone
else advised beside the one the speaker chose, a name typed in lower case as several
words, and an amount the speaker pays beside the one asked (what they charge). Small
chats through the CLI's own capture, then `brain ask`, or the reader's parts."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from agent.engine_extractive import _proper_words
from agent.evidence import Block
from agent.reading import Candidate, Reading
from agent.recency import _latest_first
from agent.text import terms
from language.names import names_a_place
from tests.test_agent_messy import first_line, memory_from

WAREHOUSE = """---
date: 2026-01-12
title: back shift
---
# back shift

## User
back shift all week. supervisor (big rob) moved me onto the packing line till friday cos of my wrist

## Assistant
Packing is usually lighter on the wrists than picking. Keep an eye on how it feels by the end of the week.
"""

NEW_YEAR = """---
date: 2026-12-20
title: new year
---
# new year

## User
heading up to marco's folks in edinburgh for new year, first time meeting his nan. bricking it tbh

## Assistant
Meeting Marco's family at Hogmanay is a big one! A small gift for the host goes a long way.

## User
ye ill bring shortbread or something. marco says his nan is obsessed with tunnock's
"""

PHONE = """---
date: 2026-03-03
title: phone
---
# phone

## User
my brother said forget apple and get a pixel like him but ive gone with a fairphone 5 cos you can swap the battery yourself

## Assistant
Good choice if repairability matters to you. The Fairphone 5 gets long software support too.
"""


def test_a_name_in_brackets_after_whose_it_is(tmp_path: Path):
    root = memory_from(tmp_path, {"shift.md": WAREHOUSE})
    # "rob" is a dictionary word too: the brackets after a word for a person name him
    said = first_line(root, "who is my supervisor?")
    assert said.startswith("Big Rob"), said


def test_a_diary_sentence_naming_someone_elses_place_is_the_speakers_news(tmp_path: Path):
    root = memory_from(tmp_path, {"ny.md": NEW_YEAR})
    said = first_line(root, "where am i going for new year?")
    assert said.startswith("Edinburgh"), said


def test_the_speakers_own_choice_beats_what_someone_else_advised(tmp_path: Path):
    root = memory_from(tmp_path, {"phone.md": PHONE})
    said = first_line(root, "what phone have i got now?")
    # the model typed in lower case, read whole: "Fairphone 5", not "Pixel"
    assert said.startswith("Fairphone 5"), said


def test_an_amount_paid_out_is_no_newer_amount_charged():
    """Asked "how much do i charge per hour now?", a later rate the speaker pays out
    ("i pay them 5 euro/hour more") says no "charge": it is no newer value of the rate
    asked about, though it is a rate and close enough in score and meaning."""
    charge = "now i charge 12 euro/hour but my friend say is too low."
    pay = "i pay them 5 euro/hour more than the minimum, i want they stay."
    old = Block("sessions/a.md", "t1", charge, "user", role="user", date=dt.date(2025, 2, 4))
    new = Block("sessions/b.md", "t3", pay, "user", role="user", date=dt.date(2025, 5, 6))
    best = Reading(Candidate(charge, (old,)), 2.66, "12 euro", "speaker", sim=0.64)
    later = Reading(Candidate(pay, (new,)), 2.10, "5 euro", "speaker", sim=0.43)
    topic = set(terms("charge hour"))

    def says(c: Candidate) -> set[str]:
        return topic & c.words()

    assert _latest_first([best, later], strict=True, says=says)[0] is best
    # Said in the words asked, the later rate holds now.
    raised = "i charge 14 euro/hour from march"
    newer = Block("sessions/c.md", "t5", raised, "user", role="user", date=dt.date(2025, 3, 1))
    up = Reading(Candidate(raised, (newer,)), 2.3, "14 euro", "speaker", sim=0.6)
    assert _latest_first([best, up], strict=True, says=says)[0] is up


def test_a_word_of_a_name_that_opens_a_sentence_is_no_name_alone():
    said = "Kwik Fit and Halfords often have tyre deals. A mobile mechanic is cheaper."
    mine = "the bag fit in the boot fine"
    pool = [
        Candidate(said, (Block("sessions/c.md", "t2", said, "assistant", role="assistant"),)),
        Candidate(mine, (Block("sessions/c.md", "t3", mine, "user", role="user"),)),
    ]
    proper = _proper_words(pool)
    assert "fit" not in proper and "halfords" in proper


def test_a_capital_wordnet_files_as_a_seat_of_government_is_a_place():
    assert names_a_place("cardiff") and names_a_place("edinburgh") and names_a_place("belfast")
    # "capital" is money too: no word for money becomes a place
    assert not names_a_place("equity") and not names_a_place("assets")


RENT = """---
date: 2026-06-02
title: rent
---
# rent

## User
landlord emailed, rent goes from 725 a month to 790 in august. gutted tbh, the boiler still isnt fixed

## Assistant
That's a 9% rise. Check your tenancy agreement for how much notice they must give, and ask about the boiler in writing.
"""


def test_of_two_amounts_from_one_to_the_other_the_second_holds_now(tmp_path: Path):
    root = memory_from(tmp_path, {"rent.md": RENT})
    # the unit said once ("a month") is the second amount's too
    assert first_line(root, "how much is my rent now?").startswith("790")
    assert first_line(root, "what was my rent before?").startswith("725")
    assert first_line(root, "how much is my rent?").startswith("790")


UNCLE = """---
date: 2026-01-14
title: mot
---
# mot

## User
car failed its mot, brake pipes. my uncle dec said he'll have a look sat, he was a mechanic for years before he went on the taxis

## Assistant
Brake pipes are a common MOT failure and not a huge job for someone who knows what they're doing.

## User
new gaffer at work started today. hes a shouter but hes sound
"""


def test_a_job_said_of_someone_else_is_not_the_askers(tmp_path: Path):
    root = memory_from(tmp_path, {"mot.md": UNCLE, "shift.md": WAREHOUSE})
    said = first_line(root, "what do i do for a living?").lower()
    # the uncle's trade, the boss's manner ("hes" typed without its apostrophe) and the
    # supervisor named in brackets are none of them the asker's job
    for wrong in ("mechanic", "shouter", "rob"):
        assert wrong not in said, said


MANAGERS_JOB = """---
date: 2025-06-23T21:00:00-05:00
title: new job
---
## User

first week at the new place done. they gave me a 24-70 to use which is nice. my manager is priya shah, she's the studio manager, bit intense but fair

## Assistant

Sounds like a good start! Having the company's lens saves you a lot.
"""


def test_a_job_said_of_her_with_is_answers_not_what_i_do(tmp_path: Path):
    # "she's the studio manager" is Priya's job, said with "is" (no verb but the copula),
    # and neither her name nor the lens is the asker's job
    root = memory_from(tmp_path, {"job.md": MANAGERS_JOB}, dream=True)
    answer = first_line(root, "what do i do for work now?").lower()
    assert not any(w in answer for w in ("priya", "studio manager", "24-70")), answer
    assert first_line(root, "who is my manager?").startswith("Priya Shah")
