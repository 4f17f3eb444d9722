# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The reader declines when the best evidence does not say what was asked, and reads
the day a thing happens (issue 12, item 4): a name only the assistant suggested, the
price of an option the user turned down, a switch the user refused, a number that names
something rather than counts money; the day an order arrives, a tenancy's end by the
field whose label says it, a birthday told inside a request for ideas. One memory typed
in lower case by an unnamed user of a memory made with `brain init --owner`, with a
tenancy document and notes, captured through the CLI into a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from agent.spans import amounts, money_rank, names
from tests.test_agent_messy import run

SESSIONS = [
    {"id": "2026-01-11-starter", "started_at": "2026-01-11T10:12:00+00:00", "title": "sourdough", "turns": [
        {"role": "user", "content": "finally did it, made a sourdough starter from scratch!! its been bubbling on the counter since thurs. it needs a name tho lol any ideas"},
        {"role": "assistant", "content": "Congratulations! Naming a starter is a fun tradition. Some popular ones: Clint Yeastwood, Bread Pitt, Doughlene or Sir Loaf-a-Lot. You could also name it after where it lives, like Counter Carl."},
        {"role": "user", "content": "haha bread pitt is good. ill think abt it. how often do i feed it"},
        {"role": "assistant", "content": "Once a day at room temperature, or once a week if you keep it in the fridge."},
    ]},
    {"id": "2026-01-19-vacuum", "started_at": "2026-01-19T18:40:00+00:00", "title": "hoover", "turns": [
        {"role": "user", "content": "old hoover finally died. was gonna get the dyson v15 but it's silly money, ended up ordering the shark stick one for 179 from argos instead"},
        {"role": "assistant", "content": "The Shark is a solid choice for the price. Cordless sticks are great for quick cleans."},
    ]},
    {"id": "2026-03-08-phone", "started_at": "2026-03-08T12:00:00+00:00", "title": "new phone??", "turns": [
        {"role": "user", "content": "everyone at work is telling me to switch to an iphone but nah im not switching, android for life. gonna get the pixel 9 when my contract is up"},
        {"role": "assistant", "content": "The Pixel 9 is a great phone, and Android gives you more control. The iPhone 16 is popular too if you ever change your mind."},
        {"role": "user", "content": "never lol"},
    ]},
    {"id": "2026-03-15-plant", "started_at": "2026-03-15T16:00:00+00:00", "title": "monstera", "turns": [
        {"role": "user", "content": "got a massive monstera from the garden centre today, she's taking over the living room. shes gotta have a name"},
        {"role": "assistant", "content": "What a great find! How about Monty, Leafy McLeafface, or Jungle Judy?"},
        {"role": "user", "content": "lol ok"},
    ]},
    {"id": "2026-03-20-kitten", "started_at": "2026-03-20T19:00:00+00:00", "title": "kitten!!", "turns": [
        {"role": "user", "content": "we got a kitten!! tabby girl, 10 weeks. need a name for her"},
        {"role": "assistant", "content": "Congratulations! How about Luna, Mochi or Pepper?"},
        {"role": "user", "content": "we went with mochi in the end, she already comes when we shout it"},
    ]},
    {"id": "2026-04-22-mum", "started_at": "2026-04-22T21:10:00+00:00", "title": "gift", "turns": [
        {"role": "user", "content": "its my mums birthday on the 3rd of may, any gift ideas? she likes gardening and crime novels"},
        {"role": "assistant", "content": "How about a personalised gardening kneeler, a subscription to a mystery book club, or a day pass to a botanical garden?"},
        {"role": "user", "content": "ooh the book club one is cute"},
    ]},
    {"id": "2026-05-02-sofa", "started_at": "2026-05-20T10:00:00+00:00", "title": "sofa", "turns": [
        {"role": "user", "content": "sofa's finally ordered, getting delivered the 19th. the grey corner one"},
        {"role": "assistant", "content": "Nice! Measure the doorways before it comes."},
    ]},
]  # fmt: skip

TENANCY = """# Tenancy agreement - 9 Mill Lane, Leeds

Tenant: the user. Landlord: P. Okafor.

Agreement signed: 3 March 2026

Commencement date: 15 March 2026

Term: twelve months

Expiry date: 14 March 2027

Monthly rent: £710
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("not-said")
    root = tmp / "memory"
    run("init", str(root), "--owner", "Sam")
    m = ["--memory", str(root)]
    chats = tmp / "chats.jsonl"
    chats.write_text("".join(json.dumps(s) + "\n" for s in SESSIONS), encoding="utf-8")
    run("capture", "session", str(chats), *m)
    (tmp / "tenancy.md").write_text(TENANCY, encoding="utf-8")
    run("capture", "source", str(tmp / "tenancy.md"), *m)
    run("remember", "pension scheme member no 4471203, statements come in april", *m)
    run("remember", "council tax direct debit set up, ref 4471-2093-88", *m)
    return root


def first_line(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_number_that_names_something_is_no_money() -> None:
    said = "pension scheme member no 4471203, statements come in april"
    assert [money_rank(said, a) for a in amounts(said)] == [-1]
    said = "wage slips are in the blue folder, ref WS 2231"
    assert [money_rank(said, a) for a in amounts(said)] == [-1]
    said = "rent is 950, ref 4471-2093-88"
    assert [(a.text, money_rank(said, a)) for a in amounts(said)] == [
        ("950", 1),
        ("4471-2093-88", -1),
    ]
    # "needs a name" is the noun: what follows it is no name
    assert names("it needs a name tho lol any ideas") == []
    assert [n.text for n in names("my cats name is pudding")] == ["Pudding"]


def test_a_reference_number_answers_no_question_about_money(memory: Path) -> None:
    assert first_line(memory, "how much is my pension?") == DONT_KNOW
    assert first_line(memory, "how much is my council tax?") == DONT_KNOW


def test_the_day_an_order_is_delivered_is_ahead(memory: Path) -> None:
    # said on 20 May: "getting delivered the 19th" is 19 June, not the day before
    assert first_line(memory, "when is the sofa being delivered?").startswith("19 June 2026")


def test_a_name_only_the_assistant_suggested_is_declined(memory: Path) -> None:
    # "haha bread pitt is good" judges the assistant's suggestion; "lol ok" picks none
    # of "Monty, Leafy McLeafface, or Jungle Judy"
    assert first_line(memory, "what did i name my sourdough starter?") == DONT_KNOW
    assert first_line(memory, "what's my monstera called?") == DONT_KNOW
    # ... while a name chosen from the suggestions is the user's
    assert first_line(memory, "what did we name the kitten?").startswith("Mochi")


def test_the_price_of_the_option_turned_down_is_declined(memory: Path) -> None:
    assert first_line(memory, "how much was the dyson?") == DONT_KNOW
    assert first_line(memory, "how much did the shark cost?").startswith("179")


def test_a_switch_refused_answers_no_question_about_switching(memory: Path) -> None:
    assert first_line(memory, "which phone did i switch to?") == DONT_KNOW


def test_a_date_told_inside_a_request_answers(memory: Path) -> None:
    assert first_line(memory, "when is my mum's birthday?").startswith("3 May 2026")


def test_a_documents_date_is_the_one_its_label_says(memory: Path) -> None:
    # "Expiry date" is a kind of end, "Commencement" a start, by WordNet: not the day
    # the document was captured, nor the day it was signed
    assert first_line(memory, "when does my tenancy end?").startswith("14 March 2027")
    assert first_line(memory, "when did my tenancy start?").startswith("15 March 2026")
    assert first_line(memory, "when did i sign the tenancy?").startswith("3 March 2026")
