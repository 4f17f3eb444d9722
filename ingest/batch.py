"""Batches of input files: parse each at the edge, reject the bad ones, capture the rest.

One bad file never stops a batch: it becomes a `rejected` outcome carrying a one-line
reason, and the good files are still captured (in one commit per kind).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

from memory_schema.repo import MemoryRepo
from memory_schema.session import Session

from .capture import CaptureReport, Outcome, capture_sessions
from .errors import IngestError, RejectedSessionWarning, SkippedInputWarning, UnknownFormatError
from .formats import parse_file
from .textio import DEFAULT_MAX_INPUT_BYTES, DecodeWarning

Progress = Callable[[str], None]

#: File name endings taken from a folder given to `brain capture session`.
SESSION_SUFFIXES = (".json", ".jsonl", ".md", ".markdown", ".txt")


def expand_paths(
    paths: Sequence[Path], suffixes: Sequence[str], refused: list[Path] | None = None
) -> list[Path]:
    """Files as given; folders replaced by their files with a matching ending (sorted).

    Hidden files and folders (such as .git) inside a folder are skipped. A file found in
    a folder that resolves outside it (a symlink to /etc/shadow, or into a symlinked
    folder) is never captured: it is added to `refused` instead. A file named on its own
    is taken as given.
    """
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            for p in sorted(path.rglob("*")):
                rel = p.relative_to(path)
                if any(part.startswith(".") for part in rel.parts):
                    continue
                if not p.is_file() or p.suffix.lower() not in suffixes:
                    continue
                if not inside_folder(path, p):
                    if refused is not None:
                        refused.append(p)
                    continue
                out.append(p)
        else:
            out.append(path)
    return out


def inside_folder(folder: Path, path: Path) -> bool:
    """Whether `path`, with every symlink resolved, is still inside `folder`."""
    real_folder = folder.resolve()
    real = path.resolve()
    return real == real_folder or real_folder in real.parents


def refused_outcomes(refused: Sequence[Path]) -> list[Outcome]:
    """One rejected outcome per file that leaves its folder through a symlink."""
    return [
        Outcome(
            "rejected",
            origin=str(p),
            message="a symlink to a file outside the folder; refused (name the file itself)",
        )
        for p in refused
    ]


def parse_session_files(
    paths: Sequence[Path],
    fmt: str | None = None,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    progress: Progress | None = None,
) -> tuple[list[tuple[Path, Session]], CaptureReport]:
    """Parse files into sessions; bad files become rejected outcomes in the report."""
    report = CaptureReport()
    parsed: list[tuple[Path, Session]] = []
    for path in paths:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", DecodeWarning)
            warnings.simplefilter("always", RejectedSessionWarning)
            warnings.simplefilter("always", SkippedInputWarning)
            try:
                _, sessions = parse_file(path, fmt, max_bytes)
            except UnknownFormatError as exc:
                if exc.path is None:
                    raise  # an unknown --format concerns the whole batch
                report.outcomes.append(Outcome("rejected", origin=str(path), message=exc.message))
                sessions = []
            except IngestError as exc:
                report.outcomes.append(Outcome("rejected", origin=str(path), message=exc.message))
                sessions = []
        report.warnings += [
            str(w.message)
            for w in caught
            if issubclass(w.category, DecodeWarning | SkippedInputWarning)
        ]
        report.outcomes += [
            Outcome("rejected", origin=str(path), message=str(w.message))
            for w in caught
            if issubclass(w.category, RejectedSessionWarning)
        ]
        parsed += [(path, s) for s in sessions]
        if progress:
            progress(str(path))
    return parsed, report


def capture_session_files(
    repo: MemoryRepo,
    paths: Sequence[Path],
    fmt: str | None = None,
    *,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    progress: Progress | None = None,
) -> CaptureReport:
    """Capture every session in `paths` (format detected per file unless `fmt`)."""
    parsed, report = parse_session_files(paths, fmt, max_bytes, progress)
    if parsed:
        origins = {s.id: str(p) for p, s in parsed}
        captured = capture_sessions(repo, [s for _, s in parsed])
        for o in captured.outcomes:
            # A branch session (`<id>-b<hash>`) comes from the file of the session it
            # branches off.
            sid = o.id or ""
            o.origin = origins.get(sid) or origins.get(sid.rsplit("-b", 1)[0])
        report.extend(captured)
    return report
