"""`.brain/config.yaml`: settings that belong to a memory, not to a process.

The owner is the person the agents work for. Unnamed `user` turns are the owner's, the
owner's profile page is the wiki's hub, and "I/my" in a question asked through Brain is
the owner. It is set with `brain init --owner NAME` or `brain config owner NAME`, or
Dream records it when it learns it from a self-introduction. Versioned in the memory
repo like the instructions, and written only through the write path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import ParseError
from .layout import CONFIG_FILE
from .repo import CommitInfo, MemoryRepo

#: Settings `brain config` knows; anything else in the file is kept as it is.
KEYS = {
    "owner": "the person this memory belongs to (unnamed `user` turns are theirs)",
    "owner_aliases": "other names of the owner, comma-separated (speaker names, nicknames)",
}
_HEADER = (
    "# Settings of this memory (manual: docs/configuration.md).\n"
    "# Edit by hand or with `brain config`.\n"
)


@dataclass
class MemoryConfig:
    owner: str | None = None
    owner_aliases: list[str] = field(default_factory=list)
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def owner_names(self) -> list[str]:
        """The owner's name and aliases, the name first ([] when no owner is set)."""
        return [self.owner, *self.owner_aliases] if self.owner else []

    @classmethod
    def parse(cls, text: str | None) -> MemoryConfig:
        if not text or not text.strip():
            return cls()
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            problem = exc.__class__.__name__
            raise ParseError(f"not valid YAML ({problem})", path=CONFIG_FILE) from exc
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ParseError("must be a mapping of setting: value", path=CONFIG_FILE)
        owner = data.get("owner")
        if owner is not None and not (isinstance(owner, str) and clean_name(owner)):
            raise ParseError("'owner' must be a name (text)", path=CONFIG_FILE)
        aliases = data.get("owner_aliases") or []
        if isinstance(aliases, str):
            aliases = aliases.split(",")
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise ParseError("'owner_aliases' must be a list of names", path=CONFIG_FILE)
        extra = {k: v for k, v in data.items() if k not in KEYS}
        return cls(
            owner=clean_name(owner) if owner else None,
            owner_aliases=[n for a in aliases if (n := clean_name(a))],
            extra=extra,
        )

    def render(self) -> str:
        data: dict[str, object] = {}
        if self.owner:
            data["owner"] = self.owner
        if self.owner_aliases:
            data["owner_aliases"] = list(self.owner_aliases)
        data.update(self.extra)
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True) if data else ""
        return _HEADER + body

    def set(self, key: str, value: str | None) -> None:
        """Set (or with None, unset) one known setting; ValueError for a bad key or value."""
        if key not in KEYS:
            raise ValueError(f"unknown setting {key!r} (known: {', '.join(KEYS)})")
        if key == "owner":
            name = clean_name(value) if value is not None else None
            if value is not None and not name:
                raise ValueError("the owner must be a name")
            self.owner = name
        else:
            self.owner_aliases = [n for a in (value or "").split(",") if (n := clean_name(a))]

    def get(self, key: str) -> str | None:
        if key not in KEYS:
            raise ValueError(f"unknown setting {key!r} (known: {', '.join(KEYS)})")
        if key == "owner":
            return self.owner
        return ", ".join(self.owner_aliases) or None


def clean_name(name: str | None) -> str | None:
    """A name as one line of single-spaced words, None when nothing is left."""
    text = " ".join((name or "").split())
    return text or None


def read_config(root: Path | str) -> MemoryConfig:
    """The config in a memory folder (or a copy of one: a Dream tree, a working set)."""
    path = Path(root) / CONFIG_FILE
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return MemoryConfig()
    except (OSError, UnicodeDecodeError) as exc:
        raise ParseError(f"cannot be read: {exc}", path=CONFIG_FILE) from exc
    return MemoryConfig.parse(text)


def config_at(repo: MemoryRepo, rev: str) -> MemoryConfig:
    """The config of one commit (Dream reads everything from its base commit)."""
    data = repo.show_many([CONFIG_FILE], rev).get(CONFIG_FILE)
    return MemoryConfig.parse(data.decode("utf-8", "replace") if data else None)


def update_config(
    repo: MemoryRepo, key: str, value: str | None, command: str = "config"
) -> tuple[MemoryConfig, CommitInfo | None]:
    """Set one setting and commit the file through the write path (no commit when it is
    already so). Read and written under the write lock, so no concurrent change is lost.
    ValueError for an unknown key or a bad value; nothing is written then."""
    with repo.transaction(f"{command}: set {key}", {"Brain-Command": command}) as tx:
        old = tx.read_text(CONFIG_FILE)
        config = MemoryConfig.parse(old)
        config.set(key, value)
        text = config.render()
        if text != old:
            tx.write(CONFIG_FILE, text)
    return config, tx.commit
