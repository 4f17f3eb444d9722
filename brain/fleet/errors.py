"""Errors of `brain fleet`."""

from __future__ import annotations


class FleetError(Exception):
    """Root error of the fleet: a bad ROOT, a queue that cannot be reached, bad routing."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class TransientLLMError(FleetError):
    """The model said 'later' (rate limit, timeout, overload): the run is retried."""
