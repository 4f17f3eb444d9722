"""The owner learned from a party line of a document the user calls theirs
(`dream/parties.py`): "Tenant: Jo Marsh" on a tenancy agreement, captured beside a chat
where the unnamed user asks "does my tenancy agreement let him do that" of "my
landlord". Two tenants on one lease name nobody, an owner set by hand is never replaced,
and a name the user gives in a chat wins. Real files, captured and dreamt with the CLI
in a real git memory."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from brain.cli import cli
from dream.parties import owner_from_documents, parties
from memory_schema.memory_config import read_config
from memory_schema.source import Source
from search import get_embedder

FILES = Path(__file__).parent / "fixtures" / "document_owner"
CHAT = FILES / "2026-03-09-rent.md"


def _brain(*args: str) -> str:
    out = CliRunner().invoke(cli, list(args))
    assert out.exit_code == 0, out.output
    return out.output


def _memory(root: Path, *sessions: Path, documents: tuple[Path, ...] = (), owner: str = "") -> Path:
    memory = root / "memory"
    _brain("init", str(memory), *(["--owner", owner] if owner else []))
    if sessions:
        _brain("capture", "session", *map(str, sessions), "--memory", str(memory))
    if documents:
        _brain("capture", "source", *map(str, documents), "--memory", str(memory))
    return memory


def test_the_tenant_on_the_users_own_agreement_is_the_owner(tmp_path: Path) -> None:
    memory = _memory(tmp_path, CHAT, documents=(FILES / "tenancy-agreement.txt",))
    assert "owner learned: Jo Marsh" in _brain("dream", "--memory", str(memory))
    assert read_config(memory).owner == "Jo Marsh"
    page = (memory / "knowledge/people/Jo Marsh.md").read_text()
    assert "type: profile" in page
    assert "Peter Grant" not in read_config(memory).owner
    assert not (memory / "knowledge/people/User.md").exists()


def test_a_document_dreamt_before_the_chat_that_calls_it_mine(tmp_path: Path) -> None:
    """The agreement alone says nothing of whose it is; the chat a run later does, and
    the stand-in "User" of no earlier run is needed."""
    memory = _memory(tmp_path, documents=(FILES / "tenancy-agreement.txt",))
    _brain("dream", "--memory", str(memory))
    assert read_config(memory).owner is None
    _brain("capture", "session", str(CHAT), "--memory", str(memory))
    assert "owner learned: Jo Marsh" in _brain("dream", "--memory", str(memory))
    assert read_config(memory).owner == "Jo Marsh"


def test_two_tenants_or_an_owner_set_by_hand_learn_nothing(tmp_path: Path) -> None:
    joint = _memory(tmp_path / "joint", CHAT, documents=(FILES / "joint-lease.txt",))
    out = _brain("dream", "--memory", str(joint))
    assert "owner learned" not in out
    assert read_config(joint).owner is None
    assert (joint / "knowledge/people/User.md").is_file()
    set_ = _memory(
        tmp_path / "set", CHAT, documents=(FILES / "tenancy-agreement.txt",), owner="Joanna M"
    )
    assert "owner learned" not in _brain("dream", "--memory", str(set_))
    assert read_config(set_).owner == "Joanna M"
    assert not (set_ / "knowledge/people/Jo Marsh.md").exists()


def test_a_name_the_user_gives_wins_over_a_document(tmp_path: Path) -> None:
    intro = tmp_path / "2026-02-01-hello.md"
    intro.write_text(
        "---\ntitle: hello\ndate: 2026-02-01\n---\n# hello\n\n## User\n\n"
        "hi, I'm Joanna by the way. can you help me budget for a new flat\n\n"
        "## Assistant\n\nNice to meet you, Joanna! Of course.\n"
    )
    memory = _memory(tmp_path, intro, CHAT, documents=(FILES / "tenancy-agreement.txt",))
    _brain("dream", "--memory", str(memory))
    assert read_config(memory).owner == "Joanna"


def _doc(title: str, *blocks: str) -> Source:
    return Source(title, "test", "0" * 64, __import__("datetime").date(2026, 1, 1), "text/plain",
                  list(blocks))  # fmt: skip


def test_a_party_is_a_person_named_in_a_role_or_name_field() -> None:
    embedder = get_embedder()
    lease = _doc(
        "Operating Lease Agreement",
        "Lessee: Brilho Limpezas, Unipessoal Lda., NIF 516 204 873.",
        "Job title: Apprentice Electrician. Signed: Marcus Bell. Name: Ravi Patel.",
    )
    found = [(p.role, p.name) for p in parties("sources/l.md", lease, embedder)]
    assert found == [(None, "Ravi Patel")], found
    payslip = _doc("ACME LTD - PAYSLIP", "Employee: Kieran Doyle. Employee no. 0147.")
    docs = [("sources/p.md", payslip)]
    mine = owner_from_documents(docs, lambda: ["got my august payslip, whats NEST"], embedder)
    assert mine is not None and mine.name == "Kieran Doyle"
    # the user never calls it theirs: a friend's payslip names nobody in this memory
    other = owner_from_documents(docs, lambda: ["my mate sent me his payslip"], embedder)
    assert other is None
