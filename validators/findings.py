"""Findings: what a validator reports, with a stable code per rule."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]

#: Every rule's code and what it means; codes never change meaning once shipped.
RULES: dict[str, tuple[Severity, str]] = {
    "not-utf8": ("error", "file is not valid UTF-8"),
    "too-large": ("error", "file exceeds the size limit"),
    "bad-yaml": ("error", "frontmatter is not plain YAML data"),
    "schema": ("error", "frontmatter does not match the schema"),
    "bad-structure": ("error", "session or source blocks are malformed"),
    "duplicate-title": ("error", "two pages share a title or alias"),
    "cite-undefined": ("error", "[cite:N] used but not defined"),
    "cite-unused": ("error", "citation defined but never used"),
    "cite-duplicate": ("error", "citation number defined twice"),
    "cite-target-missing": ("error", "citation target file does not exist"),
    "cite-anchor-missing": ("error", "citation block anchor does not exist in the target"),
    "cite-not-evidence": ("error", "citation does not point at a session or source"),
    "link-unresolved": ("error", "wikilink in knowledge/ does not resolve"),
    "link-fragment-missing": ("error", "wikilink heading or block does not exist"),
    "path-escape": ("error", "a symlink or path leaves the memory tree"),
    "symlink": ("warning", "a symlink inside the memory tree"),
    "cite-not-at-end": ("warning", "citation definitions should close the page"),
    "unsupported-claim": ("error", "a cited claim is not supported by its evidence"),
    "contradiction": ("error", "two current values for one attribute"),
    "cite-quote-mismatch": ("error", "a citation's quote is not in the block it cites"),
}


@dataclass(frozen=True)
class Finding:
    code: str
    path: str
    line: int
    message: str
    severity: Severity = field(default="error")

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("severity")
        return d

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.severity} [{self.code}] {self.message}"


def finding(code: str, path: str, line: int, message: str) -> Finding:
    return Finding(code=code, path=path, line=line, message=message, severity=RULES[code][0])


@dataclass
class Report:
    findings: list[Finding]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "errors": [f.as_dict() for f in self.errors],
            "warnings": [f.as_dict() for f in self.warnings],
        }
