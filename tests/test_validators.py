"""Each deterministic validator rule, with a fixture that breaks it."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import pytest

from memory_schema import Evidence, Session, Source, Turn, build_page
from validators import RULES, validate_tree

D = dt.date(2026, 6, 15)


@pytest.fixture
def good(memory):
    """A valid memory: one session, one source, two linked pages citing them."""
    s = Session(
        id="s1",
        title="Chat",
        format="brain",
        started=dt.datetime(2026, 6, 15, 9),
        turns=[Turn("user", "I work at Acme.", speaker="Maya"), Turn("assistant", "Nice.")],
    )
    src = Source(
        title="Handbook",
        origin="handbook.md",
        sha256="b" * 64,
        captured=D,
        mime="text/markdown",
        blocks=["## Leave", "Everyone gets 25 days."],
    )
    maya = build_page(
        "knowledge/people/Maya.md",
        title="Maya",
        type="person",
        summary="x",
        aliases=["M"],
        created=D,
        updated=D,
        sections=[(None, "Maya works at [[Acme]] [cite:1], gets 25 days [cite:2].")],
        evidence=[
            Evidence("sessions/2026/06/s1", "t1", "I work at Acme."),
            Evidence(src.path[:-3], "p2", "25 days"),
        ],
    )
    acme = build_page(
        "knowledge/organizations/Acme.md",
        title="Acme",
        type="organization",
        summary="y",
        created=D,
        updated=D,
        sections=[
            (
                None,
                "Employer of [[Maya#^missing-is-not-used]]".replace("#^missing-is-not-used", "")
                + ".",
            )
        ],
        evidence=[],
    )
    with memory.transaction("fixture") as tx:
        for doc in (s, src, maya, acme):
            tx.write(doc.path, doc.render())
    assert validate_tree(memory.root).ok, validate_tree(memory.root).findings
    return memory


def write(repo, rel, text):
    path = repo.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)


def edit(repo, rel, old, new):
    path = repo.root / rel
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def codes(repo):
    return {f.code for f in validate_tree(repo.root).findings}


MAYA = "knowledge/people/Maya.md"


def test_valid_tree_has_no_findings(good):
    assert validate_tree(good.root).findings == []


def test_not_utf8(good):
    write(good, "knowledge/people/Bad.md", b"---\ntitle: \xff\n---\n")
    assert "not-utf8" in codes(good)


def test_too_large(good):
    write(good, "notes/big.md", "x" * 20_000)
    findings = validate_tree(good.root, max_bytes=10_000).findings
    assert [f.path for f in findings if f.code == "too-large"] == ["notes/big.md"]


def test_yaml_that_is_not_plain_data(good):
    write(good, "knowledge/people/Evil.md", "---\ntitle: !!python/object:os.system x\n---\nbody\n")
    write(good, "knowledge/people/Broken.md", "---\ntitle: [unclosed\n---\nbody\n")
    found = [f for f in validate_tree(good.root).findings if f.code == "bad-yaml"]
    assert {f.path for f in found} == {"knowledge/people/Evil.md", "knowledge/people/Broken.md"}


def test_schema(good):
    edit(good, MAYA, "type: person", "type: Not A Type")
    edit(good, MAYA, "created: 2026-06-15", "created: someday")
    msgs = [f.message for f in validate_tree(good.root).findings if f.code == "schema"]
    assert any(m.startswith("type:") for m in msgs) and any(m.startswith("created:") for m in msgs)


def test_bad_structure_of_a_session(good):
    edit(good, "sessions/2026/06/s1.md", "^t2", "^t5")
    assert "bad-structure" in codes(good)


def test_duplicate_title_or_alias(good):
    edit(good, "knowledge/organizations/Acme.md", "aliases: []", "aliases:\n- m")
    found = [f for f in validate_tree(good.root).findings if f.code == "duplicate-title"]
    assert len(found) == 1
    assert {found[0].path, found[0].message.rsplit(" ", 1)[1]} == {
        MAYA,
        "knowledge/organizations/Acme.md",
    }


def test_cite_undefined_and_unused(good):
    edit(good, MAYA, "[cite:2].", "[cite:7].")
    c = codes(good)
    assert {"cite-undefined", "cite-unused"} <= c


def test_cite_duplicate(good):
    text = (good.root / MAYA).read_text()
    write(good, MAYA, text + '- [cite:1] [[sessions/2026/06/s1#^t2]] "Nice."\n')
    assert "cite-duplicate" in codes(good)


def test_cite_target_missing(good):
    edit(good, MAYA, "[[sessions/2026/06/s1#^t1]]", "[[sessions/2026/06/nope#^t1]]")
    assert "cite-target-missing" in codes(good)


def test_cite_anchor_missing(good):
    edit(good, MAYA, "[[sessions/2026/06/s1#^t1]]", "[[sessions/2026/06/s1#^t9]]")
    f = next(f for f in validate_tree(good.root).findings if f.code == "cite-anchor-missing")
    assert f.path == MAYA and f.line > 1 and "^t9" in f.message


def test_cite_not_evidence(good):
    edit(good, MAYA, "[[sessions/2026/06/s1#^t1]]", "[[knowledge/organizations/Acme#^t1]]")
    assert "cite-not-evidence" in codes(good)


def test_link_unresolved_only_in_knowledge(good):
    edit(good, MAYA, "[[Acme]]", "[[Nowhere Inc]]")
    write(
        good,
        "notes/inbox/n.md",
        "---\ntitle: n\ntype: note\ncreated: 2026-06-15\n"
        "updated: 2026-06-15\n---\n[[Also Nowhere]]\n",
    )
    found = [f for f in validate_tree(good.root).findings if f.code == "link-unresolved"]
    assert [f.path for f in found] == [MAYA]


def test_link_resolves_by_alias_and_case(good):
    edit(good, "knowledge/organizations/Acme.md", "[[Maya]]", "[[m]] and [[ACME]]")
    assert validate_tree(good.root).ok


def test_link_fragment_missing(good):
    edit(good, "knowledge/organizations/Acme.md", "[[Maya]]", "[[Maya#No Such Heading]]")
    assert "link-fragment-missing" in codes(good)
    edit(good, "knowledge/organizations/Acme.md", "[[Maya#No Such Heading]]", "[[Maya#Citations]]")
    assert validate_tree(good.root).ok


def test_symlink_leaving_the_tree(good, tmp_path):
    (good.root / "notes" / "escape").symlink_to(tmp_path)
    found = [f for f in validate_tree(good.root).findings if f.code == "path-escape"]
    assert [f.path for f in found] == ["notes/escape"]


def test_link_target_with_dotdot(good):
    edit(good, MAYA, "[[Acme]]", "[[../../etc/passwd]]")
    assert "path-escape" in codes(good)


def test_every_rule_has_a_test():
    tested = {
        "not-utf8",
        "too-large",
        "bad-yaml",
        "schema",
        "bad-structure",
        "duplicate-title",
        "cite-undefined",
        "cite-unused",
        "cite-duplicate",
        "cite-target-missing",
        "cite-anchor-missing",
        "cite-not-evidence",
        "link-unresolved",
        "link-fragment-missing",
        "path-escape",
    }
    deterministic = {
        c
        for c in RULES
        if c
        not in {
            "symlink",
            "cite-not-at-end",
            "unsupported-claim",
            "contradiction",
            "cite-quote-mismatch",  # semantic: tests/test_validate_claims.py
        }
    }
    assert deterministic <= tested


def test_validate_cli_json_and_exit_status(good):
    cmd = [sys.executable, "-m", "brain.cli", "validate", "--json", "--memory", str(good.root)]
    ok = subprocess.run(cmd, capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout) == {
        "ok": True,
        "errors": [],
        "warnings": [],
    }
    edit(good, MAYA, "#^t1]]", "#^t9]]")
    bad = subprocess.run(cmd, capture_output=True, text=True)
    report = json.loads(bad.stdout)
    assert bad.returncode == 1 and report["ok"] is False
    assert set(report["errors"][0]) == {"code", "path", "line", "message"}
