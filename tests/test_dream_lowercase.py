"""People named in lower case get pages (`dream/lowercase.py`): three Markdown chats
(`tests/fixtures/lowercase/`) where the owner types "my partner tomek", "ilka (my
sister)", "tomek carried every single box", next to an app that acts like a person in
two sessions ("duolingo says im on a 40 day streak", "duolingo nagged me"), a shop
("near a tesco"), a place ("in ferndale") and chat slang ("innit", "deffo") that no
dictionary explains either."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dream import DreamOptions, run_dream
from ingest.capture import capture_sessions
from ingest.formats import parse_file
from language import parse
from language.names import looks_like_name
from memory_schema import init_memory
from search import get_embedder

FIXTURES = Path(__file__).parent / "fixtures" / "lowercase"


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("lowercase")
    repo, _ = init_memory(tmp / "memory", owner="Nadia")
    for f in sorted(FIXTURES.glob("*.md")):
        shutil.copy(f, tmp / f.name)
        assert capture_sessions(repo, parse_file(tmp / f.name)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    return tmp / "memory"


def _page(memory: Path, rel: str) -> str:
    return (memory / "knowledge" / rel).read_text(encoding="utf-8")


def _section(text: str, name: str) -> list[str]:
    m = re.search(rf"^## {re.escape(name)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    return [x for x in (m.group(1).splitlines() if m else []) if x.startswith("- ")]


def test_a_recurring_lower_case_name_gets_a_person_page_with_its_lines(memory: Path) -> None:
    tomek = _page(memory, "people/Tomek.md")
    assert "type: person" in tomek
    # Named in all three sessions, always in lower case; the relation is on the page too.
    assert "- Partner of [[Nadia]]" in "\n".join(_section(tomek, "People")), tomek
    lines = [x for x in tomek.splitlines() if re.match(r"- \d{4}-\d{2}-\d{2} · ", x)]
    assert any("[[Tomek]]" in x and "[cite:" in x for x in lines), tomek
    assert "tr-2026-02-02-flat#^t1" in tomek  # cited to the turn that names him


def test_a_relation_in_an_aside_gives_the_page_and_the_relation(memory: Path) -> None:
    ilka = _page(memory, "people/Ilka.md")
    assert "- Sister of [[Nadia]]" in "\n".join(_section(ilka, "People")), ilka
    nadia = _page(memory, "people/Nadia.md")
    assert any(x.startswith("- [[Ilka]] — sister") for x in _section(nadia, "People")), nadia


def test_brands_places_and_slang_get_no_person_page(memory: Path) -> None:
    people = {p.stem.lower() for p in (memory / "knowledge/people").rglob("*.md")}
    # duolingo says ..., near a tesco, in ferndale, innit, deffo: none is a person.
    for word in ("duolingo", "tesco", "ferndale", "innit", "deffo"):
        assert word not in people, sorted(people)
    assert {"tomek", "ilka", "nadia"} <= people
    # "in ferndale" in two chats: a place typed in lower case is a place.
    others = {
        p.relative_to(memory / "knowledge").as_posix() for p in (memory / "knowledge").rglob("*.md")
    }
    assert not {"places/Innit.md", "places/Deffo.md"} & others, sorted(others)


def test_the_position_says_person_thing_or_place() -> None:
    from dream.lowercase import uses_in

    docs = parse(["zuzka reckons we can afford it", "the zuzka broke down", "we live in zuzka"])
    grammar = [[u.grammar for u in uses_in(j, "s", d, set())] for j, d in enumerate(docs)]
    assert grammar == [["person"], ["thing"], ["place"]]


def test_the_name_check_is_the_readers() -> None:
    from agent import spans

    assert spans.looks_like_name is looks_like_name
    assert looks_like_name("tomek") and looks_like_name("ilka")
    assert not looks_like_name("ngl")  # no vowel: shorthand, not a name
    assert not looks_like_name("sister") and not looks_like_name("dont")


def test_a_question_that_names_the_person_reads_the_owners_turn_about_them(memory: Path) -> None:
    # Ilka has a page now; the owner's "ilka's coming round on sunday ..." names her and
    # nobody else, and the question names her too: it is not someone else's news.
    from click.testing import CliRunner

    from brain.cli import cli

    args = ["--memory", str(memory)]
    assert CliRunner().invoke(cli, ["index", *args]).exit_code == 0
    out = CliRunner().invoke(
        cli, ["ask", "when is ilka coming round to help paint my hallway?", "--no-record", *args]
    )
    assert out.exit_code == 0, out.output
    assert "tr-2026-03-14-move" in out.output and "sunday" in out.output, out.output


def test_a_later_run_files_a_lone_mention_on_the_page(memory: Path, tmp_path: Path) -> None:
    # One more chat, dreamt on its own: "tomek" is said once, but Tomek has a page.
    copy = tmp_path / "memory"
    shutil.copytree(memory, copy)
    later = tmp_path / "2026-04-02-toast.md"
    later.write_text(
        "---\nid: tr-2026-04-02-toast\ndate: 2026-04-02T08:00:00+00:00\ntitle: breakfast\n"
        "---\n# breakfast\n\n## User\n\ntomek burnt the toast again this morning and set off"
        " the smoke alarm, the whole building came out\n\n## Assistant\n\nOh no!\n",
        encoding="utf-8",
    )
    from memory_schema.repo import MemoryRepo

    repo = MemoryRepo(copy)
    assert capture_sessions(repo, parse_file(later)[1]).ok
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).committed
    tomek = _page(copy, "people/Tomek.md")
    assert any("[[Tomek]] burnt the toast" in x for x in tomek.splitlines()), tomek
    assert "tr-2026-04-02-toast#^t1" in tomek
