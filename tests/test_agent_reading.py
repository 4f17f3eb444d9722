"""The extractive engine as a careful reader: question analysis, typed spans, wiki facts,
and end-to-end answers on a hand-written memory (wiki on and wiki off).

The questions here are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from agent.evidence import EvidenceStore
from agent.question import analyse, asked_time
from agent.runner import Agent, AgentSettings
from agent.spans import amounts, change, names, occupations
from agent.wiki import Wiki
from memory_schema import Evidence, MemoryRepo, Session, Turn, build_page, init_memory

# -- question analysis -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("When did Oskar repaint the boat?", "date"),
        ("On what day does the ferry leave?", "date"),
        ("Where did Mila spend the winter?", "place"),
        ("Which town is the cabin near?", "place"),
        ("How much did the roof repair cost?", "number"),
        ("How often does the choir rehearse?", "frequency"),
        ("What does Oskar do for a living?", "occupation"),
        ("Who fixed the bike?", "name"),
        ("What is the name of the boat?", "name"),
        ("Which editor does the team use?", "thing"),
        ("Does Oskar like tea or coffee?", "choice"),
        ("Why did the launch slip?", "why"),
    ],
)
def test_answer_types(question: str, kind: str):
    assert analyse(question).answer_type == kind


def test_possessive_chains_and_owner():
    q = analyse("Which city does my aunt's dentist work in?")
    # A link keeps up to two words; the engine trims it to what memory says ("dentist").
    assert q.owner == "me" and q.chain[0] == "aunt" and q.chain[1].startswith("dentist")
    q = analyse("What is Oskar's sister called?")
    assert q.owner == "Oskar" and q.chain == ("sister",) and q.answer_type == "name"
    q = analyse("What does our landlord do for work?")
    assert q.owner == "me" and q.chain == ("landlord",)


def test_now_and_before_and_choices():
    assert analyse("Which bank does Oskar use these days?").current
    assert analyse("Where did Oskar work previously?").past
    q = analyse("What happened first: the move to Oslo or the new job?")
    assert q.choices == ("the move to Oslo", "the new job") and q.order == "earlier"
    q = analyse("Does Mila prefer trains or planes?")
    assert q.choices == ("trains", "planes") and q.order is None
    assert analyse("Which instrument does Mila play?").head == "instrument"


# -- spans ---------------------------------------------------------------------------------


def test_amounts_names_occupations_and_changes():
    assert [a.text for a in amounts("The repair came to 1,250 euros, tip included.")] == [
        "1,250 euros"
    ]
    # A first word that memory also writes in lower case ("dinner") is no name.
    found = names("Dinner was at Casa da Musica with Dr. Okafor.", common={"dinner"})
    assert [n.text for n in found] == [
        "Casa da Musica",
        "Dr. Okafor",
    ]
    # A capitalized ordinary word starting a sentence names nothing.
    assert [n.text for n in names("Honestly the ferry was late.")] == []
    assert [n.text for n in names("We called the dinghy Puffin.")] == ["Puffin"]
    # After a colon or an opening quote a capitalized run is a title, kept whole.
    title = "Title locked for the grant proposal: Quiet Data."
    assert [n.text for n in names(title, proper=set())] == ["Quiet Data"]
    quoted = 'The proposal is now called "Bridges Between Rivers", I love it.'
    assert [n.text for n in names(quoted, proper=set())] == ["Bridges Between Rivers"]
    assert [n.text for n in names('She said: "Honestly it was fine."', proper=set())] == []
    # A name memory knows keeps its first word at the start of a sentence, even when
    # that word never appears capitalized mid-sentence.
    lead = names("Omar Haddad is the tech lead.", known={"omar haddad"}, proper=set())
    assert [n.text for n in lead] == ["Omar Haddad"]
    assert [n.text for n in names("Omar is the lead.", known={"omar haddad"}, proper=set())] == [
        "Omar"
    ]
    assert [o.text for o in occupations("She has worked as a harbour pilot since 2019.")] == [
        "harbour pilot"
    ]
    assert change("We finally moved from Trello to Linear last week.") == ("Trello", "Linear")
    assert change("I replaced the old kettle with a Smeg.") == ("old kettle", "Smeg")


# -- the engine end to end ----------------------------------------------------------------

S1 = "sessions/2025/03/oskar-2025-03-02.md"
S2 = "sessions/2025/05/oskar-2025-05-10.md"
S3 = "sessions/2025/05/oskar-2025-05-20.md"


def _sessions() -> list[Session]:
    def session(sid: str, start: dt.datetime, lines: list[tuple[str, str]]) -> Session:
        turns = [
            Turn(role, text, speaker="Oskar" if role == "user" else None, at=start)
            for role, text in lines
        ]
        return Session(id=sid, title=sid, format="brain", turns=turns, started=start)

    return [
        session(
            "oskar-2025-03-02",
            dt.datetime(2025, 3, 2, 9),
            [
                ("user", "I work at Harbor Analytics as a data analyst."),
                ("assistant", "Nice! What do you analyse?"),
                ("user", "Mostly shipping data. My sister Mila is visiting next week."),
                ("assistant", "Enjoy the visit."),
            ],
        ),
        session(
            "oskar-2025-05-10",
            dt.datetime(2025, 5, 10, 18),
            [
                ("user", "Big change: I moved from Harbor Analytics to Quillfeather Labs."),
                ("assistant", "Congratulations on the new job!"),
                ("user", "Also, my dentist appointment is on the 14th of June."),
            ],
        ),
        session(
            "oskar-2025-05-20",
            dt.datetime(2025, 5, 20, 20),
            [
                ("user", "Mila has lived in Antwerp for years and loves it."),
                ("assistant", "Antwerp is lovely in spring."),
                ("user", "She works as a pediatric nurse, so her shifts are long."),
                ("user", "Mila has been practising the cello every evening for a recital."),
            ],
        ),
    ]


def _pages() -> list:
    day = dt.date(2025, 5, 21)
    s1, s2, s3 = (p[:-3] for p in (S1, S2, S3))
    oskar = build_page(
        "knowledge/people/Oskar Lind.md",
        title="Oskar Lind",
        type="profile",
        aliases=["Oskar"],
        summary="Data analyst at Quillfeather Labs.",
        sections=[
            ("Current", "- **Employer:** [[Quillfeather Labs]] — since 2025-05-10 [cite:2]"),
            ("History", "- **Employer:** Harbor Analytics — 2025-03-02 to 2025-05-10 [cite:1]"),
            ("People", "- [[Mila]] — sister [cite:3]"),
        ],
        evidence=[
            Evidence(s1, "t1", "I work at Harbor Analytics as a data analyst."),
            Evidence(s2, "t1", "Big change: I moved from Harbor Analytics to Quillfeather Labs."),
            Evidence(s1, "t3", "Mostly shipping data. My sister Mila is visiting next week."),
        ],
        created=day,
        updated=day,
    )
    mila = build_page(
        "knowledge/people/Mila.md",
        title="Mila",
        type="person",
        summary="Oskar's sister, a nurse in Antwerp.",
        sections=[
            (None, "Sister of [[Oskar Lind]] [cite:1]."),
            ("Current", "- **Lives in:** Antwerp — since 2025-05-20 [cite:2]"),
        ],
        evidence=[
            Evidence(s1, "t3", "Mostly shipping data. My sister Mila is visiting next week."),
            Evidence(s3, "t1", "Mila has lived in Antwerp for years and loves it."),
        ],
        created=day,
        updated=day,
    )
    return [oskar, mila]


def two_people(sid: str, start: dt.datetime, user: str, lines: list[tuple[str, str]]) -> Session:
    """A conversation between two people, as (speaker, text) lines: `user`'s turns are the
    user turns, the other person's the assistant turns, and every turn names its speaker."""
    turns = [
        Turn("user" if who == user else "assistant", text, speaker=who, at=start)
        for who, text in lines
    ]
    return Session(id=sid, title=sid, format="brain", turns=turns, started=start)


def build_memory(root: Path, sessions: list[Session], pages: list | None) -> MemoryRepo:
    """A memory of these sessions and, when given, these wiki pages and their INDEX.md."""
    repo, _ = init_memory(root)
    with repo.transaction("test: sessions") as tx:
        for s in sessions:
            tx.write(s.path, s.render())
    if pages is not None:
        from memory_schema import render_index

        with repo.transaction("test: wiki") as tx:
            for p in pages:
                tx.write(p.path, p.render())
            tx.write("INDEX.md", render_index(pages))
    return repo


def _build(root: Path, wiki: bool) -> MemoryRepo:
    return build_memory(root, _sessions(), _pages() if wiki else None)


@pytest.fixture(scope="module")
def memories(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MemoryRepo]:
    base = tmp_path_factory.mktemp("reading")
    return {"on": _build(base / "on", True), "off": _build(base / "off", False)}


def ask(repo: MemoryRepo, *questions: str) -> list:
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        return [agent.ask(q) for q in questions]


def first_line(text: str) -> str:
    return text.split("\n", 1)[0]


def test_wiki_facts_parse_attributes_dates_history_and_relations(memories):
    repo = memories["on"]
    wiki = Wiki.load(repo.root, EvidenceStore(repo.root))
    facts = wiki.facts("knowledge/people/Oskar Lind.md")
    current = next(f for f in facts if f.section == "Current")
    assert (current.attr, current.value, current.since) == (
        "Employer",
        "Quillfeather Labs",
        dt.date(2025, 5, 10),
    )
    assert not current.historic and current.links == ("Quillfeather Labs",)
    old = next(f for f in facts if f.section == "History")
    assert old.historic and old.until == dt.date(2025, 5, 10) and old.value == "Harbor Analytics"
    assert [(b.path, b.anchor) for b in old.blocks] == [(S1, "t1")]
    assert wiki.find("oskar") == "knowledge/people/Oskar Lind.md"
    assert wiki.find("Oskar Lnd") == "knowledge/people/Oskar Lind.md"  # a close spelling
    assert [name for name, _ in wiki.related("knowledge/people/Oskar Lind.md", "sister")] == [
        "Mila"
    ]
    assert [name for name, _ in wiki.related("knowledge/people/Mila.md", "sister")] == [
        "Oskar Lind"
    ]


def test_now_question_answers_the_current_value_and_mentions_the_earlier(memories):
    (a,) = ask(memories["on"], "Where does Oskar work these days?")
    lines = a.text.split("\n")
    assert lines[0].startswith("Quillfeather Labs (since 2025-05-10) [cite:")
    assert lines[1].startswith("Earlier: Harbor Analytics (2025-03-02 to 2025-05-10)")
    assert "knowledge/people/Oskar Lind.md" in a.files_read
    assert all(c.path.startswith("sessions/") for c in a.citations)  # never the page
    assert (S2, "t1") in [(c.path, c.anchor) for c in a.citations]


def test_present_tense_question_answers_the_value_that_replaced_the_old_one(memories):
    # "I work at Harbor Analytics" shares the question's words; the wiki keeps that
    # employer as history and says what holds now. A question about the past does not.
    now, before = ask(memories["on"], "Where does Oskar work?", "Where did Oskar work before?")
    assert first_line(now.text).startswith("Quillfeather Labs")
    assert first_line(before.text).startswith("Harbor Analytics")


def test_a_question_about_a_month_answers_the_value_that_held_then(memories):
    (april,) = ask(memories["on"], "Where did Oskar work in April 2025?")
    assert first_line(april.text).startswith("Harbor Analytics")


def test_asked_time_reads_months_and_years():
    latest = dt.date(2026, 3, 10)
    assert asked_time("Where did Maya work in April?", latest) == (
        dt.date(2025, 4, 1),
        dt.date(2025, 4, 30),
    )  # the last April up to what memory knows
    assert asked_time("What did I read during February 2024?", latest) == (
        dt.date(2024, 2, 1),
        dt.date(2024, 2, 29),
    )
    assert asked_time("Where did I live in 2023?", None) == (
        dt.date(2023, 1, 1),
        dt.date(2023, 12, 31),
    )
    assert asked_time("Where did Maya work in April?", None) is None
    assert asked_time("What may I bring?", latest) is None
    # The month is when, not who.
    assert analyse("Where did Maya work in April 2026?").names == ("Maya",)


def test_now_question_without_a_wiki_takes_the_latest_change(memories):
    (a,) = ask(memories["off"], "Where does Oskar work now?")
    assert first_line(a.text).startswith("Quillfeather Labs")
    assert "Harbor Analytics" in a.text  # the earlier value, mentioned


@pytest.mark.parametrize("condition", ["on", "off"])
def test_a_possessive_chain_is_followed_to_the_person(memories, condition: str):
    city, job, name = ask(
        memories[condition],
        "Which city does Oskar's sister live in?",
        "What does Oskar's sister do for work?",
        "What is Oskar's sister called?",
    )
    assert first_line(city.text).startswith("Antwerp")
    assert (S3, "t1") in [(c.path, c.anchor) for c in city.citations]
    assert first_line(job.text).startswith("pediatric nurse")
    assert first_line(name.text).startswith("Mila")


def test_category_word_answers_a_which_question_about_the_person(memories):
    (a,) = ask(memories["on"], "Which instrument is Oskar's sister learning?")
    assert first_line(a.text).startswith("cello")


def test_first_person_date_question_from_the_asker_turns(memories):
    (a,) = ask(memories["off"], "When is my dentist appointment?")
    assert first_line(a.text).startswith("14 June 2025")


@pytest.mark.parametrize("condition", ["on", "off"])
def test_abstains_when_the_evidence_does_not_answer(memories, condition: str):
    # A brother is never mentioned; a sister is. A dentist date is, a cost is not.
    brother, cost = ask(
        memories[condition],
        "What is Oskar's brother called?",
        "How much did the dentist appointment cost?",
    )
    assert brother.text == DONT_KNOW and brother.stop_reason == "no-support"
    assert cost.text == DONT_KNOW


def test_a_run_on_message_with_a_shout_is_split_at_its_full_stops() -> None:
    from agent.text import sentences

    said = "PASSED this morning. green badge ordered. im a proper driving instructor now"
    assert sentences(said) == [
        "PASSED this morning.",
        "green badge ordered.",
        "im a proper driving instructor now",
    ]
    assert sentences("ok so I went to the shop. then i met lou") == [
        "ok so I went to the shop.",
        "then i met lou",
    ]
    # An abbreviation or a dotted word ends no sentence.
    tidy = "We moved to the U.S. and later to Canada. The fee is approx. two hundred."
    assert sentences(tidy) == [
        "We moved to the U.S. and later to Canada.",
        "The fee is approx. two hundred.",
    ]


def test_a_job_is_a_kind_of_person_said_of_oneself() -> None:
    def jobs(text: str) -> list[str]:
        return [o.text for o in occupations(text)]

    assert jobs("im a proper driving instructor now") == ["proper driving instructor"]
    assert jobs("I'm a nurse on nights") == ["nurse"]
    assert jobs("he was a lorry driver for years") == ["lorry driver"]
    # What no WordNet person is: "a pass", "a decent fit".
    assert jobs("but a pass is a pass") == [] and jobs("her lab is a decent fit") == []


def test_a_defined_term_and_a_kind_are_no_names() -> None:
    # A contract's "the Translator" is a role it defines; "some kind of podengo mix" is
    # a breed, though no dictionary knows "podengo".
    assert [n.text for n in names("The Publisher shall pay the Translator a fee.")] == []
    assert [n.text for n in names("rescue dog, some kind of podengo mix, about 3")] == []
    assert [n.text for n in names("we met the Translator, Ana Duarte, at Bertrand")] == [
        "Ana Duarte",
        "Bertrand",
    ]
