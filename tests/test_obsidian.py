"""The memory repo is an Obsidian vault: checked with a third-party vault reader.

`obsidiantools` (0.11) parses the vault the way Obsidian's graph does, with one known
gap that this test makes explicit instead of hiding: it indexes notes by FILE NAME only
(`Vault.md_file_index` maps the stem "Maya Chen" to its path), and keeps a link's whole
target minus `#fragment` and `|alias` as the node name. A link written as a path from
the vault root, such as the citation `[[sessions/2026/06/2026-06-15-onboarding#^t1]]`,
therefore becomes a node called "sessions/2026/06/2026-06-15-onboarding" that it lists
in `nonexistent_notes`, although Obsidian opens it (a path from the vault root is one
of Obsidian's link forms). Block fragments (`#^t1`) are handled: obsidiantools strips
them, so it cannot check that the block exists; the test checks that on the files.

So: every link obsidiantools resolves by name counts as resolved; every link it leaves
unresolved must be a root-relative path whose file exists (Obsidian's rule), and
nothing else may be left. The graph is checked after mapping those path nodes onto the
notes they name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import networkx as nx
import pytest

from brain.demo import run_demo
from memory_schema import init_memory

obsidiantools_api = pytest.importorskip("obsidiantools.api")

BLOCK_LINK_RE = re.compile(r"\[\[([^\[\]|#]+)#\^([A-Za-z0-9-]+)(?:\|[^\]]*)?\]\]")


@pytest.fixture(scope="module")
def demo_vault(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("vault") / "memory"
    run_demo(root)
    return root, obsidiantools_api.Vault(root).connect()


def _obsidian_path_target(root: Path, name: str) -> str | None:
    """Obsidian's root-relative link form: 'folder/file' names 'folder/file.md'."""
    if "/" in name and (root / f"{name}.md").is_file():
        return name
    return None


def _knowledge_notes(vault: object) -> dict[str, Path]:
    return {n: p for n, p in vault.md_file_index.items() if p.parts[0] == "knowledge"}


def test_vault_reader_finds_the_wiki_and_no_unresolved_link(demo_vault) -> None:
    root, vault = demo_vault
    knowledge = _knowledge_notes(vault)
    assert {"Maya Chen", "Northwind Labs"} <= set(knowledge)
    # Hidden folders (.brain/, .obsidian/, .git/) are not notes.
    assert not [p for p in vault.md_file_index.values() if p.parts[0].startswith(".")]

    unresolved = []
    path_links = 0
    for name in knowledge:
        for link in vault.wikilinks_index[name]:
            if link in vault.md_file_index:
                continue  # resolved by obsidiantools itself
            if _obsidian_path_target(root, link):
                path_links += 1  # resolved by Obsidian's root-relative path rule
                continue
            unresolved.append((name, link))
    assert unresolved == []
    assert path_links > 0  # the citations: block links by path
    # Whatever obsidiantools could not resolve anywhere in the vault is such a path link.
    assert vault.nonexistent_notes
    for name in vault.nonexistent_notes:
        assert _obsidian_path_target(root, name), f"unresolved link [[{name}]]"


def test_citations_are_block_links_to_existing_blocks(demo_vault) -> None:
    root, vault = demo_vault
    seen = 0
    for rel in _knowledge_notes(vault).values():
        text = (root / rel).read_text("utf-8")
        for target, block in BLOCK_LINK_RE.findall(text):
            lines = (root / f"{target}.md").read_text("utf-8").split("\n")
            # Obsidian block id: a line '^id' after a blank line, closing the block above.
            i = lines.index(f"^{block}")
            assert lines[i - 1] == "" and lines[i - 2].strip(), (target, block)
            seen += 1
    assert seen >= 4


def test_wiki_graph_is_connected(demo_vault) -> None:
    _, vault = demo_vault
    knowledge = _knowledge_notes(vault)
    graph = vault.graph.to_undirected()
    # Map root-relative path nodes onto the notes they name (see the module docstring).
    by_path = {str(p.with_suffix("")): n for n, p in vault.md_file_index.items()}
    mapping = {node: by_path[node] for node in graph.nodes if node in by_path}
    graph = nx.relabel_nodes(graph, mapping)
    wiki = graph.subgraph(knowledge)
    assert wiki.number_of_nodes() == len(knowledge)
    assert nx.is_connected(wiki)


def test_init_writes_a_useful_obsidian_config(memory) -> None:
    obsidian = memory.root / ".obsidian"
    configs = {p.name: json.loads(p.read_text("utf-8")) for p in obsidian.glob("*.json")}
    assert {"app.json", "graph.json", "core-plugins.json", "bookmarks.json", "types.json"} <= set(
        configs
    )
    app = configs["app.json"]
    # Derived data is kept out of search, the graph and the quick switcher.
    assert {".brain/", "sessions/index.md"} <= set(app["userIgnoreFilters"])
    assert app["useMarkdownLinks"] is False  # [[wikilinks]], as Brain writes them
    assert configs["graph.json"]["search"] == "path:knowledge/"
    plugins = configs["core-plugins.json"]
    for needed in ("graph", "backlink", "page-preview", "properties", "bookmarks"):
        assert plugins[needed] is True
    assert plugins["daily-notes"] is False  # would drop files into the memory root
    assert configs["bookmarks.json"]["items"][0]["path"] == "INDEX.md"
    assert configs["types.json"]["types"]["updated"] == "date"
    # Per-device Obsidian state is never committed.
    gitignore = (memory.root / ".gitignore").read_text("utf-8")
    assert ".obsidian/workspace.json" in gitignore
    tracked = memory.git("ls-files", ".obsidian").split()
    assert sorted(tracked) == sorted(f".obsidian/{n}" for n in configs)


def test_init_on_an_older_memory_adds_new_obsidian_files_only(tmp_path) -> None:
    repo, _ = init_memory(tmp_path / "memory")
    # A memory made before types.json existed, whose user changed app.json.
    with repo.transaction("older memory") as tx:
        tx.delete(".obsidian/types.json")
        tx.write(".obsidian/app.json", '{"mine": true}\n')
    init_memory(repo.root)
    assert (repo.root / ".obsidian" / "types.json").is_file()
    assert json.loads((repo.root / ".obsidian" / "app.json").read_text("utf-8")) == {"mine": True}
