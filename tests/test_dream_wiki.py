"""The wiki a person would browse: current facts with dated history, a page per subject,
links Obsidian resolves, one connected graph. On the demo's chats and on a hand-written
story in other words."""

from __future__ import annotations

import re
from pathlib import Path

from dream import DreamOptions, run_dream
from memory_schema import MemoryRepo
from memory_schema.links import WIKILINK_RE
from memory_schema.store import load_pages
from tests.test_dream_support import add_sessions, make_session
from validators import validate_semantics, validate_tree

DEMO = Path(__file__).resolve().parent.parent / "brain" / "data" / "demo-sessions.jsonl"


def section(page: str, name: str) -> str:
    m = re.search(rf"^## {name}\n(.*?)(?=^## |\Z)", page, re.S | re.M)
    return m.group(1) if m else ""


def graph(root: Path) -> tuple[int, int, list[str]]:
    """(pages, components, links that do not resolve by file name) of knowledge/."""
    pages = load_pages(root)
    stems = {p.path.rsplit("/", 1)[-1][:-3].casefold(): p.path for p in pages}
    parent = {p.path: p.path for p in pages}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    dangling = []
    for p in pages:
        for m in WIKILINK_RE.finditer(p.body):
            target = m.group(2)
            if target.startswith(("sessions/", "sources/")):
                continue
            if target.casefold() not in stems:
                dangling.append(f"{p.path}: [[{target}]]")
                continue
            parent[find(p.path)] = find(stems[target.casefold()])
    return len(pages), len({find(p.path) for p in pages}), dangling


def test_demo_chats_make_a_current_connected_wiki(memory: MemoryRepo) -> None:
    from ingest.batch import capture_session_files

    capture_session_files(memory, [DEMO], "brain")
    result = run_dream(memory, DreamOptions())
    assert result.committed and not result.claims_removed
    maya = memory.read_text("knowledge/people/Maya Chen.md")
    current, history = section(maya, "Current"), section(maya, "History")
    # "I left Northwind Labs. Today I joined Helio Energy as a senior data engineer."
    assert "- **Employer:** [[Helio Energy]] — since 2026-09-14" in current
    assert "- **Role:** senior data engineer — since 2026-09-14" in current
    assert "- **Employer:** [[Northwind Labs]] — 2026-03-02 to 2026-09-14" in history
    assert "- **Role:** data engineer — 2026-03-02 to 2026-09-14" in history
    assert "Northwind" not in current
    helio = memory.read_text("knowledge/organizations/Helio Energy.md")
    assert "[[Maya Chen|Maya]] (from 2026-09-14)" in helio
    # Migrating from Airflow to Dagster, then "all nightly jobs now run on Dagster, and we
    # switched off Airflow for good".
    assert "- **Tool for nightly ETL jobs:** [[Dagster]] — since 2026-07-28" in current
    assert "- **Tool for nightly ETL jobs:** [[Airflow]] — 2026-03-20 to 2026-07-28" in history
    airflow = memory.read_text("knowledge/tools/Airflow.md")
    assert "nightly ETL jobs (2026-03-20 to 2026-07-28)" in airflow
    # "Omar Haddad is the tech lead of Project Atlas."
    omar = memory.read_text("knowledge/people/Omar Haddad.md")
    assert "- **Role:** tech lead of [[Project Atlas]] — since 2026-03-20" in omar
    atlas = memory.read_text("knowledge/projects/Project Atlas.md")
    assert "- [[Omar Haddad]] — tech lead" in atlas
    assert "switched off [[Airflow]] for good" in section(atlas, "Notes")
    # Every link resolves by file name, and the wiki is one graph.
    pages, components, dangling = graph(memory.root)
    assert pages >= 9 and components == 1 and dangling == []
    assert validate_tree(memory.root).ok and validate_semantics(memory.root).ok


def test_a_story_told_in_other_words(memory: MemoryRepo) -> None:
    """Job via an accepted offer, a tool named by its kind and then replaced, a pet, and
    what a partner does, said without their name."""
    first = make_session(
        "2025-03-01-hello",
        "2025-03-01",
        [
            ("user", "Hi, I'm Ruth Okafor. I'm a sous chef at Copper Pot, mostly evenings."),
            ("assistant", "Nice to meet you, Ruth."),
            ("user", "My recipe app is Paprika. Pepper, my cat, sleeps on the keyboard."),
            ("assistant", "Noted."),
            ("user", "My husband Idris is a welder, so we both come home late."),
        ],
        speaker="Ruth",
    )
    later = make_session(
        "2025-06-20-news",
        "2025-06-20",
        [
            ("user", "I accepted an offer from Linden Hotel! I start there on 1 July."),
            ("assistant", "Congratulations!"),
            ("user", "Also, I finally replaced Paprika with Mela as my recipe app."),
            ("user", "Pepper knocked a whole pan off the counter this morning."),
            ("user", "Oh, and Femi lives in Accra now, he loves it."),
            ("user", "Years ago I lost my job at Bramble Foods, so I know the feeling."),
        ],
        speaker="Ruth",
    )
    add_sessions(memory, first, later)
    result = run_dream(memory, DreamOptions())
    assert result.committed and not result.claims_removed
    ruth = memory.read_text("knowledge/people/Ruth Okafor.md")
    current, history = section(ruth, "Current"), section(ruth, "History")
    assert "- **Employer:** [[Linden Hotel]] — since 2025-07-01" in current
    assert "- **Employer:** [[Copper Pot]] — 2025-03-01 to 2025-07-01" in history
    assert "- **Role:** sous chef — 2025-03-01 to 2025-07-01" in history
    assert "Role" not in current  # the new job's role was never said
    assert "- **Recipe app:** [[Mela]] — since 2025-06-20" in current
    assert "- **Recipe app:** [[Paprika]] — 2025-03-01 to 2025-06-20" in history
    assert "- [[Pepper]] — cat" in section(ruth, "Pets")
    pepper = memory.read_text("knowledge/pets/Pepper.md")
    assert "knocked a whole pan off the counter" in section(pepper, "Notes")
    idris = memory.read_text("knowledge/people/Idris.md")
    assert "- **Role:** welder" in idris and "Husband of [[Ruth Okafor|Ruth]]" in idris
    # Losing a job that was never on record ends nothing and makes no page.
    assert not memory.exists("knowledge/organizations/Bramble Foods.md")
    # Someone Ruth only talks about is linked from her page, so the graph stays whole.
    femi = memory.read_text("knowledge/people/Femi.md")
    assert "- **Lives in:** [[Accra]] — since 2025-06-20" in femi
    assert "- [[Femi]]" in section(ruth, "People")
    _, components, dangling = graph(memory.root)
    assert components == 1 and dangling == []
    assert validate_tree(memory.root).ok and validate_semantics(memory.root).ok
