"""Pages of real subjects under their names, from chats typed the way people type (issue
12, item 2): no page for chat shorthand ("Bc Jen's sick", "Tryna save money rn"), a
title without its article ("the Northland Beer League" is titled "Northland Beer
League", and a memory whose page kept the article goes on using it), one mother said
with her "'s" left off ("my moms coming", "my moms birthday"), and a person one does
something with is no gym, nor someone else's truck a way of getting around."""

from __future__ import annotations

import subprocess

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from language import parse
from language.names import stands_for_a_verb
from memory_schema import init_memory
from search import get_embedder
from tests.test_dream_attributes import daily_chats, dreamed_chats, section

CHATS = [
    ("2026-01-05", [
        "been doing pilates with jen on tuesdays, my core is dying lol",
        "Bc Jen's sick we skipped pilates",
        "Tryna save money rn so no more takeout",
        "Played with the Northland Beer League last night, we lost 4-2 lol",
        "ugh my moms coming to stay for a week and the flat is a mess",
        "my dad's truck broke down again so i drove him to work",
    ]),
    ("2026-01-19", [
        "Bc Jen's away I'm doing pilates on my own",
        "Tryna get back in shape before the wedding",
        "the Northland Beer League playoffs are in march!!",
        "my moms birthday is next week, no idea what to get her",
        "my kids are obsessed with the new trampoline",
    ]),
    ("2026-02-02", [
        "my moms cooking is the only thing i miss from home ngl",
        "Ngl I think I'm gonna quit the Northland Beer League, my knee is shot",
        "my kids want a dog now lol",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("titles"), daily_chats(CHATS, "Got it!"))


def _titles(memory) -> set[str]:
    return {p.relative_to(memory / "knowledge").as_posix()[:-3] for p in memory.rglob("*.md")
            if "knowledge" in p.parts}  # fmt: skip


def _profile(memory) -> str:
    return (memory / "knowledge/people/User.md").read_text()


def test_chat_shorthand_names_no_page(memory) -> None:
    # "Bc Jen's sick": the tagger read "Bc Jen's" as a company; "Tryna" (trying to) as one
    titles = _titles(memory)
    assert not any("Bc" in t or "Tryna" in t or "tryna" in t for t in titles), titles
    # ... and Jen, whom the user does pilates with, is a person, titled with her capital
    assert "people/Jen" in titles, titles
    assert not any(t.lower() == "organizations/jen" for t in titles), titles


def test_a_title_has_no_leading_article(memory) -> None:
    titles = _titles(memory)
    assert "organizations/Northland Beer League" in titles, titles
    assert not any("the " in t.lower().split("/")[-1][:4] for t in titles), titles
    page = (memory / "knowledge/organizations/Northland Beer League.md").read_text()
    # said "the Northland Beer League" and "the northland beer league": one page, each
    # line linked where the name stands, the article left in the sentence
    assert page.count("[cite:") >= 6, page  # three lines, each cited, and their list
    assert "[[Northland Beer League]]" in page or "[[Northland Beer League|" in page, page
    assert "[[Northland Beer League]]" in _profile(memory)


def test_a_page_that_kept_its_article_keeps_its_lines(tmp_path) -> None:
    # A memory an earlier Dream wrote holds "the Northland Beer League": the league said
    # again goes on that page (its links keep working), not on a second one.
    repo, _ = init_memory(tmp_path / "memory")
    old = tmp_path / "memory/knowledge/organizations/the Northland Beer League.md"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(
        "---\ntitle: the Northland Beer League\ntype: organization\naliases: []\ntags: []\n"
        "created: 2026-01-01\nupdated: 2026-01-01\n---\n# the Northland Beer League\n"
    )
    git = ["git", "-C", str(tmp_path / "memory")]
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "an older page"], check=True)
    chats = tmp_path / "chats.jsonl"
    import json

    chats.write_text("".join(json.dumps(c) + "\n" for c in daily_chats(CHATS, "Got it!")))
    assert capture_sessions(repo, parse_file(chats)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    titles = _titles(tmp_path / "memory")
    assert "organizations/Northland Beer League" not in titles, titles
    page = old.read_text()
    assert "[[the Northland Beer League" in page and "[cite:" in page, page
    assert "[[the Northland Beer League|" in _profile(tmp_path / "memory")


def test_a_mother_said_without_her_apostrophe_is_one_mother(memory) -> None:
    # "my moms coming", "my moms birthday", "my moms cooking": the mother's, not mothers
    titles = _titles(memory)
    assert "people/User's mom" in titles, titles
    assert "people/User's moms" not in titles, titles
    # "my moms cooking is ...": what she does, no name of hers
    assert not any("Cooking" in t for t in titles), titles
    assert "Cooking" not in _profile(memory)
    # "my kids are obsessed", "my kids want a dog": a plural a verb agrees with
    assert "people/User's kids" in titles, titles


def test_a_companion_is_no_gym_and_someone_elses_truck_no_ride(memory) -> None:
    current = " ".join(section(_profile(memory), "Current") + section(_profile(memory), "History"))
    # "been doing pilates with jen": whom one does it with, not where
    assert "Gym" not in current, current
    assert "Bank" not in current, current  # "Tryna save money rn" named no bank
    # "my dad's truck broke down again": his truck, none of the user's ways of getting about
    assert "truck" not in current, current


@pytest.mark.parametrize(
    ("sentence", "word", "verb"),
    [
        ("tryna get back in shape before the wedding", "tryna", True),
        ("been swimming w theo, finna go home now", "finna", True),
        ("lou got a new job", "lou", False),
        ("let jen pick the place", "jen", False),
        ("priya says hi", "priya", False),
        ("jen can drive us", "jen", False),
    ],
)
def test_a_word_before_a_bare_verb_stands_for_a_verb(sentence, word, verb) -> None:
    doc = parse([sentence])[0]
    assert stands_for_a_verb(next(t for t in doc if t.text == word)) is verb


SHOPPING = [
    ("2026-03-02", ["Ngl Costco is the only place I shop now",
                    "my moms so annoying rn she keeps calling"]),
    ("2026-03-16", ["went to Costco w/ my moms friend, spent like 200 bucks",
                    "Tbh Marisol's the best boss I've had"]),
]  # fmt: skip


def test_shorthand_a_phone_capitalised_starts_no_name(tmp_path) -> None:
    # "Ngl Costco": capitalised by the phone, the tagger read one person "Ngl Costco"
    memory = dreamed_chats(tmp_path, daily_chats(SHOPPING, "Nice!"))
    titles = _titles(memory)
    assert "organizations/Costco" in titles, titles
    assert not any(t.startswith("people/") and "Costco" in t for t in titles), titles
    profile = _profile(memory)
    assert "**Shops at:** [[Costco]]" in profile, profile
    # "my moms friend": the mother's friend, no value of the user's ("Moms friend: Costco w/")
    assert "Moms friend" not in profile, profile


TRIPS = [
    ("2026-04-04", ["My wife and I were road tripping out on the coast, it was amazing!",
                    "Here's a pic of my favorite, Lord of the Rings!"]),
    ("2026-04-18", ["Watched The Lord of the Rings again last night, still the best trilogy."]),
]  # fmt: skip


def test_a_title_of_words_joined_by_of_the_is_one_name(tmp_path) -> None:
    memory = dreamed_chats(tmp_path, daily_chats(TRIPS, "Love that!"))
    titles = {t.split("/")[-1] for t in _titles(memory)}
    # the tagger found "Rings" in one sentence and "The Lord of the Rings" in the other
    assert "Lord of the Rings" in titles, titles
    assert not {"Rings", "Road"} & titles, titles
    # "my wife and I were road tripping": what the two of them were doing, no wife "Road"
    assert "Road" not in _profile(memory), _profile(memory)
