"""A value given up for another, said with "for" ("we left headingley for harrogate",
"ditched spotify for apple music", "swapped red bull for green tea"): the value after
"for" is current and the one before it history, whatever the verb of leaving or trading
and however the parser read names typed in lower case; a day ("on wednesdays") is no
value. Chats in `evals/changes/`, captured from Brain JSONL and Markdown transcripts."""

from __future__ import annotations

import re

import pytest

from dream.changes import read_changes
from evals.validator_pairs import evidence_of
from language import parse
from tests.test_dream_attributes import section_text
from tests.test_dream_indirect_changes import dreamt
from validators.support import check_support


@pytest.fixture(scope="module")
def nurse(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("nurse", tmp_path_factory.mktemp("nurse") / "memory")


@pytest.fixture(scope="module")
def freelancer(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("freelancer", tmp_path_factory.mktemp("freelancer") / "memory")


@pytest.fixture(scope="module")
def dev(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("dev", tmp_path_factory.mktemp("dev") / "memory")


@pytest.fixture(scope="module")
def switcher(tmp_path_factory: pytest.TempPathFactory) -> str:
    return dreamt("switcher", tmp_path_factory.mktemp("switcher") / "memory")


def test_a_move_said_as_leaving_one_place_for_another(nurse):
    """ "we packed up and left headingley for harrogate": Harrogate is where she lives
    now, Headingley (said in January) history; not the end of Headingley alone."""
    current, history = section_text(nurse, "Current"), section_text(nurse, "History")
    assert re.search(r"\*\*Lives in:\*\* \[?\[?Harrogate\]?\]? — since 2026-03-22", current)
    assert "Headingley" not in current, current
    assert re.search(r"\*\*Lives in:\*\* \[\[Headingley\]\] — 2026-01-08 to 2026-03-22", history)


def test_an_app_ditched_for_another(freelancer):
    """ "i ditched spotify for apple music": the verb of leaving names its successor."""
    current, history = section_text(freelancer, "Current"), section_text(freelancer, "History")
    assert re.search(r"apple music — since 2026-04-03", current, re.I), current
    assert "spotify" not in current.lower(), current
    assert re.search(r"spotify — to 2026-04-03", history, re.I), history


def test_a_drink_swapped_for_another_is_no_attribute_named_for_it(dev):
    """ "also swapped red bull for green tea, my heart was going mental": green tea is the
    value, not the name of an attribute ("For green tea"), and "going mental" is no
    "going to" that would make the swap a plan."""
    current, history = section_text(dev, "Current"), section_text(dev, "History")
    assert re.search(r"\*\*[^*]+:\*\* green tea — since 2026-02-10", current), current
    assert "For green tea" not in dev
    assert re.search(r"red bull — to 2026-02-10", history), history


def test_a_weekday_is_no_value(switcher):
    """ "been running with a club on wednesdays instead": when, not what."""
    assert "wednesdays" not in section_text(switcher, "Current").lower()
    assert "wednesdays" not in section_text(switcher, "History").lower()


def _read(text: str) -> list[tuple[str | None, str | None]]:
    return [(ch.new, ch.old) for ch in read_changes(parse([text])[0])]


def test_for_names_a_successor_only_where_it_names_a_value():
    """What a change is for ("for health reasons", "for good", "for a walk") is no new
    value, and a plan ("gonna swap") changes nothing yet."""
    assert _read("i ditched spotify for tidal last week") == [("tidal", "spotify")]
    assert _read("traded in the civic for a used rav4") == [("rav4", "civic")]
    for text in (
        "i quit coffee for health reasons",
        "quit smoking for good",
        "left the house for a walk",
        "gonna swap the car for a bike",
        "i might ditch spotify for tidal",
    ):
        assert not any(new for new, _ in _read(text)), text


DAY = "2026-03-02"


def test_the_value_left_for_is_no_value_ended():
    """The validators read "left leith for glasgow" as ending Leith, not Glasgow (a
    Current line's claim is its value and its span)."""
    said = [evidence_of("we finally left leith for glasgow", {"speaker": "Ana", "date": DAY})]
    assert check_support("Glasgow — since 2026-03-02", said).ok
    r = check_support("Leith — since 2026-03-02", said)
    assert not r.ok and r.reason == "negation differs: the evidence says it ended"


def test_a_new_manager_named_beside_the_new_role(nurse):
    """ "the new manager, tomasz, wants everyone on the rota app by friday": no "my", no
    "I", yet the speaker's manager changed from Denise ("my manager denise", January);
    "wants" is Tomasz's, no hedge of the speaker's."""
    current, history = section_text(nurse, "Current"), section_text(nurse, "History")
    assert re.search(r"\*\*Manager:\*\* \[\[Tomasz\]\] — since 2026-04-14", current), current
    assert "Denise" not in current, current
    assert re.search(r"\*\*Manager:\*\* \[\[Denise\]\] — 2026-01-08 to 2026-04-14", history)


def test_a_car_said_only_by_comparing_it_with_the_old_one(nurse):
    """ "the corsa is miles better on fuel than the fiesta ever was": the thing said in
    the present is the value now, the one said in the past after "than" the one before."""
    current, history = section_text(nurse, "Current"), section_text(nurse, "History")
    assert re.search(r"corsa — since 2026-05-30", current, re.I), current
    assert "fiesta" not in current.lower(), current
    assert re.search(r"fiesta — to 2026-05-30", history, re.I), history


def test_a_comparison_names_a_change_only_between_now_and_before():
    assert _read("the rav4 handles snow way better than the old civic did") == [("rav4", "civic")]
    for text in (
        "it is better than the old one was",  # names nothing
        "london is pricier than leeds",  # both now
        "the corsa was better than the fiesta was",  # both before
        "jo's car is faster than the old civic was",  # Jo's car, no value "jo"
        "Max is bigger than Oscar was at his age",  # two of them, no change
        "the new guy, tom, is nice",  # a person of no role
        "my sister's new boss, karen, is awful",  # the sister's
    ):
        assert _read(text) == [], text


def _dream_chats(tmp_path, chats: list[tuple[str, str]]) -> str:
    """The owner's profile after capturing one Brain JSONL file of one-turn sessions
    ((ISO day, what the user typed)) and dreaming."""
    import json

    from click.testing import CliRunner

    from brain.cli import cli

    chat = tmp_path / "chats.jsonl"
    lines = [
        {"id": f"{day}-s{n}", "started_at": f"{day}T12:00:00+00:00", "title": f"chat {n}",
         "turns": [{"role": "user", "content": text}]}
        for n, (day, text) in enumerate(chats)
    ]  # fmt: skip
    chat.write_text("".join(json.dumps(x) + "\n" for x in lines))
    memory = tmp_path / "memory"
    for args in (
        ["init", str(memory)],
        ["capture", "session", str(chat), "--memory", str(memory)],
        ["dream", "--memory", str(memory)],
    ):
        out = CliRunner().invoke(cli, args)
        assert out.exit_code == 0, out.output
    return (memory / "knowledge/people/User.md").read_text()


def test_a_move_told_as_a_thing_that_happened_ends_the_old_home(tmp_path):
    """ "the move from croydon went ok": Croydon is no longer where the speaker lives,
    though the new place goes unnamed; a move still to come ("the move to leeds is next
    week") changes nothing yet."""
    page = _dream_chats(
        tmp_path,
        [
            ("2026-01-10", "we live in croydon, near the tram stop"),
            ("2026-02-03", "the move to leeds is next week, so much packing"),
            ("2026-02-10", "the move from croydon went ok, cat hates it here"),
        ],
    )
    current, history = section_text(page, "Current"), section_text(page, "History")
    assert "Croydon" not in current, current
    assert "Leeds" not in current, current
    assert re.search(r"\*\*Lives in:\*\* \[\[Croydon\]\] — 2026-01-10 to 2026-02-10", history)
