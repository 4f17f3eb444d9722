"""Dream runs: orient, summarize, map facts, update the wiki; validated atomic sync."""

from .errors import DreamBusyError, DreamError, DreamValidationError, ScheduleError
from .orient import Limits
from .run import DreamOptions, DreamResult, run_dream

__all__ = [
    "DreamBusyError",
    "DreamError",
    "DreamOptions",
    "DreamResult",
    "DreamValidationError",
    "Limits",
    "ScheduleError",
    "run_dream",
]
