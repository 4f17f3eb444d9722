"""The support check on what people say to an AI and how they count (issue 18 gaps):
'the user' and 'the assistant' name the speaker; a span said in other units is the
same span."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from evals.validator_pairs import evidence_of
from memory_schema import Session, Turn
from memory_schema.links import link_target_for_path
from tests.test_owner_evidence import add_sessions, owned_memory
from validators import validate_semantics
from validators.support import Evidence, check_support, role_names
from validators.words import durations, numbers_in, same_duration

DAY = "2026-03-04"


def ok(claim: str, text: str, context: object) -> bool:
    return check_support(claim, [evidence_of(text, context)], similarity=False).ok


# -- 'the user', 'the assistant' ------------------------------------------------------


def test_the_user_is_the_speaker_of_a_user_turn() -> None:
    ev = "my sister just moved to Porto for a teaching job"
    for ctx in (
        {"speaker": "user", "date": DAY},
        {"speaker": "Dana", "role": "user", "date": DAY},
        {"speaker": "Dana", "listeners": ["assistant"], "date": DAY},
        f"user, {DAY}",
    ):
        assert ok("The user's sister moved to Porto for a teaching job.", ev, ctx), ctx
        assert not ok("The user's sister moved to Lisbon for a teaching job.", ev, ctx), ctx
        assert not ok("The user's brother moved to Porto for a teaching job.", ev, ctx), ctx
    # Between two people nobody is 'the user'.
    assert not ok("The user's sister moved to Porto.", ev, {"speaker": "Dana", "to": "Ines"})


def test_the_assistant_is_the_speaker_of_an_assistant_turn() -> None:
    ev = "I recommend soaking the chickpeas overnight before you cook them."
    ctx = {"speaker": "assistant", "listeners": ["user"], "date": DAY}
    assert ok("The assistant recommended soaking the chickpeas overnight.", ev, ctx)
    assert not ok("The assistant recommended soaking the lentils overnight.", ev, ctx)
    assert role_names([evidence_of("Nuts are a common allergen.", ctx)]) == ["assistant", "AI"]


def test_the_user_is_who_an_assistant_turn_speaks_to() -> None:
    # An assistant restating what the user told it speaks of the user ('you').
    ctx = {"speaker": "assistant", "date": DAY}
    assert role_names([evidence_of("You're allergic to nuts.", ctx)]) == ["assistant", "AI", "user"]
    ev = "Since you mentioned your dog is epileptic, I'd keep his pills by the door."
    assert ok("The user's dog is epileptic.", ev, ctx)
    assert not ok("The user's cat is epileptic.", ev, ctx)
    recap = "To recap what you've told me: you're moving to Lyon in June."
    assert ok("The user is moving to Lyon in June 2026.", recap, ctx)
    assert not ok("The user is moving to Nice in June 2026.", recap, ctx)
    # What the assistant only advises or supposes is no fact about the user.
    assert not ok("The user booked the ferry.", "You might book the ferry early.", ctx)
    bags = "Store your bags at the station."
    r = check_support("The user stored their bags at the station.", [evidence_of(bags, ctx)])
    assert not r.ok and "modality" in r.reason
    assert not ok(
        "The user has moved to Lisbon.", "If you do decide to move to Lisbon, book early.", ctx
    )
    # Without a 'you', nobody is spoken of.
    assert not ok("The user's dog is epileptic.", "Epileptic dogs need their pills.", ctx)


def test_a_claim_about_the_user_cited_to_the_owners_named_turn(tmp_path: Path) -> None:
    start = dt.datetime(2026, 4, 10, 9)
    chat = Session(
        id="2026-04-10-porto",
        title="Porto",
        format="markdown",
        turns=[
            Turn(
                role="user", speaker="Maya Chen", content="My sister Lena lives in Porto.", at=start
            ),
            Turn(role="assistant", content="Porto is lovely!", at=start),
        ],
        started=start,
    )
    repo = owned_memory(tmp_path)
    add_sessions(repo, chat)
    target = link_target_for_path(chat.path)
    for claim, good in (
        ("The user's sister Lena lives in Porto", True),
        ("The user's sister Lena lives in Braga", False),
    ):
        (repo.root / "knowledge/places/Porto.md").write_text(
            "---\ntitle: Porto\ntype: place\n---\n# Porto\n\n"
            f"- {claim} [cite:1]\n\n## Citations\n\n"
            f'- [cite:1] [[{target}#^t1]] "My sister Lena lives in Porto."\n',
            "utf-8",
        )
        report = validate_semantics(repo.root, ["knowledge/places/Porto.md"])
        assert report.ok is good, [str(f) for f in report.findings]


# -- spans and counts in other units ---------------------------------------------------


def test_durations_in_days() -> None:
    days = dict(durations("two years, twenty-four months, a fortnight, half a year, 18-month"))
    assert same_duration(days["two years"], days["twenty-four months"])
    assert days["a fortnight"] == 14
    assert same_duration(days["half a year"], 6 * 365.25 / 12)
    assert same_duration(days["18-month"], 547.875)
    assert not same_duration(30.4, 28)  # a month is no four weeks
    assert durations("every week, the month") == []
    assert numbers_in("half a dozen eggs") == {"6"}
    assert numbers_in("two dozen roses") == {"24"}


def test_a_span_in_other_units_is_the_same_span() -> None:
    ctx = {"speaker": "Maya", "date": DAY}
    ev = "I've lived in Lisbon for two years now"
    assert ok("Maya has lived in Lisbon for twenty-four months.", ev, ctx)
    assert not ok("Maya has lived in Lisbon for eighteen months.", ev, ctx)
    ev = "Work is sending me to Osaka for a fortnight in May."
    assert ok("Maya's work is sending her to Osaka for two weeks in May.", ev, ctx)
    assert not ok("Maya's work is sending her to Osaka for a week in May.", ev, ctx)
    ev = "I was in Chile for half a year on exchange."
    assert ok("Maya spent six months in Chile on an exchange.", ev, ctx)
    assert not ok("Maya spent eight months in Chile on an exchange.", ev, ctx)
    assert ok("Maya bought 12 eggs.", "I bought a dozen eggs.", ctx)
    assert not ok("Maya bought 12 eggs.", "I bought half a dozen eggs.", ctx)


def test_role_names_of_a_plain_block() -> None:
    assert role_names([Evidence("I went", speaker="Rhea", listeners=("Ilya",))]) == []
    assert role_names([Evidence("I went", speaker="Maya", role="user")]) == ["user"]


# -- periods: weeks and weekends ----------------------------------------------------------


def test_a_period_is_supported_by_a_day_or_a_period_inside_it() -> None:
    ctx = {"speaker": "Maya", "date": "2026-01-27"}
    ev = "We went hiking in the Peak District last weekend"
    assert ok("Maya went hiking in the Peak District the weekend of 24-25 January 2026.", ev, ctx)
    assert ok("Maya went hiking in the Peak District on 24 January 2026.", ev, ctx)
    assert not ok(
        "Maya went hiking in the Peak District the weekend of 17-18 January 2026.", ev, ctx
    )
    ctx = {"speaker": "Jonah", "date": "2026-02-18"}
    ev = "I was down with the flu all last week"
    assert ok("Jonah had the flu the week of 9 February 2026.", ev, ctx)
    assert not ok("Jonah had the flu the week of 2 February 2026.", ev, ctx)
    # A week is no day of it but the one 'last week' always meant (seven days back).
    assert not ok("Jonah had the flu on 12 February 2026.", ev, ctx)
    ctx = {"speaker": "Lea", "date": "2026-02-02"}
    ev = "My knee surgery is in 6 weeks."
    assert ok("Lea's knee surgery is on 16 March 2026.", ev, ctx)
    assert not ok("Lea's knee surgery is on 23 March 2026.", ev, ctx)


# -- what stopped: 'no longer' and verbs of ending ------------------------------------------


def test_no_longer_rests_on_a_done_act_of_ending() -> None:
    ctx = {"speaker": "Maya", "date": "2026-02-10"}
    sold = "I sold my car last month, the bus is fine."
    assert ok("Maya no longer owns a car.", sold, ctx)
    assert not ok("Maya no longer owns a motorbike.", sold, ctx)
    assert not ok("Maya no longer owns a car.", "I'm selling my car next month.", ctx)  # a plan
    assert not ok("Maya no longer owns a car.", "I bought a car last month.", ctx)
    gave_up = "I gave up the guitar last year, no time."
    assert ok("Maya no longer plays the guitar.", gave_up, ctx)
    assert not ok(
        "Maya no longer plays the guitar.", "I started playing the guitar last year.", ctx
    )
    left = "I left Google in March to join a startup."
    assert ok("Maya no longer works at Google.", left, ctx)
    assert not ok("Maya still works at Google.", left, ctx)
    assert not ok("Maya no longer works at Google.", "I joined Google in March.", ctx)
    assert ok("Maya is no longer dating Sam.", "Sam and I broke up a few weeks ago.", ctx)
    assert ok("Maya doesn't sing in the choir anymore.", "I quit the choir in May.", ctx)
    assert not ok("Maya doesn't sing in the choir anymore.", "I joined the choir in May.", ctx)
    retired = "I retired from teaching last June."
    assert ok("Maya no longer teaches.", retired, ctx)
    assert not ok("Maya still teaches.", retired, ctx)
    assert not ok("Maya no longer eats meat.", "I still eat meat.", ctx)
    gym = "I cancelled my gym membership in January."
    assert ok("Maya stopped going to the gym in January.", gym, ctx)
    assert not ok("Maya stopped going to the pool in January.", gym, ctx)
    assert not ok("Maya stopped going to the gym.", "I started going to the gym in January.", ctx)
    # A page's history line says the value ended: the ending supports it.
    today = {"speaker": "Maya", "date": "2026-03-14"}
    left_today = "I left Google today to join a startup."
    assert ok("Google — until 2026-03-14", left_today, today)
    assert ok("Maya formerly at Google", left_today, today)
    assert not ok("Maya still works at Google.", left_today, today)


def test_a_verb_of_not_doing_does_not_carry_to_the_next_act() -> None:
    ctx = {"speaker": "Maya", "date": "2026-02-10"}
    ev = "I quit my job and started playing tennis."
    assert not ok("Maya no longer plays tennis.", ev, ctx)
    assert ok("Maya quit her job.", ev, ctx)
    assert not ok("Maya no longer plays tennis.", "I quit my job and now I play tennis daily.", ctx)
