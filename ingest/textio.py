"""Reading input files at the edge: size limit, UTF-8 with a replacement fallback."""

from __future__ import annotations

import warnings
from pathlib import Path

from .errors import RejectedInputError

#: Default limit on one input file (env BRAIN_CAPTURE_MAX_BYTES overrides it via Config).
DEFAULT_MAX_INPUT_BYTES = 50 * 1024 * 1024


class DecodeWarning(UserWarning):
    """Input text was not valid UTF-8 and was decoded with replacement characters."""


def read_input_bytes(path: Path, max_bytes: int = DEFAULT_MAX_INPUT_BYTES) -> bytes:
    """The bytes of an input file, refusing directories, missing files and over-size ones."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise RejectedInputError("no such file", path=str(path)) from None
    except OSError as exc:
        raise RejectedInputError(f"cannot read: {exc.strerror}", path=str(path)) from exc
    if path.is_dir():
        raise RejectedInputError("is a directory", path=str(path))
    if size > max_bytes:
        raise RejectedInputError(
            f"{size:,} bytes is over the capture size limit of {max_bytes:,} bytes "
            "(BRAIN_CAPTURE_MAX_BYTES)",
            path=str(path),
        )
    try:
        return path.read_bytes()
    except OSError as exc:
        raise RejectedInputError(f"cannot read: {exc.strerror}", path=str(path)) from exc


def looks_binary(data: bytes) -> bool:
    """True for data that is not text: NUL bytes, or mostly control bytes, in its first 8 KiB."""
    head = data[:8192]
    if not head:
        return False
    if b"\0" in head:
        return True
    control = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    return control / len(head) > 0.1


def decode_text(data: bytes, name: str) -> str:
    """Decode UTF-8 (BOM allowed); otherwise decode with replacement and warn.

    Binary junk is refused rather than decoded: a memory file full of U+FFFD helps nobody.
    """
    if looks_binary(data):
        raise RejectedInputError("binary data, not text", path=name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        bad = text.count("\ufffd")
        warnings.warn(
            DecodeWarning(
                f"{name}: not valid UTF-8 (first bad byte at {exc.start}); "
                f"decoded with {bad} replacement character(s)"
            ),
            stacklevel=2,
        )
        return text


def read_input_text(path: Path, max_bytes: int = DEFAULT_MAX_INPUT_BYTES) -> str:
    return decode_text(read_input_bytes(path, max_bytes), str(path))
