"""Session formats: OpenAI chat, Claude Code, Markdown transcripts, detection, bad input."""

from __future__ import annotations

import datetime as dt
import json
import warnings
from pathlib import Path

import pytest

from ingest.errors import RejectedInputError, RejectedSessionWarning, UnknownFormatError
from ingest.formats import claude_code, markdown_transcript, openai_chat, parse_file
from ingest.textio import DecodeWarning

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"


def test_openai_messages_with_tool_calls() -> None:
    [s] = openai_chat.parse(FIXTURES / "openai_chat.json")
    assert s.format == "openai"
    assert [t.role for t in s.turns] == ["system", "user", "assistant", "tool", "assistant", "user"]
    assert s.turns[2].content == '[tool call: get_weather({"city": "Paris", "day": "tomorrow"})]'
    assert s.turns[2].meta == {"tool_call_ids": "call_1"}
    assert s.turns[3].meta == {"tool_call_id": "call_1"}
    assert s.turns[4].content == "Light rain and 17 °C. Pack an umbrella."
    assert s.turns[5].content == "Here is my boarding pass\n[image]"
    assert s.title == "What's the weather in Paris tomorrow? I fly there on Friday."
    assert s.id.startswith("openai-chat-")


def test_openai_plain_list_and_stable_id_when_the_chat_grows(tmp_path: Path) -> None:
    msgs = json.loads((FIXTURES / "openai_list.json").read_text())
    f = tmp_path / "chat.json"
    f.write_text(json.dumps(msgs))
    [before] = openai_chat.parse(f)
    f.write_text(json.dumps([*msgs, {"role": "user", "content": "And mum's is in May."}]))
    [after] = openai_chat.parse(f)
    assert before.id == after.id and after.grown_from(before)
    other = tmp_path / "sub" / "chat.json"
    other.parent.mkdir()
    other.write_text(json.dumps([{"role": "user", "content": "something else"}]))
    assert openai_chat.parse(other)[0].id != before.id  # same file name, other chat


def test_openai_created_and_id_fields_are_used(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text(
        json.dumps(
            {
                "id": "chatcmpl 42",
                "created": 1718000000,
                "title": "Trip",
                "messages": [{"role": "user", "content": "hi"}],
            }
        )
    )
    [s] = openai_chat.parse(f)
    assert (s.id, s.title) == ("chatcmpl-42", "Trip")
    assert s.started == dt.datetime(2024, 6, 10, 6, 13, 20, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("created", "started"),
    [
        ("2026-09-12", dt.datetime(2026, 9, 12)),
        (
            "2026-09-12T19:40:00-05:00",
            dt.datetime(2026, 9, 12, 19, 40, tzinfo=dt.timezone(dt.timedelta(hours=-5))),
        ),
        ("2026-09-12T19:40:00Z", dt.datetime(2026, 9, 12, 19, 40, tzinfo=dt.UTC)),
    ],
)
def test_openai_created_written_as_an_iso_date_dates_the_session(
    tmp_path: Path, created: str, started: dt.datetime
) -> None:
    # People writing these files by hand write a date, not Unix seconds; it was ignored
    # and the session was filed under the month the file was last touched.
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"created": created, "messages": [{"role": "user", "content": "hi"}]}))
    [s] = openai_chat.parse(f)
    assert s.started == started


def test_openai_created_that_is_no_time_is_a_clear_error(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text(
        json.dumps({"created": "last tuesday", "messages": [{"role": "user", "content": "hi"}]})
    )
    with pytest.raises(RejectedInputError, match="created 'last tuesday' is neither Unix seconds"):
        openai_chat.parse(f)


def test_a_list_of_openai_conversations_is_one_session_each(tmp_path: Path) -> None:
    """A script that saves its chats one after another writes a list of {"messages"}:
    detected as openai, each conversation its own session with its own id and date."""
    f = tmp_path / "chats.json"
    chats = [
        {"id": "c1", "created": 1735725600, "messages": [{"role": "user", "content": "gym"}]},
        {"title": "car", "messages": [{"role": "user", "content": "bought a fiesta"}]},
    ]
    f.write_text(json.dumps(chats))
    fmt, sessions = parse_file(f)
    assert fmt == "openai" and len(sessions) == 2
    assert sessions[0].id == "c1" and sessions[0].started.year == 2025
    assert sessions[1].title == "car" and sessions[1].turns[0].content == "bought a fiesta"
    assert sessions[0].id != sessions[1].id
    # One conversation without messages: the file is not this format, nothing half-read.
    f.write_text(json.dumps([*chats, {"id": "c3", "text": "hello"}]))
    with pytest.raises(UnknownFormatError):
        parse_file(f)


def test_claude_code_transcript() -> None:
    [s] = claude_code.parse(FIXTURES / "claude_code.jsonl")
    assert s.id == "4f35e220-c435-4cf7-b9b9-f40426042847"
    assert s.title == "Add a config file loader"
    assert s.format == "claude-code"
    assert s.extra == {"cwd": "/home/me/project", "git_branch": "main"}
    assert [t.role for t in s.turns] == ["user", "assistant", "assistant", "tool", "assistant"]
    assert "private reasoning" not in "\n".join(t.content for t in s.turns)
    assert s.turns[2].content == '[tool call: Bash({"command": "ls"})]'
    assert s.turns[3].content == "[tool result]\nREADME.md\nsrc"
    assert s.turns[0].at == dt.datetime(2025, 5, 26, 7, 27, 40, 79000, tzinfo=dt.UTC)
    assert s.started == s.turns[0].at


def test_claude_code_transcript_growing_line_by_line_keeps_its_prefix(tmp_path: Path) -> None:
    lines = (FIXTURES / "claude_code.jsonl").read_text().splitlines()
    f = tmp_path / "live.jsonl"
    f.write_text("\n".join(lines[:4]) + "\n")
    [early] = claude_code.parse(f)
    f.write_text("\n".join(lines) + "\n")
    [late] = claude_code.parse(f)
    assert late.grown_from(early)


def test_markdown_transcript_headings_names_and_code_fences() -> None:
    [s] = markdown_transcript.parse(FIXTURES / "transcript.md")
    assert s.title == "Planning the garden"
    assert s.started == dt.datetime(2026, 3, 2, 14, 0)
    assert [(t.role, t.speaker) for t in s.turns] == [
        ("user", None),
        ("assistant", None),
        ("user", "Maya"),
    ]
    assert s.turns[0].content == "I want to plant tomatoes this spring.\n\nWhat should I know?"
    assert "inside a code block" in s.turns[1].content


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("openai_chat.json", "openai"),
        ("openai_list.json", "openai"),
        ("claude_code.jsonl", "claude-code"),
        ("transcript.md", "markdown"),
        ("sessions.jsonl", "brain"),
        ("locomo_small.json", "locomo"),
        ("longmemeval_small.json", "longmemeval"),
    ],
)
def test_detection(name: str, fmt: str) -> None:
    assert parse_file(FIXTURES / name)[0] == fmt


def test_format_can_be_forced_and_unknown_format_lists_supported(tmp_path: Path) -> None:
    f = tmp_path / "chat.txt"
    f.write_text((FIXTURES / "openai_list.json").read_text())
    assert parse_file(f, "openai")[0] == "openai"
    with pytest.raises(UnknownFormatError) as err:
        parse_file(f, "whatsapp")
    assert "supported: brain, openai, claude-code, chatgpt-export, claude-export, locomo, " in str(
        err.value
    )


def test_undetectable_inputs_name_the_supported_formats(tmp_path: Path) -> None:
    f = tmp_path / "notes.md"
    f.write_text("# Just notes\n\nNo turns here.\n")
    with pytest.raises(UnknownFormatError, match="supported: brain, openai"):
        parse_file(f)
    g = tmp_path / "data.json"
    g.write_text('{"rows": [1, 2, 3]}')
    with pytest.raises(UnknownFormatError, match="JSON in no known session format"):
        parse_file(g)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty file"),
        (b"   \n\n", "empty file"),
        (b"\x00\x01\x02\xff" * 100, "binary data, not text"),
        (b'[{"role": "user", "content": "hi"', "not valid JSON"),
        (
            b'{"id": "x", "started_at": "2026-01-01", "turns": []}\n',
            "empty session: session 'x' is without turns",
        ),
    ],
)
def test_bad_session_files_are_rejected_with_one_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    with pytest.raises(RejectedInputError) as err:
        parse_file(f)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_brain_jsonl_bad_line_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    good = (FIXTURES / "sessions.jsonl").read_text().splitlines()[0]
    f.write_text(good + '\n{"id": "y", "started_at": "2026-01-01", "turns": [{"role": "cat"}]}\n')
    # One bad line rejects its own session only; the good ones are still read.
    with pytest.warns(RejectedSessionWarning, match=r"s\.jsonl:2: turn 1: role 'cat' is not one"):
        _, sessions = parse_file(f)
    assert len(sessions) == 1
    f.write_text('{"id": "y", "started_at": "2026-01-01", "turns": [{"role": "cat"}]}\n')
    with pytest.raises(RejectedInputError, match=r"s\.jsonl:1: turn 1: role 'cat' is not one of"):
        parse_file(f)


def test_over_size_input_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "big.jsonl"
    f.write_text((FIXTURES / "sessions.jsonl").read_text())
    with pytest.raises(RejectedInputError, match="over the capture size limit of 100 bytes"):
        parse_file(f, max_bytes=100)


def test_non_utf8_is_decoded_with_replacement_and_a_warning(tmp_path: Path) -> None:
    f = tmp_path / "latin1.md"
    f.write_bytes("## User\n\nCafé crème?\n\n## Assistant\n\nOui.\n".encode("latin-1"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _, [s] = parse_file(f)
    assert s.turns[0].content == "Caf\ufffd cr\ufffdme?"
    assert any(issubclass(w.category, DecodeWarning) for w in caught)
    assert "not valid UTF-8" in str(caught[0].message)
