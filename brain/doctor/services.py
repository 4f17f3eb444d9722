"""Checks of what Brain talks to: LLM backends and the Dream schedule.

LLM backends are probed without their keys: the hosted APIs with a TCP connection to
their HTTPS port (nothing is sent), an OpenAI-compatible server with an unauthenticated
`GET <base URL>/models` (no Authorization header, no proxy or netrc settings, so no
credential can ride along). A key is only ever reported as set or not set.
"""

from __future__ import annotations

import shlex
import shutil
import socket
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from . import Check, Context

if TYPE_CHECKING:
    from agent.llm import BackendSettings

PROBE_TIMEOUT = 3.0
HOSTED = {"anthropic": "https://api.anthropic.com", "openai": "https://api.openai.com"}


def llm_checks(ctx: Context, env: dict[str, str]) -> list[Check]:
    """One check per configured backend; a fail only where an engine needs it."""
    from agent.errors import ConfigError
    from agent.llm import BackendSettings, choose_backend

    users = [
        name
        for name, var in (("brain ask/chat", "BRAIN_ENGINE"), ("brain dream", "BRAIN_DREAM_ENGINE"))
        if env.get(var) == "llm"
    ]
    entry = _schedule_entry(ctx)
    if entry and "--engine llm" in entry:
        users.append("the scheduled Dream")
    settings = BackendSettings(
        backend=env.get("BRAIN_LLM_BACKEND") or None,
        model=env.get("BRAIN_LLM_MODEL") or None,
        base_url=env.get("BRAIN_LLM_BASE_URL") or None,
        anthropic_api_key=env.get("ANTHROPIC_API_KEY") or None,
        openai_api_key=env.get("OPENAI_API_KEY") or None,
        compat_api_key=env.get("BRAIN_LLM_API_KEY") or None,
    )
    needed = bool(users)
    try:
        chosen = choose_backend(settings)
    except ConfigError as exc:
        if needed:
            return [
                Check(
                    "llm",
                    "fail",
                    f"{', '.join(users)} use the llm engine, but {exc}",
                    fix="export ANTHROPIC_API_KEY=... (or OPENAI_API_KEY=..., or "
                    "BRAIN_LLM_BASE_URL=http://localhost:11434/v1 for a local server)",
                )
            ]
        return [Check("llm", "ok", "no LLM backend configured (the extractive engine needs none)")]
    checks = []
    for name in _configured(settings, chosen):
        reachable, how = _probe(name, settings)
        used = name == chosen and needed
        who = f"; used by {', '.join(users)}" if used else ""
        key = _key_note(name, settings)
        summary = f"{name}{key}: {how}{who}"
        if reachable:
            checks.append(Check("llm", "ok", summary))
        else:
            checks.append(
                Check("llm", "fail" if used else "warn", summary, fix=_llm_fix(name, settings))
            )
    return checks


def _configured(s: BackendSettings, chosen: str) -> list[str]:
    """The chosen backend first, then any other whose settings are present."""
    names = [chosen]
    for name, present in (
        ("anthropic", s.anthropic_api_key),
        ("openai", s.openai_api_key),
        ("openai-compatible", s.base_url),
    ):
        # A base URL with the anthropic backend is Anthropic's own endpoint.
        base_is_anthropic = name == "openai-compatible" and chosen == "anthropic"
        if present and name not in names and not base_is_anthropic:
            names.append(name)
    return names


def _key_note(name: str, s: BackendSettings) -> str:
    keys = {
        "anthropic": s.anthropic_api_key,
        "openai": s.openai_api_key,
        "openai-compatible": s.compat_api_key,
    }
    if name not in keys:
        return ""
    return " (key set)" if keys[name] else " (no key)"


def _probe(name: str, s: BackendSettings) -> tuple[bool, str]:
    if name == "fake":
        return True, "the scripted fake backend (dry runs)"
    if name == "openai-compatible":
        return _get_models(str(s.base_url))
    url = s.base_url if (name == "anthropic" and s.base_url) else HOSTED[name]
    return _connect(url)


def _connect(url: str) -> tuple[bool, str]:
    """A TCP connection to the URL's host and port, closed at once: nothing is sent."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=PROBE_TIMEOUT):
            pass
    except OSError as exc:
        return False, f"{host}:{port} unreachable ({exc.strerror or exc})"
    return True, f"{host}:{port} reachable"


def _get_models(base: str) -> tuple[bool, str]:
    """An unauthenticated GET of <base>/models: is the server up, does it serve models."""
    import httpx

    url = base.rstrip("/") + "/models"
    try:
        # trust_env=False: no proxy, no .netrc credentials, nothing from the environment.
        with httpx.Client(timeout=PROBE_TIMEOUT, trust_env=False) as client:
            resp = client.get(url, headers={"User-Agent": "brain-doctor"})
    except httpx.HTTPError as exc:
        return False, f"{url} unreachable ({type(exc).__name__}: {exc})"
    if resp.status_code in (401, 403):
        return True, f"{url} answers {resp.status_code} (it wants a key: BRAIN_LLM_API_KEY)"
    if resp.status_code != 200:
        return False, f"{url} answers HTTP {resp.status_code}"
    try:
        models = [m.get("id") for m in resp.json().get("data", []) if isinstance(m, dict)]
    except ValueError:
        return True, f"{url} answers (not an OpenAI-style model list)"
    return True, f"{url} serves {len(models)} model(s): {', '.join(map(str, models[:3]))}"


def _llm_fix(name: str, s: BackendSettings) -> str:
    if name == "openai-compatible":
        return f"start the server at {s.base_url} (e.g. `ollama serve`), or fix BRAIN_LLM_BASE_URL"
    return f"check the network route to {HOSTED.get(name, name)} (proxy, firewall)"


def _schedule_entry(ctx: Context) -> str | None:
    from dream import schedule
    from dream.errors import ScheduleError

    if not (ctx.memory / ".brain").is_dir():
        return None
    try:
        return schedule.installed(ctx.memory)
    except ScheduleError:
        return None


def schedule_check(ctx: Context, have_memory: bool) -> Check:
    """The crontab entry `brain dream schedule` installs, and whether it can run."""
    from dream import schedule
    from dream.errors import ScheduleError

    add = ctx.brain("dream", "schedule", "--cron", "0 3 * * *")
    if not have_memory:
        return Check("schedule", "warn", "no memory, so no schedule to check")
    try:
        entry = schedule.installed(ctx.memory)
    except ScheduleError as exc:
        fix = "apt-get install cron" if "not found" in str(exc) else None
        return Check("schedule", "warn", f"cannot read the crontab: {exc}", fix=fix)
    if entry is None:
        return Check("schedule", "warn", "no nightly Dream scheduled for this memory", fix=add)
    words = shlex.split(entry.split(schedule.MARK, 1)[0])
    cron = " ".join(words[:5]) if not words[0].startswith("@") else words[0]
    program = words[5] if not words[0].startswith("@") else words[1]
    if program == "cd":  # the host entry: cd <memory> && claude -p /dream
        program = words[words.index("&&") + 1] if "&&" in words else program
    runnable = Path(program).is_file() if "/" in program else shutil.which(program) is not None
    if not runnable:
        fix = ctx.brain("dream", "schedule", "--cron", cron)
        if "--engine" in words:
            fix += f" --engine {words[words.index('--engine') + 1]}"
        return Check(
            "schedule",
            "fail",
            f"the Dream entry ({cron}) runs {program}, which is not there any more",
            fix=fix,
        )
    log = ctx.memory / ".brain" / "cache" / "dream.out"
    last = _last_line(log)
    detail = [f"last output: {last}"] if last else []
    return Check("schedule", "ok", f"Dream runs at '{cron}' ({program})", details=detail)


def _last_line(path: Path) -> str | None:
    try:
        lines = path.read_text("utf-8", "replace").strip().splitlines()
    except OSError:
        return None
    return lines[-1][:200] if lines else None
