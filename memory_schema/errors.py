"""Errors of the memory format and the write path."""

from __future__ import annotations


class SchemaError(Exception):
    """Root error of memory_schema; carries the path it concerns when there is one."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if where and self.line:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class ParseError(SchemaError):
    """A memory file could not be parsed into its model."""


class PathEscapeError(SchemaError):
    """A path points outside the memory tree."""


class WriteError(SchemaError):
    """The write path could not complete a transaction; nothing was changed."""


class NotAMemoryError(SchemaError):
    """The directory is not an initialised memory repo."""
