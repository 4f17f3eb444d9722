# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""An answer cites every piece of evidence that states its value: the turn and the
document, though they write it differently ("1450" and "$1,450.00")."""

from __future__ import annotations

from pathlib import Path

from agent.corroborate import same_value
from tests.test_agent_messy import ask, run

TOWNHOUSE = """---
date: 2026-02-18
title: townhouse
---
# townhouse

## User
ok so marcus found a townhouse in kettering, 2br, w/d hookups. its 1450 a month, we said our max was 1500

## Assistant
That sounds like a good find. Make sure you read the lease before you sign.
"""

LEASE = """# Residential lease: 2417 Ridgeway Ct

This lease is made between Dana Whitfield (landlord) and the tenants for the townhouse at 2417 Ridgeway Ct, Kettering.

Monthly rent is $1,450.00, due on the 1st day of each month.

The security deposit is $1,450.00, returned within 30 days of move-out.
"""


def test_the_same_value_is_the_same_however_it_is_written():
    assert same_value("1450", "$1,450.00")
    assert same_value("2.7 ml", "2.7ml")
    assert same_value("White", "white")
    assert same_value("the Kangoo", "kangoo")
    assert not same_value("1450", "1500")
    assert not same_value("2 kg", "2 ml")
    assert not same_value("white", "white van")
    assert not same_value("14B", "fourteen")


def test_an_amount_cites_the_turn_and_the_document_that_both_state_it(tmp_path: Path):
    (tmp_path / "townhouse.md").write_text(TOWNHOUSE, encoding="utf-8")
    (tmp_path / "lease.md").write_text(LEASE, encoding="utf-8")
    root = tmp_path / "memory"
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", str(tmp_path / "townhouse.md"), *m)
    run("capture", "source", str(tmp_path / "lease.md"), *m)
    run("dream", *m)
    a = ask(root, "how much is the monthly rent on our townhouse?")
    assert "1450" in a["answer"].split("\n")[0].replace(",", ""), a["answer"]
    cited = {(c["path"].split("/")[0], c["quote"]) for c in a["citations"]}
    assert any(p == "sessions" and "1450 a month" in q for p, q in cited), a["answer"]
    assert any(p == "sources" and "Monthly rent" in q for p, q in cited), a["answer"]
    # The 1500 of the same turn and the deposit are other values: not cited for them.
    assert not any("deposit" in q for _, q in cited), a["answer"]


BEANS = """---
date: 2026-10-03
title: runner beans
---
# runner beans

## User
my runner beans were a disaster this year, lots of flowers but hardly any beans

## Assistant
That is usually heat at flowering time. Many growers switch to self-pollinating varieties like 'Moonlight' or 'Firestorm', which set pods more reliably in hot summers.

## User
the plot is a long walk from the gate so watering is hard. Ill try Moonlight next year
"""


def test_a_value_named_as_the_kind_asked_elsewhere_in_its_conversation(tmp_path: Path):
    # "Ill try Moonlight next year" says no variety; the conversation names Moonlight as
    # one ("varieties like 'Moonlight'"), so the sentence answers which variety.
    (tmp_path / "beans.md").write_text(BEANS, encoding="utf-8")
    root = tmp_path / "memory"
    run("init", str(root))
    m = ["--memory", str(root)]
    run("capture", "session", str(tmp_path / "beans.md"), *m)
    run("dream", *m)
    a = ask(root, "which runner bean variety am i going to try next year?")
    assert a["answer"].split("\n")[0].lower().startswith("moonlight"), a["answer"]
    assert any("try Moonlight" in c["quote"] for c in a["citations"]), a["answer"]


def test_thousands_grouped_by_a_space_are_the_same_number():
    assert same_value("34 500 kr", "34500 kr")
    assert same_value("34 500", "34,500")
    assert not same_value("34 500", "34")
