"""Forgetting: `.brain/forget.md` entries, matching and redaction, and history purges.

An entry is a phrase. Matching works on word windows (case, punctuation and spacing
ignored), so "Lisbon" matches "[[Lisbon]]" and "lisbon," alike. An entry recorded with
`--purge-history` stores only a SHA-256 of the normalised phrase and its word count:
the phrase itself must not survive in the repo it was purged from.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from memory_schema.layout import FORGET_FILE
from memory_schema.repo import CommitInfo, MemoryRepo

from .errors import DreamError

REDACTED = "[forgotten]"
_ENTRY_RE = re.compile(
    r"^- (?P<date>\d{4}-\d{2}-\d{2}) · (?:\"(?P<text>.+)\"|sha256:(?P<digest>[0-9a-f]{64}) "
    r"\((?P<words>\d+) words?\))(?P<purged> · purged from history)?\s*$"
)
_WORD_RE = re.compile(r"\S+")


def _norm_word(word: str) -> str:
    return re.sub(r"^\W+|\W+$", "", word.casefold())


def normalize(text: str) -> list[str]:
    return [w for w in (_norm_word(x) for x in text.split()) if w]


def digest_of(words: list[str]) -> str:
    return hashlib.sha256(" ".join(words).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ForgetEntry:
    date: dt.date
    digest: str  # sha256 of the normalised words; also the entry's id
    words: int
    text: str | None = None  # None for purged entries
    purged: bool = False

    @classmethod
    def of(cls, text: str, date: dt.date, purged: bool = False) -> ForgetEntry:
        words = normalize(text)
        if not words:
            raise DreamError("nothing to forget: the text has no words")
        return cls(date, digest_of(words), len(words), None if purged else text.strip(), purged)

    def render(self) -> str:
        what = (
            f'"{" ".join(self.text.split())}"'
            if self.text
            else f"sha256:{self.digest} ({self.words} word{'s' if self.words != 1 else ''})"
        )
        return f"- {self.date.isoformat()} · {what}" + (
            " · purged from history" if self.purged else ""
        )


def parse_entries(text: str) -> list[ForgetEntry]:
    out = []
    for line in text.splitlines():
        m = _ENTRY_RE.match(line.strip())
        if not m:
            continue
        date = dt.date.fromisoformat(m.group("date"))
        if m.group("text"):
            out.append(ForgetEntry.of(m.group("text"), date, bool(m.group("purged"))))
            out[-1] = ForgetEntry(date, out[-1].digest, out[-1].words, m.group("text"), False)
        else:
            out.append(ForgetEntry(date, m.group("digest"), int(m.group("words")), None, True))
    return out


def _spans(text: str, entries: list[ForgetEntry]) -> list[tuple[int, int]]:
    """Character spans of text whose word windows match an entry."""
    if not entries:
        return []
    words = [(m.start(), m.end(), _norm_word(m.group(0))) for m in _WORD_RE.finditer(text)]
    words = [w for w in words if w[2]]
    sizes = {e.words for e in entries}
    digests = {e.digest for e in entries}
    out = []
    for n in sizes:
        for i in range(len(words) - n + 1):
            window = words[i : i + n]
            if digest_of([w[2] for w in window]) in digests:
                out.append((window[0][0], window[-1][1]))
    return out


def matches(text: str, entries: list[ForgetEntry]) -> bool:
    return bool(_spans(text, entries))


def redact(text: str, entries: list[ForgetEntry]) -> str:
    for start, end in sorted(_spans(text, entries), reverse=True):
        text = text[:start] + REDACTED + text[end:]
    return text


def record(
    repo: MemoryRepo, text: str, *, purge: bool = False
) -> tuple[ForgetEntry, CommitInfo | None]:
    """Append an entry to `.brain/forget.md` (one commit)."""
    entry = ForgetEntry.of(text, dt.date.today(), purged=purge)
    with repo.transaction(
        "forget: " + ("a phrase purged from history" if purge else f'"{entry.text}"'),
        {"Brain-Command": "forget"},
    ) as tx:
        current = tx.read_text(FORGET_FILE) or "# Forget log\n"
        if any(e.digest == entry.digest for e in parse_entries(current)) and not purge:
            return entry, None
        tx.write(
            FORGET_FILE,
            current.rstrip("\n") + "\n\n" + entry.render() + "\n"
            if not _has_entries(current)
            else current.rstrip("\n") + "\n" + entry.render() + "\n",
        )
    return entry, tx.commit


def _has_entries(text: str) -> bool:
    return any(_ENTRY_RE.match(line.strip()) for line in text.splitlines())


def purge_history(repo: MemoryRepo, text: str) -> int:
    """Replace `text` by REDACTED in every blob of every commit (git filter-repo).

    Returns how many commits the rewritten history has. Commit ids change; clones and
    remotes keep the old history until they are replaced.
    """
    with repo.locked(), tempfile.TemporaryDirectory() as tmp:
        rules = Path(tmp) / "replace.txt"
        # filter-repo rules: one per line; 'regex:' lets case and spacing vary.
        pattern = r"\s+".join(re.escape(w) for w in text.split())
        rules.write_text(f"regex:(?i){pattern}==>{REDACTED}\n", "utf-8")
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "git_filter_repo",
                "--force",
                "--quiet",
                "--replace-text",
                str(rules),
                # Files named after it (a subject's page) go from every commit.
                "--invert-paths",
                "--path-regex",
                f"(?i)^.*{pattern}.*$",
            ],
            cwd=repo.root,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise DreamError(f"git filter-repo failed: {proc.stderr.strip()[:400]}")
        repo.git("reset", "-q", "--hard", "HEAD")
        return int(repo.git("rev-list", "--count", "HEAD").strip() or 0)
