"""The extraction rules on hand-written sentences (paraphrases, not generator templates).

Each rule is checked on sentences it must understand and on near misses it must leave
alone: questions, hedges, other people's news, look-alike phrases.
"""

from __future__ import annotations

import datetime as dt

import pytest

from dream.extract import Observation, from_sentence, sentences, tool_label
from dream.mentions import Mentions, third_person_facts, topic_after
from dream.wiki import WikiPage
from validators.semantic import Evidence as Ev
from validators.semantic import check_claim

DAY = dt.date(2026, 4, 10)


def said(text: str, speaker: str = "Maya") -> list[Observation]:
    out = []
    for sent in sentences(text):
        out += from_sentence(sent, speaker, DAY, ("s", "t1", text), True, text)
    return out


def facts(text: str) -> dict[str, str]:
    return {o.attr: o.text for o in said(text) if o.kind == "fact" and o.attr}


def items(text: str, section: str) -> list[str]:
    return [o.text for o in said(text) if o.kind == "item" and o.section == section]


# -- jobs --------------------------------------------------------------------------------


def test_joining_a_company_sets_employer_and_role() -> None:
    got = facts("Yesterday I joined Vantage Robotics as a staff engineer.")
    assert got == {"Employer": "{{Vantage Robotics|organization}}", "Role": "staff engineer"}


def test_accepted_offer_starts_on_the_day_the_turn_names() -> None:
    obs = said("I accepted an offer from Orchard Health! My first day is 3 May.")
    employer = next(o for o in obs if o.attr == "Employer")
    assert employer.text == "{{Orchard Health|organization}}"
    assert employer.when == dt.date(2026, 5, 3)
    # No role was said for the new job: the old one ends with the old job.
    assert any(o.kind == "end_attr" and o.attr == "Role" for o in obs)


def test_role_at_company_in_an_aside_about_oneself() -> None:
    assert facts("As a night nurse at Mercy General, my shifts never end.") == {
        "Employer": "{{Mercy General|organization}}",
        "Role": "night nurse",
    }


@pytest.mark.parametrize(
    "text",
    [
        "As a customer at Orchard Health, I was annoyed.",  # not an occupation
        "I might join Vantage Robotics as an engineer.",  # a hedge
        "Should I leave Acme for Globex?",  # a question
        "I joined the choir last spring.",  # no organization named
        "I joined Priya Nair for lunch.",  # no job in sight
        "As a nurse at Mercy General, my sister works nights.",  # about the sister
        "Since I lost my job at Door Dash, money is tight.",  # a job that ended
    ],
)
def test_not_a_job(text: str) -> None:
    assert "Employer" not in facts(text)


def test_leaving_ends_employer_and_role() -> None:
    for text in ("I quit Globex last week.", "Sadly I lost my job at Globex."):
        kinds = {(o.kind, o.attr) for o in said(text)}
        assert ("end", "Employer") in kinds and ("end_attr", "Role") in kinds


def test_learning_needs_a_subject() -> None:
    assert items("I've started learning Welsh on the bus.", "Facts") == [
        "Has started learning Welsh on the bus"
    ]
    assert items("It's a process and I'm learning a ton.", "Facts") == []


# -- tools -------------------------------------------------------------------------------


def test_tool_for_a_purpose_and_a_switch() -> None:
    assert facts("My password manager is Bitwarden.") == {"Password manager": "{{Bitwarden|tool}}"}
    obs = said("We moved our builds from Travis to Drone.")
    assert [(o.attr, o.text, o.key) for o in obs] == [
        ("Tool for builds", "{{Drone|tool}}", "Travis")
    ]


def test_migration_in_progress_keeps_the_old_tool_current() -> None:
    obs = said("We're porting the billing service from Rails to Django.")
    assert [(o.attr, o.text) for o in obs if o.kind == "fact"] == [
        ("Tool for billing service", "{{Rails|tool}}")
    ]


def test_switched_off_and_now_running_on() -> None:
    obs = said("The reports now live in Metabase, and we shut off Tableau for good.")
    fact = next(o for o in obs if o.kind == "fact")
    assert (fact.attr, fact.text, fact.key) == ("Tool for reports", "{{Metabase|tool}}", "Tableau")


def test_devices_and_shorthand() -> None:
    assert facts("My running watch is a Coros Pace.") == {"Running watch": "{{Coros Pace|tool}}"}
    assert facts("New code editor: Zed.") == {"Code editor": "{{Zed|tool}}"}
    assert facts("New neighbours: the Smiths.") == {}


def test_projects_need_a_name() -> None:
    def projects(text: str) -> list[str]:
        return [o.subject for o in said(text) if o.subject_type == "project"]

    assert projects("I'm leading Project Falcon this year.") == ["Project Falcon"]
    assert projects("Our bathroom remodel starts Monday.") == ["Bathroom remodel"]
    assert projects("We started the bathroom remodel.") == ["Bathroom remodel"]
    assert projects("New project at work: the usual chaos.") == []
    assert projects("This project is a mess.") == []
    assert projects("My passion for the project keeps me going.") == []


def test_tool_labels() -> None:
    assert tool_label("note-taking app") == "Note-taking app"
    assert tool_label("the deploys") == "Tool for deploys"
    assert tool_label("task tracker forever") == "Task tracker"


def test_a_manager_is_a_person_not_a_tool() -> None:
    assert facts("My manager is Tom Baker.") == {"Manager": "{{Tom Baker|person}}"}


# -- homes and origins -------------------------------------------------------------------


def test_homes_and_origins() -> None:
    assert facts("We finally moved to Ghent!") == {"Lives in": "{{Ghent|place}}"}
    assert facts("I was born and raised in Cork.") == {"From": "{{Cork|place}}"}
    assert facts("Oslo, where I grew up, is colder than this.") == {"From": "{{Oslo|place}}"}
    assert facts("I'm thinking of moving to Ghent.") == {}
    # Where someone is from has no start date.
    assert next(o for o in said("I'm originally from Cork.") if o.attr == "From").when is None


# -- people and pets ---------------------------------------------------------------------


def test_relations_pets_and_the_pronoun_bug() -> None:
    assert facts("I promised my husband Leo I'd cook tonight.") == {"Husband": "{{Leo|person}}"}
    people = [o.text for o in said("My brother-in-law Karim is visiting.") if o.section == "People"]
    assert "{{Karim|person}} — brother-in-law" in people
    pets = [o.text for o in said("Biscuit, our dog, ate my sandwich.") if o.section == "Pets"]
    assert pets == ["{{Biscuit|pet}} — dog"]
    # "my sister is Canadian" names no sister.
    assert not [o for o in said("My sister is Canadian.") if o.section == "People"]


# -- preferences and requests ------------------------------------------------------------


def test_preferences() -> None:
    assert facts("I'm vegan these days.") == {"Diet": "vegan"}
    assert items("I can't focus without lo-fi beats.", "Preferences") == [
        "Cannot focus without lo-fi beats"
    ]
    assert items("I usually order a flat white.", "Preferences") == ["Usually orders a flat white"]
    assert items("Thai food is my all-time favourite.", "Preferences") == [
        "Thai food is their all-time favourite"
    ]
    assert items("I love that you remembered!", "Preferences") == []  # a reaction


def test_standing_requests_only_to_the_assistant() -> None:
    text = "For future reference: answer in metric units."
    assert items(text, "Standing requests") == ["Answer in metric units"]
    to_a_person = from_sentence("Always up for cake!", "Jo", DAY, ("s", "t1", ""), False)
    assert not [o for o in to_a_person if o.section == "Standing requests"]


# -- events ------------------------------------------------------------------------------


def test_events_are_the_speakers_and_dated() -> None:
    assert items("My driving test is on the 3rd of May.", "Events") == [
        "2026-05-03: Maya's driving test is on the 3rd of May"
    ]
    # written about the speaker through the parse, however it is typed
    assert items(
        "cant sleep. dev and i called it quits last night, 3 yrs down the drain", "Events"
    ) == ["2026-04-09: Dev and Maya called it quits last night, 3 yrs down the drain"]
    # a date of someone else's in the speaker's sentence is not the speaker's event
    assert (
        items("need gift ideas for ines, her bday is 3rd august. she loves plants", "Events") == []
    )
    assert items("Samir got engaged yesterday, we're thrilled.", "Events") == []
    assert items("It feels like just yesterday I moved here.", "Events") == []
    assert items("I'd go to the gig tomorrow if I could.", "Events") == []


def test_sentences_do_not_break_after_titles() -> None:
    assert sentences("Rex sees Dr. Okafor on Monday. Then we rest.") == [
        "Rex sees Dr. Okafor on Monday.",
        "Then we rest.",
    ]


# -- third person ------------------------------------------------------------------------


def test_third_person_roles() -> None:
    obs = third_person_facts(
        "Priya Nair is the product owner for Project Falcon.", DAY, ("s", "t1", "")
    )
    got = {(o.subject, o.kind, o.attr, o.text) for o in obs}
    assert ("Priya Nair", "fact", "Role", "product owner for {{Project Falcon|project}}") in got
    assert ("Project Falcon", "keyed", None, "{{Priya Nair|person}} — product owner") in got
    role = third_person_facts("Ana qualified as a midwife in May.", DAY, ("s", "t1", ""))
    assert [(o.subject, o.text) for o in role] == [("Ana", "midwife")]
    assert third_person_facts("Paris is the capital of France.", DAY, ("s", "t1", "")) == []


def _page(path: str, title: str, type_: str, **sections: list[str]) -> WikiPage:
    page = WikiPage(path=path, title=title, type=type_, created=DAY, updated=DAY)
    page.sections = {k.replace("_", " "): v for k, v in sections.items()}
    return page


def test_notes_on_known_subjects() -> None:
    profile = _page(
        "knowledge/people/Maya.md",
        "Maya",
        "profile",
        Current=["- **Girlfriend:** [[Callum]] — since 2026-01-02"],
    )
    callum = _page("knowledge/people/Callum.md", "Callum", "person")
    garden = _page("knowledge/projects/Garden redesign.md", "Garden redesign", "project")
    known = Mentions([profile, callum, garden], profile)

    def notes(text: str) -> list[Observation]:
        return known.notes(text, "Maya", {profile.path}, DAY, ("s", "t1", text))

    role = notes("My girlfriend is a carpenter now.")
    assert next((o.subject, o.kind, o.attr, o.text) for o in role) == (
        "Callum",
        "fact",
        "Role",
        "carpenter",
    )
    lunch = notes("I had lunch with Callum at the harbour.")
    assert [(o.subject, o.section) for o in lunch] == [("Callum", "Notes")]
    assert "{{Maya|person}}: I had lunch with Callum" in lunch[0].text
    assert notes("Thanks, Callum!") == [] and notes("Great work on that, Callum!") == []
    assert notes("Can you help me plan the garden redesign?") == []
    garden_notes = notes("The garden redesign budget is 900 euros, we agreed.")
    assert {o.subject for o in garden_notes} == {"Garden redesign"}
    both = notes("The garden redesign budget is 900 euros, Callum agreed.")
    assert {o.subject for o in both} == {"Garden redesign", "Callum"}


def test_negation_is_read_per_clause() -> None:
    ev = [Ev("My girlfriend is a florist, so our schedules never line up.", "Maya")]
    assert check_claim("**Role:** florist", ev) is None
    assert check_claim("Is not a florist", ev) == "negation differs from the evidence"


def test_a_session_about_a_project_adds_its_later_statements() -> None:
    garden = _page("knowledge/projects/Garden redesign.md", "Garden redesign", "project")
    known = Mentions([garden], None)
    topic = topic_after(None, garden, "Maya", "The garden redesign needs a drainage plan.")

    def later(text: str, speaker: str = "Maya") -> list[str]:
        found = known.topic_note(text, speaker, set(), DAY, ("s", "t3", text), topic)
        return [o.subject for o in found]

    assert later("We went with gravel drainage under the lawn.") == ["Garden redesign"]
    assert later("My sister loves gravel paths.", speaker="Ana") == []  # someone else
    assert later("Anyway, my cousin is in town this week.") == []  # another topic
    assert later("Can you draw the drainage layout?") == []  # a request
