"""The on-disk format of Brain memory and its one write path into Git."""

from .errors import NotAMemoryError, ParseError, PathEscapeError, SchemaError, WriteError
from .index_md import render_index
from .init import init_memory
from .links import CitationDef, LinkResolver, WikiLink
from .page import Evidence, Page, build_page
from .repo import CommitInfo, MemoryRepo, Transaction
from .session import Session, Turn
from .source import Source

__all__ = [
    "CitationDef",
    "CommitInfo",
    "Evidence",
    "LinkResolver",
    "MemoryRepo",
    "NotAMemoryError",
    "Page",
    "ParseError",
    "PathEscapeError",
    "SchemaError",
    "Session",
    "Source",
    "Transaction",
    "Turn",
    "WikiLink",
    "WriteError",
    "build_page",
    "init_memory",
    "render_index",
]
