"""Errors of the sandbox package."""

from __future__ import annotations


class SandboxError(Exception):
    """Root error: a sandbox could not be created or a command could not run in it."""


class SandboxUnavailable(SandboxError):
    """The backend's engine or binary is missing; the message names what to install."""


class PathRefused(SandboxError):
    """A path leaves the working set (absolute, '..' or a symlink out)."""
