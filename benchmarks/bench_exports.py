"""Import speed of a large ChatGPT data export, first time and again with a newer one.

    .venv/bin/python benchmarks/bench_exports.py [--conversations 1000] [--messages 30] [--json]

Generates a `conversations.json` in the published export structure (a message tree per
conversation, with a hidden system message and one regenerated answer each) and
captures it with `brain capture session` through the CLI into a fresh memory. Then a
newer export, where every tenth conversation has two more messages and one in fifty an
edited message, is captured on top: only those conversations change. Prints the file
size and the seconds of each step. Embeddings are not involved.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from brain.cli import cli  # noqa: E402
from memory_schema import init_memory  # noqa: E402

SENTENCE = (
    "we moved the standup to nine because the design review kept running over and "
    "my sister visits on the fourteenth so I will be out that friday afternoon"
)
WORDS = SENTENCE.split(" ")


def _text(i: int, n: int) -> str:
    return " ".join(WORDS[(i + k) % len(WORDS)] for k in range(n))


def _message(nid: str, role: str, t: float, text: str, hidden: bool = False) -> dict[str, Any]:
    return {
        "id": nid,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": t,
        "content": {"content_type": "text", "parts": [text]},
        "metadata": {"is_visually_hidden_from_conversation": True} if hidden else {},
        "recipient": "all",
    }


def conversation(c: int, messages: int) -> dict[str, Any]:
    t0 = 1_700_000_000 + c * 3600.0
    mapping: dict[str, Any] = {
        "root": {"id": "root", "message": None, "parent": None, "children": ["sys"]},
        "sys": {
            "id": "sys",
            "message": _message("sys", "system", t0, "", hidden=True),
            "parent": "root",
            "children": [],
        },
    }
    parent = "sys"
    for m in range(messages):
        role = "user" if m % 2 == 0 else "assistant"
        nid = f"m{m}"
        mapping[parent]["children"].append(nid)
        mapping[nid] = {
            "id": nid,
            "message": _message(nid, role, t0 + 10 * m, _text(c + m, 40 if role == "user" else 90)),
            "parent": parent,
            "children": [],
        }
        if m == 1:  # a first answer regenerated: the old one stays on its own branch
            mapping[parent]["children"].append("m1-old")
            mapping["m1-old"] = {
                "id": "m1-old",
                "message": _message("m1-old", "assistant", t0 + 9, "an answer regenerated away"),
                "parent": parent,
                "children": [],
            }
        parent = nid
    cid = f"00000000-0000-4000-8000-{c:012d}"
    return {
        "title": f"Conversation {c}",
        "create_time": t0,
        "update_time": t0 + 10 * messages,
        "mapping": mapping,
        "current_node": parent,
        "conversation_id": cid,
        "id": cid,
    }


def grow(conv: dict[str, Any], n: int, edit: bool) -> None:
    mapping = conv["mapping"]
    parent = conv["current_node"]
    if edit:  # the last user message edited: the branch forks one message earlier
        parent = mapping[mapping[parent]["parent"]]["parent"]
    for k in range(n):
        nid = f"new{k}"
        mapping[parent]["children"].append(nid)
        role = "user" if k % 2 == 0 else "assistant"
        t = conv["update_time"] + 100 + k
        mapping[nid] = {
            "id": nid,
            "message": _message(nid, role, t, f"newer message {k}: {_text(k, 30)}"),
            "parent": parent,
            "children": [],
        }
        parent = nid
    conv["current_node"] = parent


def capture(memory: Path, path: Path) -> tuple[float, str]:
    t0 = time.perf_counter()
    result = CliRunner().invoke(cli, ["capture", "session", "--memory", str(memory), str(path)])
    seconds = time.perf_counter() - t0
    assert result.exit_code == 0, result.output
    return seconds, result.stdout.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--conversations", type=int, default=1000)
    ap.add_argument("--messages", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-exports-") as tmp:
        work = Path(tmp)
        convs = [conversation(c, args.messages) for c in range(args.conversations)]
        first = work / "conversations.json"
        first.write_text(json.dumps(convs), "utf-8")
        repo, _ = init_memory(work / "memory")
        t_first, line_first = capture(repo.root, first)
        t_same, line_same = capture(repo.root, first)
        for c, conv in enumerate(convs):
            if c % 10 == 0:
                grow(conv, 2, edit=c % 50 == 0)
        newer = work / "newer.json"
        newer.write_text(json.dumps(convs), "utf-8")
        t_newer, line_newer = capture(repo.root, newer)
        out = {
            "conversations": args.conversations,
            "messages_each": args.messages,
            "file_mb": round(first.stat().st_size / 1e6, 1),
            "first_import_s": round(t_first, 2),
            "first": line_first,
            "same_again_s": round(t_same, 2),
            "same_again": line_same,
            "newer_export_s": round(t_newer, 2),
            "newer": line_newer,
        }
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key:<16} {value}")


if __name__ == "__main__":
    main()
