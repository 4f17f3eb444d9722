"""The extractive reader answers with a value of the kind asked, from the sentence that
names it: a job said in the shorthand people use at work ("im the ice tech at the
rink"), which WordNet files under another sense, and not a state someone says they are
in ("i'm a mess at work"). Memories are real git repos with sessions written for these
tests, not taken from any dataset."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from agent.citations import DONT_KNOW
from agent.kinds import job_phrases


def _memory(root: Path, turns: list[tuple[str | None, str]]):
    """A memory with one session of `turns` (speaker or None for an unnamed user)."""
    from memory_schema import Session, Turn, init_memory

    repo, _ = init_memory(root)
    start = dt.datetime(2026, 2, 7, 19)
    session = Session(
        id="week",
        title="the week",
        format="brain",
        turns=[
            Turn("user", text, speaker=who, at=start + dt.timedelta(minutes=i))
            for i, (who, text) in enumerate(turns)
        ],
        started=start,
    )
    with repo.transaction("test: session") as tx:
        tx.write(session.path, session.render())
    return repo


def _ask(repo, question: str) -> str:
    from agent.runner import Agent, AgentSettings

    with Agent(repo.root, AgentSettings(), record=False) as agent:
        return agent.ask(question).text


def test_a_job_said_in_shorthand_at_a_workplace_is_a_job(similarity) -> None:
    """WordNet's "tech" is a technical school and its "sous" a coin; said as what someone
    is at a workplace, they are jobs. What else people say they are at a place is not."""

    def jobs(s: str) -> list[str]:
        return [s[a:b] for a, b in job_phrases(s, similarity)]

    assert jobs("im the ice tech at the rink so weekends are busy") == ["ice tech"]
    assert jobs("been a sous at a bistro in town since march") == ["sous"]
    assert jobs("i'm a barista at the corner cafe") == ["barista"]
    assert jobs("honestly i'm a mess at work this week") == []
    assert jobs("i'm a member at the climbing gym") == []


def test_what_someone_does_for_work_in_shorthand(tmp_path) -> None:
    """ "im the ice tech at the rink", typed without the apostrophe in a chat between two
    people, answers what the speaker does for work; "i'm a mess at work" answers nothing."""
    repo = _memory(
        tmp_path / "m",
        [
            ("Ron", "long week, my sister Jo came to stay"),
            ("Ron", "im the ice tech at the rink so weekends are busy"),
            ("Ana", "sounds exhausting"),
            ("Ana", "honestly i'm a mess at work this week"),
        ],
    )
    assert _ask(repo, "what does Ron do for work?").startswith("ice tech")
    assert _ask(repo, "what does Ana do for work?") == DONT_KNOW


def test_a_bank_or_a_network_asked_is_no_person(similarity) -> None:
    """A thing asked for of a kind that is nobody ("which bank", "what network") is not
    answered by a person's name, however the sentence shares the question's words; a
    bank's name is an answer. WordNet files a provider under people: "my internet
    provider" reads as a company by the embedding model, "my dentist" as someone."""
    from agent.evidence import Block
    from agent.question import analyse
    from agent.reader import Candidate, Reader, Subject
    from agent.someone import asks_someone

    def turn(n: int, text: str) -> Candidate:
        return Candidate(text, (Block("sessions/s.md", f"t{n}", text, "Leo", role="user"),), 0)

    reader = Reader(analyse("which bank does Leo use?"), Subject(), set(), set(), similarity)
    assert reader.span(turn(1, "Sam at the bank sorted out my card."))[0] is None
    assert (
        reader.span(turn(2, "Moved my current account to Monzo, the app is great."))[0] == "Monzo"
    )
    assert not asks_someone(similarity, "provider")
    assert asks_someone(similarity, "dentist")


def test_the_sentence_that_names_the_thing_asked_is_the_answer(tmp_path) -> None:
    """The turn that names a bank answers "which bank", not the turn before it that says
    "bank" beside someone's name."""
    repo = _memory(
        tmp_path / "m",
        [
            ("Leo", "My brother Sam keeps telling me to move banks."),
            ("Leo", "But I've been with Monzo for years and the app is great."),
            ("Nina", "haha fair"),
        ],
    )
    bank = _ask(repo, "which bank does Leo use?")
    assert bank.startswith("Monzo") and "app is great" in bank, bank


def test_the_kind_asked_ends_at_the_verb_after_it() -> None:
    """With no helping verb, the words after "which" run on into the verb: "which dentist
    fitted my crown?" asks for a dentist, not a kind called "fitted" (the verb stays a
    word the answer is held to). A word of the kind the tagger reads as a verb's form
    ("running club") is kept."""
    from agent.question import analyse

    dentist = analyse("which dentist fitted my temporary crown?")
    assert dentist.head == "dentist" and "fit" in dentist.focus
    assert analyse("which band played at the wedding?").head == "band"
    assert analyse("what dog walker came on monday?").head == "walker"
    assert analyse("which running club do you go to?").head == "club"
    assert analyse("which city flooded last spring?").answer_type == "place"


def test_a_verb_right_after_what_asks_an_event_not_a_kind() -> None:
    """ "what happened to moth?" asks what happened, answered by the sentence that says
    it: no kind of thing called "happened" whose name a word of the sentence could be."""
    from agent.question import analyse

    assert analyse("what happened to biscuit?").head is None
    assert analyse("what broke on the van last week").head is None
    assert analyse("what fitted sheet did i order").head == "sheet"
    assert analyse("what car does jo drive").head == "car"


def test_what_someone_does_with_nothing_after_asks_a_job() -> None:
    from agent.question import analyse

    assert analyse("what does sam do?").answer_type == "occupation"
    assert analyse("what do your parents do").answer_type == "occupation"
    assert analyse("what does sam do on saturdays?").answer_type != "occupation"
    assert analyse("what did i do").answer_type != "occupation"
