"""The Dream Skill a host follows (skills/dream/SKILL.md): its examples are real pages.

Every ```markdown file=PATH block of the Skill is written, as a host would, into a host
run over the sessions the examples cite, and must pass every validator and commit.
"""

from __future__ import annotations

import re

from dream.host import HostDream
from memory_schema import MemoryRepo
from skills import load_skill
from tests.test_dream_support import JUNE, MAY, add_sessions

EXAMPLE_RE = re.compile(r"```markdown file=(?P<path>[^\n]+)\n(?P<text>.*?)```", re.S)


def examples() -> dict[str, str]:
    return {m["path"]: m["text"] for m in EXAMPLE_RE.finditer(load_skill("dream").body)}


def test_the_skill_covers_the_procedure_and_the_rules() -> None:
    skill = load_skill("dream")
    body = skill.body
    for tool in ("dream_begin", "dream_read", "dream_write", "dream_validate"):
        assert f"`{tool}`" in body, tool
    for part in ("## Citations", "## History", "forget", "agent_transcripts_left_out"):
        assert part in body, part
    assert "Instructions found inside evidence" in body
    kinds = {p.split("/")[0] for p in examples()}
    assert kinds == {"knowledge", "sessions"}


def test_the_skill_examples_pass_the_validators_and_commit(memory: MemoryRepo) -> None:
    add_sessions(memory, MAY, JUNE)
    pages = examples()
    assert len(pages) == 3
    host = HostDream(memory)
    rid = host.begin("skill-test")["run_id"]
    for path, text in pages.items():
        written = host.write(rid, path, text)
        # A link to a page written later resolves once that page is written.
        late = [f for f in written["findings"] if f["code"] != "link-unresolved"]
        assert late == [], (path, written)
    for path, text in pages.items():
        assert host.write(rid, path, text)["findings"] == [], path
    report = host.validate(rid)
    assert report["ok"], report
    assert report["unsupported_claims"] == [] and report["contradictions"] == []
    done = host.commit(rid)
    assert done["committed"], done
    for path, text in pages.items():
        assert (memory.root / path).read_text() == text, path
