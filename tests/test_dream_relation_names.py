"""A relation word of the speaker's marks the word after it as a name, typed in lower case
and whatever the tagger made of it: "my sister rose is coming" (a verb to the parser),
"my daughter june, she's ..." (a date), "my hubby frank" (a relation word of WordNet's,
no list's, before a dictionary word). Each
gets a page that says whose relation it is, and the speaker's page links to it
(`dream.lowercase.relation_marked`). What a pet or person is said to be with "a" ("a
corgi beagle mix") is a kind, not their name (`dream.changes`)."""

from __future__ import annotations

import pytest

from tests.test_dream_attributes import daily_chats, dreamed_chats, section

SAID = [
    ("2026-03-02", [
        "my sister rose is coming for thanksgiving, she's bringing the twins",
        "my daughter june, she's in her 2nd yr of nursing school and loves it",
        "my hubby frank fixed the gutter on saturday",
        "my boss wants me to work sunday again",
        "my friend group is tiny since the move",
    ]),
    ("2026-03-09", [
        "pickles is our dog, a corgi beagle mix, and she hates the rain",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("relations"), daily_chats(SAID, "ok"))


@pytest.mark.parametrize(("name", "relation"), [("Rose", "Sister"), ("June", "Daughter"),
                                                ("Frank", "Hubby")])  # fmt: skip
def test_a_relation_word_marks_a_lowercase_name(memory, name: str, relation: str) -> None:
    page = memory / "knowledge/people" / f"{name}.md"
    assert page.exists(), sorted(p.name for p in (memory / "knowledge").rglob("*.md"))
    assert f"{relation} of [[User]]" in " ".join(section(page.read_text(), "People"))
    profile = (memory / "knowledge/people/User.md").read_text()
    assert f"[[{name}]]" in profile


def test_a_verb_or_a_group_after_a_relation_word_is_no_name(memory) -> None:
    names = {p.stem.lower() for p in (memory / "knowledge").rglob("*.md")}
    assert not names & {"wants", "group"}, names


def test_a_kind_said_with_a_is_no_name(memory) -> None:
    pages = sorted(p.stem.lower() for p in (memory / "knowledge").rglob("*.md"))
    assert not [p for p in pages if "corgi" in p], pages
    current = " ".join(section((memory / "knowledge/people/User.md").read_text(), "Current"))
    assert "corgi" not in current.lower(), current


def test_an_animal_word_after_an_animal_word_is_its_kind_not_its_name(tmp_path) -> None:
    # Without "a": "my dog, corgi beagle mix" made pet pages "Corgi" ("— dog") and
    # "Beagle" ("— corgi"), the breed read as the dog's name.
    said = [("2026-08-30", ["pickles is my dog, corgi beagle mix, she sleeps in the van"])]
    memory = dreamed_chats(tmp_path, daily_chats(said, "ok"))
    pages = sorted(p.stem.lower() for p in (memory / "knowledge" / "pets").glob("*.md"))
    assert "corgi" not in pages and "beagle" not in pages, pages
    assert "pickles" in pages, pages


def test_a_verb_only_word_after_a_relation_word_is_what_they_do() -> None:
    # "my mum reckons i should move" gave the mother the name "Reckons": a word the
    # dictionary knows only as a verb is the relation's verb unless a verb follows it.
    from dream.lowercase import relation_marked
    from language import parse

    said = [
        "my mum reckons i should move back home",
        "my dad says hi btw",
        "my boss thinks im overqualified lol",
        "my brother rob is visiting next wk",  # a verb follows: rob is his name
        "my sister sue lives in leeds now",
        "my roommate jules moved out",
        "my mom fed her like 5 times lol",  # "fed" is a noun too (the Fed)
        "my sister rose is coming",
    ]
    docs = parse(said)
    marked = zip(docs, relation_marked(docs), strict=True)
    named = [sorted(d[i].text for i in found) for d, found in marked]
    assert named == [[], [], [], ["rob"], ["sue"], ["jules"], [], ["rose"]]


def test_relations_typed_as_chat_shorthand_and_after_a_title(tmp_path) -> None:
    # "my gf priya" and "my ex marco" are read as names by the tagger's guess on the
    # shorthand; "dr okafor" has its name after the title; "my mum reckons" names nobody.
    said = [("2026-05-04", [
        "my gf priya made dinner, best curry ever",
        "my ex marco texted me out of nowhere, ignored it",
        "my therapist dr okafor moved my appt to thursday",
        "my mum reckons i should move back home lol",
    ])]  # fmt: skip
    memory = dreamed_chats(tmp_path, daily_chats(said, "ok"))
    people = sorted(p.stem for p in (memory / "knowledge" / "people").glob("*.md"))
    assert {"Priya", "Marco", "Okafor"} <= set(people), people
    assert not {"Dr", "Reckons", "Gf"} & set(people), people
    priya = (memory / "knowledge/people/Priya.md").read_text()
    assert "Girlfriend of [[User]]" in " ".join(section(priya, "People")), priya


def test_chat_shorthand_names_nobody() -> None:
    # "bc" (because) made a person page "Bc"; shorthand is no one's name
    from language.names import looks_like_name, names_nobody

    for word in ("bc", "fyi", "lmk", "nvm", "ppl", "prolly", "yday"):
        assert names_nobody(word) and not looks_like_name(word), word
