"""Cited answers: find the citations an answer makes, check them, number and collate them.

Answers cite evidence blocks as Obsidian block links, `[[sessions/2026/06/s1#^t4]]`
(a range `#^t3-t5` and a bare `sessions/2026/06/s1.md#^t4` are understood too), and
notes as a whole, `[[notes/health/2026-03-01-dentist-ab12cd]]`.
Post-processing turns them into numbered `[cite:N]` markers:

- every citation is checked against a real block of a session, source or note in memory;
  anything else (a wiki page, a missing file or block, a page's own `[cite:N]`) is
  dropped from the text and counted;
- neighbouring blocks of one file collate into one citation (t3, t4, t5 -> t3-t5);
- repeats are deduplicated, numbers follow the order of first use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory_schema.links import short_quote

from .evidence import Block, EvidenceStore

_ANCHOR_RANGE = r"\^?([tp])(\d+)(?:\s*-\s*\^?[tp]?(\d+))?"
#: [[target#^t4]], [[target#^t3-t5|shown]], target.md#^t4, a page-style [cite:N], and a
#: whole note: [[notes/x/y]] or notes/x/y.md (groups 10 and 11).
CITE_REF_RE = re.compile(
    r"\[\[([^\[\]\n|#]+)#" + _ANCHOR_RANGE + r"(?:\|[^\[\]\n]*)?\]\]"
    r"|\(?\b((?:sessions|sources)/[^\s#()\[\]]+?)(?:\.md)?#" + _ANCHOR_RANGE + r"\)?"
    r"|\[cite:(\d+)\]"
    r"|\[\[(notes/[^\[\]\n|#]+?)(?:\|[^\[\]\n]*)?\]\]"
    r"|\(?\b(notes/[^\s#()\[\]]+?\.md)\b\)?"
)
DONT_KNOW = "I don't know: nothing in memory supports an answer to that."


@dataclass(frozen=True)
class Citation:
    n: int
    path: str
    anchor: str  # "t4" or a collated range "t3-t5"
    quote: str

    def as_dict(self) -> dict[str, object]:
        return {"n": self.n, "path": self.path, "anchor": self.anchor, "quote": self.quote}

    @property
    def link(self) -> str:
        first = self.anchor.split("-", 1)[0]
        return f"[[{self.path[:-3]}#^{first}]]" if first else f"[[{self.path[:-3]}]]"


@dataclass(frozen=True)
class CitedText:
    text: str
    citations: list[Citation]
    invalid: int  # citations dropped because no real evidence block backs them


def _blocks_of(m: re.Match[str], store: EvidenceStore) -> list[Block] | None:
    """The blocks a reference names, or None when any of them is not real evidence."""
    if m.group(9):  # a page-style [cite:N] means nothing outside its page
        return None
    if m.group(10) or m.group(11):  # a note is cited whole
        path = store.resolve(m.group(10) or m.group(11))
        block = store.block(path, "") if path else None
        return [block] if block is not None else None
    if m.group(1) is not None:
        target, kind, first, last = m.group(1), m.group(2), m.group(3), m.group(4)
    else:
        target, kind, first, last = m.group(5), m.group(6), m.group(7), m.group(8)
    path = store.resolve(target)
    if path is None:
        return None
    lo, hi = int(first), int(last or first)
    if hi < lo or hi - lo > 50:
        return None
    blocks = [store.block(path, f"{kind}{i}") for i in range(lo, hi + 1)]
    return None if any(b is None for b in blocks) else blocks  # type: ignore[misc]


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for i in sorted(set(indices)):
        if runs and i == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def process(text: str, store: EvidenceStore) -> CitedText:
    """Check, collate, number and render the citations of an answer."""
    refs: list[tuple[re.Match[str], list[Block] | None]] = [
        (m, _blocks_of(m, store)) for m in CITE_REF_RE.finditer(text)
    ]
    invalid = sum(1 for _, blocks in refs if blocks is None)
    cited: dict[str, dict[int, Block]] = {}
    for _, blocks in refs:
        for b in blocks or []:
            cited.setdefault(b.path, {})[b.index] = b
    # One citation per run of neighbouring blocks in a file.
    run_of: dict[tuple[str, int], tuple[str, int, int]] = {}
    for path, by_index in cited.items():
        for lo, hi in _runs(list(by_index)):
            for i in range(lo, hi + 1):
                run_of[(path, i)] = (path, lo, hi)
    numbers: dict[tuple[str, int, int], int] = {}
    pieces: list[str] = []
    pos = 0
    for m, blocks in refs:
        pieces.append(text[pos : m.start()])
        pos = m.end()
        if blocks is None:
            continue
        markers = []
        for b in blocks:
            run = run_of[(b.path, b.index)]
            n = numbers.setdefault(run, len(numbers) + 1)
            if f"[cite:{n}]" not in markers:
                markers.append(f"[cite:{n}]")
        pieces.append("".join(markers))
    pieces.append(text[pos:])
    out = _tidy("".join(pieces))
    citations = []
    for (path, lo, hi), n in sorted(numbers.items(), key=lambda kv: kv[1]):
        blocks = [cited[path][i] for i in range(lo, hi + 1)]
        kind = blocks[0].anchor[:1]
        anchor = "" if not kind else f"{kind}{lo}" if lo == hi else f"{kind}{lo}-{kind}{hi}"
        quote = short_quote(" ".join(b.text for b in blocks))
        citations.append(Citation(n, path, anchor, quote))
    return CitedText(out, citations, invalid)


def _tidy(text: str) -> str:
    """Drop repeated markers and the spaces removed citations leave behind."""
    text = re.sub(r"(\[cite:\d+\])(?:\s*\1)+", r"\1", text)
    text = re.sub(r"[ \t]+([.,;:!?])", r"\1", text)
    text = re.sub(r"(\S)(\[cite:)", r"\1 \2", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"\(\s*\)", "", text)
    return "\n".join(line.rstrip() for line in text.strip().split("\n"))


def supported(cited: CitedText) -> CitedText:
    """An answer with no valid citation says it does not know (the drops still count)."""
    if cited.citations:
        return cited
    return CitedText(DONT_KNOW, [], cited.invalid)
