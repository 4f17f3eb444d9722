"""The text of a note: a new note from a title and content, and the edits of edit_note.

Pure functions over strings (no files, no Git); a bad request raises ValueError with the
reason. Citation definitions (`- [cite:N] [[target#^tN]] "quote"`) in added text go into
the note's citation list at its end, renumbered when a number is already taken there.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from memory_schema.errors import ParseError
from memory_schema.links import CITE_DEF_RE, CITE_RE, heading_key, short_quote
from memory_schema.markdown_io import join_frontmatter, split_frontmatter
from memory_schema.notes import first_line
from memory_schema.page import CITATIONS_HEADING, Page

OPERATIONS = ("append", "prepend", "find_replace", "replace_section")
_HEADING_RE = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE_RE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def _split(text: str, rel: str) -> tuple[dict[str, Any], str]:
    try:
        return split_frontmatter(text, rel)
    except ParseError as exc:
        raise ValueError(f"its frontmatter cannot be read: {exc.message}") from exc


def compose_note(rel: str, title: str, content: str, tags: list[str] | None, today: dt.date) -> str:
    """A new note: frontmatter (title, type note, tags, dates, summary) and the content,
    under an H1 title unless it starts with one. Frontmatter in `content` is kept, but
    the title and dates are the tool's."""
    content = (content or "").strip("\n")
    if not content.strip():
        raise ValueError("a note needs some content")
    given, body = _split(content + "\n", rel)
    meta: dict[str, Any] = {
        "title": title,
        "type": given.get("type", "note"),
        "aliases": given.get("aliases", []),
        "tags": list(tags) if tags is not None else given.get("tags", []),
        "created": today,
        "updated": today,
    }
    body = body.lstrip("\n")
    if _h1_line(body.split("\n")) is None:
        body = f"# {title}\n\n{body}"
    # Citation definitions written anywhere go to the citation list at the end.
    body = _insert("", body, at_end=True)
    meta["summary"] = given.get("summary") or _summary(body, title)
    meta.update({k: v for k, v in given.items() if k not in meta})
    return join_frontmatter(meta, body.rstrip("\n") + "\n")


def edit_text(
    rel: str,
    text: str,
    operation: str,
    content: str,
    find: str | None,
    heading: str | None,
    today: dt.date,
) -> str:
    """The note `text` after one edit (the same text when the edit changes nothing)."""
    if operation not in OPERATIONS:
        raise ValueError(f"unknown operation {operation!r} (one of {', '.join(OPERATIONS)})")
    content = content or ""
    original = text
    if operation == "find_replace":
        if not find:
            raise ValueError("find_replace needs `find`: the exact text to replace")
        text = _replace_once(rel, text, find, content)
        if text == original:
            return original
    meta, body = _split(text, rel)
    old_body = body
    if operation in ("append", "prepend"):
        if not content.strip():
            raise ValueError(f"nothing to {operation}: `content` is empty")
        body = _insert(body, content, at_end=operation == "append")
    elif operation == "replace_section":
        if not heading or not heading.strip():
            raise ValueError("replace_section needs `heading`: the heading of the section")
        body = _replace_section(body, heading, content)
    if operation != "find_replace" and body == old_body:
        return original
    # A note written by hand may lack frontmatter: give it what the schema needs.
    meta.setdefault("title", Page(path=rel).title)
    meta.setdefault("type", "note")
    meta.setdefault("created", today)
    meta["updated"] = today
    return join_frontmatter(meta, body.rstrip("\n") + "\n")


def _replace_once(rel: str, text: str, find: str, new: str) -> str:
    """`find` replaced where it occurs once in the body (or, absent there, once in the
    frontmatter: a tag, the summary)."""
    meta_text = text[: len(text) - len(_split(text, rel)[1])]
    body = text[len(meta_text) :]
    count = body.count(find)
    if count == 0 and text.count(find) == 1:
        return text.replace(find, new, 1)
    if count == 0:
        raise ValueError(f"the text to find is not in the note: {short_quote(find, 80)!r}")
    if count > 1:
        raise ValueError(
            f"the text to find occurs {count} times in the note; include more of the text "
            "around it so that it names one place"
        )
    return meta_text + body.replace(find, new, 1)


# -- insertion and citations -------------------------------------------------------------


def _h1_line(lines: list[str]) -> int | None:
    """Index of the H1 title when it is the first non-empty line."""
    for i, line in enumerate(lines):
        if line.strip():
            return i if re.match(r"^ {0,3}#\s", line) else None
    return None


def _summary(body: str, title: str) -> str:
    for line in body.split("\n"):
        if line.strip() and not _HEADING_RE.match(line) and not CITE_DEF_RE.match(line):
            return first_line(re.sub(r"\s*\[cite:\d+\]", "", line), 120)
    return title


def _citations_at(lines: list[str]) -> int | None:
    """Index of the citation list's heading (the last one, outside code)."""
    found = None
    for i, line in _prose(lines):
        if line.strip() == CITATIONS_HEADING:
            found = i
    return found


def _prose(lines: list[str]) -> list[tuple[int, str]]:
    """(index, line) of the lines outside fenced code."""
    out, fence = [], None
    for i, line in enumerate(lines):
        m = _FENCE_RE.match(line)
        if m:
            mark = m.group(1)[0] * 3
            fence = mark if fence is None else (None if m.group(1).startswith(fence) else fence)
            continue
        if fence is None:
            out.append((i, line))
    return out


def _renumber(new: str, taken: set[int]) -> str:
    """Give the citations `new` defines numbers not in `taken` (uses and definitions)."""
    defined = {int(m.group(1)) for line in new.split("\n") if (m := CITE_DEF_RE.match(line))}
    clash = sorted(defined & taken)
    if not clash:
        return new
    free = (n for n in range(1, 10**6) if n not in taken | defined)
    mapping = {n: next(free) for n in clash}
    return CITE_RE.sub(lambda m: f"[cite:{mapping.get(int(m.group(1)), int(m.group(1)))}]", new)


def _insert(body: str, new: str, *, at_end: bool) -> str:
    """`new` at the end of the note's text (before its citation list) or at its start
    (under its H1 title); citation definitions in `new` join the citation list."""
    lines = body.rstrip("\n").split("\n")
    taken = {int(m.group(1)) for line in lines if (m := CITE_DEF_RE.match(line))}
    new_lines = _renumber(new.strip("\n"), taken).split("\n")
    defs = [ln for ln in new_lines if CITE_DEF_RE.match(ln)]
    prose = "\n".join(
        ln for ln in new_lines if not CITE_DEF_RE.match(ln) and ln.strip() != CITATIONS_HEADING
    ).strip("\n")
    cit = _citations_at(lines)
    main, tail = (lines[:cit], lines[cit:]) if cit is not None else (lines, [])
    main_text = "\n".join(main).strip("\n")
    if prose and at_end:
        main_text = f"{main_text}\n\n{prose}" if main_text else prose
    elif prose:
        h1 = _h1_line(main)
        if h1 is None:
            main_text = f"{prose}\n\n{main_text}" if main_text else prose
        else:
            head = "\n".join(main[: h1 + 1]).strip("\n")
            rest = "\n".join(main[h1 + 1 :]).strip("\n")
            main_text = f"{head}\n\n{prose}" + (f"\n\n{rest}" if rest else "")
    tail_text = "\n".join(tail).rstrip("\n")
    if defs:
        tail_text = (f"{tail_text}\n" if tail_text else f"{CITATIONS_HEADING}\n\n") + "\n".join(
            defs
        )
    return main_text + (f"\n\n{tail_text}" if tail_text else "") + "\n"


def _replace_section(body: str, heading: str, content: str) -> str:
    """The text under `heading` (to the next heading of its level or higher) replaced."""
    want = heading_key(heading.strip().lstrip("#").strip())
    lines = body.rstrip("\n").split("\n")
    heads = [
        (i, len(m.group(1)), m.group(2))
        for i, line in _prose(lines)
        if (m := _HEADING_RE.match(line))
    ]
    hits = [h for h in heads if heading_key(h[2]) == want]
    if not hits:
        known = ", ".join(repr(h[2]) for h in heads) or "none"
        raise ValueError(f"no heading {heading!r} in the note (headings: {known})")
    if len(hits) > 1:
        raise ValueError(f"{len(hits)} headings are called {heading!r}; edit with find_replace")
    start, level, _ = hits[0]
    end = next((i for i, lv, _ in heads if i > start and lv <= level), len(lines))
    new = content.strip("\n").split("\n") if content.strip() else []
    head_line = lines[start]
    m = _HEADING_RE.match(new[0]) if new else None
    if m and heading_key(m.group(2)) == want:
        head_line, new = new[0], new[1:]
    while new and not new[0].strip():
        new = new[1:]
    block = [head_line, "", *new] + ([""] if new and end < len(lines) else [])
    return "\n".join(lines[:start] + block + lines[end:]).rstrip("\n") + "\n"
