"""How fresh the index is, read without touching it (for `brain doctor`).

The index records every file it has seen (size, mtime, content hash) and whether an
update was cut short (`dirty`) in `blocks.sqlite`. This compares those records with the
files on disk, read-only: nothing is created, rebuilt or locked, and no model loads.
A file whose mtime moved but whose content hash did not (a checkout, a `touch`) counts
as fresh, as it does for the index itself.
"""

from __future__ import annotations

import hashlib
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from .index import CACHE_SUBDIR, INDEX_DIRNAME, VECTORS_FILE, memory_owner, scan_files
from .models import IndexSettings


@dataclass
class Freshness:
    exists: bool = False
    on_disk: int = 0  # files the index should cover
    indexed: int = 0  # files it has seen
    added: list[str] = field(default_factory=list)  # on disk, never indexed
    changed: list[str] = field(default_factory=list)  # content differs from the index's
    removed: list[str] = field(default_factory=list)  # indexed, gone from disk
    interrupted: bool = False  # an update died half-way (the next one rebuilds)
    settings_changed: bool = False  # other index settings or owner (the next one rebuilds)
    unembedded: int = 0  # distinct block texts with no cached embedding
    error: str | None = None  # the index tables cannot be read

    @property
    def stale(self) -> bool:
        return bool(self.added or self.changed or self.removed)

    @property
    def fresh(self) -> bool:
        return not (self.stale or self.interrupted or self.settings_changed or self.error)


def index_freshness(root: Path, settings: IndexSettings | None = None) -> Freshness:
    """Compare the default index of the memory at `root` with its files."""
    root = Path(root)
    folder = root / CACHE_SUBDIR / INDEX_DIRNAME
    on_disk = scan_files(root)
    out = Freshness(on_disk=len(on_disk))
    db_path = folder / "blocks.sqlite"
    if not db_path.is_file():
        out.added = sorted(on_disk)
        return out
    out.exists = True
    try:
        db = sqlite3.connect(f"{db_path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        out.error = str(exc)
        return out
    try:
        info = dict(db.execute("SELECT key, value FROM info").fetchall())
        known = {
            p: (size, mtime, sha)
            for p, size, mtime, sha in db.execute("SELECT path, size, mtime_ns, sha FROM files")
        }
        vectors = folder.parent / VECTORS_FILE
        if vectors.is_file():
            db.execute("ATTACH DATABASE ? AS vec", (f"{vectors.as_uri()}?mode=ro",))
            row = db.execute(
                "SELECT count(DISTINCT ekey) FROM blocks WHERE ekey NOT IN "
                "(SELECT ekey FROM vec.vectors)"
            ).fetchone()
        else:
            row = db.execute("SELECT count(DISTINCT ekey) FROM blocks").fetchone()
        out.unembedded = int(row[0])
    except sqlite3.Error as exc:
        out.error = str(exc)
        return out
    finally:
        db.close()
    out.indexed = len(known)
    out.interrupted = info.get("dirty") == "1"
    owner = memory_owner(root)
    fingerprint = (settings or IndexSettings()).fingerprint() + (f"|owner={owner}" if owner else "")
    out.settings_changed = info.get("settings") not in (None, fingerprint)
    out.removed = sorted(set(known) - set(on_disk))
    for rel, (size, mtime) in sorted(on_disk.items()):
        seen = known.get(rel)
        if seen is None:
            out.added.append(rel)
        elif (seen[0], seen[1]) != (size, mtime) and _sha(root / rel) != seen[2]:
            out.changed.append(rel)
    return out


def _sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
