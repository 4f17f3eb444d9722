# ruff: noqa: E501  (transcripts are written the way people type, in long lines)
"""The extractive reader on a new user's memory (issue 12, item 4): an occupation
question answered by a job ("forklift driver", not the town he works in), a thing of the
user's world never answered from what the assistant suggested, a family member the user
calls by a more general word ("my kid" for "my daughter"), and a pet that WordNet files
as an animal, not as a pet. Sessions typed in lower case by an unnamed user of a memory
made with `brain init --owner`, captured through the CLI into a real git repo.

The conversations are written for these tests, not taken from any dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.citations import DONT_KNOW
from agent.kinds import job_phrases
from memory_schema import MemoryRepo
from tests.test_agent_messy import run
from validators.lexicon import kind_asked, names_worker, said_for

SESSIONS = {
    "back.md": """---
date: 2026-02-03
title: back pain
---
# back pain

## User
ugh my lower back is wrecked again. been on nights at the depot over in castleford since the autumn, forklift driver, so its 10 hrs of sitting on that seat

## Assistant
That sounds rough. Long hours on a forklift seat can strain the lower back. Some drivers find a lumbar cushion helps, and stretching on breaks.

## User
yeah might try that. the depot is a proper trek from home too, 40 mins each way
""",
    "bakery.md": """---
date: 2026-03-10
title: bakery kit
---
# bakery kit

## User
the bakery finally got a new oven!! a deck oven, the old convection one packed in over xmas and marg was baking in batches for weeks

## Assistant
That's great news! A good deck oven makes a real difference for bread. Something like a Rational iCombi Pro or a Bongard Orion would be popular choices for a small bakery.

## User
marg is made up, she says the crust is way better now
""",
    "kids.md": """---
date: 2026-04-21
title: kids
---
# kids

## User
proud dad moment, my kid's doing nursing at the college now, first year, she loves it

## Assistant
That's wonderful! Nursing is such a rewarding career. How is she finding the placements?

## User
not started placements yet lol. the cat has decided my keyboard is his bed btw so sorry for typos
""",
    "cricket.md": """---
date: 2026-05-20
title: nets
---
# nets

## User
nets with the u13s at the cricket club tonight, pitch was miles better. club finally got a new roller after the old one seized up in feb

## Assistant
That's a big upgrade for a small club! Models like the Dennis Premier or a Stothert & Pitt are common choices for village grounds, and ride-on ones save a lot of time.

## User
the lads didnt notice lol but the groundsman did
""",
    "dogfood.md": """---
date: 2026-06-02
title: dog food
---
# dog food

## User
switched nala onto the grain free stuff from the farm shop now, the old kibble was giving her an itchy tum

## Assistant
Grain-free can help with itchy skin. Brands like Lily's Kitchen or Forthglade are popular, but keep an eye on how she does.
""",
    "gig.md": """---
date: 2026-03-14
title: gig
---
# gig

## User
saw the reytons live at the Brudenell in Leeds last night with gaz, best gig ive been to in years

## Assistant
That sounds like a brilliant night! The Brudenell is a legendary venue.
""",
    "moved.md": """---
date: 2026-07-04
title: moved
---
# moved

## User
we've moved!! got the keys to a little terrace in airedale, boxes everywhere

## Assistant
Congratulations on the move! How does it feel?
""",
}

#: The profile page Dream writes for the move (its Current line cites the turn).
PROFILE = """---
title: Owen
type: profile
aliases: []
tags: []
created: 2026-07-05
updated: 2026-07-05
summary: 'Lives in: airedale'
dream: true
---
# Owen

## Current

- **Lives in:** airedale — since 2026-07-04 [cite:1]

## Citations

- [cite:1] [[{moved}#^t1]] "we've moved!! got the keys to a little terrace in airedale, boxes everywhere"
"""


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("every-evidence")
    root = tmp / "memory"
    for name, text in SESSIONS.items():
        (tmp / name).write_text(text, encoding="utf-8")
    run("init", str(root), "--owner", "Owen")
    run("capture", "session", *(str(tmp / n) for n in SESSIONS), "--memory", str(root))
    moved = next((root / "sessions").rglob("moved*.md")).relative_to(root).with_suffix("")
    with MemoryRepo.open(root).transaction("test: the profile page Dream writes") as tx:
        tx.write("knowledge/people/Owen.md", PROFILE.replace("{moved}", moved.as_posix()))
    return root


def ask(root: Path, question: str) -> dict:
    return json.loads(run("ask", question, "--json", "--no-record", "--memory", str(root)))


def first_line(root: Path, question: str) -> str:
    return ask(root, question)["answer"].split("\n")[0]


@pytest.mark.parametrize(
    "question", ["what does owen do for work?", "what do i do for a living?", "what's my job?"]
)
def test_an_occupation_question_is_answered_by_a_job(memory: Path, question: str):
    # The job is said as a phrase of its own beside the town he works in: a worker's
    # noun by WordNet answers, not "Castleford".
    assert first_line(memory, question).startswith("forklift driver"), question


def test_a_job_is_a_worker_said_of_no_one_else():
    assert names_worker("driver") and names_worker("nurse") and names_worker("accountant")
    for word in ["daughter", "friend", "girl", "kid", "person", "depot", "castleford"]:
        assert not names_worker(word), word
    # A worker's name cut short, which no dictionary lists, is one; a word the dictionary
    # knows is what it says ("night" is no nightwatchman, "plum" no plumber).
    assert names_worker("physio") and names_worker("admin") and names_worker("mech")
    assert not names_worker("night") and not names_worker("plum")
    # A drink, a drug or the cold are WordNet's causal agents like a driver, but no one:
    # "have a beer and chill" names no job. A driver, an operator of a machine, still is.
    for word in ["chill", "beer", "cure", "cigarette"]:
        assert not names_worker(word), word
    assert names_worker("chauffeur") and names_worker("cabby")
    # "still grinding at the pharmacy": the work done, not a worker ("a grind" is a swot;
    # "nursing" is the nurse's work, not a nurse).
    for word in ["grinding", "nursing", "cooking", "teaching"]:
        assert not names_worker(word), word

    def said(text: str) -> list[str]:
        return [text[a:b] for a, b in job_phrases(text)]

    assert said("im a night nurse at st vincents") == ["night nurse"]
    assert said("he works as a senior accountant in leeds") == ["senior accountant"]
    assert said("been the site mech there since 2019") == ["site mech"]
    assert said("gonna be late, wanna grab food?") == []  # chat shorthand, no "wannabe"
    assert said("friday ill just have a beer and a chill") == []
    # Someone the speaker met, or theirs, is no job of the speaker's.
    assert said("the nurse said my bloods were fine") == []
    assert said("called a plumber about the leak") == []
    assert said("went with the driver to the depot") == []
    # "a pool person" says a liking, not a job: "person" itself names no work
    from agent.spans import occupations

    assert [o.text for o in occupations("nah im a pool person, always have been")] == []
    assert [o.text for o in occupations("im a pediatric nurse now")] == ["pediatric nurse"]
    # "the accountant" beside someone the speaker names is who they are, not the speaker
    assert said("ill ask marianne, shes done my taxes for yrs, the accountant on main st") == []


def _by_assistant(answer: dict) -> list[str]:
    """The citations of an answer that quote an assistant's turn."""
    said = [
        part.split("\n\n## User")[0]
        for text in SESSIONS.values()
        for part in text.split("## Assistant\n")[1:]
    ]
    return [c["quote"] for c in answer["citations"] if any(c["quote"][:40] in s for s in said)]


@pytest.mark.parametrize(
    ("question", "suggested"),
    [
        ("which model did the bakery get?", "Rational"),
        ("what brand of food is nala on now?", "Lily"),
        ("which model of roller did the club get?", "Dennis"),
    ],
)
def test_what_the_assistant_suggested_is_no_fact_of_the_user_s_world(
    memory: Path, question: str, suggested: str
):
    # The assistant named example models; the user said what was got. The answer comes
    # from the user's turn, or is declined when only the assistant names one.
    answer = ask(memory, question)
    assert suggested not in answer["answer"], question
    assert _by_assistant(answer) == [], question


def test_a_family_member_said_in_a_more_general_word(memory: Path):
    # "my kid" is a word for what a daughter is (a child, by WordNet), and the kid's
    # "doing nursing at the college" says what is studied in other words.
    assert "doing nursing at the college" in first_line(memory, "what is my daughter studying?")
    # A sister is not a kid: nothing is said of her.
    assert first_line(memory, "what is my sister studying?") == DONT_KNOW
    assert said_for("daughter", "kid") and said_for("wife", "partner")
    assert not said_for("daughter", "sister") and not said_for("daughter", "son")


def test_a_pet_is_an_animal(memory: Path):
    # WordNet files no cat under "pet", only under "animal", what a pet is a kind of.
    assert first_line(memory, "what pet do i have?").startswith("cat")
    assert kind_asked("pet", "cat") and kind_asked("pet", "hamster")
    assert not kind_asked("pet", "keyboard") and not kind_asked("pet", "kid")
    assert not kind_asked("car", "bus")  # a kind WordNet lists kinds of keeps them


def test_an_earlier_value_is_one_of_what_was_asked(memory: Path):
    # The page says where he lives now; a gig "live at the Brudenell in Leeds" says
    # nothing of where he lived, and is no "Earlier:" value.
    answer = ask(memory, "where does owen live these days?")["answer"]
    assert answer.startswith("airedale")
    assert "Earlier: Leeds" not in answer
