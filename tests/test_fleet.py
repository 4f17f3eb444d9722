"""`brain fleet` without a queue: status, local Dream in processes, capture routing,
the cron entry, and the verdicts on errors (retry or report)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from brain.fleet.capture import key_in_file, route
from brain.fleet.members import members
from brain.fleet.run import Counting, dream_one, is_transient, read_records
from tests.fleet_support import (
    all_consumed,
    dream_commits,
    head_is_valid,
    make_fleet,
    poison_with_duplicate_titles,
)
from tests.test_dream_schedule import FAKE

ENV = {"BRAIN_DREAM_EMBED": "0"}


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    out = CliRunner().invoke(cli, list(args), env={**ENV, **(env or {})})
    return out.exit_code, out.output


def test_status_local_dream_and_a_poisoned_memory(tmp_path: Path) -> None:
    root = tmp_path / "fleet"
    repos = make_fleet(root, ["alice", "bob", "carol"])
    poison_with_duplicate_titles(repos["carol"])
    (root / "notarepo").mkdir()  # a folder in the fleet that is no memory

    code, out = run("fleet", "status", str(root), "--json")
    assert code == 0
    rows = {r["memory"]: r for r in json.loads(out)}
    assert set(rows) == {"alice", "bob", "carol", "notarepo"}
    assert rows["alice"]["pending_sessions"] == 2 and rows["alice"]["last_run"] is None
    assert "not a memory repo" in rows["notarepo"]["last_error"]

    code, out = run("fleet", "dream", str(root), "--workers", "2")
    assert code == 1, out  # a poisoned memory makes the exit code say so ...
    for name in ("alice", "bob"):  # ... but the others are done
        repo = repos[name]
        assert len(dream_commits(repo)) == 1 and all_consumed(repo)
        assert head_is_valid(repo, tmp_path / f"check-{name}") == []
    assert dream_commits(repos["carol"]) == []
    assert "validators refused the run" in out and "not a memory repo" in out

    recs = read_records(root / ".fleet" / "runs.jsonl")
    by = {r["memory"]: r for r in recs}
    assert by["alice"]["status"] == "committed" and by["alice"]["sessions"] == 2
    assert by["alice"]["pages"] >= 1 and by["alice"]["engine"] == "extractive"
    assert by["carol"]["status"] == "failed" and "duplicate-title" in by["carol"]["error"]

    code, out = run("fleet", "status", str(root))
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("carol"))
    assert "duplicate-title" in line
    alice = next(x for x in out.splitlines() if x.startswith("alice"))
    assert " 0  dream-" in alice  # nothing new, and the run that did it

    # Run again: nothing is left to do for the healthy ones; no second commit.
    code, out = run("fleet", "dream", str(root), "--workers", "1")
    assert len(dream_commits(repos["alice"])) == 1


def test_dream_one_twice_commits_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAIN_DREAM_EMBED", "0")
    repo = make_fleet(tmp_path / "f", ["solo"])["solo"]
    records = tmp_path / "runs.jsonl"
    first = dream_one("solo", repo.root, records=records)
    second = dream_one("solo", repo.root, records=records)
    assert first["status"] == "committed" and second["status"] == "nothing-new"
    assert len(dream_commits(repo)) == 1
    assert [r["status"] for r in read_records(records)] == ["committed", "nothing-new"]


def test_members_from_a_list_file(tmp_path: Path) -> None:
    make_fleet(tmp_path / "a", ["one"])
    listing = tmp_path / "fleet.txt"
    listing.write_text("# our memories\na/one\n/nonexistent/two\n")
    found = members(listing)
    assert [m.name for m in found] == ["a/one", "/nonexistent/two"]
    assert found[0].path == (tmp_path / "a" / "one").resolve()
    code, out = run("fleet", "status", str(listing))
    assert code == 0 and "a/one" in out and "not a memory repo" in out


def test_capture_routes_by_key_and_mapping(tmp_path: Path) -> None:
    root = tmp_path / "fleet"
    repos = make_fleet(root, ["alice", "bob"], sessions=0)
    drop = tmp_path / "drop"
    (drop / "team-b").mkdir(parents=True)
    msgs = [{"role": "user", "content": "I moved to Porto last week."}]
    (drop / "a1.json").write_text(json.dumps({"memory": "alice", "messages": msgs}))
    (drop / "a2.md").write_text(
        "---\nmemory: alice\nid: alice-notes\n---\n## User\n\nMy dog is called Rex.\n\n"
        "## Assistant\n\nA good name.\n"
    )
    (drop / "team-b" / "b1.json").write_text(json.dumps({"messages": msgs}))
    (drop / "lost.json").write_text(json.dumps({"memory": "zoe", "messages": msgs}))
    (drop / "none.json").write_text(json.dumps({"messages": msgs}))
    mapping = tmp_path / "map.yaml"
    mapping.write_text("'team-b/*': bob\n")

    assert key_in_file(drop / "a2.md", "memory") == "alice"
    routing, _ = route(root, drop, mapping)
    assert {k: len(v) for k, v in routing.routes.items()} == {"alice": 2, "bob": 1}

    code, out = run("fleet", "capture", str(root), "--from", str(drop), "--map", str(mapping))
    assert code == 1  # two files had no home, and it says which
    assert "alice                2 captured" in out and "bob                  1 captured" in out
    assert "lost.json: no memory named 'zoe'" in out and "none.json: no 'memory' key" in out
    assert len(list((repos["alice"].root / "sessions").glob("*/*/*.md"))) == 2
    # Safe twice: the same drop again captures nothing new.
    code, out = run("fleet", "capture", str(root), "--from", str(drop), "--map", str(mapping))
    assert "0 captured, 2 unchanged" in out


def test_cron_entry_for_the_fleet(tmp_path: Path) -> None:
    script = tmp_path / "cron" / "crontab"
    script.parent.mkdir()
    script.write_text(FAKE)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    root = tmp_path / "fleet"
    root.mkdir()
    env = {"BRAIN_CRONTAB": str(script)}
    code, out = run(
        "fleet",
        "schedule",
        str(root),
        "--cron",
        "0 3 * * *",
        "--queue",
        "redis://q:6379/0",
        env=env,
    )
    assert code == 0, out
    table = (script.parent / "table").read_text().splitlines()
    assert table[0].startswith("0 3 * * * ") and table[0].endswith(f"# brain-fleet:{root}")
    assert f"fleet dream {root} --queue redis://q:6379/0" in table[0]
    code, out = run("fleet", "schedule", str(root), "--remove", env=env)
    assert code == 0 and (script.parent / "table").read_text() == ""
    code, out = run("fleet", "schedule", str(root), "--cron", "every night", env=env)
    assert code == 1 and "not a cron schedule" in out


def test_beat_schedule_and_bad_queue_urls(tmp_path: Path) -> None:
    from brain.fleet.errors import FleetError
    from brain.fleet.tasks import beat_schedule, configure

    table = beat_schedule(tmp_path, "30 2 * * 1-5")
    job = table["brain-fleet-nightly"]
    assert job["task"] == "brain.fleet.enqueue" and job["args"] == (str(tmp_path),)
    assert job["schedule"].hour == {2} and job["schedule"].day_of_week == {1, 2, 3, 4, 5}
    with pytest.raises(FleetError, match="not a cron schedule"):
        beat_schedule(tmp_path, "3am")
    with pytest.raises(FleetError, match="not a Redis URL"):
        configure("amqp://localhost")
    code, out = run("fleet", "dream", str(tmp_path), "--queue", "http://x")
    assert code == 1 and "not a Redis URL" in out


class _Status(Exception):
    def __init__(self, status: int):
        super().__init__(f"status {status}")
        self.status_code = status


class RateLimitError(Exception):
    pass


def test_which_llm_errors_are_retried() -> None:
    from agent.errors import BackendError

    def wrapped(cause: Exception) -> BackendError:
        try:
            raise BackendError(str(cause), backend="openai") from cause
        except BackendError as exc:
            return exc

    assert is_transient(wrapped(_Status(429)))
    assert is_transient(wrapped(_Status(503)))
    assert is_transient(wrapped(RateLimitError("slow down")))
    assert is_transient(wrapped(TimeoutError("read timed out")))
    assert not is_transient(wrapped(_Status(401)))
    assert not is_transient(BackendError("script exhausted after 3 calls", backend="fake"))


def test_token_use_is_counted() -> None:
    from agent.llm.fake import ScriptedLLM

    backend = Counting(ScriptedLLM(["one answer", "another"]))
    backend.complete("system", [], [], 100)
    backend.complete("system", [], [], 100)
    assert backend.calls == 2 and backend.input > 0 and backend.output > 0


def test_compose_and_cronjob_commands_are_real_fleet_commands() -> None:
    import click
    import yaml

    from brain.commands.fleet import fleet_cmd
    from tests.conftest import PROJECT_ROOT

    compose = yaml.safe_load((PROJECT_ROOT / "docker-compose.yml").read_text())
    k8s = list(yaml.safe_load_all((PROJECT_ROOT / "deploy" / "k8s-cronjob.yaml").read_text()))
    commands = [s["command"] for s in compose["services"].values() if "command" in s]
    for doc in k8s:
        spec = doc["spec"]
        pod = spec["jobTemplate"]["spec"]["template"] if "jobTemplate" in spec else spec["template"]
        commands += [c["command"] for c in pod["spec"]["containers"]]
    fleet = [c for c in commands if c[:2] == ["brain", "fleet"]]
    assert len(fleet) == 5
    ctx = click.Context(fleet_cmd)
    for argv in fleet:
        cmd = fleet_cmd.get_command(ctx, argv[2])
        assert cmd is not None, argv
        known = {o for p in cmd.params for o in getattr(p, "opts", [])}
        assert {a for a in argv[3:] if a.startswith("--")} <= known, argv
    assert "deploy/Dockerfile.fleet" in str(compose["x-brain"]["build"])


def test_llm_runs_record_their_token_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The fake backend's dry-run mode answers every call and counts tokens as a model would.
    monkeypatch.setenv("BRAIN_DREAM_EMBED", "0")
    monkeypatch.setenv("BRAIN_LLM_BACKEND", "fake")
    repo = make_fleet(tmp_path / "f", ["x"])["x"]
    rec = dream_one("x", repo.root, records=tmp_path / "runs.jsonl", engine="llm")
    assert rec["status"] == "committed" and rec["engine"] == "llm"
    assert rec["tokens"]["input"] > 0 and rec["tokens"]["output"] > 0
    assert read_records(tmp_path / "runs.jsonl")[0]["tokens"] == rec["tokens"]


def test_a_queue_that_does_not_answer_is_one_clean_error(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    make_fleet(tmp_path / "fleet", ["alice"])
    url = f"redis://:secret@127.0.0.1:{port}/0"
    for args in (["dream", "--all"], ["status"]):
        code, out = run("fleet", args[0], str(tmp_path / "fleet"), "--queue", url, *args[1:])
        assert code == 1 and f"cannot reach the queue at 127.0.0.1:{port}/0" in out
        assert "secret" not in out and "Traceback" not in out
