"""The index's own tables (SQLite): files seen, blocks, and cached embeddings.

Two database files:
- `<index folder>/blocks.sqlite`: the files the index has seen (size, mtime, content
  hash) and their blocks. Rebuilt from scratch when its format or chunking settings change.
- `.brain/cache/vectors.sqlite`: embeddings keyed by a hash of (embedder, embedded text),
  shared by every index folder of the memory. It survives rebuilds, so re-indexing
  unchanged text never runs the model again.
Any SQLite error on open is reported as CorruptIndexError; the index then starts over.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CorruptIndexError

_BLOCKS_SCHEMA = """
CREATE TABLE IF NOT EXISTS info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, sha TEXT, nblocks INTEGER,
    error TEXT
);
CREATE TABLE IF NOT EXISTS blocks (
    bid INTEGER PRIMARY KEY AUTOINCREMENT,
    path TEXT NOT NULL, ord INTEGER NOT NULL, anchor TEXT NOT NULL, kind TEXT NOT NULL,
    day INTEGER NOT NULL, title TEXT, text TEXT NOT NULL, speaker TEXT, role TEXT,
    meta TEXT, etext TEXT NOT NULL, ekey TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS blocks_by_path ON blocks (path, ord);
CREATE INDEX IF NOT EXISTS blocks_by_ekey ON blocks (ekey);
"""
_VECTORS_SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (ekey TEXT PRIMARY KEY, vec BLOB NOT NULL);"

BLOCK_COLUMNS = "bid, path, ord, anchor, kind, day, title, text, speaker, role, meta"


@dataclass(frozen=True)
class FileState:
    size: int
    mtime_ns: int
    sha: str


@dataclass(frozen=True)
class BlockRow:
    bid: int
    path: str
    ord: int
    anchor: str
    kind: str
    day: int
    title: str
    text: str
    speaker: str | None
    role: str | None
    meta: dict[str, Any]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> BlockRow:
        meta = json.loads(row[10]) if row[10] else {}
        return cls(*row[:10], meta=meta)


def vector_key(embedder: str, text: str) -> str:
    return hashlib.sha256(f"{embedder}\0{text}".encode()).hexdigest()


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


class Store:
    def __init__(self, folder: Path, vectors: Path):
        self.folder = folder
        try:
            self.db = _connect(folder / "blocks.sqlite")
            self.db.executescript(_BLOCKS_SCHEMA)
            self.db.execute("ATTACH DATABASE ? AS vec", (str(vectors),))
            self.db.execute("PRAGMA vec.journal_mode=WAL")
            self.db.execute(_VECTORS_SCHEMA.replace("vectors", "vec.vectors", 1))
            self.db.execute("SELECT count(*) FROM blocks").fetchone()
            self.db.execute("SELECT count(*) FROM vec.vectors").fetchone()
        except sqlite3.DatabaseError as exc:
            raise CorruptIndexError(f"index tables unreadable: {exc}", path=str(folder)) from exc

    def close(self) -> None:
        self.db.close()

    # -- info ----------------------------------------------------------------------------

    def get_info(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM info WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_info(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO info VALUES (?, ?)", (key, value))

    def generation(self) -> int:
        return int(self.get_info("generation") or 0)

    # -- files and blocks ----------------------------------------------------------------

    def files(self) -> dict[str, FileState]:
        rows = self.db.execute("SELECT path, size, mtime_ns, sha FROM files")
        return {p: FileState(s, m, h) for p, s, m, h in rows}

    def set_file(self, path: str, state: FileState, nblocks: int, error: str | None) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?)",
            (path, state.size, state.mtime_ns, state.sha, nblocks, error),
        )

    def touch_file(self, path: str, state: FileState) -> None:
        self.db.execute(
            "UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?",
            (state.size, state.mtime_ns, path),
        )

    def file_errors(self) -> dict[str, str]:
        rows = self.db.execute("SELECT path, error FROM files WHERE error IS NOT NULL")
        return dict(rows.fetchall())

    def delete_file(self, path: str) -> int:
        self.db.execute("DELETE FROM files WHERE path = ?", (path,))
        return self.db.execute("DELETE FROM blocks WHERE path = ?", (path,)).rowcount

    def delete_blocks_of(self, path: str) -> int:
        return self.db.execute("DELETE FROM blocks WHERE path = ?", (path,)).rowcount

    def add_block(self, values: tuple[Any, ...]) -> int:
        cur = self.db.execute(
            "INSERT INTO blocks (path, ord, anchor, kind, day, title, text, speaker, role, "
            "meta, etext, ekey) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values,
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def clear(self) -> None:
        self.db.execute("DELETE FROM blocks")
        self.db.execute("DELETE FROM files")
        self.db.execute("DELETE FROM info")

    def count_blocks(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM blocks").fetchone()[0])

    def blocks_by_id(self, bids: Iterable[int]) -> dict[int, BlockRow]:
        ids = list(bids)
        out: dict[int, BlockRow] = {}
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.execute(
                f"SELECT {BLOCK_COLUMNS} FROM blocks WHERE bid IN ({marks})", chunk
            )
            for row in rows:
                out[row[0]] = BlockRow.from_row(row)
        return out

    def blocks_in_range(self, path: str, lo: int, hi: int) -> list[BlockRow]:
        rows = self.db.execute(
            f"SELECT {BLOCK_COLUMNS} FROM blocks WHERE path = ? AND ord BETWEEN ? AND ? "
            "ORDER BY ord",
            (path, lo, hi),
        )
        return [BlockRow.from_row(r) for r in rows]

    # -- vectors -------------------------------------------------------------------------

    def missing_vectors(self) -> list[tuple[str, str]]:
        """(ekey, etext) of blocks whose embedding is not cached yet, one per key."""
        rows = self.db.execute(
            "SELECT ekey, min(etext) FROM blocks WHERE ekey NOT IN "
            "(SELECT ekey FROM vec.vectors) GROUP BY ekey ORDER BY min(bid)"
        )
        return rows.fetchall()

    def get_vectors(self, keys: Sequence[str]) -> dict[str, bytes]:
        """Cached embeddings of these keys (those that have one)."""
        out: dict[str, bytes] = {}
        keys = list(dict.fromkeys(keys))
        for start in range(0, len(keys), 500):  # SQLite's limit on bound parameters
            part = keys[start : start + 500]
            marks = ",".join("?" * len(part))
            sql = f"SELECT ekey, vec FROM vec.vectors WHERE ekey IN ({marks})"
            rows = self.db.execute(sql, part)
            out.update(rows.fetchall())
        return out

    def put_vectors(self, items: Iterable[tuple[str, bytes]]) -> None:
        self.db.executemany("INSERT OR REPLACE INTO vec.vectors VALUES (?, ?)", items)

    def count_vectors(self) -> int:
        row = self.db.execute(
            "SELECT count(*) FROM blocks b JOIN vec.vectors v ON v.ekey = b.ekey"
        ).fetchone()
        return int(row[0])

    def iter_vectors(self) -> Iterator[tuple[int, str, str, int, bytes]]:
        """(bid, kind, path, day, vector bytes) of every block that has its embedding."""
        yield from self.db.execute(
            "SELECT b.bid, b.kind, b.path, b.day, v.vec FROM blocks b "
            "JOIN vec.vectors v ON v.ekey = b.ekey ORDER BY b.bid"
        )

    def vectors_fingerprint(self) -> str:
        """An identity of what iter_vectors() yields, read without the vectors: the same
        blocks (id, kind, path, day) with the same embedded texts (ekey)."""
        h = hashlib.sha256()
        for row in self.db.execute(
            "SELECT b.bid, b.kind, b.path, b.day, b.ekey FROM blocks b "
            "JOIN vec.vectors v ON v.ekey = b.ekey ORDER BY b.bid"
        ):
            h.update(repr(row).encode())
        return h.hexdigest()

    def prune_vectors(self) -> int:
        """Drop cached embeddings no block uses, once they outnumber the used ones."""
        used = self.db.execute("SELECT count(DISTINCT ekey) FROM blocks").fetchone()[0]
        total = self.db.execute("SELECT count(*) FROM vec.vectors").fetchone()[0]
        if total - used <= max(used, 10_000):
            return 0
        return self.db.execute(
            "DELETE FROM vec.vectors WHERE ekey NOT IN (SELECT ekey FROM blocks)"
        ).rowcount

    def commit(self) -> None:
        self.db.commit()
