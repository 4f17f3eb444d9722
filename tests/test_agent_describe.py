# ruff: noqa: E501  (chats are written as people write them, in long lines)
"""Questions asked the way people ask them of their own memory, answered by the
extractive engine from a memory built through the CLI's real commands (OpenAI chat
exports with unnamed user turns, `brain dream`) in a real git repo:

- a question whose only content word is a name ("who is jodie?", "whats wrong with
  pickle") asks what memory knows of that subject: its most informative statements;
- a question in the present tense about the asker's own value ("what car do i have?")
  asks what holds now: the value said later wins over the one said before, while a
  question about before keeps the earlier one.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tests.test_agent_messy import run

CHATS = [
    (
        "pickle limping",
        "2026-02-09T19:12:00",
        [
            "pickle's been limping on her back left leg since saturday. shes 9 now so im a bit worried tbh",
            "It's common for older dogs to develop a limp from arthritis. A vet visit is a good idea if it lasts; many vets start with meloxicam (Metacam).",
            "took her in this morning, vet reckons its arthritis in the hip. shes on metacam now, 1.5ml with her tea",
            "That's a sensible plan. Keep walks short and on soft ground for a while.",
            "yeah jodie said shed help with walks when im on lates, shes brilliant with her",
        ],
    ),
    (
        "clutch",
        "2026-03-14T08:40:00",
        [
            "the corsa's clutch is going, it slips every time i go up the hill to work. garage quoted 640 quid which is more than the car is worth honestly",
            "If the car's value is below the repair cost, it may be time to replace it. A Vauxhall Astra or a Toyota Yaris are cheap to run.",
            "ugh. ill limp it along for a bit and start looking",
        ],
    ),
    (
        "present for jodie",
        "2026-03-20T21:05:00",
        [
            "need a bday present idea for jodie, my sister in law. shes turning 40 on the 2nd of april and she's mad about pottery at the minute",
            "How about a pottery wheel taster session or a voucher for a local ceramics studio?",
            "ooh a voucher for clay corner would be perfect, she goes there on thursdays already",
        ],
    ),
    (
        "work stuff",
        "2026-04-07T18:30:00",
        [
            "marcus from work took credit for my rota spreadsheet in the team meeting again. hes been team lead since january and its getting worse",
            "That's frustrating. Keep a record of your contributions and raise it in your one-to-one.",
        ],
    ),
    (
        "new car",
        "2026-06-03T12:15:00",
        [
            "got a little fiesta now!! 2017, blue, 41k miles. so much nicer to drive",
            "Congratulations! A 2017 Fiesta is a reliable choice. Remember to update your insurance and the V5C with the DVLA.",
        ],
    ),
    (
        "pickle update",
        "2026-06-21T10:02:00",
        [
            "pickle is so much better, barely limping. vet dropped the metacam to 1ml and said keep her weight down",
            "That's great news! Keeping her lean will take pressure off her joints.",
        ],
    ),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("describe")
    root = tmp / "memory"
    run("init", str(root), "--owner", "Rebecca Lowe")
    files = []
    for i, (title, when, turns) in enumerate(CHATS):
        created = dt.datetime.fromisoformat(when).replace(tzinfo=dt.UTC).timestamp()
        messages = [
            {"role": "user" if j % 2 == 0 else "assistant", "content": text}
            for j, text in enumerate(turns)
        ]
        path = tmp / f"chat-{i}.json"
        path.write_text(
            json.dumps({"id": f"c{i}", "title": title, "created": created, "messages": messages}),
            encoding="utf-8",
        )
        files.append(str(path))
    m = ["--memory", str(root)]
    run("capture", "session", *files, *m)
    run("dream", *m)
    return root


def ask(root: Path, question: str) -> str:
    out = json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))
    return out["answer"]


def test_a_name_alone_asks_what_memory_knows_of_the_subject(memory: Path) -> None:
    answer = ask(memory, "who is jodie?")
    # her page's relation, by the turn it cites, and what else was said of her
    assert "my sister in law" in answer.split("\n")[0]
    assert "shes brilliant with her" in answer
    # a pet typed in lower case, with no page of its own: what was said naming her
    answer = ask(memory, "whats wrong with pickle")
    assert "limping" in answer.split("\n")[0]
    assert answer.count("[cite:") >= 2
    # ... and the next sentence, which goes on about him
    assert "hes been team lead since january" in ask(memory, "tell me about marcus")


def test_a_detail_asked_of_a_name_is_not_a_description(memory: Path) -> None:
    # "how much metacam": a detail, read as before (the later dose: "now")
    assert ask(memory, "how much metacam does pickle get now").startswith("1ml")


def test_the_later_value_holds_now_though_the_question_does_not_say_now(memory: Path) -> None:
    assert ask(memory, "what car do i have").startswith("Fiesta")
    # a question about before is no question about now
    assert not ask(memory, "what did i drive before?").startswith("Fiesta")
