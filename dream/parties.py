"""Whose memory it is, learned from a document the user captured about themself.

Payslips, contracts, leases and forms name their parties on a line of a field's own:
"Employee: Kieran Doyle", "Tenant: Jo Marsh", "Name: Ravi Patel". When nobody set the
owner and no turn gives the user's name, such a party is the owner only when all of
these hold:

- the label is a person's role by WordNet ("employee", "tenant", "lessee", "field
  lead") or a name field ("Name", "Full name", "Employee name");
- the value is a person's name: the parser tags it a person, and the name alone reads as
  a person's by the `name_word` examples ("Brilho Limpezas" on a lease is a company);
- the user's own turns call the document theirs: "my <noun>" with a noun of its title
  ("got my august payslip", "my lease says ..." for a "Residential Lease Agreement");
- exactly one such party is left once the parties the user calls "my <role>" are set
  aside ("my landlord" is someone else's role; the tenant is the user), unless the user
  says which role is theirs ("i'm the tenant").

Anything less (two tenants on a lease, a company as the lessee, a document the user
never calls theirs) learns nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from memory_schema.source import Source

#: A field's label and value: "Employee: Kieran Doyle", at a block's start, a line's, or
#: after the sentence before it ("... Employer ref 083. Employee: Kieran Doyle.").
_FIELD = re.compile(
    r"(?:^|(?<=[.;\n]))[ \t]*(?P<label>[A-Za-z][A-Za-z'’ ]{0,30}?)[ \t]*:[ \t]*"
    r"(?P<value>[^\n.,;:()]{3,60})",
    re.MULTILINE,
)
#: A name alone reads as a person's by this much over a brand or a place.
PERSON_LEAD = 0.05


@dataclass
class Party:
    role: str | None  # the role word, lower case ("employee"); None for a name field
    name: str
    path: str  # the document
    block: int  # its paragraph, from 1


def parties(path: str, source: Source, embedder: Any) -> list[Party]:
    """The people a document names in its fields, with their role."""
    from language import classifier_for, parse

    found: list[tuple[str | None, str, int]] = []
    for n, block in enumerate(source.blocks, start=1):
        for m in _FIELD.finditer(block):
            role = _role(m.group("label"))
            value = " ".join(m.group("value").split())
            if role is False or not _looks_named(value):
                continue
            found.append((role or None, value, n))
    if not found:
        return []
    # The name as the document sets it, in its field: the parser's reading of a person
    docs = parse([f"{value} signed the agreement." for _, value, _ in found])
    reads = classifier_for(embedder, "name_word").label(embedder.embed([v for _, v, _ in found]))
    out = []
    for (role, value, n), doc, (label, lead) in zip(found, docs, reads, strict=True):
        person = any(e.label_ == "PERSON" and e.text == value for e in doc.ents)
        if person and label == "person" and lead >= PERSON_LEAD:
            out.append(Party(role, value, path, n))
    return out


def _role(label: str) -> str | bool:
    """The role a field's label names ("Employee" -> "employee", "Field lead" -> "lead"),
    "" for a name field ("Name", "Full name", "Tenant's name" -> "tenant"), False for a
    field of anything else ("Job title", "Signed", "Vet" is a person's role too)."""
    from validators.lexicon import primarily_someone

    words = [w.lower().removesuffix("'s").removesuffix("’s") for w in label.split()]
    if not words or len(words) > 3:
        return False
    if words[-1] == "name":
        owner = words[-2] if len(words) > 1 else ""
        if owner and primarily_someone(owner) == "person":
            return owner
        return "" if len(words) == 1 or words[-2] in ("full", "your", "legal") else False
    return words[-1] if primarily_someone(words[-1]) == "person" else False


def _looks_named(value: str) -> bool:
    """Two to four words, each capitalised as a name is ("Kieran Doyle", "Marcus D
    Reed", "Sunita Rao-Whitfield")."""
    words = value.split()
    return 2 <= len(words) <= 4 and all(re.fullmatch(r"[A-Z][\w'’-]*", w) for w in words)


def owner_from_documents(
    docs: list[tuple[str, Source]], turns: Callable[[], list[str]], embedder: Any
) -> Party | None:
    """The party of the user's own documents who is the user (see the module's
    docstring), or None. `turns()`: what the user wrote, unnamed (read only when a
    document names a party)."""
    from language import parse

    from .extract import sentences

    found = [p for path, source in docs for p in parties(path, source, embedder)]
    if not found:
        return None
    parsed = parse([s for turn in turns() for s in sentences(turn)])
    mine = {
        t.lemma_.lower()
        for doc in parsed
        for t in doc
        if t.pos_ in ("NOUN", "PROPN")
        and any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children)
    }
    titles = {path: _title_words(source) for path, source in docs}
    theirs = [p for p in found if mine & titles[p.path]]
    # a role the user calls "my landlord" is someone else's; "i'm the tenant" the user's
    others = [p for p in theirs if p.role not in mine]
    said = {r for doc in parsed for r in _roles_of_speaker(doc)}
    own = [p for p in others if p.role in said] or others
    names = {p.name for p in own}
    return own[0] if len(names) == 1 else None


def _title_words(source: Source) -> set[str]:
    """The lower-case words and their singulars of a document's title ("HARTLEY
    ELECTRICAL LTD - PAYSLIP", "Residential Lease Agreement - 2417 Ridgeway Ct")."""
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", source.title)}
    return words | {w[:-1] for w in words if w.endswith("s")}


def _roles_of_speaker(doc: Any) -> list[str]:
    """The roles the speaker says are theirs: "i'm the tenant", "i am an employee"."""
    out = []
    for t in doc:
        if t.dep_ != "attr" or t.head.lemma_ != "be":
            continue
        if any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.head.children):
            out.append(t.lemma_.lower())
    return out


def documents(repo: Any, plan: Any) -> list[tuple[str, Source]]:
    """Every document in the memory at the run's base."""
    from memory_schema.errors import ParseError
    from memory_schema.store import is_source_file

    docs = {path: source for path, _, source in plan.sources}
    rest = [p for p in plan.files if is_source_file(p) and p not in docs]
    for path, data in repo.show_many(rest, plan.base).items() if rest else []:
        try:
            docs[path] = Source.parse(data.decode("utf-8"), path)
        except (ParseError, ValueError, UnicodeDecodeError, AttributeError):
            continue
    return sorted(docs.items())


def user_turns(repo: Any, plan: Any) -> list[str]:
    """Every turn a user wrote with no name, in any session at the run's base (the
    agents' own transcripts apart): a turn that calls a document "my lease" may be
    months older or newer than the document."""
    from memory_schema.errors import ParseError
    from memory_schema.session import Session
    from memory_schema.store import is_session_file

    sessions = {item.path: item.session for item in plan.items}
    rest = [p for p in plan.files if is_session_file(p) and p not in sessions]
    for path, data in repo.show_many(rest, plan.base).items() if rest else []:
        try:
            sessions[path] = Session.parse(data.decode("utf-8"), path)
        except (ParseError, ValueError, UnicodeDecodeError, AttributeError):
            continue
    return [
        t.content
        for s in sessions.values()
        if not s.by_agent
        for t in s.turns
        if t.role == "user" and not t.speaker
    ]
