"""Frontmatter models. The JSON Schema files beside this module are generated from them."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

#: Page types Dream writes; people may use others that match the pattern.
PAGE_TYPES = (
    "person",
    "project",
    "organization",
    "place",
    "concept",
    "preference",
    "event",
    "topic",
    "profile",
    "note",
)

Role = Literal["user", "assistant", "system", "tool"]


class PageMeta(BaseModel):
    """Frontmatter of a wiki page (knowledge/) or a note (notes/)."""

    model_config = ConfigDict(extra="allow", title="Brain page frontmatter")

    title: str = Field(min_length=1, description="Human title; unique across pages and aliases.")
    type: str = Field(
        pattern=r"^[a-z][a-z0-9-]*$",
        description="Page type, e.g. " + ", ".join(PAGE_TYPES) + ".",
    )
    aliases: list[str] = Field(default_factory=list, description="Other names of the subject.")
    tags: list[str] = Field(default_factory=list)
    created: dt.date = Field(description="Date the page was first written (YYYY-MM-DD).")
    updated: dt.date = Field(description="Date of the last change (YYYY-MM-DD).")
    summary: str | None = Field(default=None, description="One line shown in INDEX.md.")


class SessionMeta(BaseModel):
    """Frontmatter of a session transcript (sessions/YYYY/MM/<id>.md)."""

    model_config = ConfigDict(extra="allow", title="Brain session frontmatter")

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    title: str
    started: dt.datetime | dt.date | None = None
    participants: list[str] = Field(default_factory=list)
    format: str
    turn_count: int = Field(ge=0)
    turn_meta: dict[str, dict[str, str | int | float | bool | None]] = Field(
        default_factory=dict, description="Per-turn metadata keyed by anchor (t1, t2, ...)."
    )


class SourceMeta(BaseModel):
    """Frontmatter of a captured document (sources/<slug>-<hash8>.md)."""

    model_config = ConfigDict(extra="allow", title="Brain source frontmatter")

    title: str
    origin: str = Field(description="Path or URL the document came from.")
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    captured: dt.datetime | dt.date
    mime: str
    pages: int | None = Field(default=None, ge=0)
    blocks: int = Field(ge=0)
    superseded_by: str | None = Field(default=None, description="Path of the newer version.")
    supersedes: str | None = None
