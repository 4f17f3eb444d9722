"""The Dream skill: SKILL.md beside this file."""
