"""One reading of text for everyone: parsing (spaCy), classification by examples, and
rewriting a speaker's sentence in the third person."""

from .classify import Classifier, prototypes
from .nlp import parse
from .person import Rewrite, rewrite_third_person

__all__ = ["Classifier", "Rewrite", "parse", "prototypes", "rewrite_third_person"]
