"""Whose memory it is, what is evidence, one truth (issue 12, items 1, 5 and 6).

Real memory repos in tmp_path: the owner set at `brain init --owner` or `brain config`,
unnamed `user` turns read as the owner's, the agent's own transcripts never cited,
summarised or searched by default, and a claim the validators cut gone from INDEX.md.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from click.testing import CliRunner

from agent.citations import process
from agent.evidence import EvidenceStore
from agent.question import analyse, names_owner
from agent.runner import Agent, AgentSettings
from brain.cli import cli
from dream import DreamOptions, run_dream
from dream.extract import Observation, link
from dream.state import DreamState
from memory_schema import MemoryRepo, Session, Turn, init_memory
from memory_schema.layout import CONFIG_FILE, DREAM_STATE_FILE, INDEX_FILE, summary_path_for
from memory_schema.links import link_target_for_path
from memory_schema.memory_config import read_config
from memory_schema.page import Page
from sandbox.workingset import InitialMap, WorkingSet
from search import HashEmbedder, open_index
from tests.test_dream_support import add_sessions
from validators import validate_semantics

OWNER = "Maya Chen"
PROFILE = "knowledge/people/Maya Chen.md"


def unnamed(sid: str, day: str, lines: list[tuple[str, str]]) -> Session:
    """A session the way OpenAI exports are: the user's turns carry no name."""
    start = dt.datetime.fromisoformat(f"{day}T09:00")
    turns = [
        Turn(role=role, content=text, at=start + dt.timedelta(minutes=i))
        for i, (role, text) in enumerate(lines)
    ]
    return Session(id=sid, title=f"Chat {sid}", format="openai", turns=turns, started=start)


MOVE = unnamed(
    "2026-04-10-move",
    "2026-04-10",
    [
        ("user", "we moved to Lisbon last week, the flat is near Alfama."),
        ("assistant", "Congratulations! Porto is lovely too, you should live there."),
        ("user", "my sister Lena lives in Porto actually. I work at Brightloop as a designer."),
    ],
)


def owned_memory(tmp_path: Path, owner: str | None = OWNER) -> MemoryRepo:
    repo, _ = init_memory(tmp_path / "memory", owner=owner)
    return repo


def pages(repo: MemoryRepo) -> dict[str, str]:
    root = repo.root / "knowledge"
    return {
        str(p.relative_to(repo.root)): p.read_text("utf-8")
        for p in root.rglob("*.md")
        if p.is_file()
    }


# -- the owner ------------------------------------------------------------------------------


def test_init_owner_and_config_command(tmp_path: Path) -> None:
    runner = CliRunner()
    root = tmp_path / "mem"
    out = runner.invoke(cli, ["init", str(root), "--owner", "  Maya   Chen "])
    assert out.exit_code == 0, out.output
    assert "owner Maya Chen" in out.output
    assert read_config(root).owner == "Maya Chen"
    assert "owner: Maya Chen" in (root / CONFIG_FILE).read_text("utf-8")
    mem = ["--memory", str(root)]
    assert runner.invoke(cli, ["config", "owner", *mem]).output.strip() == "Maya Chen"
    out = runner.invoke(cli, ["config", "owner_aliases", "maya, M. Chen", *mem])
    assert out.exit_code == 0 and "commit" in out.output
    assert read_config(root).owner_names == ["Maya Chen", "maya", "M. Chen"]
    log = MemoryRepo.open(root).git("log", "-1", "--format=%B")
    assert "Brain-Command: config" in log
    # Setting the same value again changes nothing and makes no commit.
    again = runner.invoke(cli, ["config", "owner", "Maya Chen", *mem])
    assert "nothing to change" in again.output
    # Bad input: one clean line, nothing written.
    bad = runner.invoke(cli, ["config", "colour", "blue", *mem])
    assert bad.exit_code == 2 and "unknown setting 'colour'" in bad.output
    bad = runner.invoke(cli, ["init", str(tmp_path / "other"), "--owner", "   "])
    assert bad.exit_code == 2 and "--owner" in bad.output
    assert not (tmp_path / "other").exists()
    out = runner.invoke(cli, ["config", "--unset", "owner_aliases", *mem])
    assert out.exit_code == 0 and read_config(root).owner_aliases == []
    # A hand-broken config file is a one-line error, not a traceback.
    (root / CONFIG_FILE).write_text("owner: [unclosed\n", "utf-8")
    broken = runner.invoke(cli, ["config", "owner", *mem])
    assert broken.exit_code == 1 and ".brain/config.yaml" in broken.output
    assert "Traceback" not in broken.output


def test_i_and_my_in_unnamed_user_turns_become_the_owner_in_pages(tmp_path: Path) -> None:
    repo = owned_memory(tmp_path)
    add_sessions(repo, MOVE)
    result = run_dream(repo, DreamOptions())
    assert result.committed
    wiki = pages(repo)
    assert PROFILE in wiki, sorted(wiki)
    assert "knowledge/people/User.md" not in wiki
    profile = Page.parse(wiki[PROFILE], PROFILE)
    assert profile.type == "profile"
    assert "[[Lisbon]]" in profile.body  # "we moved to Lisbon": the owner lives there
    assert "[[Lena]]" in profile.body  # "my sister Lena": the owner's sister
    # What the assistant said ("you should live there") is no fact about her.
    assert "Porto" not in profile.body.split("## Citations")[0].replace("Lena", "")
    # Claims naming the owner on other pages are kept: her turns support her name.
    assert not [c for c in result.claims_removed if "Maya" in c["message"]]
    assert "[[Maya Chen]]" in wiki["knowledge/places/Lisbon.md"]


def test_validators_accept_a_claim_about_the_owner_cited_to_her_own_turn(tmp_path: Path) -> None:
    target = link_target_for_path(MOVE.path)
    page = (
        "---\ntitle: Lisbon\ntype: place\n---\n# Lisbon\n\n## People\n\n"
        f"- [[Maya Chen]] lives here [cite:1]\n\n## Citations\n\n"
        f'- [cite:1] [[{target}#^t1]] "we moved to Lisbon last week"\n'
    )
    for owner in (None, OWNER):
        repo = owned_memory(tmp_path / (owner or "none"), owner)
        add_sessions(repo, MOVE)
        (repo.root / "knowledge/places/Lisbon.md").write_text(page, "utf-8")
        report = validate_semantics(repo.root, ["knowledge/places/Lisbon.md"])
        if owner is None:
            # Nobody said who `user` is: the name is not in the evidence.
            assert [f.message for f in report.errors] == [
                "[cite:1] 'Maya Chen lives here': 'Maya' is not in the evidence"
            ]
        else:
            assert report.ok, [str(f) for f in report.findings]


def test_what_an_ai_assistant_says_is_no_fact_in_the_wiki(tmp_path: Path) -> None:
    repo = owned_memory(tmp_path)
    add_sessions(repo, MOVE)
    target = link_target_for_path(MOVE.path)
    cite = f'- [cite:1] [[{target}#^t2]] "Porto is lovely too, you should live there."\n'
    wiki = "knowledge/places/Porto.md"
    (repo.root / wiki).write_text(
        "---\ntitle: Porto\ntype: place\n---\n# Porto\n\n"
        f"- Porto is lovely, [[Maya Chen]] should live there [cite:1]\n\n## Citations\n\n{cite}",
        "utf-8",
    )
    summary = summary_path_for(MOVE.path)
    (repo.root / summary).write_text(
        "---\ntitle: Summary\ntype: summary\n---\n# Summary\n\n"
        f"- assistant: Porto is lovely too [cite:1]\n\n## Citations\n\n{cite}",
        "utf-8",
    )
    report = validate_semantics(repo.root, [wiki, summary])
    assert [(f.path, f.message.rsplit(": ", 1)[-1]) for f in report.errors] == [
        (wiki, "only an AI assistant says so, which is no fact about anyone")
    ]


def test_learned_owner_is_recorded_in_config(memory: MemoryRepo) -> None:
    intro = unnamed(
        "2026-03-01-intro",
        "2026-03-01",
        [("user", "hi! i'm Maya Chen. I live in Lisbon."), ("assistant", "Hi Maya!")],
    )
    add_sessions(memory, intro)
    assert read_config(memory.root).owner is None
    assert run_dream(memory, DreamOptions()).owner_learned == "Maya Chen"
    assert read_config(memory.root).owner == "Maya Chen"
    assert "knowledge/people/Maya Chen.md" in pages(memory)


def test_a_name_given_in_a_later_session_names_the_earlier_ones_too(tmp_path: Path) -> None:
    """She never introduces herself; in April she asks for a message "signed darek".
    The run writes one profile under that name, January's turns included, and a later
    run takes over a "User" profile an earlier run wrote."""
    repo = owned_memory(tmp_path, owner=None)
    january = unnamed("2026-01-09-nights", "2026-01-09", [
        ("user", "been on nights 6 yrs now, i drive lorries for a depot in Doncaster"),
        ("assistant", "That is a long stretch of nights."),
        ("user", "I live in Balby with my dog Rex. I work at Haulwell as a driver."),
    ])  # fmt: skip
    add_sessions(repo, january)
    run_dream(repo, DreamOptions())
    assert "knowledge/people/User.md" in pages(repo)
    april = unnamed("2026-04-11-badge", "2026-04-11", [
        ("user", "word a msg to my manager asking for 2 nights off. sign it darek"),
        ("assistant", "Here you go:\n\n> Hi Steve, could I drop to two nights?\n> Cheers, Darek"),
    ])  # fmt: skip
    add_sessions(repo, april)
    assert run_dream(repo, DreamOptions()).owner_learned == "Darek"
    written = pages(repo)
    assert "knowledge/people/User.md" not in written
    assert "balby" in written["knowledge/people/Darek.md"].lower()
    # Both sessions in one run: the name from April names January's lines.
    fresh = owned_memory(tmp_path / "fresh", owner=None)
    add_sessions(fresh, january, april)
    run_dream(fresh, DreamOptions())
    assert sorted(p for p in pages(fresh) if "/people/" in p) == ["knowledge/people/Darek.md"]


def test_first_and_third_person_questions_name_the_same_subject() -> None:
    owner = ["Maya Chen", "mc"]
    asked = ("where do i work now?", "Where does Maya work now?", "what is Maya Chen's job?")
    for q in (*asked, "where does maya live these days?", "what's maya's husband's name?"):
        assert names_owner(analyse(q), owner), q
    for q in ("where does Lena work?", "What is Tom's job?", "where does Maya work?", "maybe"):
        assert not names_owner(analyse(q), owner if "Maya" not in q else []), q


# -- no self-feedback ---------------------------------------------------------------------


def _ask(repo: MemoryRepo, question: str):  # type: ignore[no-untyped-def]
    searcher = open_index(repo.root, embedder=HashEmbedder())
    with Agent(repo.root, AgentSettings(), searcher=searcher, record=True) as agent:
        return agent.ask(question)


def test_a_recorded_ask_transcript_is_never_cited_or_summarised(tmp_path: Path) -> None:
    repo = owned_memory(tmp_path)
    add_sessions(repo, MOVE)
    run_dream(repo, DreamOptions())
    first = _ask(repo, "where do i live now?")
    second = _ask(repo, "where does maya live now?")  # lower case, as people type
    asks = [first.session_path, second.session_path]
    assert all(asks) and all("/ask-" in p for p in asks)
    # Both phrasings name the owner, so both answers come from her own turn.
    for a in (first, second):
        assert a.citations and all(c.path == MOVE.path for c in a.citations), a.text
    # Dream again: the transcripts are consumed unread, never summarised.
    result = run_dream(repo, DreamOptions())
    assert not result.committed and "never evidence" in result.message
    for path in asks:
        assert not (repo.root / summary_path_for(path)).exists()
    # Asked a third time: the earlier answers are not evidence.
    third = _ask(repo, "where do i live now?")
    assert third.citations and all(c.path == MOVE.path for c in third.citations)
    # Something new to dream on: the state then marks the transcripts as the agent's.
    add_sessions(repo, unnamed("2026-05-01-tea", "2026-05-01", [("user", "I drink green tea.")]))
    result = run_dream(repo, DreamOptions())
    assert result.committed and not any("/ask-" in p for p in result.sessions_summarized)
    state = DreamState.parse(repo.read_text(DREAM_STATE_FILE))
    assert all(state.sessions[p].get("agent") for p in asks)
    tracked = repo.git("ls-files").split()
    assert not [p for p in tracked if "/ask-" in p and p.endswith(".summary.md")]
    # Search leaves them out unless asked for by kind.
    index = open_index(repo.root, embedder=HashEmbedder())
    hits = index.search("where do i live now", k=20, method="bm25")
    assert hits and not any("/ask-" in h.path for h in hits)
    mine = index.search("where do i live now", k=20, method="bm25", kinds=["agent"])
    assert mine and all("/ask-" in h.path and h.kind == "agent" for h in mine)
    # A new working set's recent sessions are people's sessions, not these transcripts.
    ws = WorkingSet.create(repo.root, tmp_path / "ws", InitialMap(recent_sessions=1))
    recent = [p for p in ws.initial_paths(InitialMap(recent_sessions=1)) if "sessions/2" in p]
    assert recent == ["sessions/2026/05/2026-05-01-tea.md", summary_path_for(recent[0])], recent
    assert not any((ws.root / p).exists() for p in asks)
    ws.close()
    # The citation check refuses a citation of one.
    cited = process(f"She lives in Lisbon [[{asks[0][:-3]}#^t1]].", EvidenceStore(repo.root))
    assert cited.invalid == 1 and not cited.citations


def test_a_summary_an_older_dream_wrote_of_an_ask_transcript_is_removed(
    tmp_path: Path,
) -> None:
    repo = owned_memory(tmp_path)
    add_sessions(repo, MOVE)
    run_dream(repo, DreamOptions())
    asked = _ask(repo, "where do i live now?")
    # What an older Dream wrote: a summary of the transcript, the state saying it is done.
    summary = summary_path_for(asked.session_path)
    state = DreamState.parse(repo.read_text(DREAM_STATE_FILE))
    state.agent_checked = False
    blob = repo.git("rev-parse", f"HEAD:{asked.session_path}").strip()
    state.sessions[asked.session_path] = {"blob": blob, "turns": 4}
    with repo.transaction("older dream", {"Brain-Command": "dream"}) as tx:
        tx.write(summary, "---\ntitle: Summary\ntype: summary\n---\n# Summary\n")
        tx.write(DREAM_STATE_FILE, state.render())
    result = run_dream(repo, DreamOptions())
    assert result.committed and "summaries of agent transcripts removed" in repo.git(
        "log", "-1", "--format=%s"
    )
    assert not (repo.root / summary).exists()
    state = DreamState.parse(repo.read_text(DREAM_STATE_FILE))
    assert state.agent_checked and state.sessions[asked.session_path]["agent"]
    assert not run_dream(repo, DreamOptions()).committed  # checked once, then never again


# -- one truth ------------------------------------------------------------------------------


def test_a_claim_the_validators_removed_is_absent_from_index(tmp_path: Path) -> None:
    repo = owned_memory(tmp_path)
    add_sessions(repo, MOVE)
    target = link_target_for_path(MOVE.path)
    quote = MOVE.turns[0].content

    def observer(item, wiki):  # type: ignore[no-untyped-def]
        when = dt.date(2026, 4, 10)
        made_up = Observation(
            OWNER, "profile", "fact", "Current", link("Globex", "organization"),
            attr="Employer", when=when, anchor=(target, "t1", quote),
        )  # fmt: skip
        true = Observation(
            OWNER, "profile", "fact", "Current", link("Lisbon", "place"),
            attr="Lives in", when=when, anchor=(target, "t1", quote),
        )  # fmt: skip
        return [made_up, true]

    result = run_dream(repo, DreamOptions(engine="llm", observer=observer))
    assert result.committed
    removed = [c for c in result.claims_removed if "Globex" in c["message"]]
    assert removed and removed[0]["path"] == PROFILE
    profile = (repo.root / PROFILE).read_text("utf-8")
    assert "Globex" not in profile and "Lisbon" in profile
    index = (repo.root / INDEX_FILE).read_text("utf-8")
    line = next(ln for ln in index.splitlines() if "|Maya Chen]]" in ln)
    assert "Globex" not in line and "Lisbon" in line
    assert "Employer" not in index


def test_the_llm_dream_engine_sees_unnamed_user_turns_as_the_owners() -> None:
    from dream.llm_engine import task_text
    from dream.orient import WorkItem

    text = task_text(WorkItem(MOVE.path, "0" * 40, MOVE, 0), OWNER)
    assert "^t1 Maya Chen (user): we moved to Lisbon" in text
    assert "^t2 assistant (assistant): Congratulations!" in text
    assert "^t1 user (user)" in task_text(WorkItem(MOVE.path, "0" * 40, MOVE, 0))


def test_a_lower_case_introduction_is_a_name_when_the_ai_addresses_her_by_it() -> None:
    from dream.owner import introduced_name

    def chat(user: str, reply: str) -> Session:
        return unnamed("2026-03-01-hi", "2026-03-01", [("user", user), ("assistant", reply)])

    assert introduced_name(chat("fwiw im priya, chapter 2", "Nice to meet you, Priya.")) == "Priya"
    assert introduced_name(chat("hi im maya chen", "Hi Maya Chen! How can I help?")) == (
        "Maya Chen"
    )
    assert introduced_name(chat("hi! i'm Maya Chen.", "ok")) == "Maya Chen"
    # Capitalised for other reasons: a sentence's first word, an adjective.
    assert introduced_name(chat("im tired today", "Tired is normal. Rest, tired one.")) is None
    assert introduced_name(chat("im canadian btw", "As a Canadian, you can apply.")) is None
    assert introduced_name(chat("im in Lisbon", "Lisbon is great, Lisbon!")) is None


def test_the_surname_given_with_a_lower_case_introduction_is_kept() -> None:
    # The reply says the first name only; the user's own message gives the surname.
    from dream.extract import self_introduction
    from dream.owner import introduced_name
    from search import get_embedder

    def chat(user: str, reply: str) -> Session:
        return unnamed("2026-03-01-hi", "2026-03-01", [("user", user), ("assistant", reply)])

    said = "im teo btw, teo halvorsen. been running the zamboni 11 yrs"
    assert introduced_name(chat(said, "Nice to meet you, Teo!")) == "Teo Halvorsen"
    # a dictionary word after the name is no surname
    assert introduced_name(chat("im priya. priya says hi", "Hi Priya!")) == "Priya"
    embedder = get_embedder()
    assert self_introduction("hey im priya raman, new here", embedder) == "Priya Raman"
    assert self_introduction("im priya and i hate mondays", embedder) == "Priya"


def test_introductions_said_the_ways_people_type_them() -> None:
    """A name is given many ways besides "I'm X": "name's", "my full name is", "X here",
    "it's me X", "i go by". The word after the cue is read as a name (capitalised, or by
    the embedding model's examples); what another person's name is, a day, or a state
    ("im done") is no introduction."""
    from dream.extract import self_introduction
    from search import get_embedder

    embedder = get_embedder()

    def intro(text: str) -> str | None:
        return self_introduction(text, embedder)

    assert intro("name's rosa btw, need help w invoices") == "Rosa"
    assert intro("rosa here. quick q about my quarterly taxes") == "Rosa"
    assert intro("Tom here, quick q") == "Tom"
    assert intro("hey its me rosa") == "Rosa"
    assert intro("i go by rosie mostly") == "Rosie"
    assert intro("my name is rosa delgado-ruiz") == "Rosa Delgado-Ruiz"
    assert intro("hi, I'm Maya Chen from sales") == "Maya Chen"
    # someone else's name, a day, a state, a possessive
    assert intro("we got a puppy!! her name is luna") is None
    assert intro("her name's luna and she's a menace") is None
    assert intro("it's Monday again ugh") is None
    assert intro("This is Tuesday's plan") is None
    assert intro("ugh im so done w this") is None
    assert intro("im new here") is None
    assert intro("dinner here is great") is None


def test_a_full_name_signed_on_a_draft_is_the_users() -> None:
    from dream.owner import introduced_name

    def chat(user: str, reply: str) -> Session:
        return unnamed("2026-04-11-msg", "2026-04-11", [("user", user), ("assistant", reply)])

    ask = "can u write the landlord abt the leak, sign it from me, rosa delgado"
    draft = "Dear Mr Hale,\n\nThe kitchen tap is leaking again.\n\nBest regards,\nRosa Delgado"
    assert introduced_name(chat(ask, draft)) == "Rosa Delgado"


def test_a_message_the_ai_drafts_is_signed_with_the_users_name() -> None:
    """ "sign it darek" gives no introduction, but the AI's draft closes "Cheers, Darek":
    a message is signed by whoever sends it. The name it greets is the recipient's."""
    from dream.owner import introduced_name

    def chat(user: str, reply: str) -> Session:
        return unnamed("2026-04-11-msg", "2026-04-11", [("user", user), ("assistant", reply)])

    ask = "word a msg to my manager steve asking for 2 nights off. sign it darek"
    assert introduced_name(
        chat(ask, "> Hi Steve, could I drop to two nights?\n> Cheers, Darek")
    ) == ("Darek")
    assert introduced_name(
        chat(ask, "Hi Steve,\n\nCould I have two nights off?\n\nBest,\nDarek")
    ) == ("Darek")
    # Greeted, not signed: Steve is who it goes to. And a signature the user never typed
    # is the AI's guess, not the user's name.
    assert introduced_name(chat(ask, "Hi Steve, hope all is well.")) is None
    assert introduced_name(chat("write my manager a note", "Thanks,\nJordan")) is None


def test_search_knows_unnamed_user_turns_as_the_owners(tmp_path: Path) -> None:
    repo = owned_memory(tmp_path, owner=None)
    add_sessions(repo, MOVE)
    index = open_index(repo.root, embedder=HashEmbedder())
    hit = index.search("Lisbon", k=1, method="bm25")[0]
    assert hit.path == MOVE.path and hit.speaker == "user"
    assert not index.search("maya", k=5, method="bm25")  # nobody said her name
    runner = CliRunner()
    runner.invoke(cli, ["config", "owner", OWNER, "--memory", str(repo.root)])
    # The same index object notices the new owner and re-reads the sessions: her turns
    # are found by her name first (the assistant's turn between them only as context).
    hits = index.search("maya", k=5, method="bm25")
    assert sorted(h.anchor for h in hits[:2]) == ["t1", "t3"]
    assert all(h.path == MOVE.path and h.speaker == OWNER for h in hits[:2])


def test_evidence_blocks_name_the_owner_as_the_speaker_of_unnamed_user_turns(
    tmp_path: Path,
) -> None:
    for owner, expected in ((OWNER, OWNER), (None, "user")):
        repo = owned_memory(tmp_path / str(owner), owner)
        add_sessions(repo, MOVE)
        store = EvidenceStore(repo.root)
        assert store.block(MOVE.path, "t1").speaker == expected  # type: ignore[union-attr]
        assert store.block(MOVE.path, "t2").speaker == "assistant"  # type: ignore[union-attr]


def test_the_user_signs_the_ais_draft_with_her_own_name() -> None:
    """The AI drafts an email ending "[Your name]"; the user reports what she signed it
    with. Only a sign-off answering a draft counts: one quoted from somebody else's
    message in passing is not the user's."""
    from dream.owner import introduced_name

    draft = "Dear Ana,\n\nThank you for the contract.\n\nBest wishes,\n[Your name]"
    signed = "perfect, changed it to 'warm regards, Claire' and sent"
    session = unnamed(
        "2026-06-18-mail",
        "2026-06-18",
        [("user", "help me reply to ana"), ("assistant", draft), ("user", signed)],
    )
    assert introduced_name(session) == "Claire"
    plain = unnamed(
        "2026-06-18-chat",
        "2026-06-18",
        [("user", "hi"), ("assistant", "Hello! How can I help?"), ("user", signed)],
    )
    assert introduced_name(plain) is None
