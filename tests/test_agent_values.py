"""Values as people type them: amounts with their unit, dates in lower case, the thing a
question asks about, and names memory knows written in lower case."""

from __future__ import annotations

import datetime as dt

from agent.engine_extractive import _recase, _unsaid_by_top, _without_names
from agent.question import analyse
from agent.reader import Candidate
from agent.spans import amounts
from agent.text import terms


def _texts(spans) -> list[str]:
    return [s.text for s in spans]


def test_an_amount_keeps_its_unit_and_stops_at_a_function_word() -> None:
    assert _texts(amounts("Salary: $62,000 per year, paid every two weeks")) == ["$62,000"]
    assert _texts(amounts("Mileage: 20,000 km per year included.")) == ["20,000 km"]
    assert _texts(amounts("it was 5k in the end")) == ["5k"]
    assert _texts(amounts("add 40g salt")) == ["40g"]


def test_a_noun_compound_ending_the_question_is_its_last_word() -> None:
    assert analyse("who is my field tech?").focus == frozenset(terms("tech"))
    # With a helping verb the main verb ends the question: the relative is the first word.
    assert analyse("where does my sister live?").focus == frozenset(terms("sister"))
    assert analyse("what is my best friend's name?").focus == frozenset(terms("best friend"))


def test_words_and_names_of_any_script() -> None:
    q = analyse("what's Tomás's salary at Bar Lupita?")
    assert q.owner == "Tomás" and "Bar Lupita" in q.names


def test_known_names_typed_in_lower_case_are_read_as_names() -> None:
    assert _recase("where did hollis get a job?", ["Hollis", "Priya"]) == (
        "where did Hollis get a job?"
    )
    assert _recase("when will i move?", ["Will"]) == "when will i move?"  # a word, not Will
    assert analyse(_recase("where did hollis get a job?", ["Hollis"])).names == ("Hollis",)


def test_the_second_search_is_for_what_the_best_hits_miss() -> None:
    from agent.evidence import Block

    b = Block("sessions/s.md", "t1", "Biscuit had his first hydrotherapy", "user", role="user")
    pool = [Candidate("Biscuit had his first hydrotherapy", (b,), 0)]
    unnamed = _without_names("how much Metacam does Biscuit get?", {"biscuit"})
    assert unnamed == "how much Metacam does get?"
    assert _unsaid_by_top(terms(unnamed), pool)
    assert not _unsaid_by_top(terms("hydrotherapy"), pool)


def _memory(root, turns: list[str]):
    from memory_schema import Session, Turn, init_memory

    repo, _ = init_memory(root)
    start = dt.datetime(2025, 6, 2, 9)
    session = Session(
        id="flat-and-job",
        title="flat and job",
        format="brain",
        turns=[Turn("user", t, at=start + dt.timedelta(minutes=i)) for i, t in enumerate(turns)],
        started=start,
    )
    with repo.transaction("test: session") as tx:
        tx.write(session.path, session.render())
    return repo


def test_money_asked_is_answered_with_money_not_another_unit(tmp_path) -> None:
    from agent.runner import Agent, AgentSettings

    repo = _memory(
        tmp_path / "m",
        [
            "flat hunting near northwind. found a 2br on elm street for 1450 with heat included",
            "northwind sent the offer letter, i start in july",
            "Health insurance: Northwind pays 70% of the premium after 60 days",
            "Salary: $58,000 per year, paid every two weeks",
            "northwind also gives 3 weeks of paid vacation",
        ],
    )
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        rent = agent.ask("how much is the rent on my flat?")
        salary = agent.ask("what's my salary at Northwind?")
        vacation = agent.ask("how many weeks of paid vacation do i get?")
    assert rent.text.startswith("1450"), rent.text
    assert salary.text.startswith("$58,000"), salary.text
    assert vacation.text.startswith("3 weeks"), vacation.text  # a count stays a count


def test_a_value_said_again_later_beside_a_new_one_is_replaced_by_it(tmp_path) -> None:
    from agent.runner import Agent, AgentSettings
    from memory_schema import Session, Turn

    repo = _memory(tmp_path / "m", ["the clinic offered me the job, 36.50 an hour"])
    later = Session(
        id="review",
        title="review",
        format="brain",
        turns=[
            Turn("user", "need 16 hours of training for the renewal", at=dt.datetime(2025, 9, 1)),
            Turn(
                "user",
                "small correction on the 36.50 thing. they bumped me to 37.25 after my review",
                at=dt.datetime(2025, 8, 1),
            ),
        ],
        started=dt.datetime(2025, 8, 1),
    )
    with repo.transaction("test: later") as tx:
        tx.write(later.path, later.render())
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        pay = agent.ask("how much do i make an hour now?")
    assert pay.text.startswith("37.25"), pay.text


def test_amounts_written_as_words() -> None:
    assert _texts(amounts("Paid vacation: two weeks per year")) == ["two weeks"]
    assert _texts(amounts("two of them came")) == []


def test_money_is_told_from_other_units() -> None:
    from agent.spans import durations, money_rank

    def ranks(s: str) -> list[tuple[str, int]]:
        return [(a.text, money_rank(s, a)) for a in amounts(s)]

    assert ranks("found a 1br on kedzie for 1350") == [("1br", 0), ("1350", 1)]
    assert ranks("at 7 cents a word, 36.50 an hour") == [("7 cents", 2), ("36.50", 2)]
    assert ranks("the desk is 95€/month, 70% off") == [("95", 2), ("70%", 0)]
    assert ranks("six sessions") == [("six sessions", -1)]
    # Thousands of things and a year that describes a thing are no price; "k" with a word
    # after it or a rate is.
    assert ranks("2019 silver one, 41k miles on it") == [("2019 silver", -1), ("41k miles", -1)]
    assert ranks("salary is 40k a year, paid a 3k deposit") == [("40k", 2), ("3k deposit", 2)]
    # "k" said alone is no surer money than a bare price, and a year on its own is a year
    # first: a car's age and mileage must not outrank what was paid for it.
    # Numbers joined by a hyphen name a lens, a score or a share, not a price.
    assert ranks("sold the body and the 24-70 to a bloke for 950") == [
        ("24", 0),
        ("70", 0),
        ("950", 1),
    ]
    assert ranks("lost 2-1, then paid 6 quid for the pitch") == [("2", 0), ("1", 0), ("6 quid", 2)]
    assert ranks("2017, 38k on the clock, got it for 6,900") == [
        ("2017", 0),
        ("38k", 1),
        ("6,900", 1),
    ]
    assert [r for _, r in ranks("my apartment on e 4th st, 2nd yr there")] == [-1, -1]
    # a span of time, written short as people type it, is no price either
    assert ranks("lived on 4th st for 9 yrs") == [("4th", -1), ("9 yrs", -1)]
    assert [d.text for d in durations("5min walk, 4 hrs a week")] == ["5min", "4 hrs", "a week"]


def test_money_asked_is_declined_when_only_a_count_or_a_year_is_said(tmp_path) -> None:
    from agent.runner import Agent, AgentSettings

    repo = _memory(
        tmp_path / "m",
        [
            "ranger finally died on hwy 61. looking at a tacoma, theres a 2019 silver one",
            "also picked up the tacoma tuesday. 2019 silver one, 41k miles on it",
        ],
    )
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        paid = agent.ask("how much did i pay for the tacoma?")
        miles = agent.ask("how many miles are on the tacoma?")
    assert paid.stop_reason == "no-support", paid.text  # it answered "41k miles"
    assert miles.text.startswith("41k miles"), miles.text


def test_which_night_asks_a_day_of_the_week(tmp_path) -> None:
    from agent.runner import Agent, AgentSettings

    repo = _memory(
        tmp_path / "m",
        [
            "my english teacher Siobhan says my writing is better. "
            "we have class thursday nights online"
        ],
    )
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        night = agent.ask("which night is my english class?")
    assert night.text.startswith("thursday"), night.text


def test_a_question_after_several_gets_the_list_they_were_named_in() -> None:
    from agent.picker import _PLURAL, _joined
    from agent.spans import Span

    s = "we hired Ana, Rui and Zé in may, and Marta left"
    spans = [Span(w, s.index(w), s.index(w) + len(w)) for w in ("Ana", "Rui", "Zé", "Marta")]
    assert _joined(s, spans[1], spans) == "Ana, Rui and Zé"
    assert _joined(s, spans[3], spans) == "Marta"
    assert _PLURAL.search("who are the two cleaners i hired?")
    assert not _PLURAL.search("who is my boss?")


def test_when_counted_from_an_event_is_answered_as_said(tmp_path) -> None:
    from agent.runner import Agent, AgentSettings

    repo = _memory(tmp_path / "m", ["the dental plan: coverage starts after 90 days of employment"])
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        when = agent.ask("when does my dental coverage start?")
    assert when.text.startswith("after 90 days"), when.text


def test_a_turn_is_read_under_its_conversation_title(tmp_path) -> None:
    """ "got the shun, the old one's retired" answers a question about a knife when the
    conversation is titled "New chef knife"; a title capture made of the first line is no
    topic of its own."""
    from agent.evidence import EvidenceStore
    from agent.runner import Agent, AgentSettings
    from memory_schema import Session, Turn

    repo = _memory(tmp_path / "m", ["my landlord finally fixed the boiler"])
    start = dt.datetime(2025, 9, 30, 18)
    turns = [
        "mine finally chipped near the heel. budget around 120",
        "In that range the Shun Classic or the Misono 440 are good picks.",
        "got the shun. the old one is retired to my moms kitchen lol",
    ]
    knives = Session(
        id="knife",
        title="New chef knife",
        format="openai",
        turns=[
            Turn("assistant" if i % 2 else "user", t, at=start + dt.timedelta(minutes=i))
            for i, t in enumerate(turns)
        ],
        started=start,
    )
    with repo.transaction("test: knife") as tx:
        tx.write(knives.path, knives.render())
    store = EvidenceStore(repo.root)
    assert store.block(knives.path, "t3").topic == "New chef knife"
    assert store.block("sessions/2025/06/flat-and-job.md", "t1").topic == "flat and job"
    first_line = Session(
        id="boiler", title="my landlord finally fixed the boiler", format="openai",
        turns=[Turn("user", "my landlord finally fixed the boiler", at=start)], started=start,
    )  # fmt: skip
    with repo.transaction("test: boiler") as tx:
        tx.write(first_line.path, first_line.render())
    assert store.block(first_line.path, "t1").topic == ""
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        knife = agent.ask("which chef knife do i use now?")
    assert knife.text.lower().startswith("shun"), knife.text


def test_numbers_are_words_whatever_way_they_are_typed() -> None:
    # "ten hours" and "10hrs" say the same; "part 3" is not "part 1".
    assert terms("a block of ten hours") == terms("block of 10hrs")
    assert "3" in terms("my part 3 test") and "1" not in terms("my part 3 test")
    assert terms("6 yrs") == terms("6 years")
    assert "3rd" in terms("on the 3rd")  # an ordinal stays one word


def test_asked_for_now_is_no_topic_and_a_missing_apostrophe_is_no_word() -> None:
    q = analyse("where am i living these days?")
    assert q.current and q.terms == frozenset(terms("living"))
    q = analyse("whos my manager at the moment")
    assert q.wh == "who" and q.answer_type == "name" and q.terms == frozenset(terms("manager"))


def test_a_lower_case_word_no_dictionary_knows_is_a_name() -> None:
    from agent.spans import looks_like_name, names

    assert [s.text for s in names("and the manager there, kwame, is so chill")] == ["Kwame"]
    assert [s.text for s in names("i only see zuzia every other weekend")] == ["Zuzia"]
    # Chat shorthand, a contraction without its apostrophe, a misspelt word, a pronoun.
    for word in ("tbh", "doesnt", "theyre", "dentsit", "everything", "convo"):
        assert not looks_like_name(word), word
    assert names("my dentsit appointment is tuesday lol tbh doesnt matter") == []


def test_a_lower_case_name_after_a_word_for_a_person_is_read_beside_surer_names() -> None:
    from agent.spans import names

    # "Thanksgiving" is a name memory knows; "ingrid" after "my sister" is one too (it
    # was left out, and "what is my sister called?" was answered "Thanksgiving").
    said = "also my sister ingrid is coming for thanksgiving w her twins"
    found = names(said, proper={"thanksgiving"})
    assert [s.text for s in found] == ["Ingrid", "Thanksgiving"]
    said = "our new neighbour dave came by, we ordered Pizza Hut"
    assert [s.text for s in names(said)] == ["Dave", "Pizza Hut"]
    # a word no dictionary knows after another kind of word is still second to them
    assert [s.text for s in names("my old truck zorba died, got Pizza Hut")] == ["Pizza Hut"]


def test_a_what_question_after_an_amount_asks_for_a_number(tmp_path) -> None:
    """ "what do i charge for a block of ten hours?" says no "how much": the example
    questions it is nearest to tell (`answer_asked`)."""
    from agent.runner import Agent, AgentSettings

    repo = _memory(
        tmp_path / "m",
        [
            "started teaching guitar on saturdays at the community hall",
            "block of 10 lessons 350, paid upfront. single lesson 38",
            "PART 3 PASSED this morning. 39 out of 51, grade B lol but a pass is a pass",
            "passed the part 1 in february, 93 on the questions",
            "booked the part 3 test for july, 12 weeks to get ready",
        ],
    )
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        block = agent.ask("what do i charge for a block of ten lessons?")
        score = agent.ask("what did i score on my part 3 test?")
        where = agent.ask("what do i teach on saturdays?")
    assert block.text.startswith("350"), block.text
    assert score.text.startswith("39"), score.text
    assert not where.text[:1].isdigit(), where.text  # a thing, not an amount


def test_a_named_relative_is_asked_about_by_name() -> None:
    # "Darek's partner Lou" is Lou; "for a living" asks for work, not about living.
    q = analyse("what does Darek's partner Lou do for work?")
    assert q.names == ("Lou",) and q.owner is None and q.terms == frozenset(terms("lou work"))
    assert analyse("where does my sister Ana live?").names == ("Ana",)
    assert analyse("what is my sister's name?").owner == "me"  # nobody named: a chain
    q = analyse("what do i do for a living now?")
    assert q.answer_type == "occupation" and q.current and q.terms == frozenset(terms("work"))


def test_a_name_said_later_beside_another_replaces_it_only_on_the_topic(tmp_path) -> None:
    """ "Haldane wants all my plots in Viridis" names the supervisor beside a palette: on
    another topic, so the supervisor is still Haldane."""
    from agent.runner import Agent, AgentSettings
    from memory_schema import Session, Turn

    repo = _memory(tmp_path / "m", ["big news, my new supervisor is Haldane, she said yes"])
    later = Session(
        id="figures",
        title="figures",
        format="brain",
        turns=[Turn("user", "Haldane wants all my plots in Viridis", at=dt.datetime(2025, 9, 1))],
        started=dt.datetime(2025, 9, 1),
    )
    with repo.transaction("test: later") as tx:
        tx.write(later.path, later.render())
    with Agent(repo.root, AgentSettings(), record=False) as agent:
        who = agent.ask("who is my supervisor now?")
    assert who.text.startswith("Haldane"), who.text


def test_a_name_written_as_code_or_a_brand_is_a_name_in_lower_case() -> None:
    """ "scale_fill_brewer", "pyTorch": words joined by underscores and a capital inside
    a word name something, whatever the case of the first letter; a path or an address
    does not."""
    from agent.spans import names

    said = "tbh i switched the maps to scale_fill_brewer, the defaults look muddy"
    assert "scale_fill_brewer" in _texts(names(said))
    assert "pyTorch" in _texts(names("my whole pipeline is in pyTorch now, keras is gone"))
    found = " ".join(_texts(names("the script is in src/fit_all.py, mail me at jo_k@uni.edu")))
    assert "fit_all" not in found and "jo_k" not in found, found


def test_a_known_name_after_a_determiner_is_a_thing() -> None:
    from agent.spans import names

    said = "prof haldane says her lab is the best fit for me"
    assert _texts(names(said, {"haldane", "lab"})) == ["Haldane"]
    assert _texts(names("lab meeting with haldane", {"haldane", "lab"})) == ["Lab", "Haldane"]


def test_a_title_is_no_part_of_a_name_the_question_says() -> None:
    from agent.reader import Reader, Subject

    reader = Reader(analyse("where did Hollis get a job?"), Subject(), set(), {"hollis"})
    assert reader._in_question("Dr. Hollis") and reader._in_question("Hollis")
    assert not reader._in_question("Dr. Okonkwo") and not reader._in_question("Dr.")


def test_the_asker_did_it_when_the_question_says_i_beside_another_s_thing() -> None:
    q = analyse("when did i become part of okonkwo's lab?")
    assert q.owner == "me" and q.chain == ()
    assert analyse("where does caroline's sister live?").owner is None  # about Caroline's


def test_a_verb_of_ending_beside_a_value_says_it_held_before() -> None:
    from agent.reader import _ended

    assert _ended("the wusthof is retired to my moms kitchen lol", "wusthof")
    assert _ended("finally quit the vape last week", "vape")
    assert _ended("gave up coffee in march", "coffee")
    assert not _ended("got the tojiro dp 210", "tojiro")
    assert not _ended("the wusthof is still my main knife", "wusthof")


def test_a_wh_word_with_its_s_is_still_a_question_word() -> None:
    # Read as one word, "who's" asked nothing: no wh-word, no answer type.
    assert analyse("who's my boss now?").answer_type == "name"
    assert analyse("where’s the lease?").answer_type == "place"
    assert analyse("what's my allotment plot number?").wh == "what"


def test_a_later_turn_of_the_same_chat_says_what_replaced_the_answer() -> None:
    """Two turns of one conversation share a day: the later one ("picked up the fujifilm,
    the canon is in the attic") still says what holds now; a turn said before
    the answer, or in another chat that day, does not."""
    from agent.evidence import Block
    from agent.reader import Reader, Reading, Subject

    day = dt.date(2025, 10, 12)

    def turn(path: str, n: int, text: str) -> Candidate:
        b = Block(path, f"t{n}", text, "user", date=day, role="user", topic="New camera")
        return Candidate(text, (b,), 0)

    old = turn("sessions/cam.md", 1, "my Canon died on the hike, shutter jammed after 9 years")
    new = turn("sessions/cam.md", 3, "picked up the Fujifilm today, the Canon is in the attic")
    q = analyse("which camera do i shoot with now?")
    reader = Reader(q, Subject(), set(), {"canon", "fujifilm"})
    best = Reading(old, 1.0, "Canon", "speaker")
    got = reader._restated(best, [old, new])
    assert got is not None and got.span.lower().startswith("fujifilm"), got
    # The same words in an earlier turn, or in another conversation the same day, are
    # not said after the answer.
    before = turn("sessions/cam.md", 0, new.text)
    other = turn("sessions/other.md", 5, new.text)
    assert reader._restated(best, [old, before]) is None
    assert reader._restated(best, [old, other]) is None


def test_a_current_value_of_the_page_answers_by_meaning_when_its_label_is_not_asked() -> None:
    """ "Tools and tech: google calendar", a current value of the asker's page, answers
    "what do i use to organise my schedule and appointments now?" by meaning, though no
    word of its label is asked and another turn shares "appointment"; a past value does
    not."""
    import numpy as np

    from agent.evidence import Block
    from agent.reader import Reader, Subject
    from agent.wiki import Fact
    from search.embedder import get_embedder

    embedder = get_embedder()

    def similarity(question: str, texts: list[str]) -> list[float]:
        vectors = embedder.embed([question, *texts])
        return [float(np.dot(vectors[0], v)) for v in vectors[1:]]

    said = "my nephew put google calendar on my tablet so the wall planner has gone in the bin"
    day = dt.date(2025, 6, 11)
    tablet = Block("sessions/t.md", "t1", said, "user", date=day, role="user")
    hair = "i forgot my hair appointment again, third time this year"
    salon = Block("sessions/h.md", "t1", hair, "user", date=day, role="user")
    page = "knowledge/people/User.md"

    def line(value: str, historic: bool) -> Candidate:
        fact = Fact(page, "User", "History" if historic else "Current",
                    f"Tools and tech: {value}", (tablet,), attr="Tools and tech",
                    value=value, since=day, historic=historic)  # fmt: skip
        return Candidate(fact.text, (tablet,), 0, fact=fact)

    subj = Subject(names={"user"}, pages={page}, speakers={"user"}, mine=True)
    q = analyse("what do i use to organise my schedule and appointments now?")
    reader = Reader(q, subj, set(), set(), similarity)
    now = line("google calendar", historic=False)
    best = reader.read([now, Candidate(hair, (salon,), 0)])[0]
    assert best.candidate is now and best.span == "google calendar", best
    past = reader.read([line("wall planner", historic=True)])
    assert not past or past[0].span != "wall planner", past


def test_a_price_per_a_unit_is_no_total_of_prices_per_another() -> None:
    """ "how much do i get paid per word?" is not answered by the total of an invoice line
    that prices hours ("6 hours at GBP 38.00 per hour: GBP 228.00"): an amount with no unit
    of its own goes with its sentence's prices. Beside a price per word, the line's total
    may still stand with it, and the price per the unit asked is read as before."""
    from agent.evidence import Block
    from agent.reader import Reader, Subject

    def line(n: int, text: str) -> Candidate:
        b = Block("sources/invoice-2026-014.md", f"p{n}", text, title="Invoice 2026-014")
        return Candidate(text, (b,), 0)

    import numpy as np

    from search.embedder import get_embedder

    embedder = get_embedder()

    def similarity(question: str, texts: list[str]) -> list[float]:
        qv, *tv = embedder.embed([question, *texts])
        return [float(np.dot(np.asarray(qv), np.asarray(t))) for t in tv]

    q = analyse("how much do i get paid per word?")
    reader = Reader(q, Subject(), set(), set(), similarity)
    assert reader.asks_money
    hours = line(5, "Item 2. Copy-editing of chapter 2, 6 hours at GBP 38.00 per hour: GBP 228.00.")
    words = line(4, "Item 1. Translation, 9,800 source words at GBP 0.09 per word: GBP 882.00.")
    assert reader.span(hours)[0] is None
    assert "0.09" in (reader.span(words)[0] or "")
    per_hour = analyse("how much do i get paid per hour?")
    hourly = Reader(per_hour, Subject(), set(), set(), similarity)
    assert "38.00" in (hourly.span(hours)[0] or "")
