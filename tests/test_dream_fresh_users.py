"""What fresh users type, in lower case and indirectly, read for roles, places and names
(`dream.changes`, `dream.lowercase`, `dream.observe`, `language.person`): a name set
before "my manager" with no commas, "managers a woman called denise" with the
apostrophe dropped, a job left with no new one (its manager goes with it), "dil" for a
daughter-in-law, a greeting that no dictionary lists, and a baby's name set off by
commas after the details of the birth, and a list under its label."""

from __future__ import annotations

import re

import pytest

from dream.lexicon import greets
from language import parse
from language.person import restore_copula
from tests.test_dream_attributes import daily_chats, dreamed_chats, section_text

SAID = [
    ("2026-01-12", ["priya my manager at greystone said i can have the friday off if i swap "
                    "with tom"]),
    ("2026-01-18", ["dil finally came round for sunday lunch, first time in months"]),
    ("2026-01-25", ["me and dil get on a lot better now"]),
    ("2026-02-01", ["Hiya, my granddaughter keeps asking me to put the photos on a list"]),
    ("2026-02-03", ["our daughter ffion is due any day now, we're on standby"]),
    ("2026-02-10", ["she had a little girl on tuesday, 7lb 2oz, poppy, after her nan"]),
    ("2026-02-17", ["handed my notice in at greystone, last day friday. no idea what im "
                    "doing next lol"]),
    ("2026-03-02", ["List of stuff for the new flat: kettle, toaster, bins"]),
    ("2026-03-09", ["started at the bakery on crane street last week"]),
    ("2026-03-16", ["managers a woman called denise, shes alright but very strict about "
                    "breaks"]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("fresh"), daily_chats(SAID, "Okay!"))


def _profile(memory) -> str:
    return (memory / "knowledge/people/User.md").read_text()


def test_a_name_before_my_manager_is_the_manager_till_the_job_is_left(memory) -> None:
    """ "priya my manager at greystone said ...": Priya is the manager; "handed my notice
    in at greystone, last day friday" ends her with the job, on that Friday, though no
    new employer is named."""
    history = section_text(_profile(memory), "History")
    assert re.search(r"\*\*Manager:\*\* \[\[Priya\]\] — 2026-01-12 to 2026-02-20", history), history


def test_a_manager_said_with_the_apostrophe_dropped(memory) -> None:
    """ "managers a woman called denise" is "manager's a woman called denise"."""
    current = section_text(_profile(memory), "Current")
    assert re.search(r"\*\*Manager:\*\* \[\[Denise\]\] — since 2026-03-16", current), current
    assert "Priya" not in current, current


def test_a_relation_in_shorthand_and_a_greeting_are_no_one(memory) -> None:
    """ "dil" is a daughter-in-law, no person called Dil and no partner; "Hiya" greets."""
    people = {p.stem for p in (memory / "knowledge").rglob("*.md")}
    assert "Dil" not in people and "Hiya" not in people, sorted(people)
    profile = _profile(memory).split("## Citations")[0]
    assert "Dil" not in profile and "Hiya" not in profile, profile


def test_a_list_under_its_label_is_no_value(memory) -> None:
    """ "List of stuff for the new flat: kettle, toaster, bins": a label and its items,
    no change from a "List" to "bins", and "bins" (set off after "toaster", a person to
    WordNet) is no one."""
    profile = _profile(memory).split("## Citations")[0]
    assert "List" not in profile and "bins" not in profile.lower(), profile
    assert not (memory / "knowledge/people/Bins.md").exists()


def test_a_babys_name_set_off_after_the_birth(memory) -> None:
    """ "a little girl on tuesday, 7lb 2oz, poppy, after her nan": Poppy, a word of the
    dictionary, is the girl's name, a person with a page."""
    page = memory / "knowledge/people/Poppy.md"
    assert page.exists(), sorted(p.stem for p in (memory / "knowledge").rglob("*.md"))
    assert "type: person" in page.read_text()
    assert "[[Poppy]]" in section_text(_profile(memory), "People")


def test_a_job_left_with_no_employer_on_record_ends_its_manager(tmp_path) -> None:
    """No employer was ever stated, only "my manager at the hotel"; "handed my notice in
    at the hotel, last day friday" (leaving a job, by the `event` examples) ends Marcus
    on that Friday with no new job named."""
    said = [
        ("2026-01-10", ["my manager at the hotel is a guy called marcus, hes ok"]),
        ("2026-03-02", ["handed my notice in at the hotel, last day friday. no idea what im "
                        "doing next lol"]),
    ]  # fmt: skip
    profile = _profile(dreamed_chats(tmp_path, daily_chats(said, "Okay!")))
    assert "Marcus" not in section_text(profile, "Current"), profile
    history = section_text(profile, "History")
    assert re.search(r"\*\*Manager:\*\* \[\[Marcus\]\] — 2026-01-10 to 2026-03-06", history), (
        history
    )


def test_a_dropped_apostrophe_before_an_article_is_read_as_is() -> None:
    texts = ["managers a woman called denise", "my sisters a nurse now", "gave my kids a treat"]
    restored, _ = restore_copula(texts, parse(texts))
    assert restored == [
        "manager is a woman called denise",
        "my sister is a nurse now",
        "gave my kids a treat",
    ]


def test_a_greeting_no_dictionary_lists_is_no_name() -> None:
    assert greets("hiya") and greets("Heya")
    assert not any(greets(w) for w in ("priya", "denise", "mabli", "tomek", "kev"))
