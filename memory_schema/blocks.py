"""Anchored blocks: the text of a turn or paragraph, followed by an '^id' line.

Content that itself looks like a block id (a line '^p3', or ' ^x' at a line end) is
escaped with a backslash so Obsidian and our parser never take it for an anchor.
"""

from __future__ import annotations

import re

from .errors import ParseError

_LINE_ANCHOR = re.compile(r"^(\\*)(\^[A-Za-z0-9-]+)$")
_TAIL_ANCHOR = re.compile(r"(\s)(\\*)(\^[A-Za-z0-9-]+)(\s*)$")
ANCHOR_LINE = re.compile(r"^\^([a-z]+)(\d+)$")


def escape_line(line: str) -> str:
    line = _LINE_ANCHOR.sub(lambda m: "\\" + m.group(1) + m.group(2), line)
    return _TAIL_ANCHOR.sub(
        lambda m: m.group(1) + "\\" + m.group(2) + m.group(3) + m.group(4), line
    )


def unescape_line(line: str) -> str:
    m = _LINE_ANCHOR.match(line)
    if m and m.group(1):
        return m.group(1)[1:] + m.group(2)
    m = _TAIL_ANCHOR.search(line)
    if m and m.group(2):
        start = m.start(2)
        return line[:start] + line[start + 1 :]
    return line


def normalize_text(text: str) -> str:
    """Unix newlines, no trailing spaces, no blank lines at either end."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def split_anchored(body: str, prefix: str, path: str | None) -> tuple[str, list[str]]:
    """Split a body into (preamble, [block text, ...]) at '^<prefix>N' lines.

    Anchors must run 1..N in order; anything after the last anchor must be blank.
    """
    lines = body.split("\n")
    preamble: list[str] | None = None
    blocks: list[str] = []
    current: list[str] = []
    for i, line in enumerate(lines, start=1):
        m = ANCHOR_LINE.match(line)
        if m and m.group(1) == prefix:
            expected = len(blocks) + 1
            if int(m.group(2)) != expected:
                raise ParseError(
                    f"anchor ^{prefix}{m.group(2)} out of order (expected ^{prefix}{expected})",
                    path=path,
                    line=i,
                )
            if preamble is None:
                # The first block starts after the preamble's last blank line.
                preamble, current = _split_preamble(current)
            blocks.append("\n".join(current).strip("\n"))
            current = []
        else:
            current.append(line)
    if preamble is None:
        return "\n".join(current), []
    if "\n".join(current).strip():
        raise ParseError(f"text after the last ^{prefix} anchor", path=path)
    return "\n".join(preamble), blocks


def _split_preamble(lines: list[str]) -> tuple[list[str], list[str]]:
    """The preamble is the H1 title line and the blank line after it."""
    if lines and lines[0].startswith("# "):
        return lines[:2], lines[2:]
    return [], lines
