"""Many memories: status, local or queued Dream runs, capture routing (`brain fleet`)."""

from .errors import FleetError, TransientLLMError
from .members import Member, members

__all__ = ["FleetError", "Member", "TransientLLMError", "members"]
