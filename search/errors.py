"""Errors of the search index."""

from __future__ import annotations


class SearchError(Exception):
    """Root error of search: bad query arguments, a missing memory, a model that won't load."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class CorruptIndexError(SearchError):
    """A file of the derived index cannot be read; the index rebuilds itself from memory."""
