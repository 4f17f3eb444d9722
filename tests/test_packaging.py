"""`pipx install .` and `uv tool install .` install the wheel: it must hold every file the
code reads (templates, prompts, Skills, bundled data) and the `brain` entry point.

Built offline from a copy of the tracked files (no network, no build isolation), then
run from the unpacked wheel, away from the source tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = [
    "memory_schema",
    "language",
    "ingest",
    "search",
    "validators",
    "agent",
    "sandbox",
    "dream",
    "skills",
    "evals",
    "brain",
]


def tracked(*paths: str) -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [line for line in out.splitlines() if (ROOT / line).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("setuptools", reason="building the wheel needs setuptools")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the project's git checkout to list its files")
    src = tmp_path_factory.mktemp("src")
    for name in tracked("."):
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "-qq", "--no-deps", "--no-build-isolation"),
            *("--wheel-dir", str(out), str(src)),
        ],
        check=True,
        timeout=600,
    )
    (built,) = out.glob("brain_memory-*.whl")
    return built


def test_the_wheel_holds_every_file_of_the_packages(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [f for f in tracked(*PACKAGES) if f not in names]
    assert not missing, f"files the code ships are not in the wheel: {missing}"


def test_the_wheel_declares_the_brain_command(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        (entry,) = [n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = zf.read(entry).decode()
    assert "[console_scripts]" in text and "brain = brain.cli:main" in text


def test_the_unpacked_wheel_runs_brain_away_from_the_source_tree(wheel: Path, tmp_path: Path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "BRAIN_MEMORY": str(tmp_path / "memory")}
    fixture = ROOT / "tests" / "fixtures" / "ingest" / "transcript.md"
    code = "import brain, sys; from brain.cli import main; print(brain.__file__); main()"

    def brain(*args: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    assert brain("--help").startswith(str(site / "brain"))
    assert "Initialised memory" in brain("init", "--owner", "Maya Chen")
    assert (tmp_path / "memory" / ".obsidian" / "app.json").is_file()  # templates came along
    assert "1 session captured" in brain("capture", "session", str(fixture))
    brain("validate")  # exits 0: the schemas it checks against came along too


def test_make_install_quiets_pip_but_not_its_errors_and_demo_says_how_to_run_brain():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    # -qq is pip's "errors only": warnings go, errors stay. Every install goes through it.
    assert re.search(r"^PIP := \$\(BIN\)/python -m pip install -qq$", makefile, flags=re.M)
    recipes = [line for line in makefile.splitlines() if line.startswith("\t")]
    assert not [line for line in recipes if "pip install" in line], "use $(PIP)"
    demo = makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    assert "source $(BIN)/activate" in demo and "pipx install ." in demo
