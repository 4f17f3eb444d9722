"""A role a claim gives a person must be theirs, and theirs now: 'Rhea is a nurse' is not
'my sister is a nurse' (another holder), nor 'always wanted to be a nurse' or 'training
to be a plumber' (an aim). Each faithful claim keeps passing beside its changed twin."""

from __future__ import annotations

from tests.test_support_predicates import check


def test_a_role_wanted_is_not_a_role_held() -> None:
    ev = "starting my nursing degree in sept, always wanted to be a nurse since i was little"
    assert check("Rhea has always wanted to be a nurse.", ev, model=True).ok
    for claim in ("Rhea is a nurse.", "Rhea works as a nurse."):
        r = check(claim, ev, model=True)
        assert not r.ok and "modality" in r.reason, claim


def test_training_or_studying_to_be_is_an_aim() -> None:
    ev = "i'm training to be a plumber, second year of the apprenticeship now, knees are wrecked"
    assert check("Rhea is training to be a plumber.", ev, model=True).ok
    r = check("Rhea is a plumber.", ev, model=True)
    assert not r.ok and "modality" in r.reason
    ev = "I'm studying to become a teacher, placement starts in may"
    r = check("Rhea is a teacher.", ev, model=True)
    assert not r.ok and "modality" in r.reason
    # A role held now stays supported.
    assert check("Rhea is a plumber.", "i'm a plumber, been at it 10 years", model=True).ok


def test_a_role_said_of_someone_else_is_not_the_speakers() -> None:
    ev = "my sister is a nurse so she's always on nights"
    r = check("Rhea is a nurse.", ev, model=True)
    assert not r.ok and "my sister" in r.reason and r.words == ("nurse",)
    assert check("Rhea's sister is a nurse.", ev, model=True).ok


def test_a_childs_wish_is_not_a_job() -> None:
    ev = "my youngest wants to be a vet when she grows up, she's obsessed with animals"
    r = check("Rhea's youngest child is a vet.", ev, model=True)
    assert not r.ok and "modality" in r.reason
