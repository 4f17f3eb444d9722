"""One reading of text for everyone: parsing (spaCy), classification by examples, and
rewriting a speaker's sentence in the third person."""

from .classify import Classifier, classifier_for, prototypes
from .nlp import parse
from .person import Rewrite, rewrite_third_person

__all__ = ["Classifier", "Rewrite", "classifier_for", "parse", "prototypes", "rewrite_third_person"]
