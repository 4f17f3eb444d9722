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
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from memory_schema.layout import CACHE_DIR, FORGET_FILE
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
            if normalize(m.group("text")) == normalize(REDACTED):
                continue  # what a purge left of an entry: no phrase to forget
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
            said = [w[2] for w in window]
            # "Asana's church clients" names Asana: a possessive is the word it owns
            bare = [_POSSESSIVE.sub("", w) for w in said]
            if digest_of(said) in digests or digest_of(bare) in digests:
                out.append((window[0][0], window[-1][1]))
    return out


_POSSESSIVE = re.compile(r"['’]s$")


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
        if purge:
            # A plain entry for the same phrase would quote it (and, once redacted in
            # history, read as an entry for "[forgotten]"): the hashed entry replaces it.
            current = "".join(
                line
                for line in current.splitlines(keepends=True)
                if not any(e.digest == entry.digest for e in parse_entries(line))
            )
        tx.write(
            FORGET_FILE,
            current.rstrip("\n") + "\n\n" + entry.render() + "\n"
            if not _has_entries(current)
            else current.rstrip("\n") + "\n" + entry.render() + "\n",
        )
    return entry, tx.commit


def _has_entries(text: str) -> bool:
    return any(_ENTRY_RE.match(line.strip()) for line in text.splitlines())


def phrase_regex(text: str) -> str:
    """A regular expression for `text` as forget matches it: whole words, any case, any
    run of spaces, line breaks, punctuation, `>` quote marks, `-` or `_` between them (a
    turn that wraps, a slugged file name `tom-baker-3f2a.md`)."""
    words = normalize(text)
    if not words:
        raise DreamError("nothing to forget: the text has no words")
    sep = r"[\W_]+"
    return r"(?<![^\W_])" + sep.join(re.escape(w) for w in words) + r"(?![^\W_])"


@dataclass(frozen=True)
class PurgeReport:
    commits: int  # commits in the rewritten history
    removed_paths: int  # files whose name carried the phrase, gone from every commit
    objects_checked: int  # every object in the store was searched afterwards


def purge_history(repo: MemoryRepo, text: str) -> PurgeReport:
    """Replace `text` by REDACTED in every blob, commit message and file name of every
    commit (git filter-repo), then prove it: every object left in the store, every file
    in .git and the working tree are searched, and the search index (derived data) is
    deleted. Raises DreamError, saying where, if the phrase is still anywhere.

    Commit ids change; clones and remotes keep the old history until they are replaced.
    """
    pattern = "(?i)" + phrase_regex(text)
    compiled = re.compile(pattern.encode("utf-8"))
    with repo.locked(), tempfile.TemporaryDirectory() as tmp:
        named = _paths_matching(repo, compiled)
        rules = Path(tmp) / "replace.txt"
        rules.write_text(f"regex:{pattern}==>{REDACTED}\n", "utf-8")
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "git_filter_repo",
                "--force",
                "--quiet",
                "--replace-text",
                str(rules),
                "--replace-message",
                str(rules),
                # Files named after it (a subject's page, a slugged source) go from every
                # commit: a name cannot be redacted in place.
                "--invert-paths",
                "--path-regex",
                f"(?i)^.*{phrase_regex(text)}.*$",
            ],
            cwd=repo.root,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise DreamError(f"git filter-repo failed: {proc.stderr.strip()[:400]}")
        repo.git("reset", "-q", "--hard", "HEAD")
        # Old objects and reflog entries (which quote commit subjects) must go too.
        repo.git("reflog", "expire", "--expire=now", "--all")
        repo.git("gc", "--prune=now", "--quiet")
        _wipe_search_index(repo)
        checked = _verify_gone(repo, compiled)
        commits = int(repo.git("rev-list", "--count", "HEAD").strip() or 0)
    return PurgeReport(commits, len(named), checked)


def _paths_matching(repo: MemoryRepo, compiled: re.Pattern[bytes]) -> set[str]:
    out = repo.git("log", "--all", "--name-only", "-z", "--format=")
    return {p for p in out.split("\0") if p and compiled.search(p.encode("utf-8"))}


def _wipe_search_index(repo: MemoryRepo) -> None:
    """The search index and embedding cache hold the old text; both are derived."""
    cache = repo.root / CACHE_DIR
    if cache.is_dir():
        shutil.rmtree(cache)


def _verify_gone(repo: MemoryRepo, compiled: re.Pattern[bytes]) -> int:
    """Search every object in the store (reachable or not) and every plain file of .git
    and the working tree; raise DreamError naming where the phrase still is."""
    proc = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=repo.root,
        capture_output=True,
    )
    found: list[str] = []
    out, pos, count = proc.stdout, 0, 0
    while pos < len(out):
        end = out.index(b"\n", pos)
        sha, _, size = out[pos:end].split(b" ")
        pos = end + 1
        body = out[pos : pos + int(size)]
        pos += int(size) + 1
        count += 1
        if compiled.search(body):
            found.append(f"object {sha.decode()}")
    for base in (repo.git_dir, repo.root):
        for path in base.rglob("*"):
            rel = path.relative_to(base).parts
            skip = rel[:1] == ("objects",) if base == repo.git_dir else rel[:1] == (".git",)
            if skip or not path.is_file() or path.is_symlink():
                continue
            try:
                if compiled.search(path.read_bytes()) or compiled.search(
                    str(path.relative_to(base)).encode("utf-8", "surrogateescape")
                ):
                    found.append(str(path.relative_to(repo.root.parent)))
            except OSError:
                continue
    if found:
        raise DreamError(
            f"the phrase is still in {len(found)} places after the purge: {', '.join(found[:5])}"
        )
    return count
