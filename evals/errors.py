"""Errors of the evaluations."""

from __future__ import annotations


class EvalError(Exception):
    """Root error of evals: a missing or malformed dataset, a bad option."""

    def __init__(self, message: str, *, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message
