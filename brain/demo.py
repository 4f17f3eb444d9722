"""`brain demo`: build an example memory and run the whole loop on it.

Capture example sessions and a document, Dream them into a wiki, validate it, and ask
a question that is answered with citations, all on the embedded defaults (extractive
engine, bundled embedding model, local sandbox): no API key, no network.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from memory_schema import init_memory
from memory_schema.notes import write_note
from memory_schema.store import load_pages
from validators import validate_tree

Echo = Callable[[str], None]

QUESTIONS = ("Where does Maya work now?", "Who is the tech lead of Project Atlas?")


def brain_command() -> str:
    """How to call `brain` from this shell: its name when it is on PATH, else its path.

    After `make demo` the command lives in .venv/bin, which is not on PATH until the venv
    is activated; a hint that says `brain` would fail there.
    """
    here = Path(sys.executable).with_name("brain")
    found = shutil.which("brain")
    if found and (not here.exists() or Path(found).resolve() == here.resolve()):
        return "brain"
    return str(here) if here.exists() else "brain"


def _data_file(name: str, into: Path) -> Path:
    """Copy a bundled example file out of the package, so capture sees a real path."""
    target = into / name
    target.write_bytes(resources.files("brain").joinpath("data", name).read_bytes())
    return target


def run_demo(directory: Path | None = None, echo: Echo | None = None) -> dict[str, Any]:
    say: Echo = echo or (lambda _msg: None)
    workdir = Path(tempfile.mkdtemp(prefix="brain-demo-"))
    try:
        return _run(directory or workdir / "memory", workdir, say)
    finally:
        if directory is not None:  # only the copied example files are left in workdir
            shutil.rmtree(workdir, ignore_errors=True)


def _run(root: Path, workdir: Path, say: Echo) -> dict[str, Any]:
    from agent.runner import Agent, AgentSettings
    from dream import DreamOptions, run_dream
    from ingest.batch import capture_session_files
    from ingest.sources import capture_sources
    from search import get_embedder

    repo, _ = init_memory(root)
    say(f"1. Created a memory repo at {root}")

    sessions_file = _data_file("demo-sessions.jsonl", workdir)
    captured = capture_session_files(repo, [sessions_file], "brain")
    say(f"2. Captured {len(captured.captured)} sessions of Maya's chats with her assistant:")
    for outcome in captured.outcomes:
        say(f"   {outcome.path}")
    handbook = _data_file("demo-handbook.md", workdir)
    sources = capture_sources(repo, [str(handbook)])
    say(f"   and a document: {', '.join(o.path or '' for o in sources.captured)}")

    note_path, _ = write_note(repo, "Maya's team standup is at 9:15 on weekdays.", topic="work")
    say(f"3. Remembered a note by hand: {note_path}")

    embedder = get_embedder()  # loaded once, shared by Dream and the agent's search
    result = run_dream(repo, DreamOptions(engine="extractive", embedder=embedder))
    say(f"4. Dream ({result.run_id}): {result.message or 'done'}")
    for path in result.pages_created:
        say(f"   created {path}")
    for path in result.pages_updated:
        say(f"   updated {path}")
    if result.claims_removed:
        n = len(result.claims_removed)
        say(f"   {n} unsupported claim{'s' if n != 1 else ''} removed by the validators")

    report = validate_tree(root)
    say(
        f"5. Validated the tree: {'OK' if report.ok else 'FAILED'}, "
        f"{len(report.errors)} errors, {len(report.warnings)} warnings"
    )
    for f in report.findings:
        say(f"   {f}")

    say("\nINDEX.md (what an agent sees first):\n")
    say(repo.read_text("INDEX.md"))

    answers = []
    agent = Agent(root, AgentSettings(engine="extractive"), kind="ask", record=True)
    try:
        for i, question in enumerate(QUESTIONS, start=6):
            answer = agent.ask(question)
            answers.append(answer.as_json())
            say(f"{i}. Asked: {question}\n")
            say(_indent(answer.text))
            say("")
    finally:
        agent.close()

    log = repo.git("log", "--format=%h %s").strip().splitlines()
    say(f"{6 + len(QUESTIONS)}. Git history ({len(log)} commits, newest first):")
    for line in log:
        say(f"   {line}")
    explore = f"{brain_command()} search --memory {root} QUERY"
    say(f"\nOpen {root} in Obsidian, or explore it with: {explore}")
    return {
        "memory": str(root),
        "sessions": [o.path for o in captured.captured],
        "pages": [p.path for p in load_pages(root)],
        "dream": result.as_json(),
        "validation": report.as_dict(),
        "answers": answers,
        "commits": len(log),
    }


def _indent(text: str) -> str:
    return "\n".join(f"   {line}" if line else "" for line in text.splitlines())
