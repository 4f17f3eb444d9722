"""Split and join YAML frontmatter and Markdown bodies, deterministically.

Parsing uses python-frontmatter with yaml.SafeLoader only; rendering uses
yaml.safe_dump with fixed options so that render(parse(render(x))) is byte-identical.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import frontmatter
import yaml

from .errors import ParseError

_PLAIN_TYPES = (str, int, float, bool, type(None), dt.date, dt.datetime)


def read_text(data: bytes, path: str | None = None) -> str:
    """Decode a memory file strictly as UTF-8 (files we write are always UTF-8)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"not UTF-8 (byte {exc.start})", path=path) from exc


def split_frontmatter(text: str, path: str | None = None) -> tuple[dict[str, Any], str]:
    """Return (metadata, body). A file without frontmatter has empty metadata."""
    if not text.startswith("---\n") and text.strip() != "---":
        return {}, text
    end = text.find("\n---\n", 3)
    if end == -1:
        if text.rstrip("\n").endswith("\n---"):
            end = text.rstrip("\n").rfind("\n---")
        else:
            raise ParseError("frontmatter opened with '---' is never closed", path=path, line=1)
    try:
        post = frontmatter.loads(text)
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        raise ParseError(
            f"frontmatter is not valid plain YAML: {_yaml_problem(exc)}",
            path=path,
            line=(line + 2) if line is not None else 1,
        ) from exc
    meta = post.metadata
    if not isinstance(meta, dict):
        raise ParseError("frontmatter must be a mapping", path=path, line=1)
    _check_plain(meta, path)
    # Keep the body byte-exact: take everything after the closing fence ourselves.
    body_start = end + len("\n---\n")
    body = text[body_start:] if body_start <= len(text) else ""
    return meta, body


def _yaml_problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None)
    return str(problem) if problem else str(exc).splitlines()[0]


def _check_plain(value: Any, path: str | None) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise ParseError(f"frontmatter key {k!r} is not a string", path=path, line=1)
            _check_plain(v, path)
    elif isinstance(value, list):
        for v in value:
            _check_plain(v, path)
    elif not isinstance(value, _PLAIN_TYPES):
        raise ParseError(f"frontmatter value of type {type(value).__name__}", path=path, line=1)


class _Dumper(yaml.SafeDumper):
    """Safe dumper that writes repeated values in full instead of &anchors/*aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


# YAML reads NEL, LS and PS as line breaks and folds them inside quoted
# scalars, so a string holding one would not survive a round trip unless
# it is written double-quoted, where PyYAML escapes them.
_YAML_BREAKS = re.compile("[\x85\u2028\u2029]")


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    if _YAML_BREAKS.search(data):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')
    return dumper.represent_str(data)


_Dumper.add_representer(str, _represent_str)


def dump_yaml(meta: dict[str, Any]) -> str:
    return yaml.dump(
        meta,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=1_000_000,
    )


def join_frontmatter(meta: dict[str, Any], body: str) -> str:
    """Render metadata and body into file text."""
    if not meta:
        return body
    return f"---\n{dump_yaml(meta)}---\n{body}"


def jsonable(value: Any) -> Any:
    """Frontmatter values as JSON data (dates as ISO strings), for schema checks and --json."""
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [jsonable(v) for v in value]
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value
