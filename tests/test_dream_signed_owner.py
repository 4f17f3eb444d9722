"""The owner learned from a message the user signs (`dream/owner.py`): a turn that ends
"cheers,\\ndaniel" under "does this read ok before i send it to my landlord", or a
pasted email signed "- marcus" that the AI's rewrite signs "— Marcus". Whoever sends a
message signs it with their own name; one the user got is signed by someone else. The
name is recorded as a self-introduction is, and never over an owner set by hand."""

from __future__ import annotations

from pathlib import Path

from dream import DreamOptions, run_dream
from dream.owner import introduced_name, signs_own
from memory_schema import init_memory
from memory_schema.memory_config import read_config
from search import get_embedder
from tests.test_dream_support import add_sessions
from tests.test_owner_evidence import unnamed

TO_SEND = (
    "does this read ok before i send it to my landlord\n\n"
    "hi gail, the boiler is leaking again and the bathroom ceiling has a brown patch now. "
    "could someone come out this week?\n\ncheers,\ndaniel"
)
LANDLORD = unnamed(
    "2026-05-03-boiler",
    "2026-05-03",
    [
        ("user", TO_SEND),
        ("assistant", "It reads well. You could add when you're home so they can book a slot."),
        ("user", "good idea, also i started at the bike shop on kirkgate last month"),
    ],
)


def test_a_message_the_user_sends_is_signed_with_their_name() -> None:
    # "daniel" is in the dictionary (a book of the Bible): the model reads it as a name
    assert signs_own(TO_SEND) is None
    assert signs_own(TO_SEND, get_embedder()) == "Daniel"
    own = "got the parcel in the end, thanks for the help\n- priyanka"
    assert signs_own(own) == "Priyanka"
    quoted = 'write a reply for me: "hi sam, yes friday works. best, Tom"'
    assert signs_own(quoted) == "Tom"


def test_a_message_the_user_got_or_a_name_said_to_someone_signs_nothing() -> None:
    got = "my landlord sent me this: 'hi daniel, the plumber comes tuesday. thanks, gail'"
    assert signs_own(got) is None
    assert signs_own("ok thanks, Sam") is None  # thanked, on one's own line
    assert signs_own("met the lads at the pub - dave") is None
    assert signs_own("sorted now\ncheers, mate", get_embedder()) is None  # no name


def test_an_ai_rewrite_signed_with_a_dash_names_the_user() -> None:
    chat = unnamed(
        "2026-06-02-email",
        "2026-06-02",
        [
            ("user", "can you make this less blunt: 'hi both, deposit received. - marcus'"),
            ("assistant", 'Here you go:\n\n"Hi both, thank you, the deposit arrived!\n— Marcus"'),
        ],
    )
    assert introduced_name(chat) == "Marcus"


def test_a_signed_message_names_the_owner_unless_one_is_set(tmp_path: Path) -> None:
    repo, _ = init_memory(tmp_path / "memory")
    add_sessions(repo, LANDLORD)
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).owner_learned == "Daniel"
    assert read_config(repo.root).owner == "Daniel"
    assert (repo.root / "knowledge/people/Daniel.md").is_file()
    # An owner set by hand is never replaced by a signature.
    repo, _ = init_memory(tmp_path / "set", owner="Dan Okafor")
    add_sessions(repo, LANDLORD)
    assert run_dream(repo, DreamOptions(embedder=get_embedder())).owner_learned is None
    assert read_config(repo.root).owner == "Dan Okafor"
    assert not (repo.root / "knowledge/people/Daniel.md").exists()
