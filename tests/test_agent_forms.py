"""Documents as institutions write them, captured with `brain capture source` into a
real git repo and asked through `brain ask`:

- an HTML form whose rows are labelled by a header cell ("<th>End of initial term</th>
  <td>14 June 2027</td>") is read row by row as "label: value", not with its first row
  taken for column headers;
- a reference asked for ("whats my NI number") is the whole value of the field whose
  label is asked, however it is spaced ("JT 48 22 91 C");
- of several labels that say part of the question, the one that says most of it gives
  the value: "Net pay" over "Gross pay" for "what was my net pay".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.labels import readable
from ingest.documents.html import html_table
from tests.test_agent_messy import run

TENANCY = """<html><head><title>Private Residential Tenancy Agreement</title></head>
<body>
<p>Harbour Lettings Ltd &middot; 14 Bernard Street, Edinburgh EH6 6PW &middot; 0131 555 0192</p>
<h1>Private Residential Tenancy Agreement</h1>
<p>Our ref: HL/TEN/20931</p>
<table>
<tr><th>Landlord</th><td>Mr Alan Gow, c/o Harbour Lettings Ltd</td></tr>
<tr><th>Tenant</th><td>Ms Rebecca Lowe</td></tr>
<tr><th>Start date</th><td>15 June 2026</td></tr>
<tr><th>End of initial term</th><td>14 June 2027</td></tr>
<tr><th>Monthly rent</th><td>£895.00</td></tr>
<tr><th>Deposit</th><td>£1,342.50, held by SafeDeposits Scotland</td></tr>
</table>
<h2>Notice</h2>
<p>The tenant must give the landlord at least 28 days' notice in writing to end the tenancy.</p>
</body></html>
"""

PAYSLIP = """# Payslip

**Harlow & Finch Logistics Ltd** — Payroll

| Employee | Employee no. | NI number | Tax code | Pay date |
|---|---|---|---|---|
| Rebecca Lowe | HF-00417 | JT 48 22 91 C | 1257L | 30/06/2026 |

| Payments | Hours | Rate | Amount |
|---|---|---|---|
| Basic pay | 150.00 | £13.20 | £1,980.00 |
| Overtime | 6.00 | £19.80 | £118.80 |

| Gross pay | Total deductions | Net pay |
|---|---|---|
| £2,098.80 | £410.44 | £1,688.36 |
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("forms")
    root = tmp / "memory"
    run("init", str(root), "--owner", "Rebecca Lowe")
    (tmp / "tenancy.html").write_text(TENANCY, encoding="utf-8")
    (tmp / "payslip-june.md").write_text(PAYSLIP, encoding="utf-8")
    run(
        "capture",
        "source",
        str(tmp / "tenancy.html"),
        str(tmp / "payslip-june.md"),
        "--memory",
        str(root),
    )
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"].split("\n")[0]


def test_a_form_is_read_by_its_row_labels() -> None:
    from bs4 import BeautifulSoup

    table = html_table(BeautifulSoup(TENANCY, "html.parser").find("table"), "Tenancy")
    assert table is not None and not table.header_rows
    rows = readable(table.render()).split("\n")
    assert "End of initial term: 14 June 2027" in rows
    assert "Landlord: Mr Alan Gow, c/o Harbour Lettings Ltd" in rows


def test_the_end_of_a_tenancy_from_its_form(memory: Path) -> None:
    assert ask(memory, "when does my tenancy end").startswith("14 June 2027")


def test_a_reference_is_the_whole_value_of_its_field(memory: Path) -> None:
    assert ask(memory, "whats my NI number").startswith("JT 48 22 91 C")


def test_the_label_that_says_most_of_the_question(memory: Path) -> None:
    assert ask(memory, "what was my net pay in june").startswith("£1,688.36")
