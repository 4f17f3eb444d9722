"""Skills: instructions for agents as `SKILL.md` files (Agent Skills format), shipped as data."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from memory_schema.markdown_io import split_frontmatter


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    body: str  # the instructions, Markdown


def load_skill(name: str) -> Skill:
    """Read `skills/<name>/SKILL.md`: YAML frontmatter (name, description), then text."""
    text = resources.files("skills").joinpath(name, "SKILL.md").read_text("utf-8")
    meta, body = split_frontmatter(text, f"skills/{name}/SKILL.md")
    if not meta.get("name") or not meta.get("description"):
        raise ValueError(f"skills/{name}/SKILL.md needs 'name' and 'description' frontmatter")
    return Skill(name=str(meta["name"]), description=str(meta["description"]), body=body)
