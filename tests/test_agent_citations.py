"""Citation post-processing: checked against real blocks, collated, deduplicated, numbered."""

from __future__ import annotations

import pytest

from agent.citations import DONT_KNOW, process, supported
from agent.evidence import EvidenceStore
from memory_schema import MemoryRepo
from tests.test_agent_helpers import HIKE, MAYA, ONBOARDING, SOURCE, TRIP, build_memory

ONB = ONBOARDING[:-3]


@pytest.fixture
def store(memory: MemoryRepo) -> EvidenceStore:
    build_memory(memory)
    return EvidenceStore(memory.root)


def test_neighbours_in_one_file_collate(store: EvidenceStore):
    text = (
        f"She migrates ETL [[{ONB}#^t3]] due in July [[{ONB}#^t4]], and wants Python [[{ONB}#^t5]]."
    )
    out = process(text, store)
    assert [(c.n, c.path, c.anchor) for c in out.citations] == [(1, ONBOARDING, "t3-t5")]
    assert out.text == "She migrates ETL [cite:1] due in July [cite:1], and wants Python [cite:1]."
    assert out.citations[0].quote.startswith("A migration of our nightly ETL jobs")
    assert out.invalid == 0


def test_separate_runs_files_and_first_use_numbering(store: EvidenceStore):
    trip = TRIP[:-3]
    text = f"Trip [[{trip}#^t3]]. Job [[{ONB}#^t1]] [[{ONB}#^t3]]. Trip again [[{trip}#^t3]]."
    out = process(text, store)
    assert [(c.n, c.path, c.anchor) for c in out.citations] == [
        (1, TRIP, "t3"),
        (2, ONBOARDING, "t1"),
        (3, ONBOARDING, "t3"),
    ]
    assert out.text == "Trip [cite:1]. Job [cite:2] [cite:3]. Trip again [cite:1]."


def test_duplicates_collapse(store: EvidenceStore):
    out = process(f"Yes [[{ONB}#^t1]][[{ONB}#^t1]] [[{ONB}.md#^t1]].", store)
    assert out.text == "Yes [cite:1]."
    assert len(out.citations) == 1


def test_forms_of_block_links(store: EvidenceStore):
    forms = [
        f"[[{ONB}#^t1]]",
        f"[[{ONB}#^t1|shown]]",
        f"[[{ONB}.md#^t1]]",
        "[[2026-06-15-onboarding#^t1]]",  # by file name, as Obsidian resolves
        f"({ONBOARDING}#^t1)",
        f"{ONBOARDING}#t1",
    ]
    for form in forms:
        out = process(f"Maya works at Northwind {form}.", store)
        assert out.text == "Maya works at Northwind [cite:1].", form
        assert out.citations[0].anchor == "t1", form
    ranged = process(f"x [[{ONB}#^t2-t4]]", store)
    assert ranged.citations[0].anchor == "t2-t4"
    source = process(f"On-call [[{SOURCE[:-3]}#^p2]].", store)
    assert (source.citations[0].path, source.citations[0].anchor) == (SOURCE, "p2")


def test_invalid_citations_are_dropped_and_counted(store: EvidenceStore):
    text = (
        f"Real [[{ONB}#^t1]]. "
        f"No such block [[{ONB}#^t99]]. "
        f"Wrong kind of anchor [[{ONB}#^p1]]. "
        "No such file [[sessions/2026/06/invented#^t1]]. "
        f"A wiki page is not evidence [[{MAYA[:-3]}#^t1]]. "
        "A page's own number means nothing here [cite:2]. "
        f"Range past the end [[{HIKE[:-3]}#^t2-t9]]."
    )
    out = process(text, store)
    assert out.invalid == 6
    assert [c.anchor for c in out.citations] == ["t1"]
    assert "[[" not in out.text and "[cite:2]" not in out.text
    assert out.text.startswith("Real [cite:1]. No such block. Wrong kind of anchor.")


def test_no_valid_citation_means_dont_know(store: EvidenceStore):
    out = supported(process("Maya works at Acme [[sessions/2020/01/x#^t1]].", store))
    assert out.text == DONT_KNOW and out.citations == [] and out.invalid == 1
    kept = supported(process(f"Maya [[{ONB}#^t1]]", store))
    assert kept.citations
