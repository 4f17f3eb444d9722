# ruff: noqa: E501  (notes are written the way people type, in long lines)
"""A value asked by the word that types it, from a new user's own documents and notes:

- "Your gross annual salary will be £31,500 plus a shift allowance." answers "whats my
  salary at hearth and crumb": "salary" only types the answer, yet the sentence that says it
  is on the topic, and "£31,500 plus" is money ("plus" is no plural of things counted);
- "whats my locker number at the gym" asks for the number a locker goes by ("locker 27
  for the year"), not the bus said beside it;
- "under the name little ember candles" gives a name, typed in lower case."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from agent.spans import names
from tests.test_agent_messy import first_line, memory_from, memory_with_document, run

CHAT = {
    "gym.md": """---
date: 2026-05-04T07:10:00+00:00
title: gym
---
## User

back at the gym after ages, they gave me a new locker. any tips for easing back in without wrecking my knees?

## Assistant

Start with two full-body sessions a week at lighter weights, and add load slowly over a month.
""",
}

LETTER = """Dear Sam,

We are pleased to confirm your appointment as Senior Baker at Hearth & Crumb, starting on 2 March 2026.

Your gross annual salary will be £31,500 plus a shift allowance. You will be paid monthly in arrears.

Yours sincerely, Priti Desai, Operations Manager
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = memory_with_document(tmp_path_factory.mktemp("value-asked"), CHAT, "offer.txt", LETTER)
    run(
        "remember",
        "new gym is decent. got locker 27 for the year, and the 38 bus stops right outside so no more driving",
        "--memory",
        str(root),
    )
    return root


def test_a_salary_a_letter_states_answers_a_salary_asked(memory: Path) -> None:
    assert first_line(memory, "whats my salary at hearth and crumb").startswith("£31,500")


def test_a_number_a_thing_goes_by_is_no_amount(memory: Path) -> None:
    assert first_line(memory, "whats my locker number at the gym").startswith("27")


def test_a_name_given_under_the_name_is_a_name_in_lower_case() -> None:
    said = "i sell candles on etsy under the name little ember candles, made 6 sales this week"
    assert [n.text for n in names(said)] == ["Little Ember Candles"]


def test_a_later_value_under_a_topic_is_no_newer_employer(tmp_path: Path) -> None:
    """The profile's "Employer" answers "where do i work now?"; a later value Dream
    could not type and wrote under its topic ("Work and money: quickbooks") says nothing
    of work by its label, and is no newer employer."""
    reply = "\n\n## Assistant\n\nNoted!\n"
    chats = {
        "first-day.md": "---\ndate: 2026-03-02T18:00:00+00:00\ntitle: first day\n---\n## User\n\n"
        "first shift at harbour bakery done!! 5am starts are brutal but the team is lovely" + reply,
        "invoices.md": "---\ndate: 2026-05-10T20:00:00+00:00\ntitle: invoices\n---\n## User\n\n"
        "ok i finally caved and pay for quickbooks now so i want to export my old invoices" + reply,
    }
    root = memory_from(tmp_path, chats)
    first, later = (
        next((root / "sessions").rglob(f"{name}-*.md")).relative_to(root).with_suffix("")
        for name in ("first-day", "invoices")
    )
    page = root / "knowledge/people/User.md"
    page.write_text(
        "---\ntitle: User\ntype: profile\naliases: []\ntags: []\ncreated: 2026-05-10\n"
        "updated: 2026-05-10\nsummary: 'Employer: Harbour Bakery'\ndream: true\n---\n# User\n\n"
        "## Current\n\n"
        "- **Employer:** Harbour Bakery — since 2026-03-02 [cite:1]\n"
        "- **Work and money:** quickbooks — since 2026-05-10 [cite:2]\n\n"
        "## Citations\n\n"
        f'- [cite:1] [[{first}#^t1]] "first shift at harbour bakery done!!"\n'
        f'- [cite:2] [[{later}#^t1]] "ok i finally caved and pay for quickbooks now"\n',
        encoding="utf-8",
    )
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "add", "knowledge"], check=True)
    subprocess.run([*git, "commit", "-qm", "profile"], check=True)
    assert first_line(root, "where do i work now?").startswith("Harbour Bakery")
