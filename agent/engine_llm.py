"""The llm engine: a tool-use loop with step and token budgets.

The model sees the system prompt, INDEX.md and the question, calls tools until it
answers, and every call is answered: malformed arguments and unknown tools get an error
result the model can correct, never a crash. The loop stops at the step budget (model
calls) or the token budget (input + output, summed over calls) and then says it does
not know rather than guess. Citations are checked afterwards, by the caller.
"""

from __future__ import annotations

from importlib import resources

from .answer import Draft
from .llm.base import LLMBackend, Message, Usage
from .llm.fake import QUESTION_MARKER
from .tools import Toolbox

DEFAULT_MAX_STEPS = 12
DEFAULT_MAX_TOKENS = 60_000
DEFAULT_MAX_OUTPUT_TOKENS = 1024


def prompt(name: str) -> str:
    return resources.files("agent").joinpath("prompts", name).read_text("utf-8")


def first_message(index: str, question: str, instructions: str = "", owner: str = "") -> str:
    block = f"Standing instructions (.brain/instructions.md):\n{instructions.strip()}\n\n"
    whose = prompt("owner.md").replace("{owner}", owner) if owner else ""
    return (
        prompt("first_message.md")
        .replace("{index}", index.strip())
        .replace("{instructions}", block if instructions.strip() else "")
        .replace("{owner}", whose)
        .replace("{question}", question)
    )


class LLMEngine:
    name = "llm"

    def __init__(
        self,
        backend: LLMBackend,
        toolbox: Toolbox,
        *,
        index: str,
        instructions: str = "",
        owner: str = "",
        max_steps: int = DEFAULT_MAX_STEPS,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        max_output_tokens: int = DEFAULT_MAX_OUTPUT_TOKENS,
    ):
        self.backend = backend
        self.toolbox = toolbox
        self.index = index
        self.instructions = instructions
        self.owner = owner  # the memory's owner, who asks (.brain/config.yaml)
        self.max_steps = max_steps
        self.max_tokens = max_tokens
        self.max_output_tokens = max_output_tokens
        self.system = prompt("system.md")
        #: The conversation so far; chat keeps it across questions.
        self.messages: list[Message] = []

    @property
    def model(self) -> str:
        return self.backend.model

    def answer(self, question: str) -> Draft:
        if not self.messages:
            content = first_message(self.index, question, self.instructions, self.owner)
        else:
            content = f"{QUESTION_MARKER}{question}"
        self.messages.append(Message("user", content))
        usage = Usage()
        steps = 0
        while True:
            if steps >= self.max_steps:
                return self._stopped("step-budget", usage, steps)
            if usage.total >= self.max_tokens:
                return self._stopped("token-budget", usage, steps)
            resp = self.backend.complete(
                self.system,
                self.messages,
                self.toolbox.specs,
                min(self.max_output_tokens, max(1, self.max_tokens - usage.total)),
            )
            steps += 1
            usage = usage + resp.usage
            self.messages.append(Message("assistant", resp.text, tool_calls=resp.tool_calls))
            if not resp.tool_calls:
                return Draft(resp.text, usage, steps)
            for call in resp.tool_calls:
                if call.arguments is None:
                    result = self.toolbox.error(
                        call.name,
                        {"raw": call.raw[:200]},
                        f"malformed call to {call.name}: {call.error}. Call it again with "
                        "a JSON object of arguments.",
                    )
                else:
                    result = self.toolbox.call(call.name, call.arguments)
                self.messages.append(
                    Message(
                        "tool",
                        result.content,
                        tool_call_id=call.id,
                        name=call.name,
                        is_error=result.is_error,
                    )
                )

    def _stopped(self, reason: str, usage: Usage, steps: int) -> Draft:
        budget = (
            f"{self.max_steps} model calls"
            if reason == "step-budget"
            else f"{self.max_tokens:,} tokens"
        )
        text = f"I don't know: I stopped at the budget of {budget} before finding an answer."
        # Close the open turn so a chat can go on with a consistent conversation.
        self.messages.append(Message("assistant", text))
        return Draft(text, usage, steps, stop_reason=reason)
