"""ChatGPT and Claude.ai data exports through the real CLI into real memory repos."""

from __future__ import annotations

import copy
import datetime as dt
import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from brain.cli import cli
from ingest.errors import RejectedSessionWarning, SkippedInputWarning
from ingest.formats import parse_file
from memory_schema import MemoryRepo
from memory_schema.session import Session
from validators import validate_tree

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"
CHATGPT = FIXTURES / "chatgpt_export.json"
CLAUDE = FIXTURES / "claude_export.json"
LISBON = "chatgpt-6630f0a2-1111-4c3e-9a55-0b1c2d3e4f50"
SOURDOUGH = "chatgpt-6631a7c4-2222-4d1f-8b66-1c2d3e4f5a61"
GARDEN = "claude-1b7e4c52-aaaa-4f0e-8d3c-5a6b7c8d9e01"


def _run(memory: MemoryRepo, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["capture", "session", "--memory", str(memory.root), *args])
    return result.exit_code, result.stdout, result.stderr


def _parse(path: Path) -> tuple[str, dict[str, Session], list[warnings.WarningMessage]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fmt, sessions = parse_file(path)
    return fmt, {s.id: s for s in sessions}, caught


def _transcript(memory: MemoryRepo, sid: str) -> str:
    [path] = (memory.root / "sessions").rglob(f"{sid}.md")
    return path.read_text("utf-8")


def _load(path: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))
    return data


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), "utf-8")
    return path


def _chatgpt_reply(conv: dict[str, Any], parent: str, nid: str, role: str, text: str, t: float):
    """Add a message under `parent` and make it the current node, as the app does."""
    conv["mapping"][parent]["children"].append(nid)
    conv["mapping"][nid] = {
        "id": nid,
        "parent": parent,
        "children": [],
        "message": {
            "id": nid,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": t,
            "content": {"content_type": "text", "parts": [text]},
            "metadata": {},
            "recipient": "all",
        },
    }
    conv["current_node"] = nid


def test_chatgpt_export_follows_the_current_branch_and_leaves_out_hidden_messages() -> None:
    fmt, sessions, caught = _parse(CHATGPT)
    assert fmt == "chatgpt-export"
    assert set(sessions) == {LISBON, SOURDOUGH}  # the third has only a hidden system message
    assert [str(w.message) for w in caught if w.category is SkippedInputWarning] == [
        f"{CHATGPT}: 1 conversation with no visible messages left out"
    ]
    s = sessions[LISBON]
    assert s.title == "Lisbon trip with Ana" and s.format == "chatgpt-export"
    assert s.started == dt.datetime(2024, 5, 1, 8, 0, 0, tzinfo=dt.UTC)
    assert [t.role for t in s.turns] == ["user", "assistant"] * 3
    assert [t.speaker for t in s.turns[:2]] == [None, "ChatGPT"]
    # The edited question's branch: its last version, and the regenerated answer.
    assert s.turns[0].content == "I'm going to Lisbon in May with my sister Ana. Any tips?"
    assert s.turns[1].content == "Book the Belém tower online and walk Alfama at sunset."
    assert s.turns[1].at == dt.datetime(2024, 5, 1, 8, 1, 30, tzinfo=dt.UTC)
    text = s.render()
    for gone in ("Porto", "francesinha", "28 tram", "nurse in Leeds", "Keep answers short"):
        assert gone not in text  # other branches, custom instructions
    for gone in ("secret reasoning", "615", "red line reaches"):
        assert gone not in text  # thoughts, tool output, a browsing quote
    # An image part names its attachment; other attachments are noted by name.
    assert s.turns[2].content == (
        "[image: hotel.jpg]\nHere is our flight and a photo of the hotel. We land at 9:40 on "
        "14 May; how long to the centre?\n[attachment: flight-TP1331.pdf]"
    )
    # The code the assistant ran and its answer after the tool are one turn.
    assert s.turns[3].content == (
        "[tool call: python]\n```python\nprint(9*60 + 40 + 35)\n```\n\n"
        "About 35 minutes by metro, so you would be in the centre by 10:15."
    )


def test_claude_export_keeps_attachments_and_leaves_out_thinking_and_tool_results() -> None:
    fmt, sessions, caught = _parse(CLAUDE)
    assert fmt == "claude-export"
    assert len(sessions) == 2
    assert any(w.category is SkippedInputWarning for w in caught)  # the empty conversation
    s = sessions[GARDEN]
    assert s.title == "Drip irrigation for the raised beds"
    assert s.started == dt.datetime(2024, 6, 3, 18, 20, 11, tzinfo=dt.UTC)
    assert [t.speaker for t in s.turns] == [None, "Claude", None, "Claude"]
    assert s.turns[0].content == (
        "Here's my garden plan. Which drip kit fits four 1.2 m beds?\n"
        "[attachment: garden-plan.txt]\nBeds: 4 x 1.2 m, south facing.\n"
        "Tap on the east wall, 8 m away.\nTomatoes in bed 2."
    )
    assert s.turns[1].content.startswith(
        '[tool call: web_search({"query": "16mm drip irrigation kit raised beds"})]\n\nA 16 mm kit'
    )
    assert "consider tap distance" not in s.render() and "tool output" not in s.render()
    assert s.turns[2].content == (
        "This is the layout photo. Also I'm away 10-24 July, so it needs a timer.\n"
        "[attachment: pasted text]\nPasted notes: the water butt holds 200 litres and sits "
        "under the shed gutter.\n[file: bed-layout.png]"
    )
    # An older export carries `text` only and no name: the title is the first question.
    old = sessions["claude-2c8f5d63-bbbb-4a1f-9e4d-6b7c8d9e0f12"]
    assert old.title.startswith("What's a good name for a grey rescue greyhound?")
    assert old.turns[1].content.startswith("Biscuit suits a greyhound")


def test_both_exports_captured_by_the_cli_then_unchanged(memory: MemoryRepo) -> None:
    code, out, err = _run(memory, str(CHATGPT), str(CLAUDE))
    assert code == 0, out + err
    assert f"captured   sessions/2024/05/{LISBON}.md (6 turns)" in out
    assert f"captured   sessions/2024/06/{GARDEN}.md (4 turns)" in out
    assert "4 sessions captured, 0 unchanged, 0 rejected (commit " in out
    assert "warning: " in err and "1 conversation with no visible messages left out" in err
    assert validate_tree(memory.root).ok
    log = memory.git("log", "-1", "--format=%B")
    assert "Brain-Sessions:" in log and LISBON in log
    head = memory.head()
    code, out, _ = _run(memory, str(CHATGPT), str(CLAUDE))
    assert code == 0 and "0 sessions captured, 4 unchanged, 0 rejected" in out
    assert memory.head() == head


def test_a_newer_chatgpt_export_adds_only_what_is_new(memory: MemoryRepo, tmp_path: Path) -> None:
    assert _run(memory, str(CHATGPT))[0] == 0
    before = _transcript(memory, SOURDOUGH)
    data = _load(CHATGPT)
    sourdough = data[1]
    t = sourdough["create_time"] + 86400
    _chatgpt_reply(sourdough, "s-a1", "s-u2", "user", "It's bubbly again. Can I bake Saturday?", t)
    _chatgpt_reply(sourdough, "s-u2", "s-a2", "assistant", "Yes, if it doubles in 6 hours.", t + 4)
    new = copy.deepcopy(data[1])
    new.update(conversation_id="6633cc12-4444-4f31-8d88-3e4f5a6b7c83", title="Bread tins")
    new["id"] = new["conversation_id"]
    data.append(new)
    code, out, err = _run(
        memory, "--format", "chatgpt-export", str(_write(tmp_path / "c.json", data))
    )
    assert code == 0, out + err
    assert f"grown      sessions/2024/06/{SOURDOUGH}.md (+2 turns, 4 in all)" in out
    assert f"unchanged  sessions/2024/05/{LISBON}.md (6 turns)" in out
    assert "sessions/2024/06/chatgpt-6633cc12-4444-4f31-8d88-3e4f5a6b7c83.md (4 turns)" in out
    assert "2 sessions captured, 1 unchanged, 0 rejected" in out
    after = _transcript(memory, SOURDOUGH)
    # The earlier turns and their anchors stay as they were; the new ones follow.
    assert after.split("^t2\n")[1].strip().startswith("> **user** (user) · 2024-06-11")
    assert before.split("---", 2)[2].split("^t2")[0] == after.split("---", 2)[2].split("^t2")[0]
    assert "^t4" in after and validate_tree(memory.root).ok


def test_an_edit_after_the_import_becomes_a_branch_session(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    assert _run(memory, str(CHATGPT))[0] == 0
    original = _transcript(memory, LISBON)
    data = _load(CHATGPT)
    lisbon = data[0]
    # The user edits their third message ("Ana is vegetarian") and the chat goes on.
    t = lisbon["create_time"] + 7200
    _chatgpt_reply(lisbon, "a2", "u3-edit", "user", "Thanks! Ana is vegan, by the way.", t)
    _chatgpt_reply(lisbon, "u3-edit", "a3-edit", "assistant", "Then try Ao 26 for dinner.", t + 5)
    newer = _write(tmp_path / "conversations.json", data)
    code, out, err = _run(memory, str(newer))
    assert code == 0, out + err
    assert _transcript(memory, LISBON) == original  # evidence is never rewritten
    [branch_path] = (memory.root / "sessions").rglob(f"{LISBON}-b*.md")
    branch = Session.parse(branch_path.read_text("utf-8"))
    assert branch.extra["branch_of"] == LISBON and branch.extra["branch_at"] == "t5"
    assert [t.content for t in branch.turns] == [
        "Thanks! Ana is vegan, by the way.",
        "Then try Ao 26 for dinner.",
    ]
    assert f"(2 turns; branch of {LISBON} from ^t5)" in out
    # The same export again changes nothing; one that goes on grows the branch.
    head = memory.head()
    assert "0 sessions captured, 2 unchanged" in _run(memory, str(newer))[1]
    assert memory.head() == head
    _chatgpt_reply(lisbon, "a3-edit", "u4", "user", "And a rooftop bar?", t + 60)
    code, out, _ = _run(memory, str(_write(newer, data)))
    assert code == 0 and f"grown      {branch_path.relative_to(memory.root)}" in out
    assert validate_tree(memory.root).ok


def test_a_newer_claude_export_appends_new_messages(memory: MemoryRepo, tmp_path: Path) -> None:
    assert _run(memory, str(CLAUDE))[0] == 0
    data = _load(CLAUDE)
    data[0]["chat_messages"].append(
        {
            "uuid": "c5",
            "sender": "human",
            "text": "The timer arrived, it's a Hozelock.",
            "content": [{"type": "text", "text": "The timer arrived, it's a Hozelock."}],
            "created_at": "2024-06-09T07:00:00.000000Z",
            "attachments": [],
            "files": [],
        }
    )
    code, out, _ = _run(memory, "--format", "claude-export", str(_write(tmp_path / "c.json", data)))
    assert code == 0
    assert f"grown      sessions/2024/06/{GARDEN}.md (+1 turns, 5 in all)" in out
    assert "> The timer arrived, it's a Hozelock." in _transcript(memory, GARDEN)


def test_a_cut_off_export_captures_the_whole_conversations_and_names_the_broken_one(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    text = CHATGPT.read_text("utf-8")
    cut = tmp_path / "conversations.json"
    cut.write_text(text[: text.index("nail polish")], "utf-8")
    code, out, err = _run(memory, str(cut))
    assert code == 1
    assert f"captured   sessions/2024/05/{LISBON}.md (6 turns)" in out
    assert (
        f"rejected   {cut}: conversation 2 'Sourdough starter': cut off or not valid JSON"
    ) in err
    assert "1 session captured, 0 unchanged, 1 rejected" in out


def test_a_conversation_missing_fields_is_rejected_alone_by_name(
    memory: MemoryRepo, tmp_path: Path
) -> None:
    data = _load(CHATGPT)
    del data[0]["mapping"]
    claude = _load(CLAUDE)
    claude[0]["chat_messages"][1]["sender"] = "robot"
    code, out, err = _run(
        memory, str(_write(tmp_path / "a.json", data)), str(_write(tmp_path / "b.json", claude))
    )
    assert code == 1
    assert (
        "conversation 1 'Lisbon trip with Ana' (id 6630f0a2-1111-4c3e-9a55-0b1c2d3e4f50): "
        "'mapping' is missing or not an object"
    ) in err
    assert (
        "conversation 1 'Drip irrigation for the raised beds' "
        "(id 1b7e4c52-aaaa-4f0e-8d3c-5a6b7c8d9e01): message 2: unknown sender 'robot'"
    ) in err
    assert "2 sessions captured, 0 unchanged, 2 rejected" in out
    assert {p.stem for p in (memory.root / "sessions").rglob("*-*.md")} == {
        SOURDOUGH,
        "claude-2c8f5d63-bbbb-4a1f-9e4d-6b7c8d9e0f12",
    }


def test_a_wrong_forced_format_is_one_clear_rejection(memory: MemoryRepo) -> None:
    code, out, err = _run(memory, "--format", "chatgpt-export", str(CLAUDE))
    assert code == 1
    assert f"rejected   {CLAUDE}: not a ChatGPT data export (a list of conversations" in err
    assert "0 sessions captured" in out


@pytest.mark.parametrize("path", [CHATGPT, CLAUDE])
def test_a_branch_id_is_stable_and_warnings_name_the_file(path: Path) -> None:
    _, first, _ = _parse(path)
    _, second, caught = _parse(path)
    assert list(first) == list(second)
    assert not [w for w in caught if w.category is RejectedSessionWarning]


def test_a_claude_export_with_a_message_tree_keeps_the_current_branch(tmp_path: Path) -> None:
    root = "00000000-0000-4000-8000-000000000000"

    def msg(uuid: str, parent: str, sender: str, text: str) -> dict[str, Any]:
        return {
            "uuid": uuid,
            "parent_message_uuid": parent,
            "sender": sender,
            "text": text,
            "created_at": "2024-07-01T10:00:00Z",
        }

    conv = {
        "uuid": "4e0b7f85-dddd-4c31-8a6f-8d9e0f1a2b34",
        "name": "Cover letter",
        "created_at": "2024-07-01T10:00:00Z",
        "current_leaf_message_uuid": "a1b",
        "chat_messages": [
            msg("h1", root, "human", "Draft a cover letter for the Leeds job."),
            msg("a1a", "h1", "assistant", "Dear Sir or Madam, first draft."),
            msg("a1b", "h1", "assistant", "Dear hiring team, second draft."),
        ],
    }
    f = _write(tmp_path / "conversations.json", [conv])
    fmt, sessions, _ = _parse(f)
    [s] = sessions.values()
    assert fmt == "claude-export"
    assert [t.content for t in s.turns] == [
        "Draft a cover letter for the Leeds job.",
        "Dear hiring team, second draft.",
    ]
