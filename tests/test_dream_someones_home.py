"""A move into someone else's home, said by whose it is (`dream/homes.py`): the town is
named weeks before with that person's home ("her house is in Thurnscoe"), the move only
as "living at Ines's now"; or the town is said in the next sentence ("its in Baildon").
The profile's Lives in follows, the old town goes to History, a visit ("had tea at my
nan's in Wombwell") is no home, and "where do i live now?" finds the new town."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from brain.cli import cli
from tests.test_dream_attributes import dreamed_chats, section


def chat(day: str, said: str, reply: str = "Thanks for telling me.") -> dict:
    return {
        "id": f"{day}-chat",
        "started_at": f"{day}T20:00:00+00:00",
        "title": "chat",
        "turns": [{"role": "user", "content": said}, {"role": "assistant", "content": reply}],
    }


PARTNER = [
    chat("2025-09-02", "my room in Kexbrough is tiny and the heating never works"),
    chat("2025-10-11", "my girlfriend Ines asked me to move in with her. her house is in "
                       "Thurnscoe, three bed so loads of space for my bike"),
    chat("2025-11-20", "officially living at Ines's now, handed the Kexbrough keys back "
                       "yesterday"),
    chat("2025-12-14", "had tea at my nan's in wombwell on sunday, she made a massive roast"),
]  # fmt: skip
PARENT = [
    chat("2026-01-05", "the rent on my flat in shipley went up again, 900 a month now"),
    chat("2026-03-08", "moved back to my mum's last weekend. its in baildon, ten minutes "
                       "from work"),
    chat("2026-04-02", "and i'm moving in with my boyfriend at his place in eccleshill "
                       "next month, cant wait"),
]  # fmt: skip

MOVED_IN = [
    chat("2026-02-01", "our flat in wibsey is damp again, the landlord never answers"),
    chat("2026-03-15", "finally moved in with my partner!! his place in thornbury, "
                       "the wibsey flat is the landlord's headache now"),
]  # fmt: skip


@pytest.fixture(scope="module")
def partner(tmp_path_factory: pytest.TempPathFactory):
    return dreamed_chats(tmp_path_factory.mktemp("partner"), PARTNER)


def lives_in(memory, part: str) -> list[str]:
    profile = (memory / "knowledge/people/User.md").read_text()
    return [x for x in section(profile, part) if "**Lives in:**" in x]


def ask(memory, question: str) -> str:
    out = CliRunner().invoke(
        cli, ["ask", question, "--json", "--no-record", "--memory", str(memory)]
    )
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["answer"]


def test_living_at_a_partners_is_the_town_her_home_was_named_in(partner) -> None:
    current = " ".join(lives_in(partner, "Current"))
    assert re.search(r"\[\[Thurnscoe", current), current
    history = " ".join(lives_in(partner, "History"))
    assert re.search(r"\[\[Kexbrough|Kexbrough", history), history
    assert "Kexbrough" not in current
    # tea at a nan's in another town, weeks later, is a visit: no home, now or before
    assert "Wombwell" not in current + history, current + history


def test_where_do_i_live_now_finds_the_partners_town(partner) -> None:
    answer = ask(partner, "where do i live now?")
    assert answer.startswith("Thurnscoe"), answer


def test_a_parents_home_placed_in_the_next_sentence(tmp_path) -> None:
    memory = dreamed_chats(tmp_path, PARENT)
    current = " ".join(lives_in(memory, "Current"))
    assert re.search(r"\[\[Baildon", current), current
    assert "Shipley" in " ".join(lives_in(memory, "History"))
    # a move planned for next month is no home yet
    assert "Eccleshill" not in current, current
    assert ask(memory, "where do i live now?").startswith("Baildon")


def test_a_move_in_with_someone_whose_home_the_next_sentence_places(tmp_path) -> None:
    """ "moved in with my partner!! his place in X, the Y flat is ...": the home is the
    partner's, placed by the next sentence, over the old flat the sentence also names."""
    memory = dreamed_chats(tmp_path, MOVED_IN)
    current = " ".join(lives_in(memory, "Current"))
    assert re.search(r"\[\[Thornbury", current), current
    assert "Wibsey" in " ".join(lives_in(memory, "History"))
