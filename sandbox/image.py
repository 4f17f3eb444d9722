"""Build the sandbox image with no registry: debootstrap a Debian root, `docker import` it.

The same image as `sandbox/Dockerfile` (Debian bookworm with coreutils, grep, findutils,
ripgrep and git, a non-root user `brain` with uid 1000, an empty `/memory`), for machines
that reach a Debian mirror but no image registry. The root filesystem tarball is cached,
keyed by what goes into it, so a rebuild only re-imports it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SandboxError, SandboxUnavailable

SUITE = "bookworm"
#: Packages on top of debootstrap's minbase (which brings coreutils, grep, findutils, sed).
PACKAGES = ("ripgrep", "git")
DEFAULT_IMAGE = "brain-sandbox:latest"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
SANDBOX_UID = 1000
#: Bump when the recipe below changes, so cached tarballs are rebuilt.
RECIPE_VERSION = 2
LABEL = "brain.sandbox.rootfs"
SLIM_PATHS = ("usr/share/doc", "usr/share/man", "usr/share/info", "usr/share/locale")
#: Image configuration `docker import` applies (the Dockerfile sets the same).
IMAGE_CHANGES = (
    "ENV PATH=/usr/local/bin:/usr/bin:/bin",
    "ENV LANG=C.UTF-8",
    "ENV HOME=/tmp",
    "WORKDIR /memory",
    f"USER {SANDBOX_UID}:{SANDBOX_UID}",
    'CMD ["/bin/sh"]',
)


@dataclass(frozen=True)
class BuildResult:
    image: str
    image_id: str
    rootfs: Path
    rootfs_cached: bool
    imported: bool


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "brain" / "sandbox"


def recipe_key(suite: str = SUITE, packages: tuple[str, ...] = PACKAGES) -> str:
    """Hash of what goes into the root filesystem (not the mirror: any mirror gives it)."""
    recipe = {"suite": suite, "packages": sorted(packages), "v": RECIPE_VERSION, "uid": SANDBOX_UID}
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:16]


def find_mirror(suite: str = SUITE, apt_dir: Path = Path("/etc/apt")) -> str:
    """The Debian mirror apt already uses for `suite` (deb822 or one-line format)."""
    candidates: list[str] = []
    for path in sorted((apt_dir / "sources.list.d").glob("*.sources")):
        for stanza in re.split(r"\n\s*\n", _read(path)):
            fields = _deb822(stanza)
            suites = fields.get("suites", "").split()
            if "deb" in fields.get("types", "").split() and suite in suites:
                candidates += fields.get("uris", "").split()
    lists = [apt_dir / "sources.list", *sorted((apt_dir / "sources.list.d").glob("*.list"))]
    for path in lists:
        for line in _read(path).splitlines():
            m = re.match(r"\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)", line)
            if m and m.group(2) == suite:
                candidates.append(m.group(1))
    # The security archive carries only updates; debootstrap needs the main archive.
    main = [u for u in candidates if "security" not in u]
    return (main or [DEFAULT_MIRROR])[0]


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _deb822(stanza: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in stanza.splitlines():
        if line.startswith("#") or ":" not in line or line[:1].isspace():
            continue
        key, _, value = line.partition(":")
        fields[key.strip().lower()] = value.strip()
    return fields


def build_rootfs(
    cache_dir: Path,
    *,
    mirror: str | None = None,
    suite: str = SUITE,
    packages: tuple[str, ...] = PACKAGES,
    rebuild: bool = False,
    echo: Callable[[str], None] = lambda _msg: None,
) -> tuple[Path, bool]:
    """The cached root filesystem tarball, built with debootstrap if missing.

    Returns (tarball, was_cached).
    """
    cache_dir.mkdir(parents=True, exist_ok=True)
    tarball = cache_dir / f"rootfs-{suite}-{recipe_key(suite, packages)}.tar"
    if tarball.exists() and not rebuild:
        return tarball, True
    debootstrap = shutil.which("debootstrap")
    if debootstrap is None:
        raise SandboxUnavailable("debootstrap is missing: install it (apt-get install debootstrap)")
    if os.geteuid() != 0:
        raise SandboxError(
            "debootstrap needs root: run `brain sandbox build-image` as root, "
            "or `docker build -t brain-sandbox sandbox/` where a registry is reachable"
        )
    mirror = mirror or find_mirror(suite)
    with tempfile.TemporaryDirectory(prefix="rootfs-", dir=cache_dir) as tmp:
        root = Path(tmp) / "root"
        echo(f"debootstrap {suite} from {mirror} (+{', '.join(packages)})")
        argv = [
            debootstrap,
            "--variant=minbase",
            f"--include={','.join(packages)}",
            suite,
            str(root),
            mirror,
        ]
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            raise SandboxError(f"debootstrap failed: {' / '.join(tail)}")
        _finish_rootfs(root)
        echo(f"packing {tarball.name}")
        partial = tarball.with_suffix(".tar.partial")
        proc = subprocess.run(
            ["tar", "--numeric-owner", "-C", str(root), "-cf", str(partial), "."],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise SandboxError(f"tar failed: {proc.stderr.strip()[-300:]}")
        os.replace(partial, tarball)
    return tarball, False


def _finish_rootfs(root: Path) -> None:
    """The non-root user, the mount point, and no package caches (the image stays small)."""
    with open(root / "etc/passwd", "a", encoding="utf-8") as fh:
        fh.write(f"brain:x:{SANDBOX_UID}:{SANDBOX_UID}:Brain sandbox:/tmp:/bin/bash\n")
    with open(root / "etc/group", "a", encoding="utf-8") as fh:
        fh.write(f"brain:x:{SANDBOX_UID}:\n")
    (root / "memory").mkdir(exist_ok=True)
    for folder in ("var/cache/apt/archives", "var/lib/apt/lists"):
        for entry in (root / folder).glob("*"):
            if entry.is_file():
                entry.unlink()
    # Docs and translations are a quarter of the image; every container start copies the
    # image under Docker's vfs storage driver, so they cost time on each sandbox.
    for folder in SLIM_PATHS:
        shutil.rmtree(root / folder, ignore_errors=True)


def build_image(
    *,
    image: str = DEFAULT_IMAGE,
    cache_dir: Path | None = None,
    mirror: str | None = None,
    rebuild: bool = False,
    echo: Callable[[str], None] = lambda _msg: None,
) -> BuildResult:
    """Build (or reuse) the root filesystem and import it into Docker as `image`."""
    from .container import docker_client

    client = docker_client()
    key = recipe_key()
    if not rebuild:
        existing = _existing_image(client, image)
        if existing is not None and existing.labels.get(LABEL) == key:
            tarball = (cache_dir or default_cache_dir()) / f"rootfs-{SUITE}-{key}.tar"
            return BuildResult(image, existing.id, tarball, tarball.exists(), False)
    previous = _existing_image(client, image)
    tarball, cached = build_rootfs(
        cache_dir or default_cache_dir(), mirror=mirror, rebuild=rebuild, echo=echo
    )
    repository, _, tag = image.rpartition(":") if ":" in image else (image, "", "latest")
    echo(f"docker import {tarball.name} as {image}")
    import docker.errors

    try:
        client.api.import_image_from_file(
            str(tarball),
            repository=repository,
            tag=tag or "latest",
            changes=[*IMAGE_CHANGES, f"LABEL {LABEL}={key}"],
        )
        imported = client.images.get(image)
    except docker.errors.DockerException as exc:
        raise SandboxError(f"docker import failed: {exc}") from exc
    if previous is not None and previous.id != imported.id:
        # The old image lost its tag; drop it unless a container still uses it.
        with contextlib.suppress(docker.errors.DockerException):
            client.images.remove(previous.id)
    return BuildResult(image, imported.id, tarball, cached, True)


def _existing_image(client: Any, image: str) -> Any:
    import docker.errors

    try:
        return client.images.get(image)
    except docker.errors.ImageNotFound:
        return None


__all__ = [
    "DEFAULT_IMAGE",
    "PACKAGES",
    "SUITE",
    "BuildResult",
    "build_image",
    "build_rootfs",
    "default_cache_dir",
    "find_mirror",
    "recipe_key",
]
