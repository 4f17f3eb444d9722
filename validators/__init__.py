"""Checks that a memory tree is well formed (deterministic) and true to its evidence (semantic)."""

from .deterministic import validate_tree
from .findings import RULES, Finding, Report
from .semantic import validate_semantics

__all__ = ["RULES", "Finding", "Report", "validate_semantics", "validate_tree"]
