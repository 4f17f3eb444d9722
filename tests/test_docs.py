"""The manual: the generated command reference is current, and every command documents itself.

`make test` also builds the manual with `mkdocs build --strict` (see the Makefile), so a
broken link or anchor fails CI; these tests hold what pytest alone can.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from brain.cli import cli

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference.md"
PACKAGES = ("memory_schema", "language", "ingest", "search", "validators", "agent", "sandbox")
PACKAGES += ("dream", "evals", "brain")


def walk(group: click.Group, path: list[str]):
    ctx = click.Context(group, info_name=path[-1])
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None, name
        yield [*path, name], cmd
        if isinstance(cmd, click.Group):
            yield from walk(cmd, [*path, name])


def cog_check(path: Path) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("cogapp", reason="cogapp is a dev dependency (pip install -e '.[dev]')")
    return subprocess.run(
        [sys.executable, "-m", "cogapp", "--check", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_every_command_and_option_has_help_text():
    missing = []
    for path, cmd in walk(cli, ["brain"]):
        if not (cmd.help or cmd.short_help):
            missing.append(" ".join(path))
        for param in cmd.params:
            if isinstance(param, click.Option) and not param.help:
                missing.append(f"{' '.join(path)} {'/'.join(param.opts)}")
    assert not missing, f"commands or options without help text: {missing}"


def test_the_reference_lists_every_command():
    text = REFERENCE.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#+ (brain(?: [\w-]+)*)$", text, flags=re.M))
    for path, _ in walk(cli, ["brain"]):
        assert " ".join(path) in headings, f"{' '.join(path)} is not in docs/reference.md"


def test_the_reference_is_current():
    result = cog_check(REFERENCE)
    assert result.returncode == 0, (
        "docs/reference.md is stale: run `make docs-cli` (cog -r docs/reference.md)\n"
        + result.stdout
        + result.stderr
    )


def test_a_stale_reference_fails_the_check(tmp_path):
    stale = tmp_path / "reference.md"
    shutil.copy(REFERENCE, stale)
    text = stale.read_text(encoding="utf-8")
    assert "Show this message and exit." in text
    stale.write_text(text.replace("Show this message and exit.", "Old help.", 1), "utf-8")
    result = cog_check(stale)
    assert result.returncode != 0
    assert "changed" in (result.stdout + result.stderr).lower()


def test_eval_retrieval_help_names_the_default_variants():
    from evals.retrieval import DEFAULT_VARIANTS

    retrieval = cli.get_command(click.Context(cli), "eval").get_command(
        click.Context(cli), "retrieval"
    )
    (variant,) = [p for p in retrieval.params if "--variant" in p.opts]
    listed = re.search(r"\[default: ([^;\]]+)", variant.help).group(1)
    assert [v.strip() for v in listed.split(",")] == list(DEFAULT_VARIANTS)


def test_the_memorys_own_readme_links_only_to_files_it_has(tmp_path):
    from memory_schema import init_memory

    repo, _ = init_memory(tmp_path / "memory")
    text = (repo.root / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links, "the memory's README points at where to start"
    for target in links:
        assert "://" not in target, f"the memory's README links outside itself: {target}"
        assert (repo.root / target).exists(), f"the memory's README links to a missing {target}"
    assert "brain --help" in text


def test_every_environment_variable_is_documented():
    # One environment variable per setting, each in the manual (usually configuration.md).
    code = "\n".join(
        p.read_text(encoding="utf-8")
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
    )
    names = set(re.findall(r"[\"'](BRAIN_[A-Z0-9_]+)[\"']", code))
    manual = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    missing = sorted(n for n in names if f"`{n}`" not in manual and f"`{n}=" not in manual)
    assert not missing, f"environment variables no docs page names: {missing}"


def test_the_manual_names_the_default_retrieval_variants():
    from evals.retrieval import DEFAULT_VARIANTS

    text = " ".join((ROOT / "docs" / "evaluation.md").read_text(encoding="utf-8").split())
    found = re.search(r"`--list-variants` shows them; default ((?:`[\w-]+`(?:, )?)+)\)", text)
    assert found, "docs/evaluation.md no longer says which variants run by default"
    assert re.findall(r"`([\w-]+)`", found.group(1)) == list(DEFAULT_VARIANTS)


def test_the_demo_names_brain_the_way_this_shell_can_run_it(monkeypatch):
    from brain.demo import brain_command

    here = Path(sys.executable).with_name("brain")
    if not here.exists():
        pytest.skip("brain is not installed beside this Python")
    monkeypatch.setenv("PATH", "/nonexistent")  # .venv/bin not on PATH, as after make demo
    assert brain_command() == str(here)
    monkeypatch.setenv("PATH", str(here.parent))  # an activated venv
    assert brain_command() == "brain"
