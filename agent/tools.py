"""The agent's tools: the same set for every engine, acting on the working set only.

Every file and command goes through a `sandbox.base.Sandbox`, so a bwrap or Docker
backend gives the same results as the local one. Paths are checked before anything
runs: absolute paths, `..`, symlinks out of the working set and Git's own folder are
refused with a tool error that goes back to the model. Output is bounded: long files
are paged, many matches are cut with a count.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

import jsonschema

from memory_schema.errors import ParseError
from memory_schema.links import WIKILINK_RE, LinkResolver, extract_citation_defs
from memory_schema.markdown_io import split_frontmatter
from memory_schema.session import Session
from memory_schema.source import Source
from memory_schema.store import is_session_file, is_source_file
from sandbox.base import Sandbox
from sandbox.errors import SandboxError
from sandbox.local import check_rel

from .errors import AgentError, ToolError
from .llm.base import ToolSpec

if TYPE_CHECKING:
    from sandbox.workingset import WorkingSet

    from .memory_agent import MemoryAgent

MAX_OUTPUT_CHARS = 8000
MAX_LINE_CHARS = 400
MAX_MATCHES = 60
MAX_ENTRIES = 200
_REV_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/~^@{}:-]{0,100}$")


def load_specs() -> list[ToolSpec]:
    raw = resources.files("agent").joinpath("prompts", "tools.json").read_text("utf-8")
    return [ToolSpec(t["name"], t["description"], t["parameters"]) for t in json.loads(raw)]


@dataclass(frozen=True)
class ToolRecord:
    """One call, as the session transcript summarizes it."""

    name: str
    arguments: dict[str, Any]
    summary: str
    is_error: bool


@dataclass(frozen=True)
class ToolResult:
    content: str
    is_error: bool = False


@dataclass
class Toolbox:
    """The tools over one working set. `call` never raises for the model's mistakes."""

    sandbox: Sandbox
    workset: WorkingSet | None = None
    memory_agent: MemoryAgent | None = None
    max_output_chars: int = MAX_OUTPUT_CHARS
    specs: list[ToolSpec] = field(default_factory=load_specs)
    log: list[ToolRecord] = field(default_factory=list)
    files_read: list[str] = field(default_factory=list)  # every read, in order, repeats too
    _resolver: LinkResolver | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.specs]

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolResult:
        """Run a tool; unknown tools, bad arguments and refusals become error results."""
        args = dict(arguments or {})
        spec = next((s for s in self.specs if s.name == name), None)
        if spec is None:
            result = ToolResult(
                f"unknown tool {name!r}; the tools are: {', '.join(self.names)}", True
            )
        else:
            try:
                jsonschema.validate(args, spec.parameters)
                text = getattr(self, f"_{name}")(**args)
                result = ToolResult(self._bound(text))
            except jsonschema.ValidationError as exc:
                where = "/".join(str(p) for p in exc.absolute_path)
                msg = f"bad arguments for {name}: {f'{where}: ' if where else ''}{exc.message}"
                result = ToolResult(msg, True)
            except (AgentError, SandboxError) as exc:
                result = ToolResult(f"{name}: {exc}", True)
        self.log.append(ToolRecord(name, args, _summary(result), result.is_error))
        return result

    def error(self, name: str, arguments: dict[str, Any], message: str) -> ToolResult:
        """Log a call that could not even be made (malformed arguments) as an error."""
        result = ToolResult(message, True)
        self.log.append(ToolRecord(name, arguments, _summary(result), True))
        return result

    # -- helpers -------------------------------------------------------------------------

    def _bound(self, text: str) -> str:
        if len(text) <= self.max_output_chars:
            return text
        cut = text[: self.max_output_chars].rsplit("\n", 1)[0]
        return cut + f"\n[output cut at {len(cut)} of {len(text)} characters; narrow the request]"

    def _rel(self, path: str, *, allow_root: bool = False) -> str:
        text = (path or "").strip()
        if allow_root and text in ("", ".", "./"):
            return "."
        try:
            rel = check_rel(self.sandbox.root, text)
        except SandboxError as exc:
            raise ToolError(f"refused: {exc} (paths are relative to the working set)") from exc
        if rel == ".git" or rel.startswith(".git/"):
            raise ToolError("refused: .git is Git's own data; use git_log, git_diff, git_show")
        return rel

    def _read_text(self, rel: str) -> str:
        data = self.sandbox.read_file(rel)
        self.files_read.append(rel)
        return data.decode("utf-8", "replace")

    def _run(self, argv: list[str]) -> tuple[int, str, str]:
        res = self.sandbox.run(argv)
        return res.returncode, res.text, res.stderr.decode("utf-8", "replace").strip()

    def _run_rg(self, argv: list[str]) -> tuple[int, str, str]:
        """Run ripgrep; status 127 when this machine or sandbox has none (the sandbox says
        so with an error, a shell with the status), so the caller falls back."""
        try:
            return self._run(argv)
        except SandboxError as exc:
            if "not found" not in str(exc):
                raise
            return 127, "", ""

    def _ensure_local(self, rel: str) -> str:
        """Bring a memory file into the working set if it is not there yet."""
        if (self.sandbox.root / rel).is_file() or self.workset is None:
            return rel
        placed = self.workset.materialize([rel])
        self._resolver = None
        if not placed:
            raise ToolError(f"{rel}: no such file in memory")
        return rel

    # -- tools ---------------------------------------------------------------------------

    def _ls(self, path: str = ".") -> str:
        rel = self._rel(path, allow_root=True)
        code, out, err = self._run(["ls", "-1Ap", "--", rel])
        if code != 0:
            raise ToolError(err.split("\n")[0] or f"cannot list {path}")
        entries = [e for e in out.splitlines() if e and e != ".git/"]
        return _cut(entries, MAX_ENTRIES, "entries") or "(empty)"

    def _read(self, path: str, start: int = 1, lines: int = 200) -> str:
        rel = self._rel(path)
        all_lines = self._read_text(rel).split("\n")
        if all_lines and all_lines[-1] == "":
            all_lines.pop()
        total = len(all_lines)
        if start > max(total, 1):
            raise ToolError(f"{rel} has {total} lines; start must be 1..{total}")
        end = min(total, start + lines - 1)
        body = "\n".join(f"{i:>5}\t{_clip(all_lines[i - 1])}" for i in range(start, end + 1))
        more = f"; read again with start={end + 1}" if end < total else ""
        return f"{rel} (lines {start}-{end} of {total}{more})\n{body}"

    def _grep(
        self, pattern: str, path: str = ".", glob: str | None = None, ignore_case: bool = False
    ) -> str:
        rel = self._rel(path, allow_root=True)
        argv = [
            "rg", "--line-number", "--with-filename", "--no-heading", "--color=never",
            "--sort=path", "--hidden", "--glob=!.git",
        ]  # fmt: skip
        if ignore_case:
            argv.append("--ignore-case")
        if glob:
            argv.append(f"--glob={glob}")
        # Stuck to its option, a pattern is never read as an option ("-zebra", "--pre").
        argv.append(f"--regexp={pattern}")
        if rel != ".":
            argv += ["--", rel]
        code, out, err = self._run_rg(argv)
        if code == 127:  # no ripgrep in this sandbox: GNU grep prints the same format
            argv = ["grep", "-rnE", "--exclude-dir=.git", *(["-i"] if ignore_case else [])]
            if glob:
                argv.append(f"--include={glob}")
            argv += ["-e", pattern, "--", rel]
            code, out, err = self._run(argv)
            out = "\n".join(ln[2:] if ln.startswith("./") else ln for ln in out.splitlines())
        if code == 1:
            return f"no matches for /{pattern}/"
        if code != 0:
            raise ToolError(err.split("\n")[0] or f"grep failed with status {code}")
        matches = [_clip(m) for m in out.splitlines() if m]
        return _cut(matches, MAX_MATCHES, "matches", hint="narrow the pattern or the path")

    def _glob(self, pattern: str) -> str:
        if pattern.startswith("/") or ".." in pattern.split("/"):
            raise ToolError("refused: glob patterns are relative to the working set")
        code, out, _ = self._run_rg(
            ["rg", "--files", "--sort=path", "--hidden", "--glob=!.git", f"--glob={pattern}"]
        )
        if code == 127:  # no ripgrep on this machine: find lists the same files
            code, out, _ = self._run(["find", ".", "-path", "./.git", "-prune", "-o", "-type",
                                      "f", "-print"])  # fmt: skip
            out = "\n".join(
                sorted(p[2:] for p in out.splitlines() if fnmatch.fnmatch(p[2:], pattern))
            )
        files = [p for p in out.splitlines() if p]
        return _cut(files, MAX_ENTRIES, "files") if files else f"no files match {pattern}"

    def _git(self, argv: list[str]) -> str:
        code, out, err = self._run(["git", "--no-pager", *argv])
        if code != 0:
            raise ToolError(err.split("\n")[0] or f"git {argv[0]} failed")
        return out.rstrip("\n") or "(nothing)"

    def _git_log(self, path: str | None = None, n: int = 20) -> str:
        argv = ["log", f"-n{n}", "--date=short", "--format=%h %ad %an: %s"]
        return self._git(argv + (["--", self._rel(path)] if path else []))

    def _git_diff(self, rev: str = "HEAD~1", rev2: str = "HEAD", path: str | None = None) -> str:
        argv = [
            "diff",
            "--no-ext-diff",
            "--no-textconv",
            "--stat",
            "--patch",
            _rev(rev),
            _rev(rev2),
        ]
        return self._git([*argv, "--", self._rel(path) if path else "."])

    def _git_show(self, rev: str = "HEAD", path: str | None = None) -> str:
        if path:
            return self._git(["show", "--no-textconv", f"{_rev(rev)}:{self._rel(path)}"])
        argv = ["show", "--no-ext-diff", "--no-textconv", "--stat", "--patch",
                "--format=commit %H%nAuthor: %an%nDate: %ad%n%n%B", _rev(rev)]  # fmt: skip
        return self._git(argv)

    def resolver(self) -> LinkResolver:
        """Link resolution over the working set: names and paths of every memory file,
        titles and aliases of the pages that are checked out."""
        if self._resolver is None:
            resolver = LinkResolver()
            paths = self.workset.all_paths() if self.workset else []
            local = set(self.workset.paths()) if self.workset else set()
            for rel in paths:
                title, aliases = None, []
                if (
                    rel in local
                    and rel.endswith(".md")
                    and rel.startswith(("knowledge/", "notes/"))
                ):
                    title, aliases = _title_aliases(self.sandbox.read_file(rel))
                resolver.add_file(rel, title, aliases)
            self._resolver = resolver
        return self._resolver

    def _resolve_link(self, link: str) -> tuple[str, str | None, str | None]:
        """(path, heading, block) of a [[link]] or a bare target."""
        text = link.strip()
        m = WIKILINK_RE.search(text if text.startswith(("[[", "![[")) else f"[[{text}]]")
        if not m or not m.group(2).strip():
            raise ToolError(f"not a link: {link!r}")
        frag = (m.group(3) or "")[1:]
        target = m.group(2).strip()
        found = self.resolver().resolve(target)
        if found is None:
            raise ToolError(f"[[{target}]] resolves to no file in memory")
        self._ensure_local(found)
        heading = frag if frag and not frag.startswith("^") else None
        block = frag[1:] if frag.startswith("^") else None
        return found, heading, block

    def _follow_link(self, link: str) -> str:
        rel, heading, block = self._resolve_link(link)
        if block:
            return self._evidence_text(rel, block, header=f"[[{rel[:-3]}#^{block}]]")
        if heading:
            want = " ".join(heading.split()).casefold()
            lines = self._read_text(rel).split("\n")
            for num, line in enumerate(lines, start=1):
                if line.startswith("#") and " ".join(line.lstrip("#").split()).casefold() == want:
                    return self._read(rel, start=num)
        return self._read(rel)

    def _open_citation(self, page: str, n: int) -> str:
        rel, _, _ = self._resolve_link(page)
        defs = [d for d in extract_citation_defs(self._read_text(rel)) if d.n == n]
        if not defs:
            raise ToolError(f"{rel} has no [cite:{n}] in its citation list")
        target = self.resolver().resolve(defs[0].target)
        if target is None or not (is_session_file(target) or is_source_file(target)):
            raise ToolError(f"[cite:{n}] of {rel} points at {defs[0].target}, not at evidence")
        self._ensure_local(target)
        header = f"[cite:{n}] of {rel} -> [[{target[:-3]}#^{defs[0].anchor}]]"
        return self._evidence_text(target, defs[0].anchor, header=header)

    def _evidence_text(self, rel: str, anchor: str, header: str) -> str:
        text = self._read_text(rel)
        try:
            if is_session_file(rel):
                session = Session.parse(text, rel)
                i = int(anchor[1:]) if anchor[:1] == "t" and anchor[1:].isdigit() else 0
                if not 1 <= i <= len(session.turns):
                    raise ToolError(f"{rel} has no block ^{anchor}")
                turn = session.turns[i - 1]
                when = turn.at or session.started
                return f"{header}\n{turn.who} ({when or 'undated'}):\n{turn.content}"
            if is_source_file(rel):
                source = Source.parse(text, rel)
                i = int(anchor[1:]) if anchor[:1] == "p" and anchor[1:].isdigit() else 0
                if not 1 <= i <= len(source.blocks):
                    raise ToolError(f"{rel} has no block ^{anchor}")
                return f"{header}\n{source.title}, paragraph {i}:\n{source.blocks[i - 1]}"
        except ParseError as exc:
            raise ToolError(f"{rel} cannot be parsed: {exc.message}") from exc
        raise ToolError(f"{rel} is not a session or source; only they hold evidence blocks")

    def _memory_agent(self, description: str) -> str:
        if self.memory_agent is None:
            raise ToolError("the Memory Agent is not available in this session")
        report = self.memory_agent.run(description)
        self._resolver = None
        for rel in report.files:
            self.files_read.append(rel)
        return report.render()


def _rev(rev: str) -> str:
    if not _REV_RE.fullmatch(rev):
        raise ToolError(f"not a revision: {rev!r}")
    return rev


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + " […]"


def _cut(items: list[str], limit: int, what: str, hint: str = "") -> str:
    if len(items) <= limit:
        return "\n".join(items)
    more = f"[{len(items) - limit} more {what} not shown of {len(items)}"
    return "\n".join(items[:limit]) + f"\n{more}{'; ' + hint if hint else ''}]"


def _title_aliases(data: bytes) -> tuple[str | None, list[str]]:
    try:
        meta, _ = split_frontmatter(data.decode("utf-8", "replace"))
    except ParseError:
        return None, []
    title = meta.get("title") if isinstance(meta.get("title"), str) else None
    aliases = meta.get("aliases") if isinstance(meta.get("aliases"), list) else []
    return title, [a for a in aliases if isinstance(a, str)]


def _summary(result: ToolResult) -> str:
    first = result.content.strip().split("\n", 1)[0]
    lines = result.content.count("\n") + 1 if result.content else 0
    text = first if len(first) <= 160 else first[:157] + "..."
    return f"error: {text}" if result.is_error else f"{text} ({lines} lines)"


ToolFn = Callable[..., str]
