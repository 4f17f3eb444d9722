"""The memory repo and its one write path.

Every change to memory files goes through `MemoryRepo.transaction()`: writes are
collected, then, under an inter-process lock, turned into exactly one Git commit with
plumbing commands (blobs, a private index, commit-tree, a compare-and-swap update-ref),
and only then copied into the working tree with atomic renames. A crash before the
ref moves changes nothing; a crash after it is finished by the next writer from a
journal. Opening a memory (`MemoryRepo.open`, which every command uses) finishes such
a transaction first, and clears what a killed writer left: git lock files no live
process holds and `brain-txn-*` folders. Nothing else in Brain opens memory files for
writing.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from filelock import FileLock, Timeout

from . import hand_edits, recovery
from .errors import NotAMemoryError, WriteError
from .faults import fault
from .layout import MAX_FILE_BYTES, is_memory, safe_relpath

DEFAULT_AUTHOR = ("Brain", "brain@localhost")
LOCK_TIMEOUT_S = float(os.environ.get("BRAIN_LOCK_TIMEOUT", "600"))
_ZERO = "0" * 40


def _file_mode() -> int:
    """Mode for new memory files: 0666 less the umask, as `open()` would give them."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


# mkstemp creates 0600 files; memory files must stay readable by others (sandbox users).
_FILE_MODE = _file_mode()


def atomic_write(path: Path, data: bytes) -> None:
    """Write a file by temp file + fsync + rename, so readers never see half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".brain-tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    message: str
    paths: tuple[str, ...]


class MemoryRepo:
    """A memory directory that is a Git repository with the Brain layout."""

    def __init__(self, root: Path | str):
        self.root = Path(root).resolve()
        self._git_dir: Path | None = None

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(cls, root: Path | str) -> MemoryRepo:
        repo = cls(root)
        if not is_memory(repo.root):
            # a mistyped --memory must not read as advice to create a second memory
            why = (
                "not a memory repo (run `brain init` to create one)"
                if repo.root.is_dir()
                else "not a memory repo: no such folder (check --memory or BRAIN_MEMORY; "
                "`brain init` creates a new memory)"
            )
            raise NotAMemoryError(why, path=str(repo.root))
        repo.recover()
        return repo

    def recover(self) -> bool:
        """Finish an interrupted transaction now, unless a live writer holds the lock.

        Returns whether there was anything to do and it was done. A writer that holds
        the lock is alive (the lock dies with its holder) and finishes its own work.
        """
        if not recovery.needs_recovery(self.git_dir, self._journal):
            return False
        lock = FileLock(str(self.git_dir / "brain-write.lock"))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            return False
        try:
            self._recover()
        finally:
            lock.release()
        return True

    @property
    def git_dir(self) -> Path:
        if self._git_dir is None:
            self._git_dir = Path(self.git("rev-parse", "--absolute-git-dir").strip())
        return self._git_dir

    # -- git helpers ---------------------------------------------------------------------

    def git(
        self,
        *args: str,
        input: bytes | str | None = None,
        env: Mapping[str, str] | None = None,
        check: bool = True,
    ) -> str:
        """Run git in the memory root and return stdout (text)."""
        full_env = {**os.environ, **_git_identity_env(), "GIT_TERMINAL_PROMPT": "0"}
        if env:
            full_env.update(env)
        data = input.encode("utf-8") if isinstance(input, str) else input
        proc = subprocess.run(
            ["git", "-c", "core.quotepath=off", *args],
            cwd=self.root,
            input=data,
            capture_output=True,
            env=full_env,
        )
        if check and proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip()
            raise WriteError(f"git {args[0]} failed: {err}", path=str(self.root))
        return proc.stdout.decode("utf-8", "replace")

    def head(self) -> str | None:
        out = self.git("rev-parse", "--verify", "-q", "HEAD^{commit}", check=False).strip()
        return out or None

    def show_bytes(self, rel: str, rev: str = "HEAD") -> bytes | None:
        return self.show_many([rel], rev)[rel]

    def show_many(self, rels: list[str], rev: str = "HEAD") -> dict[str, bytes | None]:
        """Contents of files at a revision (None where absent), in two git processes.

        Safe for any file name: names go to `ls-tree` as arguments and come back
        NUL-terminated, and `cat-file --batch` is asked for object ids only, so a name
        with a newline cannot shift one file's text onto the next.
        """
        if not rels:
            return {}
        ids = self._blob_ids(rev, rels)
        blobs = self._cat_blobs(sorted(set(ids.values())))
        return {rel: blobs.get(ids[rel]) if rel in ids else None for rel in rels}

    def _blob_ids(self, rev: str, rels: list[str]) -> dict[str, str]:
        """path -> blob id at `rev` for those of `rels` that are files there."""
        wanted = list(dict.fromkeys(rels))
        found: dict[str, str] = {}
        for i in range(0, len(wanted), 1000):
            chunk = wanted[i : i + 1000]
            proc = subprocess.run(
                ["git", "--literal-pathspecs", "ls-tree", "-z", "--full-tree", rev, "--", *chunk],
                cwd=self.root,
                capture_output=True,
            )
            if proc.returncode != 0:
                return {}  # no such revision (an empty repo): nothing exists
            asked = {r.encode("utf-8", "surrogateescape"): r for r in chunk}
            for rec in proc.stdout.split(b"\0"):
                meta, tab, path = rec.partition(b"\t")
                parts = meta.split()
                if tab and len(parts) == 3 and parts[1] == b"blob" and path in asked:
                    found[asked[path]] = parts[2].decode("ascii")
        return found

    def _cat_blobs(self, shas: list[str]) -> dict[str, bytes]:
        """Contents of blobs by id, over one `git cat-file --batch`."""
        if not shas:
            return {}
        proc = subprocess.run(
            ["git", "cat-file", "--batch"],
            cwd=self.root,
            input="".join(f"{sha}\n" for sha in shas).encode("ascii"),
            capture_output=True,
        )
        out, pos, result = proc.stdout, 0, {}
        for sha in shas:
            end = out.index(b"\n", pos)
            parts = out[pos:end].split(b" ")
            pos = end + 1
            if len(parts) != 3 or not parts[2].isdigit():
                continue  # "<sha> missing"
            size = int(parts[2])
            result[sha] = out[pos : pos + size]
            pos += size + 1
        return result

    # -- reading -------------------------------------------------------------------------

    def path(self, rel: str) -> Path:
        return self.root / safe_relpath(self.root, rel)

    def exists(self, rel: str) -> bool:
        return self.path(rel).is_file()

    def read_bytes(self, rel: str) -> bytes:
        return self.path(rel).read_bytes()

    def read_text(self, rel: str) -> str:
        return self.read_bytes(rel).decode("utf-8")

    # -- writing -------------------------------------------------------------------------

    def transaction(self, message: str, trailers: Mapping[str, str] | None = None) -> Transaction:
        return Transaction(self, message, dict(trailers or {}))

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the repo's write lock (finishing any transaction a crash left behind)."""
        lock = FileLock(str(self.git_dir / "brain-write.lock"))
        try:
            lock.acquire(timeout=LOCK_TIMEOUT_S)
        except Timeout as exc:
            raise WriteError(
                f"memory is locked by another writer for over {LOCK_TIMEOUT_S:.0f}s",
                path=str(self.root),
            ) from exc
        try:
            self._recover()
            yield
        finally:
            lock.release()

    @property
    def _journal(self) -> Path:
        return self.git_dir / "brain-journal.json"

    def _recover(self) -> None:
        """Finish or discard a transaction interrupted by a crash (caller holds the lock)."""
        recovery.clear_stale_git_locks(self.git_dir)
        recovery.remove_txn_folders(self.git_dir)
        if not self._journal.exists():
            return
        try:
            journal = json.loads(self._journal.read_text("utf-8"))
        except (OSError, ValueError):
            self._journal.unlink(missing_ok=True)
            return
        paths = list(journal.get("paths", []))
        # A crash inside atomic_write leaves its temp file beside the target: remove them.
        for folder in {(self.root / rel).parent for rel in paths}:
            for stray in folder.glob(".*.brain-tmp"):
                stray.unlink(missing_ok=True)
        if self.head() == journal.get("new"):
            self._sync_worktree(paths)
        self._journal.unlink(missing_ok=True)

    def _sync_worktree(
        self, paths: list[str], data: Mapping[str, bytes | None] | None = None
    ) -> None:
        """Make the working tree and index match HEAD for `paths`."""
        if data is None:
            data = self.show_many(paths)
        half = len(paths) // 2
        for i, rel in enumerate(paths):
            if i == half:
                fault("in-worktree")
            target = self.root / safe_relpath(self.root, rel)
            content = data[rel]
            if content is None:
                target.unlink(missing_ok=True)
            else:
                atomic_write(target, content)
        fault("after-worktree")
        if paths:
            self.git(
                "reset",
                "-q",
                "--pathspec-from-file=-",
                "--pathspec-file-nul",
                "HEAD",
                input="\0".join(paths),
            )

    def commit_hand_edits(self, paths: Iterable[str] | None = None) -> CommitInfo | None:
        """Commit uncommitted edits made by hand (all, or those to `paths`) as the
        person's own change; None when there are none."""
        with self.locked():
            return self._commit_hand_edits(paths)

    def _commit_hand_edits(self, paths: Iterable[str] | None = None) -> CommitInfo | None:
        """As commit_hand_edits, for a caller that holds the lock."""
        rels = list(paths) if paths is not None else hand_edits.hand_edited(self)
        if not rels:
            return None
        edits = hand_edits.at_risk(self, rels, self.show_many(rels) if self.head() else {})
        if not edits:
            return None
        message = format_message(hand_edits.message(sorted(edits)), hand_edits.TRAILERS)
        return self._commit(edits, message, author=hand_edits.person(self), hand=True)

    def _commit(
        self,
        writes: Mapping[str, bytes | None],
        message: str,
        author: tuple[str, str] | None = None,
        *,
        hand: bool = False,
    ) -> CommitInfo | None:
        """Turn writes into one commit and update the working tree. Caller holds the lock.

        A file it is about to replace that someone edited by hand and did not commit is
        committed first, as their change, so the edit stays in history. `hand` marks that
        commit of hand edits itself (its author is None when git names no person: Brain's
        identity then, not a second round of the same hand edits).
        """
        old = self.head()
        current = self.show_many(list(writes)) if old else {}
        changed = {rel: data for rel, data in writes.items() if data != current.get(rel)}
        if not changed:
            return None
        edits = hand_edits.at_risk(self, changed, current)
        if edits and not hand:
            msg = format_message(hand_edits.message(sorted(edits)), hand_edits.TRAILERS)
            self._commit(edits, msg, author=hand_edits.person(self), hand=True)
            return self._commit(writes, message, author)
        fault("txn-start")
        tmp = Path(tempfile.mkdtemp(prefix="brain-txn-", dir=self.git_dir))
        try:
            index_env = {"GIT_INDEX_FILE": str(tmp / "index")}
            to_hash = [(rel, data) for rel, data in changed.items() if data is not None]
            blob_files = []
            for i, (_, data) in enumerate(to_hash):
                f = tmp / f"blob{i}"
                f.write_bytes(data)
                blob_files.append(str(f))
            shas = (
                self.git("hash-object", "-w", "--stdin-paths", input="\n".join(blob_files)).split()
                if blob_files
                else []
            )
            fault("after-blobs")
            if old:
                self.git("read-tree", old, env=index_env)
            else:
                self.git("read-tree", "--empty", env=index_env)
            info = [f"100644 {sha}\t{rel}" for (rel, _), sha in zip(to_hash, shas, strict=True)]
            info += [f"0 {_ZERO}\t{rel}" for rel, data in changed.items() if data is None]
            self.git(
                "update-index", "-z", "--index-info", input="\0".join(info) + "\0", env=index_env
            )
            tree = self.git("write-tree", env=index_env).strip()
            fault("after-tree")
            parents = ["-p", old] if old else []
            who = {"GIT_AUTHOR_NAME": author[0], "GIT_AUTHOR_EMAIL": author[1]} if author else None
            new = self.git("commit-tree", tree, *parents, input=message, env=who).strip()
            fault("after-commit")
            atomic_write(
                self._journal,
                json.dumps({"old": old, "new": new, "paths": sorted(changed)}).encode("utf-8"),
            )
            fault("after-journal")
            fault("in-update-ref", self.git_dir)
            self.git("update-ref", "-m", message.split("\n", 1)[0], "HEAD", new, old or _ZERO)
            fault("after-update-ref")
            self._sync_worktree(sorted(changed), changed)
            fault("after-index")
            self._journal.unlink(missing_ok=True)
            fault("after-journal-removed")
            return CommitInfo(sha=new, message=message, paths=tuple(sorted(changed)))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


class Transaction:
    """Collects file writes and deletes; on a clean exit makes exactly one commit.

    The write lock is held from `__enter__`, so reads through `read_text` inside the
    block see the latest committed state plus this transaction's own pending writes,
    and no other writer can slip in between (no lost updates).
    """

    def __init__(self, repo: MemoryRepo, message: str, trailers: dict[str, str]):
        self.repo = repo
        self.message = message
        self.trailers = trailers
        self.writes: dict[str, bytes | None] = {}
        self.commit: CommitInfo | None = None
        self._lock_cm: contextlib.AbstractContextManager[None] | None = None

    def __enter__(self) -> Transaction:
        self._lock_cm = self.repo.locked()
        self._lock_cm.__enter__()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._lock_cm is not None
        try:
            if exc_type is None and self.writes:
                self.commit = self.repo._commit(self.writes, self.full_message())
        finally:
            self._lock_cm.__exit__(exc_type, exc, tb)

    def full_message(self) -> str:
        return format_message(self.message, self.trailers)

    def commit_hand_edits(self, paths: Iterable[str] | None = None) -> CommitInfo | None:
        """Commit hand edits (to `paths`, or all) now, inside this transaction's lock."""
        return self.repo._commit_hand_edits(paths)

    def write(self, rel: str, data: str | bytes) -> str:
        rel = safe_relpath(self.repo.root, rel)
        raw = data.encode("utf-8") if isinstance(data, str) else data
        if len(raw) > MAX_FILE_BYTES:
            # The validators refuse such a file; never let one in to begin with.
            raise WriteError(
                f"{len(raw):,} bytes, over the {MAX_FILE_BYTES:,}-byte limit for memory files",
                path=rel,
            )
        self.writes[rel] = raw
        return rel

    def delete(self, rel: str) -> None:
        rel = safe_relpath(self.repo.root, rel)
        self.writes[rel] = None

    def exists(self, rel: str) -> bool:
        rel = safe_relpath(self.repo.root, rel)
        if rel in self.writes:
            return self.writes[rel] is not None
        return self.repo.exists(rel)

    def read_text(self, rel: str) -> str | None:
        rel = safe_relpath(self.repo.root, rel)
        if rel in self.writes:
            data = self.writes[rel]
            return None if data is None else data.decode("utf-8")
        if not self.repo.exists(rel):
            return None
        return self.repo.read_text(rel)


def format_message(message: str, trailers: Mapping[str, str]) -> str:
    """Subject line, blank line, trailers; every part is one line.

    A title, id or file name that carries a line break (`x\n\nBrain-Command: dream`)
    becomes spaces: it can never start a line of its own, so never a trailer.
    """
    msg = one_line(message)
    if trailers:
        msg += "\n\n" + "\n".join(f"{one_line(k)}: {one_line(v)}" for k, v in trailers.items())
    return msg + "\n"


def one_line(text: str) -> str:
    """Text with every line break and control character made a single space."""
    return " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())


def _git_identity_env() -> dict[str, str]:
    """Author and committer for memory commits (BRAIN_GIT_NAME / BRAIN_GIT_EMAIL)."""
    name = os.environ.get("BRAIN_GIT_NAME", DEFAULT_AUTHOR[0])
    email = os.environ.get("BRAIN_GIT_EMAIL", DEFAULT_AUTHOR[1])
    return {
        "GIT_AUTHOR_NAME": name,
        "GIT_AUTHOR_EMAIL": email,
        "GIT_COMMITTER_NAME": name,
        "GIT_COMMITTER_EMAIL": email,
    }
