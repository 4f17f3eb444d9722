"""Run the secret-leak battery from a process that carries a canary API key.

`tests/test_sandbox_security.py` starts this module the way Brain is started, with the
canary in the environment it was executed with (so it sits in /proc/<pid>/environ, as a
real ANTHROPIC_API_KEY does) and under a parent shell that carries it too. It opens the
backend's sandbox over the working set, runs every attack and prints one JSON object
per attack: argv, whether the sandbox refused it, exit status and output.

    python -m tests.sandbox_probe BACKEND WORKING_SET SECRET_FILE UDP_PORT
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from sandbox import open_sandbox
from sandbox.errors import SandboxError
from sandbox.policy import PROGRAMS

#: How each allowed program is asked to print a file's bytes (default: `prog FILE`).
_READERS = {
    "grep": ["grep", "-a", "-r", ""],
    "egrep": ["egrep", "-a", ""],
    "fgrep": ["fgrep", "-a", ""],
    "rg": ["rg", "-a", "--no-ignore", ""],
    "od": ["od", "-c"],
    "head": ["head", "-c", "100000"],
    "tail": ["tail", "-c", "100000"],
    "cut": ["cut", "-c", "1-"],
    "tr": ["tr", "-d", "x"],
    "sort": ["sort", "-z"],
    "diff": ["diff", "-a", "/dev/null"],
    "cmp": ["cmp", "-l", "/dev/null"],
    "du": ["du", "--files0-from"],
    "wc": ["wc", "--files0-from"],
}


def environ_targets() -> list[str]:
    """Where a process's environment shows: Brain's own, its parent's and pid 1's."""
    return [
        f"/proc/{os.getpid()}/environ",
        f"/proc/{os.getppid()}/environ",
        "/proc/self/environ",
        "/proc/1/environ",
        "/proc/2/environ",
    ]


def attacks(secret: str, port: int) -> list[list[str]]:
    found: list[list[str]] = [["env"], ["printenv"], ["sh", "-c", "cat /proc/*/environ"]]
    for target in [*environ_targets(), secret]:
        for prog in sorted(PROGRAMS - {"git"}):
            found.append([*_READERS.get(prog, [prog]), target])
        found += [
            ["git", "grep", "--no-index", "-a", "-e", "", "--", target],
            ["git", "diff", "--no-index", "-a", "/dev/null", target],
            ["git", "--no-pager", "log", "--format=%h", f"-O{target}"],
        ]
    # Abbreviated and bundled options that make git start another program.
    payload = "id; cat /proc/*/environ; echo"
    found += [
        ["git", "grep", "-l", f"--open-files-in={payload}", "-e", "Maya", "--", "knowledge"],
        ["git", "grep", "-l", f"--open={payload}", "-e", "Maya"],
        ["git", "grep", f"-lO{payload}", "-e", "Maya"],
        ["git", "grep", "-e", "--", f"-O{payload}", "Maya"],
    ]
    # UDP out: bash's /dev/udp, and the same through git's pager option.
    udp = f"echo LEAK-UDP > /dev/udp/127.0.0.1/{port}"
    found += [
        ["bash", "-c", udp],
        ["git", "grep", "-l", f"--open-files-in=bash -c '{udp}'; echo", "-e", "Maya"],
    ]
    return found


def main(backend: str, ws: str, secret: str, port: str) -> None:
    root = Path(ws)
    # A symlink in the working set that leads to Brain's environment.
    link = root / "env-link.md"
    link.unlink(missing_ok=True)
    link.symlink_to(f"/proc/{os.getpid()}/environ")
    box = open_sandbox(backend, root)
    try:
        for argv in [*attacks(secret, int(port)), ["cat", "env-link.md"]]:
            try:
                result = box.run(argv, timeout=20)
            except SandboxError as exc:
                record = {"argv": argv, "refused": str(exc), "rc": None, "out": ""}
            else:
                out = (result.stdout + result.stderr).decode("utf-8", "replace")
                record = {"argv": argv, "refused": None, "rc": result.returncode, "out": out}
            print(json.dumps(record), flush=True)
        try:
            data = box.read_file("env-link.md").decode("utf-8", "replace")
            print(json.dumps({"argv": ["read_file"], "refused": None, "rc": 0, "out": data}))
        except SandboxError as exc:
            print(json.dumps({"argv": ["read_file"], "refused": str(exc), "rc": None, "out": ""}))
    finally:
        box.close()
        link.unlink(missing_ok=True)


if __name__ == "__main__":
    main(*sys.argv[1:5])
