"""Sandbox units and the `brain sandbox` commands: policy, image recipe, missing engines,
exec and shell on real working sets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from brain.cli import cli
from memory_schema import MemoryRepo
from sandbox import BACKENDS, open_sandbox
from sandbox.errors import PathRefused, SandboxError, SandboxUnavailable
from sandbox.image import find_mirror, recipe_key
from sandbox.landlock import abi_version
from sandbox.local import LocalSandbox, git_external_paths
from sandbox.policy import PROGRAMS, check_argv
from tests.test_agent_helpers import MAYA, build_memory
from tests.test_sandbox_security import make_sandbox, require_backend

BRAIN = str(Path(sys.executable).with_name("brain"))

# -- the local command policy ------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["sh", "-c", "ls"],
        ["bash"],
        ["python3", "-c", "1"],
        ["/bin/cat", "x"],
        ["rm", "x"],
        ["find", ".", "-exec", "cat", "{}", ";"],
        ["find", ".", "-delete"],
        ["rg", "--pre", "sh", "x"],
        ["rg", "-nz", "x"],
        ["git", "-c", "core.pager=sh", "log"],
        ["git", "-C", "/", "log"],
        ["git", "commit", "-m", "x"],
        ["git", "push"],
        ["git", "log", "--output=/tmp/x"],
        ["git", "grep", "-O", "x"],
        ["sort", "-o", "x", "y"],
        ["tree", "-o", "x"],
        ["file", "-C", "-m", "magic"],
        ["sha256sum", "-c", "list"],
        # Abbreviated, bundled and stuck spellings of the same options (getopt_long and
        # git's parse-options accept any unambiguous prefix of a long option).
        ["git", "grep", "-l", "--open-files-in=bash", "-e", "X", "--", "sessions"],
        ["git", "grep", "--open", "-e", "X"],
        ["git", "grep", "-O/bin/sh", "-e", "X"],
        ["git", "grep", "-lObash", "-e", "X"],
        ["git", "grep", "-e", "--", "-Obash", "X"],
        ["git", "log", "--out=/tmp/x"],
        ["git", "diff", "--ext", "HEAD"],
        ["sort", "--compress-prog=sh", "x"],
        ["sort", "--out=x", "y"],
        ["sort", "-uo/tmp/x", "y"],
        ["rg", "--pr=sh", "x"],
        ["rg", "--search-z", "x"],
        ["md5sum", "--che", "list"],
        [],
    ],
)
def test_policy_refuses_shells_writers_and_escape_hatches(argv):
    with pytest.raises(SandboxError):
        check_argv(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["rg", "-n", "--regexp=-zebra", "--", "notes"],
        ["rg", "-n", "-e-zebra"],
        ["rg", "--regexp", "/usr/bin", "--glob=!.git"],
        ["git", "--no-pager", "log", "-n20", "--format=%h %s"],
        ["git", "diff", "--no-ext-diff", "HEAD~1", "HEAD"],
        ["ls", "-1Ap", "--", "."],
        ["find", ".", "-type", "f", "-print"],
    ],
)
def test_policy_allows_the_tools_commands(argv):
    check_argv(argv)


# -- the image recipe --------------------------------------------------------------------


def test_find_mirror_reads_deb822_and_one_line_sources(tmp_path: Path):
    apt = tmp_path / "apt"
    (apt / "sources.list.d").mkdir(parents=True)
    (apt / "sources.list.d" / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n\n"
        "Types: deb\n# a comment\nURIs: http://mirror.example/debian\n"
        "Suites: bookworm bookworm-updates\nComponents: main\n"
    )
    assert find_mirror("bookworm", apt) == "http://mirror.example/debian"
    (apt / "sources.list.d" / "debian.sources").unlink()
    (apt / "sources.list").write_text("deb [arch=amd64] http://old.example/debian bookworm main\n")
    assert find_mirror("bookworm", apt) == "http://old.example/debian"
    assert find_mirror("trixie", apt) == "http://deb.debian.org/debian"


def test_recipe_key_names_what_goes_into_the_rootfs():
    assert recipe_key() == recipe_key()
    assert recipe_key(packages=("ripgrep",)) != recipe_key()
    assert recipe_key(suite="trixie") != recipe_key()


def test_build_rootfs_without_debootstrap_names_it(tmp_path: Path, monkeypatch):
    import sandbox.image as image

    monkeypatch.setattr(image.shutil, "which", lambda _name: None)
    with pytest.raises(SandboxUnavailable, match="apt-get install debootstrap"):
        image.build_rootfs(tmp_path, rebuild=True)


def test_dockerfile_matches_the_registry_free_recipe():
    text = (Path(__file__).parent.parent / "sandbox" / "Dockerfile").read_text()
    assert "FROM debian:bookworm" in text and "USER 1000:1000" in text
    for package in ("ripgrep", "git"):
        assert package in text


# -- backends, errors ----------------------------------------------------------------------


def test_open_sandbox_knows_three_backends(tmp_path: Path):
    assert BACKENDS == ("local", "bwrap", "docker")
    with pytest.raises(SandboxError, match="choose from local, bwrap, docker"):
        open_sandbox("moon", tmp_path)
    with pytest.raises(SandboxError, match="does not exist"):
        open_sandbox("local", tmp_path / "missing")


def test_missing_bwrap_names_what_to_install(tmp_path: Path, monkeypatch):
    import sandbox.bwrap as bwrap

    monkeypatch.setattr(bwrap.shutil, "which", lambda _name: None)
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        open_sandbox("bwrap", tmp_path)


def test_missing_docker_engine_names_what_to_install(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    with pytest.raises(SandboxUnavailable, match="install and start Docker"):
        open_sandbox("docker", tmp_path)


#: These run ripgrep itself in the sandbox; CI installs it (.ci/run), a machine may not.
needs_rg = pytest.mark.skipif(shutil.which("rg") is None, reason="ripgrep (rg) is not installed")


@needs_rg
def test_local_sandbox_runs_in_the_working_set(memory: MemoryRepo):
    build_memory(memory)
    with LocalSandbox(memory.root) as box:
        result = box.run(["rg", "-l", "Northwind"])
        assert MAYA in result.text.splitlines()
        assert box.run(["cat"], input=b"piped\n").stdout == b"piped\n"
    with pytest.raises(SandboxError, match="closed"):
        box.run(["ls"])
    extra = PROGRAMS | {"no-such-program"}
    with LocalSandbox(memory.root, programs=extra) as box, pytest.raises(SandboxError):
        box.run(["no-such-program"])


def test_materialized_files_are_readable_by_the_sandbox_user(tmp_path: Path):
    with LocalSandbox(tmp_path) as box:
        assert box.materialize({"a/b.md": b"x"}) == ["a/b.md"]
    assert (tmp_path / "a/b.md").stat().st_mode & 0o777 == 0o644
    with LocalSandbox(tmp_path) as box, pytest.raises(PathRefused):
        box.materialize({"ok.md": b"x", "../bad.md": b"y"})
    assert not (tmp_path / "ok.md").exists()  # checked before anything is written


def test_git_data_outside_the_working_set_is_found(memory: MemoryRepo, tmp_path: Path):
    build_memory(memory)
    shared = tmp_path / "shared-clone"
    subprocess.run(["git", "clone", "-q", "--shared", str(memory.root), str(shared)], check=True)
    assert git_external_paths(shared) == [(memory.root / ".git" / "objects").resolve()]
    worktree = tmp_path / "worktree"
    subprocess.run(
        ["git", "worktree", "add", "-q", "--detach", str(worktree)], cwd=memory.root, check=True
    )
    found = git_external_paths(worktree)
    assert (memory.root / ".git").resolve() in found


@pytest.mark.bwrap
def test_bwrap_reads_git_history_through_alternates(memory: MemoryRepo, tmp_path: Path):
    require_backend("bwrap")
    build_memory(memory)
    shared = tmp_path / "shared-clone"
    subprocess.run(["git", "clone", "-q", "--shared", str(memory.root), str(shared)], check=True)
    box = make_sandbox("bwrap", shared)
    result = box.run(["git", "log", "--format=%s"])
    assert result.returncode == 0 and "test: wiki" in result.text
    assert box.run(["sh", "-c", "echo x > .git/objects/x"]).returncode != 0


@pytest.mark.skipif(abi_version() < 1, reason="Landlock is not available on this kernel")
def test_landlock_confines_a_child_process(tmp_path: Path):
    from sandbox.landlock import READ_EXEC, READ_ONLY, Ruleset

    inside, outside = tmp_path / "in", tmp_path / "out.txt"
    inside.mkdir()
    outside.write_text("secret")
    rules = Ruleset()
    rules.allow_all(("/usr", "/lib", "/lib64", "/bin", "/etc", "/proc", "/dev"), READ_EXEC)
    rules.allow(Path(sys.executable).resolve().parent.parent, READ_EXEC)
    rules.allow(inside, READ_ONLY)
    code = f"open({str(outside)!r}).read()"
    proc = subprocess.run(
        [sys.executable, "-S", "-c", code], preexec_fn=rules.restrict_self, capture_output=True
    )
    rules.close()
    assert proc.returncode != 0 and b"PermissionError" in proc.stderr


# -- the CLI -------------------------------------------------------------------------------


def test_every_sandbox_command_has_help():
    for args in (
        ["sandbox"],
        ["sandbox", "exec"],
        ["sandbox", "shell"],
        ["sandbox", "build-image"],
    ):
        result = CliRunner().invoke(cli, [*args, "--help"])
        assert result.exit_code == 0 and len(result.output) > 200


@needs_rg
def test_exec_runs_a_command_in_a_fresh_working_set(memory: MemoryRepo):
    build_memory(memory)
    runner = CliRunner()
    result = runner.invoke(
        cli, ["sandbox", "exec", "--memory", str(memory.root), "--", "rg", "-l", "Northwind"]
    )
    assert result.exit_code == 0 and MAYA in result.output
    # Sources are not in the initial map; --include and --all bring them.
    args = ["sandbox", "exec", "--memory", str(memory.root)]
    assert runner.invoke(cli, [*args, "--", "ls", "sources"]).exit_code == 2
    assert (
        runner.invoke(cli, [*args, "--include", "sources/", "--", "ls", "sources"]).exit_code == 0
    )
    assert runner.invoke(cli, [*args, "--all", "--", "ls", "sources"]).exit_code == 0


def test_exec_errors_are_one_line(memory: MemoryRepo, tmp_path: Path, monkeypatch):
    runner = CliRunner()
    base = ["sandbox", "exec", "--memory", str(memory.root)]
    result = runner.invoke(cli, [*base, "--", "sh", "-c", "id"])
    assert result.exit_code == 1 and result.output.startswith("Error: sh: not allowed")
    result = runner.invoke(cli, ["sandbox", "exec", "--memory", str(tmp_path), "--", "ls"])
    assert result.exit_code == 1 and "not a memory repo" in result.output
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    result = runner.invoke(cli, [*base, "--backend", "docker", "--", "ls"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: Docker engine not reachable")
    assert len(result.output.strip().splitlines()) == 1


def test_shell_offers_only_backends_that_have_a_shell(memory: MemoryRepo):
    # `local` runs read-only tools only: it is no choice for a shell, and BRAIN_SANDBOX=local
    # (the agents' default) makes the shell use bwrap rather than fail.
    runner = CliRunner()
    help_text = runner.invoke(cli, ["sandbox", "shell", "--help"]).output
    assert "[bwrap|docker]" in help_text and "local" not in help_text.split("--backend")[1][:40]
    result = runner.invoke(
        cli, ["sandbox", "shell", "--backend", "local", "--memory", str(memory.root)]
    )
    assert result.exit_code == 2 and "'local' is not one of 'bwrap', 'docker'" in result.output


@pytest.mark.bwrap
def test_shell_uses_bwrap_when_the_agents_sandbox_is_local(memory: MemoryRepo):
    require_backend("bwrap")
    build_memory(memory)
    proc = subprocess.run(
        [BRAIN, "sandbox", "shell", "--memory", str(memory.root)],
        input=b"pwd\n",
        capture_output=True,
        timeout=120,
        env={**os.environ, "BRAIN_SANDBOX": "local"},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().splitlines() == ["/memory"]


@pytest.mark.parametrize(
    "backend",
    [
        pytest.param("bwrap", marks=pytest.mark.bwrap),
        pytest.param("docker", marks=pytest.mark.docker),
    ],
)
def test_shell_reads_commands_in_the_working_set(backend: str, memory: MemoryRepo):
    require_backend(backend)
    build_memory(memory)
    proc = subprocess.run(
        [BRAIN, "sandbox", "shell", "--backend", backend, "--memory", str(memory.root)],
        input=b"pwd; id -u; grep -c Maya 'knowledge/people/Maya Chen.md'; touch x || echo RO\n",
        capture_output=True,
        timeout=120,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert out.splitlines()[:2] == ["/memory", "1000"] and "RO" in out


@pytest.mark.docker
def test_build_image_leaves_an_up_to_date_image_alone():
    require_backend("docker")
    result = CliRunner().invoke(cli, ["sandbox", "build-image", "--json"])
    assert result.exit_code == 0, result.output
    assert '"imported": false' in result.output
