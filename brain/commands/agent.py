"""ask, chat: answer questions from memory with cited evidence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .options import config_from, joined_words, json_option, memory_option, print_json

if TYPE_CHECKING:
    from agent.answer import Answer
    from agent.runner import Agent


def agent_options(func: Any) -> Any:
    """Flags shared by ask and chat; each overrides its environment variable."""
    options = [
        click.option(
            "--engine",
            type=click.Choice(["extractive", "llm"]),
            default=None,
            help="Answering engine [env BRAIN_ENGINE; default extractive].",
        ),
        click.option(
            "--backend",
            type=click.Choice(["anthropic", "openai", "openai-compatible", "fake"]),
            default=None,
            help="LLM backend for --engine llm [env BRAIN_LLM_BACKEND; default: by keys set].",
        ),
        click.option("--model", default=None, help="LLM model name [env BRAIN_LLM_MODEL]."),
        click.option(
            "--base-url",
            default=None,
            help="OpenAI-compatible server URL, e.g. http://127.0.0.1:8080/v1 "
            "[env BRAIN_LLM_BASE_URL].",
        ),
        click.option(
            "--sandbox",
            "sandbox_backend",
            default=None,
            help="Where tools run: local, bwrap, docker [env BRAIN_SANDBOX; default local].",
        ),
        click.option(
            "--no-record",
            is_flag=True,
            help="Do not record this session into sessions/.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def open_agent(
    memory: str | None,
    kind: str,
    *,
    engine: str | None,
    backend: str | None,
    model: str | None,
    base_url: str | None,
    sandbox_backend: str | None,
    no_record: bool,
) -> Agent:
    """Assemble settings (flags over environment) and open an agent session."""
    from agent.runner import Agent
    from brain.config import AgentConfig

    env = AgentConfig.load()
    if backend and not engine:
        engine = "llm"  # naming a backend means using it
    settings = env.agent_settings(
        engine, sandbox_backend, backend=backend, model=model, base_url=base_url
    )
    return Agent(config_from(memory).memory, settings, kind=kind, record=not no_record)


def render_answer(answer: Answer) -> str:
    from memory_schema.links import short_quote

    lines = [answer.text]
    if answer.citations:
        lines.append("")
        for c in answer.citations:
            where = f"{c.path}#^{c.anchor}" if c.anchor else c.path
            lines.append(f'  [{c.n}] {where}  "{c.quote}"')
    facts = [answer.engine + (f" ({answer.model})" if answer.model else "")]
    facts.append(f"{answer.tool_calls} tool call{'s' if answer.tool_calls != 1 else ''}")
    facts.append(f"{len(answer.files_read)} files read")
    if answer.tokens.input or answer.tokens.output:
        facts.append(f"{answer.tokens.input}+{answer.tokens.output} tokens")
    facts.append(f"{answer.seconds:.2f} s")
    if answer.invalid_citations:
        facts.append(f"{answer.invalid_citations} invalid citations dropped")
    if answer.session_path:
        facts.append(f"recorded in {answer.session_path}")
    if answer.withheld:
        lines.append(f"\n(withheld, cites no evidence: {short_quote(answer.withheld, 300)!r})")
    lines += ["", " · ".join(facts)]
    return "\n".join(lines)


@click.command("ask")
@click.argument("question", nargs=-1, required=True, callback=joined_words)
@agent_options
@memory_option
@json_option
def ask_cmd(question: str, memory: str | None, as_json: bool, **flags: Any) -> None:
    """Answer QUESTION from memory; every claim cites a session turn or source paragraph."""
    from rich.console import Console

    with open_agent(memory, "ask", **flags) as agent:
        if as_json:
            answer = agent.ask(question)
        else:
            with Console(stderr=True).status("Searching memory…"):
                answer = agent.ask(question)
    if as_json:
        print_json(answer.as_json())
    else:
        click.echo(render_answer(answer))


@click.command("chat")
@agent_options
@memory_option
@json_option
def chat_cmd(memory: str | None, as_json: bool, **flags: Any) -> None:
    """Talk with memory: ask questions one after another (Ctrl-D or /quit to stop).

    The conversation is recorded into sessions/ after every answer unless --no-record.
    """
    from rich.console import Console

    console = Console(stderr=True)
    with open_agent(memory, "chat", **flags) as agent:
        if not as_json:
            where = f", recording to {agent.session_id}" if agent.record else ""
            click.echo(f"brain chat ({agent.engine.name}{where}). Ctrl-D or /quit to stop.")
        while True:
            try:
                question = click.prompt("you", prompt_suffix="> ", err=True).strip()
            except (EOFError, click.Abort):
                break
            if question in ("/quit", "/exit", "/q"):
                break
            if not question:
                continue
            if as_json:
                print_json(agent.ask(question).as_json())
                continue
            with console.status("Searching memory…"):
                answer = agent.ask(question)
            click.echo(render_answer(answer) + "\n")


__all__ = ["ask_cmd", "chat_cmd"]
