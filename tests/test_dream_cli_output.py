"""What `brain dream` prints: every page (or a count), removed claims as a count with the
commonest reasons (each with --verbose), and what Ctrl-C leaves behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from brain.commands.dream import LISTED, print_result
from dream import DreamOptions, run_dream
from ingest.batch import capture_session_files
from memory_schema import MemoryRepo, init_memory

DEMO_SESSIONS = Path(__file__).resolve().parents[1] / "brain" / "data" / "demo-sessions.jsonl"
BRAIN = str(Path(sys.executable).with_name("brain"))


def demo_memory(root: Path) -> MemoryRepo:
    repo, _ = init_memory(root, owner="Maya Chen")
    capture_session_files(repo, [DEMO_SESSIONS], "brain")
    return repo


@pytest.fixture(scope="module")
def dreamed(tmp_path_factory: pytest.TempPathFactory):
    repo = demo_memory(tmp_path_factory.mktemp("dream-out") / "memory")
    return run_dream(repo, DreamOptions(engine="extractive"))


def test_every_page_is_listed_with_verbose_and_counted_without(dreamed, capsys):
    pages = dreamed.pages_created
    assert len(pages) > LISTED, "the demo writes more pages than a short list shows"
    print_result(dreamed, verbose=False)
    short = capsys.readouterr().out
    assert "…" not in short
    assert f"pages created ({len(pages)}): " in short
    assert f"and {len(pages) - LISTED} more (--verbose lists all)" in short
    print_result(dreamed, verbose=True)
    full = capsys.readouterr().out.splitlines()
    for page in pages:
        assert f"    {page}" in full


CLAIMS = [
    {
        "code": "unsupported-claim",
        "path": "knowledge/people/Priya.md",
        "line": 33,
        "message": "[cite:2] 'Priya and others moved from leeds to york': not in the evidence: "
        "others",
    },
    {
        "code": "unsupported-claim",
        "path": "knowledge/people/Priya.md",
        "line": 40,
        "message": "[cite:5] 'Priya plays the cello': not in the evidence: cello",
    },
    {
        "code": "unsupported-claim",
        "path": "knowledge/people/Lena.md",
        "line": 12,
        "message": "[cite:1] '2026-05-06 · Lena visited': date 2026-05-06 is not in the evidence",
    },
    {
        "code": "contradiction",
        "path": "knowledge/people/Priya.md",
        "line": 9,
        "message": "'Lives in' is 'York' here but 'Leeds' at knowledge/people/Priya.md:8",
    },
]


def test_removed_claims_are_a_count_and_the_commonest_reasons(dreamed, capsys):
    dreamed.claims_removed = CLAIMS
    print_result(dreamed, verbose=False)
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "removed" in line]
    assert len(lines) == 1, out
    assert lines[0].startswith("  4 claims removed by the validators")
    assert "not in the evidence (2)" in lines[0]
    assert "date is not in the evidence (1)" in lines[0]
    assert "two current values for one attribute (1)" in lines[0]
    assert "cello" not in out  # the claims themselves only with --verbose
    print_result(dreamed, verbose=True)
    out = capsys.readouterr().out
    for claim in CLAIMS:
        assert f"    {claim['path']}:{claim['line']}: {claim['message']}" in out


def test_a_removed_claim_with_an_apostrophe_gives_its_reason_not_its_text(dreamed, capsys):
    # a claim with a "'" is quoted in "..." (newuser6's run printed '[cite:] " · Usera
    # names the best way ...' as the reason)
    dreamed.claims_removed = [
        {
            "code": "unsupported-claim",
            "path": "knowledge/people/User.md",
            "line": 15,
            "message": "[cite:1] \"User's mate had a van; What's the best way to get dog hair "
            'out": modality differs: the claim is wanted or planned, the evidence says done',
        }
    ]
    print_result(dreamed, verbose=False)
    out = capsys.readouterr().out
    assert "(not supported by their evidence; --verbose lists each): modality differs (1)" in out
    assert "mate" not in out


@pytest.mark.slow
def test_ctrl_c_says_nothing_was_committed_and_the_next_run_resumes(tmp_path):
    repo = demo_memory(tmp_path / "memory")
    before = repo.head()
    env = {**os.environ, "BRAIN_MEMORY": str(repo.root)}
    # A shell that starts jobs in the background (nohup, `cmd &` in a script, some CI
    # runners) hands its children SIGINT ignored, and Python then keeps it ignored: the
    # child gets the default disposition back, as a terminal's Ctrl-C would find it.
    proc = subprocess.Popen(
        [BRAIN, "dream"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    runs = repo.root / ".brain" / "cache" / "dream"
    deadline = time.monotonic() + 300
    # Interrupt once the run has started its work (its transient tree exists).
    while proc.poll() is None and not (runs.is_dir() and any(runs.iterdir())):
        assert time.monotonic() < deadline, "the Dream run never started"
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, (out, err)
    assert "Interrupted: nothing was committed" in err
    assert "next `brain dream` starts this work again" in err
    assert "Aborted!" not in err and "Traceback" not in err
    assert repo.head() == before
    done = subprocess.run([BRAIN, "dream"], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Committed" in done.stdout and repo.head() != before
