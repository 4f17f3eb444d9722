"""What a host run shows the host and how it treats the host's text (dream/host.py):
the plan view, the pages likely touched, folder listings, forgotten lines, citations,
and the marker that tells `brain dream` which host holds the memory.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from memory_schema.errors import ParseError
from memory_schema.layout import summary_path_for
from memory_schema.links import CITE_DEF_RE
from memory_schema.page import Page
from memory_schema.repo import MemoryRepo
from memory_schema.store import is_session_file, is_source_file

from . import forget as fg
from .tree import RUNS_DIR
from .wiki import WikiPage

if TYPE_CHECKING:
    from .host import HostRun

HOST_FILE = "host.json"  # in the run's folder: which host holds the run
MAX_LIKELY_PAGES = 15


def plan_view(run: HostRun, ttl: float) -> dict[str, Any]:
    """What dream_begin tells the host: the plan, in plain JSON."""
    plan = run.plan
    sessions = []
    for it in plan.items:
        s = it.session
        first, last = it.old_turns + 1, len(s.turns)
        sessions.append(
            {
                "path": it.path,
                "title": s.title,
                "started": str(s.started) if s.started else None,
                "participants": sorted({t.who for t in s.turns}),
                "new_turns": f"^t{first}..^t{last}",
                "grown": it.grown,
                "summary": summary_path_for(it.path),
            }
        )
    forget = [
        e.text if e.text else f"(purged phrase of {e.words} words, sha256:{e.digest[:12]}…)"
        for e in plan.forget
    ]
    return {
        "run_id": run.run_id,
        "base": plan.base,
        "host": run.client,
        "expires_after_idle_seconds": ttl,
        "owner": run.wiki.principal,
        "nothing_new": not plan.has_work,
        "sessions": sessions,
        "sources": [
            {"path": p, "title": src.title, "paragraphs": len(src.blocks)}
            for p, _, src in plan.sources
        ],
        "forget": forget,
        "instructions": plan.instructions,
        "deferred_to_next_run": plan.deferred,
        "agent_transcripts_left_out": sorted(plan.agent_sessions),
        "run_changes": sorted(run.base_outputs),
        "pages_likely_touched": likely_pages(run),
    }


def likely_pages(run: HostRun) -> list[dict[str, Any]]:
    """Existing pages whose title or alias the new turns and sources mention, most first."""
    texts = []
    for it in run.plan.items:
        texts += [t.content for t in it.session.turns[it.old_turns :]]
    for _, _, src in run.plan.sources:
        texts += list(src.blocks)
    blob = "\n".join(texts)
    scored = []
    for path, page in run.wiki.pages.items():
        names = [n for n in [page.title, *page.aliases] if n and len(n) > 1]
        count = sum(
            len(re.findall(rf"(?<!\w){re.escape(n)}(?!\w)", blob, re.IGNORECASE)) for n in names
        )
        owner = run.wiki.principal and page.title == run.wiki.principal
        if count or owner:
            scored.append((count + (1000 if owner else 0), path, page))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [
        {"path": path, "title": page.title, "mentions": n % 1000, "summary": page.summary}
        for n, path, page in scored[:MAX_LIKELY_PAGES]
    ]


def folder(rel: str, base: dict[str, str], run: dict[str, str | None]) -> str | None:
    """The entries of a folder as the run sees it (subfolders end with '/'), or None."""
    prefix = f"{rel}/"
    paths = {p for p in base if p.startswith(prefix) and run.get(p, "") is not None}
    paths |= {p for p, t in run.items() if p.startswith(prefix) and t is not None}
    entries = set()
    for p in paths:
        head, sep, _ = p[len(prefix) :].partition("/")
        if head != ".gitkeep":
            entries.add(head + "/" if sep else head)
    if not paths:
        return None
    return "\n".join(sorted(entries)) if entries else "(empty)"


def holder(repo: MemoryRepo) -> str | None:
    """Who holds an open host run on this memory, as one phrase, or None."""
    runs = repo.root / RUNS_DIR
    for marker in sorted(runs.glob(f"*/{HOST_FILE}")) if runs.is_dir() else []:
        try:
            info = json.loads(marker.read_text("utf-8"))
            return (
                f"a Dream run by the agent host {info['host']} ({info['run_id']}) is open; "
                f"it ends with dream_commit or dream_abort, or after {info['ttl']:g}s idle"
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


def cite_defs(text: str) -> list[str]:
    return [line for line in text.splitlines() if CITE_DEF_RE.match(line)]


def cited_targets(files: dict[str, str | None]) -> set[str]:
    out = set()
    for text in files.values():
        for line in (text or "").splitlines():
            m = CITE_DEF_RE.match(line)
            if m:
                rel = f"{m.group(2)}.md"
                if is_source_file(rel) or is_session_file(rel):
                    out.add(rel)
    return out


def without_forgotten(text: str, rel: str, entries: list[fg.ForgetEntry]) -> tuple[str, int]:
    """The page with every line naming a forgotten phrase removed (quotes redacted)."""
    if not entries or not fg.matches(text, entries):
        return text, 0
    try:
        page = WikiPage.from_page(Page.parse(text, rel))
    except ParseError:
        kept = [ln for ln in text.split("\n") if not fg.matches(ln, entries)]
        return "\n".join(kept), len(text.split("\n")) - len(kept)
    n = page.remove_lines(lambda line: fg.matches(line, entries))
    quotes = {k: fg.redact(v, entries) for k, v in page.quotes.items()}
    n += quotes != page.quotes
    page.quotes = quotes
    page.aliases = [a for a in page.aliases if not fg.matches(a, entries)]
    rendered = page.render()
    if fg.matches(rendered, entries):
        # What the page model could not place (a title, a heading) still names it: the
        # lines go, whatever they are.
        kept = [ln for ln in rendered.split("\n") if not fg.matches(ln, entries)]
        n += len(rendered.split("\n")) - len(kept)
        rendered = "\n".join(kept)
    return rendered, max(n, 1)
