"""Checks that a memory tree is well formed (deterministic) and true to its evidence (semantic)."""

from .deterministic import validate_tree
from .findings import RULES, Finding, Report
from .semantic import validate_semantics
from .support import Evidence, JudgeVerdict, Support, check_support

__all__ = [
    "RULES",
    "Evidence",
    "Finding",
    "JudgeVerdict",
    "Report",
    "Support",
    "check_support",
    "validate_semantics",
    "validate_tree",
]
