"""Errors of capture. `IngestError` is the root; the CLI shows its message as one line."""

from __future__ import annotations


class IngestError(Exception):
    """Root error of ingest; carries the input it concerns when there is one."""

    def __init__(self, message: str, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class UnknownFormatError(IngestError):
    """The input's format is not one capture knows (the message lists the known ones)."""


class RejectedSessionWarning(UserWarning):
    """One session of a multi-session file was rejected; the others are still captured."""


class SkippedInputWarning(UserWarning):
    """Part of an input was left out on purpose (say, empty conversations of an export);
    the batch reports it as a warning."""


class RejectedInputError(IngestError):
    """The input is corrupt, empty, too large or otherwise unusable; nothing was written."""
