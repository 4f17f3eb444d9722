"""`brain mcp --dream`: the tools with which an agent host runs Dream itself.

The host (its model) is the engine; Brain keeps the lock, the base commit, the transient
tree, the validators and the one commit (dream/host.py). Off by default: a plain
`brain mcp` can read memory and add notes, never rewrite the wiki.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from dream.host import HostDream, HostDreamError
from memory_schema.errors import ParseError
from memory_schema.store import is_session_file, is_source_file

from .access import MemoryAccess, client_name

RunId = Annotated[str, Field(description="The run id dream_begin returned.")]


def _json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)


def register_dream_tools(
    server: Any, access: MemoryAccess, tool: Callable[..., Callable[[Any], Any]]
) -> HostDream:
    """Add the dream_* tools to `server`; returns the HostDream they share."""
    host = HostDream(access.repo)

    @tool(read_only=False)
    def dream_begin(ctx: Context) -> str:  # type: ignore[type-arg]
        """Open a Dream run on this memory, with you as its engine. Returns the run id, the
        plan (new and grown sessions with their new turns, changed sources, the forget
        log, the standing instructions, the pages most likely touched) and the procedure
        to follow (the Dream Skill). Only one run at a time; an idle run expires."""
        from skills import load_skill

        plan = host.begin(client_name(ctx))
        skill = load_skill("dream")
        return (
            f"# Dream run {plan['run_id']}\n\n## Plan\n\n```json\n{_json(plan)}\n```\n\n"
            f"## Procedure (skills/dream/SKILL.md)\n\n{skill.body.strip()}\n"
        )

    @tool()
    def dream_read(
        run_id: RunId,
        path: Annotated[
            str,
            Field(
                description="A memory file as the run sees it (its drafts over the base "
                "commit), e.g. knowledge/people/Maya Chen.md or a session; a link with an "
                "anchor (sessions/2026/06/id#^t4) reads one block."
            ),
        ],
    ) -> str:
        """Read a file as this run sees it: what you wrote in this run, else the run's base
        commit. One block with path#^tN (turn) or path#^pN (paragraph); a folder lists
        its entries (subfolders end with '/')."""
        target, _, anchor = path.strip().strip("[]").partition("#")
        try:
            rel, text, origin = host.read(run_id, target)
        except HostDreamError:
            if target.endswith(".md"):
                raise
            rel, text, origin = host.read(run_id, f"{target}.md")  # a link target
        if anchor:
            block = anchor.lstrip("^")
            try:
                if is_session_file(rel) or is_source_file(rel):
                    return access._evidence_block(rel, text, block)
            except ParseError as exc:
                raise ToolError(f"{rel} cannot be parsed: {exc.message}") from exc
            if anchor.startswith("^"):
                return access._page_block(rel, text, block)
            return access._section(rel, text, anchor)
        return f"[{rel} · {origin}]\n{text}"

    @tool(read_only=False)
    def dream_write(
        run_id: RunId,
        path: Annotated[
            str,
            Field(
                description="knowledge/<folder>/<Title>.md for a wiki page, or "
                "sessions/YYYY/MM/<id>.summary.md for a session summary."
            ),
        ],
        text: Annotated[str, Field(description="The whole file: frontmatter and body.")],
    ) -> str:
        """Write or replace a wiki page or a session summary in the run (not yet in memory).
        Returns the deterministic validators' findings on it at once (broken citations,
        links, frontmatter) and its unsupported_claims (each names the claim words its
        cited block does not support). Lines naming a forgotten phrase are removed."""
        return _json(host.write(run_id, path, text))

    @tool()
    def dream_validate(run_id: RunId) -> str:
        """Run every validator on the run's whole tree: structure, citations and links,
        each claim against the block it cites (unsupported claims with the reason), and
        contradictions. Fix what it reports with dream_write, then dream_commit."""
        return _json(host.validate(run_id))

    @tool(read_only=False)
    def dream_commit(
        run_id: RunId,
        drop_unsupported: Annotated[
            bool,
            Field(
                description="Cut the claims the validators do not support and commit the "
                "rest (default: refuse while any remain)."
            ),
        ] = False,
    ) -> str:
        """Validate again and publish the run as one Git commit (trailers name you as the
        engine, the run and the sessions summarised). Refused, with the findings, while
        the tree fails a validator; the run then stays open for fixes."""
        return _json(host.commit(run_id, drop_unsupported=drop_unsupported))

    @tool(read_only=False)
    def dream_abort(run_id: RunId) -> str:
        """Drop the run: nothing is written to memory, the lock is released."""
        return _json(host.abort(run_id))

    return host


__all__ = ["register_dream_tools"]
