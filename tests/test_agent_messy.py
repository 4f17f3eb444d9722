# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on memory written the way people type: lowercase, typos, an
unnamed user, an assistant with distractor facts, a document and notes. Everything goes
through the CLI's real commands (init, capture session, capture source, remember, dream)
into a real git repo, then `ask`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.citations import DONT_KNOW, process
from agent.evidence import EvidenceStore
from agent.spans import clock_times, names, written_lowercase
from brain.cli import cli

MOVING = """---
date: 2026-02-03
title: moving stuff
---
# moving stuff

## User
ok so we finally signed the lease for the new flat in porto, moving in on march 1st. the landlord is a guy called rui, seems nice

## Assistant
Congrats on the new place! In my experience rent in Lisbon averages around 1,200 euros a month, so budget carefully.

## User
yeah its a bit pricey tbh but the view of the river is worth it. my sister ines is gonna help me move
"""

RUNNING = """---
date: 2026-02-20
title: work chat
---
# work chat

## User
ugh work is crazy, we have 3 releases this month and my manager keeps adding stuff

## Assistant
Maybe you could talk to your manager about priorities? Most teams ship 2 releases a month.

## User
maybe. btw i started running again, 5k every tuesday and thursday with my neighbour. got new trainers from Decathlon for it, Kiprun ones in bright orange lol
"""

TEETH = """---
date: 2026-03-10
title: teeth
---
# teeth

## User
my tooth has been hurting on the left side for like 2 weeks, i should book somthing

## Assistant
You should see a dentist soon. Many clinics offer appointments within a week, usually on tuesdays.
"""

LEASE = """# Lease agreement: Rua das Flores 22, Porto

This agreement is made between Rui Almeida (landlord) and the tenant.

The monthly rent is 950 euros, due on the first day of each month.

The security deposit is 1,900 euros, returned within 30 days after the end of the lease.
"""


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("messy")
    root = tmp / "memory"
    files = []
    for name, text in (("moving.md", MOVING), ("running.md", RUNNING), ("teeth.md", TEETH)):
        (tmp / name).write_text(text, encoding="utf-8")
        files.append(str(tmp / name))
    (tmp / "lease.md").write_text(LEASE, encoding="utf-8")
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", *files, *m)
    run("capture", "source", str(tmp / "lease.md"), *m)
    run("remember", "dentist check-up moved to april 14th at 9:30, dr costa's clinic", *m)
    run("remember", "wifi pasword for the new flat is riverview2026", "--topic", "home", *m)
    run("dream", *m)
    return root


def memory_from(tmp: Path, sessions: dict[str, str], dream: bool = False) -> Path:
    """A memory in `tmp` with the Markdown `sessions` (file name -> text) captured, and
    dreamt when asked."""
    root = tmp / "memory"
    files = []
    for name, text in sessions.items():
        (tmp / name).write_text(text, encoding="utf-8")
        files.append(str(tmp / name))
    run("init", str(root))
    run("capture", "session", *files, "--memory", str(root))
    if dream:
        run("dream", "--memory", str(root))
    return root


def memory_with_document(tmp: Path, sessions: dict[str, str], name: str, text: str) -> Path:
    """`memory_from` the sessions, with one document (file `name`, plain text) captured
    as a source."""
    root = memory_from(tmp, sessions)
    document = tmp / name
    document.write_text(text, encoding="utf-8")
    run("capture", "source", str(document), "--memory", str(root))
    return root


def first_line(root: Path, question: str) -> str:
    """The short answer: the first line of `brain ask`'s answer."""
    out = run("ask", question, "--json", "--no-record", "--memory", str(root))
    return json.loads(out)["answer"].split("\n")[0]


def ask(root: Path, question: str) -> dict:
    return json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))


def test_a_note_is_evidence_and_is_cited_whole(memory: Path):
    a = ask(memory, "when is my dentist check-up?")
    assert a["answer"].split("\n")[0].startswith("14 April")
    note = a["citations"][0]
    assert note["path"].startswith("notes/") and note["anchor"] == ""
    assert "dentist check-up" in note["quote"]
    # The assistant's "tuesdays" and the user's toothache are not the answer.
    assert "tuesday" not in a["answer"].split("\n")[0].lower()


def test_a_note_answers_in_its_own_words_with_a_typo(memory: Path):
    a = ask(memory, "whats the wifi password")
    assert "riverview2026" in a["answer"]
    assert a["citations"][0]["path"].startswith("notes/home/")


def test_an_amount_comes_from_the_document_not_from_the_assistant(memory: Path):
    a = ask(memory, "how much rent do i pay for the flat?")
    assert a["answer"].split("\n")[0].startswith("950 euros")
    assert a["citations"][0]["path"].startswith("sources/")
    a = ask(memory, "how much was the deposit")
    assert a["answer"].split("\n")[0].startswith("1,900 euros")


def test_declines_what_memory_never_mentions(memory: Path):
    for q in ("what is the name of my pet iguana?", "how much did my car insurance cost?"):
        assert ask(memory, q)["answer"] == DONT_KNOW, q


def test_a_note_citation_is_checked_like_any_other(memory: Path):
    store = EvidenceStore(memory)
    note = next(p for p in (memory / "notes").rglob("*.md"))
    rel = note.relative_to(memory).as_posix()
    cited = process(f"yes [[{rel[:-3]}]] and [[notes/inbox/nothing-here]]", store)
    assert [(c.path, c.anchor) for c in cited.citations] == [(rel, "")]
    assert cited.invalid == 1 and cited.text == "yes [cite:1] and"


def test_typed_spans_in_lowercase_text(memory: Path):
    # "porto" and "rui" are typed in lower case; the document writes them with capitals.
    assert ask(memory, "where did i move?")["answer"].split("\n")[0].startswith("Porto")
    landlord = ask(memory, "who is my landlord")["answer"].split("\n")[0]
    assert landlord.lower().startswith("rui")
    a = ask(memory, "when is my dentsit appointment")  # a typo, and other words
    assert a["answer"].split("\n")[0].startswith("14 April")


def test_names_known_elsewhere_are_found_in_lowercase():
    known = {"porto", "rui almeida"}
    found = names("signed the lease for the flat in porto, the landlord rui almeida", known)
    assert [s.text for s in found] == ["Porto", "Rui Almeida"]
    # A capitalized sentence keeps its own reading: nothing is added from lower case.
    assert [s.text for s in names("I walked around the port. Porto is far.", known)] == ["Porto"]
    assert written_lowercase("ok so we moved") and not written_lowercase("We moved to Porto.")


def test_a_time_of_day_question_wants_a_clock_time(memory: Path):
    a = ask(memory, "what time is my dentist check-up?")
    assert a["answer"].split("\n")[0].startswith("9:30")
    assert [s.text for s in clock_times("hydro tuesdays 11.15, metacam 2.75 ml at 7pm")] == [
        "11.15",
        "7pm",
    ]


def test_a_category_is_answered_by_a_kind_of_it_not_by_a_name(memory: Path):
    # "orange" is a colour (WordNet files it under one); "Kiprun" and "Decathlon" are
    # names in the same sentence, and the question's "colour" is said nowhere.
    a = ask(memory, "what colour are my new trainers?")
    assert a["answer"].split("\n")[0].startswith("orange"), a["answer"]


CALENDAR = """---
date: 2026-06-10
title: calendar
---
# calendar

## User
the gp surgery keeps texting me appointment reminders and i keep missing them. my daughter put everything into the calendar on my phone last night, so no more paper diary for me

## Assistant
Good idea. You can also ask the surgery to send reminders by email.
"""


def test_a_verb_in_two_words_need_not_be_said(tmp_path: Path):
    # "keep track of" is what is done, not the thing asked about: no sentence need say
    # "track" (WordNet knows "keep track" as one verb).
    (tmp_path / "calendar.md").write_text(CALENDAR, encoding="utf-8")
    root = tmp_path / "memory"
    run("init", str(root))
    run("capture", "session", str(tmp_path / "calendar.md"), "--memory", str(root))
    run("dream", "--memory", str(root))
    a = ask(root, "what do i use to keep track of my appointments?")
    # answered from the turn, not declined for the unsaid "track". Which sentence of the
    # turn leads is not settled: since Dream writes the dated event as the sentence that
    # holds its date, "the gp surgery keeps texting me appointment reminders" (the
    # question's own words) leads the turn's quote, which goes on to the calendar.
    assert not a["answer"].startswith("I don't know"), a["answer"]
    assert any("calendar on my phone" in c["quote"] for c in a["citations"]), a["citations"]


QUALIFIED = """---
date: 2026-09-14
title: results
---
# results

## User
RESULTS ARE IN. passed everything, the certificate comes in the post. im a qualified dental hygienist now lol

## Assistant
Congratulations! Most new hygienists start on around £28,000, and many clinics offer a mentor for the first year.
"""

BEFORE = """---
date: 2026-02-02
title: shifts
---
# shifts

## User
another 12 hour shift at the call centre, my course is the only thing keeping me sane

## Assistant
That's a long day. Try to keep your study blocks short on shift days.
"""


def test_a_job_said_of_oneself_answers_what_one_does_for_a_living(tmp_path: Path):
    # Neither "work" nor "living" is said: "im a ... hygienist now" is a job by its kind
    # (WordNet files a hygienist under people), in a message that shouts its first line.
    for name, text in (("qualified.md", QUALIFIED), ("before.md", BEFORE)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    root = tmp_path / "memory"
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", str(tmp_path / "before.md"), str(tmp_path / "qualified.md"), *m)
    run("dream", *m)
    a = ask(root, "what do i do for a living now?")
    assert "dental hygienist" in a["answer"].split("\n")[0], a["answer"]
