"""The note tools of `brain mcp`: write_note, edit_note, move_note, delete_note.

On by default, off with `brain mcp --read-only`. Each call is one commit whose trailers
name the tool (`Brain-Command`) and the MCP client (`Brain-Client`, the name the client
gave in its initialize request). The work is in notes.py and note_text.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from .access import MemoryAccess, client_name
from .notes import NoteChanged, NoteWriter

NotePath = Annotated[
    str, Field(description="The note's path under notes/, e.g. notes/work/Standup.md.")
]


def register_note_tools(
    server: Any, access: MemoryAccess, tool: Callable[..., Callable[[Any], Any]]
) -> NoteWriter:
    """Add the note tools to `server`; returns the NoteWriter they share."""
    notes = NoteWriter(access.repo)

    @tool(read_only=False, structured=True)
    def write_note(
        title: Annotated[str, Field(description="The note's title (also its file name).")],
        content: Annotated[
            str,
            Field(
                description="Markdown. May link pages ([[Maya Chen]]) and cite turns: "
                "'Maya moved to Porto [cite:1]' with a last line "
                "'- [cite:1] [[sessions/2026/06/<id>#^t4]] \"quoted words\"'."
            ),
        ],
        ctx: Context,  # type: ignore[type-arg]
        folder: Annotated[
            str, Field(description="Folder under notes/, e.g. 'work/standups'.")
        ] = "inbox",
        tags: Annotated[list[str] | None, Field(description="Tags for the note.")] = None,
        path: Annotated[
            str | None,
            Field(description="Exact path under notes/ (default: notes/<folder>/<title>.md)."),
        ] = None,
    ) -> NoteChanged:
        """Create a note under notes/ as one Git commit. It is validated first (frontmatter,
        [[links]], [cite:N] citations: each cited claim must be what its turn says) and
        refused with the reasons if it fails. knowledge/ is Dream's: to change a wiki page,
        write a note; the next Dream folds it in."""
        return notes.write(
            title, content, folder=folder, tags=tags, path=path, client=client_name(ctx)
        )

    @tool(read_only=False, structured=True, destructive=True)
    def edit_note(
        path: NotePath,
        operation: Annotated[
            Literal["append", "prepend", "find_replace", "replace_section"],
            Field(
                description="append (before the citation list), prepend (under the title), "
                "find_replace (replace the one place `find` occurs), replace_section (the "
                "text under `heading`)."
            ),
        ],
        content: Annotated[
            str, Field(description="The new text (citation definitions join the list).")
        ],
        ctx: Context,  # type: ignore[type-arg]
        find: Annotated[
            str | None, Field(description="find_replace: the exact text, occurring once.")
        ] = None,
        heading: Annotated[
            str | None, Field(description="replace_section: the section's heading.")
        ] = None,
    ) -> NoteChanged:
        """Change a note under notes/ as one Git commit, validated like write_note. Two
        clients editing one note at once both land: an edit is redone on the newer text."""
        return notes.edit(
            path, operation, content, find=find, heading=heading, client=client_name(ctx)
        )

    @tool(read_only=False, structured=True, destructive=True)
    def move_note(
        path: NotePath,
        new_path: Annotated[
            str, Field(description="New path under notes/, or a folder ending in '/'.")
        ],
        ctx: Context,  # type: ignore[type-arg]
    ) -> NoteChanged:
        """Move or rename a note within notes/ as one Git commit (refused when a wiki page
        links to it by its path)."""
        return notes.move(path, new_path, client=client_name(ctx))

    @tool(read_only=False, structured=True, destructive=True)
    def delete_note(path: NotePath, ctx: Context) -> NoteChanged:  # type: ignore[type-arg]
        """Delete a note under notes/ as one Git commit; Git keeps its history. Refused
        when a wiki page links to it."""
        return notes.delete(path, client=client_name(ctx))

    return notes


__all__ = ["register_note_tools"]
