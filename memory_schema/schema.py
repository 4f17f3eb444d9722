"""JSON Schema files for frontmatter, and validation against them.

The shipped files (`*.schema.json`) are the contract; `python -m memory_schema.schema`
regenerates them from the models and a test checks they are current.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from importlib import resources
from typing import Any

from .markdown_io import jsonable
from .models import PageMeta, SessionMeta, SourceMeta

SCHEMAS = {"page": PageMeta, "session": SessionMeta, "source": SourceMeta}


def generated_schema(name: str) -> dict[str, Any]:
    schema = SCHEMAS[name].model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://brain.invalid/schema/{name}.schema.json"
    return schema


def schema_text(name: str) -> str:
    return json.dumps(generated_schema(name), indent=2, sort_keys=True) + "\n"


@cache
def load_schema(name: str) -> dict[str, Any]:
    text = resources.files("memory_schema").joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


@cache
def _validator(name: str) -> Any:
    import jsonschema  # imported here: only validation needs it

    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def schema_errors(name: str, meta: dict[str, Any]) -> list[str]:
    """Human messages for every way `meta` breaks the named schema (empty when valid)."""
    errors = []
    for err in sorted(_validator(name).iter_errors(jsonable(meta)), key=lambda e: list(e.path)):
        where = ".".join(str(p) for p in err.path)
        errors.append(f"{where}: {err.message}" if where else err.message)
    return errors


def main() -> None:
    out = resources.files("memory_schema")
    for name in SCHEMAS:
        path = out.joinpath(f"{name}.schema.json")
        with resources.as_file(path) as p:
            p.write_text(schema_text(name), encoding="utf-8")
            print(f"wrote {p}", file=sys.stderr)


if __name__ == "__main__":
    main()
