"""The agent's tools on a real working set through the local sandbox."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from agent.memory_agent import MemoryAgent
from agent.tools import MAX_MATCHES, Toolbox, load_specs
from memory_schema import MemoryRepo
from sandbox import open_sandbox
from sandbox.workingset import InitialMap, WorkingSet
from tests.test_agent_helpers import HIKE, MAYA, ONBOARDING, SOURCE, TRIP, build_memory


@pytest.fixture
def box(memory: MemoryRepo, tmp_path) -> Iterator[Toolbox]:
    build_memory(memory)
    ws = WorkingSet.create(memory.root, tmp_path / "ws", InitialMap(recent_sessions=1))
    sandbox = open_sandbox("local", ws.root)
    agent = MemoryAgent(memory.root, workset=ws)
    yield Toolbox(sandbox, ws, agent)
    sandbox.close()
    ws.close()


def ok(box: Toolbox, name: str, **args) -> str:
    result = box.call(name, args)
    assert not result.is_error, result.content
    return result.content


def err(box: Toolbox, name: str, **args) -> str:
    result = box.call(name, args)
    assert result.is_error, result.content
    return result.content


def test_specs_cover_every_tool_with_a_schema():
    names = [s.name for s in load_specs()]
    assert names == [
        "ls", "read", "grep", "glob", "git_log", "git_diff", "git_show",
        "follow_link", "open_citation", "memory_agent",
    ]  # fmt: skip
    for spec in load_specs():
        assert spec.description and spec.parameters["type"] == "object"
        assert hasattr(Toolbox, f"_{spec.name}")


def test_ls(box: Toolbox):
    top = ok(box, "ls").split("\n")
    assert "knowledge/" in top and "INDEX.md" in top and ".git/" not in top
    assert "people/" in ok(box, "ls", path="knowledge")


def test_read_pages_long_files(box: Toolbox):
    out = ok(box, "read", path=MAYA, start=1, lines=3)
    head, *lines = out.split("\n")
    assert head.startswith(f"{MAYA} (lines 1-3 of ") and "read again with start=4" in head
    assert lines[0] == "    1\t---" and len(lines) == 3
    total = int(head.split(" of ")[1].split(";")[0])
    last = ok(box, "read", path=MAYA, start=total)
    assert f"(lines {total}-{total} of {total})" in last
    assert "has" in err(box, "read", path=MAYA, start=total + 5)
    assert MAYA in box.files_read


def test_paths_leaving_the_working_set_are_refused(box: Toolbox, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    os.symlink(secret, box.sandbox.root / "knowledge" / "link.md")
    for path in ("../secret.txt", str(secret), "knowledge/link.md", "knowledge/../../x"):
        message = err(box, "read", path=path)
        assert message.startswith("read: refused") and "top secret" not in message
    assert "refused" in err(box, "ls", path="..")
    assert "refused" in err(box, "grep", pattern="secret", path="../")
    assert "refused" in err(box, "glob", pattern="../*")
    assert "refused" in err(box, "git_log", path="../x")
    assert ".git" in err(box, "read", path=".git/config")


def test_grep_prints_path_line_text_and_cuts_many_matches(box: Toolbox):
    out = ok(box, "grep", pattern="Northwind")
    assert f"{MAYA}:" in out
    line = next(ln for ln in out.split("\n") if ln.startswith(MAYA))
    path, num, text = line.split(":", 2)
    assert path == MAYA and num.isdigit() and "Northwind" in text
    assert "no matches" in ok(box, "grep", pattern="zanzibar-nothing")
    assert ok(box, "grep", pattern="northwind", ignore_case=True, glob="*.md")
    # A folder and a glob narrow the search.
    assert all(
        ln.startswith("knowledge/")
        for ln in ok(box, "grep", pattern="Maya", path="knowledge").split("\n")
    )
    many = "\n".join(f"match line {i}" for i in range(MAX_MATCHES + 25))
    (box.sandbox.root / "notes").mkdir(exist_ok=True)
    (box.sandbox.root / "notes" / "many.md").write_text(many)
    cut = ok(box, "grep", pattern="match line")
    assert (
        cut.split("\n")[-1]
        == f"[25 more matches not shown of {MAX_MATCHES + 25}; narrow the pattern or the path]"
    )
    assert "grep:" in err(box, "grep", pattern="(unclosed")


def test_glob(box: Toolbox):
    out = ok(box, "glob", pattern="knowledge/**/*.md").split("\n")
    assert MAYA in out and all(p.startswith("knowledge/") for p in out)
    assert "no files match" in ok(box, "glob", pattern="*.pdf")


def test_git_tools(box: Toolbox):
    log = ok(box, "git_log")
    assert "test: wiki" in log and "init: create memory" in log
    assert "test: wiki" in ok(box, "git_log", path=MAYA, n=5)
    diff = ok(box, "git_diff")
    assert "knowledge/people/Maya Chen.md" in diff and "+title: Maya Chen" in diff
    show = ok(box, "git_show")
    assert show.startswith("commit ") and "test: wiki" in show
    # A file at a revision, even one not checked out in the working set.
    assert "Mount Tamalpais" in ok(box, "git_show", rev="HEAD", path=HIKE)
    assert "not a revision" in err(box, "git_show", rev="--output=/tmp/x")


def test_follow_link_by_title_alias_and_path(box: Toolbox):
    assert ok(box, "follow_link", link="[[Maya Chen]]").startswith(MAYA)
    assert ok(box, "follow_link", link="maya").startswith(MAYA)
    assert ok(box, "follow_link", link="[[knowledge/people/Maya Chen|her]]").startswith(MAYA)
    work = ok(box, "follow_link", link="[[Maya Chen#Work]]")
    assert "## Work" in work.split("\n")[1]
    assert "resolves to no file" in err(box, "follow_link", link="[[Nobody]]")


def test_follow_link_to_a_block_outside_the_working_set_materializes_it(box: Toolbox):
    assert not (box.sandbox.root / HIKE).exists()
    out = ok(box, "follow_link", link=f"[[{HIKE[:-3]}#^t3]]")
    assert "Foggy at the start" in out and (box.sandbox.root / HIKE).is_file()


def test_open_citation_reaches_the_evidence_block(box: Toolbox):
    out = ok(box, "open_citation", page="[[Maya Chen]]", n=2)
    assert out.split("\n")[0] == f"[cite:2] of {MAYA} -> [[{ONBOARDING[:-3]}#^t3]]"
    assert "Airflow to Dagster" in out
    assert "no [cite:9]" in err(box, "open_citation", page=MAYA, n=9)
    assert ONBOARDING in box.files_read


def test_unknown_tools_and_bad_arguments_are_errors_not_crashes(box: Toolbox):
    assert "unknown tool 'rm'" in err(box, "rm", path="x")
    assert "bad arguments for read" in err(box, "read")
    assert "bad arguments for read: start" in err(box, "read", path=MAYA, start="one")
    assert "bad arguments for ls" in err(box, "ls", path=".", evil=True)
    assert [r.is_error for r in box.log] == [True, True, True, True]


def test_long_output_is_bounded(box: Toolbox):
    box.max_output_chars = 300
    out = ok(box, "read", path=MAYA)
    assert len(out) < 400 and "[output cut at" in out


def test_memory_agent_searches_everything_and_materializes(box: Toolbox):
    assert not (box.sandbox.root / SOURCE).exists()
    out = ok(box, "memory_agent", description="when does the on-call rotation change")
    assert f"[[{SOURCE[:-3]}#^p2]]" in out
    assert "Materialized into your working set:" in out and SOURCE in out
    assert (box.sandbox.root / SOURCE).is_file()
    # The new file is now there for the other tools.
    assert "Monday at 10:00" in ok(box, "grep", pattern="on-call", path="sources")
    assert TRIP in box.workset.paths()


def test_follow_link_to_a_heading_far_down_a_long_page(box: Toolbox):
    body = "\n".join(f"line {i}" for i in range(500))
    page = f"---\ntitle: Long\ntype: topic\n---\n# Long\n\n{body}\n\n## Far  Away\n\nhere\n"
    with MemoryRepo.open(box.workset.memory_root).transaction("long page") as tx:
        tx.write("knowledge/concepts/Long.md", page)
    assert box.workset.materialize(["knowledge/concepts/Long.md"])
    out = ok(box, "follow_link", link="[[Long#far away]]")
    assert out.split("\n")[1].endswith("\t## Far  Away") and "here" in out
