"""Synthetic personas with planted facts, questions, gold answers and gold evidence.

`generate_personas(seed, count)` builds users whose histories look like real use
(months of sessions, everyday topics, distractors) and questions in seven categories
whose gold evidence turns were recorded while the sessions were written.
"""

from .generator import (
    DEFAULT_PERSONAS,
    DEFAULT_SEED,
    PER_CATEGORY,
    generate_persona,
    generate_personas,
)
from .model import CATEGORIES, Evidence, Persona, Question

__all__ = [
    "CATEGORIES",
    "DEFAULT_PERSONAS",
    "DEFAULT_SEED",
    "PER_CATEGORY",
    "Evidence",
    "Persona",
    "Question",
    "generate_persona",
    "generate_personas",
]
