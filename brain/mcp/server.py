"""`brain mcp`: memory as a Model Context Protocol server (stdio, or streamable HTTP).

Tools read the index, search, read a file or one block, grep, list folders, call the
Memory Agent, remember a note (through the one write path) and answer a cited question;
INDEX.md, the standing instructions and every memory file are resources. A bad request
is a tool error with a one-line message; it never stops the server. Heavy parts (the
search index and its embedding model, the agent) load on first use and are kept for the
life of the process.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import Resource as MCPResource
from mcp_types import ToolAnnotations
from pydantic import Field

from memory_schema import MemoryRepo
from memory_schema.errors import SchemaError
from memory_schema.layout import INDEX_FILE, INSTRUCTIONS_FILE

from .access import (
    MAX_READ_LINES,
    Answered,
    MemoryAccess,
    Remembered,
    SearchResult,
    client_name,
)

F = TypeVar("F", bound=Callable[..., Any])

SERVER_NAME = "brain"
DEFAULT_HTTP_PORT = 8765

_READ_ONLY = ToolAnnotations(readOnlyHint=True, openWorldHint=False)


def _instructions() -> str:
    return resources.files("brain").joinpath("mcp", "instructions.md").read_text("utf-8")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("brain-memory")
    except PackageNotFoundError:
        return "0"


def _clean_errors(fn: F) -> F:
    """Known errors of Brain's packages become tool errors carrying their message."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from brain.cli import known_errors

        try:
            return fn(*args, **kwargs)
        except ToolError:
            raise
        except (SchemaError, *known_errors()) as exc:
            raise ToolError(str(exc)) from exc
        except SystemExit as exc:  # a bad setting in the environment (brain.config)
            raise ToolError(str(exc.code)) from exc

    return wrapper  # type: ignore[return-value]


class BrainMCPServer(MCPServer):
    """MCPServer whose resource list also names every wiki page, as it is right now."""

    def __init__(self, access: MemoryAccess, **kwargs: Any):
        super().__init__(**kwargs)
        self.access = access

    async def list_resources(self) -> list[MCPResource]:
        import anyio.to_thread

        static = await super().list_resources()
        return static + await anyio.to_thread.run_sync(self.access.page_resources)


def build_server(
    memory: Path | str, *, dream: bool = False, read_only: bool = False
) -> BrainMCPServer:
    """The MCP server over the memory repo at `memory` (which must exist).

    With `dream`, also the dream_* tools, with which the client runs Dream itself. With
    `read_only`, no tool writes memory: no note tools, no `remember`, and `ask` records
    nothing.
    """
    if dream and read_only:
        raise ValueError("--dream writes the wiki; it cannot be read-only")
    access = MemoryAccess(MemoryRepo.open(memory))
    server = BrainMCPServer(
        access,
        name=SERVER_NAME,
        title="Brain memory",
        instructions=_instructions(),
        version=_version(),
        log_level="WARNING",
    )

    def tool(
        *, read_only: bool = True, structured: bool = False, destructive: bool = False
    ) -> Callable[[F], F]:
        def register(fn: F) -> F:
            writes = ToolAnnotations(destructiveHint=destructive, openWorldHint=False)
            server.add_tool(
                _clean_errors(fn),
                name=fn.__name__,
                annotations=_READ_ONLY if read_only else writes,
                structured_output=structured,
            )
            return fn

        return register

    @tool()
    def read_index() -> str:
        """Read INDEX.md: the compact index of the wiki, one line per page with its summary.
        Start here to see what memory knows about."""
        return access.index()

    @tool(structured=True)
    def search(
        query: Annotated[str, Field(description="What to look for, in plain words.")],
        k: Annotated[int, Field(ge=1, le=50, description="How many blocks to return.")] = 8,
        kinds: Annotated[
            list[Literal["knowledge", "note", "session", "summary", "source"]] | None,
            Field(
                description="Only these kinds of memory file (default: all; the agents' "
                "own transcripts are never searched)."
            ),
        ] = None,
        method: Annotated[
            Literal["hybrid", "bm25", "dense"],
            Field(description="hybrid (default) fuses keyword and meaning search."),
        ] = "hybrid",
        path: Annotated[
            str | None, Field(description="Only files under this path, e.g. 'sessions/2026'.")
        ] = None,
        date_from: Annotated[
            dt.date | None, Field(description="Only blocks dated on or after (YYYY-MM-DD).")
        ] = None,
        date_to: Annotated[
            dt.date | None, Field(description="Only blocks dated on or before (YYYY-MM-DD).")
        ] = None,
    ) -> SearchResult:
        """Search all of memory (wiki pages, notes, session turns, documents) and return the
        best matching blocks, each with a link to cite (path#^anchor). Undated blocks never
        pass a date filter."""
        return access.search(
            query,
            k=k,
            kinds=list(kinds) if kinds else None,
            method=method,
            path=path,
            date_from=date_from,
            date_to=date_to,
        )

    @tool()
    def read(
        path: Annotated[
            str,
            Field(
                description="A memory file (knowledge/people/Maya Chen.md), a link target "
                "with an anchor (sessions/2026/06/id#^t4), or a page title."
            ),
        ],
        anchor: Annotated[
            str | None,
            Field(description="One block: ^t4 (turn), ^p2 (paragraph) or a page heading."),
        ] = None,
        start: Annotated[int, Field(ge=1, description="First line to read.")] = 1,
        lines: Annotated[int, Field(ge=1, le=MAX_READ_LINES, description="How many lines.")] = 200,
    ) -> str:
        """Read a memory file, or only one block of it: a session turn, a document paragraph
        or a page section. Citation links like [[path#^t4]] can be passed as they are."""
        return access.read(path, anchor=anchor, start=start, lines=lines)

    @tool()
    def grep(
        pattern: Annotated[str, Field(description="Regular expression (Python syntax).")],
        path: Annotated[str, Field(description="File or folder to search.")] = ".",
        glob: Annotated[
            str | None, Field(description="Only paths matching this glob, e.g. 'sessions/*'.")
        ] = None,
        ignore_case: bool = False,
    ) -> str:
        """Find lines matching a regular expression in memory's Markdown files; prints
        path:line:text. Use it for exact names, dates and phrases."""
        return access.grep(pattern, path=path, glob=glob, ignore_case=ignore_case)

    @tool()
    def ls(path: Annotated[str, Field(description="Folder in memory.")] = ".") -> str:
        """List a folder of memory (folders end with '/'): knowledge/, notes/, sessions/,
        sources/."""
        return access.ls(path)

    def remember(
        text: Annotated[
            str, Field(description="The note, in Markdown; its first line is its title.")
        ],
        ctx: Context,  # type: ignore[type-arg]
        topic: Annotated[
            str, Field(description="Folder under notes/, e.g. 'work/standups'.")
        ] = "inbox",
        title: Annotated[str | None, Field(description="Title (default: the first line).")] = None,
    ) -> Remembered:
        """Store a note in memory (notes/<topic>/...), as one Git commit. Dream folds notes
        into the wiki later."""
        return access.remember(text, topic=topic, title=title, client=client_name(ctx))

    if not read_only:
        tool(read_only=False, structured=True)(remember)

    @tool()
    def memory_agent(
        description: Annotated[
            str, Field(description="What you need to know, e.g. 'Maya's deadlines at work'.")
        ],
    ) -> str:
        """Call the Memory Agent: it searches all of memory, follows wiki citations down to
        the evidence and answers with a short synthesis, the evidence links and the files
        worth reading next."""
        return access.memory_agent(description)

    @tool(read_only=read_only, structured=True)
    def ask(
        question: Annotated[str, Field(description="A question about what memory holds.")],
        engine: Annotated[
            Literal["extractive", "llm"] | None,
            Field(description="Answering engine (default: BRAIN_ENGINE, else extractive)."),
        ] = None,
        record: Annotated[
            bool, Field(description="Record the exchange in sessions/ (as `brain ask` does).")
        ] = True,
    ) -> Answered:
        """Answer a question from memory. Every claim in the answer cites a session turn or
        document paragraph; with no supporting evidence the answer says it does not know.
        The exchange is recorded in memory's sessions/ like `brain ask` unless record=false."""
        return access.ask(question, engine=engine, record=record and not read_only)

    @server.resource(
        "memory://index",
        name="INDEX.md",
        title="Index of the wiki",
        description="One line per wiki page: link, summary, last update.",
        mime_type="text/markdown",
    )
    def index_resource() -> str:
        return access.file_text(INDEX_FILE)

    @server.resource(
        "memory://instructions",
        name=INSTRUCTIONS_FILE,
        title="Standing instructions",
        description="What the memory's owner wants every agent to keep in mind.",
        mime_type="text/markdown",
    )
    def instructions_resource() -> str:
        return access.file_text(INSTRUCTIONS_FILE)

    @server.resource(
        "memory://file/{+path}",
        name="memory-file",
        title="A memory file",
        description="Any file of memory by its path, e.g. memory://file/knowledge/people/Maya%20Chen.md",
        mime_type="text/markdown",
    )
    def file_resource(path: str) -> str:
        return access.file_text(path)

    if not read_only:
        from .note_tools import register_note_tools

        register_note_tools(server, access, tool)
    if dream:
        from .dream_tools import register_dream_tools

        register_dream_tools(server, access, tool)
    return server


def serve(
    memory: Path | str,
    *,
    http: bool = False,
    port: int = DEFAULT_HTTP_PORT,
    dream: bool = False,
    read_only: bool = False,
) -> None:
    """Run the server until the client disconnects (stdio) or the process is stopped (HTTP).

    While it runs, a watcher keeps the search index fresh (search/watch.py): edits in
    Obsidian, commits by other processes and the note tools' own writes are indexed
    within a second, and a search never waits on a scan of every file.
    """
    from search.watch import IndexWatcher

    server = build_server(memory, dream=dream, read_only=read_only)
    with IndexWatcher(server.access.search_index()):
        if http:
            # Loopback only: memory is private, and the SDK's DNS-rebinding protection is
            # set up for the loopback host.
            server.run("streamable-http", host="127.0.0.1", port=port)
        else:
            server.run("stdio")
