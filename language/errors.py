"""The language package's one error type."""


class LanguageError(Exception):
    """Text could not be read: a model or a data file is missing."""
