"""The llm engine's Skill: what Brain's own model reports per session (SKILL.md)."""
