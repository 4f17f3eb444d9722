"""What a new user types wrong: the CLI understands it or says what was meant."""

from __future__ import annotations

import json

from click.testing import CliRunner

from brain.cli import cli


def test_a_mistyped_command_names_the_one_meant():
    r = CliRunner().invoke(cli, ["dreem"])
    assert r.exit_code == 2 and "Did you mean 'dream'" in r.output
    r = CliRunner().invoke(cli, ["capture", "sesion", "x.json"])
    assert r.exit_code == 2 and "Did you mean 'session'" in r.output
    r = CliRunner().invoke(cli, ["eval", "qaa"])
    assert r.exit_code == 2 and "Did you mean 'qa'" in r.output


def test_a_file_given_to_capture_says_which_command_takes_it(tmp_path):
    r = CliRunner().invoke(cli, ["capture", "docs/tenancy-letter.txt"])
    assert r.exit_code == 2
    assert "brain capture session FILE" in r.output and "brain capture source FILE" in r.output


def test_words_typed_without_quotes_are_one_text(memory):
    mem = str(memory.root)
    r = CliRunner().invoke(cli, ["remember", "spare", "key", "is", "with", "ines", "--memory", mem])
    assert r.exit_code == 0, r.output
    note = next((memory.root / "notes").rglob("*.md")).read_text(encoding="utf-8")
    assert "spare key is with ines" in note
    r = CliRunner().invoke(
        cli, ["search", "spare", "key", "--method", "bm25", "--memory", mem, "--json"]
    )
    assert r.exit_code == 0, r.output
    hits = json.loads(r.output)
    assert hits and "spare key is with ines" in json.dumps(hits)


def test_a_mistyped_memory_folder_is_not_advice_to_init_it(tmp_path):
    r = CliRunner().invoke(cli, ["remember", "x", "--memory", str(tmp_path / "memroy")])
    assert r.exit_code == 1
    assert "no such folder" in r.output and "check --memory" in r.output


def test_a_transcript_captured_as_a_document_gets_a_note(memory, tmp_path):
    chat = tmp_path / "moving-day.md"
    chat.write_text(
        "## User\n\nfinally got the keys!! flat 3, 27 harehills lane\n\n"
        "## Assistant\n\nCongratulations on your own place!\n",
        encoding="utf-8",
    )
    letter = tmp_path / "letter.md"
    letter.write_text("# Tenancy\n\nThe rent is 695 pounds a month.\n", encoding="utf-8")
    r = CliRunner().invoke(
        cli, ["capture", "source", str(chat), str(letter), "--memory", str(memory.root)]
    )
    assert r.exit_code == 0, r.output
    assert f"{chat} reads as a chat transcript" in r.output
    assert "brain capture session" in r.output
    assert f"{letter} reads as" not in r.output
