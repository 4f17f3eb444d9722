"""`brain validate` checks every claim already in the tree, and every quote (issue 13.11)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from brain.cli import cli
from memory_schema import Evidence, MemoryRepo, build_page
from tests.test_dream_support import JUNE, MAY, add_sessions
from tests.test_semantic import DAY
from validators.cache import CACHE_FILE


def _page(memory: MemoryRepo, lines: list[str], quote: str | None = None) -> str:
    path = "knowledge/people/Maya Chen.md"
    target = JUNE.path[:-3]
    page = build_page(
        path,
        title="Maya Chen",
        type="person",
        summary="test page",
        sections=[(None, "\n".join(lines))],
        evidence=[Evidence(target, "t1", quote if quote is not None else JUNE.turns[0].content)],
        created=DAY,
        updated=DAY,
    )
    with memory.transaction("a hand-made page") as tx:
        tx.write(path, page.render())
    return path


def _validate(memory: MemoryRepo) -> tuple[int, dict]:
    res = CliRunner().invoke(cli, ["validate", "--memory", str(memory.root), "--json"])
    return res.exit_code, json.loads(res.output)


def test_a_hand_made_claim_already_in_the_tree_is_checked(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    _page(memory, ["- **Employer:** Northwind Labs [cite:1]"])
    code, report = _validate(memory)
    assert code == 0, report
    assert (memory.root / CACHE_FILE).is_file()
    _page(memory, ["- **Salary:** 1,000,000 EUR [cite:1]"])
    code, report = _validate(memory)
    assert code == 1
    (err,) = [e for e in report["errors"] if e["code"] == "unsupported-claim"]
    assert "1000000" in err["message"] or "Salary" in err["message"]


def test_a_rewritten_quote_is_caught(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    _page(memory, ["- **Employer:** Northwind Labs [cite:1]"], quote="My salary is 1,000,000 EUR")
    code, report = _validate(memory)
    assert code == 1
    assert [e["code"] for e in report["errors"]] == ["cite-quote-mismatch"]
    # A quote cut short with '…' is fine.
    words = JUNE.turns[0].content.split()
    _page(memory, ["- **Employer:** Northwind Labs [cite:1]"], quote=" ".join(words[:4]) + " …")
    assert _validate(memory)[0] == 0


def test_verdicts_are_cached_by_content(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    _page(memory, ["- **Employer:** Northwind Labs [cite:1]"])
    assert _validate(memory)[0] == 0
    cache = json.loads((memory.root / CACHE_FILE).read_text())
    assert len(cache["entries"]) == 1 and list(cache["entries"].values()) == [""]
    # A planted wrong verdict under the same key is what the next run reports: proof that
    # it reads the cache rather than checking again.
    key = next(iter(cache["entries"]))
    cache["entries"][key] = "planted"
    (memory.root / CACHE_FILE).write_text(json.dumps(cache))
    code, report = _validate(memory)
    assert code == 1 and "planted" in report["errors"][0]["message"]
