"""Errors of Dream runs."""

from __future__ import annotations


class DreamError(Exception):
    """Root error of dream; carries the run id when there is one."""

    def __init__(self, message: str, *, run_id: str | None = None):
        super().__init__(message)
        self.message = message
        self.run_id = run_id

    def __str__(self) -> str:
        return f"dream {self.run_id}: {self.message}" if self.run_id else self.message


class DreamBusyError(DreamError):
    """Another Dream run holds this memory's run lock."""


class DreamValidationError(DreamError):
    """The transient tree failed structural validation; nothing was committed."""

    def __init__(self, message: str, *, run_id: str | None = None, report: object = None):
        super().__init__(message, run_id=run_id)
        self.report = report


class ScheduleError(DreamError):
    """The crontab entry could not be read, installed or removed."""
