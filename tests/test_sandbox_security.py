"""Every backend keeps commands inside the working set: no reads or writes outside, no
direct writes to memory, no network, no runaway processes, and the host is untouched."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from memory_schema import init_memory
from sandbox import RunResult, Sandbox, open_sandbox
from sandbox.errors import PathRefused, SandboxError, SandboxUnavailable
from sandbox.landlock import abi_version
from sandbox.local import LocalSandbox
from sandbox.policy import PROGRAMS
from sandbox.workingset import InitialMap, WorkingSet
from tests.test_agent_helpers import MAYA, build_memory

SECRET = "TOPSECRET-7f3a9c"
BACKENDS = [
    "local",
    pytest.param("bwrap", marks=pytest.mark.bwrap),
    pytest.param("docker", marks=pytest.mark.docker),
]


def require_backend(backend: str) -> None:
    """Skip, saying what is missing, unless the backend's engine or binary is here."""
    if backend == "bwrap" and shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    if backend == "docker":
        from sandbox.container import docker_client

        try:
            client = docker_client()
        except SandboxUnavailable as exc:
            pytest.skip(str(exc))
        if not client.images.list(name="brain-sandbox"):
            pytest.skip("sandbox image missing: run `brain sandbox build-image`")


def make_sandbox(backend: str, root: Path, **options: object) -> Sandbox:
    """The backend's sandbox, or a skip saying what is missing."""
    require_backend(backend)
    try:
        return open_sandbox(backend, root, **options)
    except SandboxUnavailable as exc:
        pytest.skip(str(exc))


@dataclass
class World:
    """A memory repo, its working set, and host files the sandbox must never reach."""

    memory: Path
    ws: Path
    secret: Path
    outside: Path


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    base = tmp_path_factory.mktemp("sandbox-world")
    repo, _ = init_memory(base / "memory")
    build_memory(repo)
    ws = WorkingSet.create(repo.root, base / "ws", InitialMap(recent_sessions=1))
    secret = base / "secret.txt"
    secret.write_text(SECRET + "\n")
    outside = base / "outside"
    outside.mkdir()
    # Symlinks planted in the working set that lead out of it.
    (ws.root / "escape-abs.md").symlink_to(secret)
    (ws.root / "escape-rel.md").symlink_to("../secret.txt")
    (ws.root / "escape-dir").symlink_to(outside)
    yield World(repo.root, ws.root, secret, outside)


@pytest.fixture(scope="module", params=BACKENDS)
def box(request: pytest.FixtureRequest, world: World) -> Iterator[Sandbox]:
    sandbox = make_sandbox(request.param, world.ws)
    yield sandbox
    sandbox.close()


def attempt(box: Sandbox, argv: list[str], timeout: float = 30) -> RunResult | None:
    """Run argv; None when the sandbox refused to run it at all."""
    try:
        return box.run(argv, timeout=timeout)
    except SandboxError:
        return None


def failed(result: RunResult | None) -> bool:
    return result is None or result.returncode != 0


def snapshot(root: Path) -> dict[str, str]:
    """Hash of every regular file under root (symlinks not followed), .git included."""
    found = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                found[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def git_head(root: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()


# -- reading outside ---------------------------------------------------------------------


def test_reading_outside_the_working_set_fails(box: Sandbox, world: World):
    for argv in (
        ["cat", "../secret.txt"],
        ["cat", str(world.secret)],
        ["cat", "escape-abs.md"],
        ["cat", "escape-rel.md"],
        ["ls", "escape-dir/"],
        ["cat", "/etc/shadow"],
        ["grep", "-r", SECRET, str(world.secret.parent)],
    ):
        result = attempt(box, argv)
        assert failed(result), (argv, result)
        assert result is None or SECRET.encode() not in result.stdout + result.stderr


def test_read_file_refuses_paths_that_leave(box: Sandbox, world: World):
    for rel in (
        "../secret.txt",
        str(world.secret),
        "escape-abs.md",
        "escape-rel.md",
        "/etc/passwd",
    ):
        with pytest.raises(PathRefused):
            box.read_file(rel)
    assert b"Maya Chen" in box.read_file(MAYA)


# -- writing -----------------------------------------------------------------------------

WRITE_ATTEMPTS = [
    ["sh", "-c", "echo pwned > ../pwned.txt"],
    ["sh", "-c", "echo pwned > {outside}/pwned.txt"],
    ["sh", "-c", "echo pwned > escape-dir/pwned.txt"],
    ["sh", "-c", "echo pwned >> '{maya}'"],
    ["sh", "-c", "rm -f '{maya}'"],
    ["sh", "-c", "echo new > notes.md"],
    ["sh", "-c", "mkdir knowledge/new"],
    ["git", "commit", "--allow-empty", "-m", "sneaky"],
    ["git", "checkout", "HEAD~1", "--", "."],
    ["git", "update-ref", "HEAD", "HEAD~1"],
    ["sort", "-o", "{maya}", "{maya}"],
    ["find", ".", "-name", "*.md", "-delete"],
    ["tree", "-o", "out.txt"],
]


def test_writing_outside_or_into_memory_fails(box: Sandbox, world: World):
    before_ws, before_memory = snapshot(world.ws), snapshot(world.memory)
    head = git_head(world.memory)
    for template in WRITE_ATTEMPTS:
        argv = [a.format(outside=world.outside, maya=MAYA) for a in template]
        assert failed(attempt(box, argv)), argv
    assert snapshot(world.ws) == before_ws
    assert snapshot(world.memory) == before_memory
    assert git_head(world.memory) == head
    assert list(world.outside.iterdir()) == []
    assert not (world.ws.parent / "pwned.txt").exists()
    assert world.secret.read_text() == SECRET + "\n"


def test_memory_changes_only_through_the_write_path(box: Sandbox, world: World):
    placed = box.materialize({"notes/inbox/from-write-path.md": b"# Placed\n"})
    assert placed == ["notes/inbox/from-write-path.md"]
    result = box.run(["cat", "notes/inbox/from-write-path.md"])
    assert result.returncode == 0 and result.stdout == b"# Placed\n"
    for rel in ("../escaped.md", "escape-dir/x.md", "/tmp/abs.md"):
        with pytest.raises(PathRefused):
            box.materialize({rel: b"x"})
    assert list(world.outside.iterdir()) == []
    (world.ws / "notes/inbox/from-write-path.md").unlink()


# -- network -----------------------------------------------------------------------------


@pytest.fixture
def listener() -> Iterator[tuple[int, list[bytes]]]:
    """A TCP server on the host's loopback that records every connection it gets."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.2)
    got: list[bytes] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(1)
                try:
                    got.append(conn.recv(100) or b"(connected)")
                except OSError:
                    got.append(b"(connected)")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], got
    stop.set()
    thread.join(timeout=5)
    server.close()


def test_the_network_is_unreachable(box: Sandbox, listener: tuple[int, list[bytes]]):
    port, got = listener
    for argv in (
        ["bash", "-c", f"echo hello > /dev/tcp/127.0.0.1/{port}"],
        ["git", "ls-remote", f"http://127.0.0.1:{port}/memory.git"],
        ["git", "-c", "http.proxy=", "fetch", f"http://127.0.0.1:{port}/x"],
    ):
        assert failed(attempt(box, argv, timeout=20)), argv
    time.sleep(0.3)
    assert got == []


# -- processes ---------------------------------------------------------------------------


def _count(marker: bytes) -> int:
    """Host processes whose command line contains `marker`."""
    found = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                found += marker in (entry / "cmdline").read_bytes()
    return found


def _wait_gone(marker: bytes, seconds: float = 15) -> int:
    """Wait until no host process has `marker` in its command line; how many are left."""
    deadline = time.monotonic() + seconds
    while _count(marker) and time.monotonic() < deadline:
        time.sleep(0.2)
    return _count(marker)


def _wait_no_sleepers() -> int:
    """`sleep 31` is the marker the bombs below start."""
    return _wait_gone(b"sleep\x0031\x00")


def _require_pids_limit(box: Sandbox) -> None:
    if not getattr(box, "pids_limited", True):
        pytest.skip(f"{box.name} cannot cap processes here: {getattr(box, 'isolation', '')}")


def test_process_count_is_limited(box: Sandbox):
    # A bounded bomb first: 1000 processes must not all start.
    if box.name == "local":
        assert attempt(box, ["sh", "-c", "for i in $(seq 1000); do sleep 31 & done"]) is None
        return  # no shells in the local sandbox
    _require_pids_limit(box)
    result = attempt(box, ["sh", "-c", "for i in $(seq 1000); do sleep 31 & done; echo ALL"], 60)
    assert result is not None and b"ALL" not in result.stdout
    assert b"fork" in result.stderr.lower()
    assert _wait_no_sleepers() == 0  # nothing it started outlives the command
    assert box.run(["true"]).returncode == 0  # and the sandbox still works


def test_fork_bomb_is_contained(box: Sandbox):
    if box.name == "local":
        assert attempt(box, ["bash", "-c", ":(){ :|:& };:"]) is None
        return
    _require_pids_limit(box)  # never set off a real bomb without a cap
    bomb = ["bash", "-c", ":(){ :|:& };:; sleep 31"]
    started = time.monotonic()
    try:
        # Either the bomb runs into the cap until the timeout kills it, or bash gives up
        # forking and exits with an error first; both end within bounds.
        assert box.run(bomb, timeout=3).returncode != 0
    except SandboxError as exc:
        assert "timed out" in str(exc)
    assert time.monotonic() - started < 60
    assert box.run(["echo", "alive"]).stdout == b"alive\n"
    assert _wait_gone(b":(){ :|:& };:") == 0


def test_timeouts_kill_the_command(box: Sandbox):
    argv = ["sleep", "31"] if box.name != "local" else ["tail", "-f", "/dev/null"]
    with pytest.raises(SandboxError, match="timed out"):
        box.run(argv, timeout=1)
    assert _wait_no_sleepers() == 0


def test_the_environment_is_scrubbed(box: Sandbox, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BRAIN_TEST_API_KEY", "sk-should-not-leak")
    if box.name == "local":
        assert attempt(box, ["env"]) is None
        return
    out = box.run(["env"]).text
    assert "sk-should-not-leak" not in out and "HOME=/tmp" in out


# -- the local backend's kernel confinement ------------------------------------------------


@pytest.mark.skipif(abi_version() < 1, reason="Landlock is not available on this kernel")
def test_local_confinement_holds_even_for_a_shell(world: World, listener):
    """Landlock, not the command policy, stops a shell the policy would normally refuse."""
    port, got = listener
    shell = LocalSandbox(world.ws, programs=PROGRAMS | {"sh", "bash", "env"})
    try:
        before = snapshot(world.ws)
        for argv in (
            ["sh", "-c", f"cat {world.secret}"],
            ["sh", "-c", "cat escape-rel.md"],
            ["sh", "-c", f"echo pwned > {world.outside}/pwned.txt"],
            ["sh", "-c", f"echo pwned >> '{MAYA}'"],
            ["sh", "-c", "echo new > new.md"],
        ):
            result = shell.run(argv)
            assert result.returncode != 0, argv
            assert SECRET.encode() not in result.stdout
        assert snapshot(world.ws) == before and list(world.outside.iterdir()) == []
        # Its private temp dir is writable.
        assert shell.run(["sh", "-c", 'echo ok > "$TMPDIR/t" && cat "$TMPDIR/t"']).text == "ok\n"
        if abi_version() >= 4:
            result = shell.run(["bash", "-c", f"echo hi > /dev/tcp/127.0.0.1/{port}"])
            assert result.returncode != 0
            time.sleep(0.3)
            assert got == []
    finally:
        shell.close()


def test_local_blocks_udp_and_proc_even_for_a_shell(world: World, udp_listener):
    """Landlock covers files and TCP only; the seccomp filter takes every socket away,
    and /proc is out of reach, so even a shell sends no datagram and reads no environ."""
    port, got = udp_listener
    shell = LocalSandbox(world.ws, programs=PROGRAMS | {"sh", "bash"})
    try:
        assert "seccomp" in shell.isolation
        for argv in (
            ["bash", "-c", f"echo LEAK > /dev/udp/127.0.0.1/{port}"],
            ["bash", "-c", f"echo LEAK > /dev/tcp/127.0.0.1/{port}"],
        ):
            assert shell.run(argv).returncode != 0, argv
        result = shell.run(["sh", "-c", f"cat /proc/{os.getpid()}/environ /proc/1/environ"])
        assert result.returncode != 0 and result.stdout == b""
        time.sleep(0.3)
        assert got == []
    finally:
        shell.close()


def test_local_without_landlock_checks_paths_in_arguments(world: World):
    plain = LocalSandbox(world.ws, use_landlock=False)
    try:
        for argv in (
            ["cat", "../secret.txt"],
            ["cat", str(world.secret)],
            ["cat", "escape-rel.md"],
            ["grep", f"--file={world.secret}", "x"],
            ["ls", "~"],
        ):
            with pytest.raises(PathRefused):
                plain.run(argv)
        assert "local" in plain.isolation or "policy" in plain.isolation
        assert plain.run(["cat", MAYA]).returncode == 0
    finally:
        plain.close()


def test_host_untouched_at_the_end(world: World):
    assert list(world.outside.iterdir()) == []
    assert world.secret.read_text() == SECRET + "\n"
    status = subprocess.run(
        ["git", "status", "--porcelain"], cwd=world.memory, capture_output=True, text=True
    )
    assert status.stdout == ""


# -- secrets, abbreviated options and UDP, from a process that carries an API key ---------

CANARY = "sk-canary-5e1f0b7d9a"


@pytest.fixture
def udp_listener() -> Iterator[tuple[int, list[bytes]]]:
    """A UDP socket on the host's loopback that records every datagram it gets."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    got: list[bytes] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                got.append(sock.recv(1000))
            except OSError:
                continue

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield sock.getsockname()[1], got
    stop.set()
    thread.join(timeout=5)
    sock.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_no_command_reads_brains_environment_or_sends_udp(
    backend: str, world: World, udp_listener: tuple[int, list[bytes]]
):
    """Brain runs with a canary API key in its environment (and so does its parent): no
    allowed tool, no abbreviated git option, no symlink and no shell gets it out, and no
    datagram leaves the sandbox."""
    require_backend(backend)
    port, got = udp_listener
    repo_root = Path(__file__).resolve().parent.parent
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": os.pathsep.join([str(repo_root), os.environ.get("PYTHONPATH", "")]),
        "HOME": os.environ.get("HOME", "/tmp"),
        "BRAIN_TEST_ANTHROPIC_API_KEY": CANARY,
    }
    for key in ("DOCKER_HOST", "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY"):
        if key in os.environ:
            env[key] = os.environ[key]
    # `; exit` keeps the shell alive as the probe's parent, with the canary in its environ.
    script = '"$0" -m tests.sandbox_probe "$@"; exit $?'
    args = [backend, str(world.ws), str(world.secret), str(port)]
    proc = subprocess.run(
        ["sh", "-c", script, sys.executable, *args],
        cwd=repo_root,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(records) > 150
    for record in records:
        assert CANARY not in record["out"], record
        assert SECRET not in record["out"], record
    if backend == "local":
        # No allowed command starts a program that is not allowed: git's pager options
        # are refused in every spelling, so `id` never ran.
        for record in records:
            assert "uid=" not in record["out"], record
        pager = [r for r in records if r["argv"][0] == "git" and "/dev/udp" in str(r["argv"])]
        pager += [r for r in records if r["argv"][0] == "git" and "id; cat" in str(r["argv"])]
        assert len(pager) == 5 and all(r["refused"] for r in pager), pager
    time.sleep(0.5)
    assert got == []
